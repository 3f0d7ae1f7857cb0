"""Control characters from a file are shown escaped in every text output, never obeyed
(issue 15): escape sequences, BEL, backspace, bidi overrides, and newlines that would
forge output lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit.cli import cli
from trfkit.terminal import CONTROLS, escape_controls

ROOT = Path(__file__).resolve().parents[2]
SWISS = (ROOT / "samples" / "swiss.trf").read_text()
EVIL = "\x1b]8;;http://x\x07\x1b[2J\x08\u202eMallory"  # 27 of the 33 name columns


def test_escape_controls_writes_escapes_like_ls() -> None:
    assert escape_controls("Moreau, Claire") == "Moreau, Claire"
    assert (
        escape_controls("a\x1b[31mb\nc\rd\te\x07\x7f\x9b\u202e\u2066")
        == "a\\x1b[31mb\\nc\\rd\\te\\x07\\x7f\\x9b\\u202e\\u2066"
    )
    assert escape_controls("already \\x1b") == "already \\x1b"  # idempotent
    assert escape_controls("Ünal, Çağrı") == "Ünal, Çağrı"


def _evil_file(tmp_path: Path) -> Path:
    line = next(x for x in SWISS.splitlines() if x.startswith("001    4"))
    evil = (line[:14] + EVIL.ljust(33) + line[47:]).replace("  3.0    3", "  9.0    3")  # T401
    text = SWISS.replace(line, evil, 1).replace(
        "012 trfkit Spring Open 2024", "012 Open\x1b[8m hidden\x07", 1
    )
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "args",
    [
        ("info",),
        ("tiebreaks",),
        ("tiebreaks", "--tb", "SB"),
        ("explain", "--player", "2", "--tb", "BH"),
        ("explain", "--player", "4", "--tb", "BH"),
        ("check", "--output-format", "full", "--select", "T1,T4,T5"),
        ("playoff", "--tb", "PS"),
    ],
)
def test_text_outputs_show_control_characters_escaped(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    path = _evil_file(tmp_path)
    result = CliRunner().invoke(cli, [args[0], str(path), *args[1:]])
    both = result.stdout + (result.stderr or "")
    assert CONTROLS.search(both.replace("\n", "")) is None, repr(both[:500])
    assert "\\x1b" in both or "Mallory" not in both  # shown, as an escape


def test_the_name_is_shown_escaped_in_the_standings(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["tiebreaks", str(_evil_file(tmp_path))]).stdout
    row = next(line for line in out.splitlines() if "Mallory" in line)
    assert "\\x1b]8;;http://x\\x07\\x1b[2J\\x08\\u202eMallory" in row
    assert len(out.splitlines()) == 13  # title, blank, head, ten players


def test_json_keeps_the_name_and_escapes_it_as_json_does(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["tiebreaks", str(_evil_file(tmp_path)), "--to", "json"])
    assert "\x1b" not in out.stdout and "\\u001b" in out.stdout
    names = [p["name"] for p in json.loads(out.stdout)["players"]]
    assert EVIL in names


def test_a_newline_in_a_name_or_file_name_forges_no_line(tmp_path: Path) -> None:
    runner = CliRunner()
    data = json.loads(
        runner.invoke(cli, ["convert", str(ROOT / "samples/swiss.trf"), "--to", "json"]).stdout
    )
    forged = "Eve\nevent.trf:1:1: T999 forged line"
    data["players"][0]["name"] = forged
    data["players"][0]["rank"] = 7  # T505 quotes the name in its message
    path = tmp_path / "odd\nname.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(cli, ["tiebreaks", str(path)])
    assert "T999 forged" not in "".join(
        line for line in (result.stderr or "").splitlines() if line.startswith("event.trf")
    )
    assert all(
        line.startswith(str(path).replace("\n", "\\n")) or not line.startswith("event")
        for line in result.stderr.splitlines()
    )
    assert "Eve\\nevent.trf:1:1: T999 forged line" in result.stdout
    assert not any(line.startswith("event.trf:1:1") for line in result.stdout.splitlines())
    checked = runner.invoke(cli, ["check", str(path)])
    assert not any(
        line.startswith(("event.trf", "name.json")) for line in checked.stdout.splitlines()
    )


def test_check_full_quotes_the_line_escaped(tmp_path: Path) -> None:
    out = (
        CliRunner()
        .invoke(
            cli, ["check", str(_evil_file(tmp_path)), "--output-format", "full", "--select", "T401"]
        )
        .stdout
    )
    quoted = next(line for line in out.splitlines() if line.startswith(" 16 | 001    4"))
    assert "\\x1b]8;;http://x\\x07\\x1b[2J\\x08\\u202eMallory" in quoted
