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

from ..diagnostics import Diagnostic, make
from .codes import TieBreakCode, parse
from .context import Context, Value
from .editions import Edition
from .registry import lookup

__all__ = ["Row", "Standings", "rank"]

PTS = parse("PTS")


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class Standings:
    """The result of :func:`trfkit.tiebreaks.compute`: rows best first."""

    edition: Edition
    codes: tuple[TieBreakCode, ...]
    rows: tuple[Row, ...]
    rounds: int
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    full_order: bool = False  # codes are the whole order (212, PTS included), not 202

    @property
    def labels(self) -> list[str]:
        """Column labels: the codes as written (``str(code)``)."""
        return [str(c) for c in self.codes]

    def by_start(self) -> dict[int, Row]:
        return {row.start: row for row in self.rows}


def _sort_key(value: Value, ascending: bool) -> tuple[int, float]:
    if value is None:
        return (1, 0.0)  # undefined sorts last either way
    return (0, value if ascending else -value)


def rank(
    ctx: Context, order: Sequence[TieBreakCode], values: dict[TieBreakCode, list[Value]],
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
    slots: list[list[int] | None] = [None] * ctx.n
    open_groups: list[tuple[int, list[int]]] = [(0, list(range(ctx.n)))] if ctx.n > 1 else []
    if ctx.n == 1:
        slots[0] = [0]
    out = dict(values)
    for code in order:
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
                got = entry.func(ctx, code, g)
                for i in g:
                    col[i] = got.get(i)
            if not defined and None in [col[i] for i in g]:
                runs = _split(sorted(g, key=lambda i: _sort_key(col[i], entry.ascending)), col)
            else:
                # No undefined value: sort on the value itself (reverse for "higher is
                # better" keeps equal values in order, as the key above does).
                runs = _split(sorted(g, key=col.__getitem__, reverse=not entry.ascending), col)  # type: ignore[arg-type]
            for run in runs:
                if len(run) == 1:
                    slots[start] = run
                else:
                    still.append((start, run))
                start += len(run)
        open_groups = still
    for start, g in open_groups:
        slots[start] = g
    order_idx: list[int] = []
    ranks = [0] * ctx.n
    for tied in slots:
        if tied is None:
            continue
        tied.sort(key=ctx.starts.__getitem__)  # stable display inside a shared rank
        first = len(order_idx) + 1
        for i in tied:
            ranks[i] = first
        order_idx.extend(tied)
    return order_idx, ranks, out


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


def rank_differences(ctx: Context, ranks: list[int]) -> list[Diagnostic]:
    """T505 for each player whose declared rank differs from the computed one."""
    found = []
    for i, p in enumerate(ctx.players):
        if p.rank is not None and p.rank != ranks[i]:
            found.append(make("T505", f"player {p.start} ({p.name}) declares rank {p.rank}, "
                                      f"the computed standings give {ranks[i]}", p.line))
    return found
