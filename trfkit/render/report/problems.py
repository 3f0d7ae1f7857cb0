"""The list of every problem found, in file order: readable without script and in print,
each item linking to its line in the grid (and to the related line)."""

from __future__ import annotations

from collections.abc import Sequence

from ...diagnostics import Diagnostic
from .markup import help_of, severity_mark, text
from .source import is_placed, where

__all__ = ["problems_section"]


def _place(line: int, column: int, end_column: int | None, drawn: bool) -> str:
    place = where(line, column, end_column)
    return f'<a href="#L{line}">{place}</a>' if drawn else place


def _item(k: int, d: Diagnostic, count: int) -> str:
    if is_placed(d, count):
        place = _place(d.line, d.column, d.end_column, True)
    elif d.line == 1 and d.column == 1 and d.end_column is None:
        place = "the whole file"
    else:
        place = where(d.line, d.column, d.end_column)
    parts = [
        f'<li id="m{k}" class="problem sev-{d.severity.value}">{severity_mark(d.severity)} '
        f'<code>{text(d.code)}</code> <span class="name">{text(d.name)}</span>, {place}: '
        f"{text(d.message)}"
    ]
    hint = help_of(d)
    if hint:
        parts.append(f' <span class="hint">Help: {text(hint)}</span>')
    r = d.related
    if r is not None:
        drawn = r.file in ("", d.file) and 1 <= r.line <= count
        parts.append(
            f' <span class="related">Related: {_place(r.line, r.column, r.end_column, drawn)}'
            "</span>"
        )
    parts.append("</li>")
    return "".join(parts)


def problems_section(diagnostics: Sequence[Diagnostic], count: int) -> str:
    """``<section id="problems">``: ``diagnostics`` (the page's order; item ``m{k}`` is the
    k-th), placed in a file of ``count`` lines (0: not a text file)."""
    head = '<section id="problems" class="problems"><h2>Problems</h2>'
    if not diagnostics:
        return f"{head}<p>None: the file is clean.</p></section>\n"
    items = "\n".join(_item(k, d, count) for k, d in enumerate(diagnostics, 1))
    return f"{head}<ol>\n{items}\n</ol></section>\n"
