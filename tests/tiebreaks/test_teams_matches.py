"""Matches rebuilt from board results (trfkit.team_matches.rebuild) on hand-made events."""

from __future__ import annotations

from team_fixtures import FOUR_TEAMS, THREE_TEAMS, event

from trfkit.model import ForfeitedMatch, LineUp, ScoringSystem, TeamBye
from trfkit.model.results import Kind
from trfkit.team_matches import BoardResult, Match, rebuild


def test_four_teams_every_match() -> None:
    ev = rebuild(event(**FOUR_TEAMS))
    assert ev.team_size == 2 and ev.rounds_played == 3
    assert ev.matches == (
        Match(1, 1, 2),
        Match(1, 3, 4),
        Match(2, 1, 3),
        Match(2, 2, 4),
        Match(3, 1, 4),
        Match(3, 2, 3),
    )
    r1 = ev.round(1, 1)
    assert (r1.opponent, r1.kind, r1.match_points, r1.game_points, r1.opponent_game_points) == (
        2,
        Kind.WIN,
        2.0,
        1.5,
        0.5,
    )
    assert r1.boards == (BoardResult(1, 1, 3, "1", 1.0, True), BoardResult(2, 2, 4, "=", 0.5, True))
    assert ev.round(2, 1).kind is Kind.LOSS and ev.round(3, 1).kind is Kind.DRAW
    assert [ev.match_points(n) for n in (1, 2, 3, 4)] == [5, 3, 1, 3]
    assert [ev.game_points(n) for n in (1, 2, 3, 4)] == [4, 3.5, 1.5, 3]
    assert not ev.diagnostics


def test_unencoded_swiss_manager_bye_is_detected_and_reported() -> None:
    ev = rebuild(event(**THREE_TEAMS))
    t321 = [d for d in ev.diagnostics if d.code == "T321"]
    assert len(t321) == 3
    assert "team 3" in t321[0].message and "round 1" in t321[0].message
    assert t321[0].line == 103  # the team's 013 line
    idle = ev.round(1, 2)
    assert (idle.opponent, idle.kind, idle.match_points, idle.game_points, idle.source) == (
        None,
        Kind.ZERO_BYE,
        0.0,
        0.0,
        "unencoded-bye",
    )
    assert idle.voluntary_unplayed
    # the empty board: player 4 won board 2 because team 3 fielded one player
    r2 = ev.round(2, 2)
    assert r2.boards[1] == BoardResult(2, 4, None, "+", 1.0, False)
    assert (r2.kind, r2.game_points, r2.opponent_game_points) == (Kind.WIN, 1.5, 0.5)


def test_unencoded_bye_can_be_counted_as_the_pab() -> None:
    ev = rebuild(event(**THREE_TEAMS), unencoded_bye=(1.0, 3.0))
    bye = ev.round(1, 2)
    assert (bye.kind, bye.match_points, bye.game_points) == (Kind.PAB, 1.0, 3.0)
    assert not bye.voluntary_unplayed
    assert "counted as the team PAB: 1 MP, 3 GP" in ev.diagnostics[0].message


def test_declared_320_bye_is_a_pab_and_not_reported() -> None:
    ev = rebuild(event(**THREE_TEAMS, team_byes=(TeamBye(1.0, 2.0, (3, 1, 2)),)))
    assert not [d for d in ev.diagnostics if d.code == "T321"]
    bye = ev.round(3, 1)
    assert (bye.kind, bye.match_points, bye.game_points, bye.source) == (Kind.PAB, 1.0, 2.0, "320")
    # 320 without points: the PAB is worth a match win and a win on every board
    ev = rebuild(event(**THREE_TEAMS, team_byes=(TeamBye(None, None, (3, 1, 2)),)))
    assert (ev.round(3, 1).match_points, ev.round(3, 1).game_points) == (2.0, 2.0)
    assert ev.round(3, 1).board_points(2, ScoringSystem()) == {1: 1.0, 2: 1.0}


TWO = {1: [1, 2], 2: [3, 4]}


