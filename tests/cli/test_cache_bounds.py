"""``check --cache-dir`` streams: the parent holds a bounded chunk of inputs, not all of them."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

from click.testing import CliRunner

from trfkit import check_many as batch
from trfkit.check_many import Job, Settings
from trfkit.cli import cli

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate_trf


def test_cached_run_takes_the_jobs_a_chunk_at_a_time(tmp_path: Path) -> None:
    event = tmp_path / "event.trf"
    event.write_text(generate_trf(6, 3, 1), encoding="utf-8")
    taken = 0

    def jobs() -> Iterator[Job]:
        nonlocal taken
        for n in range(5000):
            taken += 1
            yield Job(str(event), f"copy{n}.trf")

    reports = batch.run(jobs(), Settings(), 1, str(tmp_path / "cache"))
    first = next(reports)
    assert first.path == "copy0.trf" and first.error is None
    assert taken <= batch.CACHE_CHUNK  # not 5000 inputs read into memory first
    rest = list(reports)
    assert len(rest) == 4999 and taken == 5000
    assert [r.path for r in rest[-2:]] == ["copy4998.trf", "copy4999.trf"]
    last = [(d.code, d.line, d.file) for d in rest[-1].diagnostics]
    assert last == [(d.code, d.line, "copy4999.trf") for d in first.diagnostics] != []


def test_cached_check_over_many_files_matches_the_uncached_one(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for n in range(7):
        (folder / f"e{n}.trf").write_text(generate_trf(6, 3, n % 3), encoding="utf-8")
    (folder / "bad.trf").write_text("not a tournament\n", encoding="utf-8")
    runner = CliRunner()
    plain = runner.invoke(cli, ["check", str(folder), "-q", "-j", "1"])
    cache = str(tmp_path / "cache")
    saved = batch.CACHE_CHUNK
    batch.CACHE_CHUNK = 3  # several chunks, the last one short
    try:
        cold = runner.invoke(cli, ["check", str(folder), "-q", "-j", "1", "--cache-dir", cache])
        warm = runner.invoke(cli, ["check", str(folder), "-q", "-j", "1", "--cache-dir", cache])
    finally:
        batch.CACHE_CHUNK = saved
    assert plain.exit_code == cold.exit_code == warm.exit_code == 1
    assert plain.output == cold.output == warm.output
    assert "bad.trf:1:1: T006" in plain.output
