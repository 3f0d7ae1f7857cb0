"""Direct encounter: C.07 Art. 6 (fide-2024/2026) and Art. 32.1.6 (fide-2009, ru-2013).

Values are worked out by hand from the rules (TIEBREAKS.md §A.2, §B.3) and the TEC
crosstables (§G.1, §G.2). DE values are ranks inside the tied group (1 = best,
shared while still tied), 0 for every member when DE separates nobody.
"""

from __future__ import annotations

from itertools import combinations, product

import pytest
from _crosstable import TEC_SWISS, tournament
from hypothesis import given, settings
from hypothesis import strategies as st

from trfkit.tiebreaks import compute
from trfkit.tiebreaks.direct_encounter import _placed_first, direct_tiers, subtable, tier_ranks

#: TEC round-robin (§G.2): Franck's round-4 forfeit loss to Helene counts as a game (15.2).
TEC_RR = {
    1: (2200, "=W5 +W2 +B3 -W4 +B6"),  # Alyx 3.5
    2: (2150, "+W6 -B1 +W5 =W3 +B4"),  # Bruno 3.5
    3: (2100, "+W4 +B6 -W1 =B2 +W5"),  # Charline 3.5
    4: (2050, "-B3 -B5 =W6 +B1 -W2"),  # David 1.5
    5: (1950, "=B1 +W4 -B2 -F6 -B3"),  # Franck 1.5
    6: (2000, "-B2 -W3 =B4 +F5 -W1"),  # Helene 1.5
}


def games(
    pairs: list[tuple[int, int, float]], win: float = 1.0
) -> dict[int, list[tuple[int, float]]]:
    """Game list from (player, opponent, player's points); the opponent gets win - points."""
    out: dict[int, list[tuple[int, float]]] = {}
    for a, b, pa in pairs:
        out.setdefault(a, []).append((b, pa))
        out.setdefault(b, []).append((a, win - pa))
    return out


# ------------------------------------------------------------------ pure algorithm


def test_subtable_averages_repeated_games() -> None:
    g = games([(1, 2, 1.0), (1, 2, 0.5), (1, 3, 0.0)])
    totals, missing = subtable([1, 2, 3], g)
    assert totals == {1: 0.75, 2: 0.25, 3: 1.0}
    assert missing == {1: 0, 2: 1, 3: 1}
    summed, _ = subtable([1, 2, 3], g, average=False)
    assert summed[1] == 1.5


def test_complete_group_with_recursion_on_the_tied_subgroup() -> None:
    # A: ½ ½ 1 = 2; B: 1 (C) 0 (D) ½ (A) = 1.5; C: 0 (B) 1 (D) ½ = 1.5; D: 1 (B) 0 (C) 0 = 1
    g = games([(1, 2, 0.5), (1, 3, 0.5), (1, 4, 1), (2, 3, 1), (2, 4, 0), (3, 4, 1)])
    assert direct_tiers([1, 2, 3, 4], g, 1.0) == [[1], [2], [3], [4]]  # B beat C: 6.2 recursion
    assert direct_tiers([1, 2, 3, 4], g, 1.0, complete_only=True) == [[1], [2, 3], [4]]


def test_averaging_versus_summing_repeated_games() -> None:
    # A beat B twice, lost to C; B beat C. Averages: all 1. Sums: A 2, B 1, C 1.
    g = games([(1, 2, 1), (1, 2, 1), (1, 3, 0), (2, 3, 1)])
    assert direct_tiers([1, 2, 3], g, 1.0) == [[1, 2, 3]]
    assert direct_tiers([1, 2, 3], g, 1.0, complete_only=True) == [[1], [2, 3]]


def test_swiss_rule_places_a_player_first_whatever_the_missing_game() -> None:
    # 1 beat 2 and 3; 2 and 3 never met: 1 has 2, the others at most 0 + 1.
    g = games([(1, 2, 1), (1, 3, 1)])
    assert direct_tiers([1, 2, 3], g, 1.0) == [[1], [2, 3]]
    assert tier_ranks(direct_tiers([1, 2, 3], g, 1.0)) == {1: 1, 2: 2, 3: 2}
    assert direct_tiers([1, 2, 3], g, 1.0, complete_only=True) == [[1, 2, 3]]


