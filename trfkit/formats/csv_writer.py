"""A crosstable as CSV: one row per player, one column per round.

Columns: ``start, name, federation, rating, fide_id, points, rank, r1, r2, ...``
(points with one decimal as in TRF, the score of the results when none is declared;
empty cells for unknown values). Each round
cell is ``<opponent><colour><result>`` built from the TRF round block:

==========  ======================================================
``12w1``    beat start number 12 with White (``=`` draw, ``0`` loss)
``7b+``     forfeit win against 7 (``-`` forfeit loss)
``7-+``     forfeit against 7 without a colour (as some files write it)
``12w``     paired with 12, no result yet (blank result)
``0-U``     no opponent: pairing-allocated bye (``H`` half, ``F`` full,
            ``Z`` zero-point bye, ``+`` a point without opponent)
``0-``      no opponent, blank result: absent (a zero-point bye)
(empty)     nothing written for that round
==========  ======================================================

The ``0`` and ``-`` are TRF's own "no opponent" and "no colour", so a bye never
starts with a minus sign. Spreadsheet safety: a cell starting with ``= + - @``,
a tab or a CR is prefixed with ``'`` so that Excel or LibreOffice do not run it
as a formula; ``raw=True`` (``--raw-csv``) writes the values untouched. A cell
holding a CR or LF is always quoted, whatever the line ending (Python's csv module
quotes only the characters of its own line terminator, so with LF rows a CR in a
name would start a new row in Excel, and the text after it a new cell a formula
could be). :func:`safe_cell` and :func:`format_row` are the two steps every CSV
writer of trfkit takes (``convert --to csv`` here, ``tiebreaks --to csv``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..model import EMPTY_BLOCK, NO_COLOR, Player, RoundEntry, ScoringSystem, Tournament

__all__ = [
    "HEADER",
    "format_row",
    "neutralise",
    "printable",
    "round_cell",
    "safe_cell",
    "write_csv",
]

HEADER = ("start", "name", "federation", "rating", "fide_id", "points", "rank")

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralise(cell: str) -> str:
    """``cell`` made inert for spreadsheets (leading ``'`` before a formula character)."""
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


def printable(cell: str) -> str:
    """``cell`` without NUL characters: Python 3.10's csv module cannot write them (it
    raises), later versions write them raw, and no spreadsheet wants them. A NUL can only
    come from a JSON input; the TRF writer drops it too."""
    return cell.replace("\x00", "") if "\x00" in cell else cell


def safe_cell(cell: str, raw: bool = False) -> str:
    """A text cell taken from a file, ready for a spreadsheet: NUL dropped
    (:func:`printable`) and, unless ``raw``, made inert (:func:`neutralise`). Whether it
    looks like a number does not matter: ``-inf`` or ``+1e3`` as a name is text."""
    cell = printable(cell)
    return cell if raw else neutralise(cell)


#: Characters that make a cell need quotes (RFC 4180): separator, quote, CR, LF.
_QUOTED = (",", '"', "\r", "\n")


def format_row(cells: Iterable[Any], newline: str) -> str:
    """One CSV row ended by ``newline``: a cell holding a comma, a quote, a CR or an LF is
    quoted (quotes doubled) whatever ``newline`` is; others are written as they are."""
    out = []
    for cell in cells:
        text = "" if cell is None else str(cell)
        if any(c in text for c in _QUOTED):
            text = '"' + text.replace('"', '""') + '"'
        out.append(text)
    if out == [""]:
        out = ['""']  # a row of one empty cell is not an empty line
    return ",".join(out) + newline


def round_cell(entry: RoundEntry) -> str:
    """The cell of one round block (see the module docstring for the forms)."""
    return _cell(entry.opponent or 0, entry.color or NO_COLOR, entry.result or EMPTY_BLOCK)


def _cell(opponent: int, color: str, result: str) -> str:
    """:func:`round_cell` of one round of the columns."""
    if not opponent and color == NO_COLOR and result == EMPTY_BLOCK:
        return ""
    return f"{opponent}{'-' if color == NO_COLOR else color}{result.strip(' ' + EMPTY_BLOCK)}"


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _row(player: Player, rounds: int, scoring: ScoringSystem) -> list[str]:
    # Native Swiss-Manager files and starting lists declare no points: the score of
    # the results is written instead (as the TRF writer does), so the column is never
    # blank for a player with results.
    score = player.points
    if score is None and player.results:
        score = player.score(scoring.column_points())
    points = "" if score is None else f"{score:.1f}"
    fixed = [
        str(player.start),
        player.name,
        player.federation,
        _text(player.rating),
        _text(player.fide_id),
        points,
        _text(player.rank),
    ]
    written = len(player.results)
    cells = list(
        map(_cell, player.opponents[:rounds], player.colors[:rounds], player.results[:rounds])
    )
    return fixed + cells + [""] * (rounds - written)


def write_csv(
    t: Tournament, *, raw: bool = False, newline: str | None = None, **_ignored: Any
) -> str:
    """``t`` as CSV text, players in start-number order.

    ``newline`` ends each row (default ``"\\r\\n"`` as RFC 4180 says); other
    writer options are accepted and ignored so that the CLI can pass one set.
    """
    rounds = max([t.rounds, *(len(p.rounds) for p in t.players)])
    end = newline or "\r\n"
    out = [format_row([*HEADER, *(f"r{r}" for r in range(1, rounds + 1))], end)]
    for player in sorted(t.players, key=lambda p: p.start):
        out.append(
            format_row([safe_cell(c, raw) for c in _row(player, rounds, t.header.scoring)], end)
        )
    return "".join(out)
