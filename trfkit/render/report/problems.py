"""The list of every problem found, in file order: readable without script and in print,
each item linking to its line in the grid (and to the related line)."""

from __future__ import annotations

from collections.abc import Sequence

from ...diagnostics import Diagnostic
from ...i18n import DEFAULT, Translator
from .markup import ENGLISH, english, help_of, severity_mark, text
from .source import is_placed, where

__all__ = ["NOTE", "problems_section"]

#: Said on a page in another language than English, above the problems.
NOTE = (
    "The problems' messages and hints are in English, as trfkit check prints them; "
    "their codes are stable."
)


def _place(line: int, column: int, end_column: int | None, drawn: bool, tr: Translator) -> str:
    place = where(line, column, end_column, tr)
    return f'<a href="#L{line}">{place}</a>' if drawn else place


def _item(k: int, d: Diagnostic, count: int, tr: Translator) -> str:
    _ = tr.gettext
    if is_placed(d, count):
        place = _place(d.line, d.column, d.end_column, True, tr)
    elif d.line == 1 and d.column == 1 and d.end_column is None:
        place = _("the whole file")
    else:
        place = where(d.line, d.column, d.end_column, tr)
    mark = severity_mark(d.severity) if tr.lang == DEFAULT else severity_mark(d.severity, tr)
    parts = [
        f'<li id="m{k}" class="problem sev-{d.severity.value}">{mark} '
        f'<code>{text(d.code)}</code> <span class="name">{english(text(d.name), tr)}</span>, {place}: '
        f"{english(text(d.message), tr)}"
    ]
    hint = help_of(d)
    if hint:
        parts.append(f' <span class="hint">{_("Help:")} {english(text(hint), tr)}</span>')
    r = d.related
    if r is not None:
        drawn = r.file in ("", d.file) and 1 <= r.line <= count
        parts.append(
            f' <span class="related">{_("Related:")} '
            f"{_place(r.line, r.column, r.end_column, drawn, tr)}</span>"
        )
    parts.append("</li>")
    return "".join(parts)


def problems_section(
    diagnostics: Sequence[Diagnostic], count: int, tr: Translator = ENGLISH
) -> str:
    """``<section id="problems">``: ``diagnostics`` (the page's order; item ``m{k}`` is the
    k-th), placed in a file of ``count`` lines (0: not a text file). The words are in the
    language of ``tr``; the messages and hints stay English, as ``check`` prints them
    (marked ``lang="en"`` on a page in another language, which says so in a note)."""
    _ = tr.gettext
    head = f'<section id="problems" class="problems"><h2>{_("Problems")}</h2>'
    if not diagnostics:
        return f"{head}<p>{_('None: the file is clean.')}</p></section>\n"
    note = "" if tr.lang == DEFAULT else f'<p class="section-note">{_(NOTE)}</p>'
    items = "\n".join(_item(k, d, count, tr) for k, d in enumerate(diagnostics, 1))
    return f"{head}{note}<ol>\n{items}\n</ol></section>\n"
