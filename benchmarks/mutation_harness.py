"""Mutation harness: hand-edit-style damage to TRF files, and the promises outputs keep.

Each run takes a source TRF (the samples, the small test fixtures and, when present,
the TRF files of ``../shared/corpus``), applies one to three mutations of
:mod:`tests.mutation` (one-sided pairings, repeated records and start numbers, negative
start numbers, tie-break lists with ``/V`` modifiers, absurd scoring records, changed
results, withdrawals, control characters in names; one run in five instead writes the
file as trfkit JSON with NaN, infinities, huge or negative numbers) and checks, in-process:

* every JSON output (``convert``, ``tiebreaks``, ``info``, ``check``, ``playoff``) is strict
  JSON and valid against its schema in ``schemas/``;
* ``explain`` totals equal the ``tiebreaks`` values for every code and player;
* a file ``check`` rejects at error level makes the other commands exit 1 too;
* the standings list each start number once; no text output holds a raw control
  character.

Generated events (:func:`tests.mutation.generated_event`) add ``explain`` against
``tiebreaks`` for a wide list of codes under every rule edition. The run is bounded by
``--runs`` and ``--seconds``; it prints what broke with the (source, kinds, seed) that
replays it, and exits 1 when anything did.

Run: ``python benchmarks/mutation_harness.py [--runs 300] [--seconds 120] [--corpus DIR]``.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from mutation import (  # noqa: E402 - found through the path above
    KINDS,
    audit,
    explain_disagreements,
    generated_event,
    json_mutant,
    mutate,
)

CODES = (
    "BH",
    "BH/C1",
    "BH/M1",
    "FB",
    "SB",
    "SB/C1",
    "AOB",
    "PS",
    "KS",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "STD",
    "REP",
    "TPN",
    "ARO",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
    "RTNG",
    "SOBH",
    "BH/P",
    "DE",
    "DE/P",
    "BH/V2009",
    "SB/V2026",
    "DE/V2009",
    "FB/V2",
    "BH/C1/V2024",
    "AOB/V0",
    "KS/V2009",
    "TPR/V2009",
)
RULES = ("auto", "fide-2009", "fide-2024", "fide-2026", "ru-2013")
TRF_SUFFIXES = (".trf", ".txt", ".tab", ".input", ".trfx")


def sources(corpus: Path | None, limit: int) -> list[Path]:
    """The samples and small fixtures, then up to ``limit`` corpus TRF files."""
    found = sorted((ROOT / "samples").glob("*.trf"))
    found += sorted((ROOT / "tests" / "data" / "trf").glob("*.trf"))
    found += sorted((ROOT / "tests" / "data" / "playoff").glob("*.trf"))
    if corpus is not None and corpus.is_dir():
        extra = [
            p
            for p in sorted(corpus.rglob("*"))
            if p.suffix.lower() in TRF_SUFFIXES
            and p.is_file()
            and p.stat().st_size < 200_000
            and b"\n001 " in p.read_bytes()[:20_000]
        ]
        found += extra[:limit]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=300, help="mutated files to audit")
    parser.add_argument(
        "--generated", type=int, default=200, help="generated events to explain code by code"
    )
    parser.add_argument("--seconds", type=float, default=120.0, help="time budget")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--corpus-files", type=int, default=200)
    args = parser.parse_args(argv)
    files = sources(args.corpus, args.corpus_files)
    deadline = time.monotonic() + args.seconds
    failures: Counter[str] = Counter()
    examples: dict[str, str] = {}
    done = generated = 0
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            if time.monotonic() > deadline:
                break
            seed = args.seed + run
            rng = random.Random(seed)
            source = rng.choice(files)
            kinds = rng.sample(sorted(KINDS), rng.randint(1, 3))
            if run % 5 == 4:  # one run in five: the file as trfkit JSON with odd numbers
                kinds, path = ["json-numbers"], Path(tmp) / "mutant.json"
                path.write_bytes(json_mutant(source.read_bytes(), rng))
            else:
                path = Path(tmp) / f"mutant{source.suffix}"
                path.write_bytes(mutate(source.read_bytes(), kinds, seed))
            for problem in audit(path):
                key = re.sub(r"\d+", "N", problem.replace(str(path), "FILE"))[:100]
                failures[key] += 1
                examples.setdefault(key, f"{source.name} {kinds} seed {seed}: {problem[:300]}")
            done += 1
    for number in range(args.generated):
        if time.monotonic() > deadline:
            break
        rng = random.Random(args.seed + number)
        from trfkit import loads

        tournament = loads(generated_event(rng).decode()).tournament
        codes, rules = rng.sample(CODES, 6), rng.choice(RULES)
        for problem in explain_disagreements(tournament, codes, rules=rules):
            key = "generated: " + problem.split(" of ")[0]
            failures[key] += 1
            examples.setdefault(
                key, f"generated seed {args.seed + number} {codes} {rules}: {problem}"
            )
        generated += 1
    print(f"{done} mutated files from {len(files)} sources, {generated} generated events")
    for key, count in failures.most_common():
        print(f"{count:5d}  {key}\n       e.g. {examples[key]}")
    print("every promise kept" if not failures else f"{sum(failures.values())} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
