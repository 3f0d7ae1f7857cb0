"""trfkit's side of the big-Swiss benchmark: read, check and every individual tie-break.

    python benchmarks/pipeline.py FILE [--breakdown]

One process does what a tournament office asks of one file: read it (decoding,
diagnostics), run every check (``trfkit.validation.driver``) and compute the tie-breaks of
the conformance set under fide-2024. ``--breakdown`` prints the CPU time of each
stage (used by ``run_all.py`` for the linearity rows).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

#: The 24 individual tie-breaks of the conformance set (TIEBREAKS.md), plus TPN.
CODES = [
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "BH/M2",
    "FB",
    "SB",
    "SB/C1",
    "PS",
    "PS/C1",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
    "AOB",
    "KS",
    "STD",
    "TPN",
]


def run(data: bytes, path: str = "") -> dict[str, float]:
    """Do the three stages; CPU seconds of each."""
    from trfkit import formats
    from trfkit.tiebreaks import compute
    from trfkit.validation.driver import validate

    times = {}
    t0 = time.process_time()
    doc = formats.read(data, "auto", path=path)
    t1 = time.process_time()
    diagnostics = validate(doc)
    t2 = time.process_time()
    standings = compute(doc.tournament, CODES, rules="fide-2024")
    t3 = time.process_time()
    times.update(read=t1 - t0, check=t2 - t1, tiebreaks=t3 - t2)
    assert len(doc.tournament.players) and standings is not None and diagnostics is not None
    return times


def main(argv: list[str]) -> int:
    path = Path(argv[0])
    times = run(path.read_bytes(), str(path))
    if "--breakdown" in argv:
        print(" ".join(f"{k}={v:.6f}" for k, v in times.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
