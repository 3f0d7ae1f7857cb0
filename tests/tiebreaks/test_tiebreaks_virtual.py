"""Pre-2023 virtual opponent (fide-2009 and ru-2013): the worked examples of TIEBREAKS.md §C.1.

Svon = SPR + (1 − SfPR) + 0.5 × (n − R); every unplayed round of a player shows to the
player's opponents as a draw.
"""

from __future__ import annotations

import pytest
from tb_fixtures import tournament

from trfkit.tiebreaks import compute
from trfkit.tiebreaks.context import Context
from trfkit.tiebreaks.editions import FIDE_2009, FIDE_2024, RU_2013
from trfkit.tiebreaks.unplayed import adjusted


def _solo(cells: list[str]) -> list[tuple[int, str, int | None, str]]:
    """Player 1 with the given cells; every opponent (2, 3, ...) is met once and has no
    other round (so the field is a Swiss, never a round-robin)."""
    rows = [(1, "A", None, " ".join(cells))]
    for r, cell in enumerate(cells):
        if cell[1:2] in ("W", "B", "F"):
            opp = int(cell[2:])
            mine = {"+": "-", "-": "+", "=": "="}[cell[0]]
            colour = {"W": "B", "B": "W", "F": "F"}[cell[1]]
            rows.append(
                (
                    opp,
                    f"O{opp}",
                    None,
                    " ".join([".."] * r + [f"{mine}{colour}1"] + [".."] * (len(cells) - r - 1)),
                )
            )
    return rows


def _player1(cells: list[str], edition=FIDE_2009):  # type: ignore[no-untyped-def]
    t = tournament(_solo(cells), rounds=len(cells), type_text="Swiss")
    ctx = Context(t, edition)
    return ctx, adjusted(ctx)


@pytest.mark.parametrize("edition", [FIDE_2009, RU_2013])
def test_default_win_after_two_points(edition) -> None:  # type: ignore[no-untyped-def]
    # A has 2 points after round 2, wins by default in round 3, finishes on 6 (9 rounds).
    cells = ["+W2", "+B3", "+F4", "+W5", "+B6", "+W7", "-B8", "-W9", "-B10"]
    ctx, table = _player1(cells, edition)
    assert ctx.score[0] == 6.0
    assert table.contrib[0][2] == 5.0  # 2 + (1 - 1) + 0.5 x 6
    assert table.shown[0] == 5.5  # 6 - 1 + 0.5 for the opponents


def test_default_loss_after_four_points() -> None:
    # B has 4 points after round 6, loses by default in round 7, finishes on 6.
    cells = ["+W2", "+B3", "+W4", "+B5", "-W6", "-B7", "-F8", "+W9", "+B10"]
    ctx, table = _player1(cells)
    assert ctx.score[0] == 6.0
    assert table.contrib[0][6] == 6.0  # 4 + (1 - 0) + 0.5 x 2
    assert table.shown[0] == 6.5  # 6 - 0 + 0.5


def test_absent_with_one_and_a_half() -> None:
    cells = ["+W2", "=B3", "--", "=W4", "=B5", "=W6", "=B7", "=W8", "=B9"]
    _, table = _player1(cells)
    assert table.contrib[0][2] == 5.5  # 1.5 + 1 = 2.5 after round 3, + 0.5 x 6


def test_forfeit_win_with_three_and_a_half() -> None:
    cells = ["+W2", "+B3", "+W4", "=B5", "-W6", "+F7", "=W8", "=B9", "=W10"]
    _, table = _player1(cells)
    assert table.contrib[0][5] == 5.0  # 3.5 + 0 + 0.5 x 3


@pytest.mark.parametrize("rules", ["fide-2009", "ru-2013"])
def test_two_round_forfeit_example(rules: str) -> None:
    # A beats B over the board in round 1 and wins by forfeit against B in round 2.
    t = tournament(
        [(1, "A", None, "+W2 +F2"), (2, "B", None, "-B1 -F1")], rounds=2, type_text="Swiss"
    )
    values = {r.start: r.values["BH"] for r in compute(t, ["BH"], rules=rules).rows}
    assert values == {1: 1.5, 2: 2.5}


def test_same_file_under_the_dummy_opponent() -> None:
    # 2024 rules for comparison: B shows its real 0 points, A its real 2; each forfeit
    # round is a dummy with the player's own score (A: 2, B: 0).
    t = tournament(
        [(1, "A", None, "+W2 +F2"), (2, "B", None, "-B1 -F1")], rounds=2, type_text="Swiss"
    )
    values = {r.start: r.values["BH"] for r in compute(t, ["BH"], rules="fide-2024").rows}
    assert values == {1: 0.0 + 2.0, 2: 2.0 + 0.0}
    # 2026: the dummies are capped by the scheduled opponent's adjusted score (16.4.1)
    values = {r.start: r.values["BH"] for r in compute(t, ["BH"], rules="fide-2026").rows}
    assert values == {1: 0.0 + 0.0, 2: 2.0 + 0.0}


def test_no_vur_first_cut_before_2023() -> None:
    # A: loses to 2, beats 3, takes a half-point bye, beats 4. Old rules cut the least value.
    t = tournament(
        [
            (1, "A", None, "-W2 +B3 =BYE +W4"),
            (2, "B", None, "+B1 +W4 +W3 +B3"),
            (3, "C", None, "=W4 -W1 -B2 -W2"),
            (4, "D", None, "=B3 -B2 +BYE -B1"),
        ],
        rounds=4,
        type_text="Swiss",
    )
    ctx = Context(t, FIDE_2009)
    table = adjusted(ctx)
    # contributions: B shows 4, C shows 0.5, virtual: 1 + 0.5 + 0.5 x 1 = 2,
    # D shows 0.5+0+0.5+0 = 1.0
    assert table.contrib[0] == [4.0, 0.5, 2.0, 1.0]
    old = {r.start: r.values["BH/C1"] for r in compute(t, ["BH/C1"], rules="fide-2009").rows}
    assert old[1] == 7.0  # the 0.5 of C is cut
    new = {r.start: r.values["BH/C1"] for r in compute(t, ["BH/C1"], rules="fide-2024").rows}
    # 2024: C shows 0.5, D 1.5 (its PAB at face value), the HPB dummy has A's own 2.5 and,
    # being a voluntary unplayed round, is cut instead of C's 0.5
    assert new[1] == 4.0 + 0.5 + 1.5
    assert Context(t, FIDE_2024).edition.vur_first
