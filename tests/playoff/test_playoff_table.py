"""The Article 32.5.6 decision table, row by row, against the Russian text (shared/seed).

Every expected value below is read off the article: the clause, the format, the
groups and pairings, the number of games, the time controls
(32.5.6.1.1: 3 min + 5 s; 32.5.6.1.2: White 5 min, Black 4 min, draw = Black wins)
and who drops out (32.5.6.10).
"""

from __future__ import annotations

import pytest

from trfkit.playoff import Options, build_plan
from trfkit.playoff.plan import (
    ARMAGEDDON,
    RAPID,
    ArmageddonClock,
    Clock,
    Format,
    NoteKind,
    Numbering,
    Plan,
    Stage,
)
from trfkit.playoff.table import row_for

LIMITED = Options(time_limited=True)
LATE = Options(late=True)


def first(plan: Plan) -> Stage:
    return plan.stages[0]


def next_stage(stage: Stage) -> Stage:
    assert stage.if_tied is not None and stage.if_tied.stages
    return stage.if_tied.stages[0]


def notes(plan: Plan, kind: NoteKind | None = None) -> str:
    return "\n".join(n.text for n in plan.notes if kind is None or n.kind is kind)


def test_time_controls_are_the_articles() -> None:
    # 32.5.6.1.1 "двух 3-минутных партий с добавочными 5 секундами после каждого хода"
    assert RAPID == Clock(base_seconds=180, increment_seconds=5)
    # 32.5.6.1.2 "белые ... 5 минут, черные - 4 минуты, в случае ничьей ... черными побеждает"
    assert ARMAGEDDON == ArmageddonClock(white_seconds=300, black_seconds=240, draw_winner="black")
    assert RAPID.trf == "180+5" and ARMAGEDDON.trf == "W300-B240"


@pytest.mark.parametrize(
    "tied, clause",
    [
        (2, "32.5.6.1"),
        (3, "32.5.6.2"),
        (4, "32.5.6.3"),
        (5, "32.5.6.4"),
        (6, "32.5.6.5"),
        (7, "32.5.6.6"),
        (8, "32.5.6.7"),
        (9, "32.5.6.8"),
        (10, "32.5.6.9"),
        (11, "32.5.6.10"),
        (12, "32.5.6.10"),
        (40, "32.5.6.10"),
    ],
)
def test_clause_by_number_of_tied_players(tied: int, clause: str) -> None:
    plan = build_plan(tied)
    assert plan.tied == tied
    assert plan.clause == clause


@pytest.mark.parametrize("tied", [0, 1, -3])
def test_fewer_than_two_is_not_a_play_off(tied: int) -> None:
    with pytest.raises(ValueError):
        row_for(tied)


def test_two_players_mini_match_then_armageddon() -> None:
    plan = build_plan(2)
    (match,) = plan.stages
    assert (match.clause, match.format, match.games) == ("32.5.6.1.1", Format.MATCH, 2)
    assert match.pairings == ((1, 2),)
    assert match.time_control == RAPID
    decider = next_stage(match)
    assert (decider.clause, decider.format, decider.games) == ("32.5.6.1.2", Format.ARMAGEDDON, 1)
    assert decider.time_control == ARMAGEDDON
    assert decider.pairings == ((1, 2),)
    assert decider.if_tied is None  # a draw wins for Black: nothing after it
    assert "32.5.7" in notes(plan, NoteKind.OPTION)
    assert plan.excluded == ()


