"""Random, often inconsistent team models: rebuilding, checking and team tie-breaks never raise."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trfkit.model import (
    ByeRecord,
    ForfeitedMatch,
    Header,
    LineUp,
    Player,
    RoundEntry,
    Team,
    TeamBye,
    Tournament,
)
from trfkit.tiebreaks.team.standings import compute_teams
from trfkit.validation.driver import iter_diagnostics

CODES = [
    "MPTS",
    "GPTS",
    "MPvGP",
    "BH:MP/C1",
    "BH:GP/M1",
    "FB:MP",
    "AOB:MP/F",
    "EMMSB/C1",
    "EGGSB/P",
    "PS:GP",
    "WIN:GP",
    "WON:MP",
    "KS:MP/L-1",
    "BC",
    "SSSC",
    "OTHER_RU_MPGP",
    "SB",
    "EDEBT/P",
    "EDEBB",
    "DE:GP",
    "TBR",
    "BBE",
]

starts = st.integers(0, 9)
entries = st.builds(
    RoundEntry,
    st.one_of(st.none(), starts),
    st.sampled_from(["w", "b", ""]),
    st.sampled_from(["1", "0", "=", "+", "-", "H", "F", "U", "Z", " ", ""]),
)
players = st.lists(
    st.builds(
        Player.build,
        start=starts,
        name=st.just("x"),
        rounds=st.lists(entries, max_size=4).map(tuple),
    ),
    max_size=9,
)
teams = st.lists(
    st.builds(
        Team,
        number=st.integers(0, 5),
        name=st.just("t"),
        members=st.lists(starts, max_size=4).map(tuple),
    ),
    min_size=1,
    max_size=5,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=players,
    teams=teams,
    rounds=st.one_of(st.none(), st.integers(0, 5)),
    colors=st.sampled_from(["", "W", "WBWB"]),
    lineups=st.lists(
        st.builds(
            LineUp,
            st.integers(0, 4),
            st.integers(0, 5),
            st.integers(0, 5),
            st.lists(starts, max_size=4).map(tuple),
        ),
        max_size=2,
    ),
    byes=st.lists(
        st.builds(
            TeamBye,
            st.none(),
            st.just(1.0),
            st.lists(st.one_of(st.none(), st.integers(0, 5)), max_size=4).map(tuple),
        ),
        max_size=1,
    ),
    forfeits=st.lists(
        st.builds(
            ForfeitedMatch,
            st.sampled_from(["+-", "-+", "--", "x"]),
            st.integers(0, 4),
            st.integers(0, 5),
            st.integers(0, 5),
        ),
        max_size=2,
    ),
    requested=st.lists(
        st.builds(
            ByeRecord,
            st.sampled_from("FHZ"),
            st.integers(0, 4),
            st.lists(st.integers(0, 5), max_size=2).map(tuple),
        ),
        max_size=2,
    ),
    type_code=st.sampled_from(["", "FIDE_TEAM_GP_MP", "BERGER"]),
    rules=st.sampled_from(["fide-2009", "fide-2024", "fide-2026", "ru-2013"]),
)
def test_no_exception_on_random_team_models(
    players: list[Player],
    teams: list[Team],
    rounds: int | None,
    colors: str,
    lineups: list[LineUp],
    byes: list[TeamBye],
    forfeits: list[ForfeitedMatch],
    requested: list[ByeRecord],
    type_code: str,
    rules: str,
) -> None:
    t = Tournament(
        header=Header(rounds=rounds, board_colors=colors, type_code=type_code),
        players=tuple(players),
        teams=tuple(teams),
        lineups=tuple(lineups),
        team_byes=tuple(byes),
        forfeited_matches=tuple(forfeits),
        byes=tuple(requested),
    )
    standings = compute_teams(t, CODES, rules=rules, unencoded_bye=(1.0, 1.0))
    for row in standings.rows:
        for value in row.values.values():
            assert value is None or math.isfinite(value)
    found = list(
        iter_diagnostics(
            t, select=["T317", "T318", "T319", "T320", "T321", "T322", "T323", "T324", "T325"]
        )
    )
    assert not [d for d in found if d.code == "T999"], found  # a crashing rule shows up as T999
