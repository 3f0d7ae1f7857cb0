"""CSV crosstable: columns, round cells, spreadsheet safety."""

from __future__ import annotations

import csv
import io

import pytest

from trfkit.formats.csv_writer import neutralise, round_cell, write_csv
from trfkit.model import Header, Player, RoundEntry, Tournament


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def small() -> Tournament:
    return Tournament(
        header=Header(rounds=3),
        players=(
            Player.build(2, "Brennan, Liam", rating=None, federation="IRL", fide_id=None,
                         points=0.5, rank=2,
                         rounds=(RoundEntry(1, "b", "0"), RoundEntry(None, "", "H"))),
            Player.build(1, "Moreau, Claire", rating=2310, federation="FRA", fide_id=99100001,
                         points=2.0, rank=1,
                         rounds=(RoundEntry(2, "w", "1"), RoundEntry(None, "", "U"),
                                 RoundEntry(None, "", " "))),
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
    t = Tournament(header=Header(rounds=1),
                   players=(Player.build(1, "A", rounds=(RoundEntry(None, "", "U"),) * 2),))
    assert rows(write_csv(t))[0][-2:] == ["r1", "r2"]


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_formula_starts_are_neutralised(start: str) -> None:
    evil = f"{start}HYPERLINK(\"http://x\")"
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