def test_three_players_round_robin_chain() -> None:
    rr = first(build_plan(3))
    assert (rr.clause, rr.format, rr.games, rr.time_control) == (
        "32.5.6.2.1",
        Format.ROUND_ROBIN,
        1,
        RAPID,
    )
    assert rr.groups == ((1, 2, 3),)
    assert rr.numbering is Numbering.LOT  # "Номера для образования пар определяются по жребию"
    armageddon_rr = next_stage(rr)
    assert (armageddon_rr.clause, armageddon_rr.format, armageddon_rr.time_control) == (
        "32.5.6.2.2",
        Format.ROUND_ROBIN,
        ARMAGEDDON,
    )
    assert armageddon_rr.if_tied is not None
    assert "fewest moves" in armageddon_rr.if_tied.text
    last = next_stage(armageddon_rr)
    assert (last.clause, last.format, last.time_control) == (
        "32.5.6.2.3",
        Format.ARMAGEDDON,
        ARMAGEDDON,
    )
    assert "knocked out the third" in last.entrants


def test_four_players_knockout_with_matches_when_time_allows() -> None:
    semis, final = build_plan(4).stages
    assert (semis.clause, semis.format) == ("32.5.6.3", Format.KNOCKOUT)
    assert semis.pairings == ((1, 4), (2, 3))
    assert semis.numbering is Numbering.LOT  # "1v4 и 2v3, определяемые по жребию"
    assert (semis.games, semis.time_control) == (2, RAPID)  # "со скоростью как в п. 32.5.6.1.1"
    assert next_stage(semis).time_control == ARMAGEDDON
    assert final.entrants == "the two semi-final winners" and final.pairings is None
    assert (final.games, final.time_control) == (2, RAPID)


def test_four_players_armageddon_when_time_is_limited() -> None:
    semis, final = build_plan(4, LIMITED).stages
    assert semis.pairings == ((1, 4), (2, 3))
    assert (semis.games, semis.time_control) == (1, ARMAGEDDON)  # "Если нет, ... Армагеддон"
    assert semis.if_tied is None
    assert final.time_control == ARMAGEDDON


def test_five_players_round_robin_and_the_four_follow_ups() -> None:
    (rr,) = build_plan(5).stages
    assert (rr.clause, rr.format, rr.games, rr.time_control) == (
        "32.5.6.4",
        Format.ROUND_ROBIN,
        1,
        RAPID,
    )
    assert rr.groups == ((1, 2, 3, 4, 5),)
    assert rr.numbering is Numbering.LOT
    assert rr.if_tied is not None
    branches = {b.level: b for b in rr.if_tied.branches}
    assert [(b.level, b.clause) for b in rr.if_tied.branches] == [
        (5, "32.5.6.1.1.1"),
        (4, "32.5.6.1.1.2"),
        (3, "32.5.6.1.1.3"),
        (2, "32.5.6.1.1.4"),
    ]
    assert branches[5].stages == () and "fewest moves" in branches[5].text
    # 32.5.6.1.1.2: as 32.5.6.3 "за исключением Армагеддона"
    ko = branches[4].stages[0]
    assert (ko.format, ko.pairings, ko.time_control, ko.games) == (
        Format.KNOCKOUT,
        ((1, 4), (2, 3)),
        RAPID,
        2,
    )
    assert ko.if_tied is not None and ko.if_tied.stages == ()
    assert all(s.time_control == RAPID for s in branches[4].stages)
    # 32.5.6.1.1.3: as 32.5.6.2; 32.5.6.1.1.4: as 32.5.6.1.2
    assert branches[3].stages[0].clause == "32.5.6.2.1"
    assert branches[2].stages[0].time_control == ARMAGEDDON
    assert branches[2].stages[0].format is Format.ARMAGEDDON
    assert "32.5.6.1.1.1-32.5.6.1.1.4" in notes(build_plan(5), NoteKind.TYPO)
    assert "32.5.6.1.1.1-32.5.6.1.1.4" in notes(build_plan(10), NoteKind.TYPO)


def test_five_players_without_armageddon_even_when_time_is_limited() -> None:
    (rr,) = build_plan(5, LIMITED).stages
    assert rr.if_tied is not None
    four = next(b for b in rr.if_tied.branches if b.level == 4)
    assert {s.time_control for s in four.stages} == {RAPID}


