"""Every result-based tie-break on the TEC Swiss crosstable (TIEBREAKS.md §G.1), both editions.

The values are the ones printed by the FIDE TEC "Exercises in Tie-Breaking" (2023/2024
rules) and the 2026 changes listed in §G.1; AOB with two decimals as TieBreakServer
prints it. The crosstable is rebuilt in code (tb_fixtures.TEC_SWISS).
"""

from __future__ import annotations

import pytest
from tb_fixtures import tec_swiss

from trfkit.tiebreaks import compute

CODES = [
    "BH",
    "BH/C1",
    "AOB",
    "FB",
    "SB",
    "SB/C1",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "PS",
    "PS/C1",
]

# start: BH BH-C1 AOB FB SB SB-C1 WIN WON BPG BWG REP PS PS-C1   (TEC, 2023/2024 rules)
TEC_2024 = {
    1: (12.5, 11.0, 12.60, 13.5, 8.00, 7.25, 2, 2, 2, 1, 5, 11.0, 10.0),
    2: (13.0, 12.0, 13.60, 13.5, 9.50, 8.50, 3, 3, 3, 1, 5, 13.0, 12.0),
    3: (15.5, 13.0, 13.40, 15.0, 10.50, 9.25, 2, 2, 2, 1, 5, 11.0, 10.5),
    4: (15.0, 11.5, 13.38, 15.5, 9.75, 8.00, 2, 2, 2, 1, 4, 11.5, 10.5),
    5: (8.5, 7.5, 13.40, 10.0, 4.25, 3.25, 2, 2, 2, 0, 5, 5.0, 5.0),
    6: (12.0, 11.0, 13.25, 12.0, 6.50, 5.50, 3, 2, 2, 1, 5, 6.0, 6.0),
    7: (14.5, 12.5, 11.90, 13.5, 3.25, 1.25, 1, 1, 3, 0, 5, 6.0, 5.0),
    8: (13.5, 12.0, 13.00, 12.5, 5.25, 3.75, 2, 2, 2, 0, 5, 8.5, 8.0),
    9: (9.0, 7.5, 12.75, 9.5, 2.25, 2.25, 1, 0, 1, 0, 3, 2.5, 2.5),
    10: (13.0, 11.5, 10.90, 12.5, 1.50, 0.00, 1, 1, 3, 1, 5, 4.0, 4.0),
    11: (13.5, 12.0, 12.75, 12.5, 5.75, 4.25, 2, 1, 2, 0, 5, 5.5, 5.0),
    12: (11.5, 9.5, 15.00, 11.5, 4.00, 4.00, 2, 0, 0, 0, 3, 7.0, 7.0),
    13: (14.0, 12.0, 12.10, 13.5, 4.25, 4.25, 1, 1, 3, 1, 5, 7.0, 6.0),
    14: (11.0, 9.0, 13.17, 10.5, 4.50, 3.00, 2, 2, 2, 1, 3, 6.0, 5.0),
    15: (12.0, 11.0, 12.20, 12.0, 3.50, 2.50, 2, 2, 3, 1, 5, 7.0, 7.0),
    16: (12.5, 11.0, 13.30, 13.5, 7.25, 5.75, 3, 3, 2, 1, 5, 10.5, 10.0),
}

# 2026 rules: the values that change (TIEBREAKS.md §G.1, "Values that change under the 2026 rules").
CHANGES_2026 = {
    1: {"AOB": 12.40},
    3: {"AOB": 12.90},
    4: {"BH": 14.0, "FB": 14.5, "SB": 9.25, "SB/C1": 7.75},
    5: {"AOB": 13.20},
    6: {"BH": 11.5, "BH/C1": 10.5, "SB": 6.00, "SB/C1": 5.00},
    7: {"AOB": 11.70},
    8: {"AOB": 12.90},
    10: {"AOB": 10.80},
    11: {"BH": 12.5, "BH/C1": 11.0, "FB": 12.0, "SB": 4.75, "SB/C1": 3.25},
    12: {"AOB": 14.00, "FB": 11.0},
    13: {"AOB": 11.90},
    14: {"AOB": 13.00},
    16: {"AOB": 13.10},
}


