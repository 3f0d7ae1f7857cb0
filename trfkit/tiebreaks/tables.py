"""FIDE rating tables B.02 8.1.1 and 8.1.2 as data (TIEBREAKS.md §D).

Kept as plain integers (hundredths for expected scores) so that the rating
tie-breaks can work in exact integer arithmetic: TPR looks up 8.1.1, PTP sums
8.1.2 over many candidate ratings, and floating point would make the
"lowest rating whose expected score reaches the actual score" of PTP depend on
rounding noise.

Both tables are written out once, exactly as printed in the FIDE Handbook (and
in the TEC exercise book); everything else is derived from them.
"""

from __future__ import annotations

from typing import Final

__all__ = ["DP_BY_PERCENT", "MAX_TABLE_DIFF", "PD_HIGH", "PD_ROWS", "dp", "expected_hundredths"]

#: Table 8.1.1: fractional score p (index = 100·p, 0..100) -> rating difference dp.
DP_BY_PERCENT: Final[tuple[int, ...]] = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)

#: Table 8.1.2 as printed: (largest difference D of the row, expected score of the
#: higher-rated player in hundredths). Rows start at 0; the lower-rated player's
#: score is 100 minus it. Differences above the last row (735) give 100 / 0.
PD_ROWS: Final[tuple[tuple[int, int], ...]] = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72),
    (179, 73), (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79),
    (245, 80), (256, 81), (267, 82), (278, 83), (290, 84), (302, 85), (315, 86),
    (328, 87), (344, 88), (357, 89), (374, 90), (391, 91), (411, 92), (432, 93),
    (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99),
)

#: The largest difference the table distinguishes; anything above it scores 100/0.
MAX_TABLE_DIFF: Final[int] = PD_ROWS[-1][0]


def _expand(rows: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """One entry per difference 0..735, plus one for "> 735" at index 736."""
    out: list[int] = []
    for upper, pd in rows:
        out.extend([pd] * (upper + 1 - len(out)))
    out.append(100)
    return tuple(out)


#: Expected score (hundredths) of the higher-rated player, index = |D| capped at 736.
PD_HIGH: Final[tuple[int, ...]] = _expand(PD_ROWS)


def dp(percent: int) -> int:
    """Rating difference for a percentage score 0..100 (table 8.1.1)."""
    if not 0 <= percent <= 100:
        raise ValueError(f"percentage score out of range: {percent}")
    return DP_BY_PERCENT[percent]


def expected_hundredths(diff: int) -> int:
    """Expected score in hundredths for a signed difference ``own - opponent``
    (table 8.1.2, no 400-point cap: callers that want it clamp first)."""
    if diff >= 0:
        return PD_HIGH[min(diff, MAX_TABLE_DIFF + 1)]
    return 100 - PD_HIGH[min(-diff, MAX_TABLE_DIFF + 1)]
