"""The mutation harness in small (``benchmarks/mutation_harness.py`` is the long run): the
samples and small fixtures, damaged the way hand edits and buggy exporters damage files,
keep every promise of :func:`mutation.audit` (issue 15): strict, schema-valid JSON from
every command, ``explain`` totals equal to the ``tiebreaks`` values, every command exiting
1 on what ``check`` rejects, one row per start number, no raw control character."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutation import KINDS, audit, json_mutant, mutate

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {
    p.name: p.read_bytes()
    for p in [
        *sorted((ROOT / "samples").glob("*.trf")),
        *sorted((ROOT / "tests/data/trf").glob("*.trf")),
    ]
}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(SOURCES)),
    st.lists(st.sampled_from(sorted(KINDS)), min_size=1, max_size=3),
    st.integers(0, 2**32 - 1),
)
def test_mutated_files_keep_every_promise(source: str, kinds: list[str], seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mutant.trf"
        path.write_bytes(mutate(SOURCES[source], kinds, seed))
        assert audit(path, explain_limit=150) == []


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(SOURCES)), st.integers(0, 2**32 - 1))
def test_json_inputs_with_unusable_numbers_keep_every_promise(source: str, seed: int) -> None:
    """NaN, infinities, 1e300, negative starts, 400-digit integers in a JSON model."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mutant.json"
        path.write_bytes(json_mutant(SOURCES[source], random.Random(seed)))
        assert audit(path, explain_limit=100) == []


def test_the_harness_sees_what_it_checks(tmp_path: Path) -> None:
    """The audit is not blind: a file with an error check reports, a /V list, a repeated
    record and an infinite scoring value pass only because each promise holds."""
    path = tmp_path / "event.trf"
    path.write_bytes(
        mutate(
            SOURCES["swiss.trf"],
            ["versions", "duplicate-player", "absurd-scoring", "asymmetric"],
            7,
        )
    )
    text = path.read_text()
    assert "202 " in text and "9" * 300 in text
    assert audit(path) == []
