"""trfkit.reading: one input read with its limits, by the library, without click."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from trfkit.reading import ReadError, check_encoding, read_bytes, read_document

TRF = (
    "012 Tiny\n"
    "001    1      A                                 0000 ...        1.0    1     2 w 1\n"
    "001    2      B                                 0000 ...        0.0    2     1 b 0\n"
)


def test_read_bytes_stops_one_byte_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.trf"
    path.write_bytes(b"x" * 100)
    assert read_bytes(str(path), 10) == b"x" * 11
    assert read_bytes(str(path), 1000) == b"x" * 100


def test_unreadable_paths_raise_the_library_error(tmp_path: Path) -> None:
    with pytest.raises(ReadError, match=r"^" + str(tmp_path) + ": is a directory$"):
        read_bytes(str(tmp_path))
    with pytest.raises(ReadError, match=r"gone\.trf: cannot read: No such file or directory$"):
        read_bytes(str(tmp_path / "gone.trf"))
    fifo = tmp_path / "pipe.trf"
    os.mkfifo(fifo)
    with pytest.raises(ReadError, match=r"pipe\.trf: cannot read: a FIFO, not a regular file"):
        read_bytes(str(fifo))  # refused at once, never waited on
    with pytest.raises(ReadError, match=r"^unknown encoding 'klingon'$"):
        check_encoding("klingon")
    assert not issubclass(ReadError, SystemExit)


def test_read_document_names_its_diagnostics_and_honours_max_bytes(tmp_path: Path) -> None:
    path = tmp_path / "tiny.trf"
    path.write_text(TRF)
    doc = read_document(str(path))
    assert [p.name for p in doc.tournament.players] == ["A", "B"]
    cut = read_document(str(path), max_bytes=20)
    assert [d.code for d in cut.diagnostics] == ["T007"]
    assert cut.diagnostics[0].file == str(path)
    with pytest.raises(ReadError, match="unknown encoding"):
        read_document(str(path), encoding="klingon")


def test_the_library_reads_and_checks_without_click_or_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "tiny.trf"
    path.write_text(TRF)
    code = (
        "import sys\n"
        "from trfkit.check_many import Job, Settings, check_job\n"
        f"report = check_job(Job({str(path)!r}, 'tiny.trf'), Settings())\n"
        "gone = check_job(Job('/nonexistent/x.trf', 'x.trf'), Settings())\n"
        "print(sorted(m for m in sys.modules if m == 'click' or m.startswith('trfkit.cli')))\n"
        "print(gone.diagnostics[0].code, gone.error)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["[]", "T014 /nonexistent/x.trf: cannot read: No such file or directory"]
