"""Buchholz-type sums with Cut/Median (C.07 14.1-14.4, 16.5) from rows sorted once.

BH/C1, BH/C2, BH/M1 ... (and FB's) all cut the same sorted contributions: they are
sorted once per run and mode, and the uncut totals are summed once. The players
with a VUR, whose low cuts 16.5 may take elsewhere, are kept apart (:func:`bh_sorted`).
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import contains, getitem, not_
from typing import cast

from ..tiebreak_codes import TieBreakCode
from .context import Context, Value
from .unplayed import adjusted

__all__ = ["bh_sorted", "bh_with_cuts", "plain_bh"]


Sorted = tuple[list[tuple[float, ...]], dict[int, tuple[list[float], list[float]]]]


def bh_sorted(ctx: Context, code: TieBreakCode, fore: bool) -> Sorted:
    """Every player's counted contributions, sorted (shared by BH/C1, BH/C2, BH/M1 ...;
    tuples, which the cyclic garbage collector stops traversing once it has seen them),
    and, for the players with a VUR or an uncounted round (round-robin), (sorted
    ordinary contributions, sorted VURs)."""
    fore = fore or code.fore

    def build() -> Sorted:
        table = adjusted(ctx, fore=fore, played_forfeits=code.played_forfeits)
        rr = ctx.round_robin
        rows = [] if rr else list(map(tuple, map(sorted, cast("list[list[float]]", table.contrib))))
        split: dict[int, tuple[list[float], list[float]]] = {}
        if rr:  # uncounted (None) rounds are left out
            for i in range(ctx.n):
                c_row, v_row = table.contrib[i], table.vur[i]
                pairs = [(c, v) for c, v in zip(c_row, v_row, strict=False) if c is not None]
                split[i] = (sorted(c for c, v in pairs if not v), sorted(c for c, v in pairs if v))
            return rows, split
        for i in compress(range(ctx.n), map(contains, table.vur, repeat(True))):
            c_row, v_row = table.contrib[i], table.vur[i]
            split[i] = (
                sorted(compress(c_row, map(not_, v_row))),  # type: ignore[arg-type]
                sorted(compress(c_row, v_row)),  # type: ignore[arg-type]
            )
        return rows, split

    return ctx.memo(("bh-sorted", fore, code.played_forfeits), build)


def bh_with_cuts(ctx: Context, code: TieBreakCode, fore: bool = False) -> list[Value]:
    """Buchholz-type sums with Cut/Median. For BH the value *is* the significance, so the
    16.5 rule reduces to: low cuts take the lowest VUR contributions first (a VUR value
    can never be below the least significant value), then the lowest of the rest; high
    cuts take the highest values. Same result as :func:`.cuts.apply_cuts`, on floats.

    Outside round-robins every row has one contribution per round, so for a player
    without VUR the cuts are one slice, the same for everybody."""
    rows, split = bh_sorted(ctx, code, fore)
    low, high = code.cut + code.median, code.median
    rounds = ctx.rounds
    lo = min(low, rounds)
    end = rounds - min(high, rounds - lo)
    out: list[Value] = (
        list(map(sum, map(getitem, rows, repeat(slice(lo, end))), repeat(0.0)))
        if rows
        else [None] * ctx.n
    )
    vur_first = ctx.edition.vur_first
    for i, (plain, vurs) in split.items():
        low = code.cut + code.median
        if vur_first and vurs:
            k = min(low, len(vurs))
            low -= k
            rest = sorted(plain + vurs[k:]) if len(vurs) > k else plain
        else:
            rest = sorted(plain + vurs) if vurs else plain
        n = len(rest)
        lo = min(low, n)
        hi = min(high, n - lo)
        out[i] = sum(rest[lo : n - hi], 0.0)
    return out


def plain_bh(ctx: Context, code: TieBreakCode, fore: bool = False) -> list[Value]:
    """Uncut Buchholz-type sums (memoised per mode: the cut forms start from them)."""
    fore = fore or code.fore

    def build() -> list[Value]:
        table = adjusted(ctx, fore=fore, played_forfeits=code.played_forfeits)
        if not ctx.round_robin:  # only a round-robin has uncounted (None) rounds
            return list(map(sum, cast("list[list[float]]", table.contrib), repeat(0.0)))
        return [sum((c for c in row if c is not None), 0.0) for row in table.contrib]

    return ctx.memo(("bh-total", fore, code.played_forfeits), build)
