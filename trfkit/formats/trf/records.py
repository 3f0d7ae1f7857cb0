"""Team and list records: ``013`` and TRF26's 240-330, plus JaVaFo ``XXA``/``XXP``.

Layouts follow TRF.md §5, §6 and §8.1. Numeric fields are sliced at their documented
columns; a field that is not a number is reported (T103) with its columns and read
as missing, so one bad field never loses the rest of the record. ``299`` is written
in two layouts (TRF26 text vs the TEC sample, one column to the left); the layout is
detected from where the decimal points fall.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ...model import (
    AbnormalPoints,
    Acceleration,
    ByeRecord,
    ForfeitedMatch,
    LineUp,
    ProhibitedPairing,
    Team,
    TeamBye,
)

__all__ = [
    "parse_013",
    "parse_310",
    "parse_240",
    "parse_250",
    "parse_260",
    "parse_299",
    "parse_300",
    "parse_320",
    "parse_330",
    "parse_xxa",
    "parse_xxp",
    "FORFEIT_ALIASES",
]

Report = Callable[[str, str, int, int, int], None]

#: TieBreakServer's alternative spellings of 330 results (TRF.md §6.2).
FORFEIT_ALIASES: Final = {
    "+-": "+-",
    "-+": "-+",
    "--": "--",
    "10": "+-",
    "WL": "+-",
    "WZ": "+-",
    "01": "-+",
    "LW": "-+",
    "ZW": "-+",
    "00": "--",
    "LL": "--",
    "ZZ": "--",
}


class _Fields:
    """Slicing helpers bound to one line, reporting problems with 1-based columns."""

    __slots__ = ("line", "lineno", "report", "code")

    def __init__(self, line: str, lineno: int, report: Report) -> None:
        self.line = line
        self.lineno = lineno
        self.report = report
        self.code = line[:3]

    def text(self, a: int, b: int) -> str:
        """Columns a-b (1-based, inclusive), stripped."""
        return self.line[a - 1 : b].strip()

    def integer(self, a: int, b: int, what: str) -> int | None:
        text = self.text(a, b)
        if not text:
            return None
        if text.isdecimal():
            return int(text)
        self.report("T103", f"{self.code} {what} {text!r} is not a whole number", self.lineno, a, b)
        return None

    def number(self, a: int, b: int, what: str) -> float | None:
        text = self.text(a, b)
        if not text:
            return None
        try:
            return float(text.replace(",", "."))
        except ValueError:
            self.report("T103", f"{self.code} {what} {text!r} is not a number", self.lineno, a, b)
            return None

    def ids(
        self, first: int, width: int = 4, step: int = 5, keep_zero: bool = False
    ) -> tuple[int, ...]:
        """Start numbers in fields of ``width`` every ``step`` columns from ``first``."""
        out: list[int] = []
        a = first
        end = len(self.line.rstrip())
        while a <= end:
            value = self.integer(a, a + width - 1, "start number")
            if value is not None and (value or keep_zero):
                out.append(value)
            a += step
        return tuple(out)


def parse_013(line: str, lineno: int, number: int, report: Report) -> Team:
    """``013``: name in 5-36, members at 37-40, 42-45, … (no separator before the first)."""
    f = _Fields(line, lineno, report)
    return Team(number=number, name=f.text(5, 36), members=f.ids(37), source="013", line=lineno)


def parse_310(line: str, lineno: int, report: Report) -> Team:
    """``310``: number, name, nickname, strength, declared MP/GP/rank, members from 74."""
    f = _Fields(line, lineno, report)
    number = f.integer(5, 7, "team number")
    if number is None:
        report("T102", "310 record without a team number (columns 5-7)", lineno, 5, 7)
    if line[71:73].strip():
        report("T108", "310 columns 72-73 should be blank", lineno, 72, 73)
    return Team(
        number=number or 0,
        name=f.text(9, 40),
        members=f.ids(74),
        nickname=f.text(42, 46),
        strength=f.text(48, 53),
        match_points=f.number(55, 60, "match points"),
        game_points=f.number(62, 67, "game points"),
        rank=f.integer(69, 71, "rank"),
        source="310",
        line=lineno,
    )


def parse_240(line: str, lineno: int, report: Report) -> ByeRecord:
    """``240``: bye type F/H/Z at 5, round at 7-9, players from 11 (step 5)."""
    f = _Fields(line, lineno, report)
    kind = f.text(5, 5).upper() or "Z"
    if kind not in ("F", "H", "Z"):
        report("T104", f"240 bye type {kind!r} is not F, H or Z", lineno, 5, 5)
    rnd = f.integer(7, 9, "round")
    if rnd is None:
        report("T102", "240 record without a round (columns 7-9)", lineno, 7, 9)
    return ByeRecord(kind=kind, round=rnd or 0, players=f.ids(11), line=lineno)


def parse_250(line: str, lineno: int, report: Report) -> Acceleration:
    """``250``: fictitious MP 5-8, GP 10-13, rounds 15-17/19-21, players 23-26/28-31."""
    f = _Fields(line, lineno, report)
    first_round = f.integer(15, 17, "first round")
    last_round = f.integer(19, 21, "last round")
    first_player = f.integer(23, 26, "first player")
    last_player = f.integer(28, 31, "last player")
    if None in (first_round, last_round, first_player, last_player):
        report("T102", "250 record needs first/last round and first/last player", lineno, 15, 31)
    return Acceleration(
        match_points=f.number(5, 8, "match points"),
        game_points=f.number(10, 13, "game points"),
        first_round=first_round or 0,
        last_round=last_round or 0,
        first_player=first_player or 0,
        last_player=last_player or 0,
        source="250",
        line=lineno,
    )


def parse_260(line: str, lineno: int, report: Report) -> ProhibitedPairing:
    """``260``: first round 5-7, last round 9-11, players from 13 (step 5)."""
    f = _Fields(line, lineno, report)
    return ProhibitedPairing(
        first_round=f.integer(5, 7, "first round"),
        last_round=f.integer(9, 11, "last round"),
        players=f.ids(13),
        source="260",
        line=lineno,
    )


#: (match points, points, round, first id) columns of the two 299 layouts.
_LAYOUT_TEXT: Final = ((8, 11), (14, 17), (20, 22), 24)
_LAYOUT_TEC: Final = ((7, 10), (12, 15), (17, 19), 21)


def layout_299(line: str) -> str:
    """``"text"`` (TRF26 text) or ``"tec"`` (the TEC sample, one column to the left)."""
    padded = line.ljust(20)
    if padded[9] == "." or padded[15] == ".":
        return "text"
    if padded[8] == "." or padded[14] == ".":
        return "tec"
    return "text"


def parse_299(line: str, lineno: int, report: Report) -> AbnormalPoints:
    """``299``: type at 5, match points, points, round and players (both layouts)."""
    f = _Fields(line, lineno, report)
    kind = f.text(5, 5).upper()
    if kind and kind not in ("W", "D", "L", "F", "H", "Z", "+", "-"):
        report("T104", f"299 type {kind!r} is not one of W D L F H Z + -", lineno, 5, 5)
    layout = layout_299(line)
    (ma, mb), (pa, pb), (ra, rb), first = _LAYOUT_TEC if layout == "tec" else _LAYOUT_TEXT
    if layout == "tec":
        report(
            "T111",
            "299 written one column to the left of the TRF26 layout (TEC sample style)",
            lineno,
            5,
            len(line),
        )
    rnd = f.integer(ra, rb, "round")
    return AbnormalPoints(
        kind=kind,
        match_points=f.number(ma, mb, "match points"),
        points=f.number(pa, pb, "points"),
        round=rnd or None,
        players=f.ids(first),
        line=lineno,
    )


def parse_300(line: str, lineno: int, report: Report) -> LineUp:
    """``300``: round 5-7, team 9-11, opponent team 13-15, players from 17 (0 = empty board)."""
    f = _Fields(line, lineno, report)
    return LineUp(
        round=f.integer(5, 7, "round") or 0,
        team=f.integer(9, 11, "team") or 0,
        opponent_team=f.integer(13, 15, "opponent team") or 0,
        players=f.ids(17, keep_zero=True),
        line=lineno,
    )


def parse_320(line: str, lineno: int, report: Report) -> TeamBye:
    """``320``: PAB match points 5-8, game points 10-13, one team per round from 15 (step 4)."""
    f = _Fields(line, lineno, report)
    teams: list[int | None] = []
    a = 15
    end = len(line.rstrip())
    while a <= end:
        teams.append(f.integer(a, a + 2, "team") or None)
        a += 4
    while teams and teams[-1] is None:
        teams.pop()
    return TeamBye(
        match_points=f.number(5, 8, "match points"),
        game_points=f.number(10, 13, "game points"),
        teams_by_round=tuple(teams),
        line=lineno,
    )


def parse_330(line: str, lineno: int, report: Report) -> ForfeitedMatch:
    """``330``: result 5-6, round 8-10, white team 12-14, black team 16-18."""
    f = _Fields(line, lineno, report)
    raw = f.text(5, 6).upper()
    result = FORFEIT_ALIASES.get(raw)
    if result is None:
        report("T104", f"330 result {raw!r} is not +-, -+ or --", lineno, 5, 6)
        result = raw
    elif result != raw:
        report("T111", f"330 result {raw!r} read as {result!r}", lineno, 5, 6)
    return ForfeitedMatch(
        result=result,
        round=f.integer(8, 10, "round") or 0,
        white_team=f.integer(12, 14, "white team") or 0,
        black_team=f.integer(16, 18, "black team") or 0,
        line=lineno,
    )


def parse_xxa(line: str, lineno: int, report: Report) -> Acceleration:
    """``XXA NNNN pp.p pp.p …``: one player's fictitious points per round (cols 10+5(r-1))."""
    f = _Fields(line, lineno, report)
    player = f.integer(5, 8, "player") or 0
    values: list[float] = []
    a = 10
    end = len(line.rstrip())
    while a <= end:
        values.append(f.number(a, a + 3, "points") or 0.0)
        a += 5
    return Acceleration(
        match_points=None,
        game_points=None,
        first_round=1 if values else 0,
        last_round=len(values),
        first_player=player,
        last_player=player,
        per_round=tuple(values),
        source="XXA",
        line=lineno,
    )


def parse_xxp(line: str, lineno: int, report: Report) -> ProhibitedPairing:
    """``XXP id id …``: none of the listed players may meet (free format)."""
    ids: list[int] = []
    col = 5
    for token in line[4:].split():
        col = line.find(token, col - 1) + 1
        if token.isdecimal():
            ids.append(int(token))
        else:
            report(
                "T103",
                f"XXP start number {token!r} is not a whole number",
                lineno,
                col,
                col + len(token) - 1,
            )
        col += len(token)
    return ProhibitedPairing(
        first_round=None, last_round=None, players=tuple(ids), source="XXP", line=lineno
    )
