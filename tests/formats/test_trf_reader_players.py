"""001 records: every field, every result code, every real-world quirk (TRF.md §4, §11)."""

from __future__ import annotations

import pytest
from trf_helpers import codes, p001, read

from trfkit.model import EMPTY_ROUND, PartialDate, RoundEntry
from trfkit.model.results import RESULT_CODES, Kind


def test_every_fixed_field() -> None:
    line = (
        "001   12 wWGM Polgar, Judit                     2735 HUN      700070 1976/07/23  "
        "6.5    3    14 b 1     7 w ="
    )
    assert (line[48:52], line[91:99]) == ("2735", "  14 b 1")
    doc = read("012 Test", line)
    (p,) = doc.tournament.players
    assert p.start == 12
    assert p.sex == "w"
    assert p.title == "WGM"
    assert p.name == "Polgar, Judit"
    assert p.rating == 2735
    assert p.federation == "HUN"
    assert p.fide_id == 700070
    assert p.birth == PartialDate("1976/07/23", 1976, 7, 23)
    assert p.points == 6.5
    assert p.rank == 3
    assert p.rounds == (RoundEntry(14, "b", "1"), RoundEntry(7, "w", "="))
    assert p.line == 2
    assert codes(doc) == []


def test_round_r_starts_at_column_92_plus_10_r_minus_1() -> None:
    blocks = tuple(f"{i:>4} {'wb'[i % 2]} {'10='[i % 3]}" for i in range(2, 13))
    line = p001(rounds=blocks)
    assert line[191:199] == blocks[10]  # round 11 at column 192
    (p,) = read(line).tournament.players
    assert len(p.rounds) == 11
    assert p.rounds[10] == RoundEntry(12, "w", "1")


@pytest.mark.parametrize("code", [c for c in RESULT_CODES if c not in ("", " ")])
def test_each_result_code(code: str) -> None:
    played = RESULT_CODES[code].with_opponent
    block = f"   2 w {code}" if played else f"0000 - {code}"
    (p,) = read(p001(rounds=(block,))).tournament.players
    entry = p.rounds[0]
    assert entry.result == code
    assert entry.kind is RESULT_CODES[code].kind
    assert entry.opponent == (2 if played else None)


@pytest.mark.parametrize(
    "lower, upper",
    [("w", "W"), ("d", "D"), ("l", "L"), ("h", "H"), ("f", "F"), ("u", "U"), ("z", "Z")],
)
def test_lower_case_result_letters(lower: str, upper: str) -> None:
    block = f"   2 b {lower}" if upper in "WDL" else f"0000 - {lower}"
    doc = read(p001(rounds=(block,)))
    assert doc.tournament.players[0].rounds[0].result == upper
    assert codes(doc) == []


def test_blank_result_and_empty_block() -> None:
    doc = read(p001(rounds=("0000 -  ", "        ", "   3 w 1")))
    r1, r2, r3 = doc.tournament.players[0].rounds
    assert r1 == RoundEntry(None, "", " ") and r1.kind is Kind.ZERO_BYE
    assert r2 == EMPTY_ROUND and r2.kind is Kind.NOT_PAIRED
    assert doc.tournament.players[0].results == " .1"  # empty block "." vs blank result " "
    assert r3 == RoundEntry(3, "w", "1")


def test_blank_result_with_opponent_is_kept() -> None:
    (p,) = read(p001(rounds=("   4 w  ", "   5 b 1"))).tournament.players
    assert p.rounds[0] == RoundEntry(4, "w", " ")


def test_sex_f_becomes_w_and_is_reported() -> None:
    doc = read(p001(sex="f"))
    assert doc.tournament.players[0].sex == "w"
    (d,) = doc.diagnostics
    assert (d.code, d.line, d.column) == ("T111", 1, 10)


@pytest.mark.parametrize("raw, sex", [("M", "m"), ("W", "w"), (" ", ""), ("m", "m")])
def test_sex_case_folded(raw: str, sex: str) -> None:
    assert read(p001(sex=raw)).tournament.players[0].sex == sex


