"""Benchmark: ``trfkit check DIR -j 2`` against the bare script of issue 8.

Writes 1000 generated Swiss tournaments (60 players, 7 rounds; ``generate.py``) to a
temporary directory, then times, as separate processes so that both pay for the
interpreter start, trfkit as users run it (a wheel of this tree in a fresh venv,
``install.py``) and the baseline on the same interpreter binary:

* the baseline: ``bare.py DIR``, which decodes each file and sums plain Buchholz;
* ``trfkit check DIR -j 2`` (reading, validation, text output), without a cache
  (issue 17: at most 1.2x the baseline), then with ``--cache-dir`` once cold (filling
  it) and again warm (every file unchanged), for comparison.

Prints best-of-N wall times and the ratios. ``run_all.py`` measures the same row
(CPU time too) for the README.
Run: ``python benchmarks/bench_check.py [--files 1000] [--players 60] [--rounds 7] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_trf
from install import installed

BARE = str(Path(__file__).resolve().parent / "bare.py")


def _best(
    command: list[str], runs: int, env: dict[str, str], *, warm_up: bool = True
) -> tuple[float, subprocess.CompletedProcess[str]]:
    best = float("inf")
    result = None
    if warm_up:  # the file cache warm for both
        subprocess.run(command, env=env, capture_output=True, check=False)
    for _ in range(runs):
        t0 = time.perf_counter()
        result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        best = min(best, time.perf_counter() - t0)
    assert result is not None
    return best, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for seed in range(args.files):
            text = generate_trf(args.players, args.rounds, seed)
            (root / f"event{seed:04d}.trf").write_text(text, encoding="utf-8")
        inst = installed()
        env = inst.env()
        base_s, base = _best([inst.python, BARE, tmp], args.runs, env)
        command = [inst.trfkit, "check", tmp, "-j", str(args.jobs), "--statistics"]
        check_s, checked = _best(command, args.runs, env)
        if checked.returncode not in (0, 1):
            print(checked.stderr, file=sys.stderr)
            return 2
        cache = str(root / ".cache")
        fill_s, _ = _best([*command, "--cache-dir", cache], 1, env, warm_up=False)
        warm_s, warm = _best([*command, "--cache-dir", cache], args.runs, env)
        assert warm.stdout == checked.stdout, "cached results differ"
        print(
            f"input: {args.files} files x {args.players} players x {args.rounds} rounds "
            f"(plain Buchholz total {base.stdout.strip()})"
        )
        print(f"baseline (bare.py: decode + Buchholz):  {base_s * 1000:6.0f} ms")
        print(
            f"trfkit check -j {args.jobs} (no cache):          {check_s * 1000:6.0f} ms  "
            f"ratio {check_s / base_s:5.2f}   (issue 17 target: <= 1.2)"
        )
        print(
            f"trfkit check -j {args.jobs} --cache-dir (cold):  {fill_s * 1000:6.0f} ms  "
            f"ratio {fill_s / base_s:5.2f}"
        )
        print(
            f"trfkit check -j {args.jobs} --cache-dir (warm):  {warm_s * 1000:6.0f} ms  "
            f"ratio {warm_s / base_s:5.2f}"
        )
        print("diagnostics:")
        print("  " + checked.stdout.strip().replace("\n", "\n  "))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
