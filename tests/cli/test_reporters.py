"""Output formats of ``trfkit check``, on diagnostics built in code (golden text)."""

from __future__ import annotations

import io
import json

import pytest
from swiss_edits import cli_run, swiss_fault

from trfkit.check_many import unreadable
from trfkit.diagnostic_codes import CODES
from trfkit.diagnostics import Location, make
from trfkit.render.diagnostics import FileReport, render, summarize
from trfkit.render.diagnostics.ci import OFF_BY_DEFAULT, escape_data, escape_property
from trfkit.render.diagnostics.machine import from_dict, to_dict
from trfkit.schema import iter_schema_errors

LINE_3 = "001    3      Player 3" + " " * 59 + "1.5    3     6 b =     4 b 1"
LINE_6 = "001    6      Player 6" + " " * 59 + "1.5    4     3 b =     5 w 1"
ASYM = make(
    "T303",
    "round 1: players 3 and 6 both have black",
    6,
    97,
    97,
    file="a.trf",
    related=Location("a.trf", 3, 97, 97),
    model_path="players[5].rounds[0]",
)
POINTS = make(
    "T401", "player 3 declares 2.5 points but the results give 1.5", 3, 81, 84, file="a.trf"
)
ASSUMED = make("T403", "no scoring system is declared", 1, 1, file="b.trf")
REPORTS = [
    FileReport("a.trf", (POINTS, ASYM), {3: LINE_3, 6: LINE_6}),
    FileReport("b.trf", (ASSUMED,)),
]


def rendered(fmt: str, reports: list[FileReport] = REPORTS, **kw: bool) -> str:
    out = io.StringIO()
    render(fmt, reports, out, **kw)
    return out.getvalue()


def test_text_is_one_located_line_a_diagnostic_then_the_summary() -> None:
    assert rendered("text") == (
        "a.trf:3:81: T401 player 3 declares 2.5 points but the results give 1.5\n"
        "a.trf:6:97: T303 round 1: players 3 and 6 both have black\n"
        "b.trf:1:1: T403 no scoring system is declared\n"
        "Found 3 problems (2 errors, 1 info) in 2 files.\n"
    )


def test_text_without_problems_and_with_unreadable_input() -> None:
    reports = [FileReport("ok.trf"), unreadable("gone.trf", "gone.trf: no such file")]
    assert rendered("text", reports) == (
        "gone.trf:1:1: T014 no such file\n"
        "Found 1 problem (1 error) in 1 file checked, "
        "1 unreadable.\n"
    )


def test_full_quotes_the_line_with_a_caret_under_the_field() -> None:
    text = rendered("full")
    block = text.split("\n\n")[1]
    assert block.splitlines() == [
        "a.trf:6:97: T303 round 1: players 3 and 6 both have black [error]",
        "   |",
        " 6 | " + LINE_6,
        "   | " + " " * 96 + "^",
        "   = related: a.trf:3:97",
        " 3 | " + LINE_3,
        "   | " + " " * 96 + "^",
        "   = help: Both players of a game have the same colour.",
    ]
    points = text.split("\n\n")[0].splitlines()
    assert points[3] == "   | " + " " * 80 + "^^^^"
    assert LINE_3[80:84] == " 1.5"
    file_level = text.split("\n\n")[2].splitlines()
    assert file_level == [
        "b.trf:1:1: T403 no scoring system is declared [info]",
        "   = help: " + CODES["T403"].summary,
    ]
    assert text.endswith("Found 3 problems (2 errors, 1 info) in 2 files.\n")


def test_json_matches_the_published_schema() -> None:
    data = json.loads(rendered("json"))
    assert list(iter_schema_errors("diagnostics", data)) == []
    first = data["diagnostics"][1]
    assert first == {
        "code": "T303",
        "name": "color-conflict",
        "severity": "error",
        "message": "round 1: players 3 and 6 both have black",
        "filename": "a.trf",
        "location": {"row": 6, "column": 97},
        "end_location": {"row": 6, "column": 97},
        "related": {
            "filename": "a.trf",
            "location": {"row": 3, "column": 97},
            "end_location": {"row": 3, "column": 97},
        },
        "hint": None,
        "model_path": "players[5].rounds[0]",
        "url": "docs/rules.md#t303-color-conflict",
    }
    assert data["summary"] == {
        "files": 2,
        "unreadable": 0,
        "errors": 2,
        "warnings": 0,
        "infos": 1,
        "total": 3,
        "by_code": {"T303": 1, "T401": 1, "T403": 1},
        "skipped": 0,
        "hidden": 0,
    }


def test_schema_rejects_a_malformed_document() -> None:
    data = json.loads(rendered("json"))
    data["diagnostics"][0]["severity"] = "fatal"
    del data["summary"]["total"]
    assert len(list(iter_schema_errors("diagnostics", data))) == 2


def test_jsonl_is_one_diagnostic_per_line_and_round_trips() -> None:
    lines = rendered("jsonl").splitlines()
    assert [json.loads(line)["code"] for line in lines] == ["T401", "T303", "T403"]
    assert [from_dict(json.loads(line)) for line in lines] == [POINTS, ASYM, ASSUMED]
    assert from_dict(to_dict(ASYM)) == ASYM


def test_github_writes_one_workflow_command_a_diagnostic_at_its_span() -> None:
    assert rendered("github").splitlines() == [
        (
            "::error title=T401 points-mismatch,file=a.trf,line=3,col=81,endLine=3,endColumn=84::"
            "player 3 declares 2.5 points but the results give 1.5"
        ),
        (
            "::error title=T303 color-conflict,file=a.trf,line=6,col=97,endLine=6,endColumn=97::"
            "round 1: players 3 and 6 both have black"
        ),
        (
            "::notice title=T403 scoring-system-assumed,file=b.trf,line=1,col=1,endLine=1::"
            "no scoring system is declared"
        ),
    ]


