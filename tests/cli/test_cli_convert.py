"""``trfkit convert``: formats, stdin/stdout, directory trees, exit codes, never touching inputs."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from swiss_edits import cli_run, swiss_lines

import trfkit
from trfkit.cli import cli
from trfkit.formats.json_io import read_json

SAMPLES = Path(__file__).resolve().parents[2] / "samples"
SWISS = SAMPLES / "swiss.trf"


def digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_csv_to_stdout(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["convert", str(SWISS), "--to", "csv"])
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    rows = list(csv.reader(io.StringIO(result.stdout, newline="")))
    assert rows[0][:8] == [
        "start",
        "name",
        "federation",
        "rating",
        "fide_id",
        "points",
        "rank",
        "r1",
    ]
    assert len(rows) == 11 and len(rows[0]) == 12
    assert rows[6] == [
        "6",
        "Haddad, Samir",
        "LBN",
        "2010",
        "99100006",
        "2.5",
        "6",
        "1b0",
        "3w0",
        "0-U",
        "10w1",
        "8w=",
    ]
    assert rows[10] == [
        "10",
        "Silva, Bruno",
        "POR",
        "",
        "",
        "1.5",
        "10",
        "5b0",
        "0-H",
        "9w1",
        "6b0",
        "7w0",
    ]
    assert result.stdout_bytes.endswith(b"7w0\r\n")


def test_json_is_the_model_read_from_the_file(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["convert", str(SWISS), "--to", "json"])
    assert result.exit_code == 0
    assert read_json(result.stdout_bytes).tournament == trfkit.load(str(SWISS)).tournament


def test_stdin_to_stdout(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["convert", "-", "--to", "json"], input=SWISS.read_bytes())
    assert result.exit_code == 0
    back = read_json(result.stdout_bytes).tournament
    assert back.header.name == "trfkit Spring Open 2024"
    assert [p.points for p in back.players] == [4.0, 4.5, 2.5, 3.0, 2.5, 2.5, 1.5, 2.0, 1.5, 1.5]


def test_output_file_is_written_whole(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "sub" / "swiss.json"
    result = runner.invoke(cli, ["convert", str(SWISS), "--to", "json", "-o", str(target)])
    assert result.exit_code == 0
    assert result.stdout == ""
    assert read_json(target.read_bytes()).tournament.header.name == "trfkit Spring Open 2024"
    assert sorted(p.name for p in target.parent.iterdir()) == ["swiss.json"]  # no temp file left


def test_output_into_an_existing_directory(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["convert", str(SWISS), "--to", "csv", "-o", str(tmp_path)])
    assert result.exit_code == 0
    assert (tmp_path / "swiss.csv").read_text(encoding="utf-8").startswith("start,name,")


def test_options(runner: CliRunner) -> None:
    crlf = runner.invoke(cli, ["convert", str(SWISS), "--to", "json", "--newline", "crlf"])
    assert crlf.stdout_bytes.count(b"\r\n") == crlf.stdout_bytes.count(b"\n") > 100
    lf = runner.invoke(cli, ["convert", str(SWISS), "--to", "csv", "--newline", "lf"])
    assert b"\r" not in lf.stdout_bytes


def test_raw_csv(runner: CliRunner, tmp_path: Path) -> None:
    evil = tmp_path / "evil.trf"
    evil.write_bytes(SWISS.read_bytes().replace(b"Moreau, Claire   ", b"=HYPERLINK(1)    "))
    safe = runner.invoke(cli, ["convert", str(evil), "--to", "csv"])
    raw = runner.invoke(cli, ["convert", str(evil), "--to", "csv", "--raw-csv"])
    assert "\n1,'=HYPERLINK(1),FRA" in safe.stdout
    assert "\n1,=HYPERLINK(1),FRA" in raw.stdout


def test_refuses_to_overwrite_the_input(runner: CliRunner, tmp_path: Path) -> None:
    src = tmp_path / "swiss.trf"
    shutil.copy(SWISS, src)
    result = runner.invoke(cli, ["convert", str(src), "--to", "json", "-o", str(src)])
    assert result.exit_code == 2
    assert "refusing to overwrite the input" in result.stderr
    assert src.read_bytes() == SWISS.read_bytes()


def make_tree(root: Path) -> None:
    (root / "club" / "2024").mkdir(parents=True)
    shutil.copy(SAMPLES / "swiss.trf", root / "swiss.trf")
    shutil.copy(SAMPLES / "roundrobin.trf", root / "club" / "roundrobin.trf")
    shutil.copy(SAMPLES / "team.trf", root / "club" / "2024" / "team.trf")
    shutil.copy(SAMPLES / "team.trf", root / "club" / "2024" / "team.tab")  # same stem
    (root / ".hidden").write_text("not converted")


def test_directory_tree_is_mirrored(runner: CliRunner, tmp_path: Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    make_tree(src)
    before = digest(src)
    result = runner.invoke(cli, ["convert", str(src), "-o", str(out), "--to", "json"])
    assert result.exit_code == 0, result.stderr
    names = [
        "club/2024/team.json",
        "club/2024/team.tab.json",
        "club/roundrobin.json",
        "swiss.json",
    ]  # x.trf -> x.json, x.tab -> x.tab.json whatever else is there
    records = [
        "club/2024/.team.json.source",
        "club/2024/.team.tab.json.source",
        "club/.roundrobin.json.source",
        ".swiss.json.source",
    ]
    assert sorted(digest(out)) == sorted(names + records)
    team = read_json((out / "club/2024/team.json").read_bytes()).tournament
    assert [t.name for t in team.teams] == ["Albion", "Caledonia", "Cymru", "Eire"]
    assert digest(src) == before  # inputs untouched
    assert "converted 4 file(s)" in result.stderr


def test_directory_output_inside_the_input_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    src = tmp_path / "in"
    make_tree(src)
    before = digest(src)
    for out in (src / "out", src):
        result = runner.invoke(cli, ["convert", str(src), "-o", str(out), "--to", "json"])
        assert result.exit_code == 2
        assert "must not be inside the input tree" in result.stderr
    assert digest(src) == before


def test_directory_needs_an_output(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["convert", str(tmp_path), "--to", "json"])
    assert result.exit_code == 2
    assert "needs -o DIR" in result.stderr


def test_unreadable_path_is_one_line_and_exit_2(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["convert", str(tmp_path / "missing.trf")])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"Error: {tmp_path / 'missing.trf'}: cannot read: No such file or directory"
    ]


def test_unreadable_path_is_a_t014_in_the_report(runner: CliRunner, tmp_path: Path) -> None:
    """Before: one-file convert wrote no --report for a missing input (a batch had its T014)."""
    report = tmp_path / "records.sarif"
    result = runner.invoke(cli, ["convert", str(tmp_path / "missing.trf"), "--report", str(report)])
    assert result.exit_code == 2
    (found,) = json.loads(report.read_text(encoding="utf-8"))["runs"][0]["results"]
    assert (found["ruleId"], found["message"]["text"]) == (
        "T014",
        "cannot read: No such file or directory",
    )


def test_unknown_encoding_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["convert", str(SWISS), "--encoding", "klingon"])
    assert result.exit_code == 2
    assert "unknown encoding 'klingon'" in result.stderr


def test_errors_in_the_input_exit_1_but_output_is_written(
    runner: CliRunner, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_bytes(SWISS.read_bytes().replace(b"     6 w 1     4 b =", b"     6 w Q     4 b ="))
    result = runner.invoke(cli, ["convert", str(bad), "--to", "csv"])
    assert result.exit_code == 1
    assert f"{bad}:13:99: T104 " in result.stderr
    assert '\n2,"Brennan, Liam"' in result.stdout


def test_nothing_to_convert(runner: CliRunner, tmp_path: Path) -> None:
    empty = tmp_path / "empty.trf"
    empty.write_bytes(b"")
    target = tmp_path / "empty.json"
    result = runner.invoke(cli, ["convert", str(empty), "--to", "json", "-o", str(target)])
    assert result.exit_code == 1
    assert f"{empty}:1:1: T005 " in result.stderr
    assert not target.exists()


def test_wrong_reader_chosen(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["convert", str(SWISS), "--from", "json", "--to", "csv"])
    assert result.exit_code == 1
    assert ":1:1: T006 " in result.stderr and result.stdout == ""


def test_a_file_that_is_not_a_trf_is_not_converted(runner: CliRunner, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("Round 3 results will follow on Monday.\n", encoding="utf-8")
    out = tmp_path / "notes.json"
    result = runner.invoke(cli, ["convert", str(notes), "--to", "json", "-o", str(out)])
    assert result.exit_code == 1
    assert ":1:1: T006 " in result.stderr and not out.exists()


def test_internal_error_is_one_line_exit_2(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trfkit import formats

    def boom(*args: object, **kwargs: object) -> str:
        raise RuntimeError("writer exploded")

    monkeypatch.setattr(formats, "write", boom)
    result = runner.invoke(cli, ["convert", str(SWISS), "--to", "csv"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "Error: internal error (T999): RuntimeError: writer exploded; please report a bug"
    ]


def test_json_then_trf_gives_the_bytes_of_trf(runner: CliRunner, tmp_path: Path) -> None:
    pytest.importorskip("trfkit.formats.trf.writer")
    for sample in sorted(SAMPLES.glob("*.trf")):
        direct = runner.invoke(cli, ["convert", str(sample), "--to", "trf"])
        assert direct.exit_code == 0, (sample, direct.stderr)
        as_json = tmp_path / f"{sample.stem}.json"
        runner.invoke(cli, ["convert", str(sample), "--to", "json", "-o", str(as_json)])
        back = runner.invoke(cli, ["convert", str(as_json), "--to", "trf"])
        assert back.exit_code == 0
        assert back.stdout_bytes == direct.stdout_bytes, sample.name


def test_broken_pipe_is_not_an_internal_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from trfkit.cli import io as common

    def closed(text: str, output: str | None) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr("trfkit.cli.convert.write_output", closed)
    monkeypatch.setattr(sys, "stdout", sys.stdout)  # click wraps both on EPIPE: restore after
    monkeypatch.setattr(sys, "stderr", sys.stderr)
    with pytest.raises(SystemExit) as info:
        from trfkit.cli import main

        main(["convert", str(SWISS), "--to", "csv"])
    assert info.value.code == 141  # quietly, as a program ended by SIGPIPE (trfkit.cli)
    assert common.InputError.exit_code == 2


def test_tree_inside_the_output_directory_never_loses_an_input(
    runner: CliRunner, tmp_path: Path
) -> None:
    src = tmp_path / "in"
    (src / "in").mkdir(parents=True)
    shutil.copy(SWISS, src / "in" / "swiss.trf")  # would be written to tmp/in/swiss.trf ...
    shutil.copy(SWISS, src / "swiss.trf")  # ... which is this input
    before = digest(src)
    result = runner.invoke(cli, ["convert", str(src), "-o", str(tmp_path), "--to", "trf"])
    assert result.exit_code == 2
    assert f"{src / 'swiss.trf'}: refusing to overwrite an input" in result.stderr
    assert digest(src) == before


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.trf")))
def test_json_is_lossless_and_trf_idempotent(sample: str, tmp_path: Path) -> None:
    src = SAMPLES / sample
    direct = cli_run("convert", src, "--to", "trf")
    as_json = cli_run("convert", src, "--to", "json", "-o", tmp_path / "x.json")
    assert direct.exit_code == 0 and as_json.exit_code == 0
    back = cli_run("convert", tmp_path / "x.json", "--to", "trf")
    assert back.stdout_bytes == direct.stdout_bytes
    (tmp_path / "a.trf").write_bytes(direct.stdout_bytes)
    assert cli_run("convert", tmp_path / "a.trf", "--to", "trf").stdout_bytes == direct.stdout_bytes


def test_convert_stdin_newline_edition_and_data_on_stdout() -> None:
    crlf = cli_run("convert", "-", "--to", "trf", "--newline", "crlf", stdin=SWISS.read_bytes())
    assert crlf.exit_code == 0 and crlf.stderr == ""
    assert crlf.stdout_bytes.startswith(b"012 trfkit Spring Open 2024\r\n022 Galway\r\n")
    cr = cli_run("convert", SWISS, "--to", "trf", "--newline", "cr").stdout_bytes
    assert b"\n" not in cr and cr.count(b"\r") == len(swiss_lines()) - 1
    trf16 = cli_run("convert", SAMPLES / "trf26.trf", "--to", "trf16").stdout
    assert "\n162 " not in trf16 and "\n142 " not in trf16
    trf26 = cli_run("convert", SWISS, "--to", "trf26").stdout
    assert "\n142    5\n" in trf26 or "\n142 5\n" in trf26


def test_convert_directory_mirrors_and_exit_statuses(tmp_path: Path) -> None:
    tree = tmp_path / "in" / "sub"
    tree.mkdir(parents=True)
    (tree / "a.trf").write_bytes(SWISS.read_bytes())
    out = tmp_path / "out"
    assert cli_run("convert", tmp_path / "in", "-o", out, "--to", "json").exit_code == 0
    assert json.loads((out / "sub" / "a.json").read_text())["format"] == "trfkit-tournament"
    assert cli_run("convert", tmp_path / "in", "--to", "json").exit_code == 2  # no -o
    assert cli_run("convert", tmp_path / "nope.trf").exit_code == 2
    assert cli_run("convert", SWISS, "--to", "xml").exit_code == 2
    forced = cli_run("convert", SWISS, "--from", "json")
    assert forced.exit_code == 1 and "T006" in forced.stderr


def test_from_forces_a_reader() -> None:
    as_json = cli_run("convert", SWISS, "--to", "json").stdout
    assert (
        cli_run("convert", "-", "--from", "json", "--to", "csv", stdin=as_json.encode()).exit_code
        == 0
    )
    assert cli_run("convert", SWISS, "--from", "swissmanager", "--to", "json").exit_code == 1
