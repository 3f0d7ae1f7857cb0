"""Small team events built in code, for the team tests (values worked by hand in the tests).

``event(teams, rounds)``: ``teams`` maps team number -> member start numbers;
``rounds`` is one string per player (start order), TRF-like blocks separated by
``|``: ``"3 w 1"`` (opponent, colour, result), ``"0000 - -"`` (absent), ``"0000 - +"``
(empty-board win).
"""

from __future__ import annotations

from trfkit.model import (
    ForfeitedMatch,
    Header,
    LineUp,
    Player,
    RoundEntry,
    ScoringSystem,
    Team,
    TeamBye,
    Tournament,
)


def _block(text: str) -> RoundEntry:
    opp, color, result = text.split()
    number = int(opp)
    return RoundEntry(number or None, "" if color == "-" else color, result)


def event(
    teams: dict[int, list[int]],
    rows: dict[int, str],
    *,
    type_text: str = "Team Swiss System",
    type_code: str = "",
    board_colors: str = "",
    match_scoring: ScoringSystem | None = None,
    lineups: tuple[LineUp, ...] = (),
    team_byes: tuple[TeamBye, ...] = (),
    forfeited: tuple[ForfeitedMatch, ...] = (),
    rounds: int | None = None,
    declared: dict[int, tuple[float | None, float | None, int | None]] | None = None,
) -> Tournament:
    players = tuple(
        Player.build(s, f"P{s}", rounds=tuple(_block(b) for b in row.split("|")), line=s)
        for s, row in sorted(rows.items())
    )
    declared = declared or {}
    team_records = tuple(
        Team(
            number=n,
            name=f"Team {n}",
            members=tuple(m),
            line=100 + n,
            match_points=declared.get(n, (None, None, None))[0],
            game_points=declared.get(n, (None, None, None))[1],
            rank=declared.get(n, (None, None, None))[2],
        )
        for n, m in teams.items()
    )
    n_rounds = rounds if rounds is not None else max(len(p.rounds) for p in players)
    header = Header(
        name="test",
        rounds=n_rounds,
        type_text=type_text,
        type_code=type_code,
        board_colors=board_colors,
        match_scoring=match_scoring,
    )
    return Tournament(
        header=header,
        players=players,
        teams=team_records,
        lineups=lineups,
        team_byes=team_byes,
        forfeited_matches=forfeited,
    )


#: Four teams of two boards, three rounds, every match played (a complete round robin
#: read as a Swiss). Team 1 = players 1-2, team 2 = 3-4, team 3 = 5-6, team 4 = 7-8.
#: R1: 1-2 1.5:0.5, 3-4 1:1.  R2: 1-3 1.5:0.5, 2-4 1:1.  R3: 1-4 1:1, 2-3 2:0.
FOUR_TEAMS = {
    "teams": {1: [1, 2], 2: [3, 4], 3: [5, 6], 4: [7, 8]},
    "rows": {
        1: "3 w 1|5 b =|7 w 0",
        2: "4 b =|6 w 1|8 b 1",
        3: "1 b 0|7 w =|5 b 1",
        4: "2 w =|8 b =|6 w 1",
        5: "7 w 0|1 w =|3 w 0",
        6: "8 b 1|2 b 0|4 b 0",
        7: "5 b 1|3 b =|1 b 1",
        8: "6 w 0|4 w =|2 w 0",
    },
}

#: Three teams of two boards, three rounds, the Swiss-Manager way: the bye team's
#: players all show "0000 - -" (no 320 record). Team 1 = 1, 2 (+ reserve 7), team 2 =
#: 3, 4, team 3 = 5, 6. R1: 1-2 2:0, team 3 bye. R2: 2-3 1.5:0.5 (player 6 absent,
#: 4 wins the empty board), team 1 bye. R3: 3-1 0:2, team 2 bye.
THREE_TEAMS = {
    "teams": {1: [1, 2, 7], 2: [3, 4], 3: [5, 6]},
    "rows": {
        1: "3 w 1|0000 - -|5 b 1",
        2: "4 b 1|0000 - -|6 w 1",
        3: "1 b 0|5 w =|0000 - -",
        4: "2 w 0|0000 - +|0000 - -",
        5: "0000 - -|3 b =|1 w 0",
        6: "0000 - -|0000 - -|2 b 0",
        7: "0000 - -|0000 - -|0000 - -",
    },
}
