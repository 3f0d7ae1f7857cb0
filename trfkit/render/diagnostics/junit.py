"""``--output-format junit``: JUnit XML, for CI systems that show test reports.

One ``<testsuite>``, one ``<testcase>`` a checked file (its name is the file), one
``<failure>`` a diagnostic of error level (the located line as its text, the code as its
type). Warnings and infos fail no test case: they are listed in the case's
``<system-out>``, so that the test report stays a list of the files that do not pass,
while ``--fail-on warning`` still decides the exit status. An unreadable input is an
``<error>``, a file passed over as no tournament file a ``<skipped>``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final, TextIO
from xml.sax.saxutils import escape, quoteattr

from ...diagnostics import Severity
from ...terminal import escape_controls
from . import FileReport

#: What XML 1.0 cannot hold even as a character reference, besides the controls
#: :func:`trfkit.terminal.escape_controls` writes as escapes: lone surrogates (a file
#: name that is not UTF-8) and the two non-characters U+FFFE and U+FFFF.
_NOT_XML: Final = re.compile("[\ud800-\udfff\ufffe\uffff]")


def _clean(text: str) -> str:
    """``text`` as XML can hold it: every control and non-character written as an escape."""
    text = escape_controls(text)
    return _NOT_XML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _attr(text: str) -> str:
    return quoteattr(_clean(text))


def _testcase(report: FileReport) -> tuple[list[str], int, int, int]:
    """The lines of one file's test case, and its (failures, errors, skipped)."""
    head = f'    <testcase classname="trfkit" name={_attr(report.path)} file={_attr(report.path)}'
    if report.skipped is not None:
        return (
            [head + ">", f"      <skipped message={_attr(report.skipped)}/>", "    </testcase>"],
            0,
            0,
            1,
        )
    body: list[str] = []
    out: list[str] = []
    failures = errors = 0
    for d in report.diagnostics:
        line = escape(_clean(str(d)))
        message = _attr(f"{d.code} {d.message}")
        if report.error is not None:
            errors += 1
            body.append(f'      <error type="{d.code}" message={message}>{line}</error>')
        elif d.severity is Severity.ERROR:
            failures += 1
            body.append(f'      <failure type="{d.code}" message={message}>{line}</failure>')
        else:
            out.append(f"{line} [{d.severity.value}]")
    if out:
        body.append("      <system-out>" + "\n".join(out) + "</system-out>")
    if not body:
        return [head + "/>"], 0, 0, 0
    return [head + ">", *body, "    </testcase>"], failures, errors, 0


def render_junit(reports: Sequence[FileReport], stream: TextIO) -> None:
    """``--output-format junit``: one test suite, a test case a file."""
    cases: list[str] = []
    failures = errors = skipped = 0
    for report in reports:
        lines, f, e, s = _testcase(report)
        cases += lines
        failures, errors, skipped = failures + f, errors + e, skipped + s
    counts = f'tests="{len(reports)}" failures="{failures}" errors="{errors}" skipped="{skipped}"'
    stream.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    stream.write(f'<testsuites name="trfkit" {counts}>\n')
    stream.write(f'  <testsuite name="trfkit check" {counts}>\n')
    stream.writelines(line + "\n" for line in cases)
    stream.write("  </testsuite>\n</testsuites>\n")
