"""Swiss-Manager's pairing records as the players' round entries (SWISS_MANAGER.md).

A native file keeps one record per board and round, with a result byte seen from
White, and the schedule's count of records per round. This module cuts the records
into rounds and turns each into the round blocks of its two players (or of the one
player at a bye or at a board whose other seat is empty); a record it cannot read is
left out with a diagnostic, never guessed, so that the rounds stay symmetric.
"""

from __future__ import annotations

from typing import Final

from ...model import NO_COLOR, NO_OPPONENT, Block
from ..export_fields import Findings
from . import layout as sm

__all__ = ["ByteFindings", "round_entries", "split_rounds"]

# Result byte -> (white, black) TRF codes for a game between two listed players.
_GAME: Final = {
    1: ("1", "0"),
    2: ("=", "="),
    3: ("0", "1"),
    4: ("+", "-"),
    5: ("-", "+"),
    6: ("-", "-"),
    10: ("-", "-"),
}
# Result byte -> code of a player without an opponent, after a bye (-1) or "not paired" (-2).
_BYE: Final = {0: "U", 1: "U", 4: "U", 9: "U", 2: "H", 3: "Z", 5: "Z", 6: "Z"}
_NOT_PAIRED: Final = {1: "F", 4: "F", 9: "F", 2: "H", 0: "Z", 3: "Z", 5: "Z", 6: "Z"}
# Result byte -> code of the one player at a board whose other seat is empty (team events).
_EMPTY_SEAT_WHITE: Final = {1: "+", 4: "+", 9: "+", 2: "H", 3: "-", 5: "-", 6: "-"}
_EMPTY_SEAT_BLACK: Final = {3: "+", 5: "+", 2: "H", 1: "-", 4: "-", 6: "-"}


class ByteFindings(Findings):
    """The diagnostics of one binary read, located as the module docstring says."""

    def at_byte(self, code: str, message: str, offset: int = 0) -> None:
        self.add(code, message, 1, offset + 1)


def split_rounds(
    pairings: tuple[sm.Pairing, ...], schedule: tuple[sm.ScheduledRound, ...], b: ByteFindings
) -> list[tuple[sm.Pairing, ...]]:
    """Pairing records per round, by the schedule's per-round counts; if those do not
    add up, by a start number repeating (nobody plays twice in one round)."""
    counts = [r.pairings for r in schedule]
    if sum(counts) == len(pairings):
        out, pos = [], 0
        for n in counts:
            out.append(pairings[pos : pos + n])
            pos += n
        while out and not out[-1]:
            out.pop()
        return out
    if pairings:
        b.at_byte(
            "T901",
            f"the schedule's pairing counts add up to {sum(counts)}, the file holds "
            f"{len(pairings)} pairing records; rounds were split where a start number "
            "repeats",
            pairings[0].offset,
        )
    rounds: list[tuple[sm.Pairing, ...]] = []
    current: list[sm.Pairing] = []
    seen: set[int] = set()
    for p in pairings:
        numbers = {n for n in (p.white, p.black) if n not in (0, sm.BYE, sm.NOT_PAIRED)}
        if numbers & seen:
            rounds.append(tuple(current))
            current, seen = [], set()
        current.append(p)
        seen |= numbers
    if current:
        rounds.append(tuple(current))
    return rounds


def round_entries(
    rounds: list[tuple[sm.Pairing, ...]], n: int, b: ByteFindings
) -> dict[int, dict[int, Block]]:
    """start number -> round -> entry, from the pairing records."""
    out: dict[int, dict[int, Block]] = {}
    for rnd, records in enumerate(rounds, 1):
        for p in records:
            for start, entry in _entries(p, rnd, n, b):
                slot = out.setdefault(start, {})
                if rnd in slot:
                    b.at_byte(
                        "T901",
                        f"round {rnd}: player {start} appears in two pairing "
                        "records; the second was ignored",
                        p.offset,
                    )
                    continue
                slot[rnd] = entry
    return out


def _entries(p: sm.Pairing, rnd: int, n: int, b: ByteFindings) -> list[tuple[int, Block]]:
    white, black, code = p.white, p.black, p.result

    def real(x: int) -> bool:
        return 1 <= x <= n

    if real(white) and real(black):
        if code == 0:  # paired, not played yet: kept as the pairing (TRF: blank result)
            b.at_byte(
                "T623",
                f"round {rnd}: the game {white}-{black} has no result yet; kept as a pairing",
                p.offset,
            )
            return [(white, (black, "w", " ")), (black, (white, "b", " "))]
        pair = _GAME.get(code)
        if pair is None:
            b.at_byte(
                "T622",
                f"round {rnd}: the game {white}-{black} has result code {code}, "
                "which trfkit does not know; the game was left out",
                p.offset,
            )
            return []
        return [(white, (black, "w", pair[0])), (black, (white, "b", pair[1]))]
    if real(white) and black in (sm.BYE, sm.NOT_PAIRED, 0):
        table = {sm.BYE: _BYE, sm.NOT_PAIRED: _NOT_PAIRED, 0: _EMPTY_SEAT_WHITE}[black]
        return _lone(white, code, table, rnd, p, b)
    if white == 0 and real(black):
        return _lone(black, code, _EMPTY_SEAT_BLACK, rnd, p, b)
    if white == 0 and black == 0:
        return []  # an empty board slot of a team match
    b.at_byte(
        "T621",
        f"round {rnd}: a pairing record names players {white} and {black}, but "
        f"the file lists {n} players; record skipped",
        p.offset,
    )
    return []


def _lone(
    start: int, code: int, table: dict[int, str], rnd: int, p: sm.Pairing, b: ByteFindings
) -> list[tuple[int, Block]]:
    result = table.get(code)
    if result is None:
        b.at_byte(
            "T622",
            f"round {rnd}: player {start} has no opponent and result code {code}, "
            "which trfkit does not know; the round was left empty",
            p.offset,
        )
        return []
    return [(start, (NO_OPPONENT, NO_COLOR, result))]
