"""``--to xlsx``: standings (``tiebreaks``) and crosstables (``convert``) as workbooks, read back.

The workbook tests need the ``xlsx`` extra (XlsxWriter, and a reader: python-calamine or
openpyxl) and skip without it; the refusals (no ``-o``, extra missing) run everywhere.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest
from swiss_edits import cli_run

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SWISS = SAMPLES / "swiss.trf"
TEAM = SAMPLES / "team.trf"
MISSING = "Error: --to xlsx needs the optional extra: pip install 'trfkit[xlsx]'\n"


def needs_extra() -> None:
    pytest.importorskip("xlsxwriter", reason="the xlsx extra (XlsxWriter) is not installed")


def sheet(path: Path) -> tuple[str, list[list[Any]]]:
    """The first sheet's name and rows (:func:`sheet_named`)."""
    with zipfile.ZipFile(path) as archive:
        book = archive.read("xl/workbook.xml").decode()
    first = book.split('<sheet name="', 1)[1].split('"', 1)[0]
    return first, sheet_named(path, first)


def sheet_named(path: Path, name: str) -> list[list[Any]]:
    """The rows of the sheet ``name``, empty cells as None, whichever reader is installed."""
    try:
        import python_calamine
    except ImportError:
        openpyxl = pytest.importorskip("openpyxl", reason="no xlsx reader installed")
        book = openpyxl.load_workbook(path, read_only=True)
        found = [list(row) for row in book[name].iter_rows(values_only=True)]
        book.close()
        return found
    book = python_calamine.CalamineWorkbook.from_path(str(path))
    cells = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
    return [[None if c == "" else c for c in row] for row in cells]


def sheet_xml(path: Path) -> bytes:
    with zipfile.ZipFile(path) as archive:
        return archive.read("xl/worksheets/sheet1.xml")


def renamed(tmp_path: Path, names: dict[int, str]) -> Path:
    doc = json.loads(cli_run("convert", SWISS, "--to", "json").stdout)
    for player in doc["players"]:
        player["name"] = names.get(player["start"], player["name"])
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def assert_numbers(row: list[Any], columns: range | list[int]) -> None:
    for k in columns:
        assert isinstance(row[k], (int, float)) and not isinstance(row[k], bool), (k, row[k])


def test_standings_workbook_holds_numbers_as_numbers(tmp_path: Path) -> None:
    needs_extra()
    target = tmp_path / "standings.xlsx"
    result = cli_run("tiebreaks", SWISS, "--to", "xlsx", "-o", target)
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    name, found = sheet(target)
    assert name == "Standings"
    assert found[0] == ["rank", "start", "name", "federation", "rating", "points"] + [
        "BH/C1",
        "BH",
        "SB",
        "DE",
    ]
    assert found[1] == [1, 2, "Brennan, Liam", "IRL", 2295, 4.5, 12, 14, 12, None]
    assert found[2] == [2, 1, "Moreau, Claire", "FRA", 2310, 4, 12, 13.5, 9.75, None]
    for row in found[1:]:
        assert_numbers(row, [0, 1, 5, 6, 7, 8])
        assert row[4] is None or isinstance(row[4], (int, float))  # an unrated player: empty
        assert isinstance(row[2], str) and isinstance(row[3], str)
    # every value is the one of the JSON standings (undefined = empty cell)
    standings = json.loads(cli_run("tiebreaks", SWISS, "--to", "json").stdout)
    assert len(found) == len(standings["players"]) + 1
    for row, player in zip(found[1:], standings["players"], strict=True):
        assert (row[0], row[1], row[2]) == (player["rank"], player["start"], player["name"])
        assert row[5] == player["values"]["PTS"]
        assert row[6:] == [player["values"][c] for c in standings["tiebreaks"]]


