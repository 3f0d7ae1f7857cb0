"""Which files ``trfkit check DIR`` takes, what it says about the others, and how it
reports unreadable inputs and infos.

Before: a walk took only TRF-like names (no .html/.htm/.xml/.json/.xlsx although trfkit
reads them) and said nothing about what it passed over; a missing file was only an
stderr line ("No problems found ... 1 could not be read."); infos were most of the
output. Now every readable format is taken, files of a shared extension only when
their content is a tournament format (the rest are counted as skipped), an unreadable
input is a located T014 in every format, and infos are hidden from people by default.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from cr_fixtures import page
from swiss_edits import cli_run, swiss_fault

from trfkit.check_many import DEFAULT_GLOBS, Settings, collect, run
from trfkit.cli import cli
from trfkit.diagnostics import Diagnostic
from trfkit.formats.json_io import write_json
from trfkit.formats.sniff import looks_like_report
from trfkit.formats.trf.reader import read_trf

ROOT = Path(__file__).resolve().parents[2]
SWISS = ROOT / "samples" / "swiss.trf"
RULES = Path(__file__).resolve().parents[1] / "data" / "rules"
GOOD = RULES / "T303-color-conflict.clean.trf"
BAD = RULES / "T303-color-conflict.trf"


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """Reports in every format a directory of a federation holds, and the texts beside them."""
    root = tmp_path / "reports"
    (root / "web").mkdir(parents=True)
    (root / "a.trf").write_bytes(GOOD.read_bytes())
    (root / "export.txt").write_bytes(GOOD.read_bytes())  # a TRF saved as .txt
    (root / "event.json").write_text(
        write_json(read_trf(SWISS.read_bytes()).tournament), encoding="utf-8"
    )
    (root / "web" / "crosstable.HTM").write_bytes(
        page([["Rk.", "Name", "Pts."], ["1", "Doe, John", "1"]])
    )
    (root / "package.json").write_text('{"name": "reports", "private": true}\n')
    (root / "notes.txt").write_text("### Notes\n\nRound 3 was replayed.\n")
    (root / "web" / "index.html").write_text("<!DOCTYPE html><html><body>Club</body></html>")
    (root / "feed.xml").write_text('<?xml version="1.0"?><rss><channel/></rss>\n')
    (root / "README.md").write_text("### Reports\n")
    (root / "LICENSE").write_text("MIT License\n")
    return root


def test_a_walk_takes_every_format_and_skips_what_is_no_report(tree: Path) -> None:
    reports = run(list(collect([str(tree)])), Settings())
    taken = {Path(r.path).name: r.skipped for r in reports}
    assert taken == {
        "a.trf": None,
        "export.txt": None,
        "event.json": None,
        "crosstable.HTM": None,
        "package.json": "not a tournament file",
        "notes.txt": "not a tournament file",
        "index.html": "not a tournament file",
        "feed.xml": "not a tournament file",
        # names no format of trfkit has: passed over unread, and counted
        "README.md": "not a tournament file",
        "LICENSE": "not a tournament file",
    }


def test_the_summary_counts_the_skipped_files(tree: Path) -> None:
    status, out, err = invoke("check", str(tree), "--select", "T3")
    assert out.splitlines()[-1] == (
        "No problems found in 4 files. 6 files skipped (not tournament files)."
    )
    assert err.strip().endswith("; 6 skipped (not tournament files)")  # as convert says
    status, out, _ = invoke("check", str(tree), "--output-format", "json")
    summary = json.loads(out)["summary"]
    assert (summary["files"], summary["skipped"]) == (4, 6)


def test_cached_runs_count_the_skipped_files_too(tree: Path, tmp_path: Path) -> None:
    for _ in range(2):  # the second run answers from the cache
        _, out, _ = invoke(
            "check", str(tree), "--select", "T3", "--cache-dir", str(tmp_path / "cache")
        )
        assert out.splitlines()[-1].endswith("6 files skipped (not tournament files).")


@pytest.mark.parametrize(
    ("head", "report"),
    [
        (b"012 Club Championship\n001    1 ...", True),
        (b"\xef\xbb\xbf012 With a byte-order mark\r\n", True),
        ("012 UTF-16 export\r\n".encode("utf-16"), True),
        (b"XXR 9\n", True),
        (b"\r### exported by an engine\r012 CR-only line ends\r", True),
        (b"### Notes\n\nA heading is no record.\n", False),
        (b"MIT License\n\nCopyright 2026\n", False),
        (b'{"format": "trfkit-tournament", "version": 1}', True),
        (b'{"name": "reports"}', False),
        (b"<?xml version='1.0'?><chessresults><tournamentdata/></chessresults>", True),
        (b"<!DOCTYPE html><html><title>Chess-Results Server</title>", True),
        (b"<!DOCTYPE html><html><title>Club news</title>", False),
    ],
)
def test_content_test_of_shared_extensions(head: bytes, report: bool) -> None:
    assert looks_like_report(head) is report


def test_named_files_are_checked_unless_force_exclude(tree: Path) -> None:
    named = [str(tree / "package.json"), str(tree / "README.md"), str(tree / "a.trf")]
    status, out, _ = invoke("check", *named, "--select", "T0")
    assert status == 1 and f"{tree / 'package.json'}:1:1: T006 " in out
    status, out, _ = invoke("check", *named, "--force-exclude")
    assert status == 0
    assert out.splitlines()[-1] == (
        "No problems found in 1 file. 2 files skipped (not tournament files)."
    )


def test_convert_dir_takes_the_selection_of_check_and_counts_what_it_skipped(
    tree: Path, tmp_path: Path
) -> None:
    """Before: convert DIR took every file, so a README or LICENSE beside the reports was
    a T006 and the batch exited 1."""
    out = tmp_path / "out"
    status, _, err = invoke("convert", str(tree), "-o", str(out), "--to", "trf")
    written = sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and not p.name.startswith(".")
    )
    assert written == ["a.trf", "event.trf", "export.txt.trf", "web/crosstable.HTM.trf"]
    assert "T006" not in err and "nothing to convert" not in err
    assert "; 6 skipped (not tournament files), 4 written" in err
    assert status == invoke("check", str(tree))[0]  # exits as check does on the same tree
    status, _, err = invoke(
        "convert", str(tree), "-o", str(tmp_path / "all"), "--to", "trf", "--glob", "*"
    )  # an explicit --glob replaces the selection
    assert status == 1 and f"{tree / 'LICENSE'}:1:1: T006 " in err
    assert (tmp_path / "all" / "a.trf").is_file()
    assert not (tmp_path / "all" / "LICENSE.trf").exists()


def test_convert_dir_report_counts_the_skipped_files(tree: Path, tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    invoke("convert", str(tree), "-o", str(tmp_path / "out"), "--report", str(report), "-q")
    summary = json.loads(report.read_text(encoding="utf-8"))["summary"]
    assert (summary["files"], summary["skipped"], summary["unreadable"]) == (4, 6, 0)


def test_pre_commit_hook_takes_the_names_of_the_default_selection() -> None:
    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    text = text.split("- id: trfkit-fix", 1)[0]  # the check hook (fix takes TRF names only)
    (files,) = re.findall(r"^\s*files:\s*'(.+)'\s*$", text, flags=re.M)
    (alternatives,) = re.findall(r"\\\.\((.+)\)\$", files)
    assert set(alternatives.split("|")) == {glob[2:] for glob in DEFAULT_GLOBS}
    pattern = re.compile(files)
    for glob in DEFAULT_GLOBS:
        assert pattern.search("reports/Event" + glob[1:].upper()), glob
    for other in ("README.md", "LICENSE", "game.pgn", "a.trf.bak"):
        assert not pattern.search(other), other
    assert "entry: trfkit check --force-exclude" in text


# ---------------------------------------------------------------- unreadable inputs


def test_a_missing_input_is_located_in_text() -> None:
    status, out, err = invoke("check", "gone.trf")
    assert status == 2
    assert out == (
        "gone.trf:1:1: T014 no such file or directory\n"
        "Found 1 problem (1 error) in 0 files checked, 1 unreadable.\n"
    )
    assert "No problems found" not in out + err


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_a_missing_input_is_located_in_json(fmt: str) -> None:
    status, out, _ = invoke("check", "gone.trf", str(GOOD), "--output-format", fmt)
    lines = [json.loads(out)] if fmt == "json" else [json.loads(x) for x in out.splitlines()]
    found = lines[0]["diagnostics"] if fmt == "json" else lines
    assert status == 2
    assert [(d["code"], d["filename"], d["location"], d["severity"]) for d in found] == [
        ("T014", "gone.trf", {"row": 1, "column": 1}, "error")
    ]
    if fmt == "json":
        assert (lines[0]["summary"]["files"], lines[0]["summary"]["unreadable"]) == (2, 1)


def test_a_missing_input_is_an_annotation_and_a_sarif_result() -> None:
    status, out, _ = invoke("check", "gone.trf", "--output-format", "github")
    assert status == 2
    assert out == (
        "::error title=T014 unreadable-input,file=gone.trf,line=1,col=1,endLine=1"
        "::no such file or directory\n"
    )
    status, out, _ = invoke("check", "gone.trf", "--output-format", "sarif")
    (result,) = json.loads(out)["runs"][0]["results"]
    assert (result["ruleId"], result["level"]) == ("T014", "error")
    assert result["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "gone.trf"},
        "region": {"startLine": 1, "startColumn": 1},
    }


def test_an_unreadable_pattern_is_located_too(tmp_path: Path) -> None:
    status, out, _ = invoke("check", f"{tmp_path}/*.trf")
    assert status == 2
    assert out.startswith(f"{tmp_path}/*.trf:1:1: T014 no file matches this pattern\n")


# ---------------------------------------------------------------- what is shown


def test_infos_are_hidden_from_people_by_default() -> None:
    status, out, _ = invoke("check", str(SWISS))
    assert (status, out) == (0, "No problems found in 1 file. 1 info hidden (-v shows them).\n")
    for show in (["-v"], ["--min-severity", "info"]):
        status, out, _ = invoke("check", str(SWISS), *show)
        assert out.splitlines() == [
            f"{SWISS}:1:1: T403 no scoring system is declared (162, XXS or BB?); points were "
            "checked against 1 for a win, 1/2 for a draw, 0 for a loss",
            "Found 1 problem (1 info) in 1 file.",
        ]


def test_github_annotations_have_no_notice_per_file_by_default() -> None:
    assert invoke("check", str(SWISS), "--output-format", "github")[1] == ""
    assert invoke("check", str(SWISS), "--output-format", "github", "-v")[1].startswith(
        "::notice title=T403 "
    )


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_machine_formats_keep_every_diagnostic(fmt: str) -> None:
    doc = json.loads(invoke("check", str(SWISS), "--output-format", fmt)[1])
    # the sample's one diagnostic is the T403 info a person does not see by default
    found = (
        [(d["code"], d["severity"]) for d in doc["diagnostics"]]
        if fmt == "json"
        else [(r["ruleId"], r["level"]) for r in doc["runs"][0]["results"]]
    )
    assert found == [("T403", "info" if fmt == "json" else "note")]


def test_min_severity_error_hides_warnings_and_the_exit_status_still_counts_them(
    tmp_path: Path,
) -> None:
    path = tmp_path / "warn.trf"  # T108: a warning (column 4 of 012 not blank)
    path.write_text(GOOD.read_text(encoding="ascii").replace("012 ", "012X", 1), encoding="ascii")
    status, out, _ = invoke("check", str(path), "--min-severity", "error", "--fail-on", "warning")
    assert status == 1
    assert out == (
        "No errors found in 1 file. "  # (a hidden warning is still a problem)
        "1 warning or info hidden (-v shows them).\n"
    )
    path.write_text(
        GOOD.read_text(encoding="ascii").replace("012 ", "012X", 1).replace("022 ", "022X", 1),
        encoding="ascii",
    )  # two T108
    out = invoke("check", str(path), "--min-severity", "error", "-v")[1]
    assert out.startswith(f"{path}:")  # -v wins over --min-severity
    out = invoke("check", str(path), "--min-severity", "error")[1]
    assert out == "No errors found in 1 file. 2 warnings or infos hidden (-v shows them).\n"


def test_fail_on_info_shows_the_infos_it_fails_on() -> None:
    status, out, _ = invoke("check", str(SWISS), "--fail-on", "info")
    assert status == 1 and " T403 " in out


def test_report_file_keeps_the_hidden_infos(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    status, out, _ = invoke("check", str(SWISS), "--report", str(report))
    assert out.endswith("1 info hidden (-v shows them).\n")
    assert [d["code"] for d in json.loads(report.read_text())["diagnostics"]] == ["T403"]


# ---------------------------------------------------------------- convert's options


def test_convert_hides_infos_and_takes_select_and_ignore(tmp_path: Path) -> None:
    cp1252 = ROOT / "samples" / "cp1252.trf"
    status, _, err = invoke("convert", str(cp1252), "--to", "json")
    assert (status, err) == (0, "")
    status, _, err = invoke("convert", str(cp1252), "--to", "json", "-v")
    assert status == 0 and f"{cp1252}:1:1: T002 " in err
    bad = tmp_path / "date.trf"  # T106: an error the reader finds
    bad.write_text(
        GOOD.read_text(encoding="ascii").replace("042 2024/03/02", "042 someday"), encoding="ascii"
    )
    status, _, err = invoke("convert", str(bad), "--to", "json", "-o", str(tmp_path / "o.json"))
    assert status == 1 and f"{bad}:4:5: T106 " in err
    status, _, err = invoke(
        "convert", str(bad), "--to", "json", "--ignore", "T106", "-o", str(tmp_path / "o.json")
    )
    assert (status, err) == (0, "")
    status, _, err = invoke(
        "convert", str(bad), "--to", "json", "--select", "T2", "-o", str(tmp_path / "o.json")
    )
    assert (status, err) == (0, "")
    assert invoke("convert", str(bad), "--select", "T77")[0] == 2


def test_convert_batch_filters_the_same_way(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.trf").write_text(
        GOOD.read_text(encoding="ascii").replace("042 2024/03/02", "042 someday"), encoding="ascii"
    )
    (src / "b.trf").write_bytes((ROOT / "samples" / "cp1252.trf").read_bytes())
    status, _, err = invoke(
        "convert", str(src), "-o", str(tmp_path / "out"), "-q", "--ignore", "T106"
    )
    assert (status, err) == (0, "")
    status, _, err = invoke("convert", str(src), "-o", str(tmp_path / "out2"), "-q", "-v")
    assert status == 1 and " T106 " in err and " T002 " in err


def test_nothing_to_convert_exits_1_even_when_its_error_is_ignored(tmp_path: Path) -> None:
    header = tmp_path / "h.trf"
    header.write_text("012 Club Championship\n", encoding="ascii")
    status, _, err = invoke("convert", str(header), "--ignore", "T013")
    assert status == 1 and "nothing to convert" in err
    assert f"{header}:1:1: T013 " in err  # said whatever the selection, as by check


@pytest.mark.parametrize("args", [("--select", "T3"), ("--ignore", "T006"), ("--select", "T2")])
def test_a_selection_never_turns_nothing_checked_into_no_problems(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    """Before: ``check notes.md --select T3`` said "No problems found", exit 0, for a file
    that was never checked (a selection hid its T006); convert exited 1 on it."""
    note = tmp_path / "notes.md"
    note.write_text("### Notes\n\nRound 3 was replayed.\n", encoding="ascii")
    status, out, _ = invoke("check", str(note), *args)
    assert status == 1
    assert out == (
        f"{note}:1:1: T006 no 001 player or ??2 tournament record found: not a TRF "
        "file\nFound 1 problem (1 error) in 1 file.\n"
    )
    assert [d.code for d in validate_note(note, args)] == ["T006"]


def validate_note(path: Path, args: tuple[str, ...]) -> list[Diagnostic]:
    """The library's validate with the same selection: it reports T006 as well."""
    import trfkit

    option = {"--select": "select", "--ignore": "ignore"}[args[0]]
    return trfkit.validate(trfkit.load(path), **{option: args[1]})


