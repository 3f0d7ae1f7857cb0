"""Swiss-Manager tie-break numbers -> trfkit codes (SWISS_MANAGER.md §5)."""

from __future__ import annotations

import pytest

from trfkit.formats.swissmanager.tiebreak_numbers import TABLE, fide_code, label


@pytest.mark.parametrize(
    ("number", "detail", "team", "code"),
    [
        (37, "", False, "BH"),
        (52, "", False, "SB"),
        (84, "", False, "BH"),
        (84, "0,0,1,-,-", False, "BH/C1"),
        (84, "0,1,1,P,-", False, "BH/M1/P"),
        (84, "1,0,1,-,-", True, "BH:MP/C1"),
        (84, "", True, "BH:MP"),
        (84, "0,2,0,-,-", False, None),  # dropping only the strongest: no C.07 modifier
        (85, "0,1,1,-", False, "SB/M1"),
        (68, "", False, "WIN"),
        (68, "1,-", False, "WON"),
        (68, "3", False, "BPG"),
        (81, "P", False, "DE/P"),
        (88, "2,1400", False, "PTP"),
        (83, "MP,P", True, "EDE:MP/P"),
        (82, "1,0,1,P,0", True, "EMGSB/C1/P"),
        (86, "1,1", True, "PS:MP/C1"),
        (1, "", False, "PTS"),
        (1, "", True, "GPTS"),
        (13, "", True, "MPTS"),
        (61, "", False, None),
        (999, "", False, None),
    ],
)
def test_numbers_map_to_codes(number: int, detail: str, team: bool, code: str | None) -> None:
    assert fide_code(number, detail, team=team) == code


def test_table_covers_1_to_92() -> None:
    assert sorted(TABLE) == list(range(1, 93))
    assert label(36) == "SM#36"
