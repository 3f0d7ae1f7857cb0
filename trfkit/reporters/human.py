"""Formats for people: ``text`` (one line per problem), ``full`` (with the source line), statistics.

``text`` is the ``path:line:col: CODE message`` line every editor and CI log viewer
can jump to. ``full`` adds the quoted line and a caret under the fixed-width field,
which is what makes a TRF column problem obvious to a human.
"""

from __future__ import annotations

from typing import Sequence, TextIO

from ..codes import CODES
from ..diagnostics import Diagnostic
from . import FileReport, statistics, summarize


def render_text(reports: Sequence[FileReport], stream: TextIO) -> None:
    for report in reports:
        for diagnostic in report.diagnostics:
            stream.write(f"{diagnostic}\n")
    stream.write(summarize(reports).sentence() + "\n")


def _caret(diagnostic: Diagnostic, source: str) -> str:
    """Blanks up to the column, then ``^`` over the field (at least one)."""
    start = diagnostic.column
    end = diagnostic.end_column if diagnostic.end_column and diagnostic.end_column >= start \
        else start
    return " " * (start - 1) + "^" * (end - start + 1)


def _location(loc_file: str, line: int, column: int) -> str:
    return f"{loc_file}:{line}:{column}"


def full_block(diagnostic: Diagnostic, lines: dict[int, str] | None = None) -> str:
    """One diagnostic with its source line, caret, related location and help."""
    lines = lines or {}
    out = [f"{diagnostic} [{diagnostic.severity.value}]"]
    source = lines.get(diagnostic.line)
    gutter = len(str(diagnostic.line))
    pad = " " * gutter
    if source is not None:
        out.append(f" {pad} |")
        out.append(f" {diagnostic.line} | {source}")
        out.append(f" {pad} | {_caret(diagnostic, source)}")
    related = diagnostic.related
    if related is not None:
        where = _location(related.file or diagnostic.file, related.line, related.column)
        other = lines.get(related.line)
        out.append(f" {pad} = related: {where}")
        if other is not None:
            out.append(f" {pad}   {other}")
    help_text = diagnostic.hint or CODES[diagnostic.code].summary
    out.append(f" {pad} = help: {help_text}")
    return "\n".join(out)


def render_full(reports: Sequence[FileReport], stream: TextIO) -> None:
    for report in reports:
        for diagnostic in report.diagnostics:
            stream.write(full_block(diagnostic, dict(report.lines)) + "\n\n")
    stream.write(summarize(reports).sentence() + "\n")


def render_statistics(reports: Sequence[FileReport], stream: TextIO) -> None:
    """``count  code  name  [severity]``, most frequent first."""
    rows = statistics(reports)
    width = max((len(str(count)) for _, count in rows), default=1)
    for code, count in rows:
        info = CODES[code]
        stream.write(f"{count:>{width}}  {code}  {info.name:<32} [{info.severity}]\n")
    stream.write(summarize(reports).sentence() + "\n")
