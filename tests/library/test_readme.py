"""The README's set-up commands are the ones CI runs, and its examples use real samples."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _setup_commands() -> list[str]:
    section = README.split("## Set-up on a fresh machine", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_two_setup_commands_and_ci_runs_the_test_one() -> None:
    install, test = _setup_commands()
    assert install.startswith("python3 -m pip install . && trfkit ")
    assert "pytest" in test
    ci = (ROOT / ".ci/run").read_text(encoding="utf-8")
    assert test in ci.splitlines()
    assert (ROOT / ".ci/run").stat().st_mode & 0o111, ".ci/run must be executable"


def test_sample_paths_named_in_the_readme_exist() -> None:
    named = set(re.findall(r"samples/[\w.-]+\.trf", README))
    assert "samples/swiss.trf" in named
    for path in named:
        assert (ROOT / path).is_file(), path


def test_sections_for_the_other_commands_are_there() -> None:
    for title in ("## Check", "## Tie-breaks", "## Play-off", "## Benchmarks"):
        assert f"\n{title}\n" in README


def test_python_example_runs(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    section = README.split("### From Python", 1)[1]
    block = re.findall(r"```python\n(.+?)\n```", section, flags=re.DOTALL)[0]
    monkeypatch.chdir(ROOT)
    namespace: dict[str, object] = {}
    exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102 - our own README
    doc = namespace["doc"]
    assert doc.tournament.players[0].name == "Moreau, Claire"  # type: ignore[attr-defined]


def test_info_example_matches_the_command(runner, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from trfkit.cli import cli

    shown = README.split("$ trfkit info samples/swiss.trf\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    assert runner.invoke(cli, ["info", "samples/swiss.trf"]).stdout == shown


def test_encoding_examples_match_the_command(runner, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The two detected-encoding examples of ``info``, on the files the README describes:
    the stderr line and the encoding line are what trfkit prints."""
    from swiss_edits import russian_swiss

    from trfkit.cli import cli

    (tmp_path / "moscow.trf").write_bytes(russian_swiss().encode("cp1251"))
    (tmp_path / "one-czech-name.trf").write_bytes(
        "001    1 m    Kovač, Ivan                       2100         4100018 1980/01/01  0.0"
        "    1\n".encode("cp1250")
    )
    monkeypatch.chdir(tmp_path)
    for name in ("moscow.trf", "one-czech-name.trf"):
        shown = README.split(f"$ trfkit info {name}\n", 1)[1].split("\n$ ", 1)[0]
        shown = shown.split("```", 1)[0].splitlines()
        assert shown[1] == "..."
        result = runner.invoke(cli, ["info", name])
        assert result.stderr.splitlines() == shown[:1]
        assert shown[2] in result.stdout.splitlines()


def test_show_settings_example_matches_the_command(runner, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The ``--show-settings`` example, from the configuration it describes: every key the
    command prints (``profile`` was added after the example was written)."""
    from trfkit.cli import cli

    (tmp_path / "trfkit.toml").write_text(
        'select = ["T"]\nfail-on = "warning"\n\n[per-file-ignores]\n"archive/2019/*.trf" = ["T505"]\n',
        encoding="utf-8",
    )
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "a.trf").write_bytes((ROOT / "samples" / "swiss.trf").read_bytes())
    monkeypatch.chdir(tmp_path)
    command = "trfkit check reports/ --show-settings --ignore T308"
    shown = README.split(f"$ {command}\n", 1)[1].split("```", 1)[0]
    assert runner.invoke(cli, command.split()[1:]).stdout == shown


def test_profile_example_matches_the_command(runner, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from trfkit.cli import cli

    command = "trfkit check tests/data/rules/T703-platform-in-header.trf --profile fide-rating"
    shown = README.split(f"$ {command}\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(ROOT)
    result = runner.invoke(cli, command.split()[1:])
    assert result.stdout + result.stderr == shown
