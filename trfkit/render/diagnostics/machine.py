"""Formats for programs: ``json`` (one document) and ``jsonl`` (one diagnostic per line).

Field names follow ruff's JSON output (``filename``, ``location{row,column}``,
``end_location``); the shape is published as ``schemas/diagnostics.schema.json`` and
tests validate real output against it. The same dictionaries carry diagnostics
from worker processes back to the main one (:func:`from_dict` undoes :func:`to_dict`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from ...diagnostic_codes import CODES
from ...diagnostic_docs import rule_url
from ...diagnostics import Diagnostic, Location, Severity
from ...finite import dumps
from . import FileReport, statistics, summarize

SCHEMA_VERSION = 1


def _point(line: int, column: int | None) -> dict[str, int] | None:
    """A ``{"row", "column"}`` position as ruff's JSON writes it, or None without a column."""
    return None if column is None else {"row": line, "column": column}


def to_dict(d: Diagnostic) -> dict[str, Any]:
    """One diagnostic as ``--output-format json``/``jsonl`` write it (schemas/diagnostics.schema.json)."""
    related = None
    if d.related is not None:
        r = d.related
        related = {
            "filename": r.file or d.file,
            "location": _point(r.line, r.column),
            "end_location": _point(r.line, r.end_column),
        }
    return {
        "code": d.code,
        "name": d.name,
        "severity": d.severity.value,
        "message": d.message,
        "filename": d.file,
        "location": _point(d.line, d.column),
        "end_location": _point(d.line, d.end_column),
        "related": related,
        "hint": d.hint,
        "model_path": d.model_path,
        "url": rule_url(d.code),
    }


def from_dict(data: dict[str, Any]) -> Diagnostic:
    """The inverse of :func:`to_dict`: a diagnostic read back (a worker's result, the check cache)."""
    related = None
    if data.get("related"):
        r = data["related"]
        end = r.get("end_location")
        related = Location(
            r["filename"],
            r["location"]["row"],
            r["location"]["column"],
            end["column"] if end else None,
        )
    end = data.get("end_location")
    return Diagnostic(
        code=data["code"],
        name=data["name"],
        severity=Severity(data["severity"]),
        message=data["message"],
        file=data["filename"],
        line=data["location"]["row"],
        column=data["location"]["column"],
        end_column=end["column"] if end else None,
        related=related,
        hint=data.get("hint"),
        model_path=data.get("model_path"),
    )


def render_json(reports: Sequence[FileReport], stream: TextIO) -> None:
    """``--output-format json``: every diagnostic and the run's summary in one document."""
    summary = summarize(reports)
    counts: dict[str, Any] = {
        "files": summary.files,
        "unreadable": summary.unreadable,
        "errors": summary.errors,
        "warnings": summary.warnings,
        "infos": summary.infos,
        "total": summary.total,
        "by_code": dict(summary.by_code),
        "skipped": summary.skipped,
        "hidden": summary.hidden,
    }
    # only when there are some: the output of files without such comments stays as it was
    if summary.suppressed:
        counts["suppressed"] = summary.suppressed
    document = {
        "version": SCHEMA_VERSION,
        "diagnostics": [to_dict(d) for r in reports for d in r.diagnostics],
        "summary": counts,
    }
    stream.write(dumps(document))


def render_jsonl(reports: Sequence[FileReport], stream: TextIO) -> None:
    """``--output-format jsonl``: one diagnostic a line, so a consumer can stream a large batch."""
    for report in reports:
        stream.writelines(dumps(to_dict(d), indent=None) for d in report.diagnostics)


def render_statistics_json(reports: Sequence[FileReport], stream: TextIO) -> None:
    """``--statistics`` with JSON output: one row a code, as the text table counts them."""
    rows = [
        {"code": code, "name": CODES[code].name, "severity": severity, "count": count}
        for code, severity, count in statistics(reports)
    ]
    stream.write(dumps(rows))
