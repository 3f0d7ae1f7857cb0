"""Time the rating tie-breaks and direct encounter on large generated events.

    python benchmarks/bench_ratings_direct.py [players] [rounds]

Three cases: a realistic Swiss from ``generate.py`` (every rating code and DE), one
score group of every player (all games drawn: DE must decide nothing, in one pass),
and a 300-player round robin with transitive results (DE separates everyone in one
level). Prints seconds per case; nothing is asserted (benchmarks are not tests).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_trf

import trfkit
from trfkit.model import Header, Player, RoundEntry, Tournament
from trfkit.tiebreaks import compute

CODES = ["ARO", "ARO/C1", "TPR", "TPR/400", "PTP", "APRO", "APPO", "RTNG", "DE"]


def _timed(label: str, tournament: Tournament, codes: list[str], rules: str = "fide-2024") -> None:
    start = time.perf_counter()
    compute(tournament, codes, rules=rules)
    print(f"{label:<40} {time.perf_counter() - start:7.3f} s")


def _all_drawn(n: int, rounds: int) -> Tournament:
    blocks: dict[int, list[RoundEntry]] = {i: [] for i in range(1, n + 1)}
    for r in range(rounds):
        order = [(i + r * 7) % n + 1 for i in range(n)]
        for a, b in zip(order[::2], order[1::2], strict=False):  # odd n: the last sits out
            blocks[a].append(RoundEntry(b, "w", "="))
            blocks[b].append(RoundEntry(a, "b", "="))
    players = tuple(Player.build(i, f"P{i}", rating=1500, rounds=tuple(blocks[i])) for i in blocks)
    return Tournament(header=Header(rounds=rounds), players=players)


def _transitive_round_robin(k: int) -> Tournament:
    blocks: dict[int, list[RoundEntry]] = {i: [] for i in range(1, k + 1)}
    for a in range(1, k + 1):
        for b in range(a + 1, k + 1):
            blocks[a].append(RoundEntry(b, "w", "1"))
            blocks[b].append(RoundEntry(a, "b", "0"))
    players = tuple(Player.build(i, f"P{i}", rating=1500, rounds=tuple(blocks[i])) for i in blocks)
    return Tournament(header=Header(rounds=k - 1, type_text="round robin"), players=players)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    swiss = trfkit.loads(generate_trf(n, rounds, 1)).tournament
    _timed(f"Swiss {n}x{rounds}: {' '.join(CODES)}", swiss, CODES)
    _timed(f"Swiss {n}x{rounds}: same, unrated 1400", swiss, [c + "/U1400" for c in CODES[:-1]])
    _timed(f"one group of {n}, all drawn: DE", _all_drawn(n, rounds), ["DE"])
    _timed("transitive round robin of 300: DE", _transitive_round_robin(300), ["DE"])


if __name__ == "__main__":
    main()
