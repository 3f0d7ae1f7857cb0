"""Benchmark: every individual tie-break of the conformance set on a big generated Swiss.

    python benchmarks/bench_tiebreaks.py [--players 2000] [--rounds 11] [--seed 1] [--repeat 5]

Timings on the same TRF text (CPU time, best of ``--repeat`` runs each, the
measured functions taking turns so that another process's load weighs on all):

* baseline: a bare script that only decodes the file (001 records: start number,
  round blocks) and sums plain Buchholz (opponents' scores, unplayed rounds ignored);
* baseline with the trfkit reader: ``trfkit.formats.read`` + plain Buchholz on the model;
* trfkit: ``trfkit.formats.read`` + ``trfkit.tiebreaks.compute`` with the codes the
  conformance tool checks, under fide-2024; with a breakdown (reading, all
  tie-breaks with the standings on the model already read, the result-based
  tie-breaks alone, the rating-based ones alone).

The generated field is fully rated, so the rating tie-breaks are defined without
``--unrated-rating``. Ratios to the bare script are printed for the whole run, the
tie-breaks alone and the reader alone.

The target (issue 4) is trfkit within 3x the baseline, in this process (the whole-process
measurement of issue 17 is ``run_all.py``'s). Exit status 1 when missed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# the baseline of every benchmark (benchmarks/bare.py) and the codes run_all times
from bare import POINTS as _POINTS  # noqa: E402 - found through the path above
from bare import plain_buchholz as bare_buchholz  # noqa: E402 - found through the path above
from pipeline import CODES  # noqa: E402 - found through the path above


def run_trfkit(data: bytes) -> object:
    from trfkit import formats
    from trfkit.tiebreaks import compute

    tournament = formats.read(data, "trf").tournament
    return compute(tournament, CODES, rules="fide-2024")


def read_and_buchholz(data: bytes) -> dict[int, float]:
    """Baseline 2: the trfkit reader, then plain Buchholz on the model's round columns."""
    from trfkit import formats
    from trfkit.model.results import RESULT_CODES

    t = formats.read(data, "trf").tournament
    played = {code for code, rc in RESULT_CODES.items() if rc.played}
    score = {p.start: sum(_POINTS.get(r, 0.0) for r in p.results) for p in t.players}
    return {
        p.start: sum(
            score.get(opponent, 0.0)
            for opponent, result in zip(p.opponents, p.results, strict=True)
            if opponent and result in played
        )
        for p in t.players
    }


def compute_only(codes: list[str]):  # type: ignore[no-untyped-def]
    from trfkit.tiebreaks import compute

    def run(tournament):  # type: ignore[no-untyped-def]
        return compute(tournament, codes, rules="fide-2024")

    return run


def best_of(funcs: dict[str, tuple], repeat: int) -> dict[str, float]:  # type: ignore[type-arg]
    """CPU time, best of ``repeat``, for each (func, arg); the functions take turns, so a
    load that comes and goes on the machine weighs on all of them alike."""
    times: dict[str, float] = {name: float("inf") for name in funcs}
    for _ in range(repeat):
        for name, (func, arg) in funcs.items():
            t0 = time.process_time()
            func(arg)
            times[name] = min(times[name], time.process_time() - t0)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    from generate import generate_trf

    text = generate_trf(args.players, args.rounds, args.seed)
    data = text.encode("utf-8")
    from trfkit import formats

    tournament = formats.read(data, "trf").tournament
    rating_codes = [c for c in CODES if c in ("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO")]
    result_codes = [c for c in CODES if c not in rating_codes]
    t = best_of(
        {
            "bare": (lambda d: bare_buchholz(d.decode("utf-8")), data),
            "reader+bh": (read_and_buchholz, data),
            "trfkit": (run_trfkit, data),
            "read": (lambda d: formats.read(d, "trf"), data),
            "tiebreaks": (compute_only(list(CODES)), tournament),
            "results": (compute_only(result_codes), tournament),
            "ratings": (compute_only(rating_codes), tournament),
        },
        args.repeat,
    )
    base, ours, tb = t["bare"], t["trfkit"], t["tiebreaks"]
    ms = {k: f"{v * 1000:8.1f} ms" for k, v in t.items()}
    print(
        f"{args.players} players, {args.rounds} rounds, PTS + {len(CODES)} tie-breaks, fide-2024 "
        f"(CPU time, best of {args.repeat}, taking turns)"
    )
    print(f"baseline: decode + plain Buchholz:        {ms['bare']}")
    print(f"baseline: trfkit read + plain Buchholz:   {ms['reader+bh']}")
    print(f"trfkit: read + all tie-breaks:            {ms['trfkit']}")
    print(f"  read:                                   {ms['read']}")
    print(f"  all tie-breaks and standings (compute): {ms['tiebreaks']}")
    print(f"    {len(result_codes)} result-based (compute alone):     {ms['results']}")
    print(f"    {len(rating_codes)} rating-based (compute alone):      {ms['ratings']}")
    print(f"ratio read + tie-breaks / bare:  {ours / base:5.2f}x (target: <= 3x)")
    print(f"ratio tie-breaks alone / bare:   {tb / base:5.2f}x")
    print(f"ratio read alone / bare:         {t['read'] / base:5.2f}x")
    return 0 if ours <= 3 * base else 1


if __name__ == "__main__":
    sys.exit(main())
