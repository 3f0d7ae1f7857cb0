"""A player and its rounds, held as three columns.

A large Swiss has tens of thousands of round blocks; readers, checks and tie-breaks
walk them column by column, so a :class:`Player` keeps its rounds as one tuple and
two strings (one item per round) instead of one object per round:

* ``opponents[i]``: the opponent's start number, :data:`NO_OPPONENT` (0) for none;
* ``colors[i]``: ``"w"``, ``"b"`` or :data:`NO_COLOR` (``" "``) for none;
* ``results[i]``: the result code (:data:`~trfkit.model.results.RESULT_CODES`), one
  character, except the empty round block (code ``""``), written
  :data:`~trfkit.model.results.EMPTY_BLOCK` (``"."``), so that it stays distinct from
  a blank result ``" "``.

A :class:`RoundEntry` is the same round as an object (``None``/``""`` for absent
parts), built on demand by :attr:`Player.rounds` and :meth:`Player.round` for callers
that want objects; :meth:`Player.build` and :meth:`Player.with_rounds` go the other way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from .results import EMPTY_BLOCK, ENTRY_RESULT, RESULT_CODES, Kind, ResultCode, kind_of

__all__ = [
    "PartialDate",
    "RoundEntry",
    "DeclaredValue",
    "Player",
    "EMPTY_ROUND",
    "NO_OPPONENT",
    "NO_COLOR",
    "EMPTY_BLOCK",
    "Block",
    "round_columns",
    "grid_columns",
]

#: ``Player.opponents[i]`` of a round without an opponent.
NO_OPPONENT: Final = 0
#: ``Player.colors[i]`` of a round without a colour.
NO_COLOR: Final = " "


@dataclass(frozen=True, slots=True)
class PartialDate:
    """A date as written, with whatever parts could be read (0/None = unknown)."""

    raw: str
    year: int | None = None
    month: int | None = None
    day: int | None = None

    @property
    def iso(self) -> str | None:
        """``YYYY-MM-DD`` when complete, ``YYYY-MM`` or ``YYYY`` when partial, else None."""
        if self.year is None:
            return None
        if not self.month:
            return f"{self.year:04d}"
        if not self.day:
            return f"{self.year:04d}-{self.month:02d}"
        return f"{self.year:04d}-{self.month:02d}-{self.day:02d}"

    @property
    def trf(self) -> str:
        """The TRF26 form ``YYYY/MM/DD`` (unknown parts as 00), or the raw text."""
        if self.year is None:
            return self.raw
        return f"{self.year:04d}/{self.month or 0:02d}/{self.day or 0:02d}"


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One round of one player: opponent (start number) or None, colour, result code.

    ``color`` is ``"w"``, ``"b"`` or ``""`` (no colour). ``result`` is a key of
    :data:`trfkit.model.results.RESULT_CODES` (``""`` is an empty block, ``" "`` a blank
    result, which both mean absent without an opponent; with one they are a game
    paired without a result yet, :attr:`kind` ``paired-no-result``). A view of one
    round of a :class:`Player`'s columns; building one never changes the player.
    """

    opponent: int | None
    color: str
    result: str

    @property
    def code(self) -> ResultCode:
        """The result code's row of the table (kind, letter, played, rated, ...)."""
        return RESULT_CODES[self.result]

    @property
    def kind(self) -> Kind:
        """The code's kind; a blank result next to an opponent is ``PENDING``."""
        return kind_of(self.result, self.opponent)

    @property
    def played(self) -> bool:
        """Played over the board against a real opponent."""
        return self.opponent is not None and RESULT_CODES[self.result].played

    @property
    def is_empty(self) -> bool:
        """Nothing written for the round (the view of an empty block, or of a round past the line)."""
        return self.opponent is None and not self.color and self.result == ""


EMPTY_ROUND: Final = RoundEntry(None, "", "")


def _entry(opponent: int, color: str, result: str) -> RoundEntry:
    """The view of one round's column values (0, the no-colour and empty-block characters read as nothing)."""
    return RoundEntry(opponent or None, "" if color == NO_COLOR else color, ENTRY_RESULT[result])


#: One round as the columns write it: (opponent or 0, colour or ``" "``, result character).
Block = tuple[int, str, str]
_EMPTY_BLOCK: Final[Block] = (NO_OPPONENT, NO_COLOR, EMPTY_BLOCK)


def grid_columns(by_round: Mapping[int, Block]) -> tuple[tuple[int, ...], str, str]:
    """``(opponents, colors, results)`` of rounds 1 to the last key of ``by_round``
    (round number -> block); a round it lacks is an empty block. For readers that meet
    the rounds out of order (pairing lists, crosstables)."""
    last = max(by_round, default=0)
    blocks = [by_round.get(r, _EMPTY_BLOCK) for r in range(1, last + 1)]
    return (
        tuple([b[0] for b in blocks]),
        "".join([b[1] or NO_COLOR for b in blocks]),
        "".join([b[2] or EMPTY_BLOCK for b in blocks]),
    )


