"""Team tie-breaks on two hand-made events; every value below is worked out by hand.

FOUR_TEAMS (all matches played; 2 boards; MP 2/1/0):

    round 1: T1-T2 1.5:0.5 (T1 W), T3-T4 1:1 (D)
    round 2: T1-T3 1.5:0.5 (T1 W), T2-T4 1:1 (D)
    round 3: T1-T4 1:1 (D),        T2-T3 2:0 (T2 W)
    MP: T1 5, T2 3, T3 1, T4 3      GP: T1 4, T2 3.5, T3 1.5, T4 3

THREE_TEAMS (Swiss-Manager style, the bye team has no board; 2 boards):

    round 1: T1-T2 2:0, T3 idle     round 2: T2-T3 1.5:0.5, T1 idle
    round 3: T1-T3 2:0, T2 idle
    MP: T1 4, T2 2, T3 0            GP: T1 4, T2 1.5, T3 0.5
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swiss_edits import SAMPLES, cli_run
from team_fixtures import FOUR_TEAMS, THREE_TEAMS, event

from trfkit.tiebreak_codes import parse
from trfkit.tiebreaks.editions import EDITIONS
from trfkit.tiebreaks.registry import lookup
from trfkit.tiebreaks.team.context import TeamContext


def values(
    spec: dict, code: str, rules: str = "fide-2024", **kw: object
) -> dict[int, float | None]:
    ctx = TeamContext(event(**spec), EDITIONS[rules], **kw)  # type: ignore[arg-type]
    return dict(zip(ctx.starts, ctx.value(parse(code)), strict=True))


def group(
    spec: dict, code: str, members: list[int], rules: str = "fide-2024"
) -> dict[int, float | None]:
    ctx = TeamContext(event(**spec), EDITIONS[rules])
    tb = parse(code)
    got = lookup(tb, "team").func(ctx, tb, [ctx.index[m] for m in members])
    return {ctx.starts[i]: v for i, v in got.items()}


# -- scores ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "code, expected",
    [
        ("MPTS", {1: 5, 2: 3, 3: 1, 4: 3}),
        ("GPTS", {1: 4, 2: 3.5, 3: 1.5, 4: 3}),
        ("PTS", {1: 5, 2: 3, 3: 1, 4: 3}),  # MP is primary by default
        ("MPvGP", {1: 4, 2: 3.5, 3: 1.5, 4: 3}),  # the score that is not primary
        ("OTHER_RU_MPGP", {1: 9, 2: 6.5, 3: 2.5, 4: 6}),  # Art. 32.2.3: MP + GP
    ],
)
def test_team_scores_of_four_teams_mp_gp_and_their_sums(
    code: str, expected: dict[int, float]
) -> None:
    assert values(FOUR_TEAMS, code) == expected


def test_game_points_primary_from_192() -> None:
    spec = dict(FOUR_TEAMS, type_code="FIDE_TEAM_GP_MP")
    assert values(spec, "PTS") == {1: 4, 2: 3.5, 3: 1.5, 4: 3}
    assert values(spec, "MPvGP") == {1: 5, 2: 3, 3: 1, 4: 3}


def test_362_match_scoring() -> None:
    from trfkit.model import ScoringSystem

    three = ScoringSystem(win=3, draw=1, loss=0, forfeit_win=3, pab=3, source="362")
    assert values(dict(FOUR_TEAMS, match_scoring=three), "MPTS") == {1: 7, 2: 4, 3: 1, 4: 3}


# -- Buchholz family, all matches played -------------------------------------------------------


@pytest.mark.parametrize(
    "code, expected",
    [
        # opponents: T1 {2,3,4}, T2 {1,4,3}, T3 {4,1,2}, T4 {3,2,1}
        ("BH:MP", {1: 3 + 1 + 3, 2: 5 + 3 + 1, 3: 3 + 5 + 3, 4: 1 + 3 + 5}),
        ("BH:GP", {1: 3.5 + 1.5 + 3, 2: 4 + 3 + 1.5, 3: 3 + 4 + 3.5, 4: 1.5 + 3.5 + 4}),
        ("BH:MP/C1", {1: 6, 2: 8, 3: 8, 4: 8}),
        ("BH:GP/C1", {1: 6.5, 2: 7, 3: 7.5, 4: 7.5}),
        ("BH:MP/M1", {1: 3, 2: 3, 3: 3, 4: 3}),
        ("BH", {1: 7, 2: 9, 3: 11, 4: 9}),  # primary score
        # AOB: average of the opponents' BH:MP (7, 9, 11, 9)
        (
            "AOB:MP",
            {1: (9 + 11 + 9) / 3, 2: (7 + 9 + 11) / 3, 3: (9 + 7 + 9) / 3, 4: (11 + 9 + 7) / 3},
        ),
    ],
)
def test_team_buchholz_family_of_four_teams_who_all_played(
    code: str, expected: dict[int, float]
) -> None:
    got = values(FOUR_TEAMS, code)
    assert got == pytest.approx(expected)


# -- Extended Sonneborn-Berger (13.2) and Article 32.3.2.2 -----------------------------------


@pytest.mark.parametrize(
    "code, expected",
    [
        # T1: opp MP/GP (3/3.5, 1/1.5, 3/3), own MP (2, 2, 1), own GP (1.5, 1.5, 1)
        (
            "EMMSB",
            {
                1: 3 * 2 + 1 * 2 + 3 * 1,
                2: 5 * 0 + 3 * 1 + 1 * 2,
                3: 3 * 1 + 5 * 0 + 3 * 0,
                4: 1 * 1 + 3 * 1 + 5 * 1,
            },
        ),
        (
            "EMGSB",
            {
                1: 3 * 1.5 + 1 * 1.5 + 3 * 1,
                2: 5 * 0.5 + 3 * 1 + 1 * 2,
                3: 3 * 1 + 5 * 0.5 + 3 * 0,
                4: 1 * 1 + 3 * 1 + 5 * 1,
            },
        ),
        (
            "EGMSB",
            {
                1: 3.5 * 2 + 1.5 * 2 + 3 * 1,
                2: 4 * 0 + 3 * 1 + 1.5 * 2,
                3: 3 * 1 + 4 * 0 + 3.5 * 0,
                4: 1.5 * 1 + 3.5 * 1 + 4 * 1,
            },
        ),
        (
            "EGGSB",
            {
                1: 3.5 * 1.5 + 1.5 * 1.5 + 3 * 1,
                2: 4 * 0.5 + 3 * 1 + 1.5 * 2,
                3: 3 * 1 + 4 * 0.5 + 0,
                4: 1.5 * 1 + 3.5 * 1 + 4 * 1,
            },
        ),
        # cut: the opponent with the lowest score, then the lowest product
        ("EMMSB/C1", {1: 11 - 2, 2: 5 - 2, 3: 3 - 0, 4: 9 - 1}),
        ("EGGSB/C1", {1: 10.5 - 2.25, 2: 8 - 3, 3: 5 - 3, 4: 9 - 1.5}),
        ("SB", {1: 10.5, 2: 8, 3: 5, 4: 9}),  # team SB = EGGSB (Art. 32.3.2.2)
        ("SB:MP", {1: 11, 2: 5, 3: 3, 4: 9}),  # ... = EMMSB when asked for match points
    ],
)
def test_extended_sonneborn_berger(code: str, expected: dict[int, float]) -> None:
    assert values(FOUR_TEAMS, code) == pytest.approx(expected)


# -- own results -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "code, expected",
    [
        ("PS:MP", {1: 2 + 4 + 5, 2: 0 + 1 + 3, 3: 1 + 1 + 1, 4: 1 + 2 + 3}),
        ("PS:GP", {1: 1.5 + 3 + 4, 2: 0.5 + 1.5 + 3.5, 3: 1 + 1.5 + 1.5, 4: 1 + 2 + 3}),
        ("PS:MP/C1", {1: 9, 2: 4, 3: 2, 4: 5}),
        ("WIN:MP", {1: 2, 2: 1, 3: 0, 4: 0}),
        ("WIN:GP", {1: 3, 2: 2, 3: 1, 4: 2}),  # boards won
        ("WON:MP", {1: 2, 2: 1, 3: 0, 4: 0}),
        # KS: threshold half of 2 MP x 3 rounds = 3 MP (teams 1, 2, 4) / half of 2 x 3 GP = 3 GP
        ("KS:MP", {1: 2 + 1, 2: 0 + 1, 3: 1 + 0 + 0, 4: 1 + 1}),
        ("KS:GP", {1: 1.5 + 1, 2: 0.5 + 1, 3: 1 + 0.5 + 0, 4: 1 + 1}),
    ],
)
def test_team_own_result_codes_progressive_wins_and_koya(
    code: str, expected: dict[int, float]
) -> None:
    assert values(FOUR_TEAMS, code) == expected


def test_board_count_lower_is_better() -> None:
    # T1: r1 1x1 + 2x0.5, r2 1x0.5 + 2x1, r3 1x0 + 2x1 = 6.5
    assert values(FOUR_TEAMS, "BC") == {1: 6.5, 2: 5.5, 3: 2.5, 4: 3.5}
    assert lookup(parse("BC"), "team").ascending


def test_sssc_is_game_points_plus_buchholz_over_the_fn_factor() -> None:
    # MP primary: FN = floor(2 MP x 3 rounds / 2 GP per match) = 3; GP + BH:MP / 3
    got = values(FOUR_TEAMS, "SSSC")
    assert got == pytest.approx({1: 4 + 7 / 3, 2: 3.5 + 9 / 3, 3: 1.5 + 11 / 3, 4: 3 + 9 / 3})
    assert values(FOUR_TEAMS, "SSSC/K2") == pytest.approx({1: 7.5, 2: 8, 3: 7, 4: 7.5})


# -- group tie-breaks: EDE (13.3), DE, TBR (12.2), BBE (12.3) ----------------------------------


def test_ede_splits_on_the_primary_score() -> None:
    # among T2, T3, T4: T2 got 1 (T4) + 2 (T3) = 3 MP, T4 1 + 1 = 2, T3 0 + 1 = 1
    got = group(FOUR_TEAMS, "EDE", [2, 3, 4])
    assert got[2] > got[4] > got[3]


def test_ede_leaves_a_drawn_pair_tied_and_the_board_variants_decide() -> None:
    # T2-T4 drew 1:1 (MP 1:1, GP 1:1). Board 1 points: T2 0+0.5+1 = 1.5, T4 1+0.5+1 = 2.5;
    # without board 2: the same; BC: T2 5.5, T4 3.5 (lower is better)
    assert group(FOUR_TEAMS, "EDE", [2, 4]) == {2: 1.0, 4: 1.0}
    assert group(FOUR_TEAMS, "DE", [2, 4]) == {2: 1.0, 4: 1.0}
    for code in ("EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"):
        got = group(FOUR_TEAMS, code, [2, 4])
        assert got[4] > got[2], code


def test_de_with_a_missing_match_decides_only_when_certain() -> None:
    # THREE_TEAMS: T1 beat T2 and T3; T2 beat T3: complete, T1 > T2 > T3
    got = group(THREE_TEAMS, "DE", [1, 2, 3])
    assert got[1] > got[2] > got[3]
    # FOUR_TEAMS T1 and T3: T1 won their match 2:0 in MP
    got = group(FOUR_TEAMS, "EDE", [1, 3])
    assert got[1] > got[3]


# -- unplayed rounds: THREE_TEAMS -------------------------------------------------------------
# Shown to others (16.3): T1 4 (its absence in round 2 is followed by a match),
# T2 0 + 2 + 1 = 3 (its last-round absence counts as a draw, 16.2.5), T3 0.
# GP: T1 4, T2 0 + 1.5 + 1 = 2.5, T3 0.5.


@pytest.mark.parametrize(
    "code, rules, expected",
    [
        ("MPTS", "fide-2024", {1: 4, 2: 2, 3: 0}),
        ("GPTS", "fide-2024", {1: 4, 2: 1.5, 3: 0.5}),
        # own absence = dummy with the own final score (16.4)
        ("BH:MP", "fide-2024", {1: 3 + 4 + 0, 2: 4 + 0 + 2, 3: 0 + 3 + 4}),
        ("BH:GP", "fide-2024", {1: 2.5 + 4 + 0.5, 2: 4 + 0.5 + 1.5, 3: 0.5 + 2.5 + 4}),
        # 2026: the dummy is capped at a draw per round, 1 MP x 3 = 3 (T1: 4 -> 3)
        ("BH:MP", "fide-2026", {1: 6, 2: 6, 3: 7}),
        ("BH:GP", "fide-2026", {1: 6, 2: 6, 3: 7}),
        # cut 1: the absence (a VUR) goes first unless the least significant value is lower
        ("BH:MP/C1", "fide-2024", {1: 3, 2: 4, 3: 7}),
        # before 2023: virtual opponent; others see every unplayed round as a draw
        # (T1 2+1+2 = 5, T2 0+2+1 = 3, T3 1+0+0 = 1); own: before + (2 - 0) + 1 x rounds left
        (
            "BH:MP",
            "fide-2009",
            {1: 3 + (2 + 2 + 1) + 1, 2: 5 + 1 + (2 + 2 + 0), 3: (0 + 2 + 2) + 3 + 5},
        ),
        (
            "EMGSB",
            "fide-2024",
            {1: 3 * 2 + 4 * 0 + 0 * 2, 2: 4 * 0 + 0 * 1.5 + 2 * 0, 3: 0 * 0 + 3 * 0.5 + 0},
        ),
        ("PS:MP", "fide-2024", {1: 2 + 2 + 4, 2: 0 + 2 + 2, 3: 0}),
        ("WIN:MP", "fide-2024", {1: 2, 2: 1, 3: 0}),
        ("BC", "fide-2024", {1: 3 + 3, 2: 0.5 + 2, 3: 0.5}),
        ("AOB:MP", "fide-2024", {1: (6 + 7) / 2, 2: (7 + 7) / 2, 3: (6 + 7) / 2}),
    ],
)
def test_team_codes_score_byes_and_absences_per_edition(
    code: str, rules: str, expected: dict[int, float]
) -> None:
    assert values(THREE_TEAMS, code, rules) == pytest.approx(expected)


def test_unencoded_bye_counted_as_pab() -> None:
    # with the bye worth a drawn match (1 MP, 1 GP = a draw on 2 boards)
    assert values(THREE_TEAMS, "MPTS", unencoded_bye=(1.0, 1.0)) == {1: 5, 2: 3, 3: 1}
    assert values(THREE_TEAMS, "GPTS", unencoded_bye=(1.0, 1.0)) == {1: 5, 2: 2.5, 3: 1.5}
    # a PAB is not a voluntary unplayed round: BH:MP/C1 now cuts the least significant value
    # shown: T1 5, T2 3, T3 1; T1 = 3 (T2) + dummy 5 (PAB) + 1 (T3), cut 1 -> 8
    assert values(THREE_TEAMS, "BH:MP/C1", unencoded_bye=(1.0, 1.0))[1] == 8


# -- a forfeited match (330) and the /P modifier ------------------------------------------------
# FOUR_TEAMS, but in round 3 team 3 does not turn up: 330 "+-" gives team 2 the match
# (2 MP, and 2 GP = a win on both boards). Totals stay MP 5/3/1/3, GP 4/3.5/1.5/3.


def _forfeited() -> dict:
    from trfkit.model import ForfeitedMatch

    rows = dict(FOUR_TEAMS["rows"])
    for start in (3, 4, 5, 6):
        rows[start] = rows[start].rsplit("|", 1)[0] + "|0000 - -"
    return dict(FOUR_TEAMS, rows=rows, forfeited=(ForfeitedMatch("+-", 3, 2, 3),))


@pytest.mark.parametrize(
    "code, rules, expected",
    [
        ("MPTS", "fide-2024", {1: 5, 2: 3, 3: 1, 4: 3}),
        ("GPTS", "fide-2024", {1: 4, 2: 3.5, 3: 1.5, 4: 3}),
        # unplayed: team 2 a dummy with its own 3 MP, team 3 (forfeit loss, a VUR) with its own 1
        ("BH:MP", "fide-2024", {1: 7, 2: 5 + 3 + 3, 3: 3 + 5 + 1, 4: 9}),
        # /P: the forfeit counts as a match against the scheduled team
        ("BH:MP/P", "fide-2024", {1: 7, 2: 5 + 3 + 1, 3: 3 + 5 + 3, 4: 9}),
        # 2026: a forfeit's dummy is capped at the scheduled opponent's score (team 2: min(3, 1))
        ("BH:MP", "fide-2026", {1: 7, 2: 5 + 3 + 1, 3: 3 + 5 + 1, 4: 9}),
        # cut: team 3's forfeit loss (VUR) goes first; team 2's forfeit win is no VUR
        ("BH:MP/C1", "fide-2024", {1: 6, 2: 8, 3: 8, 4: 8}),
        # ESB: team 2's dummy 3 x own 2 MP; with /P team 3's 1 MP x 2
        ("EMMSB", "fide-2024", {2: 5 * 0 + 3 * 1 + 3 * 2}),
        ("EMMSB/P", "fide-2024", {2: 5 * 0 + 3 * 1 + 1 * 2}),
    ],
)
def test_a_forfeited_match_scores_per_edition_and_with_p(
    code: str, rules: str, expected: dict[int, float]
) -> None:
    got = values(_forfeited(), code, rules)
    assert {k: got[k] for k in expected} == pytest.approx(expected)


def test_forfeited_match_counts_in_ede_only_with_p() -> None:
    assert group(_forfeited(), "EDE", [2, 3]) == {2: 1.0, 3: 1.0}
    got = group(_forfeited(), "EDE/P", [2, 3])
    assert got[2] > got[3]


def test_koya_limit_moves_the_threshold() -> None:
    # KS:MP/L+1: threshold 3 + one half-point step = 3.5: only team 1 (5 MP) counts
    assert values(FOUR_TEAMS, "KS:MP/L+1") == {1: 0, 2: 0, 3: 0, 4: 1}
    # /L-2: threshold 2: teams 1, 2 and 4
    assert values(FOUR_TEAMS, "KS:MP/L-2") == {1: 2 + 1, 2: 0 + 1, 3: 1 + 0 + 0, 4: 1 + 1}
    # /L-4: threshold 1: every team counts, KS = own MP
    assert values(FOUR_TEAMS, "KS:MP/L-4") == {1: 5, 2: 3, 3: 1, 4: 3}


def test_koya_in_a_round_robin_of_two_teams() -> None:
    # two teams, two rounds (a double round-robin): like TieBreakServer, rounds % teams == 0
    # takes rounds // teams = 1 match off the maximum: threshold 1 MP, so team 2 (1 MP) counts
    spec = {
        "teams": {1: [1, 2], 2: [3, 4]},
        "rows": {1: "3 w 1|4 b 1", 2: "4 b 0|3 w 1", 3: "1 b 0|2 b 0", 4: "2 w 1|1 w 0"},
        "type_text": "Team Round-Robin",
    }
    assert values(spec, "MPTS") == {1: 1 + 2, 2: 1 + 0}
    assert values(spec, "KS:MP") == {1: 1 + 2, 2: 1 + 0}


def test_direct_encounter_by_edition() -> None:
    # teams 2 and 3 never played (forfeited match, no /P): team 1 beat both, so C.07 6.3 puts
    # it first whatever the missing match gives; Art. 32.2.4 (ru-2013) decides nothing unless
    # all the tied teams met
    assert group(_forfeited(), "EDE", [1, 2, 3], "fide-2024") == {1: 2.0, 2: 1.0, 3: 1.0}
    assert group(_forfeited(), "EDE", [1, 2, 3], "ru-2013") == {1: 1.0, 2: 1.0, 3: 1.0}


def test_declared_rounds_not_played_yet_are_not_scored_unless_asked() -> None:
    # 142 says 4 rounds, 3 are played: as for players, the standings are after round 3
    # (issue 16); asked for round 4 (as TieBreakServer scores it), every team is absent in
    # round 4 and others see that last-round absence as a draw (16.2.5): shown MP 6, 4, 2, 4
    spec = dict(FOUR_TEAMS, rounds=4)
    assert values(spec, "MPTS") == {1: 5, 2: 3, 3: 1, 4: 3}
    assert values(spec, "BH:MP") == values(FOUR_TEAMS, "BH:MP") == {1: 7, 2: 9, 3: 11, 4: 9}
    assert values(spec, "BH:MP", after_round=4) == {
        1: 4 + 2 + 4 + 5,
        2: 6 + 4 + 2 + 3,
        3: 4 + 6 + 4 + 1,
        4: 2 + 4 + 6 + 3,
    }


def test_fore_buchholz_reads_the_last_round_as_drawn() -> None:
    # FOUR_TEAMS with round 3 read as drawn (T2-T3 1:1 instead of 2:0): MP 5, 2, 2, 3
    assert values(FOUR_TEAMS, "FB:MP") == {1: 2 + 2 + 3, 2: 5 + 3 + 2, 3: 3 + 5 + 2, 4: 2 + 2 + 5}
    assert values(FOUR_TEAMS, "AOB:MP/F") == pytest.approx(
        {1: (10 + 10 + 9) / 3, 2: (7 + 9 + 10) / 3, 3: (9 + 7 + 10) / 3, 4: (10 + 10 + 7) / 3}
    )
    # SSSC/F: GP + FB:MP / 3
    assert values(FOUR_TEAMS, "SSSC/F")[1] == pytest.approx(4 + 7 / 3)


def test_pab_shown_as_a_draw_under_a_competition_rule() -> None:
    # C.07 16.6 (Olympiad style; Swiss-Manager's team Buchholz): a team's PAB shows to its
    # opponents as a drawn match. Each team had one bye; worth 2 MP here: MP T1 6, T2 4, T3 2.
    bye = {"unencoded_bye": (2.0, 2.0)}
    assert values(THREE_TEAMS, "MPTS", **bye) == {1: 6, 2: 4, 3: 2}
    # FIDE: T1 = 4 (T2) + 2 (T3) + dummy 6 (own PAB, own final score) = 12
    assert values(THREE_TEAMS, "BH:MP", **bye)[1] == 12
    # shown as a draw: T2 3, T3 1; T1's own dummy keeps its real score 6 -> 3 + 1 + 6 = 10
    assert values(THREE_TEAMS, "BH:MP", pab_shown_as_draw=True, **bye)[1] == 10
    assert values(THREE_TEAMS, "MPTS", pab_shown_as_draw=True, **bye) == {1: 6, 2: 4, 3: 2}


def test_team_standings_say_after_which_round_of_how_many(tmp_path: Path) -> None:
    """samples/team.trf declaring 4 rounds after 3 played: team and player standings alike
    stop at round 3 (T516) and say so; --after-round 4 scores the absent round."""
    import json

    from click.testing import CliRunner

    from trfkit.cli import cli

    source = Path(__file__).resolve().parents[2] / "samples" / "team.trf"
    path = tmp_path / "team4.trf"
    path.write_text(source.read_text().replace("XXR 3\n", "XXR 4\n"))
    result = CliRunner().invoke(cli, ["tiebreaks", str(path)])
    assert result.stdout.startswith("Team standings after round 3 of 4 - rules fide-2024")
    assert (
        "T516 team standings after round 3 of 4: round 4 has no result yet and is not scored"
    ) in result.stderr
    doc = json.loads(CliRunner().invoke(cli, ["tiebreaks", str(path), "--to", "json"]).stdout)
    assert (doc["after_round"], doc["rounds"]) == (3, 4)
    assert {t["number"]: t["values"]["MP"] for t in doc["teams"]} == {1: 4, 2: 3, 3: 2, 4: 3}
    asked = CliRunner().invoke(cli, ["tiebreaks", str(path), "--after-round", "4", "--to", "json"])
    assert (json.loads(asked.stdout)["after_round"], " T516 " in asked.stderr) == (4, False)
    plain = json.loads(CliRunner().invoke(cli, ["tiebreaks", str(source), "--to", "json"]).stdout)
    assert (plain["after_round"], plain["rounds"]) == (3, 3)


EVERY_TEAM_CODE = [
    "MPTS",
    "GPTS",
    "MPvGP",
    "BH:MP",
    "BH:GP/C1",
    "PS:MP",
    "PS:GP",
    "EMMSB",
    "EMGSB",
    "EGMSB",
    "EGGSB/C1",
    "EDE",
    "EDE/P",
    "EDET",
    "EDEB",
    "EDEBT",
    "EDEBB",
    "BC",
    "TBR",
    "BBE",
    "SSSC",
    "AOB:MP",
    "WIN:MP",
    "KS:MP",
]


def test_team_json_has_teams_and_keeps_players() -> None:
    args = [x for c in EVERY_TEAM_CODE for x in ("--tb", c)]
    result = cli_run(
        "tiebreaks", SAMPLES / "team.trf", *args, "--rules", "fide-2026", "--to", "json"
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["rules"] == "fide-2026" and len(doc["players"]) == 8
    assert set(doc["players"][0]) >= {"start", "name", "rank", "values"}
    first = doc["teams"][0]
    assert set(first) >= {"number", "name", "rank", "values"}
    assert (first["name"], first["rank"], first["values"]["MPTS"], first["values"]["GPTS"]) == (
        "Albion",
        1,
        4.0,
        3.5,
    )
    assert [t["rank"] for t in doc["teams"]] == [1, 2, 3, 4]
    level = json.loads(
        cli_run("tiebreaks", SAMPLES / "team.trf", "--tb", "MPTS", "--to", "json").stdout
    )
    assert [t["rank"] for t in level["teams"]] == [1, 2, 2, 4]  # still tied: shared rank
