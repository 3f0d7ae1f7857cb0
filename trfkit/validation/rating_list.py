"""The offline rating-list cross-check of ``trfkit check --rating-list`` (T750-T758).

FIDE rates a tournament with the ratings of the list of the month it starts in (042), and
its rating officers reject files whose players do not match FIDE's records. This check
compares each player with a FIDE id against a list read by :mod:`trfkit.formats.rating_list`:
the id exists; name, federation, sex and birth year agree (only fields the file fills are
compared); the rating equals the list's rating of the event's kind (standard, rapid or
blitz: from 222, else the words of 122/092/012, else standard). When the list is of
another period or holds no rating of that kind the ratings are not compared, and one
diagnostic says why instead of one a player.

Names are compared as FIDE's and the arbiters' spellings differ harmlessly: case,
diacritics, punctuation and the order of the parts ("Surname, Firstname" or "Firstname
Surname") do not count, and a name that fills the 33 columns of TRF may be the list's
name cut short.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from typing import Final

from ..diagnostics import Diagnostic
from ..formats.rating_list import KINDS, ListedPlayer, RatingList, period_label
from ..model import Header, Player, Tournament
from . import locate

__all__ = ["CODES", "checks", "event_kind", "name_key", "names_agree"]

#: The codes of this check, one function each in :func:`checks`.
CODES: Final = ("T750", "T751", "T752", "T753", "T754", "T755", "T756", "T757", "T758")

_NAME: Final = (15, 47)
_SEX: Final = (10, 10)
_RATING: Final = (49, 52)
_FEDERATION: Final = (54, 56)
_BIRTH_YEAR: Final = (70, 73)
_NAME_WIDTH: Final = 33

#: Letters NFKD does not split into a base letter and a mark.
_FOLDED: Final = str.maketrans(
    {"ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ß": "ss", "ı": "i"}
)
_NOT_LETTERS = re.compile(r"[^\w]+|_")


_APOSTROPHES = re.compile(r"['\u2019`\u00b4]")


def _folded(name: str) -> str:
    name = _APOSTROPHES.sub("", name)  # O'Brien, OBrien
    decomposed = unicodedata.normalize("NFKD", name.casefold().translate(_FOLDED))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return _NOT_LETTERS.sub(" ", plain).strip()


def name_key(name: str) -> tuple[str, ...]:
    """The parts of a name, folded and sorted: equal for spellings that differ only in case,
    diacritics, punctuation or order."""
    return tuple(sorted(_folded(name).split()))


def names_agree(written: str, listed: str) -> bool:
    """True when the file's name is the list's (see the module docstring)."""
    if name_key(written) == name_key(listed):
        return True
    # a full TRF field may hold the list's name cut short (in the list's order)
    return len(written.strip()) >= _NAME_WIDTH and _folded(listed).startswith(_folded(written))


# -- the kind of event -----------------------------------------------------------------------

_PERIOD = re.compile(r"^(?:(\d+)/)?(\d+)(?:\+(\d+))?$")
_MINUTES_PLUS = re.compile(r"(\d+)\s*(?:'|min\w*|m)?\s*\+\s*(\d+)", re.I)


def _by_clock(seconds: int) -> str:
    """FIDE Laws, Appendices A and B: time plus 60 increments up to 10 minutes is blitz,
    under 60 minutes rapid, else standard."""
    return "blitz" if seconds <= 600 else "rapid" if seconds < 3600 else "standard"


def _code_kind(code: str) -> str | None:
    """The kind of a 222 time control (TRF.md §3.4), None when it does not parse."""
    if code.upper().startswith("W"):  # Armageddon W300-B240
        return "blitz"
    total, increment = 0, None
    for part in code.split(":"):
        found = _PERIOD.match(part.strip())
        if not found:
            return None
        total += int(found[2])
        if increment is None:
            increment = int(found[3] or 0)
    return _by_clock(total + 60 * (increment or 0))


def event_kind(header: Header) -> str:
    """Which rating a tournament is rated in: 222, else the words ``blitz``/``rapid`` (or a
    ``90+30`` clock, minutes plus seconds) in 122, 092 or 012, else standard."""
    from_code = _code_kind(header.time_control_code.strip()) if header.time_control_code else None
    if from_code:
        return from_code
    words = f"{header.time_control} {header.type_text} {header.name}".lower()
    for kind in ("blitz", "rapid"):
        if re.search(rf"\b{kind}\b", words):
            return kind
    clock = _MINUTES_PLUS.search(header.time_control)
    if clock:
        return _by_clock(60 * int(clock[1]) + 60 * int(clock[2]))
    return "standard"


# -- the check -------------------------------------------------------------------------------


def _findings(tournament: Tournament, ratings: RatingList, kind: str | None) -> list[Diagnostic]:
    header = tournament.header
    kind = kind or event_kind(header)
    rated = [(i, p) for i, p in enumerate(tournament.players) if p.fide_id is not None]
    if not rated:
        return []
    found: list[Diagnostic] = []
    compare, note = _rating_plan(header, ratings, kind)
    if note is not None:
        found.append(note)
    source = ratings.name
    for index, player in rated:
        assert player.fide_id is not None
        listed = ratings.players.get(player.fide_id)
        if listed is None:
            found.append(
                locate.player_at(
                    "T750",
                    f"FIDE id {player.fide_id} ({player.name.strip()}) is not in the rating "
                    f"list {source}",
                    index,
                    player,
                    locate.FIDE_ID,
                    field="fide_id",
                )
            )
            continue
        found.extend(_differences(index, player, listed, kind if compare else None))
    return found


def _rating_plan(header: Header, ratings: RatingList, kind: str) -> tuple[bool, Diagnostic | None]:
    """Whether ratings are compared, and the one diagnostic that says why not (or how)."""
    record = header.first("042")
    line, span = (record.line, locate.value(record)) if record else (1, locate.WHOLE_LINE)
    if kind not in ratings.kinds:
        held = "/".join(ratings.kinds)
        return False, locate.at(
            "T757",
            f"the rating list {ratings.name} holds {held} ratings, the tournament is {kind}: "
            "ratings were not compared",
            line,
            span,
        )
    start = header.start_date
    if start is None or start.year is None or not start.month:
        return True, None
    wanted = (start.year, start.month)
    if ratings.period is None:
        return True, locate.at(
            "T758",
            f"the rating list {ratings.name} does not say its period: its {kind} ratings were "
            f"compared as those of {period_label(wanted)} (--rating-period YYYY-MM names it)",
            line,
            span,
        )
    if ratings.period != wanted:
        return False, locate.at(
            "T756",
            f"the rating list {ratings.name} is for {period_label(ratings.period)}, the "
            f"tournament starts {start.iso} (period {period_label(wanted)}): ratings were "
            "not compared",
            line,
            span,
        )
    return True, None


def _differences(
    index: int, player: Player, listed: ListedPlayer, kind: str | None
) -> Iterator[Diagnostic]:
    fide = player.fide_id

    def differs(
        code: str, what: str, mine: object, theirs: object, span: locate.Span, field: str
    ) -> Diagnostic:
        return locate.player_at(
            code,
            f"{what} {mine} differs from the rating list's {theirs} for FIDE id {fide}",
            index,
            player,
            span,
            field=field,
        )

    if player.name.strip() and listed.name and not names_agree(player.name, listed.name):
        yield differs("T751", "name", repr(player.name.strip()), repr(listed.name), _NAME, "name")
    federation = player.federation.strip().upper()
    if federation and listed.federation and federation != listed.federation:
        yield differs(
            "T752", "federation", federation, listed.federation, _FEDERATION, "federation"
        )
    if player.sex in ("m", "w") and listed.sex and player.sex != listed.sex:
        yield differs("T753", "sex", player.sex, listed.sex, _SEX, "sex")
    year = player.birth.year if player.birth is not None else None
    if year and listed.birth_year and year != listed.birth_year:
        yield differs("T754", "birth year", year, listed.birth_year, _BIRTH_YEAR, "birth")
    if kind is not None:
        mine, theirs = player.rating or None, listed.rating(kind)
        if mine != theirs:
            yield differs(
                "T755",
                f"{kind} rating",
                mine or "unrated",
                theirs or "unrated",
                _RATING,
                "rating",
            )


Check = Callable[[Tournament], Iterator[Diagnostic]]


def checks(ratings: RatingList, kind: str | None = None) -> tuple[tuple[str, Check], ...]:
    """One ``(code, check)`` per code of :data:`CODES`, for the validator's extra checks
    (:func:`trfkit.validation.driver.validate`): the comparison runs once a tournament,
    each code's check yields its own findings. ``kind`` (one of
    :data:`trfkit.formats.rating_list.KINDS`) overrides :func:`event_kind`."""
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown rating kind {kind!r}")
    memo: dict[int, tuple[Tournament, list[Diagnostic]]] = {}

    def found(tournament: Tournament) -> list[Diagnostic]:
        kept = memo.get(id(tournament))
        if kept is None or kept[0] is not tournament:
            memo.clear()
            kept = memo[id(tournament)] = (tournament, _findings(tournament, ratings, kind))
        return kept[1]

    def one(code: str) -> Check:
        def check(tournament: Tournament) -> Iterator[Diagnostic]:
            return (d for d in found(tournament) if d.code == code)

        return check

    return tuple((code, one(code)) for code in CODES)
