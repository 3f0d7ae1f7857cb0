"""Standings: points first, then the tie-breaks in order; still-tied players share a rank.

Sorting is a refinement of groups: all players start in one group; each criterion
(``PTS`` and the listed tie-breaks, in order) splits every group that is still tied
by its value. Type-A tie-breaks (DE) are evaluated per group at that point, exactly
as C.07 4 (2026 wording) asks. Nothing is ever decided at random: players left
tied at the end share the rank of the first of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress, repeat
from operator import attrgetter, ne
from typing import TypeVar, cast

from ..diagnostics import Diagnostic, make
from ..tiebreak_codes import TieBreakCode, parse
from .context import Context, Value
from .editions import Edition
from .registry import lookup

__all__ = [
    "Row",
    "Standings",
    "build_rows",
    "outside_ties",
    "rank",
    "rank_differences",
    "unlisted_rank_note",
]

PTS = parse("PTS")
T = TypeVar("T")


@dataclass(frozen=True, slots=True, repr=False)  # its own __repr__ below
class Row:
    """One player's line: rank (shared when tied), points and the tie-break values
    keyed by the codes as the caller wrote them."""

    rank: int
    index: int
    start: int
    name: str
    federation: str
    rating: int | None
    points: float
    values: dict[str, Value]

    def __repr__(self) -> str:
        return f"<Row rank {self.rank} start {self.start} {self.name!r} {self.points:g} pts>"


@dataclass(frozen=True, slots=True, repr=False)  # its own __repr__ below
class Standings:
    """The result of :func:`trfkit.tiebreaks.compute`: rows best first."""

    edition: Edition
    codes: tuple[TieBreakCode, ...]
    rows: tuple[Row, ...]
    rounds: int
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    full_order: bool = False  # codes are the whole order (212, PTS included), not 202
    #: the event's number of rounds (142/XXR, else the last written); ``rounds`` of them
    #: are scored (0 when the caller built the standings without saying)
    total_rounds: int = 0

    @property
    def labels(self) -> list[str]:
        """Column labels: the codes as written (``str(code)``)."""
        return [str(c) for c in self.codes]

    def __repr__(self) -> str:
        """Short: ``<Standings fide-2024 BH/C1,SB 10 rows after round 5>``."""
        return (
            f"<Standings {self.edition.name} {','.join(self.labels) or '(points only)'} "
            f"{len(self.rows)} rows after round {self.rounds}>"
        )

    def by_start(self) -> dict[int, Row]:
        return {row.start: row for row in self.rows}


def _sort_key(value: Value, ascending: bool) -> tuple[int, float]:
    if value is None:
        return (1, 0.0)  # undefined sorts last either way
    return (0, value if ascending else -value)


def rank(
    ctx: Context,
    order: Sequence[TieBreakCode],
    values: dict[TieBreakCode, list[Value]],
) -> tuple[list[int], list[int], dict[TieBreakCode, list[Value]]]:
    """Order players by ``order`` (the first entry is normally PTS).

    ``values`` holds precomputed values of non-group criteria; group criteria (DE)
    are evaluated here per tied group and their values are added to the returned
    mapping (players never in a tied group get None). Returns (indices best first,
    rank of each index, values).
    """
    # Only groups still tied are visited again: each open group is kept with the
    # position its block starts at in the final order, a settled player goes to its
    # slot at once (a field of 2000 is mostly settled after two or three criteria).
    # A slot holds a settled player's index, or the list of players tied at the end.
    slots: list[int | list[int] | None] = [None] * ctx.n
    open_groups: list[tuple[int, list[int]]] = [(0, list(range(ctx.n)))] if ctx.n > 1 else []
    if ctx.n == 1:
        slots[0] = 0
    out = dict(values)
    for code in order:
        if not open_groups:
            break
        entry = lookup(code, ctx.scope)
        if entry.group:
            col: list[Value] = out.get(code) or [None] * ctx.n
            out[code] = col
        else:
            col = out[code]
        still: list[tuple[int, list[int]]] = []
        defined = not entry.group and None not in col  # one C-level scan per criterion
        for start, g in open_groups:
            if entry.group:
                got = entry.func(ctx.for_code(code), code, g)  # a DE/V2009 under 2009
                for i in g:
                    col[i] = got.get(i)
            if len(g) == 2:  # most groups left after two criteria are pairs
                pair = _order_pair(g[0], g[1], col, entry.ascending)
                if pair is None:
                    still.append((start, g))
                else:
                    slots[start], slots[start + 1] = pair
                continue
            if not defined and None in [col[i] for i in g]:
                runs = _split(sorted(g, key=lambda i: _sort_key(col[i], entry.ascending)), col)
            else:
                # No undefined value: sort on the value itself (reverse for "higher is
                # better" keeps equal values in order, as the key above does).
                runs = _split(sorted(g, key=col.__getitem__, reverse=not entry.ascending), col)  # type: ignore[arg-type]
            for run in runs:
                if len(run) == 1:
                    slots[start] = run[0]
                else:
                    still.append((start, run))
                start += len(run)
        open_groups = still
    for start, g in open_groups:
        slots[start] = g
    ranks = [0] * ctx.n
    if None not in slots and list not in map(type, slots):  # nobody left tied
        for position, i in enumerate(cast("list[int]", slots), 1):
            ranks[i] = position
        return cast("list[int]", slots), ranks, out
    order_idx: list[int] = []
    starts = ctx.starts.__getitem__
    for tied in slots:
        if tied is None:
            continue
        if type(tied) is int:
            order_idx.append(tied)
            ranks[tied] = len(order_idx)
            continue
        tied = sorted(cast("list[int]", tied), key=starts)  # stable display in a shared rank
        first = len(order_idx) + 1
        for i in tied:
            ranks[i] = first
        order_idx.extend(tied)
    return order_idx, ranks, out


def _order_pair(a: int, b: int, col: list[Value], ascending: bool) -> tuple[int, int] | None:
    """Two tied players split by ``col`` (best first), or None when still tied: the
    outcome of sorting and :func:`_split` on a group of two, without either."""
    va, vb = col[a], col[b]
    if va is None or vb is None:
        if va is vb:
            return None
        return (b, a) if va is None else (a, b)  # undefined sorts last
    if abs(va - vb) < 1e-9:
        return None
    return (a, b) if (va > vb) != ascending else (b, a)


def _split(ordered: list[int], col: list[Value]) -> list[list[int]]:
    """Cut players sorted by ``col`` into runs of values equal to the run's first
    (within 1e-9; None equals only None)."""
    out: list[list[int]] = []
    cur = [ordered[0]]
    first = col[ordered[0]]
    for i in ordered[1:]:
        v = col[i]
        if v is None or first is None:
            same = v is first
        else:
            same = abs(v - first) < 1e-9
        if same:
            cur.append(i)
        else:
            out.append(cur)
            cur = [i]
            first = v
    out.append(cur)
    return out


def build_rows(
    ctx: Context,
    best_first: list[int],
    ranks: list[int],
    labels: list[str],
    columns: list[list[Value]],
) -> tuple[Row, ...]:
    """The standings rows, best first: each player's values keyed by ``labels``
    (``columns`` holds one list per label, in player order).

    Built field-wide: one transposition gives each player's values, and every field of
    the rows is a C-level ``map`` over the order (no Python step per row)."""
    if len(labels) != len(columns):
        raise ValueError(f"{len(labels)} labels for {len(columns)} columns")
    # one tuple of values per player (none when there are no labels)
    by_player = list(zip(*columns, strict=True)) if columns else [()] * len(ctx.players)
    players = list(map(ctx.players.__getitem__, best_first))
    return tuple(
        map(
            Row,
            map(ranks.__getitem__, best_first),
            best_first,
            map(_START, players),
            map(_NAME, players),
            map(_FEDERATION, players),
            map(_RATING, players),
            map(ctx.score.__getitem__, best_first),
            map(dict, map(zip, repeat(labels), map(by_player.__getitem__, best_first))),
        )
    )


def rank_differences(
    ctx: Context, ranks: list[int], *, declared_list: bool = True, undefined: Sequence[str] = ()
) -> list[Diagnostic]:
    """T505 for each player whose declared rank differs from the computed one, when
    the standings follow the file's own tie-break list (``declared_list``); otherwise
    one T506 info for all of them (see :func:`unlisted_rank_note`), as when a code of
    the list is ``undefined`` for every player (it cannot give the file's order).

    A declared rank inside the places a tie covers is no difference
    (:func:`outside_ties`).
    """
    players = ctx.players
    differ = [
        i
        for i in compress(range(ctx.n), map(ne, map(_RANK, players), ranks))
        if players[i].rank is not None
    ]
    if differ:
        differ = outside_ties(differ, [players[i].rank for i in differ], ranks)
    if not differ:
        return []
    if not declared_list or undefined:
        first = players[differ[0]]
        example = (
            f"player {first.start} declares rank {first.rank}, the standings give "
            f"{ranks[differ[0]]}"
        )
        if declared_list:
            return [
                make(
                    "T506",
                    f"{len(differ)} declared rank(s) differ from these standings "
                    f"({example}); the file's list has {', '.join(undefined)}, "
                    "undefined for every player here, so the ranks are not "
                    "checked against it",
                    first.line,
                )
            ]
        return [unlisted_rank_note(len(differ), example, first.line)]
    return [
        make(
            "T505",
            f"player {p.start} ({p.name}) declares rank {p.rank}, "
            f"the computed standings give {ranks[i]}",
            max(1, p.line),
        )
        for i, p in ((i, players[i]) for i in differ)
    ]


def outside_ties(
    differ: list[int], declared: Sequence[int | None], ranks: Sequence[int]
) -> list[int]:
    """The players of ``differ`` whose declared rank is not a place their tie covers.

    Players the tie-breaks do not separate share a rank (2, 2 for places 2 and 3); the
    file, which had to print one order, may give them 2 and 3 (drawn, or by a rule after
    the list): a declared rank inside the tied places is no disagreement.
    """
    size: dict[int, int] = {}
    for r in ranks:
        size[r] = size.get(r, 0) + 1
    return [
        i
        for i, d in zip(differ, declared, strict=True)
        if d is None or not ranks[i] <= d < ranks[i] + size[ranks[i]]
    ]


def unlisted_rank_note(count: int, example: str, line: int) -> Diagnostic:
    """T506 (info): ``count`` declared ranks differ from standings made with a list that
    is not the file's own, so the difference says nothing about the file (``example``
    is the first of them)."""
    return make(
        "T506",
        f"{count} declared rank(s) differ from these standings ({example}); "
        "the tie-break list used is not the file's own (202/212), so the ranks "
        "are not checked against it",
        line,
    )


_RANK = attrgetter("rank")
_START = attrgetter("start")
_NAME = attrgetter("name")
_FEDERATION = attrgetter("federation")
_RATING = attrgetter("rating")
