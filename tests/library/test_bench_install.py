"""benchmarks/install.py keeps the environments another run may be timing."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from install import _prune  # noqa: E402 - found through the path above


def _last_used(path: Path, seconds_ago: float) -> None:
    path.mkdir(exist_ok=True)
    then = time.time() - seconds_ago
    os.utime(path, (then, then))


def test_pruning_keeps_the_newest_and_spares_recently_used_environments(tmp_path: Path) -> None:
    for k in range(6):  # idle for two hours and more
        _last_used(tmp_path / f"venv-{k}", 7200.0 + 60 * k)
    _prune(tmp_path, keep=3, idle=3600.0)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["venv-0", "venv-1", "venv-2"]

    # venv-1 and venv-2 beyond keep=1, but one was used a minute ago (by another run)
    _last_used(tmp_path / "venv-0", 10.0)
    _last_used(tmp_path / "venv-1", 60.0)
    _prune(tmp_path, keep=1, idle=3600.0)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["venv-0", "venv-1"]
