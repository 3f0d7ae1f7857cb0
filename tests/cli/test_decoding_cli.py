"""``--fallback-encoding`` on every command that reads inputs, and what ``info`` says
about a detected encoding (text, JSON, and the JSON model's ``source``)."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner
from swiss_edits import cli_run, russian_swiss

from trfkit.check_cache import FILE_NAME
from trfkit.cli import cli

SAMPLES = Path(__file__).resolve().parents[2] / "samples"

#: Every command that reads a tournament file, with the arguments it needs besides it.
READERS = {  # (check and convert show infos with -v)
    "check": ["-v"],
    "convert": ["--to", "json", "-v"],
    "info": ["--to", "json"],
    "tiebreaks": ["--tb", "BH"],
    "explain": ["--player", "2", "--tb", "BH"],
    "playoff": [],
}


@pytest.fixture
def cp1251_file(tmp_path: Path) -> Path:
    path = tmp_path / "moscow.trf"
    path.write_bytes(russian_swiss().encode("cp1251"))
    return path


@pytest.mark.parametrize("command", list(READERS))
def test_fallback_encoding_on_every_reading_command(
    runner: CliRunner, cp1251_file: Path, command: str
) -> None:
    args = [command, str(cp1251_file), *READERS[command]]
    detected = runner.invoke(cli, args)
    forced = runner.invoke(cli, [*args, "--fallback-encoding", "koi8-r"])
    assert forced.exit_code == detected.exit_code == 0, forced.output
    if command in ("tiebreaks", "explain"):  # they show no info-level T002: look at the names
        assert "Иванов, Сергей" in detected.stdout
        assert "Иванов, Сергей".encode("cp1251").decode("koi8-r") in forced.stdout
    else:
        said = detected.stdout + detected.stderr
        assert (
            f"{cp1251_file}:1:1: T002 the input is not UTF-8; decoded as cp1251 "
            "(confidence 1.00)" in said
        )
        assert (
            f"{cp1251_file}:1:1: T002 the input is not UTF-8; decoded as koi8-r "
            "(--fallback-encoding)" in forced.stdout + forced.stderr
        )
    bad = runner.invoke(cli, [*args, "--fallback-encoding", "no-such-codec"])
    assert bad.exit_code == 2
    assert "Invalid value for '--fallback-encoding': unknown encoding 'no-such-codec'" in bad.stderr


def test_fallback_encoding_leaves_utf8_inputs_alone(runner: CliRunner, tmp_path: Path) -> None:
    """A rating officer's folder: some files UTF-8, some cp1251; --encoding cp1251 would
    garble the UTF-8 ones, --fallback-encoding reads both right (in worker processes too)."""
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.trf").write_bytes(russian_swiss().encode("utf-8"))
    (tmp_path / "in" / "b.trf").write_bytes(russian_swiss().encode("cp1251"))
    result = runner.invoke(
        cli,
        [
            "convert",
            str(tmp_path / "in"),
            "-o",
            str(tmp_path / "out"),
            "--to",
            "trf",
            "-j",
            "2",
            "--quiet",
            "--fallback-encoding",
            "cp1251",
        ],
    )
    assert result.exit_code == 0, result.output
    for name in ("a.trf", "b.trf"):
        assert (tmp_path / "out" / name).read_text(encoding="utf-8") == russian_swiss()
    checked = runner.invoke(
        cli,
        [
            "check",
            str(tmp_path / "in"),
            "-j",
            "2",
            "--quiet",
            "--output-format",
            "jsonl",
            "--fallback-encoding",
            "koi8-r",
        ],
    )
    messages = [json.loads(line)["message"] for line in checked.stdout.splitlines()]
    assert messages.count("the input is not UTF-8; decoded as koi8-r (--fallback-encoding)") == 1


def test_info_shows_the_detected_encoding_and_how_sure(
    runner: CliRunner, cp1251_file: Path
) -> None:
    text = runner.invoke(cli, ["info", str(cp1251_file)])
    assert "encoding: cp1251 (detected, confidence 1.00), LF line endings" in text.stdout
    data = json.loads(runner.invoke(cli, ["info", str(cp1251_file), "--to", "json"]).stdout)
    assert (data["encoding"], data["encoding_confidence"], data["encoding_alternative"]) == (
        "cp1251",
        1.0,
        "",
    )
    utf8 = json.loads(
        runner.invoke(cli, ["info", str(SAMPLES / "swiss.trf"), "--to", "json"]).stdout
    )
    assert (utf8["encoding"], utf8["encoding_confidence"]) == ("ascii", None)


def test_info_names_the_runner_up_of_a_close_call(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "one.trf"  # one Czech name, no federation: "Kovač" or "Kovaè"
    path.write_bytes(
        "001    1 m    Kovač, Ivan                       2100         4100018 "
        "1980/01/01  0.0    1\n".encode("cp1250")
    )
    result = runner.invoke(cli, ["info", str(path)])
    assert result.exit_code == 0
    line = next(x for x in result.stdout.splitlines() if x.startswith("encoding:"))
    assert line.startswith("encoding: cp1250 (detected, confidence 0.")
    assert line.endswith("; cp1252 also possible), LF line endings")
    assert (
        f"{path}:1:1: T002 the input is not UTF-8; decoded as cp1250; cp1252 also "
        "possible: pass --encoding" in result.stderr
    )
    # info counts what check finds: T002 and the validator's T201 (the file has no 012 name)
    assert "0 error(s), 2 warning(s), 0 info" in result.stdout
    assert "T201" in runner.invoke(cli, ["check", str(path)]).stdout
    strict = runner.invoke(cli, ["check", str(path), "--fail-on", "warning"])
    assert strict.exit_code == 1


def test_json_source_keeps_the_detection_and_round_trips(
    runner: CliRunner, cp1251_file: Path, tmp_path: Path
) -> None:
    first = runner.invoke(cli, ["convert", str(cp1251_file), "--to", "json"]).stdout_bytes
    source = json.loads(first)["source"]
    assert (source["encoding"], source["encoding_confidence"], source["encoding_alternative"]) == (
        "cp1251",
        1.0,
        "",
    )
    path = tmp_path / "moscow.json"
    path.write_bytes(first)
    again = runner.invoke(cli, ["convert", str(path), "--to", "json"])
    assert again.exit_code == 0 and again.stdout_bytes == first
    as_trf = runner.invoke(cli, ["convert", str(path), "--to", "trf"]).stdout_bytes
    assert as_trf == runner.invoke(cli, ["convert", str(cp1251_file), "--to", "trf"]).stdout_bytes
    assert as_trf.decode("utf-8") == russian_swiss()


def test_json_without_the_new_keys_still_reads(
    runner: CliRunner, cp1251_file: Path, tmp_path: Path
) -> None:
    data = json.loads(runner.invoke(cli, ["convert", str(cp1251_file), "--to", "json"]).stdout)
    del data["source"]["encoding_confidence"], data["source"]["encoding_alternative"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    info = json.loads(runner.invoke(cli, ["info", str(path), "--to", "json"]).stdout)
    assert (info["encoding"], info["encoding_confidence"], info["encoding_alternative"]) == (
        "cp1251",
        None,
        "",
    )
    assert info["diagnostics"]["error"] == 0


def test_the_python_api_takes_the_fallback_encoding_too(cp1251_file: Path) -> None:
    import trfkit

    data = cp1251_file.read_bytes()
    assert trfkit.loads(data).tournament.players[1].name == "Иванов, Сергей"
    forced = trfkit.load(str(cp1251_file), fallback_encoding="koi8-r").tournament
    assert forced.players[1].name == "Иванов, Сергей".encode("cp1251").decode("koi8-r")
    assert (forced.source.encoding, forced.source.encoding_confidence) == ("koi8-r", None)
    utf8 = trfkit.loads(russian_swiss().encode("utf-8"), fallback_encoding="koi8-r")
    assert utf8.tournament.source.encoding == "utf-8"


def test_the_check_cache_keys_on_the_fallback_encoding(
    runner: CliRunner, cp1251_file: Path, tmp_path: Path
) -> None:
    """A file checked (and cached) with one --fallback-encoding is read again with another:
    the cache must not answer with the first reading."""
    cache = str(tmp_path / "cache")
    args = [
        "check",
        str(cp1251_file),
        "--cache-dir",
        cache,
        "-v",
        "--select",
        "T002",
        "--output-format",
        "jsonl",
    ]

    def message(*extra: str) -> str:
        (line,) = runner.invoke(cli, [*args, *extra]).stdout.splitlines()
        return str(json.loads(line)["message"])

    detected = "the input is not UTF-8; decoded as cp1251 (confidence 1.00)"
    assert message() == detected
    assert message("--fallback-encoding", "koi8-r") == (
        "the input is not UTF-8; decoded as koi8-r (--fallback-encoding)"
    )
    assert message() == detected
    # the cache holds two reports, one per reading: the third run was answered by the first
    with closing(sqlite3.connect(tmp_path / "cache" / FILE_NAME)) as db:
        assert db.execute("SELECT COUNT(*) FROM results").fetchone() == (2,)


def test_info_names_the_code_page_of_a_mixed_files_other_lines(
    runner: CliRunner, tmp_path: Path
) -> None:
    """A UTF-8 file with one line pasted in cp1251: the encoding is utf-8, and what was
    detected (with its confidence) is the other lines' code page, which info names."""
    lines = russian_swiss().splitlines(keepends=True)
    path = tmp_path / "pasted.trf"
    path.write_bytes(
        b"".join(line.encode("cp1251" if "Петров" in line else "utf-8") for line in lines)
    )
    text = runner.invoke(cli, ["info", str(path)]).stdout
    assert (
        "encoding: utf-8, other lines cp1251 (detected, confidence 0.99), LF line endings"
        in text.splitlines()
    )
    forced = runner.invoke(cli, ["info", str(path), "--fallback-encoding", "koi8-r"]).stdout
    assert "encoding: utf-8, other lines koi8-r, LF line endings" in forced.splitlines()
    data = json.loads(runner.invoke(cli, ["info", str(path), "--to", "json"]).stdout)
    assert (data["encoding"], data["encoding_mixed"], data["encoding_confidence"]) == (
        "utf-8",
        "cp1251",
        0.99,
    )
    from trfkit.schema import iter_schema_errors

    assert list(iter_schema_errors("info", data)) == []
    model = runner.invoke(cli, ["convert", str(path), "--to", "json"]).stdout_bytes
    source = json.loads(model)["source"]
    assert (source["encoding"], source["encoding_mixed"]) == ("utf-8", "cp1251")
    assert list(iter_schema_errors("tournament", json.loads(model))) == []
    (tmp_path / "pasted.json").write_bytes(model)
    again = runner.invoke(cli, ["convert", str(tmp_path / "pasted.json"), "--to", "json"])
    assert again.stdout_bytes == model
    assert runner.invoke(cli, ["convert", str(path), "--to", "trf"]).stdout == russian_swiss()
    plain = json.loads(
        runner.invoke(cli, ["info", str(cp1251_path(tmp_path)), "--to", "json"]).stdout
    )
    assert plain["encoding_mixed"] == ""


