"""Rating-based tie-breaks and the FIDE rating tables (TIEBREAKS.md §A.5, §B.3, §D, §G.1)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from _crosstable import TEC_SWISS, tournament
from hypothesis import given, settings
from hypothesis import strategies as st

from trfkit.model import Header, Player, RoundEntry, ScoringSystem, Tournament
from trfkit.tiebreaks import UnknownTieBreak, compute
from trfkit.tiebreaks.rating_tiebreaks import apply_elected_rule, elected_absences, explain_lines
from trfkit.tiebreaks.ratings import (
    DP_BY_PERCENT,
    PD_HIGH,
    PD_ROWS,
    average_of,
    average_rating,
    capped_ratings,
    dp,
    expected_hundredths,
    expected_total,
    percentage,
    perfect_performance,
    performance,
    round_half_up,
)

# ------------------------------------------------------------------ tables (§D.1, §D.2)


def test_dp_table_has_101_entries_and_is_antisymmetric() -> None:
    assert len(DP_BY_PERCENT) == 101
    assert all(dp(100 - p) == -dp(p) for p in range(101))
    assert list(DP_BY_PERCENT) == sorted(set(DP_BY_PERCENT))  # strictly increasing


@pytest.mark.parametrize(
    "percent, expected",
    [
        (0, -800),
        (1, -677),
        (10, -366),
        (33, -125),
        (49, -7),
        (50, 0),
        (67, 125),
        (70, 149),
        (75, 193),
        (80, 240),
        (90, 366),
        (99, 677),
        (100, 800),
    ],
)
def test_dp_values_from_the_printed_table(percent: int, expected: int) -> None:
    assert dp(percent) == expected


def test_dp_rejects_out_of_range() -> None:
    with pytest.raises(ValueError):
        dp(101)


def test_pd_table_rows_and_every_boundary() -> None:
    assert len(PD_ROWS) == 50 and PD_ROWS[0] == (3, 50) and PD_ROWS[-1] == (735, 99)
    assert len(PD_HIGH) == 737
    lower = 0
    for upper, pd in PD_ROWS:
        assert PD_HIGH[lower] == pd and PD_HIGH[upper] == pd, (lower, upper)
        lower = upper + 1
    assert PD_HIGH[736] == 100


@pytest.mark.parametrize(
    "diff, hundredths",
    [
        (0, 50),
        (3, 50),
        (4, 51),
        (-4, 49),
        (10, 51),
        (11, 52),
        (400, 92),
        (-400, 8),
        (411, 92),
        (412, 93),
        (735, 99),
        (736, 100),
        (2000, 100),
        (-736, 0),
        (-3000, 0),
    ],
)
def test_expected_score_both_sides(diff: int, hundredths: int) -> None:
    assert expected_hundredths(diff) == hundredths


# ------------------------------------------------------------------ pure functions (§D.3)


def test_round_half_up_examples_from_tec() -> None:
    assert round_half_up(Fraction(34, 10)) == 3
    assert round_half_up(Fraction(35, 10)) == 4
    assert round_half_up(Fraction(7550, 4)) == 1888


def test_average_rating_with_cuts_and_divisor() -> None:
    assert average_rating([2200, 1750]) == 1975
    assert average_rating([2200, 1750], cut=1) == 2200
    assert average_rating([2050], cut=1) is None  # TEC ex. 18: nothing left, undefined
    assert average_rating([]) is None
    # Art. 32.4.1: 4100 over 3 rounds = 1366.67 -> 1367; cut: 2100 over 2 rounds
    assert average_rating([2000, 2100], divisor=3) == 1367
    assert average_rating([2000, 2100], cut=1, divisor=3) == 1050


def test_percentage_rounds_half_up() -> None:
    assert percentage(Fraction(2), 3) == 67
    assert percentage(Fraction(1), 3) == 33
    assert percentage(Fraction(7, 2), 8) == 44  # 43.75
    assert percentage(Fraction(1, 2), 8) == 6  # 6.25
    assert percentage(Fraction(5, 2), 8) == 31  # 31.25


def test_performance_examples() -> None:
    # §D.3: 2/3 against an average of 2100 -> p 0.67 -> 2100 + 125
    assert performance([2000, 2100, 2200], Fraction(2)) == 2225
    # ARO 2050 with 0/1 -> 1250; a perfect score gives ARO + 800
    assert performance([2050], Fraction(0)) == 1250
    assert performance([2000, 2100], Fraction(2)) == 2850
    assert performance([], Fraction(0)) is None


def test_perfect_performance_examples() -> None:
    assert perfect_performance([2200, 1750], Fraction(0)) == 950  # TEC #9: min - 800
    assert perfect_performance([2000, 2100], Fraction(2)) == 2836  # 100 %: max + 736
    assert perfect_performance([2000], Fraction(1, 2)) == 1997  # 50 % needs a 0-3 gap
    assert perfect_performance([], Fraction(1)) is None


@pytest.mark.parametrize(
    "ratings, score",
    [
        ([2200, 1600, 2150, 1500, 2050], Fraction(7, 2)),
        ([1850, 1700, 1900, 2150, 1500], Fraction(7, 2)),
        ([2400, 1200, 1800], Fraction(1, 2)),
        ([1500, 1500, 1500, 2600], Fraction(3)),
        ([2000, 2000], Fraction(1)),
    ],
)
def test_perfect_performance_is_the_lowest_rating_reaching_the_score(
    ratings: list[int], score: Fraction
) -> None:
    ptp = perfect_performance(ratings, score)
    assert ptp is not None
    assert expected_total(ptp, ratings) >= score * 100
    assert expected_total(ptp - 1, ratings) < score * 100


def test_capped_ratings_keep_opponents_within_400() -> None:
    assert capped_ratings(2200, [1500, 2700, 2650, 2100]) == [1800, 2600, 2600, 2100]


def test_average_of_ignores_undefined() -> None:
    assert average_of([1969, 2120, None]) == 2045  # 4089 / 2 = 2044.5
    assert average_of([None]) is None


# ------------------------------------------------------------------ TEC crosstable (§G.1)

#: start -> (ARO, ARO-C1, TPR, PTP, APRO, APPO), TEC values reproduced with TieBreakServer.
TEC_VALUES = {
    1: (1820, 1900, 1969, 2029, 1789, 1769),
    2: (1880, 1988, 2120, 2216, 1856, 1852),
    3: (1940, 2000, 2089, 2112, 1904, 1934),
    4: (1888, 1983, 2081, 2168, 1772, 1784),
    5: (1690, 1738, 1690, 1689, 1719, 1676),
    6: (1813, 1900, 1813, 1810, 1846, 1836),
    7: (1760, 1838, 1611, 1531, 1869, 1890),
    8: (1730, 1800, 1730, 1715, 1915, 1924),
    9: (1975, 2200, 1175, 950, 1805, 1802),
    10: (1880, 1975, 1640, 1575, 1717, 1687),
    11: (1863, 2000, 1776, 1763, 1840, 1836),
    12: (2050, None, 1250, 1250, 2081, 2168),
    13: (1930, 2025, 1781, 1744, 1879, 1909),
    14: (1800, 1900, 1925, 1942, 1775, 1756),
    15: (1860, 1963, 1788, 1768, 1776, 1767),
    16: (1820, 1900, 1969, 2013, 1805, 1799),
}
CODES = ["ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO"]


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026", "fide-2009"])
def test_tec_crosstable_all_rating_tiebreaks(rules: str) -> None:
    rows = compute(tournament(TEC_SWISS), CODES, rules=rules).by_start()
    for start, expected in TEC_VALUES.items():
        if rules == "fide-2009" and start in (4, 6, 9, 11, 12, 14):
            # before 2023 an unplayed round takes the cut (Swiss-Manager, TieBreakServer's
            # 2022 rules): these players have one, so nothing is cut from their opponents
            expected = (expected[0], expected[0], *expected[2:])
        got = tuple(rows[start].values[c] for c in CODES)
        assert got == expected, start


def test_tpr_400_hand_computed() -> None:
    rows = compute(
        tournament(TEC_SWISS), ["TPR/400", "OTHER_RU_TPR400"], rules="ru-2013"
    ).by_start()
    # #1 (2200): 1800 1600->1800 2150 1500->1800 2050 = 9600/5 = 1920; 3.5/5 = 70 % -> +149
    assert rows[1].values["TPR/400"] == 2069
    # #16 (1450): 1850 1700 1900->1850 2150->1850 1500 = 8750/5 = 1750; +149
    assert rows[16].values["TPR/400"] == 1899
    assert rows[16].values["OTHER_RU_TPR400"] == 1899
    # #3 (2100): every opponent within 400, so TPR/400 = TPR
    assert rows[3].values["TPR/400"] == 2089


def test_only_the_400_point_rule_is_a_tpr_number() -> None:
    with pytest.raises(UnknownTieBreak):
        compute(tournament(TEC_SWISS), ["TPR/300"], rules="ru-2013")


def test_median_on_aro_drops_lowest_and_highest() -> None:
    rows = compute(tournament(TEC_SWISS), ["ARO/M1", "ARO/C2"], rules="fide-2024").by_start()
    # #1 met 1800 1600 2150 1500 2050: without 1500 and 2150 -> 5450/3 = 1816.67
    assert rows[1].values["ARO/M1"] == 1817
    # without 1500 and 1600 -> 6000/3
    assert rows[1].values["ARO/C2"] == 2000


def test_ru_2013_aro_divides_by_rounds() -> None:
    rows = compute(tournament(TEC_SWISS), ["ARO", "ARO/C1", "TPR"], rules="ru-2013").by_start()
    assert rows[1].values["ARO"] == 1820  # five games in five rounds: as FIDE
    assert rows[9].values["ARO"] == 790  # 2200 + 1750 over 5 rounds
    assert rows[9].values["ARO/C1"] == 550  # 2200 over 4
    assert rows[9].values["TPR"] == 1175  # TPR keeps the FIDE average (§A.5)


# ------------------------------------------------------------------ edge cases


def test_unrated_player_makes_every_rating_tiebreak_undefined() -> None:
    rows = {1: (2000, "+W2 =B3"), 2: (None, "-B1 +W3"), 3: (1800, "=W1 -B2")}
    t = tournament(rows)
    codes = ["ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"]
    undefined = compute(t, codes, rules="fide-2026")
    assert any(d.code == "T502" and "unrated" in d.message for d in undefined.diagnostics)
    plain = undefined.by_start()
    assert all(plain[s].values[c] is None for s in (1, 2, 3) for c in codes[:5])
    assert plain[1].values["RTNG"] == 2000 and plain[2].values["RTNG"] is None
    given = compute(t, codes, rules="fide-2026", unrated_rating=1500).by_start()
    assert given[1].values["ARO"] == 1650  # (1500 + 1800) / 2
    assert given[2].values["ARO"] == 1900
    assert given[2].values["RTNG"] == 1500
    # #1: 1.5/2 = 75 % -> +193
    assert given[1].values["TPR"] == 1843
    modifier = compute(t, ["ARO/U1500"], rules="fide-2026").by_start()
    assert modifier[1].values["ARO/U1500"] == 1650


def test_no_otb_game_is_undefined_and_forfeits_and_byes_are_ignored() -> None:
    rows = {
        1: (2000, "+F2 +BYE =BYE"),
        2: (1900, "-F1 +W3 =B4"),
        3: (1800, "=BYE -B2 +W4"),
        4: (1700, "-- -W3 =W2"),
    }
    got = compute(tournament(rows), ["ARO", "TPR", "PTP", "APRO"], rules="fide-2024").by_start()
    assert got[1].values == {"PTS": 2.5, "ARO": None, "TPR": None, "PTP": None, "APRO": None}
    assert got[2].values["ARO"] == 1750  # 1800 and 1700; the forfeit win is ignored
    assert got[2].values["TPR"] == 1750 + 193  # 1.5/2
    assert got[4].values["ARO"] == 1850  # 1800 and 1900


def test_round_robin_forfeit_is_not_a_rated_game() -> None:
    rr = {
        1: (2200, "=W5 +W2 +B3 -W4 +B6"),
        2: (2150, "+W6 -B1 +W5 =W3 +B4"),
        3: (2100, "+W4 +B6 -W1 =B2 +W5"),
        4: (2050, "-B3 -B5 =W6 +B1 -W2"),
        5: (1950, "=B1 +W4 -B2 -F6 -B3"),
        6: (2000, "-B2 -W3 =B4 +F5 -W1"),
    }
    for rules in ("fide-2024", "fide-2026"):
        got = compute(
            tournament(rr, type_text="Round robin"), ["ARO", "TPR", "APRO"], rules=rules
        ).by_start()
        assert got[5].values["ARO"] == 2125  # 8500 / 4: the forfeit against #6 does not count
        assert got[6].values["ARO"] == 2125
        assert got[5].values["APRO"] == 2140  # TieBreakServer: (2199 + 1931 + 2209 + 2219) / 4


def test_rating_score_ignores_the_scoring_system() -> None:
    rows = {1: (2000, "+W2 =B3 -W4"), 2: (2000, "-B1"), 3: (2000, ".. =W1"), 4: (2000, ".. .. +B1")}
    three = ScoringSystem(win=3, draw=1, forfeit_win=3, full_bye=3, pab=3, half_bye=1, source="162")
    got = compute(tournament(rows, scoring=three), ["TPR"], rules="fide-2024").by_start()
    assert got[1].values["TPR"] == 2000  # 1.5/3 = 50 %, not 4/9 points


def test_short_games_count_as_played() -> None:
    # TRF W/D/L (less than one move) count as played, as in TieBreakServer (§C.4)
    players = (
        Player.build(1, "A", rating=2000, rounds=(RoundEntry(2, "w", "W"),)),
        Player.build(2, "B", rating=1800, rounds=(RoundEntry(1, "b", "L"),)),
    )
    standings = compute(
        Tournament(header=Header(rounds=1), players=players), ["ARO", "TPR"], rules="fide-2024"
    )
    got = standings.by_start()
    assert got[1].values["ARO"] == 1800 and got[1].values["TPR"] == 2600
    assert got[2].values["TPR"] == 1200
    notes = [d.message for d in standings.diagnostics if d.code == "T502"]
    assert len(notes) == 2 and "less than one move" in notes[0]


# ------------------------------------------------------------------ Art. 32.4.3


def test_elected_rule_puts_players_who_skipped_three_games_below_completers() -> None:
    values = {1: 2100.0, 2: 1900.0, 3: 2300.0, 4: 2000.0, 5: None}
    absences = {1: 0, 2: 0, 3: 3, 4: 2, 5: 4}
    got = apply_elected_rule(values, absences)
    assert got[3] is not None and got[3] < got[2] == 1900.0  # below the lowest completer
    assert got[4] == 2000.0  # two games missed: untouched
    assert got[5] is None
    assert got[1] == 2100.0


def test_elected_rule_keeps_order_among_the_penalised() -> None:
    got = apply_elected_rule({1: 1500, 2: 2400, 3: 2300}, {1: 0, 2: 3, 3: 5})
    assert got[2] == 1499 and got[3] == 1399


def test_ru_2013_tpr_applies_the_elected_rule() -> None:
    rows = {
        1: (1500, "+W2 -B3 -W4 -B5"),
        2: (2000, "-B1 +W5 =BYE --"),
        3: (2400, "+W5 +W1 =BYE --"),
        4: (1800, "=BYE -- +B1 --"),  # three rounds not played by choice
        5: (1900, "-B3 -B2 +BYE +W1"),
    }
    t = tournament(rows)
    assert [elected_absences(p, 4) for p in t.players] == [0, 2, 2, 3, 0]
    fide = compute(t, ["TPR"], rules="fide-2024").by_start()
    ru = compute(t, ["TPR"], rules="ru-2013").by_start()
    # #1: 2000 2400 1800 1900 -> 2025, 1/4 = 25 % -> -193; #5: 5900/3 -> 1967, 33 % -> -125
    assert [fide[s].values["TPR"] for s in range(1, 6)] == [1832, 1700, 2500, 2300, 1842]
    # ru-2013: #4 goes just below the lowest completer (#1, 1832); the others keep theirs
    assert [ru[s].values["TPR"] for s in range(1, 6)] == [1832, 1700, 2500, 1831, 1842]


# ------------------------------------------------------------------ property: PTP search


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.integers(min_value=1000, max_value=2800), min_size=1, max_size=9),
    st.integers(min_value=1, max_value=18),
)
def test_ptp_equals_a_linear_scan(ratings: list[int], halves: int) -> None:
    score = Fraction(min(halves, 2 * len(ratings)), 2)
    linear = next(
        r
        for r in range(min(ratings) - 800, max(ratings) + 801)
        if expected_total(r, ratings) >= score * 100
    )
    assert perfect_performance(ratings, score) == linear


def test_explain_lines_show_ratings_cut_and_arithmetic() -> None:
    from trfkit.tiebreak_codes import parse
    from trfkit.tiebreaks.context import Context
    from trfkit.tiebreaks.editions import FIDE_2024, RU_2013

    ctx = Context(tournament(TEC_SWISS), FIDE_2024)
    lines = explain_lines(ctx, 3, parse("ARO/C1"))  # #4 David, TEC exercise 18
    assert lines[1] == "round 2: half-point-bye, not a game over the board: ignored"
    assert "cut: #13 P13 (rating 1600)" in lines
    assert lines[-1] == "average rating: 5950 / 3 = 1983"
    assert explain_lines(ctx, 3, parse("TPR"))[-1] == "p = 3 / 4 = 75 %, dp = 193"
    assert explain_lines(ctx, 3, parse("PTP"))[-1] == (
        "score 3 in 4: expected 3 at 2168, 2.98 at 2167"
    )
    ru = Context(tournament(TEC_SWISS), RU_2013)
    assert explain_lines(ru, 8, parse("ARO"))[-1].endswith("3950 / 5 = 790")
    assert explain_lines(ru, 0, parse("TPR/400"))[-2] == "average rating: 9600 / 5 = 1920"
