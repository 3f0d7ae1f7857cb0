"""CSV for Excel: ``--bom``, ``--delimiter`` and the team columns, on every command writing CSV."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from swiss_edits import cli_run, russian_swiss

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SWISS = SAMPLES / "swiss.trf"
TEAM = SAMPLES / "team.trf"
BOM = b"\xef\xbb\xbf"


def renamed(tmp_path: Path, names: dict[int, str]) -> Path:
    """samples/swiss.trf as trfkit JSON with the players ``names`` gives renamed (JSON: a
    name may hold a tab, which a TRF line cannot)."""
    doc = json.loads(cli_run("convert", SWISS, "--to", "json").stdout)
    for player in doc["players"]:
        player["name"] = names.get(player["start"], player["name"])
    path = tmp_path / "renamed.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return path


def rows(data: bytes, delimiter: str = ",") -> list[list[str]]:
    text = data.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))


@pytest.mark.parametrize(
    "args",
    [
        ("convert", SWISS, "--to", "csv"),
        ("tiebreaks", SWISS, "--to", "csv"),
        ("tiebreaks", TEAM, "--to", "csv"),
        ("tiebreaks", TEAM, "--to", "csv", "--players"),
    ],
)
def test_bom_starts_the_output_once_and_only_when_asked(args: tuple[object, ...]) -> None:
    plain = cli_run(*args)
    marked = cli_run(*args, "--bom")
    assert plain.exit_code == marked.exit_code == 0, marked.output
    assert not plain.stdout_bytes.startswith(BOM)
    assert marked.stdout_bytes == BOM + plain.stdout_bytes
    assert marked.stdout_bytes.count(BOM) == 1


def test_semicolon_splits_the_rows_excel_style() -> None:
    result = cli_run("convert", SWISS, "--to", "csv", "--delimiter", ";")
    assert result.exit_code == 0, result.output
    lines = result.stdout_bytes.decode().split("\r\n")
    # a comma inside a name is no separator any more: no quotes needed
    assert lines[1] == "1;Moreau, Claire;FRA;2310;99100001;4.0;2;6w1;4b=;8w1;2b=;5w1"
    assert rows(result.stdout_bytes, ";")[2] == [
        "2",
        "Brennan, Liam",
        "IRL",
        "2295",
        "99100002",
        "4.5",
        "1",
        "7b1",
        "5w1",
        "3b1",
        "1w=",
        "4b1",
    ]


def test_standings_with_semicolons_and_the_comma_default() -> None:
    semi = cli_run("tiebreaks", SWISS, "--to", "csv", "--delimiter", ";")
    comma = cli_run("tiebreaks", SWISS, "--to", "csv", "--delimiter", ",")
    default = cli_run("tiebreaks", SWISS, "--to", "csv")
    assert comma.stdout == default.stdout
    assert semi.stdout.split("\n")[:3] == [
        "rank;start;name;federation;rating;points;BH/C1;BH;SB;DE",
        "1;2;Brennan, Liam;IRL;2295;4.5;12;14;12;",
        "2;1;Moreau, Claire;FRA;2310;4;12;13.5;9.75;",
    ]


@pytest.mark.parametrize("spelling", ["tab", "TAB", "\\t", "\t"])
def test_tab_delimiter(spelling: str) -> None:
    result = cli_run("convert", SWISS, "--to", "csv", "--delimiter", spelling)
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes.decode().split("\r\n")[1].split("\t")[:3] == [
        "1",
        "Moreau, Claire",
        "FRA",
    ]


def test_a_name_holding_the_delimiter_is_quoted(tmp_path: Path) -> None:
    path = renamed(tmp_path, {1: "Moreau; Claire", 2: 'Brennan "Li" Liam', 3: "Tab\there"})
    semi = cli_run("convert", path, "--to", "csv", "--delimiter", ";")
    lines = semi.stdout_bytes.decode().split("\r\n")
    assert lines[1].startswith('1;"Moreau; Claire";FRA;')
    assert lines[2].startswith('2;"Brennan ""Li"" Liam";IRL;')
    assert lines[3].startswith("3;Tab\there;POL;")  # a tab is no separator here
    tab = cli_run("convert", path, "--to", "csv", "--delimiter", "tab")
    assert tab.stdout_bytes.decode().split("\r\n")[3].startswith('3\t"Tab\there"\tPOL\t')
    # read back: every row keeps its 12 cells, the names whole
    for data, sep in ((semi.stdout_bytes, ";"), (tab.stdout_bytes, "\t")):
        table = rows(data, sep)
        assert {len(r) for r in table} == {12}
        assert [r[1] for r in table[1:4]] == ["Moreau; Claire", 'Brennan "Li" Liam', "Tab\there"]


def test_formula_guard_with_every_delimiter(tmp_path: Path) -> None:
    path = renamed(tmp_path, {1: "=1+2;x", 2: "@SUM(A1)", 3: "-inf"})
    for sep, name in ((",", ","), (";", ";"), ("\t", "tab")):
        for command in ("convert", "tiebreaks"):
            guarded = rows(
                cli_run(command, path, "--to", "csv", "--delimiter", name).stdout_bytes, sep
            )
            raw = rows(
                cli_run(
                    command, path, "--to", "csv", "--delimiter", name, "--raw-csv"
                ).stdout_bytes,
                sep,
            )
            column = 1 if command == "convert" else 2
            assert {r[column] for r in guarded[1:]} >= {"'=1+2;x", "'@SUM(A1)", "'-inf"}
            assert {r[column] for r in raw[1:]} >= {"=1+2;x", "@SUM(A1)", "-inf"}
    line = (
        cli_run("convert", path, "--to", "csv", "--delimiter", ";")
        .stdout_bytes.decode()
        .split("\r\n")[1]
    )
    assert line.startswith('1;"\'=1+2;x";FRA;')


def test_cyrillic_names_round_trip_with_bom_and_semicolons(tmp_path: Path) -> None:
    path = tmp_path / "ru.trf"
    path.write_text(russian_swiss(), encoding="utf-8")
    for args in (("convert", path, "--to", "csv"), ("tiebreaks", path, "--to", "csv")):
        result = cli_run(*args, "--bom", "--delimiter", ";")
        assert result.stdout_bytes.startswith(BOM + b"r" if args[0] == "tiebreaks" else BOM + b"s")
        table = rows(result.stdout_bytes, ";")
        names = {r[1 if args[0] == "convert" else 2] for r in table[1:]}
        assert {"Иванов, Сергей", "Петров, Алексей"} <= names
        assert table[0][0] in ("start", "rank")  # no BOM left glued to the first head


def test_team_columns_of_a_team_event() -> None:
    crosstable = rows(cli_run("convert", TEAM, "--to", "csv").stdout_bytes)
    assert crosstable[0][:9] == [
        *("start", "name", "federation", "rating", "fide_id", "points", "rank"),
        *("team", "team_name"),
    ]
    assert crosstable[0][9:] == ["r1", "r2", "r3"]
    assert [(r[0], r[7], r[8]) for r in crosstable[1:]] == [
        ("1", "1", "Albion"),
        ("2", "1", "Albion"),
        ("3", "2", "Caledonia"),
        ("4", "2", "Caledonia"),
        ("5", "3", "Cymru"),
        ("6", "3", "Cymru"),
        ("7", "4", "Eire"),
        ("8", "4", "Eire"),
    ]
    standings = rows(cli_run("tiebreaks", TEAM, "--to", "csv", "--players").stdout_bytes)
    assert standings[0][5:8] == ["points", "team", "team_name"]
    assert [(r[1], r[6], r[7]) for r in standings[1:4]] == [
        ("8", "4", "Eire"),
        ("1", "1", "Albion"),
        ("5", "3", "Cymru"),
    ]
    # an individual event has no team columns
    assert "team" not in rows(cli_run("convert", SWISS, "--to", "csv").stdout_bytes)[0]
    assert "team" not in rows(cli_run("tiebreaks", SWISS, "--to", "csv").stdout_bytes)[0]


def test_batch_conversion_takes_the_csv_options(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli_run("convert", SAMPLES, "-o", out, "--to", "csv", "--bom", "--delimiter", ";")
    assert result.exit_code == 0, result.output
    data = (out / "swiss.csv").read_bytes()
    assert data.startswith(BOM + b"start;name;federation;")
    assert (
        data == cli_run("convert", SWISS, "--to", "csv", "--bom", "--delimiter", ";").stdout_bytes
    )


@pytest.mark.parametrize(
    "args",
    [
        ("convert", SWISS, "--to", "json", "--bom"),
        ("convert", SWISS, "--to", "trf", "--delimiter", ";"),
        ("tiebreaks", SWISS, "--to", "text", "--delimiter", ";"),
        ("tiebreaks", SWISS, "--to", "json", "--bom"),
        ("convert", SWISS, "--to", "csv", "--delimiter", "|"),
    ],
)
def test_csv_options_elsewhere_are_usage_errors(args: tuple[object, ...]) -> None:
    result = cli_run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
