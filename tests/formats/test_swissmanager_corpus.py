"""The 37 public native Swiss-Manager files (../shared/corpus/swiss-manager), read in place.

Skipped when the reference material is absent. Spot values were read by hand from
the bytes (player cards and B3 records) and from the tournaments' chess-results pages.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest

from trfkit import formats
from trfkit.formats.swissmanager.reader import read_swissmanager

SHARED = Path(__file__).resolve().parents[3] / "shared"
TUNX = SHARED / "corpus" / "swiss-manager" / "tunx"
FILES = sorted(TUNX.glob("*.TUNX")) if TUNX.is_dir() else []

pytestmark = pytest.mark.skipif(not FILES, reason="reference corpus ../shared is not available")


def read(name: str):  # type: ignore[no-untyped-def]
    return read_swissmanager((TUNX / name).read_bytes(), path=name)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_file_decodes_with_symmetric_pairings(path: Path) -> None:
    doc = read_swissmanager(path.read_bytes(), path=path.name)
    errors = [d for d in doc.diagnostics if d.severity.value == "error"]
    assert errors == []
    for d in doc.diagnostics:
        if d.code == "T620":
            assert "unknown section" in d.message
    t = doc.tournament
    by = t.by_start()
    assert len(by) == len(t.players) == t.header.players_declared
    for p, rnd, e in t.iter_rounds():
        if e.opponent is None:
            continue
        back = by[e.opponent].round(rnd)
        assert back.opponent == p.start, (p.start, rnd)
        assert {e.color, back.color} == {"w", "b"}
        complement = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+-", " ": " "}
        assert back.result in complement[e.result]
    assert t.played_rounds <= (t.header.rounds or 0)


def b3_records(name: str) -> int:
    data = (TUNX / name).read_bytes()
    start = data.index(b"\xb3\xff\x89\x44")
    directory = struct.unpack_from("<7I", data, len(data) - 32)
    end = min(o for o in (*directory, len(data) - 36) if o > start)
    return (end - start - 4) // 21


def test_counts_names_ratings_results_of_the_ellobregat_open() -> None:
    doc = read("2023_elllobregat_a_753347.TUNX")
    t = doc.tournament
    assert len(t.players) == 210 and t.header.rounds == 9 and t.played_rounds == 9
    p1 = t.players[0]
    assert (p1.name, p1.title, p1.rating, p1.federation, p1.fide_id) == (
        "Fedoseev, Vladimir",
        "GM",
        2675,
        "SLO",
        24130737,
    )
    assert p1.birth is not None and p1.birth.year == 1995
    # first B3 records: 106-1 result 3 (0-1), 2-107 result 1 (1-0)
    assert p1.round(1).opponent == 106 and p1.round(1).color == "b" and p1.round(1).result == "1"
    assert t.by_start()[107].round(1).result == "0"
    assert t.header.start_date is not None and t.header.start_date.iso == "2023-11-30"
    # every game record became two entries, every bye or absence one
    games = sum(1 for _, _, e in t.iter_rounds() if e.opponent is not None) // 2
    alone = sum(1 for _, _, e in t.iter_rounds() if e.opponent is None and e.result)
    assert games + alone == b3_records("2023_elllobregat_a_753347.TUNX")


def test_sample_file_and_round_robin_type() -> None:
    t = read("sample.TUNX").tournament
    assert len(t.players) == 29 and t.header.rounds == 7
    assert (t.players[0].name, t.players[0].rating, t.players[0].federation) == (
        "Aloisio, Ponti Lopes",
        1959,
        "BRA",
    )
    round_robin = read("albanian_roundrobin_1381000.TUNX").tournament
    assert round_robin.header.type_text == "Individual: round robin"


def test_team_template_with_no_players() -> None:
    t = read("cro_1386026.TUNX").tournament
    assert t.header.type_text == "Team: round robin"
    assert t.players == () and t.header.rounds == 150
    refused = formats.read((TUNX / "cro_1386026.TUNX").read_bytes(), path="cro.TUNX")
    assert [d.code for d in refused.diagnostics if d.severity.value == "error"] == ["T013"]


def test_unknown_c5_section_is_named() -> None:
    doc = read("isr_1385730.TUNX")
    t620 = [d for d in doc.diagnostics if d.code == "T620"]
    assert len(t620) == 1 and "C5" in t620[0].message and "12 bytes" in t620[0].message
    assert len(doc.tournament.players) == 71 and doc.tournament.played_rounds == 5


def test_unknown_result_codes_are_reported_not_guessed() -> None:
    doc = read("ukraine_rapid8_1377000.TUNX")
    t622 = [d.message for d in doc.diagnostics if d.code == "T622"]
    assert len(t622) == 6
    assert sum("code 15" in m for m in t622) == 3 and sum("code 17" in m for m in t622) == 3


def test_private_strings_never_reach_the_model() -> None:
    from trfkit.formats.json_io import write_json

    leaks = []
    for path in FILES:
        text = write_json(read_swissmanager(path.read_bytes()).tournament)
        if re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", text) or re.search(r"[A-Za-z]:\\\\", text):
            leaks.append(path.name)
    assert leaks == []


def test_validator_finds_no_pairing_errors_in_any_file() -> None:
    from trfkit.validation.driver import validate

    bad = []
    for path in FILES:
        doc = read_swissmanager(path.read_bytes(), path=path.name)
        bad += [
            str(d)
            for d in validate(doc)
            if d.code.startswith("T30") and d.severity.value == "error"
        ]
    assert bad == []
