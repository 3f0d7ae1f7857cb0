"""The walls between the stages, as import-linter checks them ([tool.importlinter] in
pyproject.toml): run for real on this tree, and on a copy with one wall broken."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("importlinter", reason="import-linter (the test extra) is not installed")

ROOT = Path(__file__).resolve().parents[2]

#: Every contract of pyproject.toml, by its name: a contract dropped from the file fails here.
CONTRACTS = (
    "the stages, top to bottom: a module imports only from its own layer or below "
    "(| = independent)",
    "the model (trfkit.model) imports nothing else of trfkit",
    "library code imports neither trfkit.cli nor click",
)


def _lint(root: Path) -> tuple[int, str]:
    """``lint-imports`` on the trfkit package under ``root``, with the contracts of
    ``root/pyproject.toml`` (no cache: nothing is written into the tree)."""
    env = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "500"}
    code = (
        "import sys\nfrom importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True,"
        " no_logo=True))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=300
    )
    return done.returncode, " ".join((done.stdout + done.stderr).split())


def test_every_contract_holds() -> None:
    status, out = _lint(ROOT)
    assert status == 0, out
    for name in CONTRACTS:
        assert f"{name} KEPT" in out, (name, out)
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in out


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        (
            "model/results.py",
            "from .. import diagnostics",
            (0, 1),
        ),  # below its layer, and the model
        ("check_many.py", "from .cli import io", (0, 2)),  # under the CLI, and so under click
        ("render/diagnostics/human.py", "import click", (2,)),
        ("formats/trf/reader.py", "from ...tiebreaks import compute", (0,)),  # a reader computing
        ("validation/rules/scores.py", "from ...tiebreaks.standings import rank", (0,)),  # a rule
        ("tiebreaks/cuts.py", "from ..formats.trf import reader", (0,)),  # tie-breaks reading files
        ("tiebreaks/cuts.py", "from ..validation import driver", (0,)),  # tie-breaks validating
    ],
)
def test_a_wall_broken_in_a_copy_fails(
    tmp_path: Path, module: str, line: str, broken: tuple[int, ...]
) -> None:
    shutil.copytree(ROOT / "trfkit", tmp_path / "trfkit")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "trfkit" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    status, out = _lint(tmp_path)
    assert status == 1, out
    for i, name in enumerate(CONTRACTS):
        assert f"{name} {'BROKEN' if i in broken else 'KEPT'}" in out, (name, out)
    assert f"Contracts: {len(CONTRACTS) - len(broken)} kept, {len(broken)} broken." in out


def test_every_library_module_is_inside_the_walls() -> None:
    """A new top-level module must be placed in the contracts: below the CLI, without click,
    out of the model's reach (else a wall would silently not cover it)."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}
    library = {
        f"trfkit.{p.stem}"
        for p in (ROOT / "trfkit").iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()
    }
    library -= {"trfkit.cli", "trfkit.__main__"}
    assert set(contracts["no-click"]["source_modules"]) == library
    layered = {
        m.strip().split(".")[1]
        for layer in contracts["stages"]["layers"]
        for m in layer.replace("|", ":").split(":")
    }
    assert {f"trfkit.{m}" for m in layered} == library | {"trfkit.cli", "trfkit.__main__"}
    assert set(contracts["model"]["forbidden_modules"]) == (
        library | {"trfkit.cli", "trfkit.__main__"}
    ) - {"trfkit.model"}
