"""The code's layout is ruff format's and its lint is clean: a change that skips
``ruff format`` fails here, not in review."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUFF = shutil.which("ruff")
pytestmark = pytest.mark.skipif(RUFF is None, reason="ruff (the test extra) is not installed")


@pytest.mark.parametrize("command", [["format", "--check"], ["check"]])
def test_ruff(command: list[str]) -> None:
    assert RUFF is not None
    done = subprocess.run(
        [RUFF, *command, "trfkit", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
