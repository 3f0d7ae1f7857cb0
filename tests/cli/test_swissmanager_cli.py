"""The CLI on a native Swiss-Manager file built by tests/sm_writer.py: convert, check, info."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner
from sm_writer import five_players
from swiss_edits import cli_run

from trfkit.cli import cli


def native(tmp_path: Path) -> Path:
    f = five_players()
    f.header.update({23: "arbiter@example.org", 8: r"C:\Users\someone\games.pgn"})
    path = tmp_path / "event.TUNX"
    path.write_bytes(f.encode())
    return path


def test_convert_to_trf26_and_check_it(tmp_path: Path, runner: CliRunner) -> None:
    source = native(tmp_path)
    out = tmp_path / "event.trf"
    result = runner.invoke(cli, ["convert", str(source), "--to", "trf26", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "012 Spring Open" in text and "202 BH,SB,WIN" in text
    assert "Alpha, Anna" in text and "example.org" not in text and "Users" not in text
    check = runner.invoke(cli, ["check", str(out)])
    assert not any(code in check.output for code in ("T301", "T302", "T303", "T304", "T309"))
    assert check.exit_code == 0, check.output


def test_convert_to_json_and_csv(tmp_path: Path, runner: CliRunner) -> None:
    source = native(tmp_path)
    result = runner.invoke(cli, ["convert", str(source), "--to", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [p["name"] for p in data["players"]][:2] == ["Alpha, Anna", "Beta, Bert"]
    assert "example.org" not in result.stdout
    csv = runner.invoke(cli, ["convert", str(source), "--to", "csv"])
    assert csv.exit_code == 0 and "Alpha, Anna" in csv.stdout


def test_info_shows_private_strings_only_when_asked(tmp_path: Path, runner: CliRunner) -> None:
    source = native(tmp_path)
    plain = runner.invoke(cli, ["info", str(source)])
    assert "swissmanager" in plain.stdout and "example.org" not in plain.output
    shown = runner.invoke(cli, ["info", str(source), "--show-private"])
    assert "e-mail: arbiter@example.org" in shown.stdout
    assert r"PGN path: C:\Users\someone\games.pgn" in shown.stdout


def test_native_swiss_manager_file_converts(tmp_path: Path, shared_dir: Path) -> None:
    tunx = shared_dir / "corpus" / "swiss-manager" / "tunx" / "sample.TUNX"
    trf = cli_run("convert", tunx, "--to", "trf26", "-o", tmp_path / "s.trf")
    assert trf.exit_code == 0
    assert cli_run("check", tmp_path / "s.trf").exit_code == 0
    rows = list(csv.reader(io.StringIO(cli_run("convert", tunx, "--to", "csv").stdout, newline="")))
    assert rows[1][:6] == ["1", "Aloisio, Ponti Lopes", "BRA", "1959", "2108372", "4.5"]
    assert "C:\\Users" not in cli_run("convert", tunx, "--to", "json").stdout
    assert "C:\\Users" not in cli_run("info", tunx).stdout
    assert "C:\\Users" in cli_run("info", tunx, "--show-private").stdout
