"""Fuzzing the command line: damaged files through check, convert and tiebreaks.

For any content the exit status is 0 or 1 (2 is for usage errors, unreadable paths
and internal errors), nothing is printed that looks like a traceback, and the input
file is byte-for-byte the same afterwards. A few corpus files get the same treatment
when the reference material is present (the whole corpus: benchmarks/corrupt_sweep.py).
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from corrupt import KINDS, corrupt
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from seeds import SEEDS

from trfkit.cli import cli

SHARED = Path(__file__).resolve().parents[3] / "shared"
COMMANDS = (("check",), ("convert", "--to", "json"), ("tiebreaks", "--to", "json"))
CLI_FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _assert_content_answer(result: Result, what: str) -> None:
    """Exit 0 or 1, no escaped exception, no traceback on either stream."""
    assert result.exit_code in (0, 1), (what, result.exit_code, result.stderr[-2000:])
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        what,
        result.exception,
    )
    assert "Traceback" not in result.stdout + result.stderr, what
    assert "T999" not in result.stdout + result.stderr, what


def run_all(path: Path) -> None:
    """Every command of :data:`COMMANDS` on ``path``; the file must not change."""
    before = _digest(path)
    runner = CliRunner()
    for command in COMMANDS:
        result = runner.invoke(cli, [*command, str(path)])
        _assert_content_answer(result, f"{' '.join(command)} {path.name}")
    assert _digest(path) == before, f"{path.name} was modified"


@CLI_FUZZ
@given(st.sampled_from(sorted(SEEDS)), st.sampled_from(sorted(KINDS)), st.integers(0, 2**32 - 1))
def test_damaged_inputs_give_exit_0_or_1_and_stay_unchanged(
    name: str, kind: str, seed: int
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / name
        path.write_bytes(corrupt(SEEDS[name], kind, seed))
        run_all(path)


@CLI_FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_give_exit_0_or_1(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "upload.bin"
        path.write_bytes(data)
        run_all(path)


def _corpus_sample() -> list[Path]:
    corpus = SHARED / "corpus"
    if not corpus.is_dir():
        return []
    wanted = (
        "trf/py4swiss/javafo_example.trf",
        "trf/icu-krause/irish_junior_champs_2011.tab",
        "trf/heltour/friendship_cup_2024.trf",
        "chess-results/xml/Team_RoundRobin.xml",
    )
    found = [corpus / w for w in wanted if (corpus / w).is_file()]
    found += sorted(corpus.glob("swiss-manager/**/*.TUNX"))[:1]
    found += sorted(corpus.glob("chess-results/html/*.html"))[:1]
    return found


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_damaged_corpus_files(kind: str, tmp_path: Path) -> None:
    sample = _corpus_sample()
    if not sample:
        pytest.skip("reference material ../shared is not available")
    for source in sample:
        path = tmp_path / source.name
        for seed in range(1):
            path.write_bytes(corrupt(source.read_bytes(), kind, seed))
            run_all(path)
