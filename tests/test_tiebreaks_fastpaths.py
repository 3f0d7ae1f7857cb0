"""Safeguards of the fast paths (issue 4/8 speed work): they apply only where they give
the very same values, and the run leaves the interpreter as it found it.

* ``Context.exact_sums`` lets SB/C1 be "total less the least product"; with a scoring
  system whose points are not quarter points float sums depend on their order, so
  the sorted, cut sum of :mod:`trfkit.tiebreaks.cuts` must be used instead.
* ``Context.regular`` marks players whose every round is a game; their values must
  equal what the general per-round code gives.
* ``compute`` pauses the cyclic garbage collector and restores it.
"""

from __future__ import annotations

import gc

import pytest
from tb_fixtures import tournament

from trfkit.model import ScoringSystem
from trfkit.tiebreaks import UnknownTieBreak, compute, parse
from trfkit.tiebreaks.context import Context
from trfkit.tiebreaks.cuts import cut_sum
from trfkit.tiebreaks.editions import FIDE_2024
from trfkit.tiebreaks.individual import sonneborn_items
from trfkit.tiebreaks.unplayed import adjusted

#: A round-robin of four (rounds: A-B C-D, A-C B-D, A-D B-C); scores 2, 1.5, 2, 0.5.
ROWS = [
    (1, "A", 2100, "+W2 =B3 =W4"),
    (2, "B", 2000, "-B1 +W4 =W3"),
    (3, "C", 1900, "+W4 =W1 =B2"),
    (4, "D", 1800, "-B3 -B2 =B1"),
]


def test_exact_sums_only_for_quarter_points() -> None:
    assert Context(tournament(ROWS), FIDE_2024).exact_sums
    odd = ScoringSystem(win=1.0, draw=0.3, loss=0.0, half_bye=0.3)
    assert not Context(tournament(ROWS, scoring=odd), FIDE_2024).exact_sums


@pytest.mark.parametrize("draw", [0.5, 0.3, 0.1])
def test_sb_cut_equals_the_sorted_cut_sum(draw: float) -> None:
    """SB/C1 and SB/M1 equal the definition (sorted items, cuts.apply_cuts) whichever
    path computes them; 0.3 and 0.1 are not quarter points."""
    scoring = ScoringSystem(win=1.0, draw=draw, loss=0.0, half_bye=draw)
    t = tournament(ROWS, scoring=scoring)
    ctx = Context(t, FIDE_2024)
    table = adjusted(ctx)
    for text, low, high in (("SB/C1", 1, 0), ("SB/M1", 1, 1), ("SB/C2", 2, 0)):
        want = [cut_sum(sorted(sonneborn_items(ctx, table, i)), low, high, True, presorted=True)
                for i in range(ctx.n)]
        got = [row.values[text] for row in sorted(compute(t, [text], rules="fide-2024").rows,
                                                   key=lambda r: r.index)]
        assert got == want, text


def test_regular_players_are_those_with_a_game_every_round() -> None:
    t = tournament([(1, "A", None, "+W2 =BYE"), (2, "B", None, "-B1 +W3"),
                    (3, "C", None, "+BYE -B2")])
    assert Context(t, FIDE_2024).regular == [False, True, False]


@pytest.mark.parametrize("enabled", [True, False])
def test_compute_restores_the_garbage_collector(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        compute(tournament(ROWS), ["BH", "SB"], rules="fide-2024")
        assert gc.isenabled() is enabled
        with pytest.raises(UnknownTieBreak):
            compute(tournament(ROWS), ["NOPE"], rules="fide-2024")
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_bh_family_of_a_hand_checked_crosstable() -> None:
    """Every round a game for all four. A met B (1.5), C (2), D (0.5): BH = 4; BH/C1
    drops D: 3.5; SB = 1 x 1.5 + 0.5 x 2 + 0.5 x 0.5 = 2.75; SB/C1 drops the least
    significant round (D, product 0.25): 2.5."""
    got = compute(tournament(ROWS), ["BH", "BH/C1", "SB", "SB/C1"], rules="fide-2024").by_start()[1]
    assert got.values == {"PTS": 2.0, "BH": 4.0, "BH/C1": 3.5, "SB": 2.75, "SB/C1": 2.5}
    assert parse("SB/C1").cut == 1


def test_fore_points_written_on_first_use_are_the_last_round_drawn() -> None:
    # Art. 8.3: every paired game of the last round counts as a draw. The regular rows of
    # the fore table are written only when its points are first read (FB needs none).
    rows = [(1, "A", 2100, "+W2 =B3 +W4"), (2, "B", 2000, "-B1 +F4 =W3"),
            (3, "C", 1900, "+W4 =W1 =B2"), (4, "D", 1800, "-B3 -F2 -B1")]
    ctx = Context(tournament(rows, type_text="Swiss"), FIDE_2024)
    assert ctx.regular == [True, False, True, False]
    table = adjusted(ctx, fore=True)
    assert [list(row) for row in table.pts] == [
        [1.0, 0.5, 0.5], [0.0, 1.0, 0.5], [1.0, 0.5, 0.5], [0.0, 0.0, 0.5]]
    assert table.own == [2.0, 1.5, 2.0, 0.5]
    assert [list(row) for row in ctx.pts][0] == [1.0, 0.5, 1.0]  # the context's rows unchanged