def test_crosstable_workbook_is_the_csv_with_types(tmp_path: Path) -> None:
    needs_extra()
    target = tmp_path / "swiss.xlsx"
    assert cli_run("convert", SWISS, "--to", "xlsx", "-o", target).exit_code == 0
    name, found = sheet(target)
    assert name == "Crosstable"
    assert found[1] == [1, "Moreau, Claire", "FRA", 2310, 99100001, 4, 2] + [
        "6w1",
        "4b=",
        "8w1",
        "2b=",
        "5w1",
    ]
    text = cli_run("convert", SWISS, "--to", "csv").stdout_bytes.decode()
    table = list(csv.reader(io.StringIO(text, newline="")))
    assert found[0] == table[0]
    for got, want in zip(found[1:], table[1:], strict=True):
        assert [str(c) if isinstance(c, str) else c for c in got[7:]] == [
            c or None for c in want[7:]
        ]
        assert [float(c) for c in want[:1] + want[3:7] if c] == [
            float(c) for c in got[:1] + got[3:7] if c is not None
        ]


def test_team_event_workbooks(tmp_path: Path) -> None:
    needs_extra()
    teams, players, crosstable = (tmp_path / f"{n}.xlsx" for n in ("t", "p", "c"))
    assert cli_run("tiebreaks", TEAM, "--to", "xlsx", "-o", teams).exit_code == 0
    assert cli_run("tiebreaks", TEAM, "--players", "--to", "xlsx", "-o", players).exit_code == 0
    assert cli_run("convert", TEAM, "--to", "xlsx", "-o", crosstable).exit_code == 0
    name, found = sheet(teams)
    assert name == "Teams" and found[0][:5] == ["rank", "number", "name", "MP", "GP"]
    assert found[1][:5] == [1, 1, "Albion", 4, 3.5]
    assert found[2][:5] == [2, 2, "Caledonia", 3, 3]
    # its second sheet: the players on points, with their team, as the JSON's "players"
    board = json.loads(cli_run("tiebreaks", TEAM, "--to", "json").stdout)["players"]
    got = sheet_named(teams, "Players")
    assert got[0] == [
        "rank",
        "start",
        "name",
        "federation",
        "rating",
        "points",
        "team",
        "team_name",
    ]
    assert [(r[0], r[1], r[2], r[5], r[6]) for r in got[1:]] == [
        (p["rank"], p["start"], p["name"], p["values"]["PTS"], p["team"]) for p in board
    ]
    assert got[1][:8] == [1, 1, "Adams, Alan", "ENG", 2100, 2.5, 1, "Albion"]
    _, found = sheet(players)
    assert found[0][5:8] == ["points", "team", "team_name"]
    assert [(r[1], r[6], r[7]) for r in found[1:4]] == [
        (8, 4, "Eire"),
        (1, 1, "Albion"),
        (5, 3, "Cymru"),
    ]
    _, found = sheet(crosstable)
    assert [(r[0], r[7], r[8]) for r in found[1:]] == [
        (1, 1, "Albion"),
        (2, 1, "Albion"),
        (3, 2, "Caledonia"),
        (4, 2, "Caledonia"),
        (5, 3, "Cymru"),
        (6, 3, "Cymru"),
        (7, 4, "Eire"),
        (8, 4, "Eire"),
    ]


def test_formula_looking_names_stay_strings(tmp_path: Path) -> None:
    needs_extra()
    names = {1: '=HYPERLINK("http://x.test","y")', 2: "+7", 3: "@SUM(A1)", 4: "-inf"}
    source = renamed(tmp_path, names)
    for command, column in (("convert", 1), ("tiebreaks", 2)):
        guarded, raw = tmp_path / f"{command}.xlsx", tmp_path / f"{command}-raw.xlsx"
        assert cli_run(command, source, "--to", "xlsx", "-o", guarded).exit_code == 0
        assert cli_run(command, source, "--to", "xlsx", "-o", raw, "--raw-csv").exit_code == 0
        got = {r[column] for r in sheet(guarded)[1][1:]}
        assert {"'" + n for n in names.values()} <= got
        got = {r[column] for r in sheet(raw)[1][1:]}
        assert set(names.values()) <= got
        for path in (guarded, raw):
            xml = sheet_xml(path)
            assert b"<f>" not in xml and b"<f " not in xml  # no formula cell anywhere
    # raw: the cells keep Excel's quote prefix, so editing one does not make it a formula
    with zipfile.ZipFile(tmp_path / "convert-raw.xlsx") as archive:
        assert b'quotePrefix="1"' in archive.read("xl/styles.xml")


