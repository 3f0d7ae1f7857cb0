"""One problem, one diagnostic: a team's declared match/game points belong to T319 alone.

T319 (declared team score) and T503 (declared tie-break values) both used to compare
the MP and GP of a 310 record with the rebuilt matches, so a wrong total was reported
twice. The fixtures are hand-made: team A (players 1, 2) beats team B (3, 4) 2:0 in
the only round, so under the default 2/1/0 match points (Art. 32.2.1) A has 2 MP and
2 GP, B has 0 and 0.
"""

from __future__ import annotations

from trfkit import loads
from trfkit.model import DeclaredValue, Player, RoundEntry, Team, Tournament
from trfkit.validation.driver import iter_diagnostics, validate


def _player(start: int, points: str, rank: int, opponent: int, colour: str, result: str) -> str:
    """A 001 line: start 5-8, name 15-47, points 81-84, rank 86-89, round 1 at 92-99."""
    name = f"Player {start}"
    return (
        f"001 {start:>4} {'':1}{'':3} {name:<33} {'':>4} {'':3} {'':>11} {'':>10} "
        f"{points:>4} {rank:>4}  {opponent:>4} {colour} {result}"
    )


def _team(number: int, name: str, mp: str, gp: str, rank: int, *members: int) -> str:
    """A 310 line: name 9-40, MP 55-60, GP 62-67, rank 69-71, members from 74."""
    head = f"310 {number:>3} {name:<32} {'':<5} {'':<6} {mp:>6} {gp:>6} {rank:>3}  "
    return head + " ".join(f"{m:>4}" for m in members)


PLAYERS = (
    _player(1, "1.0", 1, 3, "w", "1"),
    _player(2, "1.0", 1, 4, "b", "1"),
    _player(3, "0.0", 3, 1, "b", "0"),
    _player(4, "0.0", 3, 2, "w", "0"),
)
TEAM_A_LINE = 7  # after 012, XXR and the four players


def trf26(mp_a: str, gp_a: str) -> str:
    lines = [
        "012 Duplicate Cup",
        "XXR 1",
        *PLAYERS,
        _team(1, "Rooks", mp_a, gp_a, 1, 1, 2),
        _team(2, "Knights", "0.0", "0.0", 2, 3, 4),
    ]
    return "\n".join(lines) + "\n"


def team_findings(text: str) -> list[tuple[str, int, str]]:
    doc = loads(text)
    return [(d.code, d.line, d.message) for d in validate(doc) if d.code in ("T319", "T503")]


def test_fixture_layout_is_read_as_written() -> None:
    doc = loads(trf26("3.0", "2.0"))
    rooks = doc.tournament.teams[0]
    assert (rooks.number, rooks.name, rooks.members) == (1, "Rooks", (1, 2))
    declared = (rooks.match_points, rooks.game_points, rooks.rank, rooks.line)
    assert declared == (3.0, 2.0, 1, TEAM_A_LINE)


def test_correct_declared_totals_give_nothing() -> None:
    assert team_findings(trf26("2.0", "2.0")) == []


def test_wrong_declared_match_points_give_exactly_one_diagnostic() -> None:
    assert team_findings(trf26("3.0", "2.0")) == [
        ("T319", TEAM_A_LINE, "team 1 declares 3 match points, the matches give 2")
    ]


def test_wrong_match_and_game_points_give_one_diagnostic_each() -> None:
    assert team_findings(trf26("1.0", "1.5")) == [
        ("T319", TEAM_A_LINE, "team 1 declares 1 match points, the matches give 2"),
        ("T319", TEAM_A_LINE, "team 1 declares 1.5 game points, the matches give 2"),
    ]


def test_nothing_else_reports_the_wrong_total() -> None:
    """The whole file gives the wrong total once, and only the scoring note besides."""
    doc = loads(trf26("3.0", "2.0"))
    assert [(d.code, d.line) for d in validate(doc)] == [("T403", 1), ("T319", TEAM_A_LINE)]


def _model_event(declared: tuple[DeclaredValue, ...], game_points: float | None) -> Tournament:
    """The same match built in code, as a chess-results reader would hand it over: the
    team's game points also appear as a declared GPTS tie-break column."""
    games = {
        1: RoundEntry(3, "w", "1"),
        2: RoundEntry(4, "b", "1"),
        3: RoundEntry(1, "b", "0"),
        4: RoundEntry(2, "w", "0"),
    }
    players = tuple(Player.build(s, f"P{s}", rounds=(games[s],), line=s) for s in range(1, 5))
    teams = (
        Team(1, "Rooks", (1, 2), game_points=game_points, line=7, declared=declared),
        Team(2, "Knights", (3, 4), line=8),
    )
    return Tournament(players=players, teams=teams)


def test_declared_gpts_column_equal_to_the_team_score_is_left_to_t319() -> None:
    t = _model_event((DeclaredValue("GPTS", 3.0, "3", "tb1"),), game_points=3.0)
    found = [(d.code, d.message) for d in iter_diagnostics(t, select=["T319", "T503"])]
    assert found == [("T319", "team 1 declares 3 game points, the matches give 2")]


def test_t503_keeps_the_tie_breaks_proper() -> None:
    # team 1 met team 2 (0 MP): BH:MP of team 1 is 0; a GPTS column without a team score
    # is not T319's value, so T503 still compares it.
    columns = (DeclaredValue("BH:MP", 5.0, "5", "tb2"), DeclaredValue("GPTS", 3.0, "3", "tb1"))
    t = _model_event(columns, game_points=None)
    found = [(d.code, d.line, d.message) for d in iter_diagnostics(t, select=["T319", "T503"])]
    assert found == [
        ("T503", 7, "team 1 (Rooks): declared BH:MP (tb2) 5, computed 0"),
        ("T503", 7, "team 1 (Rooks): declared GPTS (tb1) 3, computed 2"),
    ]
