"""A chess-results legend's rating for unrated players: "(ARO) (1400, ...)" -> ``/U1400``.

A hand-made 4-player, 3-round Swiss; #3 Gamma Gus is unrated (blank rating cell):

    r1: 1-3 1-0, 2-4 ½-½;  r2: 1-2 ½-½, 3-4 1-0;  r3: 1-4 1-0, 3-2 1-0.

Swiss-Manager's ARO with a minimum rating of 1400 counts #3 as 1400, so
ARO(1) = (1400 + 1800 + 1600) / 3 = 1600, ARO(2) = (1600 + 2000 + 1400) / 3 =
1666.67 -> 1667, ARO(3) = (2000 + 1600 + 1800) / 3 = 1800 and ARO(4) = (1800 +
1400 + 2000) / 3 = 1733.33 -> 1733. Had it used 1000, ARO(1) would be 1467.
"""

from __future__ import annotations

import pytest
from cr_fixtures import page as crosstable_page

from trfkit.formats.chessresults.html_page import read_crhtml
from trfkit.formats.chessresults.table import legend_code, legend_unrated
from trfkit.formats.trf.writer import write_trf
from trfkit.validation.driver import validate

ROWS = [
    ["No.", "", "Name", "Rtg", "FED", "1.Rd", "2.Rd", "3.Rd", "Pts.", "Rk.", "TB1"],
    ["1", "", "Alpha Anna", "2000", "AUT", "3w1", "2b½", "4w1", "2,5", "1", "1600"],
    ["2", "", "Beta Bert", "1800", "GER", "4w½", "1w½", "3b0", "1", "3", "1667"],
    ["3", "", "Gamma Gus", "", "AUT", "1b0", "4w1", "2w1", "2", "2", "1800"],
    ["4", "", "Delta Dora", "1600", "SLO", "2b½", "3b0", "1b0", "0,5", "4", "1733"],
    ["", "", "", "", "", "", "", "", "", "", ""],
]
ARO_1400 = (
    "Annotation:<br/>Tie Break1: Average Rating of Opponents (ARO) "
    "(1400, Forfeits And Byes are ignored)"
)


def page(rows: list[list[str]], legend: str) -> bytes:
    return crosstable_page(rows, legend, "Unrated", "Starting rank crosstable")


def t503(rows: list[list[str]], legend: str) -> list[str]:
    return [d.message for d in validate(read_crhtml(page(rows, legend))) if d.code == "T503"]


def test_the_legend_rating_is_carried_on_the_declared_code() -> None:
    t = read_crhtml(page(ROWS, ARO_1400)).tournament
    assert [(p.start, p.rating, [(d.code, d.value) for d in p.declared]) for p in t.players] == [
        (1, 2000, [("ARO/U1400", 1600.0)]),
        (2, 1800, [("ARO/U1400", 1667.0)]),
        (3, None, [("ARO/U1400", 1800.0)]),
        (4, 1600, [("ARO/U1400", 1733.0)]),
    ]


def test_values_computed_with_1400_agree() -> None:
    assert t503(ROWS, ARO_1400) == []


def test_without_the_legend_rating_they_cannot_be_recomputed() -> None:
    found = t503(ROWS, "Annotation:<br/>Tie Break1: Average Rating of Opponents (ARO)")
    assert found == [
        "declared ARO values cannot be recomputed (the tie-break is undefined "
        "here, e.g. unrated opponents without a rating rule): player 1, player 2, "
        "player 3, player 4"
    ]


def test_a_legend_naming_another_rating_is_reported() -> None:
    legend = ARO_1400.replace("1400", "1000")
    # #3 at 1000: ARO(1) = 4400 / 3 -> 1467, ARO(2) = 4600 / 3 -> 1533, ARO(4) = 4800 / 3
    # = 1600; #3 met no unrated player, so its 1800 stands
    assert t503(ROWS, legend) == [
        "player 1 (Alpha Anna): declared ARO/U1000 (TB1) 1600, computed 1467",
        "player 2 (Beta Bert): declared ARO/U1000 (TB1) 1667, computed 1533",
        "player 4 (Delta Dora): declared ARO/U1000 (TB1) 1733, computed 1600",
    ]


def test_a_table_without_ratings_says_so_once() -> None:
    rows = [[c for j, c in enumerate(r) if j != 3] for r in ROWS]  # no Rtg column
    assert t503(rows, ARO_1400) == [
        "declared ARO/U1400 values cannot be recomputed: the input names no player's rating "
        "(a chess-results crosstable has no rating column; its starting list has them)"
    ]


def test_the_header_lists_trf_codes_without_the_rating() -> None:
    t = read_crhtml(page(ROWS, ARO_1400)).tournament
    assert t.header.tiebreaks == ("ARO",)
    assert "202 ARO" in write_trf(t)


@pytest.mark.parametrize(
    ("text", "code", "unrated"),
    [
        ("Average [Tournament] Performance Rating Of Opponents (APRO) (1400)", "APRO", "/U1400"),
        (
            "Average Rating of Opponents (ARO) (1400, Cut1, Forfeits And Byes are ignored)",
            "ARO/C1",
            "/U1400",
        ),
        ("Average Rating of Opponents (ARO)", "ARO", ""),
        (
            "Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)",
            "BH/C1",
            "",
        ),  # a year, not a rating
    ],
)
def test_legend_unrated(text: str, code: str, unrated: str) -> None:
    assert legend_code(text) == code
    assert legend_unrated(code, text) == unrated
