"""CSV from every writer quotes a cell holding CR or LF whatever the line ending, and makes
text cells inert alike, numbers-looking names included (issue 15)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from swiss_edits import SWISS, cli_run, player_line_no, put, swiss_lines

from trfkit.cli import cli

ROOT = Path(__file__).resolve().parents[2]
PAYLOAD = "Eve\r+cmd|' /C calc'!A0"


def _json_with_names(tmp_path: Path, *names: str) -> Path:
    runner = CliRunner()
    data = json.loads(
        runner.invoke(cli, ["convert", str(ROOT / "samples/swiss.trf"), "--to", "json"]).stdout
    )
    for player, name in zip(data["players"], names, strict=False):
        player["name"] = name
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    return path


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


@pytest.mark.parametrize(
    "args",
    [
        ("tiebreaks", "--to", "csv"),
        ("convert", "--to", "csv", "--newline", "lf"),
        ("convert", "--to", "csv", "--newline", "cr"),
        ("convert", "--to", "csv"),
    ],
)
def test_a_carriage_return_in_a_name_stays_inside_its_quoted_cell(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    path = _json_with_names(tmp_path, PAYLOAD)
    out = CliRunner().invoke(cli, [args[0], str(path), *args[1:]]).stdout
    assert f'"{PAYLOAD}"' in out
    if "cr" not in args:  # a reader splits rows at the line ending it is given
        rows = _rows(out)
        assert len(rows) == 11 and PAYLOAD in [cell for row in rows for cell in row]


@pytest.mark.parametrize("args", [("tiebreaks", "--to", "csv"), ("convert", "--to", "csv")])
def test_number_like_names_are_neutralised_by_every_writer(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    path = _json_with_names(tmp_path, "-inf", "+nan", "=1+1", "-1e5")
    rows = _rows(CliRunner().invoke(cli, [args[0], str(path), *args[1:]]).stdout)
    names = {row[rows[0].index("name")] for row in rows[1:]}
    assert {"'-inf", "'+nan", "'=1+1", "'-1e5"} <= names
    raw = _rows(CliRunner().invoke(cli, [args[0], str(path), *args[1:], "--raw-csv"]).stdout)
    assert {"-inf", "+nan"} <= {row[raw[0].index("name")] for row in raw[1:]}


def test_tiebreak_values_stay_numbers() -> None:
    rows = _rows(
        CliRunner()
        .invoke(cli, ["tiebreaks", str(ROOT / "samples/swiss.trf"), "--to", "csv", "--tb", "BH"])
        .stdout
    )
    assert rows[1][:3] == ["1", "2", "Brennan, Liam"] and rows[1][-1] == "14"


def test_format_row_quotes_cr_lf_comma_and_quote_whatever_the_line_end() -> None:
    from trfkit.formats.csv_writer import format_row, safe_cell

    assert (
        format_row(["a\rb", "c\nd", 'e"f', "g,h", "i", 3], "\n")
        == '"a\rb","c\nd","e""f","g,h",i,3\n'
    )
    assert format_row([""], "\r\n") == '""\r\n'
    assert safe_cell("-inf") == "'-inf" and safe_cell("-inf", raw=True) == "-inf"
    assert safe_cell("a\x00b") == "ab"


def test_csv_neutralises_formulas_unless_raw() -> None:
    lines = swiss_lines()
    p1 = player_line_no(1)
    lines[p1] = put(lines[p1], 15, '=HYPERLINK("x")'.ljust(33))
    data = "\n".join(lines).encode()
    convert = cli_run("convert", "-", "--to", "csv", stdin=data).stdout
    assert '"\'=HYPERLINK(""x"")"' in convert
    raw = cli_run("convert", "-", "--to", "csv", "--raw-csv", stdin=data).stdout
    assert '"=HYPERLINK(""x"")"' in raw and "'=" not in raw
    standings = cli_run("tiebreaks", "-", "--tb", "BH", "--to", "csv", stdin=data).stdout
    assert '"\'=HYPERLINK(""x"")"' in standings


def test_csv_drops_nul_characters_from_json_input() -> None:
    # Python 3.10's csv module raises on a NUL (exit 2, T999); 3.11+ writes it raw.
    doc = json.loads(cli_run("convert", SWISS, "--to", "json").stdout)
    doc["players"][0]["name"] = "Mo\u0000reau"
    data = json.dumps(doc).encode()
    for args in (
        ["convert", "-", "--to", "csv"],
        ["convert", "-", "--to", "csv", "--raw-csv"],
        ["tiebreaks", "-", "--to", "csv"],
        ["tiebreaks", "-", "--to", "csv", "--raw-csv"],
    ):
        result = cli_run(*args, stdin=data)
        assert result.exit_code == 0, (args, result.output)
        assert "\x00" not in result.stdout and "Moreau" in result.stdout
