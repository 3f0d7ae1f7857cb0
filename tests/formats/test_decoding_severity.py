"""T002 is an info when the code page is sure and a warning on a close call: everything
that shows its severity must say which (statistics by each diagnostic's own severity;
``rules``, ``rule`` and ``docs/rules.md`` naming both)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit.cli import cli

#: One Czech name and no federation: "Kovač" (cp1250) or "Kovaè" (cp1252) - a close call.
CLOSE = (
    "012 Open\n001    1 m    Kovač, Ivan                       2100         4100018 "
    "1980/01/01  0.0    1\n"
).encode("cp1250")
#: Two Russian names with their federation: cp1251 for sure.
SURE = (
    "012 Open\n"
    "001    1 m    Петров, Алексей                   2100 RUS     4100018 1980/01/01  0.0"
    "    1\n"
    "001    2 m    Иванов, Сергей                    2000 RUS     4100019 1981/01/01  0.0"
    "    2\n"
).encode("cp1251")


def folder(tmp_path: Path) -> Path:
    (tmp_path / "close.trf").write_bytes(CLOSE)
    (tmp_path / "sure.trf").write_bytes(SURE)
    return tmp_path


def test_statistics_count_t002_by_its_own_severity(runner: CliRunner, tmp_path: Path) -> None:
    close = runner.invoke(cli, ["check", str(folder(tmp_path) / "close.trf"), "--statistics"])
    assert close.stdout.splitlines()[0] == "1  T002  encoding-guessed                 [warning]"
    both = runner.invoke(cli, ["check", str(tmp_path), "--statistics", "--select", "T0"])
    assert both.stdout.splitlines()[:2] == [
        "1  T002  encoding-guessed                 [warning]",
        "1  T002  encoding-guessed                 [info]",
    ]
    rows = json.loads(
        runner.invoke(
            cli,
            ["check", str(tmp_path), "--statistics", "--select", "T0", "--output-format", "json"],
        ).stdout
    )
    assert rows == [
        {"code": "T002", "name": "encoding-guessed", "severity": "warning", "count": 1},
        {"code": "T002", "name": "encoding-guessed", "severity": "info", "count": 1},
    ]


def test_rules_and_rule_name_both_severities_of_t002(runner: CliRunner) -> None:
    listing = runner.invoke(cli, ["rules"]).stdout.splitlines()
    (t002,) = [line for line in listing if line.startswith("T002")]
    assert t002.startswith("T002  encoding-guessed" + " " * 21 + "info or warning  The input")
    (t001,) = [line for line in listing if line.startswith("T001")]
    assert t001.startswith("T001  undecodable-input" + " " * 20 + "error            The bytes")
    assert runner.invoke(cli, ["rule", "T002"]).stdout.startswith(
        "T002 encoding-guessed (info or warning, emitted by the decode stage)\n"
    )
    data = json.loads(runner.invoke(cli, ["rule", "T002", "--output-format", "json"]).stdout)
    assert (data["severity"], data["raised_severity"]) == ("info", "warning")
    t401 = json.loads(runner.invoke(cli, ["rule", "T401", "--output-format", "json"]).stdout)
    assert (t401["severity"], t401["raised_severity"]) == ("error", None)


def test_docs_rules_md_names_both_severities_of_t002() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text("utf-8")
    assert (
        "| [T002](#t002-encoding-guessed) | encoding-guessed | info or warning | decode |" in text
    )
    assert "Severity **info or warning**, stage decode." in text


@pytest.mark.parametrize(
    "args",
    [
        ["check"],
        ["convert", "--to", "json"],
        ["info"],
        ["tiebreaks", "--tb", "BH"],
        ["explain", "--player", "1", "--tb", "BH"],
        ["playoff"],
        ["check", "--output-format", "github"],
    ],
)
def test_a_close_call_is_shown_by_every_command_by_default(
    runner: CliRunner, tmp_path: Path, args: list[str]
) -> None:
    """Infos are hidden by default, a close call is not: no command lets a reading that
    may be garbled pass without a word."""
    path = folder(tmp_path) / "close.trf"
    result = runner.invoke(cli, [args[0], str(path), *args[1:]])
    said = result.stdout + result.stderr
    message = (
        "the input is not UTF-8; decoded as cp1250; cp1252 also possible: pass "
        "--encoding (confidence 0.57)"
    )
    if "github" in args:
        assert (
            f"::warning title=T002 encoding-guessed,file={path},line=1,col=1,endLine=1::"
            f"{message}" in said
        )
    else:
        assert f"{path}:1:1: T002 {message}" in said
