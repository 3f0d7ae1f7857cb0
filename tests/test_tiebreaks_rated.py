"""The fast whole-field rating code (:mod:`trfkit.tiebreaks.rated`) against the pure
functions of :mod:`trfkit.tiebreaks.ratings` that define TPR and PTP (C.07 10.2-10.3).

The fast versions count the score in half points and search PTP between bounds
derived from the table with interpolated probes; whatever the ratings and the score,
they must give the same integers as the straightforward definitions.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trfkit.tiebreaks.rated import (
    packed_pd,
    perfect_performance_halves,
    performance_halves,
    ptp_reach,
)
from trfkit.tiebreaks.ratings import perfect_performance, performance
from trfkit.tiebreaks.tables import MAX_TABLE_DIFF

games = st.integers(min_value=0, max_value=3000).flatmap(
    lambda base: st.lists(st.integers(min_value=max(0, base - 900), max_value=base + 900),
                          min_size=1, max_size=13))


@settings(max_examples=400, deadline=None)
@given(games, st.data())
def test_fast_tpr_and_ptp_equal_the_definitions(ratings: list[int], data: st.DataObject) -> None:
    halves = data.draw(st.integers(min_value=0, max_value=2 * len(ratings)))
    reach = ptp_reach(max(ratings), min(ratings)) + data.draw(
        st.integers(min_value=0, max_value=100))
    # a table made for more games than the player has packs fewer ratings per word
    games = len(ratings) + data.draw(st.sampled_from([0, 1, 30, 700]))
    score = Fraction(halves, 2)
    expected = perfect_performance(ratings, score)
    assert perfect_performance_halves(ratings, halves, packed_pd(reach, games)) == expected
    assert perfect_performance_halves(ratings, halves) == expected
    assert performance_halves(ratings, halves) == performance(ratings, score)


def test_worked_values() -> None:
    """Hand-checked: 1 point of 2 against 2000 and 2000 is p = 50 %, TPR 2000; PTP is
    the lowest R with 2 x PD(R - 2000) >= 100 hundredths: the table's first row
    (differences 0-3) gives 50 to both sides, so R = 1997."""
    assert performance_halves([2000, 2000], 2) == 2000
    assert perfect_performance_halves([2000, 2000], 2) == 1997
    # 2/2: every game must be expected at 100 % -> 736 points above the best opponent
    assert perfect_performance_halves([1800, 2000], 4) == 2736
    # 0/2: the lowest opponent rating - 800
    assert perfect_performance_halves([1800, 2000], 0) == 1000
    # one game, 1/2: the lowest difference with PD >= 50 is -3
    assert perfect_performance_halves([2000], 1) == 1997
    assert performance_halves([], 0) is None


def test_packed_pd_fields_are_table_8_1_2() -> None:
    # entry d + reach holds PD(d), PD(d - 1), ... lowest field first (PD from tables.py)
    from trfkit.tiebreaks.tables import expected_hundredths

    for reach, games in [(737, 1), (740, 11), (2587, 11), (900, 40), (800, 5000)]:
        pd = packed_pd(reach, games)
        mask = (1 << pd.bits) - 1
        for d in range(-reach, reach + 1, 3):
            word = pd.table[d + reach]
            assert [(word >> (pd.bits * j)) & mask for j in range(pd.lanes)] == \
                [expected_hundredths(d - j) for j in range(pd.lanes)], (reach, games, d)


def test_ptp_table_too_short_is_refused() -> None:
    # the search reads the table backwards from reach - R: a shorter table would be
    # read from its other end, so it is refused rather than misread
    with pytest.raises(ValueError):
        perfect_performance_halves([2000, 2100], 2, packed_pd(100 + MAX_TABLE_DIFF + 2, 2))
    assert perfect_performance_halves([2000, 2100], 2, packed_pd(ptp_reach(2100, 2000), 2)) == \
        perfect_performance([2000, 2100], Fraction(1))
