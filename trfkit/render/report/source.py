"""The file itself in a fixed-width grid, with every diagnosed field marked in place.

The grid is two ``<pre>`` blocks side by side: the line numbers and the lines. Only the
fields diagnostics point at (a :class:`~trfkit.diagnostics.Diagnostic`'s line and column
span, and its ``related`` location) become elements, so a clean 2000-line file is two
text blocks and a broken one adds an element per marked field. A marked field carries
its diagnostics' numbers (``data-d``; a related field ``data-of``), the page's script
lights the related field on hover or focus, and the tip inside the mark (shown by CSS
on hover and keyboard focus, script or not) gives code, message, hint and the related
place. Overlapping fields are cut where they overlap, each piece naming every
diagnostic that covers it, so the markup nests properly whatever the spans.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from itertools import pairwise
from typing import Final

from ...diagnostics import Diagnostic, Location, Severity
from ...i18n import DEFAULT, Translator
from .markup import ENGLISH, SYMBOLS, help_of, text

__all__ = ["file_lines", "is_placed", "source_section", "where"]

#: Line ends as the readers count lines (a lone CR ends a line too).
_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")

#: How far past the end of its line a field may be shown as blanks (a missing field is
#: marked where it belongs; a column far beyond any record is listed, not drawn).
MAX_PAD: Final = 256

#: Characters shown one for one as a visible stand-in: the C0 controls (tab included: a
#: tab would take eight columns and shift the fields after it) as their control
#: pictures, DEL, the C1 controls, bidi overrides (which would reverse the line shown)
#: and lone surrogates (bytes the OS could not decode) as U+FFFD.
_SHOWN: Final = {
    **{code: 0x2400 + code for code in range(0x20)},
    0x7F: 0x2421,
    **{code: 0xFFFD for code in range(0x80, 0xA0)},
    **{code: 0xFFFD for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))},
    **{code: 0xFFFD for code in range(0xD800, 0xE000)},
}

_RANK: Final = {s: s.rank for s in Severity}


def file_lines(source: str) -> list[str]:
    """The lines of ``source`` as diagnostics number them (a final line end starts no line)."""
    lines = _LINE_BREAK.split(source)
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


def _file_level(d: Diagnostic) -> bool:
    """A problem of the whole file sits at 1:1 without a span: marking line 1 would mislead."""
    return d.line == 1 and d.column == 1 and d.end_column is None


def is_placed(d: Diagnostic, count: int) -> bool:
    """True when ``d`` points at one of the ``count`` lines of the file (it is drawn)."""
    return not _file_level(d) and 1 <= d.line <= count


def _span(column: int, end_column: int | None) -> tuple[int, int]:
    """0-based start and exclusive end of the columns ``column..end_column`` (at least one)."""
    end = end_column if end_column is not None and end_column >= column else column
    return column - 1, end


def where(line: int, column: int, end_column: int | None, tr: Translator = ENGLISH) -> str:
    """``line 14, column 112`` or ``line 14, columns 112-115`` (in the language of ``tr``)."""
    start, end = _span(column, end_column)
    if tr.lang != DEFAULT:
        _ = tr.gettext
        cols = (
            _("column {column}").format(column=column)
            if end - start == 1
            else _("columns {first}-{last}").format(first=column, last=end)
        )
        return _("line {line}, {columns}").format(line=line, columns=cols)
    cols = f"column {column}" if end - start == 1 else f"columns {column}-{end}"
    return f"line {line}, {cols}"


def _same_file(d: Diagnostic, related: Location) -> bool:
    return related.file in ("", d.file)


def _tip(k: int, d: Diagnostic) -> str:
    """One diagnostic in a field's tip: symbol, code, severity, place, message, hint, related."""
    parts = [
        f'<span class="tip-row"><b>{SYMBOLS[d.severity]} {text(d.code)}</b> '
        f"{d.severity.value} #{k}, {where(d.line, d.column, d.end_column)}: {text(d.message)}"
    ]
    hint = help_of(d)
    if hint:
        parts.append(f'<span class="tip-hint">{text(hint)}</span>')
    r = d.related
    if r is not None:
        place = where(r.line, r.column, r.end_column)
        parts.append(f'<span class="tip-rel">related: {place}</span>')
    parts.append("</span>")
    return "".join(parts)


#: The opening of a field's tip (a diagnostic, in English on every page).
_TIP_OPEN: Final = '<span class="tip" role="tooltip">'

#: A piece starting after this column opens its tip to the left (it would leave the page).
_TIP_LEFT: Final = 60


def _piece(
    chunk: str, own: list[int], of: list[int], diagnostics: Sequence[Diagnostic], start: int
) -> str:
    """The element of one piece of a line, from 0-based column ``start``, covered by
    diagnostics ``own`` (numbers, 1-based) and by the related fields of ``of``."""
    shown = html.escape(chunk)
    related = f' data-of="{" ".join(map(str, of))}"' if of else ""
    if not own:
        return f'<span class="rel"{related}>{shown}</span>'
    worst = max((diagnostics[k - 1].severity for k in own), key=_RANK.__getitem__)
    tips = "".join(_tip(k, diagnostics[k - 1]) for k in own)
    side = " tip-left" if start > _TIP_LEFT else ""
    return (
        f'<mark class="d sev-{worst.value}{side}" tabindex="0" data-d="{" ".join(map(str, own))}"'
        f"{related}>{shown}{_TIP_OPEN}{tips}</span></mark>"
    )


