"""Every TRF-like file of ../shared/corpus/trf: reads without raising, the writer is
idempotent, counts are sane, and a few values checked by hand against the files.

Skips when the reference material beside the checkout is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfkit.formats.trf.reader import read_trf
from trfkit.formats.trf.writer import write_trf, write_trf16, write_trf26
from trfkit.model import RoundEntry, Tournament

SHARED = Path(__file__).resolve().parents[3] / "shared"
CORPUS = SHARED / "corpus" / "trf"
FILES = (
    sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.name != "invalid.tab")
    if CORPUS.is_dir()
    else []
)

pytestmark = pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus/trf is not available")


def load(rel: str) -> Tournament:
    return read_trf((CORPUS / rel).read_bytes(), path=rel).tournament


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(CORPUS)))
def test_reads_and_writes_idempotently(path: Path) -> None:
    data = path.read_bytes()
    doc = read_trf(data, path=str(path))
    t = doc.tournament
    lines = (doc.text or "").split("\n")
    assert len(t.players) == sum(1 for line in lines if line.startswith("001"))
    assert len(t.national) + len(t.players) + len(t.header.records) + len(t.extra) <= len(lines)
    assert t.source.format == "trf" and t.source.edition in ("trf16", "trf26")
    assert all(d.file == str(path) and d.line >= 1 for d in doc.diagnostics)
    for writer in (write_trf, write_trf16, write_trf26):
        first = writer(t)
        second = writer(read_trf(first.encode("utf-8")).tournament)
        assert second == first, writer.__name__


def test_empty_file_is_reported_not_raised() -> None:
    doc = read_trf((CORPUS / "icu-krause" / "invalid.tab").read_bytes())
    assert [d.code for d in doc.diagnostics] == ["T005"]
    assert doc.tournament.players == ()


def test_example1_swiss_manager_quirks() -> None:
    t = load("sklangen-trf/example1.trf")
    p1 = t.by_start()[1]
    assert (p1.name, p1.title, p1.rating, p1.federation, p1.fide_id) == (
        "Vasquez,Rodrigo",
        "GM",
        2558,
        "CHI",
        3400042,
    )
    assert (p1.birth and p1.birth.iso, p1.points, p1.rank) == ("1969-12-06", 6.0, 4)
    assert p1.rounds[0] == RoundEntry(141, "w", "1")
    assert t.by_start()[13].rounds == (RoundEntry(153, "", "-"),)  # colourless forfeit, withdrawn
    assert t.by_start()[13].title == "FM"
    assert t.header.start_date is not None and t.header.start_date.iso == "2005-07-28"
    assert len(t.players) == 284 and t.rounds == 7


def test_friendship_cup_header_and_teams() -> None:
    t = load("heltour/friendship_cup_2024.trf")
    h = t.header
    assert h.name == "ΔΙΑΣΥΛΛΟΓΙΚΟ ΚΥΠΕΛΛΟ ΚΡΗΤΙΚΗΣ ΦΙΛΙΑΣ 2024"
    assert (h.players_declared, h.players_played, h.rounds) == (129, 88, 7)
    assert h.deputy_arbiters == ("Michailidi Afroditi", "Gkizis Konstantinos, Magoulianos Nikolaos")
    p1 = t.by_start()[1]
    assert p1.name == "Psarianos,Emmanouil" and p1.rating == 1442
    assert p1.rounds[:2] == (RoundEntry(None, "", "-"), RoundEntry(7, "w", "1"))
    assert t.teams[0].name == "ΓΑΖΙ 1" and t.teams[0].members == (13, 14, 15, 16, 17, 18, 90, 129)
    assert len(t.teams) == 15
    assert t.by_start()[2].rating is None  # "0000"
    assert t.source.dialect == "swiss-manager" and t.source.encoding == "utf-8"


def test_bunratty_round_dates_yy_dd_mm() -> None:
    t = load("icu-krause/bunratty_masters_2011.tab")
    assert [d.iso for d in t.header.round_dates if d] == [
        "2011-02-25",
        "2011-02-26",
        "2011-02-26",
        "2011-02-26",
        "2011-02-27",
        "2011-02-27",
    ]
    short = t.by_start()[1]
    assert (short.name, short.title, short.rating, short.sex) == ("Short, Nigel", "GM", 2658, "m")
    assert t.source.newline == "\r\n"


def test_icu_valid_legacy_half_bye() -> None:
    t = load("icu-krause/valid.tab")
    assert t.by_start()[1].rounds[0] == RoundEntry(None, "", "=")
    assert t.header.start_date is not None and t.header.start_date.iso == "2008-02-01"


def test_cp1252_names() -> None:
    t = load("icu-krause/irish_junior_champs_2011.tab")
    assert t.source.encoding == "cp1252"
    assert t.by_start()[24].name == "Morgan, Mícheál"


def test_bom_and_cr_only() -> None:
    t = load("icu-krause/armstrong_2012_with_bom.tab")
    assert (
        t.source.bom and t.players[0].name == "Griffiths, Ryan-Rhys" and t.players[0].rating == 2322
    )
    cr = load("bbppairings/issue_7.input")
    assert cr.source.newline == "\r" and len(cr.players) == 60


def test_tec_trf26_sample_records() -> None:
    t = load("sharly-chess/example_trf26.trf")
    assert t.source.edition == "trf26"
    assert (len(t.byes), len(t.accelerations), len(t.prohibited), len(t.abnormal)) == (18, 4, 1, 2)
    assert (len(t.lineups), len(t.team_byes), len(t.forfeited_matches), len(t.national)) == (
        141,
        1,
        22,
        1,
    )
    assert len(t.teams) == 50 and t.teams[0].match_points == 15.0 and t.teams[0].rank == 11
    assert sum(1 for r in t.extra if r.kind == "crosstable") == 100
    assert t.header.tiebreaks == ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")
    assert (
        t.header.board_colors == "WBWB" and t.header.rounds == 14 and t.header.initial_color == "w"
    )
    assert t.national[0].national_id == "L01854"


def test_javafo_sample_engine_lines() -> None:
    t = load("py4swiss/javafo_example.trf")
    h = t.header
    assert (h.rounds, h.initial_color, h.scoring.source) == (9, "w", "XXS")
    assert h.first("XXZ") is not None and h.first("XXZ").value == "22 28 43"  # type: ignore[union-attr]
    p6 = t.by_start()[6]
    assert (p6.name, p6.rating, p6.fide_id, p6.points, p6.rank) == (
        "Gorrochategui Torres, Eugenio",
        None,
        None,
        3.5,
        4,
    )
    assert t.players[5].start != 6  # players are not sorted by start number: file order kept


def test_lichess_export() -> None:
    t = load("sklangen-trf/2020_06.trf")
    assert t.source.dialect == "lichess"
    assert t.header.start_date is not None and t.header.start_date.iso == "2020-05-29"
    assert t.by_start()[5].rounds[:2] == (RoundEntry(None, "", "H"), RoundEntry(None, "", "-"))


def test_unknown_record_101() -> None:
    doc = read_trf((CORPUS / "py4swiss" / "invalid_code.trf").read_bytes())
    assert [d.code for d in doc.diagnostics] == ["T101"]
    assert doc.tournament.extra[-1].text.startswith("101    7")
