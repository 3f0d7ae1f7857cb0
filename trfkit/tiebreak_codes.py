"""Tie-break codes: the TRF26 ``202``/``212`` grammar, parsed into :class:`TieBreakCode`.

Grammar (TIEBREAKS.md §B.6), case-insensitive::

    code      = name [ ":" ("MP" | "GP") ] *( "/" modifier )
    modifier  = "C" n | "M" n | "L" ("+"|"-") n | "K" x | "P" | "F"

Accepted on input as well: the legacy separators ``#`` and ``-`` (``BH:GP#C1``,
``DE-P``), TieBreakServer's extensions (``/U2000`` rating of unrated players,
``/V2024`` edition, ``/R /D /S /X /N`` flags, ``/L50`` Koya limit in per cent,
``/L+1.0`` limit in points), the alias ``GE`` for ``REP`` and the self-defined names
of Article 32 (``OTHER_RU_SBH`` = ``SOBH``, ``OTHER_RU_TPR400`` = ``TPR/400``).
:attr:`TieBreakCode.canonical` is the one spelling trfkit writes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .limits import MAX_ROUNDS

__all__ = [
    "ALIASES",
    "MAX_RATING",
    "CodeError",
    "RangeError",
    "TieBreakCode",
    "parse",
    "parse_list",
    "trf_spelling",
]

#: Ratings a tie-break works with (``/U``, ``--unrated-rating``, ``TPR/400``): the FIDE
#: scale with room to spare. The rating tables grow with the spread of ratings, so a
#: rating of 50 000 000 for unrated players took gigabytes.
MAX_RATING = 4000
#: Results a cut or median may remove (``/C``, ``/M``), and points a Koya limit may move
#: (``/L+n`` in half points up to twice that): no tournament has more rounds.
MAX_CUT = MAX_ROUNDS
#: ``/K`` factors (the schedule-strength divisor).
MAX_FACTOR = 1000.0

#: name as written (upper case) -> (canonical name, extra modifiers implied by the alias)
ALIASES: dict[str, tuple[str, str]] = {
    "GE": ("REP", ""),
    "OTHER_RU_SBH": ("SOBH", ""),
    "OTHER_RU_TPR400": ("TPR", "400"),
    "AROC": ("ARO", "C1"),
}

_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")
_INT = re.compile(r"^\d+$")
_NUM = re.compile(r"^\d+(?:\.\d+)?$")


class CodeError(ValueError):
    """A tie-break code that does not follow the grammar (reported as T501).

    ``misspelt`` is True when a name, score type or modifier is not one the grammar
    knows, so that another spelling was probably meant: the tie-break stage, which knows
    the registered codes, then says which (:func:`trfkit.tiebreaks.registry.parse`).
    """

    def __init__(self, message: str, *, misspelt: bool = False) -> None:
        super().__init__(message)
        self.misspelt = misspelt


class RangeError(CodeError):
    """A modifier outside its meaningful range (``/U50000000``, ``/C5000``): a usage error
    on the command line, T024 for a 202/212 record (that code is then not computed)."""


@dataclass(frozen=True, slots=True)
class TieBreakCode:
    """A parsed tie-break code. Hashable, so results can be cached per code.

    ``limit`` is the Koya limit as written after ``L`` (``"+1"``, ``"-2"``,
    ``"50"``, ``"+1.0"``); :meth:`koya_threshold` interprets it. ``number`` is a
    bare numeric modifier (``TPR/400``). ``flags`` are single-letter switches
    (``P``, ``F``, and TieBreakServer's ``R D S X N``).
    """

    name: str
    score: str = ""  # "", "MP" or "GP"
    cut: int = 0
    median: int = 0
    limit: str = ""
    factor: float | None = None
    unrated: int | None = None
    version: str = ""
    number: int | None = None
    flags: frozenset[str] = frozenset()
    text: str = field(default="", compare=False)  # as written; not part of equality

    @property
    def played_forfeits(self) -> bool:
        """``/P``: forfeits count as games against the scheduled opponent."""
        return "P" in self.flags

    @property
    def fore(self) -> bool:
        """``/F``: use Fore Buchholz (AOB/F, SSSC)."""
        return "F" in self.flags

    @property
    def base(self) -> str:
        """Name with the score type: ``BH:MP``; the registry key for team variants."""
        return f"{self.name}:{self.score}" if self.score else self.name

    @property
    def canonical(self) -> str:
        """The spelling trfkit writes: upper case, ``/`` separators, fixed modifier order."""
        parts = [self.base]
        if self.cut:
            parts.append(f"C{self.cut}")
        if self.median:
            parts.append(f"M{self.median}")
        if self.limit:
            parts.append(f"L{self.limit}")
        if self.factor is not None:
            parts.append(f"K{self.factor:g}")
        if self.number is not None:
            parts.append(str(self.number))
        for flag in "PF":
            if flag in self.flags:
                parts.append(flag)
        if self.unrated is not None:
            parts.append(f"U{self.unrated}")
        if self.version:
            parts.append(f"V{self.version}")
        for flag in sorted(self.flags - {"P", "F"}):
            parts.append(flag)
        return "/".join(parts)

    @property
    def trf(self) -> str:
        """The spelling for a TRF26 ``202`` record (TieBreakServer-only extras dropped)."""
        return "/".join(
            p
            for p in self.canonical.split("/")
            if not (p[:1] in "UV" and len(p) > 1) and p not in ("R", "D", "S", "X", "N")
        )

    def koya_threshold(self, max_score: float, draw: float) -> float:
        """The KS threshold: 50 % of ``max_score`` moved by the Limit modifier.

        ``L+n`` raises it and ``L-n`` lowers it by n steps of ``draw`` (half-points,
        C.07 14.5); ``L+1.0`` (with a decimal point) moves it by points; ``L50``
        (digits only) is a percentage of the maximum (TieBreakServer's forms).
        """
        half = max_score / 2.0
        lim = self.limit
        if not lim:
            return half
        if lim[0] in "+-":
            sign = -1.0 if lim[0] == "-" else 1.0
            body = lim[1:]
            if "." in body:
                return half + sign * float(body)
            return half + sign * float(body) * draw
        return max_score * float(lim) / 100.0

    def __str__(self) -> str:
        return self.text or self.canonical


def _tokens(text: str) -> list[str]:
    """Split a code into name and modifier tokens, honouring the legacy separators."""
    if "/" in text or "#" in text:
        return [t for t in re.split(r"[/#]", text) if t != ""]
    raw = text.split("-")
    out: list[str] = []
    i = 0
    while i < len(raw):
        tok = raw[i]
        # "KS-L-1": an L token followed by digits is a negative limit, not two modifiers.
        if out and tok == "L" and i + 1 < len(raw) and _NUM.match(raw[i + 1]):
            out.append("L-" + raw[i + 1])
            i += 2
            continue
        if tok != "":
            out.append(tok)
        i += 1
    return out


def parse(text: str) -> TieBreakCode:
    """Parse one code; :class:`CodeError` says what is wrong (the codes probably meant
    are the tie-break stage's to suggest: :func:`trfkit.tiebreaks.parse`)."""
    original = text.strip()
    if not original:
        raise CodeError("empty tie-break code")
    upper = original.upper()
    tokens = _tokens(upper)
    if not tokens:
        raise CodeError(f"{original!r}: no tie-break name")
    head, *mods = tokens
    score = ""
    if ":" in head:
        head, score = head.split(":", 1)
        if score not in ("MP", "GP"):
            raise CodeError(
                f"{original!r}: score type must be MP or GP, not {score!r}", misspelt=True
            )
    name, implied = ALIASES.get(head, (head, ""))
    if implied:
        mods = [implied, *mods]
    if not _NAME.match(name):
        raise CodeError(f"{original!r}: {head!r} is not a tie-break name", misspelt=True)
    fields: dict[str, object] = {}
    written: dict[str, str] = {}  # field -> the modifier that set it
    flags: set[str] = set()
    for mod in mods:
        letter, arg = mod[0], mod[1:]
        key: str | None = None
        value: object = None
        if _INT.match(mod):
            key, value = "number", int(mod)
        elif letter in "CM" and _INT.match(arg):
            key, value = ("cut" if letter == "C" else "median"), int(arg)
        elif letter == "L" and re.match(r"^[+-]?\d+(?:\.\d+)?$", arg):
            key, value = "limit", arg
        elif letter == "K" and _NUM.match(arg):
            key, value = "factor", float(arg)
        elif letter == "U" and _INT.match(arg):
            key, value = "unrated", int(arg)
        elif letter == "V" and _INT.match(arg):
            key, value = "version", arg
        elif len(mod) == 1 and mod in "PFRDSXN":
            flags.add(mod)
        else:
            raise CodeError(f"{original!r}: unknown modifier /{mod}", misspelt=True)
        if key is None:
            continue
        if key in written:  # 'BH/C1/C2' would silently be BH/C2
            raise CodeError(
                f"{original!r}: /{mod} repeats a modifier already given "
                f"(/{written[key]}); give each one once"
            )
        fields[key], written[key] = value, mod
    _check_ranges(original, fields)
    return TieBreakCode(name=name, score=score, flags=frozenset(flags), text=original, **fields)  # type: ignore[arg-type]


def _check_ranges(original: str, fields: dict[str, object]) -> None:
    """Raise :class:`RangeError` naming the range of the first modifier outside it."""

    def outside(what: str, low: float, high: float, unit: str = "") -> RangeError:
        return RangeError(f"{original!r}: {what} must be from {low:g} to {high:g}{unit}")

    for key, what in (
        ("unrated", "/U (the rating of unrated players)"),
        ("number", "the rating modifier"),
    ):
        value = fields.get(key)
        if isinstance(value, int) and not 0 <= value <= MAX_RATING:
            raise outside(what, 0, MAX_RATING)
    for key, letter in (("cut", "C"), ("median", "M")):
        value = fields.get(key)
        if isinstance(value, int) and value > MAX_CUT:
            raise outside(f"/{letter}", 0, MAX_CUT, " results")
    factor = fields.get("factor")
    if isinstance(factor, float) and factor > MAX_FACTOR:
        raise outside("/K", 0, MAX_FACTOR)
    limit = fields.get("limit")
    if isinstance(limit, str):
        body = limit.lstrip("+-")
        if limit[0] not in "+-":
            if float(body) > 100:
                raise outside("/L as a percentage", 0, 100)
        elif "." in body and float(body) > MAX_CUT:
            raise outside("/L in points", 0, MAX_CUT)
        elif "." not in body and int(body) > 2 * MAX_CUT:
            raise outside("/L in half points", 0, 2 * MAX_CUT)
    version = fields.get("version")
    if isinstance(version, str) and len(version) > 4:
        raise RangeError(f"{original!r}: /V names a year of four digits")


def parse_list(text: str) -> list[TieBreakCode]:
    """Parse a comma-separated ``202``/``212`` list (blanks around codes ignored)."""
    return [parse(part) for part in text.split(",") if part.strip()]


def trf_spelling(code: str) -> str:
    """``BH/C1/V2026`` -> ``BH/C1``, ``ARO/C1/U1400`` -> ``ARO/C1``: the TRF ``202``
    spelling (:attr:`TieBreakCode.trf`; TieBreakServer's ``/U`` and ``/V`` are not
    written into TRF, TIEBREAKS.md §B.6) of a code a reader took from a legend; a
    code that does not parse is kept as written."""
    try:
        return parse(code).trf
    except CodeError:
        return code
