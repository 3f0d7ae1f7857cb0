"""The baseline of the benchmarks: a bare script that decodes TRF files and sums plain Buchholz.

    python benchmarks/bare.py FILE_OR_DIR...

No trfkit, no checks, no diagnostics: read the bytes, decode UTF-8, take the 001
records (start number, round blocks of 10 columns from column 92), score each
player, and sum the opponents' scores of the games played. This is the least any
tool must do to produce one tie-break, which is why issue 8 measures trfkit
against it. Prints the grand total so that the work cannot be skipped.
"""

from __future__ import annotations

import sys
from pathlib import Path

POINTS = {
    "1": 1.0,
    "=": 0.5,
    "0": 0.0,
    "+": 1.0,
    "-": 0.0,
    "W": 1.0,
    "D": 0.5,
    "L": 0.0,
    "H": 0.5,
    "F": 1.0,
    "U": 1.0,
    "Z": 0.0,
    " ": 0.0,
}


def plain_buchholz(text: str) -> dict[int, float]:
    """Start number -> sum of the scores of the opponents met over the board."""
    opponents: dict[int, list[int]] = {}
    score: dict[int, float] = {}
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        start = int(line[4:8])
        met = []
        total = 0.0
        for col in range(91, len(line), 10):
            block = line[col : col + 8]
            if len(block) < 8:
                break
            opponent, result = block[0:4].strip(), block[7]
            total += POINTS.get(result, 0.0)
            if opponent and opponent != "0000" and result in "10=":
                met.append(int(opponent))
        opponents[start] = met
        score[start] = total
    return {p: sum(score.get(o, 0.0) for o in met) for p, met in opponents.items()}


def files(args: list[str]) -> list[Path]:
    found: list[Path] = []
    for arg in args:
        path = Path(arg)
        found.extend(sorted(path.rglob("*.trf")) if path.is_dir() else [path])
    return found


def main(argv: list[str]) -> int:
    grand = 0.0
    for path in files(argv):
        grand += sum(plain_buchholz(path.read_bytes().decode("utf-8")).values())
    print(f"{grand:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
