"""Benchmark: the data sections of ``trfkit report`` on a big generated Swiss.

    python benchmarks/bench_report_sections.py [--players 2000] [--rounds 11] [--seed 0] [--repeat 5]

The file is the one ``python3 benchmarks/generate.py 2000 11`` writes (seed 0). It is
read and its standings computed once (the default Swiss list: BH/C1, BH, SB, DE, as
``trfkit report`` computes them for it); then each section of
``trfkit/render/report/`` is timed on them (CPU time, best of ``--repeat`` runs each,
the sections taking turns so that another process's load weighs on all): the
standings with every value's breakdown, the crosstable, the player cards with ARO and
TPR, and the two charts. The reading and the standings are timed too, for the scale
of the whole page. Sizes are those of the HTML each section returns.

The target (issue 18) is the whole page well under a second; these sections are to
stay within 0.5 s together. Exit status 1 when they do not.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import generate_trf  # noqa: E402 - found through the path above

from trfkit.i18n import DEFAULT, speaking, translator  # noqa: E402 - as render_page calls them

TARGET = 0.5  # seconds of CPU time for the four sections together


ENGLISH = translator(DEFAULT)


def best_of(funcs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """CPU time, best of ``repeat``, for each function; the functions take turns."""
    times = {name: float("inf") for name in funcs}
    for _ in range(repeat):
        for name, func in funcs.items():
            t0 = time.process_time()
            with speaking(ENGLISH):  # as render_page calls them, for an English page
                func()
            times[name] = min(times[name], time.process_time() - t0)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()

    from trfkit import formats
    from trfkit.ranking import individual_standings
    from trfkit.render.report.cards import player_cards_section
    from trfkit.render.report.charts import charts_section
    from trfkit.render.report.crosstable import crosstable_section
    from trfkit.render.report.standings_table import standings_section

    data = generate_trf(args.players, args.rounds, args.seed).encode("utf-8")
    tournament = formats.read(data, "trf").tournament
    standings, _ = individual_standings(tournament)
    diagnostics = list(standings.diagnostics)
    sections: dict[str, Callable[[], str]] = {
        "standings": lambda: standings_section(tournament, standings, diagnostics),
        "crosstable": lambda: crosstable_section(tournament, standings, None),
        "cards": lambda: player_cards_section(tournament, standings),
        "charts": lambda: charts_section(tournament, standings),
    }
    scale: dict[str, Callable[[], object]] = {
        "read": lambda: formats.read(data, "trf"),
        "standings (compute)": lambda: individual_standings(tournament),
    }
    times = best_of({**sections, **scale}, args.repeat)
    sizes = {name: len(func().encode("utf-8")) for name, func in sections.items()}
    total = sum(times[name] for name in sections)
    print(
        f"{args.players} players, {args.rounds} rounds, tie-breaks "
        f"{', '.join(standings.labels)} (CPU time, best of {args.repeat}, taking turns)"
    )
    for name in sections:
        print(f"  {name + ':':<22}{times[name] * 1000:8.1f} ms  {sizes[name] / 1e6:6.2f} MB")
    print(
        f"  {'sections together:':<22}{total * 1000:8.1f} ms  {sum(sizes.values()) / 1e6:6.2f} MB"
    )
    for name in scale:
        print(f"  {name + ':':<22}{times[name] * 1000:8.1f} ms")
    print(f"target: the sections within {TARGET * 1000:.0f} ms")
    return 0 if total <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