def test_six_players_two_seeded_groups_then_armageddon() -> None:
    groups, final = build_plan(6).stages
    assert (groups.clause, groups.format) == ("32.5.6.5", Format.GROUPS)
    assert groups.groups == ((1, 4, 5), (2, 3, 6))  # "Игроки 1, 4, 5 - в одной, 2, 3, 6 - в другой"
    assert groups.numbering is Numbering.TIEBREAK  # "в порядке наивысшего тай-брейка"
    assert (groups.as_in, groups.games, groups.time_control) == ("32.5.6.2.1", 1, RAPID)
    assert next_stage(groups).clause == "32.5.6.2.2"
    assert (final.format, final.time_control, final.games) == (Format.ARMAGEDDON, ARMAGEDDON, 1)
    assert final.entrants == "the winner of group 1 and the winner of group 2"


def test_seven_players_armageddon_pairing_not_stated() -> None:
    plan = build_plan(7)
    (stage,) = plan.stages
    assert (stage.clause, stage.format, stage.time_control) == (
        "32.5.6.6",
        Format.ARMAGEDDON,
        ARMAGEDDON,
    )
    assert stage.groups == ((1, 2, 3, 4, 5, 6, 7),) and stage.pairings is None
    assert stage.numbering is Numbering.LOT
    assert stage.if_tied is not None and "fewest moves" in stage.if_tied.text
    assert any("does not say how the seven players are paired" in n for n in stage.notes)


def test_eight_players_knockout_and_the_typo() -> None:
    plan = build_plan(8)
    quarters, semis, final = plan.stages
    assert (quarters.clause, quarters.format) == ("32.5.6.7", Format.KNOCKOUT)
    assert quarters.pairings == ((1, 8), (2, 7), (3, 6), (4, 5))
    assert semis.entrants == "the four quarter-final winners" and semis.pairings is None
    assert final.entrants == "the two semi-final winners"
    typo = notes(plan, NoteKind.TYPO)
    assert "30.5.6.1.2" in typo and "32.5.6.1.2" in typo
    assert "states no time control" in notes(plan, NoteKind.SILENT)
    limited = build_plan(8, LIMITED).stages[0]
    assert (limited.time_control, limited.games) == (ARMAGEDDON, 1)  # "или как в п. 30.5.6.1.2"


def test_nine_players_three_groups_of_armageddon_round_robins() -> None:
    plan = build_plan(9)
    (groups,) = plan.stages
    assert (groups.clause, groups.format, groups.time_control) == (
        "32.5.6.8",
        Format.GROUPS,
        ARMAGEDDON,
    )
    assert groups.groups == ((1, 5, 9), (2, 6, 7), (3, 4, 8))
    assert groups.group_names == ("A", "B", "C")
    assert groups.as_in == "32.5.6.2.2"
    assert "three group winners" in notes(plan, NoteKind.SILENT)


def test_ten_players_two_groups_of_five_then_armageddon() -> None:
    plan = build_plan(10)
    groups, final = plan.stages
    assert (groups.clause, groups.format, groups.as_in) == ("32.5.6.9", Format.GROUPS, "32.5.6.4")
    # the composition is not in the text: trfkit's reading deals the seeds in a snake, as
    # 32.5.6.5 does for six (1, 4, 5 / 2, 3, 6), and says so in a note
    assert groups.groups == ((1, 4, 5, 8, 9), (2, 3, 6, 7, 10))
    assert groups.group_sizes == (5, 5)
    assert groups.numbering is Numbering.NOT_STATED
    assert groups.time_control == RAPID
    assert groups.if_tied is not None and len(groups.if_tied.branches) == 4
    assert (final.clause, final.time_control) == ("32.5.6.9", ARMAGEDDON)
    silent = notes(plan, NoteKind.SILENT)
    assert "how the ten players are split" in silent
    assert "trfkit's reading continues the pattern of 32.5.6.5" in silent
    assert "1, 4, 5, 8, 9 and 2, 3, 6, 7, 10" in silent


