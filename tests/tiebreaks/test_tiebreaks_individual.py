"""Hand-worked values for individual tie-breaks beyond the TEC Swiss table: round-robin
(§G.2), Koya limits, /P, Fore Buchholz with a last-round forfeit, the 2026 caps."""

from __future__ import annotations

import pytest
from tb_fixtures import tec_rr, tec_swiss, tournament

from trfkit.tiebreaks import compute


def values(t, codes, rules="fide-2024"):  # type: ignore[no-untyped-def]
    return {r.start: r.values for r in compute(t, codes, rules=rules).rows}


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026"])
def test_tec_round_robin(rules: str) -> None:
    # TIEBREAKS.md §G.2: the forfeit counts as a played game (15.2).
    got = values(tec_rr(), ["SB", "SB/C1", "KS"], rules)
    assert {s: got[s]["SB"] for s in got} == {1: 9.25, 2: 6.25, 3: 6.25, 4: 4.25, 5: 3.25, 6: 2.25}
    # Alyx: the three 1.5-point opponents tie; the lowest product (0, the loss to David) goes
    assert {s: got[s]["SB/C1"] for s in got} == {
        1: 9.25,
        2: 4.75,
        3: 4.75,
        4: 4.25,
        5: 3.25,
        6: 1.50,
    }
    assert {s: got[s]["KS"] for s in got} == {1: 2.0, 2: 0.5, 3: 0.5, 4: 1.0, 5: 0.5, 6: 0.0}


def test_round_robin_ranking_keeps_bruno_and_charline_tied_on_koya() -> None:
    # TEC exercise 16: whatever the limit, Bruno and Charline stay tied on KS.
    for limit in ("", "/L+1", "/L-1", "/L-2"):
        got = values(tec_rr(), ["KS" + limit])
        assert got[2]["KS" + limit] == got[3]["KS" + limit]


def test_koya_limits() -> None:
    got = values(tec_rr(), ["KS/L+1", "KS/L-2", "KS/L60"])
    # threshold 2.5 + 0.5 = 3.0: only the 3.5-point players count; Alyx beat both
    assert got[1]["KS/L+1"] == 2.0
    # threshold 1.5: every opponent counts, KS = points
    assert got[1]["KS/L-2"] == 3.5 and got[4]["KS/L-2"] == 1.5
    # 60 % of 5 = 3.0
    assert got[1]["KS/L60"] == 2.0


def test_played_forfeits_modifier() -> None:
    got = values(tec_swiss(), ["BH", "BH/P"])
    # #11's forfeit win against #9: /P counts #9's 1.5 instead of the dummy's 2.5
    assert (got[11]["BH"], got[11]["BH/P"]) == (13.5, 12.5)
    # #9's forfeit loss to #11: #11's 2.5 instead of the dummy's 1.5
    assert (got[9]["BH"], got[9]["BH/P"]) == (9.0, 10.0)


LAST_ROUND_FORFEIT = [
    (1, "A", None, "+W3 =B4 -F2"),
    (2, "B", None, "=W4 +B3 +F1"),
    (3, "C", None, "-B1 -W2 +W4"),
    (4, "D", None, "=B2 =W1 -B3"),
]


def test_fore_buchholz_draws_every_paired_last_round_game() -> None:
    t = tournament(LAST_ROUND_FORFEIT, rounds=3, type_text="Swiss")
    got = values(t, ["BH", "FB"])
    # BH(A): C 1 + D 1 + dummy for the forfeit loss (A's own 1.5)
    assert got[1]["BH"] == 3.5
    # FB(A): last round drawn everywhere: C 0.5, D 1.5, and the forfeit becomes a draw
    # against B, whose fore score is 0.5 + 1 + 0.5 = 2.0
    assert got[1]["FB"] == 4.0


def test_2026_caps() -> None:
    t = tournament(LAST_ROUND_FORFEIT, rounds=3, type_text="Swiss")
    old, new = values(t, ["BH"], "fide-2024"), values(t, ["BH"], "fide-2026")
    # B's forfeit win: dummy = B's 2.5 (2024), capped at A's adjusted 1.5 (2026)
    assert (old[2]["BH"], new[2]["BH"]) == (1.0 + 1.0 + 2.5, 1.0 + 1.0 + 1.5)
    # A's forfeit loss: dummy = A's 1.5 < B's 2.5, the cap changes nothing
    assert old[1]["BH"] == new[1]["BH"] == 3.5


def test_withdrawn_player_shows_draws() -> None:
    # #12 Nick withdrew after round 3: his rounds 4-5 show as draws to his opponents (16.2.5),
    # so #4 David's BH counts 0 + 1 + 1 + 0.5 + 0.5 = 3.0 for him (§C.2.6).
    t = tec_swiss()
    from trfkit.tiebreaks.context import Context
    from trfkit.tiebreaks.editions import FIDE_2024
    from trfkit.tiebreaks.unplayed import adjusted

    table = adjusted(Context(t, FIDE_2024))
    assert table.shown[11] == 3.0 and table.contrib[3][0] == 3.0
    # #9 Jessica's HPB (round 3) is followed by a forfeit loss and a PAB; the PAB is not a
    # voluntary unplayed round, so the HPB is category 16.2.3 and shows at face value
    assert table.shown[8] == 1.5


def test_ru_2013_uses_the_virtual_opponent() -> None:
    got = values(tec_swiss(), ["BH"], "ru-2013")
    # #4's HPB in round 2: virtual opponent with 1 point before, a draw, draws in rounds 3-5:
    # 1 + 0.5 + 1.5 = 3.0; #12 shows 2 - 1 - 1 + 4 x 0.5 = 2.0 (PAB, forfeit win, two absences)
    # #13 shows 1.5, #3 3.5, #1 3.5 -> 2.0 + 3.0 + 1.5 + 3.5 + 3.5
    assert got[4]["BH"] == 13.5


def test_forfeit_without_opponent_uses_the_bye_cap_and_says_so() -> None:
    # Swiss-Manager writes some forfeits as "0000 - +": no scheduled opponent to cap with.
    t = tournament(
        [
            (1, "A", None, "+W2 +W3 +BYE"),
            (2, "B", None, "-B1 =W3 =BYE"),
            (3, "C", None, "=B2 -B1 +BYE"),
        ],
        rounds=3,
        type_text="Swiss",
    )
    from trfkit.model import RoundEntry, replace

    a = t.players[0]
    t = replace(
        t, players=(a.with_rounds(a.rounds[:2] + (RoundEntry(None, "", "+"),)), *t.players[1:])
    )
    s = compute(t, ["BH"], rules="fide-2026")
    # A: B shows 1.0, C shows 1.5, the forfeit dummy = min(3.0, 0.5 x 3) = 1.5
    assert s.by_start()[1].values["BH"] == 4.0
    assert [d.code for d in s.diagnostics] == ["T502"]


def test_koya_score_group_steps_under_ru_2013() -> None:
    # TEC round-robin scores: 3.5 (x3), 1.5 (x3); 50 % of 5 = 2.5. Article 32.1.3 steps by
    # score groups: /L-1 adds the 1.5 group (as /L-2 does in half-points under FIDE),
    # /L+1 leaves out the lowest group at or above 50 %: nothing counts.
    ru = values(tec_rr(), ["KS/L-1", "KS/L+1"], "ru-2013")
    fide = values(tec_rr(), ["KS/L-1", "KS/L-2"], "fide-2024")
    assert ru[1]["KS/L-1"] == 3.5 and fide[1]["KS/L-1"] == 2.0 and fide[1]["KS/L-2"] == 3.5
    assert ru[1]["KS/L+1"] == 0.0
