"""``--output-format markdown``: a run's summary as a Markdown table, for a CI job's
summary page (GitHub's ``$GITHUB_STEP_SUMMARY``, a merge request note).

The annotations (``github``) or SARIF already point at every line; what a summary adds
is the whole run at a glance: the sentence of the text output and how often each code
occurred, at each severity, most frequent first (the rows of ``--statistics``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from ...diagnostic_codes import CODES
from . import FileReport, statistics, summarize

#: The heading of the summary: one job summary may collect several steps' sections.
HEADING = "### trfkit check"


def render_markdown(reports: Sequence[FileReport], stream: TextIO) -> None:
    """The heading, the summary sentence and, when something was found, one table row a
    code and severity: ``| T401 | points-mismatch | error | 2 |``."""
    stream.write(f"{HEADING}\n\n{summarize(reports).sentence()}\n")
    rows = statistics(reports)
    if not rows:
        return
    stream.write("\n| code | name | severity | count |\n|---|---|---|---:|\n")
    stream.writelines(
        f"| {code} | {CODES[code].name} | {severity} | {count} |\n"
        for code, severity, count in rows
    )
