"""Cut and Median modifiers (C.07 14.1-14.4, 16.5): drop the least / most significant values.

Each counted round is a :class:`Item`: ``key`` orders significance (BH: the
opponent's score; SB: the opponent's score, then the product), ``value`` is what
the round adds to the sum, ``vur`` marks a voluntary unplayed round.

Low cuts (Cut-n, and the low half of Median-n): with ``vur_first`` (2023+ rules,
16.5) the lowest-valued VUR is cut *instead of* the least significant value unless
its value is below that value (so for BH a VUR is always cut first; for SB the larger
of the two products goes). High cuts never prefer VURs ("no exception on high").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

__all__ = ["Item", "apply_cuts"]


@dataclass(frozen=True, slots=True)
class Item:
    key: float
    value: float
    vur: bool = False
    round: int = 0


def apply_cuts(items: Sequence[Item], low: int, high: int, vur_first: bool) -> tuple[list[Item], list[Item]]:
    """Return (kept, cut) after ``low`` low cuts then ``high`` high cuts."""
    kept = list(items)
    cut: list[Item] = []
    for _ in range(min(low, len(kept))):
        least = min(kept, key=lambda it: (it.key, it.value))
        chosen = least
        if vur_first:
            vurs = [it for it in kept if it.vur]
            if vurs:
                lowest_vur = min(vurs, key=lambda it: (it.value, it.key))
                if lowest_vur.value >= least.value:
                    chosen = lowest_vur
        kept.remove(chosen)
        cut.append(chosen)
    for _ in range(min(high, len(kept))):
        most = max(kept, key=lambda it: (it.key, it.value))
        kept.remove(most)
        cut.append(most)
    return kept, cut
