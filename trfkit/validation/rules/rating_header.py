"""T70x, the header part of the rating officer's profile (``--profile fide-rating``).

FIDE's rating server reads the tournament records of a report (TRF.md §3: 012, 022, 032,
042, 052 and 102 are marked mandatory for rating, and the rating category follows from
092 and 122). Exporters fill them with what they have: a lichess export puts the
tournament's URL in 022 and ``Lichess`` in 032. These rules are off by default
(:data:`trfkit.selection.OPT_IN`): a pairing engine's user does not need them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date
from typing import Final

from ...diagnostics import Diagnostic, make
from ...model import Header, HeaderRecord, PartialDate, Tournament
from .. import locate
from ..registry import rule
from .federations import CODES as FEDERATIONS

#: (record, what it holds, its value in the model), in record order.
RATING_RECORDS: Final[tuple[tuple[str, str, Callable[[Header], object]], ...]] = (
    ("012", "tournament name", lambda h: h.name.strip()),
    ("022", "city", lambda h: h.city.strip()),
    ("032", "federation", lambda h: h.federation.strip()),
    ("042", "start date", lambda h: h.start_date and h.start_date.raw.strip()),
    ("052", "end date", lambda h: h.end_date and h.end_date.raw.strip()),
    ("092", "type of tournament", lambda h: h.type_text.strip()),
    ("102", "chief arbiter", lambda h: h.chief_arbiter.strip()),
    ("122", "time control", lambda h: h.time_control.strip()),
)

#: A web address: a scheme, ``www.``, or a host name of a chess site.
_URL: Final = re.compile(r"https?://|www\.|\b[\w-]+\.(?:org|com|net|info)\b", re.I)
#: An e-mail address (personal data in 102, TRF.md §3): its host is not a platform.
_EMAIL: Final = re.compile(r"\S+@\S+")
#: Platform names distinctive enough to be found inside a value ("Lichess Swiss").
_PLATFORM_WORDS: Final = re.compile(
    r"\b(?:lichess|chess\.?com|chess-?results|swiss-?manager|tornelo|chess24|"
    r"chessmanager|sharly-?chess|playchess|chessbase|chesskid)\b",
    re.I,
)
#: Program names that are also words or places: only as the whole federation or arbiter
#: value, never as a city (Vega is a Norwegian island, Orion a town in Illinois).
_PROGRAM_VALUES: Final = frozenset({"vega", "papi", "orion", "fide online arena", "online"})
#: A FIDE id in free text: a run of six or more digits (TieBreakServer reads a number
#: above 100000 in 102 as the arbiter's id, TRF.md §3).
_FIDE_ID: Final = re.compile(r"(?<!\d)\d{6,10}(?!\d)")
#: TRF-2026 writes 042 and 052 as YYYY/MM/DD (TRF.md §3).
_TRF26_DATE: Final = re.compile(r"\d{4}/\d{2}/\d{2}")
#: Days an event may last and still be rated with one list (issue 20: a longer one over
#: several of FIDE's monthly lists needs each period's ratings, T709).
LONGEST_ONE_LIST_EVENT: Final = 30


def _record_at(
    code: str, message: str, record: HeaderRecord | None, whole: bool = False
) -> Diagnostic:
    """At the value of ``record`` (its code when ``whole`` or empty), or 1:1 without one."""
    if record is None or not record.line:
        return make(code, message, 1, 1)
    span = locate.WHOLE_LINE if whole or not record.value.strip() else locate.value(record)
    return locate.at(code, message, record.line, span)


def is_platform(text: str, *, place: bool = False) -> bool:
    """True when ``text`` is a URL or names a chess platform or program, not a person or,
    with ``place``, a city."""
    value = _EMAIL.sub("", text).strip()
    if _URL.search(value) or _PLATFORM_WORDS.search(value):
        return True
    return not place and value.lower() in _PROGRAM_VALUES


@rule("T701")
def rating_record_missing(t: Tournament) -> Iterator[Diagnostic]:
    for code, what, value in RATING_RECORDS:
        if not value(t.header):
            record = t.header.first(code)
            state = "is empty" if record is not None else "is missing"
            yield _record_at(
                "T701", f"{code} ({what}) {state}; FIDE's rating needs it", record, whole=True
            )


def _day(d: PartialDate | None) -> date | None:
    if d is None or d.year is None or not d.month or not d.day:
        return None
    try:
        return date(d.year, d.month, d.day)
    except ValueError:  # (the reader reports an impossible date as T106)
        return None


@rule("T702")
def rating_date_incomplete(t: Tournament) -> Iterator[Diagnostic]:
    """A date the reader could not read at all is its T106; here the readable but partial
    ones, and TRF-2026's fixed form."""
    trf26 = t.source.format == "trf" and t.source.edition == "trf26"
    for code, d in (("042", t.header.start_date), ("052", t.header.end_date)):
        if d is None or d.year is None:
            continue
        record = t.header.first(code)
        if _day(d) is None:
            yield _record_at(
                "T702",
                f"{code} {d.raw.strip()!r} is not a complete date (year, month, day)",
                record,
            )
        elif trf26 and not _TRF26_DATE.fullmatch(d.raw.strip()):
            yield _record_at(
                "T702", f"{code} {d.raw.strip()!r}: TRF-2026 writes dates as YYYY/MM/DD", record
            )


