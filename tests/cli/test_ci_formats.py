"""``check --output-format gitlab`` and ``junit``, and SARIF's ``helpUri``, on a small fixture."""

from __future__ import annotations

import hashlib
import io
import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from swiss_edits import cli_run

from trfkit.check_many import unreadable
from trfkit.diagnostics import make
from trfkit.render.diagnostics import FileReport, ci, render
from trfkit.render.diagnostics.gitlab import fingerprint

ROOT = Path(__file__).resolve().parents[2]
LINE_3 = "001    3      Player 3" + " " * 59 + "2.5    3     6 b =     4 b 1"
POINTS = make(
    "T401", "player 3 declares 2.5 points but the results give 1.5", 3, 81, 84, file="a.trf"
)
LOW = make("T308", "players 3 and 4 met twice", 3, 92, 95, file="a.trf")
ASSUMED = make("T403", "no scoring system & <none> declared", 1, 1, file="b.trf")
REPORTS = [
    FileReport("a.trf", (POINTS, LOW), {3: LINE_3}),
    FileReport("b.trf", (ASSUMED,)),
    unreadable("gone.trf", "gone.trf: no such file"),
    FileReport("notes.txt", skipped="not a tournament file"),
]


def rendered(fmt: str, reports: list[FileReport] = REPORTS) -> str:
    out = io.StringIO()
    render(fmt, reports, out)
    return out.getvalue()


