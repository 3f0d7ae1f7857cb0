"""The score rules (T401, T402, T113) on a hand-made four-player field: agreeing totals and
ranks give nothing, one wrong number is reported, and T113 does not walk the rounds of a
fully ranked field."""

from __future__ import annotations

import pytest

from trfkit.model import Header, Player, RoundEntry, Source, Tournament
from trfkit.validation.rules import scores


def _field(points: list[float | None], ranks: list[int | None]) -> Tournament:
    """Four players, two rounds: 1 beat 2 and 3, 2 beat 4, 3 beat 4 (scores 2, 1, 1, 0)."""
    rounds = {
        1: [RoundEntry(2, "w", "1"), RoundEntry(3, "b", "1")],
        2: [RoundEntry(1, "b", "0"), RoundEntry(4, "w", "1")],
        3: [RoundEntry(4, "w", "1"), RoundEntry(1, "w", "0")],
        4: [RoundEntry(3, "b", "0"), RoundEntry(2, "b", "0")],
    }
    players = tuple(
        Player.build(s, f"P{s}", rounds=rounds[s], points=points[s - 1], rank=ranks[s - 1])
        for s in (1, 2, 3, 4)
    )
    return Tournament(header=Header(rounds=2), players=players, source=Source(format="trf"))


def test_agreeing_totals_give_no_t401_and_one_wrong_total_is_reported() -> None:
    assert list(scores.points_mismatch(_field([2.0, 1.0, 1.0, 0.0], [1, 2, 3, 4]))) == []
    found = list(scores.points_mismatch(_field([2.0, 1.5, 1.0, 0.0], [1, 2, 3, 4])))
    assert [d.message.split(" declares")[0] for d in found] == ["player 2"]
    assert "1.5 points but the results give 1.0" in found[0].message


def test_a_nan_total_is_not_reported_by_t401_and_the_other_players_still_are() -> None:
    # (the reading stage replaces a NaN with T103 first; the rule itself must not fail)
    assert list(scores.points_mismatch(_field([float("nan"), 1.0, 1.0, 0.0], [1, 2, 3, 4]))) == []
    found = list(scores.points_mismatch(_field([float("nan"), 1.0, 1.0, 1.0], [1, 2, 3, 4])))
    assert [d.message.split(" declares")[0] for d in found] == ["player 4"]


def test_t402_accepts_a_field_ranked_by_points_and_finds_an_inversion() -> None:
    assert list(scores.rank_contradicts_points(_field([2.0, 1.0, 1.0, 0.0], [1, 2, 3, 4]))) == []
    found = list(scores.rank_contradicts_points(_field([2.0, 1.0, 1.0, 0.0], [1, 4, 2, 3])))
    assert [d.message for d in found] == [
        "player 4 is ranked 3 with 0.0 points, above player 2 ranked 4 with 1.0"
    ]


def test_t113_does_not_walk_the_rounds_when_every_player_is_ranked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    t = _field([2.0, 1.0, 1.0, 0.0], [1, 2, 3, 4])

    def walked(self: Tournament) -> int:
        raise AssertionError("scored_rounds walked every round of a fully ranked field")

    monkeypatch.setattr(Tournament, "scored_rounds", property(walked))
    assert list(scores.rank_missing(t)) == []
    monkeypatch.undo()
    found = list(scores.rank_missing(_field([2.0, 1.0, 1.0, 0.0], [1, None, 3, 4])))
    assert [d.message for d in found] == ["player 2 has no rank in a finished event"]