def cp1251_path(tmp_path: Path) -> Path:
    path = tmp_path / "whole.trf"
    path.write_bytes(russian_swiss().encode("cp1251"))
    return path


def test_skip_existing_converts_again_under_another_fallback_encoding(
    runner: CliRunner, cp1251_file: Path, tmp_path: Path
) -> None:
    """An output made with one --fallback-encoding is not current for another one."""
    (tmp_path / "in").mkdir()
    cp1251_file.rename(tmp_path / "in" / "moscow.trf")
    out = tmp_path / "out"
    args = ["convert", str(tmp_path / "in"), "-o", str(out), "--to", "trf", "--skip-existing"]
    assert runner.invoke(cli, args).exit_code == 0
    target = out / "moscow.trf"
    assert target.read_text(encoding="utf-8") == russian_swiss()
    koi8 = [*args, "--fallback-encoding", "koi8-r"]
    assert runner.invoke(cli, koi8).exit_code == 0
    assert "Иванов, Сергей".encode("cp1251").decode("koi8-r") in target.read_text("utf-8")
    again = runner.invoke(cli, koi8)
    assert "0 files read" in again.stderr and "1 skipped" in again.stderr


def test_encoding_found_or_forced_and_output_utf8() -> None:
    guessed = cli_run("convert", SAMPLES / "cp1252.trf", "--to", "trf", "-v")  # T002 is an info
    assert guessed.exit_code == 0 and " T002 " in guessed.stderr
    assert "Lefèvre, Zoé" in guessed.stdout_bytes.decode("utf-8")
    forced = cli_run("convert", SAMPLES / "cp1252.trf", "--to", "trf", "--encoding", "cp1252")
    assert forced.stderr == "" and forced.stdout_bytes == guessed.stdout_bytes
    assert cli_run("convert", SAMPLES / "cp1252.trf", "--encoding", "no-such-codec").exit_code == 2
