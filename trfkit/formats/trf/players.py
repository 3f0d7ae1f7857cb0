"""The ``001`` player record and its round blocks: the reader's hot path (TRF.md §4).

The blocks sit on a 10-column grid, so a line's colours are one slice of it, its
results another and its opponents one ``itemgetter`` call: they become the player's
round columns (:mod:`trfkit.model.players`) without an object per block. A line whose
grid holds anything unusual is read block by block, to say where.

Real-file quirks handled here (TRF.md §11.3, §11.5): sex ``f`` and upper case, title
short forms, FIDE id / rating ``0``, colourless forfeits with an opponent, the legacy
half-point bye ``0000 - =``, blank results, lower-case result letters, trailing
blanks, and rows whose blocks are pushed off the 10-column grid (a wrong encoding).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from operator import itemgetter
from typing import Final

from ...model import EMPTY_BLOCK, NO_COLOR, NO_OPPONENT, NationalRating, PartialDate, Player
from ...model.results import RESULT_ALIASES, RESULT_CODES
from .dates import parse_date

__all__ = [
    "parse_player",
    "parse_national",
    "TITLES",
    "ROUND_START",
]

#: 0-based index of round 1's block; round r starts at ``ROUND_START + 10 * (r - 1)``.
ROUND_START: Final = 91
#: 0-based index of round 1's colour column (column 97) and result column (99).
_COLOR_COLUMN: Final = ROUND_START + 5
_RESULT_COLUMN: Final = ROUND_START + 7

#: Title spellings seen in files -> canonical FIDE title (TRF.md §4.1; ``gf``/``mf`` are Papi's).
TITLES: Final[dict[str, str]] = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
    "gf": "WGM",
    "mf": "WIM",
    "ff": "WFM",
    "cf": "WCM",
    "gm": "GM",
    "im": "IM",
    "fm": "FM",
    "cm": "CM",
    "wgm": "WGM",
    "wim": "WIM",
    "wfm": "WFM",
    "wcm": "WCM",
}
_CANONICAL_TITLES: Final = frozenset(TITLES.values())
#: Column 10 as written -> sex; anything else goes through _odd_sex (reported).
_SEX: Final = {" ": "", "m": "m", "w": "w", "M": "m", "W": "w"}
#: 0-based columns that must be blank in the fixed part of a 001 line.
_SEPARATORS: Final = (3, 8, 13, 47, 52, 56, 68, 79, 84, 89, 90)
_BLANK_SEPARATORS: Final = (" ",) * len(_SEPARATORS)
_separators: Final = itemgetter(*_SEPARATORS)
#: A clean round grid: every block ``OOOO C R`` and its two blanks, the opponent of
#: ASCII digits and blanks, a colour (or ``-`` or blank), a result code in either case.
_RESULT_CHARS: Final = "".join(sorted({c for c in RESULT_CODES if c} | set(RESULT_ALIASES)))
_CLEAN_GRID: Final = re.compile(r"(?:[ 0-9]{4} [wb\- ] [" + re.escape(_RESULT_CHARS) + "]  )*")
#: Lower-case result letters folded to the table's codes, one character each.
_ALIASES: Final = str.maketrans(dict(RESULT_ALIASES))
_COLOR_OF: Final = {"w": "w", "b": "b", "-": NO_COLOR, " ": NO_COLOR}


#: (code, message, first column, last column); columns relative to the block (1-based).
Problem = tuple[str, str, int, int]
#: ``report(code, message, line, column, end_column)``
Report = Callable[[str, str, int, int, int], None]
#: One round as the columns hold it: opponent (0 = none), colour, result character.
Block = tuple[int, str, str]

_EMPTY_BLOCK: Final[Block] = (NO_OPPONENT, NO_COLOR, EMPTY_BLOCK)


def _parse_block(block: str) -> tuple[Block, tuple[Problem, ...]]:
    """One round block ``OOOO C R`` plus its two separator columns (10 characters, padded)."""
    if not block.strip():
        return _EMPTY_BLOCK, ()
    problems: list[Problem] = []
    opp_text = block[0:4].strip()
    opponent = NO_OPPONENT
    if opp_text and opp_text.strip("0"):
        if opp_text.isdecimal():
            opponent = int(opp_text)
        else:
            problems.append(("T103", f"opponent {opp_text!r} is not a start number", 1, 4))
    raw_color = block[5]
    color = _COLOR_OF.get(raw_color)
    if color is None:
        color = {"W": "w", "B": "b"}.get(raw_color)
        if color is None:
            problems.append(("T105", f"colour {raw_color!r} is not w, b or -", 6, 6))
            color = NO_COLOR
        else:
            problems.append(("T111", f"colour {raw_color!r} written in upper case", 6, 6))
    raw = block[7]
    result = RESULT_ALIASES.get(raw, raw)
    if result not in RESULT_CODES:
        problems.append(("T104", f"result {raw!r} is not a TRF result code", 8, 8))
        result = " "
    if block[4] != " " or block[6] != " ":
        problems.append(
            ("T108", "the blanks between opponent, colour and result hold characters", 5, 7)
        )
    if block[8:10].strip():
        problems.append(("T108", "the two columns after the block should be blank", 9, 10))
    problems += _lone_problems(opponent, color, result)
    return (opponent, color, result), tuple(problems)


def _lone_problems(opponent: int, color: str, result: str) -> list[Problem]:
    """T110: a bye or forfeit written in a shape the FIDE tools read their own way."""
    if not opponent:
        if result == "=" and color == NO_COLOR:
            # Kept as written: a half point without an opponent that the file does not call a
            # requested bye (H). The FIDE checker scores it as a draw that is not a voluntary
            # unplayed round (not cut first, counted by REP); trfkit does the same.
            return [
                ("T110", "legacy half-point bye '0000 - =' (not marked as a requested bye H)", 1, 8)
            ]
        if result == "+":
            # ``0000 - -`` (not paired / absent) is too common to report; bbpPairings accepts both.
            return [("T110", "forfeit win '+' without an opponent", 1, 8)]
    elif color == NO_COLOR and result in ("+", "-"):
        return [("T110", f"forfeit {result!r} against {opponent} written without a colour", 1, 8)]
    return []


def _number(text: str, what: str, col: int, end: int, lineno: int, report: Report) -> int | None:
    """``text`` (stripped) as a whole number; blank is None, anything else is reported."""
    if text.isdecimal():
        return int(text)
    if not text:
        return None
    report("T103", f"{what} {text!r} is not a whole number", lineno, col, end)
    return None


#: The fixed fields of a 001 line in one C call, each stripped by ``map``: start (5-8),
#: title (11-13), name (15-47), rating (49-52), federation (54-56), FIDE id (58-68),
#: birth date (70-79), points (81-84), rank (86-89). National Rating Support lines share
#: columns 1-79 (TRF.md §6.5). Sex (column 10) is read as it stands.
_COLUMNS: Final = itemgetter(
    slice(4, 8),
    slice(10, 13),
    slice(14, 47),
    slice(48, 52),
    slice(53, 56),
    slice(57, 68),
    slice(69, 79),
    slice(80, 84),
    slice(85, 89),
)
_strip: Final = str.strip


def _odd_sex(sex_raw: str, lineno: int, report: Report) -> str:
    """Column 10 when it is not blank, m or w in either case (``f`` is read as ``w``)."""
    if sex_raw in "fF":
        report("T111", "sex 'f' read as 'w'", lineno, 10, 10)
        return "w"
    report("T602", f"sex {sex_raw!r} is not m or w; ignored", lineno, 10, 10)
    return ""


def _birth(text: str, lineno: int, report: Report) -> PartialDate | None:
    date, problem = parse_date(text)
    if problem:
        report("T106", f"birth date {problem}", lineno, 70, 79)
    return date


def _spilled_birth(line: str, lineno: int, report: Report) -> PartialDate | None:
    """The birth date of a line whose column 69 or 80 (the blanks around 70-79) is not blank.

    A date written one column off (``1963/04/13`` in 71-80) cut at the field would read
    as another day (``1963/04/1``), so a run of characters that crosses only into the
    blank column is read whole. When it also touches the FIDE id or the points, the
    date's characters cannot be told from the neighbour's: the field is kept as written,
    unread (T106), and the writer copies it verbatim instead of inventing a date.
    """
    left, right = 69, 79
    if line[68] != " ":
        if line[67] != " ":
            return _unplaced_birth(line, lineno, report, "FIDE id")
        left = 68
    if line[79] != " ":
        if line[80] != " ":
            return _unplaced_birth(line, lineno, report, "points")
        right = 80
    text = line[left:right].strip()
    return _birth(text, lineno, report) if text else None


def _unplaced_birth(line: str, lineno: int, report: Report, neighbour: str) -> PartialDate | None:
    text = line[69:79].strip()
    if not text:
        return None
    report(
        "T106",
        f"birth date {text!r} runs into the {neighbour}; kept as written, unread",
        lineno,
        70,
        79,
    )
    return PartialDate(raw=text)


def parse_player(line: str, lineno: int, report: Report) -> Player:
    """Read one ``001`` line (tabs already expanded, trailing blanks stripped).

    Written flat, without helper calls on the clean path: it runs once per player.
    """
    length = len(line)
    if length < 91:
        if length < 84:
            report(
                "T102",
                f"001 record ends at column {length}, before the Points field (81-84)",
                lineno,
                max(1, length),
                84,
            )
        line = line.ljust(91)
    start_t, title_raw, name, rating_t, federation, fide_t, birth_t, points_t, rank_t = map(
        _strip, _COLUMNS(line)
    )
    start = (
        int(start_t)
        if start_t.isdecimal()
        else _number(start_t, "starting rank", 5, 8, lineno, report)
    )
    sex = _SEX.get(line[9])
    if sex is None:
        sex = _odd_sex(line[9], lineno, report)
    rating = (
        int(rating_t)
        if rating_t.isdecimal()
        else _number(rating_t, "rating", 49, 52, lineno, report)
    ) or None
    if line[68] != " " or line[79] != " ":
        birth = _spilled_birth(line, lineno, report)
    elif birth_t:
        birth, problem = parse_date(birth_t)
        if problem:
            report("T106", f"birth date {problem}", lineno, 70, 79)
    else:
        birth = None
    title = title_raw
    if title_raw and title_raw not in _CANONICAL_TITLES:
        title = TITLES.get(title_raw.lower(), title_raw)
        if title != title_raw:
            report("T111", f"title {title_raw!r} read as {title}", lineno, 11, 13)
    fide_id = (
        int(fide_t) if fide_t.isdecimal() else _number(fide_t, "FIDE id", 58, 68, lineno, report)
    ) or None
    points = None
    if points_t:
        try:
            points = float(points_t.replace(",", ".") if "," in points_t else points_t)
        except ValueError:
            report("T103", f"points {points_t!r} are not a number", lineno, 81, 84)
    rank = (
        int(rank_t) if rank_t.isdecimal() else _number(rank_t, "rank", 86, 89, lineno, report)
    ) or None
    if start is None:
        report("T102", "001 record without a starting rank (columns 5-8)", lineno, 5, 8)
    if _separators(line) != _BLANK_SEPARATORS:
        i = next(i for i in _SEPARATORS if line[i] != " ")
        report(
            "T108", f"column {i + 1} should be blank but holds {line[i]!r}", lineno, i + 1, i + 1
        )
    if len(line) > ROUND_START:
        opponents, colors, results = _round_columns(line, lineno, report)
    else:
        opponents, colors, results = (), "", ""
    return Player(
        start or 0,
        name,
        sex,
        title,
        rating,
        federation,
        fide_id,
        birth,
        points,
        rank,
        opponents,
        colors,
        results,
        lineno,
        (),
    )


def _round_columns(line: str, lineno: int, report: Report) -> tuple[tuple[int, ...], str, str]:
    """The round columns of a line longer than column 91, read from its fixed-width slices:
    every colour is one slice of the line, every result another, the opponents one C call.
    A grid with anything unusual (a blank or odd field, a character off its column) is
    read block by block instead, which locates each problem."""
    length = len(line)
    count = (length - ROUND_START + 9) // 10
    end = ROUND_START + 10 * count
    if length < end:
        line += " " * (end - length)
    if _CLEAN_GRID.fullmatch(line, ROUND_START):
        try:
            opponents = tuple(map(int, _opponent_cutter(count)(line)))  # "    " raises
        except ValueError:  # an empty block, or a blank inside an opponent field
            pass
        else:
            colors = line[_COLOR_COLUMN:end:10]
            if "-" in colors:
                colors = colors.replace("-", NO_COLOR)
            results = line[_RESULT_COLUMN:end:10]
            # A clean grid has "w" and "b" in colour columns only (T107 cannot apply),
            # unless a result is a lower-case letter (a "w" there needs a colour).
            aligned = True
            if results.upper() != results:
                aligned = _check_alignment(line, length, lineno, report)
                results = results.translate(_ALIASES)
            if (
                aligned
                and (NO_OPPONENT in opponents or NO_COLOR in colors)
                and ("=" in results or "+" in results or "-" in results)
            ):
                _lone_rounds(opponents, colors, results, lineno, report)
            return opponents, colors, results
    aligned = _check_alignment(line, length, lineno, report)
    return _block_by_block(line, count, lineno, report if aligned else None)


def _check_alignment(line: str, length: int, lineno: int, report: Report) -> bool:
    """Whether the blocks sit on the 10-column grid; T107 (up to column ``length``) when
    they do not."""
    # The first "w" and "b" sit on colour columns (the usual case); _aligned for the rest.
    w = line.find("w", ROUND_START)
    b = line.find("b", ROUND_START)
    if (w < 0 or (w - _COLOR_COLUMN) % 10 == 0) and (b < 0 or (b - _COLOR_COLUMN) % 10 == 0):
        return True
    if _aligned(line):
        return True
    report(
        "T107",
        "round blocks are off the 10-column grid (columns shifted: wrong encoding "
        "or a field too wide); results of this line are unreliable",
        lineno,
        ROUND_START + 1,
        length,
    )
    return False


def _lone_rounds(
    opponents: tuple[int, ...], colors: str, results: str, lineno: int, report: Report
) -> None:
    """The T110 problems of a clean grid: rounds without an opponent or a colour."""
    for r, opponent in enumerate(opponents):
        if not opponent or colors[r] == NO_COLOR:
            for problem in _lone_problems(opponent, colors[r], results[r]):
                _report_block(report, lineno, r, problem)


def _report_block(report: Report, lineno: int, r: int, problem: Problem) -> None:
    code, message, col, last = problem
    c = ROUND_START + 10 * r
    report(code, f"round {r + 1}: {message}", lineno, c + col, c + last)


def _block_by_block(
    line: str, count: int, lineno: int, report: Report | None
) -> tuple[tuple[int, ...], str, str]:
    """The columns of a grid that is not clean: each block parsed and its problems
    reported (not when ``report`` is None: the line is off the grid, T107 says so)."""
    blocks = [
        _parse_block(line[c : c + 10]) for c in range(ROUND_START, ROUND_START + 10 * count, 10)
    ]
    while blocks and blocks[-1][0] == _EMPTY_BLOCK:
        blocks.pop()
    if report is not None:
        for r, (_, problems) in enumerate(blocks):
            for problem in problems:
                _report_block(report, lineno, r, problem)
    return (
        tuple(b[0] for b, _ in blocks),
        "".join(b[1] for b, _ in blocks),
        "".join(b[2] for b, _ in blocks),
    )


@cache  # one per number of blocks: bounded by MAX_LINE_CHARS
def _opponent_cutter(count: int) -> Callable[[str], tuple[str, ...]]:
    """Cut the ``count`` 4-character opponent fields from a line in one C call."""
    slices = [slice(c, c + 4) for c in range(ROUND_START, ROUND_START + 10 * count, 10)]
    if count == 1:
        one = slices[0]
        return lambda line: (line[one],)
    return itemgetter(*slices)


def _aligned(line: str) -> bool:
    """TieBreakServer's check: the first ``w`` and the first ``b`` sit on colour columns.

    A lower-case ``w`` result (win in less than one move) is also accepted in the
    result column when a colour precedes it.
    """
    for letter in "wb":
        pos = line.find(letter, ROUND_START)
        if pos < 0:
            continue
        offset = (pos - ROUND_START) % 10
        if offset == 5 or (offset == 7 and letter == "w" and line[pos - 2] in "wb-"):
            continue
        return False
    return True


def parse_national(line: str, lineno: int, report: Report) -> NationalRating:
    """A National Rating Support line: ``001`` layout of columns 1-79, federation in 1-3."""
    if len(line) < 80:
        line = line.ljust(80)
    start_t, category, name, rating_t, origin, national_id, birth_t, _, _ = map(
        _strip, _COLUMNS(line)
    )
    start = _number(start_t, "starting rank", 5, 8, lineno, report)
    sex = _SEX.get(line[9])
    if sex is None:
        sex = _odd_sex(line[9], lineno, report)
    rating = _number(rating_t, "rating", 49, 52, lineno, report) or None
    birth = _birth(birth_t, lineno, report) if birth_t else None
    return NationalRating(
        federation=line[:3],
        start=start or 0,
        sex=sex,
        category=category,
        name=name,
        rating=rating,
        origin=origin,
        national_id=national_id,
        birth=birth,
        line=lineno,
    )
