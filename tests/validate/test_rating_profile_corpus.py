"""The fide-rating profile over the real TRF files of ``../shared/corpus`` (skipped without it).

Each expectation was read off the file itself: a FIDE-rated report passes but for what it
really lacks (the chief arbiter's FIDE id, a template's time control), a lichess export is
caught where it puts its URL, and the totals over the folder are the ones reviewed file by
file (club codes of the Bunratty files in the federation column, bbpPairings' bare test
files without a header, ...).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from trfkit.reading import read_document
from trfkit.validation.driver import validate


def _t7(path: Path) -> list[str]:
    found = validate(read_document(str(path)), profile="fide-rating")
    return [f"{d.line}:{d.column} {d.code}" for d in found if d.code.startswith("T7")]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # XX Open Internacional de Gros 2010 (rated): the JaVaFo manual's copy keeps only a
        # placeholder for its time control
        ("py4swiss/javafo_example.trf", ["11:5 T710"]),
        # e2e4 Irish Championship 2011: complete but for the arbiter's FIDE id
        ("icu-krause/irish_intermediate_champs_2011.tab", ["10:5 T707"]),
        # the TEC's TRF-2026 sample: 032 FID (FIDE's own) and slashed dates pass
        ("sharly-chess/example_trf26.trf", ["18:5 T707"]),
        # a Swiss-Manager team export: eight players without FIDE id nor birth date
        (
            "heltour/friendship_cup_2024.trf",
            ["10:5 T707"] + [f"{n}:70 T708" for n in (59, 62, 67, 69, 102, 110, 135, 136)],
        ),
        # a lichess export: URL as city and arbiter, "Lichess" as federation, no 122
        (
            "sklangen-trf/2020_06.trf",
            ["2:5 T703", "3:5 T703", "10:5 T703", "12:1 T701"]
            + [f"{n}:10 T708" for n in range(16, 29)],
        ),
        # a league season over seven monthly lists
        ("icu-krause/armstrong_2011.tab", ["2:1 T701", "5:5 T709", "10:5 T707", "107:10 T708"]),
    ],
)
def test_real_reports_get_what_they_lack(name: str, expected: list[str], shared_dir: Path) -> None:
    assert _t7(shared_dir / "corpus" / "trf" / name) == expected


def test_the_trf_folder_summary(shared_dir: Path) -> None:
    files = sorted(p for p in (shared_dir / "corpus" / "trf").rglob("*") if p.is_file())
    totals = Counter(line.split()[1] for path in files for line in _t7(path))
    assert (len(files), dict(sorted(totals.items()))) == (
        56,
        {
            "T701": 207,
            "T703": 10,
            "T704": 4,
            "T705": 195,
            "T707": 17,
            "T708": 955,
            "T709": 2,
            "T710": 3,
        },
    )


def test_a_league_season_names_its_rounds_by_rating_period(shared_dir: Path) -> None:
    """armstrong_2011's 132 dates the 11 rounds from 2010-09-13 to 2011-03-13."""
    path = shared_dir / "corpus" / "trf" / "icu-krause" / "armstrong_2011.tab"
    [d] = [d for d in validate(read_document(str(path)), select="T709", profile="fide-rating")]
    assert d.message == (
        "the event lasts 182 days (2010-09-13 to 2011-03-13) over 7 rating periods "
        "(2010-09 to 2011-03), but the file holds one rating per player; 132 dates rounds "
        "1-2 in 2010-09, 3 in 2010-10, 4-5 in 2010-11, 6 in 2010-12, 7-8 in 2011-01, "
        "9-10 in 2011-02, 11 in 2011-03"
    )
