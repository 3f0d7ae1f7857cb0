"""What travels back from a worker process: one input's report as plain data.

Frozen slotted dataclasses (:class:`~trfkit.diagnostics.Diagnostic`) do not pickle
on Python 3.10, and plain tuples, lists and dictionaries pickle fastest anyway, so
workers send :func:`to_wire` of their result and the parent rebuilds it with
:func:`from_wire`. Diagnostics use the JSON reporter's dictionaries
(:func:`trfkit.reporters.machine.to_dict`), the one serialised form trfkit has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .reporters import FileReport

__all__ = ["Outcome", "from_wire", "pack", "to_wire"]


@dataclass(frozen=True)
class Outcome:
    """One input's result: its report and, for ``convert``, what became of the output.

    ``note`` is ``"written"``, ``"skipped"`` (``--skip-existing``), ``"not written"``
    or ``""`` (``check``).
    """

    report: FileReport
    note: str = ""


def pack(outcome: Outcome) -> tuple[Any, ...]:
    """What a worker sends back for ``outcome`` (the ``pack`` of :func:`trfkit.parallel.ordered_map`)."""
    return to_wire(outcome.report, outcome.note)


def to_wire(report: FileReport, note: str = "") -> tuple[Any, ...]:
    """A report (and its note) as plain picklable data; :func:`from_wire` undoes it."""
    from .reporters.machine import to_dict

    return (report.path, [to_dict(d) for d in report.diagnostics], dict(report.lines),
            report.error, note)


def from_wire(wire: tuple[Any, ...]) -> Outcome:
    from .reporters.machine import from_dict

    path, diagnostics, lines, error, note = wire
    return Outcome(FileReport(path, tuple(from_dict(d) for d in diagnostics), lines, error), note)
