"""Sweep: every corpus file, intact and damaged, through check, convert and tiebreaks.

For each file under ``../shared/corpus`` (or ``--corpus DIR``) the intact file and
``--seeds`` damaged copies per kind of damage (:mod:`tests.corrupt`: bytes flipped,
inserted, deleted, truncated, lines shuffled) go through ``trfkit check``,
``trfkit convert --to json`` and ``trfkit tiebreaks --to json`` (in-process, with
click's runner, in ``-j`` worker processes). A run fails when its exit status is not
0 or 1, an exception escapes, a traceback or T999 is printed, or the input file
changes. Prints a summary with exit-status counts, the slowest run and the peak
memory of the workers. Exit status 1 when anything failed.

Run: ``python benchmarks/corrupt_sweep.py [--seeds 3] [-j 4]``.
"""

from __future__ import annotations

import argparse
import hashlib
import resource
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from corrupt import KINDS, corrupt  # noqa: E402 - found through the path above

COMMANDS = (("check",), ("convert", "--to", "json"), ("tiebreaks", "--to", "json"))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sweep_file(args: tuple[str, int]) -> tuple[Counter[int], list[str], float, str, int]:
    """All runs for one corpus file: (exit counts, failures, slowest seconds, slowest run,
    peak KB)."""
    from click.testing import CliRunner

    from trfkit.cli import cli

    source, seeds = Path(args[0]), args[1]
    runner = CliRunner()
    exits: Counter[int] = Counter()
    failures: list[str] = []
    slowest, slowest_run = 0.0, ""
    original = source.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        variants = [("intact", 0, source)]
        for kind in sorted(KINDS):
            for seed in range(seeds):
                path = Path(tmp) / f"{kind}-{seed}-{source.name}"
                path.write_bytes(corrupt(original, kind, seed))
                variants.append((kind, seed, path))
        for kind, seed, path in variants:
            before = _digest(path)
            for command in COMMANDS:
                label = f"{source.name} [{kind} {seed}] {' '.join(command)}"
                start = time.perf_counter()
                result = runner.invoke(cli, [*command, str(path)])
                seconds = time.perf_counter() - start
                exits[result.exit_code] += 1
                if seconds > slowest:
                    slowest, slowest_run = seconds, label
                text = result.stdout + result.stderr
                problems = []
                if result.exit_code not in (0, 1):
                    problems.append(f"exit {result.exit_code}")
                if result.exception is not None and not isinstance(result.exception, SystemExit):
                    problems.append(f"{type(result.exception).__name__}: {result.exception}")
                if "Traceback" in text or "T999" in text:
                    problems.append("traceback/T999: " + text[-300:].replace("\n", " | "))
                if problems:
                    failures.append(f"{label}: {'; '.join(problems)}")
            if _digest(path) != before:
                failures.append(f"{path.name}: INPUT MODIFIED")
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return exits, failures, slowest, slowest_run, peak_kb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--seeds", type=int, default=3, help="Damaged copies per kind of damage.")
    parser.add_argument("-j", "--jobs", type=int, default=4)
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    files = sorted(p for p in args.corpus.rglob("*") if p.is_file())
    hashes = {p: _digest(p) for p in files}
    start = time.perf_counter()
    exits: Counter[int] = Counter()
    failures: list[str] = []
    slowest, slowest_run, peak_kb = 0.0, "", 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for e, f, s, run, kb in pool.map(sweep_file, [(str(p), args.seeds) for p in files]):
            exits.update(e)
            failures.extend(f)
            if s > slowest:
                slowest, slowest_run = s, run
            peak_kb = max(peak_kb, kb)
    changed = [str(p) for p in files if _digest(p) != hashes[p]]
    failures.extend(f"{p}: CORPUS FILE MODIFIED" for p in changed)
    elapsed = time.perf_counter() - start
    runs = sum(exits.values())
    print(
        f"{len(files)} corpus files x (intact + {len(KINDS)} kinds x {args.seeds} seeds) x "
        f"{len(COMMANDS)} commands = {runs} runs in {elapsed:.0f} s with {args.jobs} workers"
    )
    print("exit statuses: " + ", ".join(f"{code}: {n}" for code, n in sorted(exits.items())))
    print(f"slowest run: {slowest:.2f} s ({slowest_run})")
    print(f"peak memory of a worker: {peak_kb / 1024:.0f} MB")
    print(f"failures: {len(failures)}")
    for line in failures[:50]:
        print("  " + line)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
