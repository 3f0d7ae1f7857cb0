"""Benchmark: read a generated 2000-player, 11-round TRF file in-process.

Prints the best and median wall time of ``read_trf`` over several runs (decoding
included), and checks that chardet was never imported for this valid UTF-8 input.
Run: ``python benchmarks/bench_read.py [players] [rounds] [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_trf  # noqa: E402

from trfkit.formats.trf.dates import _parse_date_cached, parse_grid_date  # noqa: E402
from trfkit.formats.trf.reader import read_trf  # noqa: E402
from trfkit.formats.trf.writer import write_trf  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int, nargs="?", default=2000)
    parser.add_argument("rounds", type=int, nargs="?", default=11)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    data = generate_trf(args.players, args.rounds, args.seed).encode("utf-8")
    timings = []
    cpu = []
    doc = None
    for _ in range(args.runs):
        _parse_date_cached.cache_clear()  # every run starts cold: no help from the previous read
        parse_grid_date.cache_clear()
        t0, c0 = time.perf_counter(), time.process_time()
        doc = read_trf(data, path="generated.trf")
        timings.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    assert doc is not None
    t0 = time.perf_counter()
    write_trf(doc.tournament)
    write_ms = (time.perf_counter() - t0) * 1000
    print(
        f"input: {args.players} players x {args.rounds} rounds, {len(data) / 1024:.0f} KiB, "
        f"{len(doc.tournament.players)} players read, {len(doc.diagnostics)} diagnostics"
    )
    print(
        f"read_trf: best {min(timings):.1f} ms, median {statistics.median(timings):.1f} ms "
        f"over {args.runs} runs (CPU time: best {min(cpu):.1f} ms; "
        "wall time suffers on a busy machine)"
    )
    print(f"write_trf: {write_ms:.1f} ms (one run)")
    print(f"chardet imported: {'chardet' in sys.modules}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
