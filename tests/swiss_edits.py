"""The bundled ``samples/swiss.trf`` edited by column, and the CLI run on it.

Helpers for the CLI contract tests: each injects one fault (or quirk) into the
sample by its fixed TRF16 columns (TRF.md §4.1) and runs a command on the bytes.
"""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from trfkit.cli import cli

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
SWISS = SAMPLES / "swiss.trf"


def cli_run(*args: object, stdin: bytes | str | None = None) -> Result:
    """``trfkit ARGS`` through the click runner (stdout and stderr kept apart)."""
    return CliRunner().invoke(cli, [str(a) for a in args], input=stdin)


def swiss_lines() -> list[str]:
    return SWISS.read_text(encoding="ascii").split("\n")


def player_line_no(start: int) -> int:
    """0-based index of player ``start``'s 001 line in samples/swiss.trf."""
    return next(i for i, line in enumerate(swiss_lines()) if line.startswith(f"001 {start:4d}"))


def put(line: str, col: int, text: str) -> str:
    """``line`` with ``text`` written at 1-based column ``col``."""
    return line[: col - 1] + text + line[col - 1 + len(text) :]


def round_col(r: int) -> int:
    """1-based column where round ``r``'s block starts on a 001 line."""
    return 92 + 10 * (r - 1)


def swiss_fault(kind: str) -> bytes:
    """samples/swiss.trf with one fault of ``kind`` injected (player 1 is on line 13)."""
    lines = swiss_lines()
    p1, p2, p6 = player_line_no(1), player_line_no(2), player_line_no(6)
    if kind == "points":
        lines[p1] = put(lines[p1], 81, " 3.0")
    elif kind == "result":
        lines[p1] = put(lines[p1], round_col(1) + 7, "0")
    elif kind == "opponent":
        lines[p1] = put(lines[p1], round_col(1), "   7")
    elif kind == "colour":
        lines[p6] = put(lines[p6], round_col(1) + 5, "w")
    elif kind == "self":
        lines[p1] = put(lines[p1], round_col(1), "   1")
    elif kind == "dup-start":
        lines[p2] = put(lines[p2], 5, "   1")
    elif kind == "dup-id":
        lines[p2] = put(lines[p2], 58, "   99100001")
    elif kind == "bad-result":
        lines[p1] = put(lines[p1], round_col(1) + 7, "x")
    elif kind == "bad-colour":
        lines[p1] = put(lines[p1], round_col(1) + 5, "q")
    elif kind == "date":
        lines[p1] = put(lines[p1], 70, "1990/13/45")
    elif kind == "shift":
        lines[p1] = lines[p1][:90] + " " + lines[p1][90:]
    elif kind == "062":
        lines[5] = "062 12"
    elif kind == "short":
        lines[p1] = lines[p1][:40]
    elif kind == "ranks":
        lines[p1], lines[p2] = put(lines[p1], 86, "   1"), put(lines[p2], 86, "   2")
    else:
        raise ValueError(f"no such fault: {kind}")
    return "\n".join(lines).encode()


def russian_swiss() -> str:
    """samples/swiss.trf with two players renamed to Russian names (federation RUS)."""
    text = (SAMPLES / "swiss.trf").read_text(encoding="utf-8")
    text = text.replace("Brennan, Liam      ", "Иванов, Сергей     ").replace(
        "IRL    99100002", "RUS    99100002"
    )
    return text.replace("Kowalski, Piotr ", "Петров, Алексей ").replace(
        "POL    99100003", "RUS    99100003"
    )
