"""``trfkit report`` on every corpus file and on damaged samples: never a traceback, an exit
status of 0 or 1, and a page that parses strictly whenever one is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from corrupt import KINDS, corrupt
from html_check import check_page
from swiss_edits import SAMPLES, cli_run

SUFFIXES = {".trf", ".tab", ".input", ".tunx", ".xml", ".html", ".xlsx", ".txt"}


def _reported(path: Path) -> None:
    result = cli_run("report", path)
    assert result.exit_code in (0, 1), result.output
    assert "T999" not in result.stderr
    if result.stdout:
        check_page(result.stdout)
    else:  # no page only for an input that is no tournament file
        assert result.exit_code == 1 and "nothing to report" in result.stderr


def test_every_corpus_file(shared_dir: Path) -> None:
    files = sorted(
        p
        for p in (shared_dir / "corpus").rglob("*")
        if p.is_file() and p.suffix.lower() in SUFFIXES
    )
    assert len(files) >= 100
    for path in files:
        _reported(path)


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("sample", ["swiss.trf", "team.trf", "trf26.trf"])
def test_damaged_samples(tmp_path: Path, sample: str, kind: str) -> None:
    data = (SAMPLES / sample).read_bytes()
    for seed in range(4):
        path = tmp_path / f"{seed}-{sample}"
        path.write_bytes(corrupt(data, kind, seed))
        _reported(path)
        assert path.read_bytes() == corrupt(data, kind, seed)  # the input is never changed
