"""No rule ever crashes: random models and random TRF-like text give diagnostics, never T999."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from trfkit.formats.trf.reader import loads_trf
from trfkit.model import Header, Player, RoundEntry, ScoringSystem, Team, Tournament
from trfkit.model.results import RESULT_CODES
from trfkit.validation.driver import validate

entries = st.builds(
    RoundEntry,
    st.one_of(st.none(), st.integers(-3, 12)),
    st.sampled_from(["w", "b", ""]),
    st.sampled_from(sorted(RESULT_CODES)),
)
players = st.builds(
    Player.build,
    start=st.integers(-1, 12),
    name=st.just("x"),
    points=st.one_of(st.none(), st.floats(-5, 20, allow_nan=False)),
    rank=st.one_of(st.none(), st.integers(0, 12)),
    fide_id=st.one_of(st.none(), st.integers(0, 3)),
    rating=st.one_of(st.none(), st.integers(0, 2800)),
    rounds=st.lists(entries, max_size=6).map(tuple),
    line=st.integers(0, 40),
)
teams = st.builds(
    Team,
    number=st.integers(1, 4),
    name=st.just("t"),
    members=st.lists(st.integers(0, 14), max_size=5).map(tuple),
    source=st.sampled_from(["013", "310"]),
    line=st.integers(0, 40),
)
tournaments = st.builds(
    Tournament,
    header=st.builds(
        Header,
        name=st.sampled_from(["", "Open"]),
        players_declared=st.one_of(st.none(), st.integers(0, 12)),
        rounds=st.one_of(st.none(), st.integers(0, 6)),
        scoring=st.sampled_from([ScoringSystem(), ScoringSystem(win=3, source="162")]),
    ),
    players=st.lists(players, max_size=10).map(tuple),
    teams=st.lists(teams, max_size=3).map(tuple),
)


@settings(max_examples=100, deadline=None)
@given(tournaments)
def test_rules_never_crash_on_any_model(t: Tournament) -> None:
    assert [d for d in validate(t) if d.code == "T999"] == []


LINE = st.sampled_from(
    [
        "012 Open",
        "062 3",
        "XXR 2",
        "132" + " " * 88 + "24/01/02  23/01/02",
        # player lines split before their round blocks (implicit concatenation, same text)
        "001    1      A                                                                  1.0    1"
        "     2 w 1",
        "001    2      B                                                                  0.0    2"
        "     1 b 0  0000 - U",
        "001    2      B                                                                  0.0    2"
        "     2 b =",
        "001    3      C                                                                  9.0    1"
        "     1 w 1     9 - Z",
        "013 Team                               1    2    4",
        "310   1 T",
        "299           2.0    1    4",
    ]
)


@settings(max_examples=100, deadline=None)
@given(st.lists(LINE, max_size=12))
def test_rules_never_crash_on_trf_like_text(lines: list[str]) -> None:
    doc = loads_trf("\n".join(lines) + "\n")
    assert [d for d in validate(doc) if d.code == "T999"] == []
