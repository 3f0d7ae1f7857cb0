"""Standings: points, then tie-breaks in order; shared ranks; None last; T505; group tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from tb_fixtures import tec_swiss, tournament

from trfkit.diagnostics import make
from trfkit.model import ScoringSystem, replace
from trfkit.tiebreak_codes import TieBreakCode
from trfkit.tiebreaks import UnknownTieBreak, compute, register
from trfkit.tiebreaks.context import Context

FOUR = [  # a 4-player Swiss: 1 and 2 finish on 2, 3 and 4 on 1
    (1, "A", 2000, "+W3 -B2 +W4"),
    (2, "B", 1900, "-B4 +W1 +B3"),
    (3, "C", 1800, "-B1 +W4 -W2"),
    (4, "D", 1700, "+W2 -B3 -B1"),
]


def test_points_first_then_tiebreaks_and_shared_ranks() -> None:
    t = tournament(FOUR, rounds=3, type_text="Swiss")
    s = compute(t, ["WIN"], rules="fide-2024")
    assert [(r.rank, r.start, r.points) for r in s.rows] == [
        (1, 1, 2.0),
        (1, 2, 2.0),
        (3, 3, 1.0),
        (3, 4, 1.0),
    ]
    # TPN (ascending) separates them, never at random
    s = compute(t, ["WIN", "TPN"], rules="fide-2024")
    assert [(r.rank, r.start) for r in s.rows] == [(1, 1), (2, 2), (3, 3), (4, 4)]


def test_full_order_212_can_put_a_tiebreak_before_points() -> None:
    t = tournament(FOUR, rounds=3, type_text="Swiss")
    s = compute(t, ["BPG", "PTS", "TPN"], rules="fide-2024", full_order=True)
    # BPG: A 1, B 2, C 1, D 2 -> B, D first (on BPG), then by points
    assert [r.start for r in s.rows] == [2, 4, 1, 3]


def test_file_lists_202_and_212() -> None:
    t = tournament(FOUR, rounds=3, type_text="Swiss")
    t202 = replace(t, header=replace(t.header, tiebreaks=("TPN",)))
    assert [r.start for r in compute(t202, None).rows] == [1, 2, 3, 4]
    t212 = replace(t, header=replace(t.header, standings_tiebreaks=("BPG", "PTS", "TPN")))
    assert [r.start for r in compute(t212, None).rows] == [2, 4, 1, 3]


def test_undefined_values_sort_last() -> None:
    t = tournament(
        [(1, "A", None, "=W2"), (2, "B", 1500, "=B1"), (3, "C", 1500, "..")],
        rounds=1,
        type_text="Swiss",
    )
    s = compute(t, ["AOB"], rules="fide-2024")
    # AOB of C (no game) is undefined; A and B tie on it
    assert {r.start: r.values["AOB"] for r in s.rows}[3] is None
    assert [r.start for r in s.rows] == [1, 2, 3]


def test_rank_disagreement_is_t505() -> None:
    t = tournament(FOUR, rounds=3, type_text="Swiss")
    players = tuple(replace(p, rank=r) for p, r in zip(t.players, (2, 1, 3, 4), strict=True))
    declared = replace(t.header, tiebreaks=("TPN",))  # the ranks' own list: 202 TPN
    s = compute(replace(t, players=players, header=declared), ["TPN"], rules="fide-2024")
    codes = [(d.code, d.line) for d in s.diagnostics]
    assert codes == [("T505", 1), ("T505", 2)]
    # the very records make() gives (name, severity, hint), with the message as written
    first = players[0]
    assert s.diagnostics[0] == make(
        "T505",
        f"player 1 ({first.name}) declares rank 2, the computed standings give 1",
        first.line,
    )


def test_rank_disagreement_under_another_list_is_one_t506_info() -> None:
    t = tournament(FOUR, rounds=3, type_text="Swiss")
    players = tuple(replace(p, rank=r) for p, r in zip(t.players, (2, 1, 3, 4), strict=True))
    swapped = replace(t, players=players)
    for codes in (["TPN"], None):  # a caller's list; the default list (no 202 in the file)
        s = compute(swapped, codes, rules="fide-2024")
        assert [
            (d.code, d.severity.value) for d in s.diagnostics if d.code in ("T505", "T506")
        ] == [("T506", "info")]
    # a 202 list other than the one computed: still not the file's own
    other = replace(swapped, header=replace(t.header, tiebreaks=("BH",)))
    assert "T505" not in {d.code for d in compute(other, ["TPN"]).diagnostics}


def test_scoring_system_3_1_0() -> None:
    t = tournament(
        FOUR,
        rounds=3,
        type_text="Swiss",
        scoring=ScoringSystem(
            win=3.0,
            draw=1.0,
            loss=0.0,
            forfeit_win=3.0,
            full_bye=3.0,
            half_bye=1.0,
            pab=3.0,
            source="162",
        ),
    )
    s = compute(t, ["WIN", "STD", "SB"], rules="fide-2024")
    rows = {r.start: r for r in s.rows}
    assert rows[1].points == 6.0 and rows[3].points == 3.0
    assert rows[1].values["WIN"] == 2 and rows[1].values["STD"] == 2.0
    # SB of A: beat C (3 points) x 3 + beat D (3) x 3 = 18
    assert rows[1].values["SB"] == 18.0


def test_group_tiebreak_is_applied_per_tied_group() -> None:
    seen: list[list[int]] = []

    @register("XTESTGROUP", group=True, title="test only: prefers the higher start number")
    def _group(ctx: Context, code: TieBreakCode, members: Sequence[int]) -> dict[int, float]:
        seen.append(sorted(ctx.starts[i] for i in members))
        return {i: float(ctx.starts[i]) for i in members}

    t = tournament(FOUR, rounds=3, type_text="Swiss")
    s = compute(t, ["XTESTGROUP"], rules="fide-2024")
    assert sorted(seen) == [[1, 2], [3, 4]]
    assert [r.start for r in s.rows] == [2, 1, 4, 3]


def test_after_round() -> None:
    s = compute(tec_swiss(), ["PS"], rules="fide-2024", after_round=2)
    rows = {r.start: r for r in s.rows}
    assert s.rounds == 2 and rows[2].points == 2.0 and rows[4].points == 1.5
    assert rows[2].values["PS"] == 3.0


def test_unknown_code_or_modifier_is_rejected() -> None:
    t = tournament(FOUR, rounds=3, type_text="Swiss")
    with pytest.raises(UnknownTieBreak):
        compute(t, ["NOPE"])
    with pytest.raises(UnknownTieBreak):
        compute(t, ["WIN/C1"])  # WIN takes no cut
    with pytest.raises(KeyError):
        compute(t, ["WIN"], rules="fide-1999")


def test_paired_games_without_result_are_reported() -> None:
    from trfkit.model import RoundEntry

    t = tournament(FOUR, rounds=4, type_text="Swiss")
    extra = {1: RoundEntry(2, "w", " "), 2: RoundEntry(1, "b", " ")}
    players = tuple(
        p.with_rounds(p.rounds + ((extra[p.start],) if p.start in extra else ())) for p in t.players
    )
    # round 4 has pairings but no result: by default the standings are after round 3
    s = compute(replace(t, players=players), ["BH"], rules="fide-2024")
    assert (s.rounds, s.total_rounds) == (3, 4)
    assert [d.code for d in s.diagnostics] == ["T516"]
    assert "round 3 of 4" in s.diagnostics[0].message
    # asked for round 4: the paired game is no absence, the opponents count as met
    s = compute(replace(t, players=players), ["BH", "REP"], rules="fide-2024", after_round=4)
    assert [d.code for d in s.diagnostics] == ["T504"] and "round(s) 4" in s.diagnostics[0].message
    rows = s.by_start()
    assert rows[1].points == 2.0
    # C and D are absent in round 4 (a last-round VUR shows as a draw, 16.2.5): 1.5 each.
    # A met C, B, D and B now: 1.5 + 2 + 1.5 + 2 = 7 (with round 4 an absence for both A and
    # B, B would show 2.5 and A would count a dummy of 2: 7.5)
    assert rows[1].values["BH"] == 7.0 and rows[1].values["REP"] == 4.0
    # C: A 2 + D 1.5 + B 2 + the dummy of round 4 with C's own 1 = 6.5; one round skipped
    assert rows[3].values["BH"] == 6.5 and rows[3].values["REP"] == 3.0


def test_standings_record_whether_the_order_was_212() -> None:
    t = tournament(FOUR, rounds=3, type_text="Swiss")
    assert not compute(t, ["TPN"]).full_order
    assert compute(t, ["BPG", "PTS", "TPN"], full_order=True).full_order
    assert not compute(t, ["BPG", "TPN"], full_order=True).full_order  # no PTS: PTS put first


def test_public_api_wrapper() -> None:
    import trfkit

    s = trfkit.compute_tiebreaks(tec_swiss(), ["BH/C1"], rules="fide-2026")
    assert s.edition.name == "fide-2026" and s.by_start()[11].values["BH/C1"] == 11.0


def test_an_individual_run_imports_no_team_module() -> None:
    """The registry imports only the modules of the scope looked up (import time of a
    run), so individual tie-breaks never load the team tie-breaks or trfkit.team_matches."""
    import subprocess
    import sys
    from pathlib import Path

    sample = Path(__file__).resolve().parents[2] / "samples" / "swiss.trf"
    code = (
        "import sys; from trfkit import formats; from trfkit.tiebreaks import compute; "
        f"t = formats.read(open({str(sample)!r}, 'rb').read(), 'auto').tournament; "
        "compute(t, ['BH/C1', 'SB', 'ARO', 'PTP', 'DE'], rules='fide-2024'); "
        "print(sorted(m for m in sys.modules if 'team' in m))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
