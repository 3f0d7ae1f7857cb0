"""Hand-checked values of the Buchholz and Sonneborn-Berger families on small
crosstables, under quarter-point and other scoring systems, and ``Context.regular``
(players whose every round is a game) against its definition."""

from __future__ import annotations

import pytest
from tb_fixtures import tournament

from trfkit.model import ScoringSystem
from trfkit.tiebreaks import compute, parse
from trfkit.tiebreaks.context import Context
from trfkit.tiebreaks.editions import FIDE_2024
from trfkit.tiebreaks.unplayed import adjusted

#: A round-robin of four (rounds: A-B C-D, A-C B-D, A-D B-C); scores 2, 1.5, 2, 0.5.
ROWS = [
    (1, "A", 2100, "+W2 =B3 =W4"),
    (2, "B", 2000, "-B1 +W4 =W3"),
    (3, "C", 1900, "+W4 =W1 =B2"),
    (4, "D", 1800, "-B3 -B2 =B1"),
]


@pytest.mark.parametrize(
    "draw, want",
    [
        (0.5, {"SB": 2.75, "SB/C1": 2.5, "SB/M1": 1.5, "SB/C2": 1.0}),
        (0.3, {"SB": 1.87, "SB/C1": 1.78, "SB/M1": 1.3, "SB/C2": 0.48}),
    ],
)
def test_sb_cuts_of_a_hand_checked_crosstable(draw: float, want: dict[str, float]) -> None:
    """A beat B and drew C and D. With a draw worth 0.3 the scores are A 1.6, B 1.3,
    C 1.6, D 0.3: SB = 1 x 1.3 + 0.3 x 1.6 + 0.3 x 0.3 = 1.87; SB/C1 drops the least
    significant round (D, 0.09): 1.78; SB/M1 also the most significant (C, 0.48): 1.3;
    SB/C2 drops D and B: 0.48. With 0.5: 2.75, 2.5, 1.5 and 1.0 alike. Scores that
    are not quarter points make the float sums order-dependent: the values must still
    be the sums of the rounds kept."""
    scoring = ScoringSystem(win=1.0, draw=draw, loss=0.0, half_bye=draw)
    got = compute(tournament(ROWS, scoring=scoring), list(want), rules="fide-2024").by_start()[1]
    assert {k: v for k, v in got.values.items() if k != "PTS"} == pytest.approx(want)


def test_regular_players_are_those_with_a_game_every_round() -> None:
    t = tournament(
        [(1, "A", None, "+W2 =BYE"), (2, "B", None, "-B1 +W3"), (3, "C", None, "+BYE -B2")]
    )
    assert Context(t, FIDE_2024).regular == [False, True, False]


def test_bh_family_of_a_hand_checked_crosstable() -> None:
    """Every round a game for all four. A met B (1.5), C (2), D (0.5): BH = 4; BH/C1
    drops D: 3.5; SB = 1 x 1.5 + 0.5 x 2 + 0.5 x 0.5 = 2.75; SB/C1 drops the least
    significant round (D, product 0.25): 2.5."""
    got = compute(tournament(ROWS), ["BH", "BH/C1", "SB", "SB/C1"], rules="fide-2024").by_start()[1]
    assert got.values == {"PTS": 2.0, "BH": 4.0, "BH/C1": 3.5, "SB": 2.75, "SB/C1": 2.5}
    assert parse("SB/C1").cut == 1


def test_fore_points_are_the_last_round_drawn() -> None:
    # Art. 8.3: every paired game of the last round counts as a draw, forfeits included;
    # the context's own rows stay as they are.
    rows = [
        (1, "A", 2100, "+W2 =B3 +W4"),
        (2, "B", 2000, "-B1 +F4 =W3"),
        (3, "C", 1900, "+W4 =W1 =B2"),
        (4, "D", 1800, "-B3 -F2 -B1"),
    ]
    ctx = Context(tournament(rows, type_text="Swiss"), FIDE_2024)
    assert ctx.regular == [True, False, True, False]
    table = adjusted(ctx, fore=True)
    assert [list(row) for row in table.pts] == [
        [1.0, 0.5, 0.5],
        [0.0, 1.0, 0.5],
        [1.0, 0.5, 0.5],
        [0.0, 0.0, 0.5],
    ]
    assert table.own == [2.0, 1.5, 2.0, 0.5]
    assert [list(row) for row in ctx.pts][0] == [1.0, 0.5, 1.0]  # the context's rows unchanged
