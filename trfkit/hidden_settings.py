"""Tie-break settings an older chess-results legend does not print, settled on loading.

Swiss-Manager before its 2023 tie-breaks printed a variable Buchholz as "Buchholz
Tie-Breaks (variabel with parameter)" whatever its cuts: TB1 is often Buchholz Cut1
and TB2 the plain Buchholz, both under that one text. Read as plain ``BH`` every
value of the cut column would be "wrong" (T503) although Swiss-Manager was right. The
page does print the values, so the variant is settled by them: each candidate cut is
computed and the first one that reproduces every declared value of the column is
taken (T634 says which). When none does, the column stays plain and T635 warns that
its settings are unknown, so a T503 on it is read with that in mind.

The reader (:mod:`trfkit.formats.chessresults.table`) computes no tie-break: it reads
such a column as the plain code and lists its variants in
:attr:`~trfkit.document.Document.undecided`; :func:`settle` runs on the load path
(:mod:`trfkit.reading`), above both the readers and the tie-breaks.
"""

from __future__ import annotations

from dataclasses import replace

from .diagnostics import Diagnostic, make
from .document import Document, UndecidedColumn
from .model import DeclaredValue, Tournament
from .precision import agrees
from .tiebreak_codes import trf_spelling
from .tiebreaks import CodeError, UnknownTieBreak, compute, parse

__all__ = ["settle"]


def settle(doc: Document) -> Document:
    """``doc`` with each undecided column read as the variant its declared values match,
    and a T634 (settled) or T635 (not) for each; ``doc`` itself when none is undecided."""
    if not doc.undecided:
        return doc
    t = doc.tournament
    found: list[Diagnostic] = []
    chosen: dict[tuple[str, int | None], str] = {}  # (code, column) -> the variant taken
    tiebreaks = list(t.header.tiebreaks)
    for column in sorted(doc.undecided, key=lambda u: u.column):
        variant = _variant(t, column, found)
        if variant is not None:
            chosen[column.code, column.column] = variant
            tiebreaks[column.listed_at] = trf_spelling(variant)
    if chosen:
        players = tuple(
            replace(p, declared=tuple(_renamed(d, chosen) for d in p.declared))
            if any((d.code, _number(d.slot)) in chosen for d in p.declared)
            else p
            for p in t.players
        )
        header = replace(t.header, tiebreaks=tuple(tiebreaks))
        t = replace(t, header=header, players=players)
    return replace(doc, tournament=t, diagnostics=(*doc.diagnostics, *found), undecided=())


def _variant(t: Tournament, column: UndecidedColumn, found: list[Diagnostic]) -> str | None:
    """The variant of ``column`` the page's values are those of (T634), or None (T635)."""
    number, code, variants = column.column, column.code, list(column.variants)
    declared = {
        p.start: d
        for p in t.players
        for d in p.declared
        if d.code == code and _number(d.slot) == number
    }
    chosen = None
    results = any(p.results for p in t.players)
    if declared and results:
        values = _values(t, variants)
        chosen = next(
            (
                v
                for v in variants
                if v in values
                and all(_matches(values[v].get(s), d.value, d.raw) for s, d in declared.items())
            ),
            None,
        )
    path = t.source.path
    if chosen is None:
        why = (
            "the page shows no values to tell the variant"
            if not declared
            else "the page shows no results to recompute its values from"
            if not results
            else "no variant of " + ", ".join(variants) + " reproduces the page's values"
        )
        found.append(
            make(
                "T635",
                f"tie-break {number} ({code}): the legend does not show its settings "
                f"(cuts) and {why}; read as {code}",
                file=path,
            )
        )
        return None
    found.append(
        make(
            "T634",
            f"tie-break {number}: the legend does not show its settings; the page's "
            f"values are those of {chosen}, which is used for it",
            file=path,
        )
    )
    return chosen


def _values(t: Tournament, variants: list[str]) -> dict[str, dict[int, float | None]]:
    """variant -> start number -> computed value, under the rules of the event's date;
    a variant the engine refuses is left out (all at once first: one run is cheaper)."""
    out: dict[str, dict[int, float | None]] = {}
    for batch in ([variants], [[v] for v in variants]):
        for group in batch:
            try:
                standings = compute(t, group, rules="auto")
            except (CodeError, UnknownTieBreak):
                continue
            for v in group:
                label = str(parse(v))
                out[v] = {row.start: row.values.get(label) for row in standings.rows}
        if out:
            return out
    return out


def _renamed(d: DeclaredValue, chosen: dict[tuple[str, int | None], str]) -> DeclaredValue:
    variant = chosen.get((d.code, _number(d.slot)))
    return d if variant is None else replace(d, code=variant)


def _number(slot: str) -> int | None:
    digits = "".join(c for c in slot if c.isdecimal())
    return int(digits) if digits else None


def _matches(computed: float | None, declared: float | None, raw: str) -> bool:
    return computed is not None and declared is not None and agrees(declared, computed, raw)
