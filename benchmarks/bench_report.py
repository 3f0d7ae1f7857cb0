"""Benchmark: ``trfkit report`` of a big generated Swiss, the whole process and the page alone.

    python benchmarks/bench_report.py [--players 2000] [--rounds 11] [--runs 7] [--limit 1.0]
                                      [--lang en|ru]

Three timings (median and range of ``--runs`` after a warm-up):

* the whole command as a user runs it, ``trfkit report FILE -o page.html`` (start-up,
  read, every check of ``trfkit check``, the standings, the page written): wall and CPU
  time of the process (this tree's trfkit, through ``python -m trfkit``);
* in one process, :func:`trfkit.render.report.page.render_page` alone on the document and standings
  already read and checked (the header, the problems, the file's grid and the sections
  wired in :mod:`trfkit.render.report.sections`);
* the same with a diagnostic and a related field on every player line (the grid's
  worst case: an element per line), to show the page stays linear.

``--lang ru`` times the Russian page (``trfkit report --lang ru``): its breakdowns are
phrases said again through the catalog, where the English page makes plain strings.

The target (issue 18) is the whole command well under ``--limit`` seconds of wall time;
exit status 1 when missed.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from generate import generate_trf  # noqa: E402 - found through the path above


def _process(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr.decode()}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def _cell(values: list[float]) -> str:
    return (
        f"{statistics.median(values) * 1000:,.0f} ms "
        f"({min(values) * 1000:,.0f}-{max(values) * 1000:,.0f})"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--limit", type=float, default=1.0, help="seconds of wall time")
    ap.add_argument("--lang", choices=("en", "ru"), default="en", help="the page's language")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from trfkit.diagnostics import Location, make
    from trfkit.i18n import translator
    from trfkit.ranking import individual_standings
    from trfkit.reading import read_document
    from trfkit.render.report.page import Report, render_page
    from trfkit.render.report.sections import report_sections
    from trfkit.validation.driver import validate

    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.trf"
        big.write_text(generate_trf(args.players, args.rounds, 1), encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        command = [sys.executable, "-m", "trfkit", "report", str(big), "-o", f"{tmp}/page.html"]
        command += ["--lang", args.lang]
        _process(command, env)
        walls, cpus = zip(*(_process(command, env) for _ in range(args.runs)), strict=True)
        size = (Path(tmp) / "page.html").stat().st_size

        doc = read_document(str(big))
        found = tuple(validate(doc))
        count = doc.text.count("\n") if doc.text else 0
        player_lines = [n for n, line in enumerate(doc.text.split("\n"), 1) if line[:3] == "001"]
        every = found + tuple(
            make("T302", f"field {n}", n, 92, 95, related=Location("", n - 1, 92, 99))
            for n in player_lines[1:]
        )
        sections = report_sections()
        standings, _ = individual_standings(doc.tournament)
        tr = translator(args.lang)

        def page_time(diagnostics: tuple[object, ...]) -> list[float]:
            times = []
            for _ in range(args.runs + 1):
                t0 = time.process_time()
                page = Report(doc, "big.trf", "trf", diagnostics, standings, tr=tr)  # type: ignore[arg-type]
                render_page(page, sections)
                times.append(time.process_time() - t0)
            return times[1:]

        alone, worst = page_time(found), page_time(every)
    verdict = "yes" if statistics.median(walls) < args.limit else "**no**"
    print(
        f"| {args.players} players x {args.rounds} rounds ({count} lines), --lang {args.lang} "
        "| median (range) |"
    )
    print("|---|---|")
    print(f"| `trfkit report FILE -o page.html`: wall | {_cell(list(walls))} |")
    print(f"| the same: CPU | {_cell(list(cpus))} |")
    print(
        f"| the page alone (`render_page` with its sections, {size / 1e6:.1f} MB of HTML): CPU "
        f"| {_cell(alone)} |"
    )
    print(
        f"| the page with a marked field on each of {len(player_lines) - 1} lines: CPU "
        f"| {_cell(worst)} |"
    )
    print(f"| under {args.limit:g} s of wall time | {verdict} |")
    return 0 if verdict == "yes" else 1


if __name__ == "__main__":
    raise SystemExit(main())
