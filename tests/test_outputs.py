"""Where and how trfkit writes (issues 14 "Files" and 15 "Data loss"): permission bits like
``cp``, ``-o DIR/``, a progress bar that fits the terminal, outputs that never replace an
input, collision-free output names, ``--skip-existing`` that knows what it skips."""

from __future__ import annotations

import io
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from robust_helpers import TWO, invoke

from trfkit.cli import batchrun
from trfkit.cli.batchrun import Batch, Progress, Tally, run_batch, terminal_columns
from trfkit.cli.common import atomic_write
from trfkit.diagnostics import make
from trfkit.reporters import FileReport
from trfkit.wire import Outcome


@pytest.fixture
def umask() -> Iterator[None]:
    previous = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# --- permission bits -------------------------------------------------------------------


def test_a_new_output_gets_0666_less_the_umask_not_0600(tmp_path: Path, umask: None) -> None:
    atomic_write(tmp_path / "new.json", b"{}")
    assert mode(tmp_path / "new.json") == 0o640
    os.umask(0o002)
    (tmp_path / "in").mkdir()
    src = tmp_path / "in" / "event.trf"
    src.write_bytes(TWO)
    assert invoke("convert", str(src), "--to", "json", "-o",
                  str(tmp_path / "e.json")).exit_code == 0
    assert mode(tmp_path / "e.json") == 0o664
    assert invoke("convert", str(tmp_path / "in"), "-o", str(tmp_path / "out")).exit_code == 0
    assert mode(tmp_path / "out" / "event.trf") == 0o664


def test_a_replaced_output_keeps_its_mode_as_cp_keeps_it(tmp_path: Path, umask: None) -> None:
    out = tmp_path / "shared.json"
    out.write_bytes(b"old")
    out.chmod(0o644)
    atomic_write(out, b"new")
    assert out.read_bytes() == b"new" and mode(out) == 0o644
    out.chmod(0o600)
    atomic_write(out, b"newer")
    assert mode(out) == 0o600


# --- -o DIR/ and the batch usage error --------------------------------------------------


def test_a_trailing_slash_names_a_directory_made_if_need_be(tmp_path: Path) -> None:
    src = tmp_path / "event.trf"
    src.write_bytes(TWO)
    result = invoke("convert", str(src), "--to", "json", "-o", f"{tmp_path / 'newdir'}/")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "newdir").is_dir() and (tmp_path / "newdir" / "event.json").is_file()
    refused = invoke("info", str(src), "-o", f"{tmp_path / 'other'}/")
    assert refused.exit_code == 2 and "names a directory" in refused.stderr
    assert not (tmp_path / "other").exists()


def test_several_files_without_output_say_so(tmp_path: Path) -> None:
    for name in ("a.trf", "b.trf"):
        (tmp_path / name).write_bytes(TWO)
    result = invoke("convert", str(tmp_path / "a.trf"), str(tmp_path / "b.trf"))
    assert result.exit_code == 2
    assert "2 inputs need -o DIR" in result.stderr and "directory INPUT" not in result.stderr
    assert "a directory INPUT needs -o DIR" in invoke("convert", str(tmp_path)).stderr
    glob = invoke("convert", str(tmp_path / "*.trf"))
    assert "a glob pattern INPUT needs -o DIR" in glob.stderr


# --- the progress bar -------------------------------------------------------------------


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_fits_an_80_column_terminal() -> None:
    screen = Terminal()
    bar = Progress(2, screen, columns=80)
    bar.advance("x" * 200)
    bar.advance("y")
    bar.clear()
    drawn = screen.getvalue().split("\r")
    assert max(len(part) for part in drawn) == 79


def test_terminal_width_follows_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert terminal_columns(io.StringIO()) == 100
    monkeypatch.delenv("COLUMNS")
    assert terminal_columns(io.StringIO()) == 80  # no terminal behind it: the usual default


def _outcomes(n: int) -> list[Outcome]:
    found = (make("T403", "assumed", file="x.trf"),)
    return [Outcome(FileReport(f"f{i}.trf", found)) for i in range(n)]


def _run_with_bar(monkeypatch: pytest.MonkeyPatch, printed_to: io.StringIO | None) -> str:
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.setattr(batchrun, "ordered_map", lambda work, tasks, *a, **k: iter(tasks))
    list(run_batch(lambda x: x, _outcomes(3), Batch(1, False, 3), Tally(),
                   printed_to=printed_to))
    return screen.getvalue()


def test_the_bar_stays_while_diagnostics_go_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = _run_with_bar(monkeypatch, io.StringIO())  # e.g. check's stdout to a file
    assert "3/3 f2.trf" in elsewhere
    assert elsewhere.count("\r" + " " * 20) == 1  # erased once, at the end
    shared = _run_with_bar(monkeypatch, None)  # convert: diagnostics on the same stderr
    assert "f0.trf" not in shared  # never drawn under a line that is being printed
