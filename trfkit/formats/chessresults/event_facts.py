"""Event facts a chess-results page prints around its table, and what its table lacks.

The page's event table ("Date 2026/08/01 to 2026/08/09", "Organizer(s) ...") is the
only place a saved crosstable states when the event was played: without it
``--rules auto`` would take today's rules for a 2021 event. The labels are looked up
in :mod:`.words` (every page language); the dates are read by the TRF date reader,
day first, as chess-results writes them outside English.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

from ...model import PartialDate, Tournament
from ..export_fields import Findings, public_text
from ..trf.dates import parse_date
from .words import date_label, organiser_label

__all__ = ["event_facts", "ratings_missing", "RATED"]

_DATE: Final = re.compile(r"\d{4}[/.\-]\d{1,2}[/.\-]\d{1,2}|\d{1,2}[/.\-]\d{1,2}[/.\-]\d{4}")

#: Tie-breaks computed from ratings: a page without a rating column cannot give them.
RATED: Final = frozenset({"ARO", "APRO", "TPR", "PTP", "APPO", "AROC"})


def _dates(text: str) -> list[PartialDate]:
    found = []
    for token in _DATE.findall(text):
        date, problem = parse_date(token)
        if date is not None and problem is None and date.day:
            found.append(date)
    return found


def event_facts(facts: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """Header fields from the page's label/value pairs: the first and last date of the
    "Date" row (one date is both) and the organiser (unless it looks private)."""
    out: dict[str, Any] = {}
    for label, value in facts:
        if date_label(label) and "start_date" not in out:
            dates = _dates(value)
            if dates:
                out["start_date"], out["end_date"] = dates[0], dates[-1]
        elif organiser_label(label) and "organiser" not in out:
            organiser = public_text(value)
            if organiser:
                out["organiser"] = organiser
    return out


def ratings_missing(t: Tournament, codes: dict[int, str], b: Findings, line: int) -> None:
    """T636 when the page's first tie-break is computed from ratings and the page has
    none: the standings trfkit computes then cannot follow the page's order, which an
    arbiter must be told before reading them (not an info among many)."""
    listed = [codes[i] for i in sorted(codes) if codes[i] not in ("PTS", "MPTS")]
    if not listed or listed[0].split("/")[0] not in RATED:
        return
    if any(p.rating for p in t.players):
        return
    b.add(
        "T636",
        f"the first tie-break, {listed[0]}, needs ratings and this page shows none "
        "(save the page with the rating column): the standings computed from it "
        "cannot follow the page's order",
        line,
    )