@rule("T703")
def platform_in_header(t: Tournament) -> Iterator[Diagnostic]:
    header = t.header
    for code, what, text in (
        ("022", "city", header.city),
        ("032", "federation", header.federation),
        ("102", "chief arbiter", header.chief_arbiter),
    ):
        if text.strip() and is_platform(text, place=code == "022"):
            yield _record_at(
                "T703",
                f"{code} ({what}) holds {text.strip()[:60]!r}, a web address or platform name",
                header.first(code),
            )


@rule("T704")
def unknown_event_federation(t: Tournament) -> Iterator[Diagnostic]:
    code = t.header.federation.strip()
    if code and not is_platform(code) and code.upper() not in FEDERATIONS:
        yield _record_at(
            "T704", f"032 {code[:20]!r} is not a FIDE federation code", t.header.first("032")
        )


@rule("T707")
def chief_arbiter_without_fide_id(t: Tournament) -> Iterator[Diagnostic]:
    """Only a number: the arbiter's name and title are personal data, not echoed."""
    text = t.header.chief_arbiter
    if text.strip() and not is_platform(text) and not _FIDE_ID.search(text):
        yield _record_at(
            "T707", "102 names the chief arbiter without a FIDE id", t.header.first("102")
        )


def _months(start: date, end: date) -> list[str]:
    """Every rating period (calendar month) from ``start`` to ``end``, as ``YYYY-MM``."""
    out, year, month = [], start.year, start.month
    while (year, month) <= (end.year, end.month):
        out.append(f"{year:04d}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return out


def _rounds_by_period(dates: tuple[PartialDate | None, ...]) -> str:
    """``rounds 1-2 in 2010-09, 3 in 2010-10``: the 132 dates grouped by month ("" without)."""
    groups: list[tuple[str, int, int]] = []  # (period, first round, last round)
    for number, d in enumerate(dates, 1):
        day = _day(d)
        if day is None:
            continue
        period = f"{day.year:04d}-{day.month:02d}"
        if groups and groups[-1][0] == period:
            groups[-1] = (period, groups[-1][1], number)
        else:
            groups.append((period, number, number))
    if len(groups) < 2:
        return ""
    parts = [f"{a}-{b} in {period}" if a != b else f"{a} in {period}" for period, a, b in groups]
    return "; 132 dates rounds " + ", ".join(parts)


@rule("T709")
def one_rating_across_periods(t: Tournament) -> Iterator[Diagnostic]:
    """FIDE rates a game with the list in force when it was played; a report of more than
    30 days over several monthly lists cannot say which rating each game used: TRF16 and
    TRF-2026 alike have one rating column (49-52) and no per-period record (TRF.md §4.1,
    §6.4)."""
    start, end = _day(t.header.start_date), _day(t.header.end_date)
    if start is None or end is None or end < start:
        return  # (T702, or T204 for an end before the start)
    days = (end - start).days + 1
    months = _months(start, end)
    if days <= LONGEST_ONE_LIST_EVENT or len(months) < 2:
        return
    yield _record_at(
        "T709",
        f"the event lasts {days} days ({start.isoformat()} to {end.isoformat()}) over "
        f"{len(months)} rating periods ({months[0]} to {months[-1]}), but the file holds "
        f"one rating per player{_rounds_by_period(t.header.round_dates)}",
        t.header.first("052"),
    )


@rule("T710")
def time_control_unreadable(t: Tournament) -> Iterator[Diagnostic]:
    text = t.header.time_control.strip()
    if text and not any(c.isdigit() for c in text):
        yield _record_at(
            "T710", f"122 {text[:40]!r} names no time (minutes or seconds)", t.header.first("122")
        )
