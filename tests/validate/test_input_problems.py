"""One definition of "the input has error-level problems" for every command (issue 15), and
standings that never list a participant twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit import load
from trfkit.cli import cli
from trfkit.tiebreaks import compute

ROOT = Path(__file__).resolve().parents[2]
SWISS = (ROOT / "samples" / "swiss.trf").read_text()
PLAYER_1 = next(line for line in SWISS.splitlines() if line.startswith("001    1"))


def _asymmetric() -> str:
    """Player 1 lists 7 in round 1 (7 plays 2); the reader is happy, check is not (T302)."""
    changed = PLAYER_1[:91] + "   7" + PLAYER_1[95:]
    return SWISS.replace(PLAYER_1, changed, 1)


COMMANDS = [
    ("tiebreaks",),
    ("tiebreaks", "--to", "json"),
    ("tiebreaks", "--to", "csv"),
    ("explain", "--player", "4", "--tb", "BH"),
    ("playoff",),
    ("info",),
    ("info", "--to", "json"),
    ("convert", "--to", "json"),
]


#: The first and last lines each text output of the event has (JSON: all ten players).
WHOLE = {
    ("tiebreaks",): (
        "Standings after round 5 of 5 - rules fide-2009: FIDE tie-break rules "
        "before 2023 (virtual opponent, 2009 SPP decision)",
        "10  10  Silva, Bruno       POR        1.5      9  10.5    2.5   -",
    ),
    ("tiebreaks", "--to", "csv"): (
        "rank,start,name,federation,rating,points,BH/C1,BH,SB,DE",
        '10,10,"Silva, Bruno",POR,,1.5,9,10.5,2.5,',
    ),
    ("explain", "--player", "4", "--tb", "BH"): (
        "BH of #4 Lindqvist, Astrid under fide-2009",
        "  total: 14.5",
    ),
    ("playoff",): (
        "PLAY-OFF FOR FIRST PLACE",
        "  - Standings after round 5 of 5 computed by trfkit under fide-2009; "
        "tie-breaks after points: BH/C1, BH, SB, DE.",
    ),
    ("info",): ("file:     {path}", "problems: 2 error(s), 0 warning(s), 1 info"),
}


@pytest.mark.parametrize("args", COMMANDS)
def test_every_command_exits_1_on_a_file_check_rejects(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    path = tmp_path / "event.trf"
    path.write_text(_asymmetric())
    runner = CliRunner()
    checked = runner.invoke(cli, ["check", str(path)])
    assert checked.exit_code == 1 and "T302" in checked.stdout
    result = runner.invoke(cli, [args[0], str(path), *args[1:]])
    assert result.exit_code == 1, result.stderr
    assert "T302" in result.stderr  # the reason is printed, at the line check names
    # the output is still written, whole
    if "json" in args:  # all ten players (info gives their number)
        players = json.loads(result.stdout)["players"]
        assert (players if isinstance(players, int) else len(players)) == 10
    else:
        lines = result.stdout.splitlines()
        first, last = WHOLE[args]
        assert (lines[0], lines[-1]) == (first.format(path=path), last), result.stdout[-300:]


@pytest.mark.parametrize("args", COMMANDS)
def test_a_clean_file_still_exits_0(args: tuple[str, ...]) -> None:
    result = CliRunner().invoke(cli, [args[0], str(ROOT / "samples" / "roundrobin.trf"), *args[1:]])
    assert result.exit_code == 0, result.stderr


def test_info_counts_what_check_finds(tmp_path: Path) -> None:
    path = tmp_path / "event.trf"
    path.write_text(_asymmetric())
    data = json.loads(CliRunner().invoke(cli, ["info", str(path), "--to", "json"]).stdout)
    checked = json.loads(
        CliRunner().invoke(cli, ["check", str(path), "--output-format", "json"]).stdout
    )
    assert data["diagnostics"]["error"] == checked["summary"]["errors"] == 2  # 1->7 and 7->2


def _repeated(start: int) -> str:
    """A second 001 record with start number ``start`` (player 8's results, 1's number)."""
    lines = SWISS.splitlines()
    eight = next(line for line in lines if line.startswith("001    8"))
    return "\n".join([*lines, eight[:4] + f"{start:4d}" + eight[8:]]) + "\n"


@pytest.mark.parametrize("start", [1, 8])
def test_a_repeated_start_number_is_listed_once(tmp_path: Path, start: int) -> None:
    path = tmp_path / "event.trf"
    path.write_text(_repeated(start))
    result = CliRunner().invoke(cli, ["tiebreaks", str(path), "--to", "json"])
    starts = [p["start"] for p in json.loads(result.stdout)["players"]]
    assert sorted(starts) == list(range(1, 11))
    assert result.exit_code == 1 and "T305" in result.stderr and "T510" in result.stderr
    # the first record is the one kept: player 1 keeps her 4 points
    rows = compute(load(str(path)).tournament, ["BH"]).by_start()
    assert rows[1].name == "Moreau, Claire" and rows[1].points == 4.0
    assert len(compute(load(str(path)).tournament, ["BH"]).rows) == 10


def test_a_batch_conversion_exits_1_on_a_file_check_rejects(tmp_path: Path) -> None:
    tree = tmp_path / "in"
    tree.mkdir()
    (tree / "bad.trf").write_text(_asymmetric())
    (tree / "good.trf").write_text((ROOT / "samples" / "roundrobin.trf").read_text())
    result = CliRunner().invoke(
        cli, ["convert", str(tree), "-o", str(tmp_path / "out"), "--to", "json", "-j", "1"]
    )
    assert result.exit_code == 1 and "T302" in result.stderr
    assert (tmp_path / "out" / "bad.json").is_file() and (tmp_path / "out" / "good.json").is_file()
