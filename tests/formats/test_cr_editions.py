"""One chess-results list, two rule editions: Swiss-Manager's "(2023)" and "(2026)" variants.

A hand-made 5-player, 3-round Swiss (TIEBREAKS.md §C.2-C.3; #5 never plays, which
also keeps the field from looking like a round-robin of 4):

    r1: 1-2 1-0, 3-4 1-0;  r2: 1 half-point bye, 3-2 1-0, 4 absent (zero);
    r3: 1-3 ½-½, 2-4 ½-½.   Scores 2, ½, 2½, ½.

Player 1's own bye (round 2) is a dummy opponent with 1's final score 2 under the
2023/2024 rules, capped at ½ x 3 rounds = 1.5 under the 2026 rules. So BH(1) is
½ (#2) + 2 + 2½ (#3) = 5 under "(2023)" and ½ + 1.5 + 2½ = 4.5 under "(2026)". The
others have no unplayed round the cap changes: BH(2) = 2 + 2½ + ½ = 5, BH(3) =
½ + ½ + 2 = 3, BH(4) = 2½ + ½ (own zero bye, dummy ½) + ½ = 3.5, BH(5) = 0 in both.
"""

from __future__ import annotations

import pytest
from cr_fixtures import page as crosstable_page

from trfkit.formats.chessresults.html_page import read_crhtml
from trfkit.formats.chessresults.table import legend_code, legend_version
from trfkit.formats.trf.writer import write_trf
from trfkit.tiebreaks import CodeError, compute
from trfkit.validation.driver import validate

ROWS = [
    ["No.", "", "Name", "Rtg", "FED", "1.Rd", "2.Rd", "3.Rd", "Pts.", "Rk.", "TB1", "TB2"],
    ["1", "", "Alpha Anna", "2000", "AUT", "2w1", "-½", "3w½", "2", "2", "5", "4,5"],
    ["2", "", "Beta Bert", "1900", "GER", "1b0", "3b0", "4w½", "0,5", "3", "5", "5"],
    ["3", "", "Gamma Gus", "1800", "AUT", "4w1", "2w1", "1b½", "2,5", "1", "3", "3"],
    ["4", "", "Delta Dora", "1700", "SLO", "3b0", "-0", "2b½", "0,5", "4", "3,5", "3,5"],
    ["5", "", "Echo Emil", "1600", "ITA", "-0", "-0", "-0", "0", "5", "0", "0"],
    ["", "", "", "", "", "", "", "", "", "", "", ""],
]
LEGEND = (
    "Annotation:<br/>Tie Break1: Buchholz Tie-Break Variable (2023) (Gamepoints)<br/>"
    "Tie Break2: Buchholz Tie-Break Variable (2026) (Gamepoints)"
)


def page(rows: list[list[str]], legend: str) -> bytes:
    return crosstable_page(rows, legend, "Two editions", "Starting rank crosstable")


def test_each_legend_variant_is_checked_under_its_own_edition() -> None:
    doc = read_crhtml(page(ROWS, LEGEND), path="two.html")
    t = doc.tournament
    assert [(d.code, d.value) for d in t.by_start()[1].declared] == [
        ("BH/V2023", 5.0),
        ("BH/V2026", 4.5),
    ]
    assert [d.message for d in validate(doc) if d.code == "T503"] == []


def test_a_wrong_value_is_still_reported_with_its_variant() -> None:
    rows = [list(r) for r in ROWS]
    rows[1][11] = "5"  # the 2023 value written into the 2026 column
    found = [d.message for d in validate(read_crhtml(page(rows, LEGEND))) if d.code == "T503"]
    assert found == ["player 1 (Alpha Anna): declared BH/V2026 (TB2) 5, computed 4.5"]


def test_the_header_lists_trf_codes_without_the_version() -> None:
    t = read_crhtml(page(ROWS, LEGEND)).tournament
    assert t.header.tiebreaks == ("BH", "BH")
    assert "202 BH,BH" in write_trf(t)


def test_version_modifier_overrides_the_run_rules() -> None:
    t = read_crhtml(page(ROWS, LEGEND)).tournament
    for rules in ("fide-2024", "fide-2026"):
        standings = compute(t, ["BH/V2024", "BH/V2026", "BH"], rules=rules)
        plain = 5.0 if rules == "fide-2024" else 4.5
        assert [
            (r.start, r.values["BH/V2024"], r.values["BH/V2026"], r.values["BH"])
            for r in sorted(standings.rows, key=lambda r: r.start)
        ] == [
            (1, 5.0, 4.5, plain),
            (2, 5.0, 5.0, 5.0),
            (3, 3.0, 3.0, 3.0),
            (4, 3.5, 3.5, 3.5),
            (5, 0.0, 0.0, 0.0),
        ]


def test_unknown_version_is_a_code_error() -> None:
    t = read_crhtml(page(ROWS, LEGEND)).tournament
    with pytest.raises(CodeError, match="V2019"):
        compute(t, ["BH/V2019"])


@pytest.mark.parametrize(
    ("text", "version"),
    [
        ("Buchholz Tie-Break Variable (2023) (Gamepoints, Median1)", "/V2023"),
        ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)", "/V2026"),
        ("Sonneborn Berger Tie-Break Variable (2023) (Gamepoints)", "/V2023"),
        ("Average Rating of Opponents (ARO) (1400, Cut1, Forfeits And Byes are ignored)", ""),
        ("Rating Performance without two results (EM 2011)", ""),
    ],
)
def test_legend_version(text: str, version: str) -> None:
    assert legend_version(text) == version
    assert legend_code(text) is not None or version == ""
