"""Formats for people: ``text`` (one line per problem), ``full`` (with the source line), statistics.

``text`` is the ``path:line:col: CODE message`` line every editor and CI log viewer
can jump to. ``full`` adds the quoted line and a caret under the fixed-width field,
which is what makes a TRF column problem obvious to a human.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from ...diagnostic_codes import CODES
from ...diagnostics import Diagnostic
from ...terminal import escape_controls
from . import FileReport, statistics, summarize


def render_text(reports: Sequence[FileReport], stream: TextIO) -> None:
    """The default ``path:line:col: CODE message`` lines (one per diagnostic), then the summary sentence."""
    for report in reports:
        stream.writelines(f"{diagnostic}\n" for diagnostic in report.diagnostics)
    stream.write(summarize(reports).sentence() + "\n")


def _caret(column: int, end_column: int | None) -> str:
    """Blanks up to the column, then ``^`` over the field (at least one)."""
    end = end_column if end_column and end_column >= column else column
    return " " * (column - 1) + "^" * (end - column + 1)


def _file_level(d: Diagnostic) -> bool:
    """Problems of the whole file sit at 1:1 without a span: quoting line 1 would mislead."""
    return d.line == 1 and d.column == 1 and d.end_column is None


def _location(loc_file: str, line: int, column: int) -> str:
    """``path:line:col``, as editors and terminals link it."""
    return f"{loc_file}:{line}:{column}"


def full_block(diagnostic: Diagnostic, lines: dict[int, str] | None = None) -> str:
    """One diagnostic with its source line, caret, related location and help."""
    lines = lines or {}
    out = [f"{diagnostic} [{diagnostic.severity.value}]"]
    source = None if _file_level(diagnostic) else lines.get(diagnostic.line)
    related = diagnostic.related
    gutter = max(len(str(diagnostic.line)), len(str(related.line)) if related else 0)
    pad = " " * gutter
    if source is not None:
        out.append(f" {pad} |")
        out.append(f" {diagnostic.line:>{gutter}} | {source}")
        out.append(f" {pad} | {_caret(diagnostic.column, diagnostic.end_column)}")
    if related is not None:
        where = _location(related.file or diagnostic.file, related.line, related.column)
        out.append(f" {pad} = related: {where}")
        other = lines.get(related.line)
        if other is not None:
            out.append(f" {related.line:>{gutter}} | {other}")
            out.append(f" {pad} | {_caret(related.column, related.end_column)}")
    help_text = diagnostic.hint or CODES[diagnostic.code].summary
    out.append(f" {pad} = help: {help_text}")
    return "\n".join(map(escape_controls, out))  # a quoted line holds the file's own bytes


def render_full(reports: Sequence[FileReport], stream: TextIO) -> None:
    """``--output-format full``: each diagnostic with its source line and caret (:func:`full_block`)."""
    for report in reports:
        lines = dict(report.lines)
        stream.writelines(full_block(d, lines) + "\n\n" for d in report.diagnostics)
    stream.write(summarize(reports).sentence() + "\n")


def render_statistics(reports: Sequence[FileReport], stream: TextIO) -> None:
    """``count  code  name  [severity]``, most frequent first."""
    rows = statistics(reports)
    width = max((len(str(count)) for *_, count in rows), default=1)
    for code, severity, count in rows:
        stream.write(f"{count:>{width}}  {code}  {CODES[code].name:<32} [{severity}]\n")
    stream.write(summarize(reports).sentence() + "\n")
