"""Benchmark: read a synthetic 1.5 million-player FIDE list (TXT and XML) for a check's ids.

Writes the two lists in FIDE's combined layouts (``players_list_foa.txt``,
``players_list_xml_foa.xml``; invented players, a temporary folder unless ``--dir``), then
reads each in a fresh process with ``trfkit.formats.rating_list.read_rating_list`` for
``--wanted`` ids spread over the list and prints the wall time and the process's peak
memory (RSS), with the peak of a process that only imports the reader beside it.
Run: ``python benchmarks/bench_rating_list.py [--players N] [--wanted N...] [--runs N] [--zip]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit"
    " OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
FEDERATIONS = ("ENG", "GER", "FRA", "IND", "USA", "ESP", "NOR", "CZE")


def first_id(i: int) -> int:
    return 100000 + 7 * i


def write_lists(folder: Path, players: int) -> tuple[Path, Path]:
    """The TXT and XML lists of ``players`` invented players (about 165 and 450 bytes each)."""
    rnd = random.Random(1)
    txt, xml = folder / "players_list_foa.txt", folder / "players_list_xml_foa.xml"
    with txt.open("w", newline="", encoding="ascii") as t, xml.open("w", encoding="ascii") as x:
        t.write(HEADER + "\r\n")
        x.write("<playerslist>\n")
        for i in range(players):
            fid, name = first_id(i), f"Surname{i}, Given{i % 977}"
            fed, sex = FEDERATIONS[i % len(FEDERATIONS)], "MF"[i % 5 == 0]
            std, rpd, blz = (rnd.choice((0, 0, rnd.randint(1400, 2800))) for _ in range(3))
            year = rnd.randint(1940, 2018)
            t.write(
                f"{fid:<15}{name:<61}{fed:<4}{sex:<4}{'':<5}{'':<5}{'':<15}{'':<4}"
                f"{std:<6}{0:<4}{20:<3}{rpd:<6}{0:<4}{20:<3}{blz:<6}{0:<4}{20:<3}{year:<6}{'':<4}\r\n"
            )
            x.write(
                f"<player>\n<fideid>{fid}</fideid>\n<name>{name}</name>\n<country>{fed}</country>\n"
                f"<sex>{sex}</sex>\n<title></title>\n<w_title></w_title>\n<o_title></o_title>\n"
                f"<foa_title></foa_title>\n<rating>{std}</rating>\n<games>0</games>\n<k>20</k>\n"
                f"<rapid_rating>{rpd}</rapid_rating>\n<rapid_games>0</rapid_games>\n"
                f"<rapid_k>20</rapid_k>\n<blitz_rating>{blz}</blitz_rating>\n"
                f"<blitz_games>0</blitz_games>\n<blitz_k>20</blitz_k>\n<birthday>{year}</birthday>\n"
                "<flag></flag>\n</player>\n"
            )
        x.write("</playerslist>\n")
    return txt, xml


CHILD = """
import resource, sys, time
from trfkit.formats.rating_list import read_rating_list
players, wanted = int(sys.argv[2]), int(sys.argv[3])
step = max(1, players // max(1, wanted))
ids = {100000 + 7 * i for i in range(0, players, step)}
t0 = time.perf_counter()
found = read_rating_list(sys.argv[1], ids) if sys.argv[1] != "-" else None
took = time.perf_counter() - t0
kept = -1 if found is None else len(found.players)
print(took, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, kept)
"""


def measure(path: str, players: int, wanted: int) -> tuple[float, float, int]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, path, str(players), str(wanted)],
        check=True,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    took, peak, kept = done.stdout.split()
    return float(took), float(peak), int(kept)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_500_000)
    parser.add_argument("--wanted", type=int, nargs="+", default=[300, 100_000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None, help="keep the lists here")
    parser.add_argument("--zip", action="store_true", help="also read them zipped (deflate)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="trfkit-lists-") as scratch:
        folder = args.dir or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        txt, xml = write_lists(folder, args.players)
        lists = [txt, xml]
        if args.zip:
            for path in (txt, xml):
                zipped = path.with_suffix(".zip")
                with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as archive:
                    archive.write(path, path.name)
                lists.append(zipped)
        _, base, _ = measure("-", args.players, 0)
        print(
            f"{args.players} players: TXT {txt.stat().st_size / 2**20:.0f} MiB, "
            f"XML {xml.stat().st_size / 2**20:.0f} MiB; a process importing the reader "
            f"peaks at {base:.0f} MiB"
        )
        print("| list | wanted ids | kept | time (median of runs) | peak RSS |")
        print("|---|---|---|---|---|")
        for path in lists:
            for wanted in args.wanted:
                runs = [measure(str(path), args.players, wanted) for _ in range(args.runs)]
                took = statistics.median(r[0] for r in runs)
                peak = max(r[1] for r in runs)
                print(f"| {path.name} | {wanted} | {runs[0][2]} | {took:.2f} s | {peak:.0f} MiB |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
