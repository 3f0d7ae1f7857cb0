"""What travels back from a worker process: one input's report as plain data.

Reports and diagnostics would pickle as they are (``@frozen_dataclass`` gives them
``__getstate__``/``__setstate__``, also on Python 3.10), but plain tuples, lists and
dictionaries pickle faster (a report of three diagnostics: ~9 µs there and back as
wire data, ~12 µs as objects), so workers send :func:`to_wire` of their result and
the parent rebuilds it with :func:`from_wire`. Diagnostics travel as tuples of their
fields (the JSON reporter's dictionaries cost twice as much).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .diagnostics import Diagnostic, Location, Severity
from .reporters import FileReport

__all__ = ["Outcome", "from_wire", "pack", "to_wire"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """One input's result: its report and, for ``convert``, what became of the output.

    ``note`` is ``"written"``, ``"skipped"`` (``--skip-existing``), ``"not written"``,
    ``"skipped (not tournament files)"`` (both commands) or ``""`` (``check``).
    """

    report: FileReport
    note: str = ""


def pack(outcome: Outcome) -> tuple[Any, ...]:
    """What a worker sends back for ``outcome``: the ``pack`` step of
    :func:`trfkit.parallel.ordered_map`."""
    return to_wire(outcome.report, outcome.note)


def _diagnostic(d: Diagnostic) -> tuple[Any, ...]:
    r = d.related
    related = None if r is None else (r.file, r.line, r.column, r.end_column)
    return (d.code, d.name, d.severity.value, d.message, d.file, d.line, d.column, d.end_column,
            related, d.hint, d.model_path)


def _undiagnostic(t: tuple[Any, ...]) -> Diagnostic:
    code, name, severity, message, file, line, column, end_column, related, hint, path = t
    return Diagnostic(code, name, Severity(severity), message, file, line, column, end_column,
                      None if related is None else Location(*related), hint, path)


def to_wire(report: FileReport, note: str = "") -> tuple[Any, ...]:
    """A report (and its note) as plain picklable data; :func:`from_wire` undoes it.

    Diagnostics travel as tuples of their fields: a thousand small files send a
    thousand reports, so this is on the batch's hot path.
    """
    return (report.path, [_diagnostic(d) for d in report.diagnostics], dict(report.lines),
            report.error, note, report.skipped)


def from_wire(wire: tuple[Any, ...]) -> Outcome:
    path, diagnostics, lines, error, note, skipped = wire
    return Outcome(FileReport(path, tuple(_undiagnostic(d) for d in diagnostics), lines, error,
                              skipped), note)