def test_github_escaping_keeps_one_line_per_annotation() -> None:
    hinted = make(
        "T002", "50% sure: cp1252\r\nor latin-1", file="dir,x/a:b.trf", hint="save as UTF-8"
    )
    [line] = rendered("github", [FileReport("x", (hinted,))]).splitlines()
    assert line == (
        "::notice title=T002 encoding-guessed,file=dir%2Cx/a%3Ab.trf,line=1,col=1,"
        "endLine=1::50%25 sure: cp1252%0D%0Aor latin-1%0Ahelp: save as UTF-8"
    )
    assert escape_property("a:b,c%") == "a%3Ab%2Cc%25"
    assert escape_data("a\nb") == "a%0Ab"


def test_github_escapes_other_control_characters() -> None:
    # CR/LF keep GitHub's %0D/%0A; ESC, BEL, DEL and a bidi override are shown as escapes,
    # in the message and in the file property alike, so the raw log never obeys them.
    evil = make("T103", "rating '2\x1b[31m0' is\x07 bad\u202e", file="e\x1b]8;;x\x07.trf")
    [line] = rendered("github", [FileReport("x", (evil,))]).splitlines()
    assert line == (
        "::error title=T103 field-not-numeric,file=e\\x1b]8;;x\\x07.trf,line=1,"
        "col=1,endLine=1::rating '2\\x1b[31m0' is\\x07 bad\\u202e"
    )
    assert escape_data("a\x7f\r\n\tb") == "a\\x7f%0D%0A\\tb"


def test_sarif_lists_every_rule_and_points_each_result_at_its_rule_and_span() -> None:
    doc = json.loads(rendered("sarif"))
    assert doc["version"] == "2.1.0"
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert run["tool"]["driver"]["name"] == "trfkit"
    # every default rule; a profile's (off by default) only when a result uses it
    assert [r["id"] for r in rules] == sorted(set(CODES) - OFF_BY_DEFAULT)
    first, second, third = run["results"]
    assert rules[second["ruleIndex"]]["id"] == "T303"
    assert rules[second["ruleIndex"]]["defaultConfiguration"] == {"level": "error"}
    assert second["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "a.trf"},
        "region": {"startLine": 6, "startColumn": 97, "endColumn": 98},
    }
    assert second["relatedLocations"][0]["physicalLocation"]["region"] == {
        "startLine": 3,
        "startColumn": 97,
        "endColumn": 98,
    }
    assert first["locations"][0]["physicalLocation"]["region"]["endColumn"] == 85
    assert "relatedLocations" not in first
    assert (
        third["level"] == "note" and rules[third["ruleIndex"]]["name"] == "scoring-system-assumed"
    )


def test_sarif_matches_the_official_schema_shape() -> None:
    # The full SARIF schema is not vendored; check the properties code-scanning needs.
    doc = json.loads(rendered("sarif"))
    for result in doc["runs"][0]["results"]:
        assert set(result) >= {"ruleId", "ruleIndex", "level", "message", "locations"}
        assert result["level"] in ("error", "warning", "note")


@pytest.mark.parametrize("fmt", ["text", "full", "github"])
def test_statistics_table(fmt: str) -> None:
    more = REPORTS + [FileReport("c.trf", (make("T401", "x", 5, 81, 84, file="c.trf"),))]
    assert rendered(fmt, more, with_statistics=True).splitlines() == [
        "2  T401  points-mismatch                  [error]",
        "1  T303  color-conflict                   [error]",
        "1  T403  scoring-system-assumed           [info]",
        "Found 4 problems (3 errors, 1 info) in 3 files.",
    ]


def test_statistics_json_counts_each_code_once_with_its_severity() -> None:
    assert json.loads(rendered("json", REPORTS, with_statistics=True)) == [
        {"code": "T303", "name": "color-conflict", "severity": "error", "count": 1},
        {"code": "T401", "name": "points-mismatch", "severity": "error", "count": 1},
        {"code": "T403", "name": "scoring-system-assumed", "severity": "info", "count": 1},
    ]


def test_summary_counts_files_and_diagnostics_by_severity() -> None:
    summary = summarize(REPORTS)
    assert (summary.files, summary.errors, summary.warnings, summary.infos, summary.total) == (
        2,
        2,
        0,
        1,
        3,
    )


def test_jsonl_lines_match_the_schema_diagnostic_definition() -> None:
    import jsonschema

    from trfkit.schema import load_schema

    schema = {**load_schema("diagnostics"), "$ref": "#/$defs/Diagnostic"}
    schema.pop("required"), schema.pop("properties"), schema.pop("additionalProperties")
    for line in rendered("jsonl").splitlines():
        jsonschema.validate(json.loads(line), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**to_dict(ASYM), "code": "X302"}, schema)


def test_sarif_is_2_1_0_with_rule_metadata() -> None:
    out = cli_run("check", "-", "--output-format", "sarif", stdin=swiss_fault("points")).stdout
    log = json.loads(out)
    assert log["version"] == "2.1.0" and "sarif-2.1.0" in log["$schema"]
    run0 = log["runs"][0]
    rules = run0["tool"]["driver"]["rules"]
    result = next(r for r in run0["results"] if r["ruleId"] == "T401")
    assert rules[result["ruleIndex"]]["id"] == "T401" and result["level"] == "error"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (13, 81)
