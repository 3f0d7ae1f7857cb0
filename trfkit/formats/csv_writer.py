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
could be), and so is a cell holding the delimiter (``delimiter=";"`` for Excel where
the decimal separator is a comma; ``bom=True`` starts the text with a byte order mark).
:func:`safe_cell` and :func:`format_row` (:mod:`.sheets`) are the two steps every CSV
writer of trfkit takes (``convert --to csv`` here, ``tiebreaks --to csv``). A team event's
rows get the player's ``team`` number and ``team_name`` after ``rank``.
"""

from __future__ import annotations

from typing import Any

from ..model import EMPTY_BLOCK, NO_COLOR, Player, RoundEntry, ScoringSystem, Tournament
from .sheets import (
    TEAM_HEAD,
    Cell,
    CsvStyle,
    Table,
    csv_text,
    format_row,
    neutralise,
    printable,
    safe_cell,
    team_cells,
    team_columns,
)

__all__ = [
    "HEADER",
    "crosstable",
    "format_row",
    "neutralise",
    "printable",
    "round_cell",
    "safe_cell",
    "write_csv",
]

HEADER = ("start", "name", "federation", "rating", "fide_id", "points", "rank")


def round_cell(entry: RoundEntry) -> str:
    """The cell of one round block (see the module docstring for the forms)."""
    return _cell(entry.opponent or 0, entry.color or NO_COLOR, entry.result or EMPTY_BLOCK)


def _cell(opponent: int, color: str, result: str) -> str:
    """:func:`round_cell` of one round of the columns."""
    if not opponent and color == NO_COLOR and result == EMPTY_BLOCK:
        return ""
    return f"{opponent}{'-' if color == NO_COLOR else color}{result.strip(' ' + EMPTY_BLOCK)}"


def _row(
    player: Player,
    rounds: int,
    scoring: ScoringSystem,
    teams: dict[int, tuple[int, str]] | None,
) -> tuple[Cell, ...]:
    # Native Swiss-Manager files and starting lists declare no points: the score of
    # the results is written instead (as the TRF writer does), so the column is never
    # blank for a player with results.
    score = player.points
    if score is None and player.results:
        score = player.score(scoring.column_points())
    fixed = (
        player.start,
        player.name,
        player.federation,
        player.rating,
        player.fide_id,
        score,
        player.rank,
        *team_columns(teams, player.start),
    )
    written = len(player.results)
    cells = tuple(
        map(_cell, player.opponents[:rounds], player.colors[:rounds], player.results[:rounds])
    )
    return fixed + cells + ("",) * (rounds - written)


def crosstable(t: Tournament) -> Table:
    """The crosstable of ``t`` as a table (players in start-number order); a team event's
    rows have the player's team number and name after the rank (:data:`HEADER` keeps its
    places in every file), before the rounds."""
    rounds = max([t.rounds, *(len(p.rounds) for p in t.players)])
    teams = team_cells(t)
    head = (*HEADER, *(TEAM_HEAD if teams is not None else ()))
    rows = tuple(
        _row(player, rounds, t.header.scoring, teams)
        for player in sorted(t.players, key=lambda p: p.start)
    )
    return Table("Crosstable", (*head, *(f"r{r}" for r in range(1, rounds + 1))), rows)


def _points(value: float) -> str:
    """Points as TRF writes them: one decimal."""
    return f"{value:.1f}"


def write_csv(
    t: Tournament,
    *,
    raw: bool = False,
    newline: str | None = None,
    delimiter: str = ",",
    bom: bool = False,
    **_ignored: Any,
) -> str:
    """``t`` as CSV text, players in start-number order.

    ``newline`` ends each row (default ``"\\r\\n"`` as RFC 4180 says), ``delimiter``
    separates the cells, ``bom`` starts the text with a byte order mark; other writer
    options are accepted and ignored so that the CLI can pass one set.
    """
    style = CsvStyle(delimiter, bom, raw)
    return csv_text(crosstable(t), style, number=_points, newline=newline or "\r\n")
