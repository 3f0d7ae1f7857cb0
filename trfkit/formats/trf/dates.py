"""Dates as real TRF files write them (TRF.md §11.4).

TRF16 does not fix a date format and TRF26 asks for ``YYYY/MM/DD``; real files use a
dozen styles, including two-digit years whose field order can only be settled by the
event's start/end dates (``11.25.02`` in a 132 record is 25 Feb 2011). Every parse
keeps the raw text in :class:`~trfkit.model.PartialDate`, so nothing is lost even
when the date cannot be read.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Final, Union

from ...model import PartialDate

if TYPE_CHECKING:
    import datetime as _dt

__all__ = ["parse_date", "parse_round_date", "parse_grid_date", "as_date", "complete_date"]

#: A calendar date as ``(year, month, day)``: ordered like :class:`datetime.date`, and
#: checking one needs no :mod:`datetime` (a tenth of importing the reader, for two
#: comparisons in a 132 record).
YMD = tuple[int, int, int]
#: A bound of :func:`parse_round_date`: a ``YMD`` or a :class:`datetime.date`.
Bound = Union[YMD, "_dt.date"]

_MONTHS: Final = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "jän", "janv"),
            ("feb", "fév", "fev"),
            ("mar", "mär", "mars", "maa"),
            ("apr", "avr"),
            ("may", "mai", "mei"),
            ("jun", "juin"),
            ("jul", "juil"),
            ("aug", "aoû", "aou"),
            ("sep", "set"),
            ("oct", "okt"),
            ("nov",),
            ("dec", "dez", "déc"),
        ),
        start=1,
    )
    for name in names
}

# The styles other than YYYY/MM/DD (which parse_date reads without a pattern) are pattern
# strings, compiled on first use by re's own cache: most reads meet one or two of them,
# and compiling every pattern was a tenth of importing the reader.
_YMD: Final = r"(\d{4})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{1,2})"
_DMY: Final = r"(\d{1,2})\s*([/.\-])\s*(\d{1,2})\s*[/.\-]\s*(\d{4})"
_SHORT: Final = r"(\d{2})\s*[/.\-]\s*(\d{2})\s*[/.\-]\s*(\d{2})"
_YEAR: Final = r"(\d{4})"
_YEAR_MONTH: Final = r"(\d{4})\s*[/.\-]\s*(\d{1,2})(?:\s*[/.\-](?:\s*00?)?)?"
#: A year with the month and day left blank or zero: ``1975.  .``, ``1975/  /``, ``1975.00.``
#: (Swiss-Manager and national programs write a known year this way).
_YEAR_BLANKS: Final = r"(\d{4})(?:\s*[/.\-](?:\s*00?)?){1,2}"
_NAMED_MDY: Final = r"([^\W\d_]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})"
_NAMED_DMY: Final = r"(\d{1,2})\.?\s+([^\W\d_]+)\.?,?\s+(\d{4})"


def _expand_year(yy: int) -> int:
    """Two-digit years: 00-69 are 20xx, 70-99 are 19xx (TRF event dates are recent)."""
    return 2000 + yy if yy < 70 else 1900 + yy


def _valid(year: int, month: int, day: int) -> bool:
    """True for a real calendar date, also when month/day are 0 (= unknown)."""
    if not 0 <= month <= 12 or not 0 <= day <= 31 or year < 1000:
        return False
    if month == 0:
        return day == 0
    return day == 0 or (year <= 9999 and day <= _days_in(year, month))


def _days_in(year: int, month: int) -> int:
    """Days in ``month`` of ``year`` (``_DAYS`` counts 29 for February)."""
    return 28 if month == 2 and not _leap(year) else _DAYS[month]


def _month(name: str) -> int:
    key = name.lower()
    for length in (4, 3):
        if key[:length] in _MONTHS:
            return _MONTHS[key[:length]]
    return 0


def _candidates(text: str) -> list[tuple[int, int, int]]:
    """Every (year, month, day) reading of ``text`` in order of preference."""
    m = re.fullmatch(_YMD, text)
    if m:
        return [(int(m[1]), int(m[2]), int(m[3]))]
    m = re.fullmatch(_DMY, text)
    if m:
        a, b, year = int(m[1]), int(m[3]), int(m[4])
        # Day first (European) unless only the US order makes sense.
        return [(year, b, a), (year, a, b)]
    m = re.fullmatch(_SHORT, text)
    if m:
        a, b, c = int(m[1]), int(m[2]), int(m[3])
        # YY/MM/DD is the TRF form; YY.DD.MM occurs in ICU files; DD.MM.YY elsewhere.
        return [(_expand_year(a), b, c), (_expand_year(a), c, b), (_expand_year(c), b, a)]
    m = re.fullmatch(_YEAR_MONTH, text)
    if m:
        return [(int(m[1]), int(m[2]), 0)]
    m = re.fullmatch(_YEAR, text) or re.fullmatch(_YEAR_BLANKS, text)
    if m:
        return [(int(m[1]), 0, 0)]
    m = re.fullmatch(_NAMED_MDY, text)
    if m and _month(m[1]):
        return [(int(m[3]), _month(m[1]), int(m[2]))]
    m = re.fullmatch(_NAMED_DMY, text)
    if m and _month(m[2]):
        return [(int(m[3]), _month(m[2]), int(m[1]))]
    return []


_new_date: Final = PartialDate
_DAYS: Final = (0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
#: Every valid ``MM/DD`` -> (month, day): one lookup checks the separator, the digits
#: and the calendar of a TRF26 date's tail (only 29 February still needs the year).
_TWO_DIGITS: Final = [f"{number:02d}" for number in range(32)]
_MONTH_DAY: Final = {  # (joined, not formatted: a third of the time at import)
    _TWO_DIGITS[month] + "/" + _TWO_DIGITS[day]: (month, day)
    for month in range(1, 13)
    for day in range(1, _DAYS[month] + 1)
}
_FEB_29: Final = _MONTH_DAY["02/29"]


def parse_date(raw: str) -> tuple[PartialDate | None, str | None]:
    """Read one date; returns ``(date, problem)``.

    ``date`` is None for a blank field. When the text cannot be read, ``date`` keeps
    the raw text with no parts and ``problem`` says why (the caller reports T106).
    """
    # Fast path for a complete TRF26 date YYYY/MM/DD (every birth date of a large file);
    # anything else, including digits that are not ASCII, takes the general path.
    month_day = _MONTH_DAY.get(raw[5:])
    if month_day is not None and raw[4] == "/":  # (a 5-character tail: 10 in all)
        y = raw[:4]
        if y.isdecimal():  # int() would also take " 199" or "1_99"
            year = int(y)
            if year >= 1000 and (month_day is not _FEB_29 or _leap(year)):
                return _new_date(raw, year, month_day[0], month_day[1]), None
    return _parse_date_cached(raw)


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


@lru_cache(maxsize=8192)
def _parse_date_cached(raw: str) -> tuple[PartialDate | None, str | None]:
    """Every other style; cached because files repeat them (``2014/00/00``)."""
    return parse_round_date(raw, ())


@lru_cache(maxsize=4096)
def parse_grid_date(raw: str, within: tuple[Bound, ...]) -> tuple[PartialDate | None, str | None]:
    """:func:`parse_round_date`, cached: a 132 record repeats a date for double rounds,
    and the files of one event repeat the whole record (results are frozen, so shared)."""
    return parse_round_date(raw, within)


def parse_round_date(raw: str, within: Sequence[Bound]) -> tuple[PartialDate | None, str | None]:
    """Read a date, preferring the reading that falls between ``within[0]`` and ``within[1]``
    (``YMD`` tuples or :class:`datetime.date` values).

    Used for 132 records with two-digit years, where ``YY/MM/DD``, ``YY.DD.MM`` and
    ``DD.MM.YY`` cannot be told apart by the text alone.
    """
    text = raw.strip()
    if not text.strip(" ./-0"):
        return None, None  # blank, or an empty template such as "    .  .  " or 0000/00/00
    candidates = [c for c in _candidates(text) if _valid(*c)]
    if not candidates:
        return PartialDate(raw=text), f"{text!r} is not a date in any known style"
    chosen = candidates[0]
    if len(within) == 2 and len(candidates) > 1:
        low, high = (_ymd(bound) for bound in within)
        for cand in candidates:
            if cand[1] and cand[2] and low <= cand <= high:
                chosen = cand
                break
    year, month, day = chosen
    return PartialDate(raw=text, year=year, month=month or None, day=day or None), None


def _ymd(bound: Bound) -> YMD:
    return bound if isinstance(bound, tuple) else (bound.year, bound.month, bound.day)


def complete_date(value: PartialDate | None) -> YMD | None:
    """A complete, real date as ``(year, month, day)`` (what :func:`as_date` accepts), else None."""
    if value is None or value.year is None or not value.month or not value.day:
        return None
    year, month, day = value.year, value.month, value.day
    if 1 <= year <= 9999 and 1 <= month <= 12 and 1 <= day <= _days_in(year, month):
        return (year, month, day)
    return None


def as_date(value: PartialDate | None) -> _dt.date | None:
    """A complete date as :class:`datetime.date`, else None."""
    ymd = complete_date(value)
    if ymd is None:
        return None

    return datetime.date(*ymd)