def sha(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


def test_gitlab_code_quality_entries() -> None:
    entries = json.loads(rendered("gitlab"))
    assert entries == [
        {
            "description": "T401 player 3 declares 2.5 points but the results give 1.5",
            "check_name": "T401",
            "fingerprint": sha("a.trf", "T401", LINE_3),
            "severity": "major",
            "location": {"path": "a.trf", "lines": {"begin": 3}},
        },
        {
            "description": "T308 players 3 and 4 met twice",
            "check_name": "T308",
            "fingerprint": sha("a.trf", "T308", LINE_3),
            "severity": "minor",
            "location": {"path": "a.trf", "lines": {"begin": 3}},
        },
        {
            "description": "T403 no scoring system & <none> declared",
            "check_name": "T403",
            "fingerprint": sha("b.trf", "T403", ""),
            "severity": "info",
            "location": {"path": "b.trf", "lines": {"begin": 1}},
        },
        {
            "description": "T014 no such file",
            "check_name": "T014",
            "fingerprint": sha("gone.trf", "T014", ""),
            "severity": "major",
            "location": {"path": "gone.trf", "lines": {"begin": 1}},
        },
    ]
    # the shape GitLab's schema asks for: these keys, strings, a positive begin line
    for entry in entries:
        assert set(entry) == {"description", "check_name", "fingerprint", "severity", "location"}
        assert entry["severity"] in {"info", "minor", "major", "critical", "blocker"}
        assert len(entry["fingerprint"]) == 64 and entry["location"]["lines"]["begin"] >= 1


def test_gitlab_fingerprints_follow_the_line_text_not_its_number() -> None:
    moved = make(POINTS.code, POINTS.message, 7, 81, 84, file="a.trf")
    [first] = json.loads(rendered("gitlab", [FileReport("a.trf", (POINTS,), {3: LINE_3})]))
    [later] = json.loads(rendered("gitlab", [FileReport("a.trf", (moved,), {7: LINE_3})]))
    assert first["fingerprint"] == later["fingerprint"]
    # two identical problems on identical lines stay two entries for GitLab
    twice = json.loads(
        rendered("gitlab", [FileReport("a.trf", (POINTS, moved), {3: LINE_3, 7: LINE_3})])
    )
    assert twice[1]["fingerprint"] == sha("a.trf", "T401", LINE_3, "1") != twice[0]["fingerprint"]
    assert fingerprint("a.trf", "T401", LINE_3) == twice[0]["fingerprint"]


def test_junit_one_suite_a_case_per_file_a_failure_per_error() -> None:
    text = rendered("junit")
    assert text == (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<testsuites name="trfkit" tests="4" failures="1" errors="1" skipped="1">\n'
        '  <testsuite name="trfkit check" tests="4" failures="1" errors="1" skipped="1">\n'
        '    <testcase classname="trfkit" name="a.trf" file="a.trf">\n'
        '      <failure type="T401" message="T401 player 3 declares 2.5 points but the results '
        'give 1.5">a.trf:3:81: T401 player 3 declares 2.5 points but the results give 1.5'
        "</failure>\n"
        "      <system-out>a.trf:3:92: T308 players 3 and 4 met twice [warning]</system-out>\n"
        "    </testcase>\n"
        '    <testcase classname="trfkit" name="b.trf" file="b.trf">\n'
        "      <system-out>b.trf:1:1: T403 no scoring system &amp; &lt;none&gt; declared [info]"
        "</system-out>\n"
        "    </testcase>\n"
        '    <testcase classname="trfkit" name="gone.trf" file="gone.trf">\n'
        '      <error type="T014" message="T014 no such file">gone.trf:1:1: T014 no such file'
        "</error>\n"
        "    </testcase>\n"
        '    <testcase classname="trfkit" name="notes.txt" file="notes.txt">\n'
        '      <skipped message="not a tournament file"/>\n'
        "    </testcase>\n"
        "  </testsuite>\n"
        "</testsuites>\n"
    )
    root = ET.fromstring(text.encode())
    [suite] = root.findall("testsuite")
    assert [c.get("name") for c in suite.findall("testcase")] == [
        "a.trf",
        "b.trf",
        "gone.trf",
        "notes.txt",
    ]
    assert suite.findall("testcase/system-out")[1].text.endswith("& <none> declared [info]")


def test_junit_escapes_what_xml_cannot_hold() -> None:
    evil = make("T103", 'a "quote" \x1b[31m\x00 and \udcff', 1, 1, file='e"\x07<.trf')
    text = rendered("junit", [FileReport('e"\x07<.trf', (evil,))])
    root = ET.fromstring(text.encode("utf-8"))
    case = root.find("testsuite/testcase")
    assert case.get("name") == 'e"\\x07<.trf'
    assert case.find("failure").get("message") == 'T103 a "quote" \\x1b[31m\\x00 and \\udcff'


def test_new_formats_through_the_cli(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 x\n001    1      A\n", encoding="utf-8")
    result = cli_run("check", str(bad), "--output-format", "gitlab")
    status, out = result.exit_code, result.stdout
    assert status == 1
    [entry] = json.loads(out)
    line = "001    1      A"
    assert entry["check_name"] == "T102" and entry["fingerprint"] == sha(str(bad), "T102", line)
    result = cli_run("check", str(bad), "--output-format", "junit")
    status, out = result.exit_code, result.stdout
    assert status == 1 and ET.fromstring(out).find("testsuite").get("failures") == "1"
    report = tmp_path / "out" / "trfkit-report.xml"
    report.parent.mkdir()
    cli_run("check", str(bad), "--report", str(report), "-q")
    assert ET.parse(report).getroot().tag == "testsuites"  # auto: *.xml is JUnit
    gl = tmp_path / "out" / "gl-code-quality.json"
    cli_run("check", str(bad), "--report", str(gl), "--report-format", "gitlab", "-q")
    assert json.loads(gl.read_text())[0]["fingerprint"] == sha(str(bad), "T102", line)


def test_sarif_help_uri_from_the_documentation_url(monkeypatch: pytest.MonkeyPatch) -> None:
    url = "https://example.org/trfkit/blob/main/docs/rules.md"
    monkeypatch.setattr(ci, "documentation_url", lambda: url)
    rules = json.loads(rendered("sarif"))["runs"][0]["tool"]["driver"]["rules"]
    by_id = {r["id"]: r for r in rules}
    assert by_id["T401"]["helpUri"] == url + "#t401-points-mismatch"
    assert by_id["T302"]["helpUri"] == url + "#t302-asymmetric-pairing"
    # each anchor is a heading of the rules page
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert "\n## T401 points-mismatch\n" in page
    monkeypatch.setattr(ci, "documentation_url", lambda: None)
    rules = json.loads(rendered("sarif"))["runs"][0]["tool"]["driver"]["rules"]
    assert all("helpUri" not in r for r in rules)


def test_documentation_url_is_read_from_the_package_metadata(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from importlib import metadata

    class Meta:
        def get_all(self, name: str) -> list[str]:
            assert name == "Project-URL"
            return ["Source, https://x.org/src", "Documentation, https://x.org/docs/rules.md"]

    monkeypatch.setattr(metadata, "metadata", lambda name: Meta())
    ci.documentation_url.cache_clear()
    try:
        assert ci.documentation_url() == "https://x.org/docs/rules.md"
    finally:
        ci.documentation_url.cache_clear()


def test_pyproject_names_no_placeholder_documentation_url() -> None:
    """A Documentation URL becomes every SARIF rule's helpUri: it is there only when it is a
    real address of the rules page (none yet: trfkit is not published)."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    documentation = project.get("urls", {}).get("Documentation")
    if documentation is not None:
        assert documentation.startswith("https://") and documentation.endswith("/docs/rules.md")
        assert "OWNER" not in documentation and "<" not in documentation
    assert "trfkit" not in tomllib.loads((ROOT / "pyproject.toml").read_text()).get("tool", {})
