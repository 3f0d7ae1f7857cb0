"""The one table of TRF result codes and what each means.

Every module that needs to know whether a round was played, forfeited or a bye of
which kind asks this table (TRF.md §4.3, TIEBREAKS.md §C.4). Nothing else in the
package spells out result letters, so a new code is added here once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Final


class Kind(str, Enum):
    """What happened to a player in one round, independent of the scoring system."""

    WIN = "win"  # over the board
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    FULL_BYE = "full-point-bye"  # F: requested or awarded full point, no opponent
    HALF_BYE = "half-point-bye"  # H
    PAB = "pairing-allocated-bye"  # U
    ZERO_BYE = "zero-point-bye"  # Z or blank: known absence
    NOT_PAIRED = "not-paired"  # an entirely blank block
    PENDING = "paired-no-result"  # an opponent and no result yet (``  12 w  ``)


@dataclass(frozen=True, slots=True)
class ResultCode:
    """Meaning of one result character in a 001 round block.

    ``letter`` is the scoring-system letter of record 162 (W D L A P) that decides
    how many points the code is worth; ``played`` means a game over the board
    (including the TRF codes W/D/L for games shorter than one move, which the FIDE
    tools count as played but unrated).
    """

    code: str
    kind: Kind
    letter: str
    played: bool
    rated: bool
    with_opponent: bool  # the code normally carries a real opponent
    description: str

    @property
    def is_bye(self) -> bool:
        """A round without a game and without an opponent: a bye of any kind, or not paired."""
        return self.kind in (Kind.FULL_BYE, Kind.HALF_BYE, Kind.PAB, Kind.ZERO_BYE, Kind.NOT_PAIRED)

    @property
    def is_forfeit(self) -> bool:
        """A game decided without play."""
        return self.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)


#: (code, kind, letter, played, rated, with_opponent, description): the class itself.
_rc: Final = ResultCode


RESULT_CODES: Final[Mapping[str, ResultCode]] = {
    rc.code: rc
    for rc in (
        _rc("1", Kind.WIN, "W", True, True, True, "win"),
        _rc("=", Kind.DRAW, "D", True, True, True, "draw"),
        _rc("0", Kind.LOSS, "L", True, True, True, "loss"),
        _rc("+", Kind.FORFEIT_WIN, "W", False, False, True, "forfeit win"),
        _rc("-", Kind.FORFEIT_LOSS, "A", False, False, True, "forfeit loss"),
        _rc("W", Kind.WIN, "W", True, False, True, "win, game of less than one move"),
        _rc("D", Kind.DRAW, "D", True, False, True, "draw, game of less than one move"),
        _rc("L", Kind.LOSS, "L", True, False, True, "loss, game of less than one move"),
        _rc("H", Kind.HALF_BYE, "D", False, False, False, "half-point bye"),
        _rc("F", Kind.FULL_BYE, "W", False, False, False, "full-point bye"),
        _rc("U", Kind.PAB, "P", False, False, False, "pairing-allocated bye"),
        _rc("Z", Kind.ZERO_BYE, "A", False, False, False, "zero-point bye (known absence)"),
        _rc(" ", Kind.ZERO_BYE, "A", False, False, False, "blank result: zero-point bye"),
        _rc("", Kind.NOT_PAIRED, "A", False, False, False, "empty round block: not paired"),
    )
}

#: Codes a reader accepts case-insensitively and folds to the keys above.
RESULT_ALIASES: Final[Mapping[str, str]] = {
    "w": "W",
    "d": "D",
    "l": "L",
    "h": "H",
    "f": "F",
    "u": "U",
    "z": "Z",
}

#: The result a correct opponent line must show for each played or forfeited code.
COMPLEMENT: Final[Mapping[str, frozenset[str]]] = {
    "1": frozenset("0"),
    "0": frozenset("1"),
    "=": frozenset("="),
    "W": frozenset("L"),
    "L": frozenset("W"),
    "D": frozenset("D"),
    "+": frozenset("-"),
    "-": frozenset("+-"),  # "--" is a double forfeit
}

COLORS: Final[Mapping[str, str]] = {"w": "white", "b": "black", "-": "none", "": "none"}


#: Result codes that, next to a real opponent, mean a game paired without a result yet.
NO_RESULT: Final = frozenset({"", " "})

#: How :attr:`trfkit.model.Player.results` (one character per round) writes the empty
#: round block, whose code is ``""``; every other code is its own character, so a blank
#: result stays ``" "``. Not a TRF character, so no reader can confuse the two.
EMPTY_BLOCK: Final = "."

#: A character of a results column -> its code's meaning (RESULT_CODES plus EMPTY_BLOCK).
COLUMN_CODES: Final[Mapping[str, ResultCode]] = {**RESULT_CODES, EMPTY_BLOCK: RESULT_CODES[""]}

#: A character of a results column -> the code a RoundEntry holds (EMPTY_BLOCK -> "").
ENTRY_RESULT: Final[Mapping[str, str]] = {c: ("" if c == EMPTY_BLOCK else c) for c in COLUMN_CODES}

#: Results-column characters that, next to a real opponent, mean no result yet.
NO_RESULT_COLUMN: Final = frozenset({EMPTY_BLOCK, " "})


def kind_of(code: str, opponent: int | None) -> Kind:
    """What a round block means: its code's kind, except that a blank or empty result
    next to an opponent is a game paired and not finished (not an absence)."""
    if opponent is not None and code in NO_RESULT:
        return Kind.PENDING
    return RESULT_CODES[code].kind


def column_kind(result: str, opponent: int) -> Kind:
    """:func:`kind_of` for one round of the columns: ``result`` a results-column character,
    ``opponent`` 0 for none."""
    if opponent and result in NO_RESULT_COLUMN:
        return Kind.PENDING
    return COLUMN_CODES[result].kind


def lookup(code: str) -> ResultCode | None:
    """Return the meaning of a (possibly lower-case) result code, or None if unknown."""
    return RESULT_CODES.get(RESULT_ALIASES.get(code, code))
