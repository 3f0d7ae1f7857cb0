"""Cut and Median modifiers (C.07 14.1-14.4, 16.5): drop the least / most significant values.

Each counted round is an :class:`Item`: ``key`` orders significance (BH: the
opponent's score; SB: the opponent's score, then the product), ``value`` is what
the round adds to the sum, ``vur`` marks a voluntary unplayed round.

Low cuts (Cut-n, and the low half of Median-n): with ``vur_first`` (2023+ rules,
16.5) the lowest-valued VUR is cut *instead of* the least significant value unless
its value is below that value (so for BH a VUR is always cut first; for SB the larger
of the two products goes). High cuts never prefer VURs ("no exception on high").

Items are plain tuples (a NamedTuple) so that a player's list sorts in C; callers
that cut the same list several ways (BH/C1, BH/C2, BH/M1 ...) sort it once and pass
``presorted=True``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

__all__ = ["Item", "apply_cuts", "cut_sum"]


class Item(NamedTuple):
    key: float
    value: float
    vur: bool = False
    round: int = 0


def apply_cuts(
    items: Sequence[Item], low: int, high: int, vur_first: bool, presorted: bool = False
) -> tuple[list[Item], list[Item]]:
    """Return (kept, cut) after ``low`` low cuts then ``high`` high cuts."""
    kept = list(items) if presorted else sorted(items)
    cut: list[Item] = []
    for _ in range(min(low, len(kept))):
        idx = 0
        if vur_first:
            best = -1
            for j, it in enumerate(kept):
                if it[2] and (best < 0 or (it[1], it[0]) < (kept[best][1], kept[best][0])):
                    best = j
            if best >= 0 and kept[best][1] >= kept[0][1]:
                idx = best
        cut.append(kept.pop(idx))
    for _ in range(min(high, len(kept))):
        cut.append(kept.pop())  # the most significant: largest (key, value)
    return kept, cut


def cut_sum(
    items: Sequence[Item], low: int, high: int, vur_first: bool, presorted: bool = False
) -> float:
    """Sum of the values left after the cuts."""
    if not low and not high:
        return sum((it[1] for it in items), 0.0)
    kept, _ = apply_cuts(items, low, high, vur_first, presorted)
    return sum((it[1] for it in kept), 0.0)
