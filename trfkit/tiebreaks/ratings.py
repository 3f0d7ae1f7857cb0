"""Rating arithmetic of the rating tie-breaks: the FIDE tables B.02 8.1.1 and 8.1.2,
expected scores, rating performance (TPR), perfect performance (PTP), averages and
their rounding (TIEBREAKS.md §D). Plain numbers in, plain numbers out: what a
tournament's games are is :mod:`.rated_games`' business, the tie-breaks built on
these functions are in :mod:`.rating_tiebreaks`.

Why it is built this way:

- Everything is exact. Ratings are integers, expected scores integer hundredths,
  scores :class:`~fractions.Fraction` (or integers); every division rounds in
  integers. Floating point would make PTP's "lowest rating whose expected score
  reaches the actual score" depend on rounding noise.
- Averages are rounded half up (TEC: 3.4 -> 3, 3.5 -> 4, 1887.5 -> 1888), and so is
  TPR's percentage p (§D.3).
- PTP is the lowest integer R with Σ PD(R - R_i) >= 100 x score, PD from table 8.1.2.
  That sum never decreases with R, so the answer is found by a search; the sum at
  one R is read from :func:`expected_by_rating`, the table laid out so that the
  expected scores against every rating at R are one window of it.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:  # scores are Fractions or integers; the module needs neither type
    from fractions import Fraction

__all__ = [
    "DP_BY_PERCENT",
    "MAX_SCALE",
    "MAX_TABLE_DIFF",
    "PD_HIGH",
    "PD_ROWS",
    "average_of",
    "average_rating",
    "capped_ratings",
    "divide_half_up",
    "dp",
    "expected_by_rating",
    "expected_hundredths",
    "expected_total",
    "percentage",
    "perfect_performance",
    "perfect_performance_hundredths",
    "performance",
    "rating_performance",
    "round_half_up",
]

# ---------------------------------------------------------------- the FIDE tables

#: Table 8.1.1: fractional score p (index = 100·p, 0..100) -> rating difference dp.
DP_BY_PERCENT: Final[tuple[int, ...]] = (
    -800,
    -677,
    -589,
    -538,
    -501,
    -470,
    -444,
    -422,
    -401,
    -383,
    -366,
    -351,
    -336,
    -322,
    -309,
    -296,
    -284,
    -273,
    -262,
    -251,
    -240,
    -230,
    -220,
    -211,
    -202,
    -193,
    -184,
    -175,
    -166,
    -158,
    -149,
    -141,
    -133,
    -125,
    -117,
    -110,
    -102,
    -95,
    -87,
    -80,
    -72,
    -65,
    -57,
    -50,
    -43,
    -36,
    -29,
    -21,
    -14,
    -7,
    0,
    7,
    14,
    21,
    29,
    36,
    43,
    50,
    57,
    65,
    72,
    80,
    87,
    95,
    102,
    110,
    117,
    125,
    133,
    141,
    149,
    158,
    166,
    175,
    184,
    193,
    202,
    211,
    220,
    230,
    240,
    251,
    262,
    273,
    284,
    296,
    309,
    322,
    336,
    351,
    366,
    383,
    401,
    422,
    444,
    470,
    501,
    538,
    589,
    677,
    800,
)

#: Table 8.1.2 as printed: (largest difference D of the row, expected score of the
#: higher-rated player in hundredths). Rows start at 0; the lower-rated player's
#: score is 100 minus it. Differences above the last row (735) give 100 / 0.
PD_ROWS: Final[tuple[tuple[int, int], ...]] = (
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
)

#: The largest difference the table distinguishes; anything above it scores 100/0.
MAX_TABLE_DIFF: Final[int] = PD_ROWS[-1][0]

#: Ratings the rating tie-breaks accept: a TRF rating field has four digits.
MAX_SCALE: Final[int] = 9999


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


def expected_total(rating: int, ratings: Iterable[int]) -> int:
    """Σ PD(rating - R_i) in hundredths: the expected score of a player rated
    ``rating`` against opponents rated ``ratings`` (table 8.1.2 without a cap)."""
    return sum(expected_hundredths(rating - r) for r in ratings)


# ---------------------------------------------------------------- rounding and averages


def divide_half_up(total: int, count: int) -> int:
    """total / count rounded to the nearest integer, .5 up, in integers:
    floor(total / count + 1/2) = (2 total + count) // (2 count); ``count`` > 0."""
    return (2 * total + count) // (2 * count)


def round_half_up(value: Fraction | int) -> int:
    """Nearest integer, .5 up (C.07 10.1: 1887.5 -> 1888)."""
    return divide_half_up(value.numerator, value.denominator)


def average_rating(ratings: Sequence[int], cut: int = 0, divisor: int | None = None) -> int | None:
    """ARO: the average of ``ratings`` after dropping the ``cut`` lowest (32.4.2, Cut-n).

    ``divisor`` replaces the number of games kept (Art. 32.4.1 divides by the number
    of rounds); it is reduced by ``cut`` like the games are. ``None`` when no game
    is left to average or the divisor is not positive.
    """
    kept = sorted(ratings)[cut:] if cut > 0 else ratings
    if not kept:
        return None
    den = len(kept) if divisor is None else divisor - cut
    if den <= 0:
        return None
    return divide_half_up(sum(kept), den)


def average_of(values: Iterable[int | None]) -> int | None:
    """APRO/APPO: the average of the defined values (integers), rounded half up."""
    defined = [v for v in values if v is not None]
    if not defined:
        return None
    return divide_half_up(sum(defined), len(defined))


