"""The verdict on a file (clean, warnings or errors) and its badge, with the counts per code."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...diagnostics import Diagnostic, Severity
from .markup import CLEAN_SYMBOL, SYMBOLS, severity_mark, text

__all__ = ["Verdict", "badge", "code_table", "verdict"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """``word`` is ``errors`` when any diagnostic is an error, else ``warnings`` when any is
    a warning, else ``clean`` (infos are notes: a file with only infos is clean).
    ``counts`` per severity value; ``by_code`` is (code, name, severity, count), by code."""

    word: str
    counts: dict[str, int]
    by_code: tuple[tuple[str, str, Severity, int], ...]


def verdict(diagnostics: Sequence[Diagnostic]) -> Verdict:
    """The verdict on a file whose problems are ``diagnostics``."""
    counts = {sev.value: sum(d.severity is sev for d in diagnostics) for sev in Severity}
    word = "errors" if counts["error"] else "warnings" if counts["warning"] else "clean"
    per_code = Counter(d.code for d in diagnostics)
    first = {d.code: d for d in reversed(diagnostics)}
    rows = tuple(
        (code, first[code].name, first[code].severity, per_code[code]) for code in sorted(per_code)
    )
    return Verdict(word, counts, rows)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 or word == 'info' else 's'}"


def badge(v: Verdict) -> str:
    """``✖ errors: 2 errors, 1 warning, 1 info`` as a badge coloured by the verdict."""
    symbol = {
        "errors": SYMBOLS[Severity.ERROR],
        "warnings": SYMBOLS[Severity.WARNING],
        "clean": CLEAN_SYMBOL,
    }[v.word]
    counts = ", ".join(_plural(v.counts[s.value], s.value) for s in Severity)
    return (
        f'<span class="verdict verdict-{v.word}"><span class="sym" aria-hidden="true">'
        f"{symbol}</span> <strong>{v.word}</strong>: {counts}</span>"
    )


def code_table(v: Verdict) -> str:
    """The count of each code found, as a table (nothing when the file is clean of all)."""
    if not v.by_code:
        return ""
    rows = "".join(
        f"<tr><td><code>{text(code)}</code></td><td>{text(name)}</td>"
        f'<td data-sort="{sev.rank}">{severity_mark(sev)}</td><td class="num">{count}</td></tr>'
        for code, name, sev, count in v.by_code
    )
    return (
        '<table class="codes sortable"><caption>Problems per code</caption><thead><tr>'
        '<th scope="col" tabindex="0">code</th><th scope="col" tabindex="0">name</th>'
        '<th scope="col" tabindex="0">severity</th><th scope="col" tabindex="0">count</th>'
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )
