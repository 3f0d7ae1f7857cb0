"""CSV crosstable: columns, round cells, spreadsheet safety."""

from __future__ import annotations

import csv
import io

import pytest
from swiss_edits import SWISS, cli_run, put, swiss_lines

from trfkit.formats.csv_writer import neutralise, round_cell, write_csv
from trfkit.model import Header, Player, RoundEntry, Tournament


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def small() -> Tournament:
    return Tournament(
        header=Header(rounds=3),
        players=(
            Player.build(
                2,
                "Brennan, Liam",
                rating=None,
                federation="IRL",
                fide_id=None,
                points=0.5,
                rank=2,
                rounds=(RoundEntry(1, "b", "0"), RoundEntry(None, "", "H")),
            ),
            Player.build(
                1,
                "Moreau, Claire",
                rating=2310,
                federation="FRA",
                fide_id=99100001,
                points=2.0,
                rank=1,
                rounds=(
                    RoundEntry(2, "w", "1"),
                    RoundEntry(None, "", "U"),
                    RoundEntry(None, "", " "),
                ),
            ),
        ),
    )


def test_columns_and_rows_in_start_order() -> None:
    assert rows(write_csv(small())) == [
        ["start", "name", "federation", "rating", "fide_id", "points", "rank", "r1", "r2", "r3"],
        ["1", "Moreau, Claire", "FRA", "2310", "99100001", "2.0", "1", "2w1", "0-U", "0-"],
        ["2", "Brennan, Liam", "IRL", "", "", "0.5", "2", "1b0", "0-H", ""],
    ]


def test_rows_end_with_crlf_unless_asked() -> None:
    assert write_csv(small()).count("\r\n") == 3
    lf = write_csv(small(), newline="\n")
    assert "\r" not in lf and lf.count("\n") == 3


@pytest.mark.parametrize(
    ("entry", "cell"),
    [
        (RoundEntry(12, "w", "1"), "12w1"),
        (RoundEntry(7, "b", "="), "7b="),
        (RoundEntry(7, "b", "+"), "7b+"),
        (RoundEntry(7, "", "-"), "7--"),  # colourless forfeit with an opponent
        (RoundEntry(12, "w", " "), "12w"),  # paired, no result yet
        (RoundEntry(None, "", "Z"), "0-Z"),
        (RoundEntry(None, "", "F"), "0-F"),
        (RoundEntry(None, "", "+"), "0-+"),
        (RoundEntry(None, "", ""), ""),
    ],
)
def test_round_cells(entry: RoundEntry, cell: str) -> None:
    assert round_cell(entry) == cell


def test_extra_blocks_beyond_declared_rounds_get_columns() -> None:
    t = Tournament(
        header=Header(rounds=1),
        players=(Player.build(1, "A", rounds=(RoundEntry(None, "", "U"),) * 2),),
    )
    assert rows(write_csv(t))[0][-2:] == ["r1", "r2"]


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_formula_starts_are_neutralised(start: str) -> None:
    evil = f'{start}HYPERLINK("http://x")'
    t = Tournament(players=(Player(1, evil, federation="-1+1"),))
    row = rows(write_csv(t))[1]
    assert row[1] == "'" + evil
    assert row[2] == "'-1+1"
    raw_row = rows(write_csv(t, raw=True))[1]
    assert raw_row[1] == evil and raw_row[2] == "-1+1"


def test_harmless_cells_are_untouched() -> None:
    assert neutralise("Moreau, Claire") == "Moreau, Claire"
    assert neutralise("0-U") == "0-U"
    assert neutralise("") == ""
    assert neutralise("a=b") == "a=b"


def test_csv_columns_and_round_cells() -> None:
    out = cli_run("convert", SWISS, "--to", "csv").stdout
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert rows[0] == [
        "start",
        "name",
        "federation",
        "rating",
        "fide_id",
        "points",
        "rank",
        "r1",
        "r2",
        "r3",
        "r4",
        "r5",
    ]
    assert rows[1] == [
        "1",
        "Moreau, Claire",
        "FRA",
        "2310",
        "99100001",
        "4.0",
        "2",
        "6w1",
        "4b=",
        "8w1",
        "2b=",
        "5w1",
    ]
    assert rows[7][7:] == ["2w0", "8b-", "0-Z", "9b=", "10b1"]


def test_csv_points_are_computed_when_the_input_declares_none() -> None:
    # A starting list without the Points field (as native Swiss-Manager files are read):
    # the column holds the score of the results, as the TRF writer writes it.
    lines = swiss_lines()
    lines = [put(x, 81, "    ") if x.startswith("001") else x for x in lines]
    out = cli_run("convert", "-", "--to", "csv", stdin="\n".join(lines).encode()).stdout
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert [r[5] for r in rows[1:]] == [
        "4.0",
        "4.5",
        "2.5",
        "3.0",
        "2.5",
        "2.5",
        "1.5",
        "2.0",
        "1.5",
        "1.5",
    ]
