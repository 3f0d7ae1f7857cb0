"""``check`` reports a 202/212 list that ``tiebreaks`` cannot compute (it falls back to its
default list for such a file), instead of calling the file clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

_PLAYERS = (
    "001    1      A, A                              1500"
    "                             1.0    1     2 w 1\n"
    "001    2      B, B                              1500"
    "                             0.0    2     1 b 0\n"
)


def check(tmp_path: Path, header: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "event.trf"
    path.write_text("012 Test\n" + header + _PLAYERS, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "trfkit", "check", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_an_unknown_code_in_the_list_is_t501_at_its_record(tmp_path: Path) -> None:
    done = check(tmp_path, "202 XYZ SB\n")
    assert done.returncode == 1
    assert (
        f"{tmp_path / 'event.trf'}:2:1: T501 202: XYZ: unknown or unsupported individual "
        "tie-break 'XYZ'"
    ) in done.stdout


def test_a_code_that_does_not_parse_is_t501_and_a_team_code_is_known(tmp_path: Path) -> None:
    done = check(tmp_path, "202 BH/Q7 SB\n")
    assert done.returncode == 1 and " T501 202: " in done.stdout and "/Q" in done.stdout
    assert check(tmp_path, "202 SB,BH:MP\n").stdout.count(" T501 ") == 0


def test_a_known_list_stays_clean(tmp_path: Path) -> None:
    done = check(tmp_path, "202 SB DE WIN\n")
    assert done.returncode == 0, done.stdout
    assert " T501 " not in done.stdout