def test_same_input_same_bytes(tmp_path: Path) -> None:
    needs_extra()
    first, second = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    assert cli_run("tiebreaks", SWISS, "--to", "xlsx", "-o", first).exit_code == 0
    time.sleep(2.1)  # the zip format dates its members to two seconds
    assert cli_run("tiebreaks", SWISS, "--to", "xlsx", "-o", second).exit_code == 0
    assert first.read_bytes() == second.read_bytes()


def test_batch_conversion_to_xlsx(tmp_path: Path) -> None:
    needs_extra()
    out = tmp_path / "out"
    result = cli_run("convert", SAMPLES, "-o", out, "--to", "xlsx")
    assert result.exit_code == 0, result.output
    assert cli_run("convert", SWISS, "--to", "xlsx", "-o", tmp_path / "one.xlsx").exit_code == 0
    assert (out / "swiss.xlsx").read_bytes() == (tmp_path / "one.xlsx").read_bytes()
    assert sheet(out / "team.xlsx")[1][1][7:9] == [1, "Albion"]


@pytest.mark.parametrize("command", ["convert", "tiebreaks"])
@pytest.mark.parametrize("output", [None, "-"])
def test_xlsx_to_stdout_is_refused(command: str, output: str | None) -> None:
    args = [command, SWISS, "--to", "xlsx", *(["-o", output] if output else [])]
    result = cli_run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "-o FILE" in result.stderr


def run_without_xlsxwriter(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``trfkit ARGS`` in a process where XlsxWriter cannot be imported, installed or not."""
    code = (
        "import sys; sys.modules['xlsxwriter'] = None; "
        "from trfkit.cli import main; sys.argv = ['trfkit', *sys.argv[1:]]; main()"
    )
    root = Path(__file__).resolve().parents[2]
    path = os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-c", code, *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": path},
        timeout=120,
    )


def test_missing_extra_is_one_line_exit_2_and_nothing_written(tmp_path: Path) -> None:
    kept = tmp_path / "kept.xlsx"
    kept.write_bytes(b"old")
    for args in (
        ("tiebreaks", SWISS, "--to", "xlsx", "-o", tmp_path / "s.xlsx"),
        ("convert", SWISS, "--to", "xlsx", "-o", tmp_path / "c.xlsx"),
        ("convert", SAMPLES, "--to", "xlsx", "-o", tmp_path / "out"),
        ("tiebreaks", TEAM, "--to", "xlsx", "-o", kept),
    ):
        result = run_without_xlsxwriter(*args, cwd=tmp_path)
        assert (result.returncode, result.stdout, result.stderr) == (2, "", MISSING), args
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.xlsx"]
    assert kept.read_bytes() == b"old"


@pytest.mark.parametrize(
    ("command", "to"), [("tiebreaks", None), ("tiebreaks", "csv"), ("convert", None)]
)
def test_text_into_a_file_named_xlsx_is_refused(tmp_path: Path, command: str, to: str) -> None:
    """``-o standings.xlsx`` without ``--to xlsx`` wrote text Excel calls a corrupt file."""
    target = tmp_path / "standings.XLSX"
    result = cli_run(command, SWISS, *(["--to", to] if to else []), "-o", target)
    assert result.exit_code == 2
    assert result.stderr.endswith("writes text, not a workbook; add --to xlsx\n")
    assert result.stderr.count("\n") == 1
    assert not target.exists()
