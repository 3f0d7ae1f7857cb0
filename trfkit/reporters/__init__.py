"""Renderers for ``trfkit check``: one function per ``--output-format``.

Reporters are separate from checks (as in flake8's ``BaseFormatter``): they get the
finished, sorted results of every file and only decide how they look. A reporter
is ``f(reports, stream)``; :data:`REPORTERS` maps the format name to
``"module:function"`` so that a run imports only the one it uses.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import TextIO

from ..diagnostics import Diagnostic, Severity
from ..frozen import field, frozen_dataclass

__all__ = ["FORMATS", "REPORTERS", "FileReport", "Summary", "render", "statistics", "summarize"]


@frozen_dataclass
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


@frozen_dataclass
class Summary:
    files: int
    unreadable: int
    errors: int
    warnings: int
    infos: int
    by_code: Mapping[str, int]

    @property
    def total(self) -> int:
        return self.errors + self.warnings + self.infos

    def sentence(self) -> str:
        """``Found 3 problems (2 errors, 1 warning) in 4 files.``"""
        if not self.total:
            text = f"No problems found in {self.files} file{'s' if self.files != 1 else ''}."
        else:
            parts = [f"{n} {word}{'s' if n != 1 else ''}" for n, word in
                     ((self.errors, "error"), (self.warnings, "warning"), (self.infos, "info"))
                     if n]
            noun = "problem" if self.total == 1 else "problems"
            text = (f"Found {self.total} {noun} ({', '.join(parts)}) in {self.files} "
                    f"file{'s' if self.files != 1 else ''}.")
        if self.unreadable:
            text += f" {self.unreadable} could not be read."
        return text


def all_diagnostics(reports: Sequence[FileReport]) -> list[Diagnostic]:
    return [d for report in reports for d in report.diagnostics]


def summarize(reports: Sequence[FileReport]) -> Summary:
    counts = Counter(d.severity for d in all_diagnostics(reports))
    return Summary(
        files=len(reports),
        unreadable=sum(1 for r in reports if r.error is not None),
        errors=counts[Severity.ERROR],
        warnings=counts[Severity.WARNING],
        infos=counts[Severity.INFO],
        by_code=dict(sorted(Counter(d.code for d in all_diagnostics(reports)).items())),
    )


def statistics(reports: Sequence[FileReport]) -> list[tuple[str, int]]:
    """(code, count), most frequent first, then by code: the ``--statistics`` table."""
    counts = Counter(d.code for d in all_diagnostics(reports))
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


Reporter = Callable[[Sequence[FileReport], TextIO], None]

#: format name -> "module:function" inside trfkit.reporters
REPORTERS: dict[str, str] = {
    "text": "human:render_text",
    "full": "human:render_full",
    "json": "machine:render_json",
    "jsonl": "machine:render_jsonl",
    "github": "ci:render_github",
    "sarif": "ci:render_sarif",
}
FORMATS = tuple(REPORTERS)


def render(fmt: str, reports: Sequence[FileReport], stream: TextIO, *,
           with_statistics: bool = False) -> None:
    """Write ``reports`` to ``stream`` in ``fmt``; ``with_statistics`` prints per-code counts."""
    if with_statistics:
        from .human import render_statistics
        from .machine import render_statistics_json

        (render_statistics_json if fmt in ("json", "jsonl") else render_statistics)(reports, stream)
        return
    module, func = REPORTERS[fmt].split(":")
    reporter: Reporter = getattr(importlib.import_module(f"{__name__}.{module}"), func)
    reporter(reports, stream)