@pytest.mark.parametrize(
    "raw, title",
    [
        ("g", "GM"),
        ("m", "IM"),
        ("f", "FM"),
        ("c", "CM"),
        ("wg", "WGM"),
        ("wm", "WIM"),
        ("wf", "WFM"),
        ("wc", "WCM"),
        ("GM", "GM"),
        ("WFM", "WFM"),
        ("", ""),
        ("XX", "XX"),
    ],
)
def test_titles(raw: str, title: str) -> None:
    doc = read(p001(title=raw))
    assert doc.tournament.players[0].title == title
    assert ("T111" in codes(doc)) == (raw != title)


@pytest.mark.parametrize("rating", ["0", "0000", "   0", ""])
def test_rating_zero_or_blank_is_unrated(rating: str) -> None:
    assert read(p001(rating=rating)).tournament.players[0].rating is None


@pytest.mark.parametrize("fide", ["0", ""])
def test_fide_id_zero_or_blank_is_none(fide: str) -> None:
    assert read(p001(fide=fide)).tournament.players[0].fide_id is None


def test_rank_zero_and_blank_points() -> None:
    (p,) = read(p001(rank="0", points="")).tournament.players
    assert p.rank is None and p.points is None


def test_colourless_forfeit_with_opponent() -> None:
    doc = read(p001(rounds=(" 153 - -", " 204 - +")))
    r1, r2 = doc.tournament.players[0].rounds
    assert r1 == RoundEntry(153, "", "-") and r1.kind is Kind.FORFEIT_LOSS
    assert r2 == RoundEntry(204, "", "+") and r2.kind is Kind.FORFEIT_WIN
    assert codes(doc) == ["T110", "T110"]
    assert [d.column for d in doc.diagnostics] == [92, 102]


def test_legacy_half_point_bye_is_kept_as_written() -> None:
    # Not turned into H: nothing says the half point was a requested (voluntary) bye.
    doc = read(p001(rounds=("0000 - =",)))
    entry = doc.tournament.players[0].rounds[0]
    assert entry == RoundEntry(None, "", "=") and entry.kind is Kind.DRAW and not entry.played
    (d,) = doc.diagnostics
    assert (d.code, d.column, d.end_column) == ("T110", 92, 99)


def test_forfeits_without_opponent() -> None:
    doc = read(p001(rounds=("0000 - +", "0000 - -")))
    r1, r2 = doc.tournament.players[0].rounds
    assert r1 == RoundEntry(None, "", "+") and r1.kind is Kind.FORFEIT_WIN
    assert r2 == RoundEntry(None, "", "-") and r2.kind is Kind.FORFEIT_LOSS
    assert codes(doc) == ["T110"]  # only the point without an opponent is reported


def test_lichess_blank_opponent_letter_results() -> None:
    (p,) = read(p001(rounds=("       H", "       -", "       U"))).tournament.players
    assert [e.result for e in p.rounds] == ["H", "-", "U"]
    assert all(e.opponent is None and e.color == "" for e in p.rounds)


def test_extra_empty_round_blocks_after_declared_rounds_are_dropped() -> None:
    doc = read("XXR 2", p001(rounds=("   2 w 1", "   3 b 0", "0000 -  ", "        ", "0000 -  ")))
    (p,) = doc.tournament.players
    assert len(p.rounds) == 2
    (d,) = doc.diagnostics
    assert (d.code, d.line, d.column) == ("T112", 2, 112)


def test_extra_blocks_with_data_are_kept() -> None:
    doc = read("XXR 1", p001(rounds=("   2 w 1", "   3 b 0")))
    assert len(doc.tournament.players[0].rounds) == 2
    assert "T112" not in codes(doc)


def test_trailing_blank_blocks_are_not_rounds() -> None:
    (p,) = read(p001(rounds=("   2 w 1", "        ", "        ")) + "     ").tournament.players
    assert len(p.rounds) == 1


def test_unsorted_players_keep_file_order() -> None:
    t = read(p001(3, name="C"), p001(1, name="A"), p001(2, name="B")).tournament
    assert [p.start for p in t.players] == [3, 1, 2]
    assert t.by_start()[2].name == "B"


