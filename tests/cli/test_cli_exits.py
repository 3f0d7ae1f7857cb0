"""How every command ends on a closed stdout (``| head -1``) and on Ctrl-C.

Before, ``trfkit check ... | head -1`` reported an internal error (T999, exit 2) and
Ctrl-C exited 1 with click's "Aborted!". Now a closed stdout ends quietly with 141
(what grep gives when SIGPIPE ends it) and Ctrl-C exits 130.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SWISS = ROOT / "samples" / "swiss.trf"


def _many_problems(tmp_path: Path) -> Path:
    """A file whose report is far larger than a pipe's buffer."""
    lines = ["012 Big"]
    for n in range(1, 2001):
        lines.append(
            f"001 {n:>4}      {'Player ' + str(n):<33} 2000     {1000 + n:>11}"
            f"            1.0 {n:>4}  {n % 2000 + 1:>4} w 1"
        )
    path = tmp_path / "big.trf"
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    return path


def _with_closed_stdout(*args: str) -> subprocess.CompletedProcess[bytes]:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first write: EPIPE for sure
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        return subprocess.run(
            [sys.executable, "-m", "trfkit", *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            env=env,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_check_into_a_closed_pipe_ends_quietly(tmp_path: Path, fmt: str) -> None:
    done = _with_closed_stdout("check", str(_many_problems(tmp_path)), "--output-format", fmt)
    assert (done.returncode, done.stderr) == (141, b"")


def test_every_command_ends_quietly_on_a_closed_pipe() -> None:
    for args in (
        ["convert", str(SWISS), "--to", "csv"],
        ["info", str(SWISS)],
        ["rules"],
        ["tiebreaks", str(SWISS)],
    ):
        done = _with_closed_stdout(*args)
        assert done.returncode == 141, args
        assert b"T999" not in done.stderr and b"Traceback" not in done.stderr, args


def test_ctrl_c_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from trfkit.cli import main

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("trfkit.cli.check.collect", interrupted)
    with pytest.raises(SystemExit) as info:
        main(["check", str(SWISS)])
    assert info.value.code == 130


def test_ctrl_c_in_convert_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    from trfkit.cli import main

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("trfkit.cli.convert.convert_one", interrupted)
    with pytest.raises(SystemExit) as info:
        main(["convert", str(SWISS), "--to", "json"])
    assert info.value.code == 130


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize(
    "args",
    [["check", "-"], ["convert", "-", "--to", "json"], ["check", "-", str(SWISS), "-j", "2"]],
)
def test_a_real_sigint_exits_130_quietly(args: list[str]) -> None:
    """A real Ctrl-C (SIGINT to the process) while trfkit waits for stdin, also with workers."""
    import signal
    import time

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for wait in (1.0, 3.0, 8.0):  # long enough for the interpreter to install its handler
        proc = subprocess.Popen(
            [sys.executable, "-m", "trfkit", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            # as a terminal's Ctrl-C finds it: a suite started in the background by a
            # non-interactive shell (`.ci/run &`, a CI step) inherits SIGINT ignored, and
            # Python keeps an ignored SIGINT ignored, so the signal would be lost
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        time.sleep(wait)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        if proc.returncode != -signal.SIGINT:  # not killed before Python was up
            break
    assert (proc.returncode, out, err) == (130, b"", b"")  # no traceback, no "Aborted!"
