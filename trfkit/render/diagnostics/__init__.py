"""Renderers for ``trfkit check``: one function per ``--output-format``.

Renderers are separate from the checks (as in flake8's ``BaseFormatter``): they get
the finished, sorted results of every file and only decide how they look. A renderer
is ``f(reports, stream)``; :data:`REPORTERS` maps the format name to
``"module:function"`` so that a run imports only the one it uses.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TextIO

from ...diagnostics import Diagnostic, Severity

__all__ = ["FORMATS", "REPORTERS", "FileReport", "Summary", "render", "statistics", "summarize"]


@dataclass(frozen=True, slots=True)
class FileReport:
    """What one input produced: its display name, diagnostics and the quoted source lines.

    ``lines`` holds only the lines that diagnostics point at (for ``full``), so that
    worker processes do not send whole files back. ``error`` is set when the input
    could not be read at all (exit 2); such a report has no diagnostics.
    """

    path: str
    diagnostics: tuple[Diagnostic, ...] = ()
    lines: Mapping[int, str] = field(default_factory=dict)
    error: str | None = None
    #: why the input was passed over without being checked (not a tournament file)
    skipped: str | None = None
    #: diagnostics found but below the display threshold ``hidden_below`` (``--min-severity``)
    hidden: int = 0
    hidden_below: str = ""
    #: diagnostics the file's own ``### trfkit: ignore`` comments suppressed (not shown, not counted)
    suppressed: int = 0

    def at_least(self, severity: Severity) -> FileReport:
        """This report showing only diagnostics of ``severity`` or above, counting the rest
        in ``hidden`` (exit statuses are decided on everything found, not on this)."""
        kept = tuple(d for d in self.diagnostics if d.severity.rank >= severity.rank)
        if len(kept) == len(self.diagnostics):
            return self
        return FileReport(
            self.path,
            kept,
            self.lines,
            self.error,
            self.skipped,
            self.hidden + len(self.diagnostics) - len(kept),
            severity.value,
            self.suppressed,
        )


def _plural(n: int, word: str) -> str:
    """``1 file``, ``2 files``."""
    return f"{n} {word}{'s' if n != 1 else ''}"


@dataclass(frozen=True, slots=True)
class Summary:
    """Counts over a run. ``files`` are the inputs tried (``unreadable`` among them);
    ``skipped`` inputs were passed over as no tournament files; ``hidden`` diagnostics
    are below the display threshold and not in the other counts."""

    files: int
    unreadable: int
    errors: int
    warnings: int
    infos: int
    by_code: Mapping[str, int]
    skipped: int = 0
    hidden: int = 0
    hidden_below: str = "warning"
    suppressed: int = 0  # by the files' ``### trfkit: ignore`` comments

    @property
    def total(self) -> int:
        """The diagnostics shown: errors, warnings and infos."""
        return self.errors + self.warnings + self.infos

    def sentence(self) -> str:
        """``Found 3 problems (2 errors, 1 warning) in 4 files.``; with unreadable inputs
        ``... in 0 files checked, 1 unreadable.``, never "No problems found"."""
        where = _plural(self.files, "file")
        if self.unreadable:
            where = (
                f"{_plural(self.files - self.unreadable, 'file')} checked, "
                f"{self.unreadable} unreadable"
            )
        if not self.total and not self.unreadable:
            # warnings hidden by --min-severity error are problems: only "no errors" is true
            what = "errors" if self.hidden and self.hidden_below == "error" else "problems"
            text = f"No {what} found in {where}."
        else:
            parts = [
                _plural(n, word)
                for n, word in (
                    (self.errors, "error"),
                    (self.warnings, "warning"),
                    (self.infos, "info"),
                )
                if n
            ]
            counts = f" ({', '.join(parts)})" if parts else ""
            noun = "problem" if self.total == 1 else "problems"
            text = f"Found {self.total} {noun}{counts} in {where}."
        if self.skipped:
            text += f" {_plural(self.skipped, 'file')} skipped (not tournament files)."
        if self.hidden:
            what = (
                _plural(self.hidden, "info")
                if self.hidden_below == "warning"
                else f"{self.hidden} warning{'s or infos' if self.hidden != 1 else ' or info'}"
            )
            text += f" {what} hidden (-v shows them)."
        if self.suppressed:
            text += f" {self.suppressed} suppressed by ### trfkit: ignore comments."
        return text


def all_diagnostics(reports: Sequence[FileReport]) -> list[Diagnostic]:
    """Every diagnostic of a run, file after file."""
    return [d for report in reports for d in report.diagnostics]


def summarize(reports: Sequence[FileReport]) -> Summary:
    """The counts the summary sentence and the JSON summary give (skipped inputs are no files checked)."""
    counts = Counter(d.severity for d in all_diagnostics(reports))
    skipped = sum(1 for r in reports if r.skipped is not None)
    return Summary(
        files=len(reports) - skipped,
        unreadable=sum(1 for r in reports if r.error is not None),
        errors=counts[Severity.ERROR],
        warnings=counts[Severity.WARNING],
        infos=counts[Severity.INFO],
        by_code=dict(sorted(Counter(d.code for d in all_diagnostics(reports)).items())),
        skipped=skipped,
        hidden=sum(r.hidden for r in reports),
        hidden_below=max(
            (r.hidden_below for r in reports if r.hidden),
            key=lambda value: Severity(value).rank,
            default="warning",
        ),
        suppressed=sum(r.suppressed for r in reports),
    )


def statistics(reports: Sequence[FileReport]) -> list[tuple[str, str, int]]:
    """(code, severity, count), most frequent first, then by code: the ``--statistics`` table.

    Counted by each diagnostic's own severity, not the code's registered one: T002 is an
    info when the code page is sure and a warning on a close call, so a batch may hold
    both, and a row must not call warnings infos.
    """
    counts = Counter((d.code, d.severity.value) for d in all_diagnostics(reports))
    return sorted(
        ((code, severity, n) for (code, severity), n in counts.items()),
        key=lambda row: (-row[2], row[0], -Severity(row[1]).rank),
    )


Reporter = Callable[[Sequence[FileReport], TextIO], None]

#: format name -> "module:function" inside trfkit.render.diagnostics
REPORTERS: dict[str, str] = {
    "text": "human:render_text",
    "full": "human:render_full",
    "json": "machine:render_json",
    "jsonl": "machine:render_jsonl",
    "github": "ci:render_github",
    "sarif": "ci:render_sarif",
    "markdown": "markdown:render_markdown",
    "gitlab": "gitlab:render_gitlab",
    "junit": "junit:render_junit",
}
FORMATS = tuple(REPORTERS)


def render(
    fmt: str, reports: Sequence[FileReport], stream: TextIO, *, with_statistics: bool = False
) -> None:
    """Write ``reports`` to ``stream`` in ``fmt``; ``with_statistics`` prints per-code counts."""
    if with_statistics and fmt != "markdown":  # (markdown is a table of the statistics)
        from .human import render_statistics  # --statistics only
        from .machine import render_statistics_json

        (render_statistics_json if fmt in ("json", "jsonl") else render_statistics)(reports, stream)
        return
    module, func = REPORTERS[fmt].split(":")
    reporter: Reporter = getattr(importlib.import_module(f"{__name__}.{module}"), func)
    reporter(reports, stream)
