"""Team checks T317-T325 (trfkit.validation.rules.teams), one small event per rule."""

from __future__ import annotations

from team_fixtures import FOUR_TEAMS, THREE_TEAMS, event

from trfkit.model import LineUp
from trfkit.validation.driver import iter_diagnostics

TEAM_CODES = ["T317", "T318", "T319", "T320", "T321", "T322", "T323", "T324", "T325"]


def found(t: object) -> list[tuple[str, int, str]]:
    return [(d.code, d.line, d.message) for d in iter_diagnostics(t, select=TEAM_CODES)]  # type: ignore[arg-type]


def codes(t: object) -> list[str]:
    return [c for c, _, _ in found(t)]


def test_clean_events_have_no_team_problem() -> None:
    assert codes(event(**FOUR_TEAMS)) == []


def test_t317_t323_match_with_three_teams() -> None:
    # round 1: team 1's board 1 plays team 2, its board 2 plays team 3
    t = event(
        {1: [1, 2], 2: [3, 4], 3: [5, 6]},
        {1: "3 w 1", 2: "5 b 0", 3: "1 b 0", 4: "6 w 1", 5: "2 w 1", 6: "4 b 0"},
    )
    got = found(t)
    t317 = [g for g in got if g[0] == "T317"]
    assert t317 and "team 1" in t317[0][2] and t317[0][1] == 101
    t323 = [g for g in got if g[0] == "T323"]
    assert t323 and all("did not" not in m for _, _, m in t323)
    assert {line for _, line, _ in t323} <= {1, 2, 3, 4, 5, 6}


def test_t322_pairing_within_a_team() -> None:
    t = event({1: [1, 2], 2: [3, 4]}, {1: "2 w 1", 2: "1 b 0", 3: "4 w =", 4: "3 b ="})
    got = [g for g in found(t) if g[0] == "T322"]
    assert got == [
        ("T322", 1, "round 1: players 1 and 2 are both in team 1"),
        ("T322", 3, "round 1: players 3 and 4 are both in team 2"),
    ]


def test_t318_more_boards_than_352_allows() -> None:
    t = event(
        {1: [1, 2], 2: [3, 4]}, {1: "3 w 1", 2: "4 b 1", 3: "1 b 0", 4: "2 w 0"}, board_colors="W"
    )
    assert [(c, line) for c, line, _ in found(t)] == [("T318", 101), ("T318", 102)]


def test_t319_declared_310_values() -> None:
    good = event(**FOUR_TEAMS, declared={1: (5.0, 4.0, 1)})
    assert "T319" not in codes(good)
    bad = event(
        **FOUR_TEAMS, declared={1: (6.0, 4.0, None), 3: (None, 2.0, None), 4: (None, None, 1)}
    )
    messages = [m for c, _, m in found(bad) if c == "T319"]
    assert "team 1 declares 6 match points, the matches give 5" in messages
    assert "team 3 declares 2 game points, the matches give 1.5" in messages
    assert any("team 4 declares rank 1" in m for m in messages)


def test_t320_board_order_broken() -> None:
    # team 1's board 1 meets team 2's board 2 and vice versa
    t = event({1: [1, 2], 2: [3, 4]}, {1: "4 w 1", 2: "3 b 1", 3: "2 w 0", 4: "1 b 0"})
    assert codes(t) == ["T320"]


def test_t321_unencoded_team_bye() -> None:
    got = [g for g in found(event(**THREE_TEAMS)) if g[0] == "T321"]
    assert [line for _, line, _ in got] == [103, 101, 102]  # rounds 1, 2, 3


def test_t324_players_without_team() -> None:
    t = event(
        {1: [1, 2], 2: [3, 4]},
        {1: "3 w 1", 2: "4 b 1", 3: "1 b 0", 4: "2 w 0", 5: "0000 - -", 6: "0000 - -"},
    )
    assert found(t) == [
        (
            "T324",
            5,
            ("2 of 6 players belong to no team (start numbers 5, 6); team tie-breaks ignore them"),
        )
    ]


def test_t325_line_up_with_a_stranger() -> None:
    t = event(
        {1: [1, 2], 2: [3, 4]},
        {1: "3 w 1", 2: "4 b 1", 3: "1 b 0", 4: "2 w 0"},
        lineups=(LineUp(1, 1, 2, (1, 3), line=50),),
    )
    got = [g for g in found(t) if g[0] == "T325"]
    assert got and got[0][1] == 50 and "player 3" in got[0][2]
