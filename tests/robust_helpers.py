"""Shared helpers of the robustness tests (issue 9): a CLI runner, small TRF inputs, a time
bound."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from click.testing import CliRunner, Result
from trf_helpers import p001

from trfkit.cli import cli

SAMPLES = Path(__file__).resolve().parents[1] / "samples"


def invoke(*args: str) -> Result:
    """``trfkit ARGS`` in-process; stdout and stderr apart."""
    return CliRunner().invoke(cli, list(args))


def trf(*players: str, name: str = "Robust Open") -> bytes:
    return ("\n".join([f"012 {name}", *players]) + "\n").encode()


#: Two players, one game, no problem at all.
TWO = trf(
    p001(1, name="Alpha, Anna", points="1.0", rank="1", rounds=("   2 w 1",)),
    p001(2, name="Beta, Bert", fide="2345678", points="0.0", rank="2", rounds=("   1 b 0",)),
)


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail instead of hanging the suite when a loop runs over a declared huge number."""

    def expired(*_: object) -> None:
        raise TimeoutError(f"took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
