"""What issue 17 took out stays out of trfkit's source: the speed scaffolding (GC pauses,
the re-implemented frozen classes, the block cache, the packed PTP table, the exact-sum
shortcut flag) and timing figures in docstrings and comments (STYLE.md: say why, not
how many milliseconds)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "trfkit"
SOURCES = sorted(PACKAGE.rglob("*.py"))

#: name -> what it was
GONE = {
    r"\bimport gc\b|\bgc\.(disable|freeze|enable|collect)\b": "a GC pause",
    r"\bfrozen_methods\b|\bfastinit\b": "the hand-made frozen classes",
    r"\bobject\.__new__\b|\bobject\.__setattr__\b": "building records around their __init__",
    r"(?i)\bblock.?cache\b": "the process-wide round-block cache",
    r"(?i)\bswar\b": "the packed PTP table",
    r"\bexact_sums\b": "the exact-sum shortcut flag",
    r"\bwire\b\.": "the worker wire format",
}

#: a number with a unit of time, or a speed-up factor
FIGURE = re.compile(
    r"\b\d+(?:\.\d+)? ?(?:ms|µs|us|ns|milliseconds?|microseconds?)\b|\b\d+(?:\.\d+)?x faster\b"
)


@pytest.mark.parametrize("pattern", sorted(GONE))
def test_the_scaffolding_is_gone(pattern: str) -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{n}"
        for path in SOURCES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(pattern, line)
    ]
    assert found == [], GONE[pattern]


def test_no_timing_figures_in_docstrings_or_comments() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
        for path in SOURCES
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FIGURE.search(line)
    ]
    assert found == []
