"""Where things sit in a TRF line, so that every rule points at the same columns.

TRF is fixed-width (TRF.md §4): a diagnostic is useful when its caret lands on the
field that is wrong, so rules never compute columns themselves; they ask here.
Spans are ``(first, last)`` 1-based inclusive columns.
"""

from __future__ import annotations

from typing import Final

from ..diagnostics import Diagnostic, Location, make
from ..model import HeaderRecord, Player, Team

Span = tuple[int, int]

START: Final[Span] = (5, 8)
FIDE_ID: Final[Span] = (58, 68)
POINTS: Final[Span] = (81, 84)
RANK: Final[Span] = (86, 89)
WHOLE_LINE: Final[Span] = (1, 3)  # the record code: where file-level problems of a line point


def block_start(round_number: int) -> int:
    """First column of round ``round_number``'s 001 block (and of its 132 date)."""
    return 92 + 10 * (round_number - 1)


def block(round_number: int) -> Span:
    """The whole 8-character block ``oooo c r``."""
    c = block_start(round_number)
    return (c, c + 7)


def opponent(round_number: int) -> Span:
    c = block_start(round_number)
    return (c, c + 3)


def color(round_number: int) -> Span:
    c = block_start(round_number) + 5
    return (c, c)


def result(round_number: int) -> Span:
    c = block_start(round_number) + 7
    return (c, c)


def value(record: HeaderRecord) -> Span:
    """The value of a ``??2`` or engine record: column 5 to its last character."""
    return (5, max(5, 4 + len(record.value.rstrip())))


def team_member(team: Team, index: int) -> Span:
    """Member ``index`` (0-based): 013 at 37+5k (TRF.md §5), 310 at 74+5k (§6.2)."""
    first = 37 if team.source == "013" else 74
    c = first + 5 * index
    return (c, c + 3)


def related(line: int, span: Span) -> Location:
    """The other side of a cross-record problem (file filled in by the driver)."""
    return Location("", line, span[0], span[1])


def at(
    code: str,
    message: str,
    line: int,
    span: Span,
    *,
    other: Location | None = None,
    model_path: str | None = None,
) -> Diagnostic:
    """A diagnostic at ``span`` of ``line``."""
    return make(code, message, line, span[0], span[1], related=other, model_path=model_path)


def player_path(index: int, round_number: int | None = None, field: str | None = None) -> str:
    """Model path of a player (``players[3]``), one of its rounds or one of its fields."""
    path = f"players[{index}]"
    if round_number is not None:
        path += f".rounds[{round_number - 1}]"
    if field:
        path += f".{field}"
    return path


def player_at(
    code: str,
    message: str,
    index: int,
    player: Player,
    span: Span,
    *,
    round_number: int | None = None,
    field: str | None = None,
    other: Location | None = None,
) -> Diagnostic:
    """A diagnostic on a 001 record, with its model path."""
    return at(
        code,
        message,
        player.line,
        span,
        other=other,
        model_path=player_path(index, round_number, field),
    )