def test_swiss_rule_does_not_place_when_a_missing_game_could_overtake() -> None:
    # 1 beat 2; 3 met nobody: 3 could still score 2 > 1.
    g = games([(1, 2, 1)])
    assert direct_tiers([1, 2, 3], g, 1.0) == [[1, 2, 3]]
    # 1 beat 2, 2 beat 3, 1 and 3 never met: 3 could still reach 1, which equals
    # 1's score; an equal potential is enough to stop "first whatever"
    g = games([(1, 2, 1), (2, 3, 1)])
    assert direct_tiers([1, 2, 3], g, 1.0) == [[1, 2, 3]]


def test_swiss_rule_places_first_then_second() -> None:
    # 1 beat 2, 3, 4; 2 beat 3 and 4; 3 and 4 never met.
    g = games([(1, 2, 1), (1, 3, 1), (1, 4, 1), (2, 3, 1), (2, 4, 1)])
    assert direct_tiers([1, 2, 3, 4], g, 1.0) == [[1], [2], [3, 4]]
    assert tier_ranks(direct_tiers([1, 2, 3, 4], g, 1.0)) == {1: 1, 2: 2, 3: 3, 4: 3}


def test_swiss_rule_restarts_on_the_rest_which_may_be_complete() -> None:
    # 1 beat 2 and 3; 4 met only 1 (lost); 2 beat 3: after 1 is placed, {2, 3, 4} is
    # incomplete (4 missed 2 and 3), so 2 (1 point) is not sure against 4 (0 + 2).
    g = games([(1, 2, 1), (1, 3, 1), (1, 4, 1), (2, 3, 1)])
    assert direct_tiers([1, 2, 3, 4], g, 1.0) == [[1], [2, 3, 4]]
    # with 4 out of the group the rest {2, 3} met: 2 beat 3
    assert direct_tiers([1, 2, 3], g, 1.0) == [[1], [2], [3]]


def test_three_one_zero_scoring_uses_a_win_for_each_missing_game() -> None:
    # 1 beat 2 (3-0) and drew 3 (1-1); 2 and 3 never met
    g = {1: [(2, 3.0), (3, 1.0)], 2: [(1, 0.0)], 3: [(1, 1.0)]}
    # 1 has 4; 3 has 1 + 3 for the missing game = 4: 1 is not first whatever
    assert direct_tiers([1, 2, 3], g, 3.0) == [[1, 2, 3]]
    g = {1: [(2, 3.0), (3, 3.0)], 2: [(1, 0.0)], 3: [(1, 0.0)]}
    assert direct_tiers([1, 2, 3], g, 3.0) == [[1], [2, 3]]


def test_tier_ranks_all_zero_when_nothing_separates() -> None:
    assert tier_ranks([[4, 5, 6]]) == {4: 0, 5: 0, 6: 0}
    assert tier_ranks([[4], [5, 6], [7]]) == {4: 1, 5: 2, 6: 2, 7: 4}


def test_a_long_transitive_round_robin_is_ranked_in_one_pass() -> None:
    k = 60
    g = games([(a, b, 1) for a in range(k) for b in range(a + 1, k)])
    tiers = direct_tiers(list(range(k)), g, 1.0)
    assert tiers == [[i] for i in range(k)]


# ------------------------------------------------------------------ in the standings


def de_values(
    rows: dict[int, tuple[int | None, str]], rules: str, code: str = "DE", **kwargs: object
) -> dict[int, tuple[int, float | None]]:
    got = compute(tournament(rows, **kwargs), [code], rules=rules)  # type: ignore[arg-type]
    return {r.start: (r.rank, r.values[code]) for r in got.rows}


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026"])
def test_tec_round_robin(rules: str) -> None:
    got = de_values(TEC_RR, rules, type_text="Round robin")
    # Alyx beat Bruno and Charline; they drew: Alyx first, the other two stay tied (6.2).
    assert got[1] == (1, 1.0) and got[2] == (2, 2.0) and got[3] == (2, 2.0)
    # Helene ½ + 1 (forfeit counts in a round robin), Franck 1 + 0, David 0 + ½
    assert got[6] == (4, 1.0) and got[5] == (5, 2.0) and got[4] == (6, 3.0)


def test_tec_round_robin_old_rule_sums_without_recursion() -> None:
    got = de_values(TEC_RR, "ru-2013", type_text="Round robin")
    assert got[1] == (1, 1.0) and got[2] == (2, 2.0) and got[3] == (2, 2.0)
    assert got[6] == (4, 1.0) and got[5] == (5, 2.0) and got[4] == (6, 3.0)


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026", "fide-2009", "ru-2013"])
def test_tec_swiss_groups_are_not_separated(rules: str) -> None:
    # 3.5: #1, #3, #4, #16; #4 drew #1 and #3, #16 met none of them: nobody is first whatever.
    got = de_values(TEC_SWISS, rules)
    for start in (1, 3, 4, 16, 5, 8, 11, 12, 14, 15, 7, 9, 13):
        assert got[start][1] == 0.0, start
    assert got[1][0] == got[16][0] == 2
    assert got[2][1] is None  # alone on 4 points: never in a tied group


