"""Shared fixtures: where the samples and the reference corpus are, and a CLI runner."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
#: The read-only reference material beside the checkout (absent on most machines).
SHARED = Path(__file__).resolve().parents[2] / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """``/work/shared`` (spec, corpus, expected values), or skip the test when absent."""
    if not (SHARED / "corpus").is_dir():
        pytest.skip("reference material ../shared is not available")
    return SHARED


@pytest.fixture
def samples_dir() -> Path:
    """The bundled ``samples/`` folder of the checkout."""
    return SAMPLES


@pytest.fixture
def runner() -> CliRunner:
    """A click runner; ``result.stdout`` and ``result.stderr`` are kept apart."""
    return CliRunner()


@pytest.fixture(autouse=True)
def english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outputs are compared in English: a ``TRFKIT_LANG`` of the shell running the tests
    must not turn them Russian (the tests of ``--lang`` set it themselves)."""
    monkeypatch.delenv("TRFKIT_LANG", raising=False)
