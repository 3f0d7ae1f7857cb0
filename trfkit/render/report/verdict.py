"""The verdict on a file (clean, warnings or errors) and its badge, with the counts per code."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...diagnostics import Diagnostic, Severity
from ...i18n import DEFAULT, Translator
from .markup import CLEAN_SYMBOL, ENGLISH, SYMBOLS, severity_mark, text

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


def _plural(n: int, word: str, tr: Translator) -> str:
    if tr.lang != DEFAULT:  # "ошибок: 2": one form for every number
        return tr.gettext("{word}: {n}").format(word=tr.pgettext("count", word), n=n)
    return f"{n} {word}{'' if n == 1 or word == 'info' else 's'}"


def badge(v: Verdict, tr: Translator = ENGLISH) -> str:
    """``✖ errors: 2 errors, 1 warning, 1 info`` as a badge coloured by the verdict."""
    symbol = {
        "errors": SYMBOLS[Severity.ERROR],
        "warnings": SYMBOLS[Severity.WARNING],
        "clean": CLEAN_SYMBOL,
    }[v.word]
    counts = ", ".join(_plural(v.counts[s.value], s.value, tr) for s in Severity)
    word = v.word if tr.lang == DEFAULT else tr.pgettext("verdict", v.word)
    return (
        f'<span class="verdict verdict-{v.word}"><span class="sym" aria-hidden="true">'
        f"{symbol}</span> <strong>{word}</strong>: {counts}</span>"
    )


def code_table(v: Verdict, tr: Translator = ENGLISH) -> str:
    """The count of each code found, as a table (nothing when the file is clean of all)."""
    if not v.by_code:
        return ""
    _ = tr.gettext
    mark = severity_mark if tr.lang == DEFAULT else (lambda sev: severity_mark(sev, tr))
    named = text if tr.lang == DEFAULT else (lambda name: f'<span lang="en">{text(name)}</span>')
    rows = "".join(
        f"<tr><td><code>{text(code)}</code></td><td>{named(name)}</td>"
        f'<td data-sort="{sev.rank}">{mark(sev)}</td><td class="num">{count}</td></tr>'
        for code, name, sev, count in v.by_code
    )
    heads = "".join(
        f'<th scope="col" tabindex="0">{_(word)}</th>'
        for word in ("code", "name", "severity", "count")
    )
    return (
        f'<table class="codes sortable"><caption>{_("Problems per code")}</caption><thead><tr>'
        f"{heads}</tr></thead><tbody>{rows}</tbody></table>"
    )