def test_330_forfeited_match() -> None:
    t = event(
        TWO,
        {1: "0000 - -", 2: "0000 - -", 3: "0000 - -", 4: "0000 - -"},
        forfeited=(ForfeitedMatch("+-", 1, 1, 2),),
    )
    ev = rebuild(t)
    won, lost = ev.round(1, 1), ev.round(2, 1)
    # no boards written: the winner scores a win on every board (team size 2 from the lists)
    assert (won.kind, won.match_points, won.game_points, won.opponent) == (
        Kind.FORFEIT_WIN,
        2.0,
        2.0,
        2,
    )
    assert (lost.kind, lost.match_points, lost.game_points) == (Kind.FORFEIT_LOSS, 0.0, 0.0)
    assert lost.voluntary_unplayed and not won.voluntary_unplayed
    assert ev.matches == (Match(1, 1, 2),)


def test_every_board_forfeited_is_a_forfeited_match() -> None:
    ev = rebuild(event(TWO, {1: "3 w +", 2: "4 b +", 3: "1 b -", 4: "2 w -"}))
    assert (ev.round(1, 1).kind, ev.round(1, 1).match_points, ev.round(1, 1).game_points) == (
        Kind.FORFEIT_WIN,
        2.0,
        2.0,
    )
    assert ev.round(2, 1).kind is Kind.FORFEIT_LOSS


def test_nobody_scores_both_teams_lose() -> None:
    ev = rebuild(event(TWO, {1: "3 w -", 2: "4 b -", 3: "1 b -", 4: "2 w -"}))
    assert ev.round(1, 1).kind is ev.round(2, 1).kind is Kind.FORFEIT_LOSS
    assert ev.match_points(1) == ev.match_points(2) == 0


def test_bye_written_on_the_boards() -> None:
    t = event(
        {1: [1, 2], 2: [3, 4], 3: [5, 6]},
        {1: "3 w 1", 2: "4 b 1", 3: "1 b 0", 4: "2 w 0", 5: "0000 - U", 6: "0000 - U"},
    )
    bye = rebuild(t).round(3, 1)
    assert (bye.kind, bye.match_points, bye.game_points, bye.source) == (
        Kind.PAB,
        2.0,
        2.0,
        "boards-bye",
    )


def test_240_requested_team_byes() -> None:
    from trfkit.model import ByeRecord, replace

    t = event(**THREE_TEAMS)
    t = replace(t, byes=(ByeRecord("H", 1, (3,)), ByeRecord("F", 2, (1,))))
    ev = rebuild(t)
    assert (ev.round(3, 1).kind, ev.round(3, 1).match_points, ev.round(3, 1).game_points) == (
        Kind.HALF_BYE,
        1.0,
        1.0,
    )
    assert (ev.round(1, 2).kind, ev.round(1, 2).match_points, ev.round(1, 2).game_points) == (
        Kind.FULL_BYE,
        2.0,
        2.0,
    )


def test_300_line_up_sets_the_boards() -> None:
    t = event(
        {1: [1, 2, 5], 2: [3, 4]},
        {1: "4 w 1", 2: "0000 - -", 3: "5 w 1", 4: "1 b 0", 5: "3 b 0"},
        lineups=(LineUp(1, 1, 2, (5, 1)),),
        board_colors="WB",
    )
    r = rebuild(t).round(1, 1)
    assert [(b.board, b.player) for b in r.boards] == [(1, 5), (2, 1)]
    assert (r.game_points, r.kind) == (1.0, Kind.DRAW)


def test_empty_board_of_the_lower_team_shifts_the_other_team() -> None:
    # team 1 fields 3 boards, its board 2 wins by default (team 2 left it empty)
    t = event(
        {1: [1, 2, 3], 2: [4, 5, 6]},
        {1: "4 w 1", 2: "0000 - +", 3: "5 w 0", 4: "1 b 0", 5: "3 b 1", 6: "0000 - -"},
    )
    ev = rebuild(t)
    assert ev.team_size == 2  # the most games two teams played in one match
    assert [(b.board, b.player) for b in ev.round(1, 1).boards] == [(1, 1), (2, 2), (3, 3)]
    assert [(b.board, b.player) for b in ev.round(2, 1).boards] == [(1, 4), (3, 5)]
    assert ev.round(1, 1).match_points == 2.0  # 2 : 1


def test_team_size_from_352() -> None:
    assert rebuild(event(**FOUR_TEAMS, board_colors="WBWB")).team_size == 4


