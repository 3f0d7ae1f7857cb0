"""Benchmark: every individual tie-break of the conformance set on a big generated Swiss.

    python benchmarks/bench_tiebreaks.py [--players 2000] [--rounds 11] [--seed 1] [--repeat 3]

Timings on the same TRF text (CPU time, best of ``--repeat`` runs each):

* baseline: a bare script that only decodes the file (001 records: start number,
  round blocks) and sums plain Buchholz (opponents' scores, unplayed rounds ignored);
* baseline with the trfkit reader: ``trfkit.formats.read`` + plain Buchholz on the model;
* trfkit: ``trfkit.formats.read`` + ``trfkit.tiebreaks.compute`` with the codes the
  conformance tool checks, under fide-2024; with a breakdown (reading, the
  result-based tie-breaks, the rating-based ones).

The target (issue 4) is trfkit within 3x the baseline. Exit status 1 when missed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

CODES = ("BH BH/C1 BH/C2 BH/M1 BH/M2 FB SB SB/C1 PS PS/C1 WIN WON BPG BWG REP "
         "ARO ARO/C1 TPR PTP APRO APPO AOB KS STD TPN").split()

from bare import POINTS as _POINTS  # the baseline of every benchmark (benchmarks/bare.py)
from bare import plain_buchholz as bare_buchholz


def run_trfkit(data: bytes) -> object:
    from trfkit import formats
    from trfkit.tiebreaks import compute

    tournament = formats.read(data, "trf").tournament
    return compute(tournament, CODES, rules="fide-2024")


def read_and_buchholz(data: bytes) -> dict[int, float]:
    """Baseline 2: the trfkit reader, then plain Buchholz on the model."""
    from trfkit import formats
    from trfkit.results import RESULT_CODES

    t = formats.read(data, "trf").tournament
    score = {p.start: sum(_POINTS.get(e.result, 0.0) for e in p.rounds) for p in t.players}
    return {p.start: sum(score.get(e.opponent, 0.0) for e in p.rounds
                         if e.opponent is not None and RESULT_CODES[e.result].played) for p in t.players}


def compute_only(codes: list[str]):  # type: ignore[no-untyped-def]
    from trfkit.tiebreaks import compute

    def run(tournament):  # type: ignore[no-untyped-def]
        return compute(tournament, codes, rules="fide-2024")

    return run


def best(func, arg, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t0 = time.process_time()
        func(arg)
        times.append(time.process_time() - t0)
    return min(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    from generate import generate_trf

    text = generate_trf(args.players, args.rounds, args.seed)
    data = text.encode("utf-8")
    from trfkit import formats

    base = best(lambda d: bare_buchholz(d.decode("utf-8")), data, args.repeat)
    base2 = best(read_and_buchholz, data, args.repeat)
    ours = best(run_trfkit, data, args.repeat)
    tournament = formats.read(data, "trf").tournament
    rating_codes = [c for c in CODES if c in ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO")]
    result_codes = [c for c in CODES if c not in rating_codes]
    t_read = best(lambda d: formats.read(d, "trf"), data, args.repeat)
    t_results = best(compute_only(result_codes), tournament, args.repeat)
    t_ratings = best(compute_only(rating_codes), tournament, args.repeat)
    print(f"{args.players} players, {args.rounds} rounds, {len(CODES)} tie-breaks (CPU time, best of {args.repeat})")
    print(f"baseline: decode + plain Buchholz:        {base * 1000:8.1f} ms")
    print(f"baseline: trfkit read + plain Buchholz:   {base2 * 1000:8.1f} ms")
    print(f"trfkit: read + all tie-breaks:            {ours * 1000:8.1f} ms")
    print(f"  read:                                   {t_read * 1000:8.1f} ms")
    print(f"  {len(result_codes)} result-based tie-breaks (compute):  {t_results * 1000:8.1f} ms")
    print(f"  {len(rating_codes)} rating-based tie-breaks (compute):   {t_ratings * 1000:8.1f} ms")
    print(f"ratio to the bare baseline: {ours / base:.2f}x; to the trfkit-reader baseline: "
          f"{ours / base2:.2f}x (target: <= 3x)")
    return 0 if ours <= 3 * base else 1


if __name__ == "__main__":
    sys.exit(main())
