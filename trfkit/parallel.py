"""An ordered, streaming ``map`` over worker processes with bounded work in flight.

``multiprocessing.Pool.imap`` feeds its whole input iterable to the workers as
fast as it can, so a lazy walk over a million files would be listed in memory
after all; ``ProcessPoolExecutor.map`` submits everything up front too. Here at
most ``window`` chunks are submitted at any time and the oldest is awaited before
the next is sent, so memory stays flat however many items there are, results come
back in input order (deterministic output whatever ``workers`` is), and a slow
item delays its own chunk's results only.

``func`` must be a module-level function (it is pickled by reference) and must
not raise for bad items: a batch reports a failing file and goes on, so turning
exceptions into results is the caller's job (see :func:`trfkit.cli.many_files`).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = ["default_workers", "ordered_map"]

T = TypeVar("T")
R = TypeVar("R")


def default_workers() -> int:
    """The CPUs this process may use (the affinity mask in a container), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - macOS, Windows
        return max(1, os.cpu_count() or 1)


#: Seconds between a worker's checks that its parent is still alive (the portable fallback).
PARENT_POLL: float = 0.5


def _end_with_parent(parent: int) -> None:
    """Worker initializer: end this process when the parent dies, even by ``kill -9``.

    A killed parent cannot shut its pool down, and the workers, blocked on a queue that
    other workers keep open, would otherwise run on. On Linux the kernel sends SIGKILL
    when the parent exits (``prctl(PR_SET_PDEATHSIG)``); everywhere a daemon thread also
    watches ``os.getppid()``, which changes when the worker is re-parented.
    """

    if sys.platform.startswith("linux"):
        try:
            import ctypes  # Linux only
            import signal  # (the parent's death signal)

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):  # pragma: no cover - no libc prctl
            pass
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(PARENT_POLL)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="trfkit-parent-watch", daemon=True).start()


def _ignore_interrupt() -> None:
    """Workers leave Ctrl-C to the parent, which stops the batch (exit 130): otherwise
    every worker would print its own KeyboardInterrupt traceback."""
    import signal  # worker processes only

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _init_worker(parent: int) -> None:
    """Worker initializer: Ctrl-C is the parent's, and the worker ends with its parent."""
    _ignore_interrupt()
    _end_with_parent(parent)


def _stop(pool: Any) -> None:
    """End the workers now: nobody wants their results, and leaving the pool would first
    wait for the chunks in progress (seconds each on large files) after a Ctrl-C."""
    processes = getattr(pool, "_processes", None) or {}  # (CPython's executor keeps them here)
    for process in list(processes.values()):
        process.terminate()


def _run_chunk(func: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [func(item) for item in chunk]


def ordered_map(
    func: Callable[[T], R],
    items: Iterable[T],
    workers: int = 1,
    *,
    chunk: int = 16,
    window: int | None = None,
) -> Iterator[R]:
    """Yield ``func(item)`` for every item, in order, using ``workers`` processes.

    With one worker, or a single item, everything runs in this process: no pool
    start-up, no pickling, and :mod:`multiprocessing` is not even imported (a
    one-file ``trfkit check`` starts faster). Across processes ``func`` (a module-level
    function) and its results travel pickled. ``chunk`` items travel together to
    amortise the inter-process cost; at most ``window`` chunks (default
    ``4 * workers``) are in flight.
    """
    if workers <= 1:
        for item in items:
            yield func(item)
        return
    source = iter(items)
    first = list(islice(source, workers * chunk))
    if len(first) <= 1:  # one input: a pool would only add its start-up time
        yield from (func(item) for item in first)
        return
    from concurrent.futures import ProcessPoolExecutor  # -j 2 and up only

    limit = window or 4 * workers
    pending: deque[Future[list[R]]] = deque()
    with ProcessPoolExecutor(
        max_workers=min(workers, len(first)), initializer=_init_worker, initargs=(os.getpid(),)
    ) as pool:
        # a handful of inputs is shared out evenly instead of going to one worker
        size = min(chunk, -(-len(first) // workers))
        for start in range(0, len(first), size):
            pending.append(pool.submit(_run_chunk, func, first[start : start + size]))
        exhausted = False
        while pending:
            while not exhausted and len(pending) < limit:
                batch = list(islice(source, chunk))
                if not batch:
                    exhausted = True
                    break
                pending.append(pool.submit(_run_chunk, func, batch))
            try:
                yield from pending.popleft().result()
            except BaseException:  # Ctrl-C, a closed stdout, the caller stopped: no more results
                _stop(pool)  # (the pool then fails the pending futures itself; nobody reads them)
                raise
