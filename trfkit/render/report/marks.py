"""The marks the report's tables share: a round's colour and result as text and a class.

Every mark carries a symbol or text besides its colour (the page prints in black and
white): ○ / ● for White / Black, ``1`` ``½`` ``0`` for games, ``+`` ``−`` for forfeits,
the TRF letter for byes (``F`` ``H`` ``U`` ``Z``). The meaning of each result code comes
from :data:`trfkit.model.results.RESULT_CODES`, the points from the file's scoring.
"""

from __future__ import annotations

from typing import Final

from ...i18n import DEFAULT, Translator
from ...model import ScoringSystem
from ...model.results import COLUMN_CODES, NO_RESULT_COLUMN, Kind, column_kind
from ..standings import short_number
from .markup import text as escape

__all__ = [
    "CSS",
    "colour_symbol",
    "number",
    "points_text",
    "result_class",
    "result_marks",
    "result_text",
    "round_title",
]

#: colours-column character -> the symbol shown
_SYMBOLS: Final = {"w": "○", "b": "●"}
_COLOUR_WORDS: Final = {"w": "White", "b": "Black"}

#: kind -> (text of the mark or None for the points, class)
_KINDS: Final[dict[Kind, tuple[str | None, str]]] = {
    Kind.WIN: (None, "r-win"),
    Kind.DRAW: (None, "r-draw"),
    Kind.LOSS: (None, "r-loss"),
    Kind.FORFEIT_WIN: ("+", "r-fwin"),
    Kind.FORFEIT_LOSS: ("−", "r-floss"),
    Kind.FULL_BYE: ("F", "r-bye"),
    Kind.HALF_BYE: ("H", "r-bye"),
    Kind.PAB: ("U", "r-bye"),
    Kind.ZERO_BYE: ("Z", "r-absent"),
    Kind.NOT_PAIRED: ("", "r-none"),
    Kind.PENDING: ("?", "r-pending"),
}


#: A score or tie-break value as short text (``11``, ``7.25``), ``-`` when undefined:
#: as ``trfkit tiebreaks`` prints it.
number = short_number


def points_text(value: float) -> str:
    """Points of one round: ``1``, ``½``, ``0``, ``1½`` (a half shown as the fraction)."""
    whole = int(value)
    if value == whole:
        return str(whole)
    if abs(value - whole - 0.5) < 1e-9:
        return f"{whole or ''}½"
    return number(value)


def colour_symbol(colour: str) -> str:
    """○ for White, ● for Black, nothing for no colour."""
    return _SYMBOLS.get(colour, "")


def _kind(result: str, opponent: int) -> Kind:
    """The round's kind (:func:`~trfkit.model.results.column_kind`); an unknown
    character, which no reader writes, reads as not paired."""
    if result not in COLUMN_CODES:
        return Kind.NOT_PAIRED
    return column_kind(result, opponent)


def result_text(result: str, opponent: int, scoring: ScoringSystem) -> str:
    """The result of one round as the tables print it: the points of a game (``1`` ``½``
    ``0``), ``+``/``−`` for a forfeit, the bye's letter, ``?`` for a game without a result."""
    kind = _kind(result, opponent)
    text, _ = _KINDS[kind]
    if text is None:
        text = points_text(scoring.points_for_kind(kind))
        if result in "WDL":  # a game of less than one move: counted, not rated
            text += "*"
    return text


def result_class(result: str, opponent: int) -> str:
    """The CSS class of a round's result (``r-win``, ``r-bye``, ...)."""
    return _KINDS[_kind(result, opponent)][1]


#: (text, class, is a game over the board) of one round's result
Mark = tuple[str, str, bool]


def result_marks(scoring: ScoringSystem) -> dict[tuple[str, bool], Mark]:
    """Every result character, with and without an opponent, as (text, class, whether it
    is a game over the board): one table per section, so that a large crosstable looks
    each round up instead of working it out."""
    out: dict[tuple[str, bool], Mark] = {}
    for char in COLUMN_CODES:
        for paired in (False, True):
            opponent = 1 if paired else 0
            kind = _kind(char, opponent)
            game = kind in (Kind.WIN, Kind.DRAW, Kind.LOSS) and paired
            out[char, paired] = (
                result_text(char, opponent, scoring),
                result_class(char, opponent),
                game,
            )
    return out


def round_title(
    number_: int, colour: str, result: str, opponent: str, tr: Translator | None = None
) -> str:
    """A round in words, for a ``title``, escaped: ``round 3: White vs #4 Ann, win``;
    ``opponent`` is the opponent's label as the file has it (escaped here), "" for none;
    in the language of ``tr`` when given."""
    if tr is not None and tr.lang != DEFAULT:
        return _round_title(number_, colour, result, opponent, tr)
    code = COLUMN_CODES.get(result)
    what = code.description if code is not None else f"result {result!r}"
    if opponent and result in NO_RESULT_COLUMN:
        what = "paired, no result yet"
    side = _COLOUR_WORDS.get(colour, "")
    vs = f"{side + ' ' if side else ''}vs {opponent}, " if opponent else ""
    return escape(f"round {number_}: {vs}{what}")


def _round_title(number_: int, colour: str, result: str, opponent: str, tr: Translator) -> str:
    _ = tr.gettext
    code = COLUMN_CODES.get(result)
    what = _(code.description) if code is not None else _("result {result!r}").format(result=result)
    if opponent and result in NO_RESULT_COLUMN:
        what = _("paired, no result yet")
    side = _(_COLOUR_WORDS[colour]) if colour in _COLOUR_WORDS else ""
    vs = ""
    if opponent:
        vs = _("{side} vs {opponent}, ").format(side=side, opponent=opponent).lstrip()
    return escape(_("round {round}: {vs}{what}").format(round=number_, vs=vs, what=what))


CSS: Final = """
.r-win, .r-fwin { font-weight: bold; }
.r-loss, .r-floss { color: #555; }
.r-fwin, .r-floss { font-style: italic; }
.r-bye { color: #225; font-style: italic; }
.r-absent, .r-none { color: #888; }
.r-pending { color: #a60; }
.colour-mark { font-size: 0.85em; }
"""
