"""Benchmark: hostile inputs end in seconds with bounded memory (issue 9).

Builds 60 MB inputs of every shape that stresses a different part of trfkit (random
binary, random text, one endless line, millions of short lines, hundreds of thousands
of player records, huge JSON, XML and HTML, an entity bomb, a Swiss-Manager file of
noise, a file beyond the 100 MB limit) and runs ``check``, ``convert --to json`` and
``tiebreaks --to json`` on each in a fresh process under GNU ``/usr/bin/time -v``.
Prints wall time, peak resident memory, exit status, whether a traceback appeared
and whether the input changed. Fails (exit 1) when a run exceeds the budget.

Run: ``python benchmarks/bench_robustness.py [--size-mb 60] [--keep DIR]``.
Not a test: it writes ~600 MB of temporary files and takes a few minutes.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

COMMANDS = (("check",), ("convert", "--to", "json"), ("tiebreaks", "--to", "json"))
BUDGET_SECONDS = 30.0
BUDGET_RSS_MB = 1024.0


def _fill(unit: bytes, size: int, head: bytes = b"", tail: bytes = b"") -> bytes:
    return head + unit * max(1, (size - len(head) - len(tail)) // len(unit)) + tail


def _random_text(size: int) -> bytes:
    """Printable ASCII, Latin-1 letters and line ends: gets past the binary-data check."""
    rng = random.Random(7)
    alphabet = bytes(range(0x20, 0x7F)) * 3 + bytes(range(0xA0, 0x100)) + b"\n" * 4 + b"\r"
    return bytes(rng.choice(alphabet) for _ in range(1 << 16)) * (size >> 16)


def _player_line(i: int) -> bytes:
    name = f"Player, Number {i % 10000}"
    return (
        f"001 {i % 10000:>4} m    {name:<33} 2000 GER {1000000 + i:>11} "
        f"1990/01/01  5.5 {i % 10000:>4}"
        f"  {(i + 1) % 10000:>4} w 1  {(i + 2) % 10000:>4} b 0  0000 - U\n"
    ).encode()


def _players(size: int) -> bytes:
    block = b"".join(_player_line(i) for i in range(1, 10001))
    return b"012 Big\n" + block * (size // len(block))


def _json(size: int) -> bytes:
    return _fill(b"1000.5,", size, b'{"format": "trfkit-tournament", "version": 1, "x": [', b"0]}")


def _json_string(size: int) -> bytes:
    return _fill(b"a", size, b'{"format": "trfkit-tournament", "version": 1, "x": "', b'"}')


def _xml(size: int) -> bytes:
    unit = b'<playerpairing round="1" whiteno="1" blackno="2" reswhite="1.0" resblack="0.0"/>\n'
    return _fill(
        unit,
        size,
        b'<?xml version="1.0"?><chessresults><playerpairings>',
        b"</playerpairings></chessresults>",
    )


def _html(size: int) -> bytes:
    unit = b"<tr><td>1</td><td></td><td>Player</td><td>GER</td><td>2000</td><td>1</td></tr>\n"
    return _fill(
        unit,
        size,
        b'<html><body><table class="CRs1"><tr><th>Rk.</th><th>Name</th></tr>',
        b"</table></body></html>",
    )


def _laughs(size: int) -> bytes:
    entities = b"".join(b'<!ENTITY l%d "%s">' % (i, b"&l%d;" % (i - 1) * 10) for i in range(1, 12))
    return (
        b'<?xml version="1.0"?><!DOCTYPE c [<!ENTITY l0 "lol">'
        + entities
        + b']><chessresults><players><player no="1" lastname="&l11;"/></players></chessresults>'
    )


def _swissmanager(size: int) -> bytes:
    return b"\x00\xff\x89\x44" + os.urandom(size)


def _sm_file(players: int, pairings: list[list[tuple[int, int, int]]]) -> bytes:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from sm_writer import SmFile, SmPlayer

    rounds = len(pairings)
    return SmFile(
        header={0: "Big"},
        kind=0,
        rounds=rounds,
        tiebreaks=(84,),
        start_date=20260401,
        end_date=20260403,
        round_dates=[20260401] * rounds,
        players=[SmPlayer(f"P{i}", "F", rating=2000) for i in range(players)],
        pairings=pairings,
    ).encode()


def _sm_players(size: int) -> bytes:
    """60 000 players (the format's counters are 16-bit), three rounds of games."""
    return _sm_file(60000, [[(2 * i + 1, 2 * i + 2, 1) for i in range(30000)] for _ in range(3)])


def _sm_pairings(size: int) -> bytes:
    """Four players and millions of pairing records: every one a duplicate."""
    per_round = min(60000, size // 21 // 48)
    return _sm_file(4, [[(1, 2, 1)] * per_round for _ in range(48)])


def _trf_wide(size: int) -> bytes:
    """Players x 999 rounds: few bytes per entry, millions of round results."""
    rng = random.Random(3)
    blocks = "".join(
        f"  {rng.randrange(1, 5000):>4} {rng.choice('wb')} {rng.choice('10=')}" for _ in range(999)
    )
    line = (
        f"001 {{:>4}} m    {'Wide, Player':<33} 2000 GER     1000000 1990/01/01  5.5    1{blocks}\n"
    )
    count = min(9999, size // len(line))
    return b"012 Wide\n" + "".join(line.format(i) for i in range(1, count + 1)).encode()


def _json_players(size: int) -> bytes:
    from trfkit.formats.json_io import write_json
    from trfkit.model import Player, Tournament

    players = tuple(Player(i, f"P{i}", rating=2000) for i in range(1, size // 260))
    return write_json(Tournament(players=players), indent=None).encode()


def _xml_largest_accepted(size: int) -> bytes:
    """9999 players and 90 000 games: just under the XML tag limit."""
    players = "".join(
        f'<player no="{i}" lastname="P{i}" firstname="F" rtgfide="2000"/>' for i in range(1, 10000)
    )
    games = "".join(
        f'<playerpairing round="{r}" whiteno="{w}" blackno="{w + 1}" '
        f'reswhite="1.0" resblack="0.0"/>'
        for r in range(1, 19)
        for w in range(1, 9999, 2)
    )
    return (
        f'<?xml version="1.0"?><chessresults><players>{players}</players>'
        f"<playerpairings>{games}</playerpairings></chessresults>"
    ).encode()


#: name -> (builder, extra CLI options)
SHAPES: dict[str, tuple[Callable[[int], bytes], tuple[str, ...]]] = {
    "random-binary": (os.urandom, ()),
    "random-text": (_random_text, ()),
    "one-line": (lambda n: b"001 " + b"x" * n, ()),
    "short-lines": (lambda n: _fill(b"x\n", n), ()),
    "blank-lines": (lambda n: _fill(b"\n", n, b"012 Blank\n"), ()),
    "player-records": (_players, ()),
    "json-numbers": (_json, ()),
    "json-string": (_json_string, ()),
    "xml-elements": (_xml, ()),
    "html-rows": (_html, ()),
    "xml-billion-laughs": (_laughs, ()),
    "swissmanager-noise": (_swissmanager, ("--from", "swissmanager")),
    "swissmanager-players": (_sm_players, ()),
    "swissmanager-pairings": (_sm_pairings, ()),
    "trf-999-rounds": (_trf_wide, ()),
    "json-players": (_json_players, ()),
    "xml-largest-accepted": (_xml_largest_accepted, ()),
    "over-100MB": (lambda n: b"x" * (150 * 1024 * 1024), ()),
}


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def measure(args: list[str]) -> tuple[float, float, int, bool]:
    """(seconds, peak RSS in MB, exit status, traceback seen) of ``trfkit *args`` in a new
    process."""
    cmd = ["/usr/bin/time", "-v", sys.executable, "-m", "trfkit", *args]
    start = time.perf_counter()
    proc = subprocess.run(
        cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600
    )
    seconds = time.perf_counter() - start
    err = proc.stderr.decode("utf-8", "replace")
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    peak_mb = int(rss.group(1)) / 1024 if rss else float("nan")
    return seconds, peak_mb, proc.returncode, "Traceback" in err


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=int, default=60)
    parser.add_argument(
        "--keep", type=Path, default=None, help="Write the inputs here and keep them."
    )
    parser.add_argument("--only", action="append", default=[], help="Run only these shapes.")
    args = parser.parse_args(argv)
    size = args.size_mb * 1024 * 1024
    folder = args.keep or Path(tempfile.mkdtemp(prefix="trfkit-robust-"))
    folder.mkdir(parents=True, exist_ok=True)
    failures = 0
    print(f"{'input':<22}{'MB':>7}  {'command':<20}{'seconds':>8}{'peak MB':>9}{'exit':>5}  notes")
    for name, (build, extra) in SHAPES.items():
        if args.only and name not in args.only:
            continue
        path = folder / f"{name}.bin"
        path.write_bytes(build(size))
        before = _digest(path)
        for command in COMMANDS:
            seconds, rss, status, traceback = measure([*command, str(path), *extra])
            notes = []
            if traceback:
                notes.append("TRACEBACK")
            if status not in (0, 1):
                notes.append(f"exit {status}")
            if seconds > BUDGET_SECONDS or not rss < BUDGET_RSS_MB:
                notes.append("OVER BUDGET")
            failures += bool(notes)
            print(
                f"{name:<22}{path.stat().st_size / 2**20:>7.1f}  {' '.join(command):<20}"
                f"{seconds:>8.2f}{rss:>9.0f}{status:>5}  {' '.join(notes) or 'ok'}",
                flush=True,
            )
        if _digest(path) != before:
            print(f"{name}: INPUT MODIFIED")
            failures += 1
        if args.keep is None:
            path.unlink()
    if args.keep is None:
        folder.rmdir()
    print(
        f"\n{failures} failure(s); budget {BUDGET_SECONDS:.0f} s and {BUDGET_RSS_MB:.0f} MB per run"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
