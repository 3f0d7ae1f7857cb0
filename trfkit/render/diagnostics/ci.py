"""Formats for CI systems: GitHub workflow annotations and SARIF 2.1.0.

``github`` prints workflow commands that GitHub turns into annotations on the
changed lines (as ruff's ``github`` format); ``sarif`` is the file code-scanning
tools ingest (``github/codeql-action/upload-sarif``), with the rule table in
``runs[0].tool.driver.rules`` and the other side of a pairing in ``relatedLocations``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import PurePath
from typing import Any, TextIO

from ...diagnostic_codes import CODES
from ...diagnostic_docs import anchor, rule_url
from ...diagnostics import Diagnostic, Location
from ...finite import dumps
from ...selection import OPT_IN
from ...terminal import escape_controls
from ...validation.rating_list import CODES as RATING_LIST_CODES
from ...version import __version__
from . import FileReport

GITHUB_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}
SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def escape_data(text: str) -> str:
    """Escape a workflow-command message: ``%``, CR and LF the way GitHub decodes them (so a
    hint can span lines in the annotation), then every other control character as the text
    outputs show it (``\\x1b``): the log GitHub prints shows the command line as it is, so an
    escape sequence or BEL from a file name or message would reach the reader's terminal."""
    encoded = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return escape_controls(encoded)


def escape_property(text: str) -> str:
    """Escape a workflow-command property value: as data, plus ``:`` and ``,``."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_line(d: Diagnostic) -> str:
    """One GitHub Actions workflow command: the annotation shows on the file and line of a pull request."""
    props = [
        ("title", f"{d.code} {d.name}"),
        ("file", d.file),
        ("line", str(d.line)),
        ("col", str(d.column)),
        ("endLine", str(d.line)),
    ]
    if d.end_column is not None:
        props.append(("endColumn", str(d.end_column)))
    message = d.message + (f"\nhelp: {d.hint}" if d.hint else "")
    rendered = ",".join(f"{key}={escape_property(value)}" for key, value in props)
    return f"::{GITHUB_LEVEL[d.severity.value]} {rendered}::{escape_data(message)}"


def render_github(reports: Sequence[FileReport], stream: TextIO) -> None:
    """``--output-format github``: one workflow command a diagnostic, no summary (the job log is not read)."""
    for report in reports:
        stream.writelines(github_line(d) + "\n" for d in report.diagnostics)


def _uri(path: str) -> str:
    """SARIF wants a URI: forward slashes on every platform (stdin has no path)."""
    return PurePath(path).as_posix() if path else "<unknown>"


def _physical(file: str, line: int, column: int, end_column: int | None) -> dict[str, Any]:
    """A SARIF ``physicalLocation`` of a diagnostic's span."""
    region: dict[str, int] = {"startLine": line, "startColumn": column}
    if end_column is not None and end_column >= column:
        region["endColumn"] = end_column + 1  # SARIF end columns are exclusive
    return {"artifactLocation": {"uri": _uri(file)}, "region": region}


@lru_cache(maxsize=1)
def documentation_url() -> str | None:
    """The absolute URL of the rules page (``docs/rules.md``), as the installed package's
    metadata names it (``[project.urls] Documentation`` of ``pyproject.toml``, a
    ``Project-URL`` of the wheel); None when trfkit is not installed with one."""
    from importlib import metadata  # SARIF output only: not at start-up

    try:
        urls = metadata.metadata("trfkit").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() == "documentation" and url.strip().startswith(
            ("https://", "http://")
        ):
            return str(url.strip())
    return None


#: codes a plain run never reports: a profile's (:data:`trfkit.selection.OPT_IN`) and the
#: rating-list cross-check's (only with ``--rating-list``); SARIF lists them only when used
OFF_BY_DEFAULT: frozenset[str] = OPT_IN | frozenset(RATING_LIST_CODES)


def sarif_rules(
    used: frozenset[str] = frozenset(), docs_url: str | None = None
) -> list[dict[str, Any]]:
    """Every code trfkit reports by default, and the off-by-default ones (a profile's,
    :data:`trfkit.selection.OPT_IN`, and the rating list's: :data:`OFF_BY_DEFAULT`) that
    ``used`` names, in code order (results refer
    to them by index). An opt-in rule says so: ``defaultConfiguration.enabled`` false.
    With ``docs_url`` (the rules page) each rule's ``helpUri`` is its section there."""
    rules = []
    for code in sorted(CODES):
        if code in OFF_BY_DEFAULT and code not in used:
            continue
        info = CODES[code]
        help_text = info.summary + (f" {info.hint}" if info.hint else "")
        rule: dict[str, Any] = {
            "id": code,
            "name": info.name,
            "shortDescription": {"text": info.summary},
            "fullDescription": {"text": help_text},
            "help": {"text": f"{help_text} See {rule_url(code)}."},
        }
        if docs_url:
            rule["helpUri"] = f"{docs_url.split('#')[0]}#{anchor(code)}"
        configuration: dict[str, Any] = {"level": SARIF_LEVEL[info.severity]}
        if code in OFF_BY_DEFAULT:
            configuration["enabled"] = False
        rule["defaultConfiguration"] = configuration
        rule["properties"] = {"stage": info.stage, "tags": [info.stage]}
        rules.append(rule)
    return rules


def _related(d: Diagnostic, related: Location) -> dict[str, Any]:
    """The other side of a two-sided problem (the opponent's line of an asymmetric pairing)."""
    return {
        "id": 1,
        "message": {"text": "other side"},
        "physicalLocation": _physical(
            related.file or d.file, related.line, related.column, related.end_column
        ),
    }


def sarif_document(reports: Sequence[FileReport]) -> dict[str, Any]:
    """The SARIF 2.1.0 log of a run: every rule once, each result pointing at its rule by index."""
    rules = sarif_rules(
        frozenset(d.code for r in reports for d in r.diagnostics), documentation_url()
    )
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    results = []
    for report in reports:
        for d in report.diagnostics:
            result: dict[str, Any] = {
                "ruleId": d.code,
                "ruleIndex": index[d.code],
                "level": SARIF_LEVEL[d.severity.value],
                "message": {"text": d.message},
                "locations": [
                    {"physicalLocation": _physical(d.file, d.line, d.column, d.end_column)}
                ],
            }
            if d.related is not None:
                result["relatedLocations"] = [_related(d, d.related)]
            results.append(result)
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "trfkit",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": rules,
                    }
                },
                "results": results,
            }
        ],
    }


def render_sarif(reports: Sequence[FileReport], stream: TextIO) -> None:
    """``--output-format sarif``: :func:`sarif_document` as JSON, for code-scanning tools."""
    stream.write(dumps(sarif_document(reports)))