def test_a_page_that_only_links_to_chess_results_is_skipped(tmp_path: Path) -> None:
    """Before: a club page naming chess-results passed the content test and was a T629
    error, so ``check DIR`` failed on a tree of clean reports (a false red)."""
    root = tmp_path / "site"
    root.mkdir()
    (root / "a.trf").write_bytes(GOOD.read_bytes())
    (root / "index.html").write_text(
        '<!DOCTYPE html><html><body><p>Results: <a href="https://chess-results.com/'
        'tnr1.aspx">chess-results</a></p></body></html>',
        encoding="ascii",
    )
    status, out, _ = invoke("check", str(root))
    assert status == 0
    assert out == "No problems found in 1 file. 1 file skipped (not tournament files).\n"
    status, _, err = invoke("convert", str(root), "-o", str(tmp_path / "out"))
    assert status == 0 and "; 1 skipped (not tournament files), 1 written" in err
    status, out, _ = invoke("check", str(root / "index.html"))  # named: checked, as ruff does
    assert status == 1 and " T629 " in out


def test_a_spreadsheet_without_a_tournament_table_is_skipped(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    root = tmp_path / "club"
    root.mkdir()
    (root / "a.trf").write_bytes(GOOD.read_bytes())
    book = openpyxl.Workbook()
    book.active.append(["Item", "Cost"])
    book.active.append(["Boards", 120])
    book.save(root / "budget.xlsx")
    status, out, _ = invoke("check", str(root))
    assert status == 0
    assert out == "No problems found in 1 file. 1 file skipped (not tournament files).\n"


def test_a_tree_with_nothing_to_take_is_a_usage_error_for_both_commands(tmp_path: Path) -> None:
    """Before: check exited 2 ("no files to check") and convert 0 on the same empty tree."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "README.md").write_text("### Reports\n")
    status, _, err = invoke("check", str(tmp_path / "in"))
    assert status == 2 and "no files to check (see --glob)" in err
    status, _, err = invoke("convert", str(tmp_path / "in"), "-o", str(tmp_path / "out"))
    assert status == 2 and "no files to convert (see --glob)" in err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["check", "convert"])
def test_a_report_path_naming_a_directory_is_refused_before_any_work(
    tmp_path: Path, command: str
) -> None:
    """Before: ``--report out/`` wrote a file named ``out`` (and an existing directory
    failed only after the whole batch)."""
    out = ["-o", str(tmp_path / "converted")] if command == "convert" else []
    for report in (f"{tmp_path / 'new'}/", str(tmp_path)):
        status, stdout, err = invoke(command, str(SWISS), *out, "--report", report)
        assert (status, stdout) == (2, "")
        assert f"{report}: names a directory; --report needs a file name" in err
    assert not (tmp_path / "new").exists() and not (tmp_path / "converted").exists()


def test_check_selection_fail_on_exit_zero_and_formats() -> None:
    bad = swiss_fault("points")
    # longest prefix wins: T40 ignored beats T4 selected
    kept = cli_run("check", "-", "--select", "T4", "--ignore", "T40", stdin=bad)
    assert "No problems" in kept.stdout
    only = cli_run("check", "-", "--ignore", "T4", "--select", "T401", stdin=bad)
    assert only.exit_code == 1 and [x.split()[1] for x in only.stdout.splitlines()[:-1]] == ["T401"]
    assert cli_run("check", "-", "--exit-zero", stdin=bad).exit_code == 0
    clean = SWISS.read_bytes()  # only T403 (info)
    assert cli_run("check", "-", stdin=clean).exit_code == 0
    assert cli_run("check", "-", "--fail-on", "info", stdin=clean).exit_code == 1
    doc = json.loads(cli_run("check", "-", "--output-format", "json", stdin=bad).stdout)
    assert set(doc) >= {"diagnostics", "summary"} and doc["summary"]["by_code"]["T401"] == 1
    gh = cli_run(
        "check", "-", "--output-format", "github", "--stdin-display-name", "e.trf", stdin=bad
    ).stdout
    assert "::error title=T401 points-mismatch,file=e.trf,line=13,col=81," in gh
    stats = cli_run("check", "-", "--statistics", stdin=bad).stdout
    assert any(x.split()[:2] == ["1", "T401"] for x in stats.splitlines())
    jl = cli_run("check", "-", "--output-format", "jsonl", stdin=bad).stdout.splitlines()
    assert {json.loads(x)["code"] for x in jl} == {"T401", "T403"}


def test_check_directories_glob_and_workers(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.trf").write_bytes(swiss_fault("points"))
    (tmp_path / "d" / "b.txt").write_bytes(swiss_fault("points"))
    (tmp_path / "d" / "c.dat").write_bytes(swiss_fault("points"))
    both = cli_run("check", tmp_path / "d", "-j", "2", "--select", "T401").stdout
    names = sorted({Path(x.split(":")[0]).name for x in both.splitlines()[:-1]})
    assert names == ["a.trf", "b.txt"]
    only = cli_run("check", tmp_path / "d", "--glob", "*.trf", "--select", "T401").stdout
    assert {Path(x.split(":")[0]).name for x in only.splitlines()[:-1]} == {"a.trf"}
