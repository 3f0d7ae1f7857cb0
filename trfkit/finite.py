"""Numbers every output can hold: no NaN, no infinity, no absurd magnitude.

JSON has no ``NaN`` or ``Infinity``, and the published schemas want a number where
the model has one. A file can still bring such numbers in: a scoring value of 400
digits reads as an infinite float (and ``inf * 0`` is NaN in a Sonneborn-Berger
product), ``nan`` fits the four columns of a TRF points field, a JSON document may
write ``1e400``. :func:`unusable_numbers` finds them right after reading (every
reader), reports each as T103 at its line and puts a usable value in its place, so
that nothing downstream computes with them. :func:`dumps` is the one JSON writer of
the commands: strict (``allow_nan=False``), so an output can never carry what the
format forbids; :func:`finite_or_none` is the last guard for computed values.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import fields, replace
from typing import Any, Final

from .diagnostics import Diagnostic, make
from .model import DEFAULT_MATCH_SCORING, Player, ScoringSystem, Tournament

__all__ = ["MAX_NUMBER", "MAX_RATING", "dumps", "finite_or_none", "unusable_numbers"]

#: The largest magnitude a number read from a file may have: far above any points,
#: match points or tie-break value of a real event, and small enough that sums and
#: products over 9999 players and 999 rounds stay finite floats.
MAX_NUMBER: Final = 1_000_000.0

#: The largest magnitude of a rating: every integer up to it is a float exactly, so
#: rating tie-breaks (averages, performance) compute with it; beyond, one is unrated.
MAX_RATING: Final = 2**53

#: Model parts that hold no numbers worth checking (kept verbatim or text only).
_SKIP: Final = frozenset(
    {
        "records",
        "rounds",
        "extra",
        "source",
        "start_date",
        "end_date",
        "round_dates",
        "birth",
        "national",
    }
)


#: What :func:`unusable_numbers` leaves out of its walk over the tournament's own fields.
_SKIP_TOURNAMENT: Final = _SKIP | {"header", "players"}


def _usable(value: float) -> bool:
    return math.isfinite(value) and abs(value) <= MAX_NUMBER


def finite_or_none(value: float | None) -> float | None:
    """``value``, or None when it is not a finite number (JSON ``null``: undefined)."""
    if value is None or math.isfinite(value):
        return value
    return None


def dumps(data: Any, *, indent: int | None = 2, finite: bool = False) -> str:
    """``data`` as strict JSON text (non-ASCII kept, final newline): ``NaN`` or an
    infinity is a ``ValueError`` here, never a document no JSON parser accepts.
    ``finite=True``: the caller passed every computed number through
    :func:`finite_or_none`, so a faster encoder may write it (see :mod:`trfkit.jsontext`)."""
    if indent is not None:  # json.dumps's own text, laid out by its C encoder
        from .jsontext import indented  # JSON outputs only

        return indented(data, indent, finite=finite) + "\n"
    import json  # only JSON outputs need it: reading a file does not

    return json.dumps(data, ensure_ascii=False, allow_nan=False) + "\n"


def _scoring_line(t: Tournament, match: bool) -> int:
    codes = ("362",) if match else ("162", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")
    return next((r.line for r in t.header.records if r.code in codes), 1)


def _fixed(
    obj: Any,
    where: str,
    line: int,
    defaults: Any,
    found: list[Diagnostic],
    skip: frozenset[str] = _SKIP,
) -> Any:
    """``obj`` (a model dataclass) with every unusable float replaced: by the field of
    ``defaults`` when given (a scoring system), else None; tuples of floats get 0.
    The fields named in ``skip`` are left as they are."""
    changes: dict[str, Any] = {}
    line = getattr(obj, "line", 0) or line
    for f in fields(type(obj)):
        if f.name in skip:
            continue
        value = getattr(obj, f.name)
        if isinstance(value, float) and not _usable(value):
            new = getattr(defaults, f.name) if defaults is not None else None
            changes[f.name] = new
            found.append(_report(f"{where}{f.name}", value, new, line))
        elif isinstance(value, tuple) and value and isinstance(value[0], float):
            if not all(map(_usable, value)):
                changes[f.name] = tuple(v if _usable(v) else 0.0 for v in value)
                bad = next(v for v in value if not _usable(v))
                found.append(_report(f"{where}{f.name}", bad, 0.0, line))
        elif isinstance(value, tuple) and value and hasattr(value[0], "__dataclass_fields__"):
            items = tuple(_fixed(v, where, line, None, found) for v in value)
            if any(a is not b for a, b in zip(items, value, strict=True)):
                changes[f.name] = items
    return replace(obj, **changes) if changes else obj


def _report(what: str, value: float, new: float | None, line: int) -> Diagnostic:
    shown = "none" if new is None else f"{new:g}"
    text = repr(value) if math.isfinite(value) else str(value)
    return make(
        "T103",
        f"{what.replace('_', ' ')} {text} is not a usable number (at most "
        f"{MAX_NUMBER:,.0f} either way); read as {shown}",
        line,
    )


def _players(t: Tournament, found: list[Diagnostic]) -> Iterator[Player]:
    for p in t.players:
        if p.start < 0:
            found.append(make("T103", f"start number {p.start} is below 0; read as 0", p.line or 1))
            p = replace(p, start=0)
        if p.rating is not None and not -MAX_RATING <= p.rating <= MAX_RATING:
            # a rating no float holds (a JSON integer of 400 digits) ends rating tie-breaks
            digits = len(str(abs(p.rating)))
            found.append(
                make(
                    "T103",
                    f"player {p.start}: a rating of {digits} digits is not a "
                    "usable number; read as unrated",
                    p.line or 1,
                )
            )
            p = replace(p, rating=None)
        usable = p.points is None or _usable(p.points)
        if usable and all(d.value is None or _usable(d.value) for d in p.declared):
            yield p
        else:
            yield _fixed(p, f"player {p.start}: ", p.line or 1, None, found)


def unusable_numbers(t: Tournament) -> tuple[Tournament, list[Diagnostic]] | None:
    """``t`` with every unusable number replaced and one T103 for each, or None when
    ``t`` has none (the usual case: nothing copied)."""
    found: list[Diagnostic] = []
    header = t.header
    scoring = _fixed(
        header.scoring, "scoring value ", _scoring_line(t, False), ScoringSystem(), found
    )
    match = header.match_scoring
    if match is not None:
        line = _scoring_line(t, True)
        match = _fixed(match, "match scoring value ", line, DEFAULT_MATCH_SCORING, found)
    players = tuple(_players(t, found))
    others = _fixed(t, "", 1, None, found, _SKIP_TOURNAMENT)  # (header, players: above)
    if not found:
        return None
    header = replace(header, scoring=scoring, match_scoring=match)
    return replace(others, header=header, players=players, source=t.source), found