@pytest.mark.parametrize("tied", [11, 12, 17])
def test_eleven_or_more_drop_from_ninth_down_and_eight_play_as_32_5_6_7(tied: int) -> None:
    plan = build_plan(tied)
    assert plan.excluded == tuple(range(9, tied + 1))
    assert plan.stages == build_plan(8).stages
    assert plan.stages[0].pairings == ((1, 8), (2, 7), (3, 6), (4, 5))
    assert "prize fund fixed in advance" in notes(plan, NoteKind.PROVISION)
    assert "30.5.6.1.2" in notes(plan, NoteKind.TYPO)


@pytest.mark.parametrize("tied", range(2, 13))
def test_general_provisions_on_every_plan(tied: int) -> None:
    text = notes(build_plan(tied), NoteKind.PROVISION)
    for clause, words in [
        ("32.5.1", "in advance"),
        ("32.5.3", "30 minutes"),
        ("32.5.3", "10 minutes"),
        ("32.5.4", "three other arbiters"),
        ("32.5.5", "Berger"),
    ]:
        assert clause in text and words in text


@pytest.mark.parametrize("tied", range(2, 13))
def test_every_stage_has_a_stated_clock_and_known_seeds(tied: int) -> None:
    plan = build_plan(tied)
    playing = tied if tied <= 10 else 8

    def walk(stage: Stage) -> None:
        assert stage.time_control in (RAPID, ARMAGEDDON)
        assert set(stage.seeds) <= set(range(1, playing + 1))
        assert (
            stage.groups is not None
            or stage.pairings is not None
            or stage.entrants
            or stage.group_sizes
        )
        if stage.if_tied:
            for s in stage.if_tied.stages:
                walk(s)
            for b in stage.if_tied.branches:
                for s in b.stages:
                    walk(s)

    for stage in plan.stages:
        walk(stage)
    named = sorted(n for s in plan.stages for n in s.seeds)
    assert named == list(range(1, playing + 1))  # every player who plays is placed once


@pytest.mark.parametrize("tied", range(2, 13))
def test_late_finish_goes_straight_to_armageddon(tied: int) -> None:
    plan = build_plan(tied, LATE)
    assert all(s.time_control == ARMAGEDDON for s in plan.stages)
    assert "32.5.8" in notes(plan, NoteKind.OPTION)


def test_late_two_players_is_one_armageddon_game() -> None:
    (game,) = build_plan(2, LATE).stages
    assert (game.format, game.games, game.pairings, game.clause) == (
        Format.ARMAGEDDON,
        1,
        ((1, 2),),
        "32.5.8",
    )
    assert "32.5.7" not in notes(build_plan(2, LATE), NoteKind.OPTION)


def test_late_three_players_skip_the_rapid_round_robin() -> None:
    (rr,) = build_plan(3, LATE).stages
    assert (rr.clause, rr.time_control) == ("32.5.6.2.2", ARMAGEDDON)


def test_agreed_longer_control_for_two_players() -> None:
    agreed = Clock(900, 10)
    plan = build_plan(2, Options(agreed=agreed))
    (match,) = plan.stages
    assert (match.clause, match.time_control, match.games) == ("32.5.7", agreed, 2)
    assert next_stage(match).time_control == ARMAGEDDON
    assert "15 min + 10 s" in notes(plan, NoteKind.OPTION)


def test_agreed_control_is_ignored_with_more_than_two_players() -> None:
    plan = build_plan(3, Options(agreed=Clock(900, 10)))
    assert first(plan).time_control == RAPID
    assert "two players only" in notes(plan, NoteKind.OPTION)


def test_time_limited_closes_32_5_7() -> None:
    assert "32.5.7 is not available" in notes(build_plan(2, LIMITED), NoteKind.OPTION)
    assert first(build_plan(2, LIMITED)).time_control == RAPID  # 32.5.6.1 itself is unchanged
