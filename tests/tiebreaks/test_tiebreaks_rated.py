"""PTP and TPR of :mod:`trfkit.tiebreaks.ratings` (C.07 10.2-10.3) on hand-computed
values, and the PTP search against the definition: the lowest R whose expected
score by table 8.1.2 reaches the score, whichever rating the search starts from.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfkit.tiebreaks.ratings import (
    MAX_SCALE,
    expected_by_rating,
    expected_hundredths,
    expected_total,
    perfect_performance,
    perfect_performance_hundredths,
    performance,
    rating_performance,
)

games = st.integers(min_value=0, max_value=3000).flatmap(
    lambda base: st.lists(
        st.integers(min_value=max(0, base - 900), max_value=base + 900), min_size=1, max_size=13
    )
)


@settings(max_examples=300, deadline=None)
@given(games, st.data())
def test_ptp_is_the_lowest_rating_reaching_the_score_from_any_start(
    ratings: list[int], data: st.DataObject
) -> None:
    halves = data.draw(st.integers(min_value=1, max_value=2 * len(ratings)))
    start = data.draw(st.integers(min_value=-1000, max_value=5000))
    need = 50 * halves
    # the definition, by a scan over every candidate between the bounds
    lowest = next(
        r
        for r in range(min(ratings) - 736, max(ratings) + 737)
        if expected_total(r, ratings) >= need
    )
    assert perfect_performance_hundredths(ratings, need, start) == lowest
    assert perfect_performance_hundredths(ratings, need) == lowest
    assert perfect_performance(ratings, Fraction(halves, 2)) == lowest


def test_worked_values() -> None:
    """Hand-checked: 1 point of 2 against 2000 and 2000 is p = 50 %, TPR 2000; PTP is
    the lowest R with 2 x PD(R - 2000) >= 100 hundredths: the table's first row
    (differences 0-3) gives 50 to both sides, so R = 1997."""
    assert performance([2000, 2000], 1) == 2000
    assert perfect_performance_hundredths([2000, 2000], 100, start=2000) == 1997
    # 2/2: every game must be expected at 100 % -> 736 points above the best opponent
    assert perfect_performance_hundredths([1800, 2000], 200, start=2800) == 2736
    # 0/2: the lowest opponent rating - 800
    assert perfect_performance_hundredths([1800, 2000], 0) == 1000
    # one game, 1/2: the lowest difference with PD >= 50 is -3
    assert perfect_performance_hundredths([2000], 50, start=2000) == 1997
    # 1.5/2 against 2000 and 2100: p = 75 %, TPR 2050 + 193 = 2243. PTP needs 150
    # hundredths: at 2246, PD(246) + PD(146) = 81 + 70 = 151 (rows 246-256 and 146-153);
    # at 2245, PD(245) + PD(145) = 80 + 69 = 149. So PTP = 2246, from any start.
    assert performance([2000, 2100], Fraction(3, 2)) == 2243
    assert rating_performance(4100, 2, 75) == 2243  # the same from the sum and p
    for start in (None, 2243, 1000, 2246, 2245, 4000):
        assert perfect_performance([2000, 2100], Fraction(3, 2), start) == 2246
    assert performance([], 0) is None
    assert perfect_performance_hundredths([], 50) is None


def test_table_by_rating_holds_table_8_1_2() -> None:
    # entry CENTRE - R + r of the table is PD(R - r): a window at R read at r
    table = expected_by_rating()
    centre = MAX_SCALE + 736
    for rating in (-736, 0, 1997, 2500, MAX_SCALE + 736):
        window = table[centre - rating :]
        for r in (0, 1, 1500, 1997, 2000, 2736, MAX_SCALE):
            assert window[r] == expected_hundredths(rating - r), (rating, r)


def test_ratings_outside_the_scale_are_refused() -> None:
    with pytest.raises(ValueError, match="outside the scale"):
        perfect_performance([2000, MAX_SCALE + 1], Fraction(1))
    with pytest.raises(ValueError, match="outside the scale"):
        perfect_performance([-5, 2000], Fraction(1))