def test_bye_on_the_boards_takes_the_320_points() -> None:
    t = event(
        {1: [1, 2], 2: [3, 4], 3: [5, 6]},
        {1: "3 w 1", 2: "4 b 1", 3: "1 b 0", 4: "2 w 0", 5: "0000 - U", 6: "0000 - U"},
        team_byes=(TeamBye(2.0, 3.0, ()),),
    )
    bye = rebuild(t).round(3, 1)
    assert (bye.kind, bye.match_points, bye.game_points, bye.source) == (
        Kind.PAB,
        2.0,
        3.0,
        "boards-bye",
    )


def test_a_paired_round_without_results_is_not_scored() -> None:
    from trfkit.model import RoundEntry, replace

    t = event(**FOUR_TEAMS)
    # round 4 paired as round 1, no result yet
    paired = tuple(
        p.with_rounds((*p.rounds, RoundEntry(p.rounds[0].opponent, p.rounds[0].color, " ")))
        for p in t.players
    )
    ev = rebuild(replace(t, players=paired))
    assert ev.rounds_played == 3 and len(ev.rounds[1]) == 3


def test_board_points_of_rounds_without_boards() -> None:
    from trfkit.model import ByeRecord, replace

    t = replace(event(**THREE_TEAMS), byes=(ByeRecord("H", 1, (3,)),))
    ev = rebuild(t, unencoded_bye=(1.0, 1.0))
    assert ev.round(3, 1).board_points(2, ScoringSystem()) == {1: 0.5, 2: 0.5}  # half-point bye
    assert ev.round(1, 2).board_points(2, ScoringSystem(pab=0.0)) == {1: 1.0, 2: 1.0}  # PAB = a win
    absent = rebuild(event(**THREE_TEAMS)).round(1, 2)
    assert absent.board_points(2, ScoringSystem()) == {}


def test_the_other_team_follows_a_300_line_up() -> None:
    # team 2 (the higher number) plays in the order 4, 3 by its line-up
    t = event(
        {1: [1, 2], 2: [3, 4]},
        {1: "4 w 1", 2: "3 b 0", 3: "2 w 1", 4: "1 b 0"},
        lineups=(LineUp(1, 2, 1, (4, 3)),),
    )
    ev = rebuild(t)
    assert [(b.board, b.player) for b in ev.round(1, 1).boards] == [(1, 1), (2, 2)]
    assert [(b.board, b.player) for b in ev.round(2, 1).boards] == [(1, 4), (2, 3)]
    # team 1's list would have put 2 first if team 2 had no line-up: here 1 and 2 keep theirs
    t = event(
        {1: [2, 1], 2: [3, 4]},
        {1: "4 w 1", 2: "3 b 0", 3: "2 w 1", 4: "1 b 0"},
        lineups=(LineUp(1, 2, 1, (4, 3)),),
    )
    assert [(b.board, b.player) for b in rebuild(t).round(1, 1).boards] == [(1, 1), (2, 2)]


def test_team_score_lines() -> None:
    from trfkit.team_matches.scores import TeamScore, team_scores

    lines = team_scores(rebuild(event(**FOUR_TEAMS)))
    assert lines[0] == TeamScore(1, "Team 1", 5.0, 4.0, 2, 1, 0, 0, 0)
    assert [(s.won, s.drawn, s.lost) for s in lines] == [(2, 1, 0), (1, 1, 1), (0, 1, 2), (0, 3, 0)]
    three = team_scores(rebuild(event(**THREE_TEAMS), unencoded_bye=(1.0, 1.0)))
    assert [(s.won, s.drawn, s.lost, s.byes, s.absent) for s in three] == [
        (2, 0, 0, 1, 0),
        (1, 0, 1, 1, 0),
        (0, 0, 2, 1, 0),
    ]
    assert [s.absent for s in team_scores(rebuild(event(**THREE_TEAMS)))] == [1, 1, 1]


def test_team_matches_import_nothing_of_the_tiebreaks() -> None:
    """trfkit.team_matches rebuilds matches from board results; the team tie-breaks build on
    it from trfkit.tiebreaks.team, never the other way round (no import cycle)."""
    import subprocess
    import sys

    code = (
        "import importlib, pkgutil, sys, trfkit.team_matches as t; "
        "names = sorted(m.name for m in pkgutil.iter_modules(t.__path__)); "
        "[importlib.import_module('trfkit.team_matches.' + n) for n in names]; "
        "print(names, sorted(m for m in sys.modules if m.startswith('trfkit.tiebreaks')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "['byes', 'rebuild', 'records', 'scores'] []"
