"""``--output-format gitlab``: GitLab Code Quality JSON (``artifacts:reports:codequality``).

GitLab shows each entry in the merge request's Code Quality widget and compares the
entries of two pipelines by ``fingerprint``: a problem that is still there must keep its
fingerprint when unrelated lines move. So the fingerprint hashes what identifies the
problem (the file, the code and the text of the line it points at), not its line number;
a second identical entry in one file gets an occurrence number in the hash, so GitLab
does not fold two problems into one.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Sequence
from typing import Any, TextIO

from ...diagnostics import Diagnostic
from ...finite import dumps
from . import FileReport

#: trfkit severity -> GitLab's (info, minor, major, critical, blocker).
GITLAB_SEVERITY = {"error": "major", "warning": "minor", "info": "info"}


def fingerprint(path: str, code: str, line_text: str, occurrence: int = 0) -> str:
    """The SHA-256 of path, code and line text (and the occurrence, after the first)."""
    parts = [path, code, line_text] + ([str(occurrence)] if occurrence else [])
    # surrogateescape: a file name that is not UTF-8 still hashes to the same value each run
    return hashlib.sha256("\0".join(parts).encode("utf-8", "surrogateescape")).hexdigest()


def _entry(d: Diagnostic, line_text: str, occurrence: int) -> dict[str, Any]:
    return {
        "description": f"{d.code} {d.message}",
        "check_name": d.code,
        "fingerprint": fingerprint(d.file, d.code, line_text, occurrence),
        "severity": GITLAB_SEVERITY[d.severity.value],
        "location": {"path": d.file, "lines": {"begin": d.line}},
    }


def gitlab_entries(reports: Sequence[FileReport]) -> list[dict[str, Any]]:
    """Every diagnostic as a Code Quality entry, file after file."""
    entries = []
    for report in reports:
        seen: Counter[tuple[str, str, str]] = Counter()
        for d in report.diagnostics:
            text = report.lines.get(d.line, "")
            key = (d.file, d.code, text)
            entries.append(_entry(d, text, seen[key]))
            seen[key] += 1
    return entries


def render_gitlab(reports: Sequence[FileReport], stream: TextIO) -> None:
    """``--output-format gitlab``: a JSON array GitLab reads as a Code Quality report."""
    stream.write(dumps(gitlab_entries(reports)))