def _marked_line(
    line: str,
    spans: list[tuple[int, int, int, bool]],
    diagnostics: Sequence[Diagnostic],
) -> str:
    """``line`` with its ``spans`` (start, end, number, related?) as elements: the line is
    cut at every span boundary, and each piece is covered by the spans around it."""
    width = max(end for _, end, _, _ in spans)
    if width > len(line):  # a field past the end of the line: shown as blanks
        line = line + " " * (min(width, len(line) + MAX_PAD) - len(line))
    cuts = sorted({0, len(line), *(min(p, len(line)) for s, e, _, _ in spans for p in (s, e))})
    out: list[str] = []
    for a, b in pairwise(cuts):
        own = sorted({k for s, e, k, rel in spans if not rel and s <= a and b <= e})
        of = sorted({k for s, e, k, rel in spans if rel and s <= a and b <= e})
        chunk = line[a:b]
        out.append(_piece(chunk, own, of, diagnostics, a) if own or of else html.escape(chunk))
    return "".join(out)


def _spans(
    diagnostics: Sequence[Diagnostic], count: int
) -> dict[int, list[tuple[int, int, int, bool]]]:
    """Per line (1-based): the spans to mark, as (start, end, diagnostic number, related?)."""
    by_line: dict[int, list[tuple[int, int, int, bool]]] = {}
    for k, d in enumerate(diagnostics, 1):
        if not is_placed(d, count):
            continue
        by_line.setdefault(d.line, []).append((*_span(d.column, d.end_column), k, False))
        r = d.related
        if r is not None and _same_file(d, r) and 1 <= r.line <= count:
            by_line.setdefault(r.line, []).append((*_span(r.column, r.end_column), k, True))
    return by_line


def _gutter(count: int, worst: dict[int, Severity]) -> str:
    """The line numbers, each diagnosed line with the symbol of its worst diagnostic."""
    width = len(str(count))
    out: list[str] = []
    start = 1
    for n in sorted(worst):
        out.extend(f"{i:>{width}}  \n" for i in range(start, n))
        sev = worst[n]
        out.append(f'<span class="g-{sev.value}">{n:>{width}} {SYMBOLS[sev]}</span>\n')
        start = n + 1
    out.extend(f"{i:>{width}}  \n" for i in range(start, count + 1))
    return "".join(out)


def _visible(line: str) -> str:
    """``line`` with the characters of :data:`_SHOWN` replaced (then only HTML-escaped:
    the terminal's escapes would lengthen the line and shift its columns)."""
    return line.translate(_SHOWN)


#: The legend above the grid: every mark has a symbol or a line style besides its colour.
LEGEND: Final = (
    '<p class="legend">Marked fields: <mark class="d sev-error">\u2716 error</mark> '
    '(solid underline), <mark class="d sev-warning">\u25b2 warning</mark> (dashed), '
    '<mark class="d sev-info">\u2139 info</mark> (dotted); <span class="rel">related field</span> '
    "(dashed frame; lit while its diagnostic is hovered or focused). The line numbers carry "
    "the symbol of the worst problem on the line. Hover a marked field, or reach it with Tab, "
    "for its code, message and hint.</p>"
)


def source_section(
    source: str | None,
    diagnostics: Sequence[Diagnostic],
    kind: str = "binary",
    tr: Translator = ENGLISH,
) -> str:
    """The ``<section id="source">`` of the page: the file in a grid, ``diagnostics`` (in
    the page's order: their numbers are 1-based positions in it) marked in place.

    ``source`` is the decoded input (:attr:`trfkit.document.Document.text`), None for an
    input that is not line-based (``kind`` names its format then). The words are in
    the language of ``tr``; the tips, diagnostics, stay English (``lang="en"``)."""
    _ = tr.gettext
    head = f'<section id="source" class="source"><h2>{_("The file")}</h2>'
    if source is None:
        said = _(
            "This input is a {kind} file, not text: it has no lines to show. "
            "Its problems are listed above."
        ).format(kind=text(kind))
        return f"{head}<p>{said}</p></section>\n"
    lines = [_visible(line) for line in file_lines(source)]
    count = len(lines)
    by_line = _spans(diagnostics, count)
    worst: dict[int, Severity] = {}
    for d in diagnostics:
        if is_placed(d, count):
            old = worst.get(d.line)
            if old is None or d.severity.rank > old.rank:
                worst[d.line] = d.severity
    body: list[str] = []
    start = 1
    for n in sorted(by_line):
        if n > start:  # a run of unmarked lines: one escape call
            body.append(html.escape("\n".join(lines[start - 1 : n - 1])) + "\n")
        body.append(
            f'<span id="L{n}"></span>{_marked_line(lines[n - 1], by_line[n], diagnostics)}\n'
        )
        start = n + 1
    if start <= count:
        body.append(html.escape("\n".join(lines[start - 1 :])) + "\n")
    cols = max((len(line) for line in lines), default=1)
    shown = "".join(body)
    if tr.lang != DEFAULT:  # the file's own text is escaped: only the tips open so
        shown = shown.replace(_TIP_OPEN, _TIP_OPEN[:-1] + ' lang="en">')
    return (
        f"{head}{_(LEGEND)}"
        f'<div class="grid" style="--cols: {max(cols, 40)}">'
        f'<pre class="gutter" aria-hidden="true">{_gutter(count, worst)}</pre>'
        f'<pre class="text">{shown}</pre></div></section>\n'
    )