def test_forfeits_count_only_with_p_in_a_swiss() -> None:
    rows = {
        1: (None, "+F2 +W3 -B4"),
        2: (None, "-F1 +B4 +W3"),
        3: (None, "=BYE -B1 -B2"),
        4: (None, "+BYE -W2 +W1"),
    }
    # 1, 2 and 4 have 2 points. Over the board: 2 beat 4, 4 beat 1; 1-2 was a forfeit.
    # Without /P: 2 and 4 have 1 each, 1 has 0 but could still reach 1: nobody placed.
    plain = de_values(rows, "fide-2024")
    assert plain[1][1] == plain[2][1] == plain[4][1] == 0.0
    # With /P the forfeit is a game: 1, 2 and 4 all have 1 in a complete sub-table.
    forfeits = de_values(rows, "fide-2024", code="DE/P")
    assert forfeits[1][1] == forfeits[2][1] == forfeits[4][1] == 0.0


def test_forfeit_with_p_decides_a_pair() -> None:
    rows = {1: (None, "+F2 -W3"), 2: (None, "-F1 +W4"), 3: (None, "+W4 +B1"), 4: (None, "-B3 -B2")}
    # 1 and 2 have 1 point and never played over the board
    plain = de_values(rows, "fide-2024")
    assert plain[1] == (2, 0.0) and plain[2] == (2, 0.0)
    with_p = de_values(rows, "fide-2024", code="DE/P")
    assert with_p[1] == (2, 1.0) and with_p[2] == (3, 2.0)


def test_old_rule_needs_every_pair_to_have_met() -> None:
    rows = {  # 1, 2 and 3 end on 2 points; 1 beat 2 and 3, who never met
        1: (None, "+W2 +B3 -W4"),
        2: (None, "-B1 +W4 +BYE"),
        3: (None, "+W4 -W1 ++BYE"),
        4: (None, "-B3 -B2 +B1"),
    }
    c07 = de_values(rows, "fide-2024")
    assert c07[1] == (1, 1.0) and c07[2] == (2, 2.0) and c07[3] == (2, 2.0)
    for rules in ("fide-2009", "ru-2013"):
        old = de_values(rows, rules)
        assert old[1] == old[2] == old[3] == (1, 0.0)


# ------------------------------------------------------------------ property: 6.3 is exact


def _first_whatever(
    players: list[int], base: dict[int, float], open_pairs: list[tuple[int, int]]
) -> int | None:
    """Brute force: the player strictly ahead of every other in every completion."""
    for x in players:
        sure = True
        for outcome in product((1.0, 0.5, 0.0), repeat=len(open_pairs)):
            final = dict(base)
            for (a, b), pa in zip(open_pairs, outcome, strict=True):
                final[a] += pa
                final[b] += 1.0 - pa
            if any(final[y] >= final[x] for y in players if y != x):
                sure = False
                break
        if sure:
            return x
    return None


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=2, max_value=5).flatmap(
        lambda k: st.tuples(
            st.just(k),
            st.lists(
                st.sampled_from([None, 1.0, 0.5, 0.0]),
                min_size=k * (k - 1) // 2,
                max_size=k * (k - 1) // 2,
            ),
        )
    )
)
def test_swiss_rule_matches_brute_force(case: tuple[int, list[float | None]]) -> None:
    k, results = case
    players = list(range(k))
    g: dict[int, list[tuple[int, float]]] = {i: [] for i in players}
    open_pairs = []
    for (a, b), res in zip(combinations(players, 2), results, strict=True):
        if res is None:
            open_pairs.append((a, b))
        else:
            g[a].append((b, res))
            g[b].append((a, 1.0 - res))
    totals, missing = subtable(players, g)
    placed = _placed_first(players, totals, missing, 1.0)
    expected, left = [], list(players)
    while len(left) > 1:
        x = _first_whatever(left, totals, open_pairs)
        if x is None:
            break
        expected.append(x)
        left.remove(x)
    ordered = sorted(players, key=lambda i: (-totals[i], i))
    assert ordered[:placed] == expected
