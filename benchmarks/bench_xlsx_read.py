"""Benchmark: reading chess-results Excel exports with python-calamine or openpyxl.

Issue 18 asked whether python-calamine reads the ``.xlsx`` exports faster and with
fewer dependencies than openpyxl, and to switch the reader if it does and gives the
same result. This script answers the three parts:

* **time**: chess-results-style exports (a preamble, the starting-rank crosstable with
  round cells such as ``12w1`` and decimal-comma tie-breaks, the legend) generated from
  ``generate.py`` tournaments and written with XlsxWriter, then the first sheet read to
  rows of text (:func:`trfkit.formats.chessresults.excel.sheet_rows`, the part the two
  readers differ in) and read whole (``formats.read``), best of ``--runs`` each;
* **the same result**: ``trfkit convert --to json`` (stdout, stderr and exit status)
  through each reader is compared byte for byte for the generated workbooks, one written
  by openpyxl (another writer's XML) and every ``.xlsx`` of ``../shared/corpus``;
* **dependencies**: what each package requires, its installed size (its RECORD) and the
  time a fresh interpreter takes to import it (a one-file ``convert`` pays it).

Needs XlsxWriter, python-calamine and openpyxl installed (``pip install XlsxWriter
python-calamine openpyxl``). Exit 1 when an output differs.
Run: ``python benchmarks/bench_xlsx_read.py [--players 200 2000] [--rounds 11] [--runs 5]``.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import io
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from generate import generate_trf  # noqa: E402 - found through the path above

from trfkit import formats  # noqa: E402
from trfkit.formats.chessresults import excel  # noqa: E402
from trfkit.formats.xlsx_writer import CREATED  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
READERS = ("python_calamine", "openpyxl")
DISTRIBUTIONS = {"python_calamine": "python-calamine", "openpyxl": "openpyxl"}


def export_rows(players: int, rounds: int, seed: int = 1) -> list[list[Any]]:
    """The rows of a chess-results "Starting rank crosstable" export of a generated event."""
    t = formats.read(generate_trf(players, rounds, seed).encode()).tournament
    mark = {"1": "1", "0": "0", "=": "½", "+": "+", "-": "-", "H": "½", "U": "1", "F": "1"}
    head = ["No.", "", "Name", "Rtg", "FED"] + [f"{r}.Rd" for r in range(1, rounds + 1)]
    rows: list[list[Any]] = [
        ["From the Tournament-Database of Chess-Results https://chess-results.com"],
        [f"Generated Open {players}"],
        ["Last update 02.04.2026 18:00:00"],
        ["Starting rank crosstable"],
        [*head, "Pts. ", "Rk.", "TB1", "TB2"],
    ]
    for p in sorted(t.players, key=lambda p: p.start):
        cells = [
            f"{e.opponent or ''}{e.color if e.color in 'wb' else ''}{mark.get(e.result, '')}"
            if e.opponent
            else mark.get(e.result, "")
            for e in p.rounds
        ]
        points = p.points or 0.0
        rows.append(
            [p.start, p.title, p.name, p.rating, p.federation, *cells]
            + [points if points.is_integer() else f"{points:.1f}".replace(".", ","), p.rank]
            + [float(p.start % 17), f"{p.start % 5},50"]  # (not the real values: T503s)
        )
    rows += [
        [],
        ["Annotation:"],
        ["Tie Break1: Buchholz Tie-Breaks (variabel with parameter)"],
        ["Tie Break2: Sonneborn-Berger-Tie-Break variable"],
    ]
    return rows


def with_xlsxwriter(rows: list[list[Any]]) -> bytes:
    import xlsxwriter  # type: ignore[import-not-found,import-untyped,unused-ignore]

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True})
    book.set_properties({"created": CREATED})
    sheet = book.add_worksheet("Export")
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is not None and value != "":
                sheet.write(r, c, value)
    book.close()
    return buffer.getvalue()


def with_openpyxl(rows: list[list[Any]]) -> bytes:
    import openpyxl  # type: ignore[import-not-found,import-untyped,unused-ignore]

    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def best(func: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        func()
        times.append(time.perf_counter() - t0)
    return min(times)


@contextmanager
def reading_with(name: str) -> Iterator[None]:
    """The chess-results reader using ``name`` only."""
    chosen = excel.backend
    excel.backend = lambda: name  # type: ignore[assignment]
    try:
        yield
    finally:
        excel.backend = chosen  # type: ignore[assignment]


def convert_json(path: Path, name: str) -> tuple[int, str, str]:
    from click.testing import CliRunner

    from trfkit.cli import cli

    with reading_with(name):
        result = CliRunner().invoke(cli, ["convert", str(path), "--to", "json"])
    return result.exit_code, result.stdout, result.stderr


def installed_size(distribution: str) -> tuple[int, list[str]]:
    """Bytes of the installed files of ``distribution`` and its required distributions."""
    dist = importlib.metadata.distribution(distribution)
    size = sum((f.size or 0) for f in dist.files or ())
    needs = [r for r in dist.requires or [] if "extra ==" not in r]
    return size, needs


def import_time(module: str, runs: int) -> float:
    """Seconds a fresh interpreter takes to import ``module``, less its bare start."""
    import subprocess

    def run(code: str) -> float:
        return best(lambda: subprocess.run([sys.executable, "-c", code], check=True), runs)

    return run(f"import {module}") - run("pass")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[200, 2000])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)

    print("dependencies (installed size, what it requires):")
    for name in READERS:
        size, needs = installed_size(DISTRIBUTIONS[name])
        extra = ""
        for need in needs:
            dep = need.split(";")[0].split(">")[0].split("=")[0].split("<")[0].strip()
            dep_size, _ = installed_size(dep)
            size += dep_size
            extra += f" + {dep} ({dep_size / 1e6:.1f} MB)"
        print(
            f"  {DISTRIBUTIONS[name]}: {size / 1e6:.1f} MB in all, requires {needs or 'nothing'}"
            f"{extra}; import {import_time(name, args.runs) * 1000:.0f} ms"
        )

    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        cases: list[Path] = []
        print(f"\nread time (best of {args.runs}), rows of text / whole read:")
        for n in args.players:
            data = with_xlsxwriter(export_rows(n, args.rounds))
            path = Path(tmp) / f"generated-{n}.xlsx"
            path.write_bytes(data)
            cases.append(path)
            line = f"  {n} players x {args.rounds} rounds ({len(data) / 1024:.0f} KB):"
            for name in READERS:
                rows = best(lambda d=data, r=name: excel.sheet_rows(d, r), args.runs)
                with reading_with(name):
                    whole = best(lambda d=data: formats.read(d, "xlsx"), args.runs)
                line += f"  {name} {rows * 1000:.0f} / {whole * 1000:.0f} ms"
            print(line)
        other = Path(tmp) / "openpyxl-written.xlsx"
        other.write_bytes(with_openpyxl(export_rows(30, 5)))
        cases.append(other)
        if CORPUS.is_dir():
            cases += sorted(p for p in CORPUS.rglob("*") if p.suffix.lower() == ".xlsx")
        print("\nconvert --to json through each reader:")
        for path in cases:
            outputs = {name: convert_json(path, name) for name in READERS}
            same = len(set(outputs.values())) == 1
            differ += not same
            status = outputs[READERS[0]][0]
            print(f"  {'same' if same else 'DIFFERENT'} (exit {status}): {path.name}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
