"""The benchmark generator (benchmarks/generate.py) yields clean, consistent TRF files."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from trfkit.formats.trf.reader import read_trf
from trfkit.formats.trf.writer import write_trf
from trfkit.model.results import COMPLEMENT

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate_trf, main  # noqa: E402


@pytest.mark.parametrize("players, rounds, seed", [(101, 7, 3), (20, 9, 1), (2, 1, 0)])
def test_generated_file_is_clean_and_consistent(players: int, rounds: int, seed: int) -> None:
    text = generate_trf(players, rounds, seed)
    doc = read_trf(text.encode("utf-8"))
    t = doc.tournament
    assert doc.diagnostics == ()
    assert len(t.players) == players and t.rounds == rounds
    by_start = t.by_start()
    for p, rnd, e in t.iter_rounds():
        if e.opponent is not None:
            other = by_start[e.opponent].round(rnd)
            assert other.opponent == p.start and {e.color, other.color} == {"w", "b"}
            assert other.result in COMPLEMENT[e.result]
    for rnd in range(1, rounds + 1):
        counts = Counter(p.round(rnd).result for p in t.players)
        assert counts["U"] <= 1
    for p in t.players:
        assert p.points == sum(t.scoring.points(e.result) for e in p.rounds)
    assert write_trf(t) == text  # the generator writes the writer's canonical layout


def test_generator_is_deterministic_and_has_a_cli(tmp_path: Path) -> None:
    assert generate_trf(30, 5, 9) == generate_trf(30, 5, 9)
    assert generate_trf(30, 5, 9) != generate_trf(30, 5, 10)
    out = tmp_path / "g.trf"
    assert main(["12", "3", "--seed", "4", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == generate_trf(12, 3, 4)


def test_generated_file_has_byes_forfeits_and_withdrawals() -> None:
    t = read_trf(generate_trf(400, 9, 5).encode()).tournament
    results = Counter(e.result for _, _, e in t.iter_rounds())
    assert results["U"] >= 1 and results["H"] >= 1 and results["+"] >= 1 and results["Z"] >= 1
