"""The GitHub Action (``action.yml``): its inputs, and its shell steps run under bash the
way a runner runs them (``bash --noprofile --norc -eo pipefail``), with the ``GITHUB_*``
files in a temporary directory and the ``${{ ... }}`` expressions filled in as GitHub
fills them.

PyYAML is no dependency of trfkit: the file is read by :func:`steps`, which knows the
shapes this one file uses (and the YAML is also loaded by PyYAML when it is installed).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, SAMPLES
from tests.library.test_fixing import HEAD, player, trf

ACTION = ROOT / "action.yml"
BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(BASH is None, reason="bash is not installed")
EXPRESSION = re.compile(r"\$\{\{\s*([\w.-]+)\s*\}\}")


def steps(text: str) -> list[dict[str, object]]:
    """Each step of ``runs.steps``: its ``name``, ``id``, ``if``, ``uses``, ``env`` (a dict),
    ``with`` (a dict) and ``run`` (the block's text, dedented)."""
    body = text.split("\n  steps:\n", 1)[1]
    out: list[dict[str, object]] = []
    block: str | None = None
    for line in body.splitlines():
        if line.startswith("    - "):
            out.append({"env": {}, "with": {}})
            line = "      " + line[6:]
            block = None
        step = out[-1]
        if block == "run" and (line.startswith("        ") or not line.strip()):
            step["run"] = str(step.get("run", "")) + line[8:] + "\n"
            continue
        if line.startswith("        ") and block in ("env", "with"):
            key, _, value = line.strip().partition(": ")
            step[block][key] = value  # type: ignore[index]
            continue
        key, _, value = line.strip().partition(":")
        value = value.strip()
        block = key if value in ("", "|") else None
        if value not in ("", "|"):
            step[key] = value
    return out


def inputs(text: str) -> dict[str, str]:
    """Each input's default, as written."""
    part = text.split("\ninputs:\n", 1)[1].split("\noutputs:\n", 1)[0]
    return dict(re.findall(r"^  ([\w-]+):\n(?:    .*\n)*?    default: (.*)$", part, re.M))


def fill(value: str, context: dict[str, str]) -> str:
    """``${{ name }}`` replaced by ``context[name]`` (as GitHub does; unknown names fail)."""
    return EXPRESSION.sub(lambda m: context[m.group(1)], value).strip('"')


TEXT = ACTION.read_text(encoding="utf-8")
STEPS = steps(TEXT)


def run_step(
    name: str, context: dict[str, str], tmp: Path, path: str
) -> subprocess.CompletedProcess[str]:
    """Run the ``run:`` script of step ``name`` as a runner does, in ``tmp``."""
    step = next(s for s in STEPS if s.get("name") == name)
    env = {k: fill(v, context) for k, v in step["env"].items()}  # type: ignore[union-attr]
    env.update(
        PATH=path,
        PYTHONPATH=str(ROOT),
        HOME=str(tmp),
        RUNNER_TEMP=str(tmp / "runner"),
        GITHUB_ACTION_PATH=str(ROOT),
        GITHUB_OUTPUT=str(tmp / "output"),
        GITHUB_STEP_SUMMARY=str(tmp / "summary.md"),
        GITHUB_PATH=str(tmp / "path"),
    )
    (tmp / "runner").mkdir(exist_ok=True)
    script = tmp / "step.sh"
    script.write_text(str(step["run"]), encoding="utf-8")
    return subprocess.run(
        [str(BASH), "--noprofile", "--norc", "-eo", "pipefail", str(script)],
        cwd=tmp / "work",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def context(**inputs_: str) -> dict[str, str]:
    values = {"paths": ".", "args": "", "version": "v0.1.0", "sarif": "false", **inputs_}
    out = {f"inputs.{k}": v for k, v in values.items()}
    out.update(
        {
            "github.action_ref": "v0.1.0",
            "github.action_repository": "your-org/trfkit",
            "github.server_url": "https://github.com",
        }
    )
    return out


def executable(directory: Path, name: str, body: str) -> None:
    path = directory / name
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(0o755)


@pytest.fixture
def work(tmp_path: Path) -> Path:
    (tmp_path / "work" / "reports").mkdir(parents=True)
    (tmp_path / "bin").mkdir()
    executable(tmp_path / "bin", "trfkit", f'exec "{sys.executable}" -m trfkit "$@"\n')
    return tmp_path


def test_inputs_and_steps() -> None:
    assert inputs(TEXT) == {
        "paths": '"."',
        "args": '""',
        "version": "${{ github.action_ref }}",
        "sarif": '"false"',
    }
    assert "using: composite" in TEXT
    assert [s.get("name") for s in STEPS] == [
        "Install trfkit",
        "Check",
        "Upload SARIF",
        "Exit status",
    ]
    upload = STEPS[2]
    assert upload["uses"] == "github/codeql-action/upload-sarif@v3"
    assert upload["if"] == "inputs.sarif == 'true'"
    assert upload["with"] == {
        "sarif_file": "${{ steps.check.outputs.sarif-file }}",
        "category": "trfkit",
    }


def test_the_yaml_loads() -> None:
    yaml = pytest.importorskip("yaml")
    action = yaml.safe_load(TEXT)
    assert set(action["inputs"]) == {"paths", "args", "version", "sarif"}
    assert action["runs"]["using"] == "composite"
    assert [s["name"] for s in action["runs"]["steps"]] == [s["name"] for s in STEPS]
    assert [s.get("run") for s in action["runs"]["steps"]] == [s.get("run") for s in STEPS]


@pytest.mark.parametrize(
    ("version", "source"),
    [
        ("v0.1.0", str(ROOT)),  # the action's own ref: its checkout
        ("", str(ROOT)),
        ("main", "git+https://github.com/your-org/trfkit@main"),
    ],
)
def test_install_takes_the_actions_own_repository(work: Path, version: str, source: str) -> None:
    # a python3 whose venv's python only records what pip was asked to install
    log = work / "pip.log"
    executable(
        work / "bin",
        "python3",
        'mkdir -p "$3/bin"\n'
        f'printf \'#!/bin/sh\\necho "$@" >> {log}\\n\' > "$3/bin/python"\n'
        'chmod +x "$3/bin/python"\n',
    )
    done = run_step(
        "Install trfkit", context(version=version), work, f"{work / 'bin'}:/usr/bin:/bin"
    )
    assert done.returncode == 0, done.stderr
    venv = work / "runner" / "trfkit-venv"
    assert log.read_text() == f"-m pip install --quiet --disable-pip-version-check {source}\n"
    assert (work / "path").read_text() == f"{venv}/bin\n"


def test_check_annotates_summarises_and_writes_sarif(work: Path) -> None:
    (work / "work" / "reports" / "bad.trf").write_bytes(
        trf(*HEAD, player(1), player(2, points="2.0"), player(3), player(4))
    )
    shutil.copy(SAMPLES / "swiss.trf", work / "work" / "reports" / "swiss.trf")
    path = f"{work / 'bin'}:{os.environ['PATH']}"
    done = run_step("Check", context(paths="reports", sarif="true"), work, path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "::error title=T401 points-mismatch,file=reports/bad.trf,line=7,col=81,endLine=7,"
        "endColumn=84::player 2 declares 2.0 points but the results give 1.5 (win 1, draw "
        "0.5, loss 0 (default))\n"
    )
    sarif = work / "runner" / "trfkit.sarif"
    assert (work / "output").read_text() == f"sarif-file={sarif}\nexit-code=1\n"
    assert (work / "summary.md").read_text() == (
        "### trfkit check\n\n"
        "Found 1 problem (1 error) in 2 files. 2 infos hidden (-v shows them).\n\n"
        "| code | name | severity | count |\n"
        "|---|---|---|---:|\n"
        "| T401 | points-mismatch | error | 1 |\n"
    )
    results = json.loads(sarif.read_text())["runs"][0]["results"]
    assert sorted(r["ruleId"] for r in results) == ["T401", "T403", "T403"]  # and the infos
    ended = run_step("Exit status", {"steps.check.outputs.exit-code": "1"}, work, path)
    assert ended.returncode == 1


def test_a_clean_check_passes_without_sarif(work: Path) -> None:
    shutil.copy(SAMPLES / "swiss.trf", work / "work" / "reports" / "swiss.trf")
    path = f"{work / 'bin'}:{os.environ['PATH']}"
    done = run_step("Check", context(args="--ignore T403"), work, path)
    assert (done.returncode, done.stdout) == (0, "")
    assert (work / "output").read_text() == "exit-code=0\n"
    assert (work / "summary.md").read_text() == "### trfkit check\n\nNo problems found in 1 file.\n"
    assert not (work / "runner" / "trfkit.sarif").exists()
    ended = run_step("Exit status", {"steps.check.outputs.exit-code": "0"}, work, path)
    assert ended.returncode == 0


def test_the_readme_snippets_name_what_exists() -> None:
    from trfkit import __version__

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tag = f"v{__version__}"
    action = readme.split("      - uses: <your-org>/trfkit@", 1)[1]
    ref, _, rest = action.partition("\n")
    assert ref == tag
    given = re.findall(r"^          ([\w-]+):", rest.split("```", 1)[0], re.M)
    assert given and set(given) <= set(inputs(TEXT))
    hooks = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    snippet = readme.split("# .pre-commit-config.yaml\n", 1)[1].split("```", 1)[0]
    assert f"    rev: {tag}\n" in snippet
    named = re.findall(r"- id: ([\w-]+)", snippet)
    assert named == ["trfkit-fix", "trfkit-check"]
    assert all(f"- id: {hook}\n" in hooks for hook in named)
    assert f'git+https://github.com/<your-org>/trfkit@{tag}"' in readme
    assert "pip install trfkit\n" not in readme  # trfkit is not on PyPI
