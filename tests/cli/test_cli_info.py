"""``trfkit info``: the summary of each bundled sample, as text and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from swiss_edits import SWISS, cli_run

from trfkit.cli import cli

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def info_json(runner: CliRunner, *args: str, **kwargs: object) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(cli, ["info", *args, "--to", "json"], **kwargs)  # type: ignore[arg-type]
    assert result.exit_code == 0, result.output
    data: dict = json.loads(result.stdout)  # type: ignore[type-arg]
    return data


@pytest.mark.parametrize(
    ("name", "facts"),
    [
        (
            "swiss.trf",
            {
                "name": "trfkit Spring Open 2024",
                "players": 10,
                "rounds": 5,
                "teams": 0,
                "start_date": "2024-03-02",
                "end_date": "2024-03-04",
                "edition": "trf16",
                "newline": "lf",
                "type": "Individual: Swiss-System",
            },
        ),
        (
            "roundrobin.trf",
            {"players": 6, "rounds": 5, "newline": "crlf", "type": "Individual: Round-Robin"},
        ),
        ("team.trf", {"players": 8, "rounds": 3, "teams": 4, "type": "Team Round-Robin"}),
        (
            "trf26.trf",
            {"players": 6, "rounds": 3, "edition": "trf26", "type_code": "FIDE_DUTCH_2025"},
        ),
        (
            "cp1252.trf",
            {
                "name": "trfkit Café Échecs Invitational",
                "city": "Zürich",
                "encoding": "cp1252",
                "players": 4,
            },
        ),
    ],
)
def test_sample_facts(runner: CliRunner, name: str, facts: dict) -> None:  # type: ignore[type-arg]
    data = info_json(runner, str(SAMPLES / name))
    assert {k: data[k] for k in facts} == facts
    assert data["read_as"] == data["format"] == "trf"
    assert data["diagnostics"]["error"] == 0


def test_text_summary(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["info", str(SAMPLES / "team.trf")])
    assert result.exit_code == 0
    lines = dict(line.split(":", 1) for line in result.stdout.splitlines())
    assert lines["name"].strip() == "trfkit Four Nations Team Cup 2024"
    assert lines["place"].strip() == "Belfast IRL"
    assert lines["dates"].strip() == "2024-09-14 .. 2024-09-15"
    assert lines["players"].strip() == "8"
    assert lines["rounds"].strip() == "3 (3 with results)"
    assert lines["teams"].strip() == "4"
    assert lines["encoding"].strip() == "ascii, LF line endings"
    # what check finds: T403, no scoring system declared (issue 15: one count for all commands)
    assert lines["problems"].strip() == "0 error(s), 0 warning(s), 1 info"


def test_guessed_encoding_is_reported_on_stderr(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["info", str(SAMPLES / "cp1252.trf")])
    assert result.exit_code == 0
    assert f"{SAMPLES / 'cp1252.trf'}:1:1: T002 " in result.stderr
    assert "encoding: cp1252 (detected, confidence 1.00), CRLF line endings" in result.stdout


def test_encoding_override(runner: CliRunner) -> None:
    data = info_json(runner, str(SAMPLES / "cp1252.trf"), "--encoding", "latin-1")
    assert data["city"] == "Zürich"


def test_stdin_and_json_input(runner: CliRunner) -> None:
    data = info_json(runner, "-", input=(SAMPLES / "swiss.trf").read_bytes())
    assert (data["file"], data["players"]) == ("<stdin>", 10)
    as_json = runner.invoke(cli, ["convert", str(SAMPLES / "trf26.trf"), "--to", "json"])
    data = info_json(runner, "-", input=as_json.stdout_bytes)
    assert (data["read_as"], data["format"], data["edition"]) == ("json", "trf", "trf26")
    assert data["players"] == 6


def test_errors_exit_1_and_missing_file_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    empty = tmp_path / "empty.trf"
    empty.write_bytes(b"")
    result = runner.invoke(cli, ["info", str(empty)])
    assert result.exit_code == 1
    assert "T005" in result.stderr
    assert "problems: 1 error(s)" in result.stdout
    missing = runner.invoke(cli, ["info", str(tmp_path / "nope.trf")])
    assert missing.exit_code == 2
    assert "Traceback" not in missing.output


def test_version_and_help(runner: CliRunner) -> None:
    from trfkit import __version__

    assert runner.invoke(cli, ["--version"]).stdout == f"trfkit, version {__version__}\n"
    helptext = runner.invoke(cli, ["convert", "--help"]).stdout
    for option in ("--from", "--to", "--encoding", "--newline", "--raw-csv", "-o, --output"):
        assert option in helptext


def test_info_and_version() -> None:
    info = cli_run("info", SWISS, "--to", "json")
    assert info.exit_code == 0
    facts = json.loads(info.stdout)
    assert (
        facts["name"],
        facts["players"],
        facts["rounds"],
        facts["teams"],
        facts["encoding"],
        facts["edition"],
    ) == ("trfkit Spring Open 2024", 10, 5, 0, "ascii", "trf16")
    assert cli_run("--version").stdout.startswith("trfkit, version ")
