"""trfkit.finite.unusable_numbers: one located T103 per unusable number, whichever player
holds it, and nothing copied when every number is usable."""

from __future__ import annotations

from dataclasses import replace

import pytest

from trfkit.finite import MAX_NUMBER, MAX_RATING, unusable_numbers
from trfkit.model import AbnormalPoints, DeclaredValue, Header, Player, Tournament


def _field(n: int = 40) -> tuple[Player, ...]:
    return tuple(
        Player(start=i, name=f"P{i}", rating=1500 + i, points=float(i % 8) / 2, line=i + 1)
        for i in range(1, n + 1)
    )


def test_a_clean_field_is_left_as_it_is() -> None:
    players = _field()
    assert unusable_numbers(Tournament(players=players)) is None
    assert unusable_numbers(Tournament()) is None
    edge = replace(players[5], points=MAX_NUMBER, rating=MAX_RATING)
    assert unusable_numbers(Tournament(players=(*players[:5], edge))) is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"points": float("nan")}, "player 17: points nan is not a usable number"),
        ({"points": float("inf")}, "player 17: points inf is not a usable number"),
        ({"points": -float("inf")}, "player 17: points -inf is not a usable number"),
        ({"points": MAX_NUMBER * 2}, "player 17: points 2000000.0 is not a usable number"),
        ({"rating": MAX_RATING + 1}, "player 17: a rating of 16 digits is not a usable number"),
        ({"start": -3}, "start number -3 is below 0; read as 0"),
        (
            {"declared": (DeclaredValue("BH", float("nan")),)},
            "player 17: value nan is not a usable number",
        ),
    ],
)
def test_one_bad_number_among_clean_players_is_found_at_its_line(
    change: dict[str, object], message: str
) -> None:
    players = list(_field())
    players[16] = replace(players[16], **change)  # start 17, line 18
    fixed = unusable_numbers(Tournament(players=tuple(players)))
    assert fixed is not None
    tournament, found = fixed
    assert [(d.code, d.line) for d in found] == [("T103", 18)]
    assert found[0].message.startswith(message)
    assert tournament.players[:16] == tuple(players[:16])
    assert tournament.players[17:] == tuple(players[17:])
    assert unusable_numbers(tournament) is None  # what was replaced is usable


@pytest.mark.parametrize("big", [float("inf"), MAX_NUMBER * 3])
def test_bad_numbers_that_cancel_out_in_a_sum_are_each_found(big: float) -> None:
    """+x and -x add up to a usable 0 (or to NaN for infinities): each is still reported."""
    players = list(_field())
    players[3] = replace(players[3], points=big)
    players[30] = replace(players[30], points=-big)
    fixed = unusable_numbers(Tournament(players=tuple(players)))
    assert fixed is not None
    assert [(d.code, d.line) for d in fixed[1]] == [("T103", 5), ("T103", 32)]


def test_a_bad_number_of_the_tournament_itself_is_found_beside_clean_players() -> None:
    """The tournament's own records (a 299 here) are walked too, its header and players
    are kept."""
    players = _field(5)
    header = Header(name="Open")
    bonus = AbnormalPoints("", None, float("inf"), None, (3,), line=9)
    fixed = unusable_numbers(Tournament(header=header, players=players, abnormal=(bonus,)))
    assert fixed is not None
    tournament, found = fixed
    assert [(d.code, d.line) for d in found] == [("T103", 9)]
    assert "points inf is not a usable number" in found[0].message
    assert tournament.abnormal[0].points is None
    assert tournament.players == players and tournament.header.name == "Open"
