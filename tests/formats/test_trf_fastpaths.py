"""The reader's fast paths give exactly what the general code gives (TRF.md §11.4, §4)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from trfkit.formats.trf.dates import parse_date, parse_round_date
from trfkit.formats.trf.players import _parse_block, parse_player
from trfkit.model import PartialDate, RoundEntry

_DIGITS = st.sampled_from("0123456789")
_ODD = st.sampled_from("0123456789 /.-_+x²١")  # blanks, separators, underscore, non-ASCII digits


def _date(parts: list[str]) -> str:
    return "".join(parts)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(_DIGITS, _ODD), min_size=10, max_size=10).map(_date))
def test_fast_date_path_agrees_with_the_general_reader(raw: str) -> None:
    assert parse_date(raw) == parse_round_date(raw, ())


def test_fast_date_path_values_and_calendar() -> None:
    assert parse_date("1994/03/27") == (PartialDate("1994/03/27", 1994, 3, 27), None)
    assert parse_date("2000/02/29")[0] == PartialDate("2000/02/29", 2000, 2, 29)  # leap year
    date, problem = parse_date("1900/02/29")  # not a leap year: the general path says why
    assert date == PartialDate("1900/02/29") and problem is not None
    assert parse_date("1978/00/00") == (PartialDate("1978/00/00", 1978, None, None), None)
    assert parse_date("0994/03/27")[1] is not None  # years before 1000 are not dates
    assert parse_date("١٩٩٤/٠٣/٢٧")[0] == PartialDate("١٩٩٤/٠٣/٢٧", 1994, 3, 27)


_BLOCK = st.tuples(
    st.sampled_from(["   1", "  12", "1998", "0000", "    ", " 0 1", "12 3", "  ab", "0012"]),
    st.sampled_from(" -"),
    st.sampled_from("wbWB- x"),
    st.sampled_from(" +"),
    st.sampled_from("10=+-WDLHFUZ x"),
    st.sampled_from(["  ", " x", "1 "]),
).map(lambda t: "".join(t))


_PREFIX = (
    "001    3 m GM Xu, Oscar                         2721 HUN     1000111 1963/07/02  7.5  107  "
)


@settings(max_examples=600, deadline=None)
@given(st.lists(_BLOCK, min_size=1, max_size=6))
def test_sliced_columns_equal_the_block_by_block_parse(blocks: list[str]) -> None:
    """The columns cut from the whole line (and the problems reported) are those of
    parsing every block on its own and locating its problems in the line. Only a clean
    grid takes another path (one regular expression); the block-by-block path itself is
    held to hand-read values by the test below."""
    line = (_PREFIX + "".join(blocks)).rstrip()
    found: list[tuple[object, ...]] = []
    p = parse_player(line, 7, lambda *a: found.append(a))
    parsed = [_parse_block(block.ljust(10)) for block in blocks]
    while parsed and parsed[-1][0] == (0, " ", "."):
        parsed.pop()
    assert p.opponents == tuple(b[0] for b, _ in parsed)
    assert p.colors == "".join(b[1] for b, _ in parsed)
    assert p.results == "".join(b[2] for b, _ in parsed)
    rounds = [f for f in found if re.match(r"round \d+: ", str(f[1]))]
    if any(f[0] == "T107" for f in found):
        assert rounds == []
        return
    expected = [
        (code, f"round {r + 1}: {message}", 7, 91 + 10 * r + col, 91 + 10 * r + last)
        for r, (_, problems) in enumerate(parsed)
        for code, message, col, last in problems
    ]
    assert rounds == expected


def test_clean_player_line_reports_nothing() -> None:
    line = (
        "001    3 m GM Xu, Oscar                         2721 HUN     1000111 1963/07/02"
        "  7.5  107     4 w 1     2 b =  0000 - U"
    )
    found: list[tuple[object, ...]] = []
    p = parse_player(line, 7, lambda *a: found.append(a))
    assert found == []
    assert (p.start, p.name, p.sex, p.title, p.rating, p.federation, p.fide_id) == (
        3,
        "Xu, Oscar",
        "m",
        "GM",
        2721,
        "HUN",
        1000111,
    )
    assert p.birth == PartialDate("1963/07/02", 1963, 7, 2)
    assert (p.points, p.rank, p.line) == (7.5, 107, 7)
    assert p.rounds == (RoundEntry(4, "w", "1"), RoundEntry(2, "b", "="), RoundEntry(None, "", "U"))
    assert (p.opponents, p.colors, p.results) == ((4, 2, 0), "wb ", "1=U")


def test_a_grid_that_is_not_clean_is_read_block_by_block_with_located_problems() -> None:
    """Hand-read: an upper-case colour (T111, read as White), an opponent that is not a
    number (T103, read as none) and a colour that is no colour (T105, read as none).
    Blocks start at column 92, every 10 columns: colour at 97, opponent at 102-105,
    colour at 117 (TRF.md §4.1)."""
    line = _PREFIX + "  12 W 1    1x w 0     3 x ="
    found: list[tuple[object, ...]] = []
    p = parse_player(line, 7, lambda *a: found.append(a))
    assert (p.opponents, p.colors, p.results) == ((12, 0, 3), "ww ", "10=")
    assert found == [
        ("T111", "round 1: colour 'W' written in upper case", 7, 97, 97),
        ("T103", "round 2: opponent '1x' is not a start number", 7, 102, 105),
        ("T105", "round 3: colour 'x' is not w, b or -", 7, 117, 117),
    ]
