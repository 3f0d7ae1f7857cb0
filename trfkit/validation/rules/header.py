"""T2xx: the header (``??2`` records, ``XXR``) against itself and against the player list.

Header counts are written by hand or by a program at a different moment than the
player lines, so they drift; these rules compare each declared number or date with
what the file actually holds and point at the record that declares it.
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import attrgetter
from typing import Final

from ...diagnostics import Diagnostic, make
from ...model import HeaderRecord, PartialDate, Tournament
from .. import locate
from ..registry import rule

#: 192 code words both public parsers accept (TRF.md §3.3); ``CUSTOM_…`` is always allowed.
KNOWN_TYPES: Final = frozenset(
    {
        "FIDE_DUTCH_2025",
        "FIDE_DUTCH",
        "FIDE_DUTCH_2017",
        "FIDE_DUTCH_2025_BAKU",
        "FIDE_DUTCH_BAKU",
        "FIDE_DUTCH_2017_BAKU",
        "FIDE_DUBOV",
        "FIDE_BURSTEIN",
        "FIDE_BURSTEIN_BAKU",
        "FIDE_DOUBLESWISS",
        "BERGER_ROUNDROBIN",
        "FIDE_ROUNDROBIN",
        "FIDE_DOUBLEROUNDROBIN",
        "FIDE_SCHILLER",
        "FIDE_SCHEVENINGEN",
        "FIDE_TEAM_TYPEA_MP_GP",
        "FIDE_TEAM_MP_GP_BAKU",
        "FIDE_TEAM",
        "FIDE_TEAM_GP_MP",
        "FIDE_TEAM_MP_GP",
        "FIDE_TEAM_BAKU",
    }
)

_RESULTS = attrgetter("results")
_RATING = attrgetter("rating")


def _record_at(
    code: str, message: str, record: HeaderRecord | None, span: locate.Span | None = None
) -> Diagnostic:
    """At the value of ``record``, or 1:1 when the file has no such record."""
    if record is None or not record.line:
        return make(code, message, 1, 1)
    return locate.at(code, message, record.line, span or locate.value(record))


@rule("T201")
def missing_tournament_name(t: Tournament) -> Iterator[Diagnostic]:
    """Rating officers identify a report by its 012 name; an unnamed report gets lost."""
    if not t.header.name.strip():
        record = t.header.first("012")
        yield _record_at(
            "T201", "the tournament has no name (record 012 is missing or empty)", record, (1, 3)
        )


@rule("T202")
def player_count_mismatch(t: Tournament) -> Iterator[Diagnostic]:
    declared = t.header.players_declared
    if declared is not None and declared != len(t.players):
        yield _record_at(
            "T202",
            f"062 declares {declared} players but the file has "
            f"{len(t.players)} player records (001)",
            t.header.first("062"),
        )


@rule("T203")
def rated_count_mismatch(t: Tournament) -> Iterator[Diagnostic]:
    declared = t.header.rated_declared
    rated = len(list(filter(None, map(_RATING, t.players))))
    if declared is not None and declared != rated:
        yield _record_at(
            "T203",
            f"072 declares {declared} rated players but {rated} players have a rating",
            t.header.first("072"),
        )


def _day(date: PartialDate | None) -> tuple[int, int, int] | None:
    """A comparable day, or None when the date is not complete."""
    if date is None or date.year is None or not date.month or not date.day:
        return None
    return (date.year, date.month, date.day)


@rule("T204")
def dates_out_of_order(t: Tournament) -> Iterator[Diagnostic]:
    """Start ≤ every round date ≤ end, and round dates never go backwards."""
    header = t.header
    start, end = _day(header.start_date), _day(header.end_date)
    if start and end and end < start:
        yield _record_at(
            "T204",
            f"the end date {header.end_date.iso if header.end_date else ''} "
            f"is before the start date "
            f"{header.start_date.iso if header.start_date else ''}",
            header.first("052"),
        )
    record = header.first("132")
    previous: tuple[int, tuple[int, int, int]] | None = None
    for number, date in enumerate(header.round_dates, 1):
        day = _day(date)
        if day is None or date is None:
            continue
        span = locate.block(number)
        if previous is not None and day < previous[1]:
            yield _record_at(
                "T204",
                f"round {number} is dated {date.iso}, before round {previous[0]}",
                record,
                span,
            )
        elif start and day < start:
            yield _record_at(
                "T204",
                f"round {number} is dated {date.iso}, before the start date (042)",
                record,
                span,
            )
        elif end and day > end:
            yield _record_at(
                "T204",
                f"round {number} is dated {date.iso}, after the end date (052)",
                record,
                span,
            )
        previous = (number, day)


def _first_block_after(t: Tournament, declared: int) -> tuple[int, int, int] | None:
    """(player index, line, round) of the first non-empty block beyond round ``declared``."""
    if max(map(len, map(_RESULTS, t.players)), default=0) <= declared:
        return None  # no player has a block beyond it (the usual case)
    for index, player in enumerate(t.players):
        for number in range(declared + 1, len(player.results) + 1):
            if not player.is_empty_round(number - 1):
                return index, player.line, number
    return None


def _count(record: HeaderRecord) -> int | None:
    text = record.value.strip()
    return int(text) if text.isascii() and text.isdigit() else None  # "³".isdigit() is True


@rule("T205")
def round_count_mismatch(t: Tournament) -> Iterator[Diagnostic]:
    """Blocks beyond the declared rounds, or a 132 dating more rounds than declared.

    Fewer played rounds than declared is a tournament in progress, and a 132 that
    dates only some rounds is common (O), so neither is reported.
    """
    header = t.header
    declared = header.rounds
    declaring = header.first("142") or header.first("XXR")
    if declared:
        beyond = _first_block_after(t, declared)
        if beyond is not None:
            index, line, number = beyond
            other = (
                locate.related(declaring.line, locate.value(declaring))
                if declaring is not None and declaring.line
                else None
            )
            yield locate.at(
                "T205",
                f"round {number} has data but the file declares "
                f"{declared} rounds ({declaring.code if declaring else '142'})",
                line,
                locate.block(number),
                other=other,
                model_path=locate.player_path(index, number),
            )
    official, engine = header.first("142"), header.first("XXR")
    if official is not None and engine is not None:
        a, b = _count(official), _count(engine)
        if a is not None and b is not None and a != b:
            yield locate.at(
                "T205",
                f"XXR declares {b} rounds but 142 declares {a}",
                engine.line,
                locate.value(engine),
                other=locate.related(official.line, locate.value(official)),
            )
    dated = sum(1 for d in header.round_dates if d is not None and d.year is not None)
    if declared and dated > declared:
        yield _record_at(
            "T205",
            f"132 dates {dated} rounds but the file declares {declared}",
            header.first("132"),
        )


@rule("T206")
def unknown_tournament_type(t: Tournament) -> Iterator[Diagnostic]:
    code = t.header.type_code.strip()
    if code and code.upper() not in KNOWN_TYPES and not code.upper().startswith("CUSTOM_"):
        yield _record_at(
            "T206",
            f"192 holds {code!r}, which is not a known tournament type",
            t.header.first("192"),
        )