def capped_ratings(own: int, ratings: Iterable[int], cap: int = 400) -> list[int]:
    """Art. 32.4.3.1, reading (a): each opponent counts as at most ``cap`` points
    away from the player's own rating (the B.02 8.3.1 rule, applied per opponent)."""
    return [min(max(r, own - cap), own + cap) for r in ratings]


# ---------------------------------------------------------------- TPR


def percentage(score: Fraction | int, games: int) -> int:
    """p = score / games in whole per cent, rounded half up (TieBreakServer; §D.3)."""
    return divide_half_up(100 * score.numerator, score.denominator * games)


def rating_performance(total: int, games: int, percent: int) -> int:
    """TPR (C.07 10.2) from the sum of the opponents' ratings, the number of games
    and the percentage score p: ARO (.5 up) + dp(p); p = 100 gives +800, p = 0 -800."""
    return divide_half_up(total, games) + dp(percent)


def performance(ratings: Sequence[int], score: Fraction | int) -> int | None:
    """TPR (C.07 10.2) against opponents rated ``ratings`` for a score of ``score``;
    ``None`` without a game."""
    if not ratings:
        return None
    return rating_performance(sum(ratings), len(ratings), percentage(score, len(ratings)))


# ---------------------------------------------------------------- PTP

#: Half the width of the window :func:`expected_by_rating` serves: a candidate R lies
#: at most this far beyond the scale (PD is 0 / 100 from 736 points away on).
_BEYOND: Final[int] = MAX_TABLE_DIFF + 1
#: The index of :func:`expected_by_rating` that holds PD(0) for R = 0.
_CENTRE: Final[int] = MAX_SCALE + _BEYOND


@cache
def expected_by_rating() -> memoryview:
    """Table 8.1.2 laid out by rating: entry ``k`` is PD(_CENTRE - k), for differences
    from +(MAX_SCALE + 736) down to -(MAX_SCALE + 736).

    Why this layout: against an opponent rated r (0..MAX_SCALE), a player rated R
    (-736..MAX_SCALE + 736) expects PD(R - r), which is entry ``_CENTRE - R + r``: so
    ``table[_CENTRE - R:]`` is a window whose entry r is the expected score against a
    rating r, and a player's expected total at R is one gather of the opponents'
    ratings from that window (no per-game arithmetic). The window is a memoryview
    slice: nothing is copied."""
    middle = [expected_hundredths(d) for d in range(_BEYOND, -_BEYOND - 1, -1)]
    tail = _CENTRE - _BEYOND
    return memoryview(array("B", [100] * tail + middle + [0] * tail))


def _gatherer(ratings: Sequence[int]) -> Callable[[memoryview], Sequence[int]]:
    """The entries at ``ratings`` of a window of :func:`expected_by_rating`."""
    if len(ratings) == 1:
        only = ratings[0]
        return lambda window: (window[only],)
    return itemgetter(*ratings)


def perfect_performance_hundredths(
    ratings: Sequence[int], need: int, start: int | None = None
) -> int | None:
    """PTP (C.07 10.3) for a score of ``need`` hundredths (100 x score, rounded up: an
    integer total reaches a score exactly when it reaches its ceiling): the lowest
    integer R with Σ PD(R - R_i) >= need. Ratings must lie in 0..MAX_SCALE.

    A zero score gives the lowest opponent rating - 800; a score above the number of
    games (impossible input) gives the highest + 800. Otherwise the total is 0 at
    ``min - 736`` (below ``need``) and 100 per game at ``max + 736`` (reaches it), and
    the answer is searched between: from ``start`` (the player's TPR, which is within
    a few points of the PTP for most players) outwards in doubling steps until the
    answer is bracketed, then by halving; without ``start``, by halving from the
    bounds. Either way the answer is the same.
    """
    n = len(ratings)
    if not n:
        return None
    bottom, top = min(ratings), max(ratings)
    if need <= 0:
        return bottom - 800
    if need > 100 * n:
        return top + 800
    if bottom < 0 or top > MAX_SCALE:
        raise ValueError(f"ratings outside the scale 0..{MAX_SCALE}: {bottom}..{top}")
    table, gather = expected_by_rating(), _gatherer(ratings)

    def reaches(rating: int) -> bool:  # the expected total at ``rating`` reaches ``need``
        return sum(gather(table[_CENTRE - rating :])) >= need

    low, high = bottom - _BEYOND, top + _BEYOND  # the total is 0 at low, 100 n at high
    if start is not None and low < start < high:
        step = 1  # bracket the answer from ``start`` outwards, in doubling steps
        if reaches(start):
            high = start
            while high - step > low and reaches(high - step):
                high -= step
                step *= 2
            low = max(low, high - step)
        else:
            low = start
            while low + step < high and not reaches(low + step):
                low += step
                step *= 2
            high = min(high, low + step)
    while high - low > 1:  # then halve: not reaching at low, reaching at high
        mid = (low + high) // 2
        if reaches(mid):
            high = mid
        else:
            low = mid
    return high


def perfect_performance(
    ratings: Sequence[int], score: Fraction | int, start: int | None = None
) -> int | None:
    """PTP (C.07 10.3): the lowest integer R with Σ PD(R - R_i) >= score
    (:func:`perfect_performance_hundredths` of 100 x score, rounded up)."""
    need = -(-100 * score.numerator // score.denominator)
    return perfect_performance_hundredths(ratings, need, start)