def _values(rules: str) -> dict[int, dict[str, float | None]]:
    return {row.start: row.values for row in compute(tec_swiss(), CODES, rules=rules).rows}


def test_tec_values_2024() -> None:
    got = _values("fide-2024")
    for start, expected in TEC_2024.items():
        assert [got[start][c] for c in CODES] == pytest.approx(list(expected)), start


def test_tec_values_2026() -> None:
    got = _values("fide-2026")
    for start, expected in TEC_2024.items():
        want = dict(zip(CODES, expected, strict=True)) | CHANGES_2026.get(start, {})
        assert {c: got[start][c] for c in CODES} == pytest.approx(want), start


def test_cuts_and_medians_2024_and_2026() -> None:
    """#6 Franck (PAB in round 3): BH-C2 9.0 -> 8.5 and BH-M1 7.5 -> 7.0 under the 2026 cap;
    #9 Jessica: the HPB dummy (a VUR) is cut instead of the 1.0 of #10 (§C.2.6)."""
    codes = ["BH/C2", "BH/M1", "BH/M2"]
    old = {r.start: r.values for r in compute(tec_swiss(), codes, rules="fide-2024").rows}
    new = {r.start: r.values for r in compute(tec_swiss(), codes, rules="fide-2026").rows}
    assert (old[6]["BH/C2"], old[6]["BH/M1"]) == (9.0, 7.5)
    assert (new[6]["BH/C2"], new[6]["BH/M1"]) == (8.5, 7.0)
    assert (old[11]["BH/M1"], new[11]["BH/M1"]) == (8.5, 7.5)
    # #1: contributions 1.5 1.5 4.0 2.0 3.5 -> M1 drops 1.5 and 4.0, M2 also 1.5 and 3.5
    assert (old[1]["BH/M1"], old[1]["BH/M2"]) == (7.0, 2.0)


def test_koya_std_tpn_sobh() -> None:
    rows = {
        r.start: r.values
        for r in compute(tec_swiss(), ["KS", "STD", "TPN", "SOBH"], rules="fide-2024").rows
    }
    # KS #1: threshold 2.5; draws with #2 (4.0) and #4 (3.5) -> 1.0
    assert rows[1]["KS"] == 1.0
    # KS #3: #11 (2.5) draw, #6 (3.0) win, #8 (2.5) win, #4 (3.5) draw, #2 (4.0) draw -> 3.5
    assert rows[3]["KS"] == 3.5
    # STD under 1/½/0 equals the score
    assert all(rows[s]["STD"] == v for s, v in {1: 3.5, 9: 1.5, 12: 2.0}.items())
    assert rows[7]["TPN"] == 7
    # SOBH #10 (Art. 32.3.1.5): opponents met in a game #2 13.0, #9 9.0, #15 12.0, #6 12.0, #5 8.5
    assert rows[10]["SOBH"] == 54.5


def test_standings_tec() -> None:
    s = compute(tec_swiss(), ["BH/C1", "BH", "SB"], rules="fide-2024")
    order = [(r.rank, r.start) for r in s.rows][:5]
    # 4.0 Bruno; then 3.5: Charline (C1 13.0), David (11.5),
    # Alyx and Stephan (11.0, BH 12.5 both, SB 8 vs 7.25)
    assert order == [(1, 2), (2, 3), (3, 4), (4, 1), (5, 16)]


def test_aob_fore_and_sb_median() -> None:
    rows = {
        r.start: r.values
        for r in compute(tec_swiss(), ["AOB/F", "SB/M1", "PS/C2"], rules="fide-2024").rows
    }
    # AOB/F #1: the opponents' Fore Buchholz 9.5 (#9), 13.5 (#13), 13.5 (#2), 12.0 (#15), 15.5 (#4)
    assert rows[1]["AOB/F"] == 12.8
    # SB/M1 #1: products 1.5 (#9), 0.75 (#13), 2.0 (#2), 2.0 (#15), 1.75 (#4); the least
    # significant is #13 (score 1.5, lowest product), the most #2 (score 4.0)
    assert rows[1]["SB/M1"] == 8.0 - 0.75 - 2.0
    # PS/C2 #2: running scores 1, 2, 2.5, 3.5, 4 without the first two
    assert rows[2]["PS/C2"] == 2.5 + 3.5 + 4.0
