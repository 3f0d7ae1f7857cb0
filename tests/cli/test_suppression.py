"""``### trfkit: ignore CODES REASON``: a file's own exceptions, T040 when unused, T041 without
a reason; suppressed diagnostics are not shown and do not count for the exit status."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swiss_edits import SWISS, cli_run

import trfkit
from trfkit.schema import iter_schema_errors

#: samples/swiss.trf with player 1 declaring 9.5 points: T401 at 13:81, T402 at 14:86
#: (and the T403 info at 1:1); the comment goes at line 24, after XXR.
REASON = "player 1's score was confirmed by the chief arbiter"


def swiss_with(*comments: str) -> str:
    lines = SWISS.read_text(encoding="ascii").split("\n")[:-1]
    lines[12] = lines[12][:80] + " 9.5" + lines[12][84:]
    return "\n".join([*lines, *comments]) + "\n"


def check(tmp_path: Path, text: str, *args: str) -> tuple[int, list[str], dict[str, int]]:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="ascii")
    result = cli_run("check", str(path), "--isolated", "--output-format", "json", *args)
    document = json.loads(result.stdout)
    assert list(iter_schema_errors("diagnostics", document)) == []
    found = [
        f"{d['location']['row']}:{d['location']['column']} {d['code']}"
        for d in document["diagnostics"]
    ]
    return result.exit_code, found, document["summary"]


def test_a_suppression_hides_its_codes_and_the_exit_status_ignores_them(tmp_path: Path) -> None:
    status, found, summary = check(tmp_path, swiss_with(f"### trfkit: ignore T401, T402 {REASON}"))
    assert (status, found) == (0, ["1:1 T403"])
    assert summary["suppressed"] == 2 and summary["errors"] == 0
    status, found, summary = check(tmp_path, swiss_with())
    assert (status, found) == (1, ["1:1 T403", "13:81 T401", "14:86 T402"])
    assert "suppressed" not in summary  # the key appears only when something was suppressed


def test_an_unused_suppression_is_reported_at_its_code(tmp_path: Path) -> None:
    text = swiss_with(
        f"### trfkit: ignore T401,T505 {REASON}",  # T505 is checked and absent
        "### trfkit: ignore T499 mistyped",  # no such code
        "### trfkit: ignroe T402 mistyped",  # no directive: nothing suppressed
    )
    status, found, summary = check(tmp_path, text)
    assert (status, found) == (
        1,
        ["1:1 T403", "14:86 T402", "24:25 T040", "25:20 T040", "26:1 T041"],
    )
    assert summary["suppressed"] == 1
    # a code left out of the check (--ignore T505) cannot be called unused
    status, found, _ = check(tmp_path, text, "--ignore", "T505")
    assert found == ["1:1 T403", "14:86 T402", "25:20 T040", "26:1 T041"]
    # and the reports about the comments are codes like the others
    status, found, _ = check(tmp_path, text, "--ignore", "T04")
    assert (status, found) == (1, ["1:1 T403", "14:86 T402"])


def test_a_suppression_without_reason_still_suppresses_with_a_warning(tmp_path: Path) -> None:
    status, found, _ = check(tmp_path, swiss_with("### trfkit: ignore T401,T402"))
    assert (status, found) == (0, ["1:1 T403", "24:1 T041"])
    status, _, _ = check(
        tmp_path, swiss_with("### trfkit: ignore T401,T402"), "--fail-on", "warning"
    )
    assert status == 1


def test_what_cannot_be_suppressed(tmp_path: Path) -> None:
    status, found, _ = check(tmp_path, swiss_with(f"### trfkit: ignore T401,T402,T999 {REASON}"))
    assert (status, found) == (0, ["1:1 T403", "24:30 T040"])
    assert (
        "cannot be suppressed" in cli_run("check", str(tmp_path / "event.trf"), "--isolated").stdout
    )


def test_text_summary_statistics_and_other_commands(tmp_path: Path) -> None:
    path = tmp_path / "event.trf"
    path.write_text(swiss_with(f"### trfkit: ignore T401 {REASON}"), encoding="ascii")
    out = cli_run("check", str(path), "--isolated").stdout
    assert out.endswith(
        "Found 1 problem (1 error) in 1 file. 1 info hidden (-v shows them). "
        "1 suppressed by ### trfkit: ignore comments.\n"
    )
    stats = cli_run("check", str(path), "--isolated", "--statistics").stdout
    assert "T401" not in stats and "1 suppressed by ### trfkit: ignore comments." in stats
    # every command counts what check counts
    info = json.loads(cli_run("info", str(path), "--to", "json").stdout)
    assert info["diagnostics"] == {"error": 1, "warning": 0, "info": 1}
    # the library's validate too, and the comment survives TRF -> JSON -> the check
    assert [d.code for d in trfkit.validate(trfkit.load(path))] == ["T403", "T402"]
    json_path = tmp_path / "event.json"
    json_path.write_text(cli_run("convert", str(path), "--to", "json").stdout, encoding="utf-8")
    assert [d.code for d in trfkit.validate(trfkit.load(json_path))] == ["T403", "T402"]


@pytest.mark.parametrize("extra", [[], ["-j", "2"]])
def test_suppressed_counts_come_back_from_workers_and_the_cache(
    tmp_path: Path, extra: list[str]
) -> None:
    for name in ("a.trf", "b.trf"):
        (tmp_path / name).write_text(
            swiss_with(f"### trfkit: ignore T401 {REASON}"), encoding="ascii"
        )
    cache = str(tmp_path / ".cache")
    for _ in range(2):  # fresh, then from the cache
        result = cli_run(
            "check",
            str(tmp_path / "a.trf"),
            str(tmp_path / "b.trf"),
            "--isolated",
            "-q",
            "--output-format",
            "json",
            "--cache-dir",
            cache,
            *extra,
        )
        summary = json.loads(result.stdout)["summary"]
        assert (summary["suppressed"], summary["errors"]) == (2, 2)
