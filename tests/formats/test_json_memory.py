"""``convert --to json`` streams its output: peak memory stays a small multiple of the input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate_trf

from trfkit import loads
from trfkit.formats.json_io import iter_json, to_data, write_json

pytest.importorskip("resource")

#: Runs one command in a fresh interpreter and prints its peak resident set in KB.
_MEASURE = (
    "import resource, subprocess, sys; "
    "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
)


def peak_kb(*args: str) -> int:
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, sys.executable, "-m", "trfkit", *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return int(done.stdout.split()[-1])


def test_json_conversion_peaks_within_20_times_the_input(tmp_path: Path) -> None:
    medium = tmp_path / "medium.trf"
    medium.write_text(generate_trf(1000, 25, 3), encoding="utf-8")
    tiny = tmp_path / "tiny.trf"
    tiny.write_text(generate_trf(4, 2, 3), encoding="utf-8")
    size_kb = medium.stat().st_size / 1024
    baseline = peak_kb("convert", str(tiny), "--to", "json", "-o", str(tmp_path / "tiny.json"))
    target = tmp_path / "medium.json"
    peak = peak_kb("convert", str(medium), "--to", "json", "-o", str(target))
    assert target.stat().st_size > 8 * medium.stat().st_size  # the output is ten times larger
    # the interpreter and trfkit's modules are the baseline; the rest grows with the input
    assert peak - baseline < 20 * size_kb, (peak, baseline, size_kb)  # it was over 100 times
    # a batch imports more of trfkit (the batch runner, output records): its own baseline
    small = tmp_path / "small"
    small.mkdir()
    (small / "tiny.trf").write_bytes(tiny.read_bytes())
    baseline = peak_kb(
        "convert",
        str(small / "*.trf"),
        "--to",
        "json",
        "-o",
        str(tmp_path / "small-out"),
        "-j",
        "1",
        "-q",
    )
    batch = tmp_path / "out"
    peak = peak_kb(
        "convert", str(tmp_path / "*.trf"), "--to", "json", "-o", str(batch), "-j", "1", "-q"
    )
    assert peak - baseline < 20 * size_kb, (peak, baseline, size_kb)
    assert (batch / "medium.json").read_bytes() == target.read_bytes()


def test_streamed_json_is_the_document_json_dumps_writes() -> None:
    t = loads(generate_trf(30, 5, 4).encode()).tournament
    for indent, newline in ((2, None), (None, None), (2, "\r\n"), (4, "\r")):
        expected = json.dumps(to_data(t), ensure_ascii=False, indent=indent) + "\n"
        if newline:
            expected = expected.replace("\n", newline)
        assert write_json(t, indent=indent, newline=newline) == expected
        assert "".join(iter_json(t, indent=indent, newline=newline)) == expected
    empty = loads(b"012 Nobody came\n").tournament
    assert json.loads(write_json(empty))["players"] == []