@pytest.mark.parametrize(
    "raw, year, month, day",
    [
        ("1969/12/06", 1969, 12, 6),
        ("1969.12.06", 1969, 12, 6),
        ("1978/00/00", 1978, None, None),
        ("1978", 1978, None, None),
        ("25.02.2011", 2011, 2, 25),
        ("28. 07. 05", 2028, 7, 5),
        ("2008-02-01", 2008, 2, 1),
        ("24/09/2010", 2010, 9, 24),
        ("2014/00/00", 2014, None, None),
    ],
)
def test_birth_date_styles(raw: str, year: int, month: int | None, day: int | None) -> None:
    doc = read(p001(birth=raw))
    assert doc.tournament.players[0].birth == PartialDate(raw, year, month, day)
    assert codes(doc) == []


def test_invalid_birth_date_keeps_raw_text() -> None:
    doc = read(p001(birth="1980/13/45"))
    assert doc.tournament.players[0].birth == PartialDate("1980/13/45")
    (d,) = doc.diagnostics
    assert (d.code, d.column, d.end_column) == ("T106", 70, 79)


def test_tabs_are_expanded_and_reported() -> None:
    line = "001    1      Doe, John\t\t\t\t\t\t 1.0    1"
    doc = read(line)
    assert doc.tournament.players[0].name == "Doe, John"
    assert "T901" in codes(doc)


def test_too_short_record() -> None:
    doc = read("001    7      Short, Line")
    (p,) = doc.tournament.players
    assert (p.start, p.name, p.points) == (7, "Short, Line", None)
    assert codes(doc) == ["T102"]
    assert doc.has_reader_errors


def test_not_numeric_fields() -> None:
    doc = read(p001(rating="20x0", rounds=("  1x w 1",)))
    p = doc.tournament.players[0]
    assert p.rating is None and p.rounds[0].opponent is None
    assert [(d.code, d.column, d.end_column) for d in doc.diagnostics] == [
        ("T103", 49, 52),
        ("T103", 92, 95),
    ]


def test_bad_result_and_bad_colour_are_located() -> None:
    doc = read(p001(rounds=("   2 w 1", "   3 x ?")))
    found = [(d.code, d.line, d.column) for d in doc.diagnostics]
    assert ("T105", 1, 107) in found and ("T104", 1, 109) in found
    assert all(d.file == "t.trf" for d in doc.diagnostics)


def test_non_blank_separator() -> None:
    line = p001()
    doc = read(line[:47] + "#" + line[48:])
    assert [(d.code, d.column) for d in doc.diagnostics] == [("T108", 48)]


def test_misaligned_round_blocks_t107() -> None:
    # A UTF-8 name decoded as cp1252 is one character longer: every block shifts right.
    line = p001(name="Müller, Jörg", rounds=("   2 w 1", "   3 b 0"))
    from trfkit.formats.trf.reader import read_trf

    doc = read_trf((line + "\n").encode("utf-8"), encoding="cp1252", path="x.trf")
    assert "T107" in codes(doc)
    d = next(d for d in doc.diagnostics if d.code == "T107")
    assert (d.file, d.line, d.column) == ("x.trf", 1, 92)
    # Read as UTF-8 the same bytes are aligned.
    assert codes(read_trf((line + "\n").encode("utf-8"))) == []


def test_missing_start_number_is_reported() -> None:
    doc = read(p001(start=""))
    assert doc.tournament.players[0].start == 0
    assert codes(doc) == ["T102"]


def test_columns_count_characters_not_bytes() -> None:
    from trfkit.formats.trf.reader import read_trf

    line = p001(name="Ålström, Øyvind Ärlig", rounds=("   2 w 1", "   3 b ?"))
    doc = read_trf((line + "\n").encode("utf-8"), path="u.trf")
    (d,) = doc.diagnostics
    assert (d.code, d.file, d.line, d.column, d.end_column) == ("T104", "u.trf", 1, 109, 109)
    assert doc.tournament.players[0].name == "Ålström, Øyvind Ärlig"


def test_a_round_entry_read_from_the_columns_is_a_frozen_value() -> None:
    import dataclasses

    (p,) = read(p001(rounds=("  12 w 1",))).tournament.players
    entry = p.rounds[0]
    assert entry == RoundEntry(12, "w", "1") and hash(entry) == hash(RoundEntry(12, "w", "1"))
    assert repr(entry) == "RoundEntry(opponent=12, color='w', result='1')"
    with pytest.raises(dataclasses.FrozenInstanceError):
        entry.result = "0"  # type: ignore[misc]