def round_columns(rounds: Iterable[RoundEntry]) -> tuple[tuple[int, ...], str, str]:
    """``(opponents, colors, results)`` of ``rounds``, as :class:`Player` holds them.

    Raises ValueError for a colour other than ``"w"``, ``"b"``, ``""`` or a result that
    is not a code of the table. An opponent 0 is no opponent, as None (and as in TRF).
    """
    opponents: list[int] = []
    colors: list[str] = []
    results: list[str] = []
    for e in rounds:
        if e.color not in ("w", "b", ""):
            raise ValueError(f"unknown colour {e.color!r} (expected 'w', 'b' or '')")
        if e.result not in RESULT_CODES:
            raise ValueError(f"unknown result code {e.result!r}")
        opponents.append(e.opponent or NO_OPPONENT)
        colors.append(e.color or NO_COLOR)
        results.append(e.result or EMPTY_BLOCK)
    return tuple(opponents), "".join(colors), "".join(results)


@dataclass(frozen=True, slots=True)
class DeclaredValue:
    """A tie-break value an input declares (CR XML ``tbN``, a CR table column, TRF26 310).

    Kept next to the results so that checks can compare it with the computed value.
    ``code`` is the trfkit/FIDE code (``"BH/C1"``, ``"SB"``, ``"WIN"``) or, when the
    source names a tie-break trfkit cannot map, the source's own label (``"SM#36"``,
    ``"tb4"``). ``value`` is None when ``raw`` is not a number.
    """

    code: str
    value: float | None
    raw: str = ""
    slot: str = ""  # where it was written: "tb1", "TB2", "Wtg1", ...


@dataclass(frozen=True, slots=True)
class Player:
    """A ``001`` record. Declared ``points`` and ``rank`` are what the file says.

    The rounds are three columns of equal length (see the module docstring):
    ``opponents`` (0 = none), ``colors`` (``" "`` = none) and ``results`` (``"."`` =
    empty block). Build a player from :class:`RoundEntry` values with
    :meth:`build`; read them back with :attr:`rounds` or :meth:`round`.
    """

    start: int
    name: str
    sex: str = ""  # "m", "w" or "" (unknown)
    title: str = ""  # GM IM WGM FM WIM CM WFM WCM, or as written when unknown
    rating: int | None = None  # None = unrated
    federation: str = ""
    fide_id: int | None = None  # None = no FIDE id (blank or 0)
    birth: PartialDate | None = None
    points: float | None = None
    rank: int | None = None
    opponents: tuple[int, ...] = ()
    colors: str = ""
    results: str = ""
    line: int = 0
    declared: tuple[DeclaredValue, ...] = ()  # tie-break values as the input states them

    @classmethod
    def build(
        cls, start: int, name: str, *, rounds: Iterable[RoundEntry] = (), **fields: Any
    ) -> Player:
        """A player whose rounds are given as entries: ``Player.build(1, "Ann",
        rounds=[RoundEntry(2, "w", "1")], rating=2100)``; other fields by keyword.
        Raises ValueError for an entry :func:`round_columns` rejects."""
        opponents, colors, results = round_columns(rounds)
        return cls(start, name, opponents=opponents, colors=colors, results=results, **fields)

    def with_rounds(self, rounds: Iterable[RoundEntry]) -> Player:
        """This player with ``rounds`` instead of its own."""
        opponents, colors, results = round_columns(rounds)
        return replace(self, opponents=opponents, colors=colors, results=results)

    def __repr__(self) -> str:
        """Short (``<Player 4 'Lindqvist, Astrid' 2150 SWE 3 pts>``): a player holds every
        round, which the default repr would print in full; equality still compares all."""
        parts = [str(self.start), repr(self.name)]
        parts += [str(self.rating)] if self.rating else []
        parts += [self.federation] if self.federation else []
        parts += [f"{self.points:g} pts"] if self.points is not None else []
        return f"<Player {' '.join(parts)}>"

    @property
    def rounds(self) -> tuple[RoundEntry, ...]:
        """Every written round as an entry, built on each call (the columns are the data)."""
        return tuple(map(_entry, self.opponents, self.colors, self.results))

    def round(self, number: int) -> RoundEntry:
        """Round ``number`` (1-based); an empty entry beyond the written blocks."""
        if 1 <= number <= len(self.results):
            i = number - 1
            return _entry(self.opponents[i], self.colors[i], self.results[i])
        return EMPTY_ROUND

    @property
    def round_count(self) -> int:
        """Number of written round blocks (``len(self.rounds)`` without building them)."""
        return len(self.results)

    def is_empty_round(self, index: int) -> bool:
        """Round ``index + 1`` (0-based ``index`` into the columns) is an empty block."""
        return (
            self.results[index] == EMPTY_BLOCK
            and not self.opponents[index]
            and self.colors[index] == NO_COLOR
        )

    def score(self, points: dict[str, float]) -> float:
        """Sum of ``points[result]`` over the results column (``points`` keyed by column
        characters, as :meth:`~trfkit.model.ScoringSystem.column_points` gives them)."""
        return sum([points[r] for r in self.results])
