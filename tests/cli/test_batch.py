"""Batch runs: lazy inputs, ordered streaming workers, ``convert DIR -o OUT`` safety and resume."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import pickle
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from swiss_edits import SWISS, cli_run

from trfkit.check_many import Outcome
from trfkit.cli import cli
from trfkit.cli.many_files import Progress, Tally, report_format
from trfkit.diagnostics import Location, make
from trfkit.input_paths import iter_inputs
from trfkit.parallel import ordered_map
from trfkit.render.diagnostics import FileReport

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate_trf


def tree(root: Path, files: int = 6, players: int = 20) -> dict[str, bytes]:
    """``files`` clean generated tournaments spread over sub-directories."""
    written = {}
    for seed in range(files):
        rel = Path(f"club{seed % 3}") / ("2025" if seed % 2 else "") / f"event{seed:03d}.trf"
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(generate_trf(players, 5, seed), encoding="utf-8")
        written[rel.as_posix()] = path.read_bytes()
    return written


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file below ``root`` (hidden ones included: a stray temporary file counts)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


# ------------------------------------------------------------------------------ inputs


def test_inputs_are_lazy_ordered_and_carry_their_relative_path(tmp_path: Path) -> None:
    tree(tmp_path / "in", 4)
    (tmp_path / "in" / ".hidden.trf").write_text("x")
    (tmp_path / "in" / "notes.doc").write_text("x")
    single = tmp_path / "in" / "club1" / "2025" / "event001.trf"
    found = iter_inputs(
        [
            str(tmp_path / "in"),
            str(single),
            str(tmp_path / "in" / "club0" / "*.trf"),
            str(tmp_path / "nope.trf"),
        ],
        ("*.trf",),
    )
    first = next(found)
    # lazy: a folder is read when the walk reaches it, so a file written now is found
    (tmp_path / "in" / "club2" / "late.trf").write_text("x")
    items = [first, *found]
    assert [i.rel for i in items] == [
        "club0/event000.trf",
        "club0/2025/event003.trf",
        "club1/2025/event001.trf",
        "club2/event002.trf",
        "club2/late.trf",
        "nope.trf",
    ]  # the repeated file and glob hit come once
    assert items[-1].missing == f"{tmp_path / 'nope.trf'}: no such file or directory"
    pattern = str(tmp_path / "in" / "**" / "event00[12].trf")
    assert [i.rel for i in iter_inputs([pattern])] == [
        "club1/2025/event001.trf",
        "club2/event002.trf",
    ]


# ------------------------------------------------------------------------------ ordered map


def _slow_square(n: int) -> int:
    time.sleep(0.02 if n % 5 == 0 else 0.0)
    return n * n


def test_ordered_map_keeps_order_with_workers() -> None:
    assert list(ordered_map(_slow_square, range(40), 2, chunk=3)) == [n * n for n in range(40)]
    assert list(ordered_map(_slow_square, iter([7]), 4)) == [49]
    assert list(ordered_map(_slow_square, [], 2)) == []


def _slow(n: int) -> int:
    time.sleep(0.25)
    return n


def test_stopping_early_ends_the_workers_at_once() -> None:
    """Ctrl-C or a closed stdout closes the batch: the chunks in flight (here 16 more
    seconds of work) are not waited for."""
    results = ordered_map(_slow, range(200), 2, chunk=4)
    assert next(results) == 0  # after one chunk: about a second
    start = time.monotonic()
    results.close()  # type: ignore[attr-defined]
    assert time.monotonic() - start < 1.5  # (the old pool waited for them: 3 s and more)


def _pid_after_a_while(n: int) -> int:
    time.sleep(0.3)
    return os.getpid()


def test_ordered_map_shares_a_few_items_between_workers() -> None:
    pids = list(ordered_map(_pid_after_a_while, [1, 2], 2))
    assert len(set(pids)) == 2 and os.getpid() not in pids


def test_ordered_map_bounds_the_work_in_flight() -> None:
    taken = []

    def source() -> Iterator[int]:
        for n in range(10_000):
            taken.append(n)
            yield n

    results = ordered_map(_slow_square, source(), 2, chunk=4, window=3)
    assert next(results) == 0
    assert len(taken) <= 3 * 4 + 4  # never the whole input
    results.close()


def test_reports_cross_processes_whole() -> None:
    plain = make("T302", "round 2: 3 names 5, 5 names 4", 7, 92, 95, file="a.trf")
    full = dataclasses.replace(
        plain,
        related=Location("a.trf", 9, 92, 95),
        hint="fix one side",
        model_path="players[2].rounds[1]",
    )
    report = FileReport("a.trf", (plain, full), {7: "001    3 ...", 9: "001    5 ..."})
    back = pickle.loads(pickle.dumps(Outcome(report, "written")))
    assert back == Outcome(report, "written")
    assert back.report.diagnostics[1].related == Location("a.trf", 9, 92, 95)


# ------------------------------------------------------------------------------ summary, progress


def test_tally_counts_files_by_their_worst_problem() -> None:
    tally = Tally()
    warning = make("T201", "no name", file="b.trf")
    error = make("T401", "points", file="c.trf")
    for outcome in (
        Outcome(FileReport("a.trf", (make("T403", "assumed", file="a.trf"),))),
        Outcome(FileReport("b.trf", (warning,))),
        Outcome(FileReport("c.trf", (warning, error)), "written"),
        Outcome(FileReport("d.trf", error="d.trf: cannot read")),
    ):
        tally.add(outcome)
    assert tally.sentence() == (
        "4 files read: 1 clean, 1 with warnings, 1 with errors, 1 unreadable; 1 written"
    )
    assert [row.split()[:2] for row in tally.statistics()] == [
        ["2", "T201"],
        ["1", "T401"],
        ["1", "T403"],
    ]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal() -> None:
    screen = Terminal()
    bar = Progress(4, screen)
    for _ in range(4):
        bar.advance("x.trf")
    assert f"[{'#' * 30}] 4/4 x.trf" in screen.getvalue()
    piped = io.StringIO()
    bar = Progress(4, piped)
    bar.advance()
    bar.close()
    assert piped.getvalue() == ""
    quiet = Terminal()
    Progress(4, quiet, enabled=False).advance()
    assert quiet.getvalue() == ""
    screen = Terminal()
    bar = Progress(3, screen)
    bar.advance("a.trf")
    bar.clear()  # before a diagnostic line is printed
    assert screen.getvalue().endswith("\r" + " " * bar.width + "\r")
    bar.advance("b.trf", draw=False)
    assert screen.getvalue().endswith("\r")  # not redrawn yet
    bar.advance("c.trf")
    assert screen.getvalue().rstrip().endswith("[" + "#" * 30 + "] 3/3 c.trf")


def test_report_format_follows_the_file_name() -> None:
    assert report_format("out/records.sarif") == "sarif"
    assert report_format("out/records.SARIF.json") == "sarif"
    assert report_format("out/records.json") == "json"
    assert report_format("out/records.txt", "sarif") == "sarif"


# ------------------------------------------------------------------------------ convert DIR -o OUT


def test_convert_tree_in_parallel_mirrors_paths_and_reports(tmp_path: Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    inputs = tree(src, 6)
    (src / "club0" / "broken.trf").write_bytes(b"\x00\x01binary junk\x00")
    report = tmp_path / "records.sarif"
    code, _, err = run(
        "convert",
        str(src),
        str(tmp_path / "missing"),
        "-o",
        str(out),
        "--to",
        "json",
        "-j",
        "2",
        "--report",
        str(report),
        "--statistics",
    )
    assert code == 2  # one path was missing: reported, the rest converted
    outputs = sorted(rel.replace(".trf", ".json") for rel in inputs)
    records = [
        f"{folder}/.{name}.source" for folder, _, name in (rel.rpartition("/") for rel in outputs)
    ]  # what each was made from
    assert sorted(snapshot(out)) == sorted(outputs + records)
    assert snapshot(src) == {**inputs, "club0/broken.trf": b"\x00\x01binary junk\x00"}
    assert (
        "8 files read: 6 clean, 0 with warnings, 1 with errors, 1 unreadable; "
        "1 not written, 6 written" in err
    )
    assert f"{tmp_path / 'missing'}:1:1: T014 no such file or directory" in err  # as check
    assert "Error:" not in err  # said once, located
    sarif = json.loads(report.read_text(encoding="utf-8"))
    results = sarif["runs"][0]["results"]
    assert [r["ruleId"] for r in results] == ["T001", "T014"]  # the missing input too
    assert results[1]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith(
        "missing"
    )
    assert "T001" in err.split("written\n", 1)[1]  # --statistics rows after the summary
    assert not list(tmp_path.glob(".*.tmp"))


def test_convert_refuses_an_output_inside_the_input_tree(tmp_path: Path) -> None:
    src = tmp_path / "in"
    inputs = tree(src, 2)
    code, _, err = run("convert", str(src), "-o", str(src / "club0" / "out"), "--to", "json")
    assert code == 2 and "must not be inside the input tree" in err
    assert snapshot(src) == inputs


def test_convert_never_writes_over_a_named_input(tmp_path: Path) -> None:
    a = tmp_path / "a.trf"
    a.write_text(generate_trf(12, 3, 1), encoding="utf-8")
    b = tmp_path / "sub" / "b.json"  # (an a.json would share a's output name: refused too)
    b.parent.mkdir()
    b.write_text("{}", encoding="utf-8")
    code, _, err = run("convert", str(a), str(b), "-o", str(tmp_path), "--to", "trf")
    assert code == 2 and f"{a}: refusing to overwrite an input" in err
    assert a.read_text(encoding="utf-8") == generate_trf(12, 3, 1)


def test_resume_with_skip_existing_equals_an_uninterrupted_run(tmp_path: Path) -> None:
    src, whole, resumed = tmp_path / "in", tmp_path / "whole", tmp_path / "resumed"
    tree(src, 9)
    assert run("convert", str(src), "-o", str(whole), "--to", "trf26", "-j", "2")[0] == 0
    expected = snapshot(whole)
    # an interrupted run: some outputs missing, one left as a killed writer's temporary file
    assert run("convert", str(src), "-o", str(resumed), "--to", "trf26", "-j", "1")[0] == 0
    for rel in ("club0/event000.trf", "club1/2025/event001.trf", "club2/2025/event005.trf"):
        (resumed / rel).unlink()
    stale = resumed / "club0" / ".event000.trf.k3j9x_2a.tmp"
    stale.write_bytes(b"001    1 half a li")
    (resumed / "club1" / ".event004.trf.q0w9e8r7.tmp").write_bytes(b"012 half")  # kept output
    older = (resumed / "club0" / "event006.trf").stat().st_mtime_ns
    code, _, err = run(
        "convert", str(src), "-o", str(resumed), "--to", "trf26", "-j", "2", "--skip-existing"
    )
    assert code == 0
    assert "6 skipped, 3 written" in err
    assert snapshot(resumed) == expected
    assert (resumed / "club0" / "event006.trf").stat().st_mtime_ns == older  # not rewritten


def test_resume_after_a_killed_run(tmp_path: Path) -> None:
    src, whole, resumed = tmp_path / "in", tmp_path / "whole", tmp_path / "resumed"
    tree(src, 60, players=40)
    assert run("convert", str(src), "-o", str(whole), "--to", "json", "-j", "1")[0] == 0
    command = [
        sys.executable,
        "-m",
        "trfkit",
        "convert",
        str(src),
        "-o",
        str(resumed),
        "--to",
        "json",
        "-j",
        "1",
        "-q",
    ]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while proc.poll() is None and time.monotonic() < deadline:
        # an output counts as done once its record (.NAME.source) is written after it
        if resumed.is_dir() and sum(1 for _ in resumed.rglob(".*.json.source")) >= 5:
            os.kill(proc.pid, signal.SIGKILL)
            break
        time.sleep(0.01)
    killed = proc.wait() == -signal.SIGKILL
    code, _, err = run(
        "convert", str(src), "-o", str(resumed), "--to", "json", "-j", "2", "--skip-existing"
    )
    assert code == 0, err
    if killed:  # (a very fast machine may finish first: then everything is skipped)
        found = re.search(r"(\d+) files? read: .*; (\d+) skipped, (\d+) written", err)
        assert found, err
        read, skipped, written = map(int, found.groups())
        assert read == written and read + skipped == 60 and skipped >= 5  # skipped are not "read"
    assert snapshot(resumed) == snapshot(whole)


# ------------------------------------------------------------------------------ check over a tree


def test_check_tree_streams_in_order_with_a_summary_and_a_report(tmp_path: Path) -> None:
    src = tmp_path / "in"
    tree(src, 5)
    text = generate_trf(20, 5, 1)
    bad = "".join(line for line in text.splitlines(True) if not line.startswith("012"))  # T201
    (src / "club1" / "2025" / "event001.trf").write_text(bad, encoding="utf-8")
    serial = run("check", str(src), "-j", "1", "--select", "T2")
    code, out, err = run(
        "check", str(src), "-j", "2", "--select", "T2", "--report", str(tmp_path / "records.json")
    )
    assert (code, out) == serial[:2] and code == 0
    assert out.splitlines()[0].endswith(
        ": T201 the tournament has no name (record 012 is missing or empty)"
    )
    assert "5 files read: 4 clean, 1 with warnings, 0 with errors, 0 unreadable" in err
    records = json.loads((tmp_path / "records.json").read_text(encoding="utf-8"))
    assert records["summary"]["files"] == 5 and records["summary"]["warnings"] == 1
    assert [d["code"] for d in records["diagnostics"]] == ["T201"]
    assert run("check", str(src), "-j", "2", "--select", "T2", "-q")[2] == ""
    one = run("check", str(src / "club0" / "event000.trf"))
    assert "files read" not in one[2]  # a single file needs no batch summary


@pytest.mark.parametrize("fmt", ["text", "github", "jsonl"])
def test_check_prints_line_formats_as_it_goes_and_the_same_as_a_whole(
    tmp_path: Path, fmt: str
) -> None:
    src = tmp_path / "in"
    tree(src, 4)
    text = generate_trf(20, 5, 2).replace("012 Generated", "012 Renamed")
    lines = text.splitlines(True)
    lines[20] = lines[20][:91] + "9999" + lines[20][95:]  # an unknown opponent: T301 error
    (src / "club2" / "event002.trf").write_text("".join(lines), encoding="utf-8")
    streamed = run("check", str(src), "-j", "2", "--output-format", fmt)
    whole = run(
        "check", str(src), "-j", "1", "--output-format", fmt, "--report", str(tmp_path / "r.json")
    )  # --report keeps the batch: not streamed
    assert streamed[:2] == whole[:2] and streamed[0] == 1
    assert "T301" in streamed[1]
    assert run("check", str(src), "--exit-zero", "-q")[0] == 0
    assert run("check", str(src), str(tmp_path / "gone.trf"), "--exit-zero", "-q")[0] == 2


def test_one_file_convert_also_reports_and_skips(tmp_path: Path) -> None:
    source = tmp_path / "event.trf"
    lines = generate_trf(12, 3, 1).splitlines(True)
    source.write_text(
        "".join(line for line in lines if not line.startswith("012")), encoding="utf-8"
    )
    target = tmp_path / "event.json"
    code, _, _ = run(
        "convert",
        str(source),
        "--to",
        "json",
        "-o",
        str(target),
        "--report",
        str(tmp_path / "records.json"),
        "--skip-existing",
    )
    assert code == 0 and target.is_file()
    records = json.loads((tmp_path / "records.json").read_text(encoding="utf-8"))
    assert records["summary"]["files"] == 1
    target.write_text("kept", encoding="utf-8")
    code, _, err = run("convert", str(source), "--to", "json", "-o", str(target), "--skip-existing")
    assert code == 0 and target.read_text(encoding="utf-8") == "kept" and "skipped" in err
    code, _, err = run(
        "convert",
        str(source),
        "--to",
        "json",
        "--newline",
        "crlf",
        "-o",
        str(target),
        "--skip-existing",
    )  # other options: converted again
    assert code == 0 and target.read_text(encoding="utf-8") != "kept" and "skipped" not in err


def test_directory_output_cannot_escape_through_a_symlink(tmp_path: Path) -> None:
    (tmp_path / "in" / "sub").mkdir(parents=True)
    (tmp_path / "in" / "sub" / "a.trf").write_bytes(SWISS.read_bytes())
    (tmp_path / "out").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "out" / "sub").symlink_to(tmp_path / "elsewhere")
    result = cli_run("convert", tmp_path / "in", "-o", tmp_path / "out", "--to", "json")
    assert result.exit_code == 2 and list((tmp_path / "elsewhere").iterdir()) == []
