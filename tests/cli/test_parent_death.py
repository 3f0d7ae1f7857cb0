"""Worker processes end when the batch's parent process is killed (``kill -9``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate_trf

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def children(pid: int) -> list[int]:
    """Live (non-zombie) processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z" and int(fields[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_workers_end_within_seconds_of_a_killed_parent(tmp_path: Path) -> None:
    text = generate_trf(200, 9, 1)  # a few seconds of work: the parent is killed long before
    for n in range(600):
        (tmp_path / f"event{n:03d}.trf").write_text(text, encoding="utf-8")
    parent = subprocess.Popen(
        [sys.executable, "-m", "trfkit", "check", str(tmp_path), "-j", "2", "-q"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline and parent.poll() is None:
            time.sleep(0.05)
            workers = children(parent.pid)
        assert len(workers) >= 2, "the batch did not start its workers"
        time.sleep(0.3)  # the workers are busy checking
        assert parent.poll() is None, "the batch ended before it could be killed"
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 5
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [w for w in workers if alive(w)]
    finally:
        for w in workers:  # never leave a stray process behind, whatever the outcome
            if alive(w):
                os.kill(w, signal.SIGKILL)
        if parent.poll() is None:
            parent.kill()
