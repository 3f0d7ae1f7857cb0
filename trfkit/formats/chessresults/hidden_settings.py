"""Tie-break settings an older chess-results legend does not print.

Swiss-Manager before its 2023 tie-breaks printed a variable Buchholz as "Buchholz
Tie-Breaks (variabel with parameter)" whatever its cuts: TB1 is often Buchholz Cut1
and TB2 the plain Buchholz, both under that one text. Read as plain ``BH`` every
value of the cut column would be "wrong" (T503) although Swiss-Manager was right. The
page does print the values, so the variant is settled by them: each candidate cut is
computed and the first one that reproduces every declared value of the column is
taken (T634 says which). When none does, the column stays plain and T635 warns that
its settings are unknown, so a T503 on it is read with that in mind.
"""

from __future__ import annotations

from typing import Final

from ...model import Tournament
from ...precision import agrees
from ..export_fields import Findings

__all__ = ["settle_hidden", "CANDIDATES"]

#: The variants tried for a code whose settings are hidden, plain first.
CANDIDATES: Final = ("", "/C1", "/M1", "/C2", "/M2")


def _with(code: str, modifier: str) -> str:
    """``ARO/U1400`` + ``/C1`` -> ``ARO/C1/U1400`` (the cut right after the name)."""
    name, _, rest = code.partition("/")
    return name + modifier + ("/" + rest if rest else "")


def settle_hidden(
    t: Tournament, codes: dict[int, str], hidden: set[int], b: Findings
) -> dict[int, str]:
    """``codes`` with each hidden column's code replaced by the variant its declared
    values match; diagnostics for every hidden column."""
    settled = dict(codes)
    for number in sorted(hidden):
        code = codes[number]
        declared = {
            p.start: d
            for p in t.players
            for d in p.declared
            if d.code == code and _number(d.slot) == number
        }
        variants = [_with(code, m) for m in CANDIDATES]
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
        if chosen is None:
            why = (
                "the page shows no values to tell the variant"
                if not declared
                else "the page shows no results to recompute its values from"
                if not results
                else "no variant of " + ", ".join(variants) + " reproduces the page's values"
            )
            b.add(
                "T635",
                f"tie-break {number} ({code}): the legend does not show its settings "
                f"(cuts) and {why}; read as {code}",
            )
            continue
        settled[number] = chosen
        b.add(
            "T634",
            f"tie-break {number}: the legend does not show its settings; the page's "
            f"values are those of {chosen}, which is used for it",
        )
    return settled


def _values(t: Tournament, variants: list[str]) -> dict[str, dict[int, float | None]]:
    """variant -> start number -> computed value, under the rules of the event's date;
    a variant the engine refuses is left out (all at once first: one run is cheaper)."""
    from ...tiebreaks import CodeError, UnknownTieBreak, compute, parse

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


def _number(slot: str) -> int | None:
    digits = "".join(c for c in slot if c.isdecimal())
    return int(digits) if digits else None


def _matches(computed: float | None, declared: float | None, raw: str) -> bool:
    return computed is not None and declared is not None and agrees(declared, computed, raw)
