"""Fault harness: filesystem faults and hostile values end in bounded time (issue 15).

Builds, in a temporary directory, every fault of the "bounded time and memory" list
and runs trfkit on it in a fresh process under GNU ``/usr/bin/time -v``:

* a tree with a link to a file outside it (a stand-in for ``/etc/passwd``), a link to
  itself, links to a parent and to an outside directory, and a FIFO; walked by
  ``check --output-format full``, ``convert DIR -o OUT`` and a recursive glob;
* a tree 980 levels deep; a FIFO named on the command line;
* megabyte-long header strings in chess-results XML and 65 535-character ones in a
  Swiss-Manager file; an XML name of 200 000 character references;
* rating modifiers of fifty million on the command line and in a ``202`` record, and the
  ``KS/L+0 PS/C99 APPO --unrated-rating -100000`` list that ended in T999;
* ``convert --to json`` of a 2000-player event (peak memory against its size);
* ``kill -9`` of a ``check -j 2`` batch: its workers must be gone within five seconds.

Each run must end within the time budget with the exit status the README documents
(0 or 1; 2 only for usage errors and unreadable inputs), print no traceback and no
T999, and never quote the outside file. Prints one line per run; exit 1 on any failure.

Run: ``python benchmarks/fault_harness.py [--keep DIR] [--only NAME]``. About a minute.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from generate import generate_trf  # noqa: E402

BUDGET_SECONDS = 20.0
SECRET = "root:x:0:0:fault-harness-secret:/root:/bin/bash"


@dataclass
class Run:
    """One trfkit command and what it must do."""

    name: str
    args: list[str]
    exits: tuple[int, ...] = (0, 1)
    must_print: tuple[str, ...] = ()


@dataclass
class Outcome:
    seconds: float
    peak_mb: float
    status: int
    output: str


def trfkit(args: list[str], timeout: float = 3 * BUDGET_SECONDS) -> Outcome:
    """``trfkit *args`` in a new process: time, peak memory, exit status, stdout + stderr."""
    cmd = ["/usr/bin/time", "-v", sys.executable, "-m", "trfkit", *args]
    start = time.perf_counter()
    # a session of its own: a hung run is ended with everything it started (workers too)
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        out, raw_err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return Outcome(timeout, float("nan"), -1, "TIMEOUT")
    seconds = time.perf_counter() - start
    err = raw_err.decode("utf-8", "replace")
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    peak = int(rss.group(1)) / 1024 if rss else float("nan")
    return Outcome(seconds, peak, proc.returncode, out.decode("utf-8", "replace") + err)


# ------------------------------------------------------------------------------ fixtures


def _event(path: Path, players: int = 8, rounds: int = 3, seed: int = 1) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(generate_trf(players, rounds, seed), encoding="utf-8")
    return path


def link_tree(root: Path) -> list[Run]:
    outside = root / "outside"
    outside.mkdir()
    (outside / "passwd").write_text(SECRET + "\n", encoding="utf-8")
    top = root / "tree"
    _event(top / "good.trf")
    _event(top / "sub" / "inner.trf", seed=2)
    os.symlink(outside / "passwd", top / "pw.trf")
    os.symlink("loop.trf", top / "loop.trf")
    os.symlink("..", top / "sub" / "up")
    os.symlink(top, top / "sub" / "again")
    os.symlink(outside, top / "away")
    os.mkfifo(top / "fifo.trf")
    return [
        Run(
            "links: check full",
            ["check", str(top), "--output-format", "full", "-q"],
            must_print=("T020", "T021"),
        ),
        Run(
            "links: convert",
            ["convert", str(top), "-o", str(root / "out"), "--to", "json", "-q"],
            must_print=("T020",),
        ),
        Run("links: glob **", ["check", f"{top}/**/*.trf", "-q"], must_print=("T020",)),
        Run("links: -j 2", ["check", str(top), "-j", "2", "-q"], must_print=("T020", "T021")),
    ]


def deep_tree(root: Path) -> list[Run]:
    top = root / "deep"
    _event(top / "top.trf")
    here = os.getcwd()
    os.chdir(top)
    try:
        for _ in range(980):
            os.mkdir("d")
            os.chdir("d")
        _event(Path("bottom.trf"))
    finally:
        os.chdir(here)
    return [Run("deep tree: check", ["check", str(top), "-q"], must_print=("T022",))]


def fifo(root: Path) -> list[Run]:
    path = root / "named.trf"
    os.mkfifo(path)
    return [
        Run(
            "named FIFO: check",
            ["check", str(path)],
            exits=(2,),
            must_print=("a FIFO, not a regular file",),
        ),
        Run("named FIFO: convert", ["convert", str(path), "--to", "json"], exits=(2,)),
    ]


def long_strings(root: Path) -> list[Run]:
    from sm_writer import SmFile, SmPlayer

    sm = SmFile(
        header={i: "x" * 65_535 for i in range(1, 30)},
        kind=0,
        rounds=1,
        tiebreaks=(84,),
        start_date=20260401,
        end_date=20260401,
        round_dates=[20260401],
        players=[SmPlayer("A"), SmPlayer("B")],
        pairings=[[(1, 2, 1)]],
    )
    tunx = root / "long.tunx"
    tunx.write_bytes(sm.encode())
    xml = root / "long.xml"
    xml.write_bytes(_xml(b"a" * 1_000_000))
    refs = root / "refs.xml"
    refs.write_bytes(_xml(b"&#65;" * 200_000))
    runs = []
    for path in (tunx, xml, refs):
        for command in (["check"], ["info"], ["convert", "--to", "json"]):
            runs.append(Run(f"{path.name}: {command[0]}", [*command, str(path)]))
    return runs


def _xml(name: bytes) -> bytes:
    players = b"".join(
        b'<player no="%d" lastname="P%d" firstname="" rtgfide="2000"/>' % (i, i) for i in (1, 2)
    )
    return (
        b'<?xml version="1.0"?>\n<chessresults><tournamentdata><tournament name="'
        + name
        + b'" rounds="1"/></tournamentdata><players>'
        + players
        + b"</players><playerpairings>"
        b'<playerpairing round="1" whiteno="1" blackno="2" reswhite="1.0" resblack="0.0"/>'
        b"</playerpairings></chessresults>\n"
    )


def ratings(root: Path) -> list[Run]:
    event = _event(root / "rated.trf", 10, 5)
    lines = event.read_text(encoding="utf-8").splitlines()
    declared = root / "declared.trf"
    declared.write_text(
        "\n".join([lines[0], "202 PTP/U50000000, BH", *lines[1:]]) + "\n", encoding="utf-8"
    )
    return [
        Run(
            "--unrated-rating 5e7",
            [
                "tiebreaks",
                str(event),
                "--tb",
                "APPO",
                "--tb",
                "PTP",
                "--unrated-rating",
                "50000000",
            ],
            exits=(2,),
            must_print=("0<=x<=4000",),
        ),
        Run(
            "/U5e7 on --tb",
            ["tiebreaks", str(event), "--tb", "PTP/U50000000"],
            exits=(2,),
            must_print=("from 0 to 4000",),
        ),
        Run(
            "KS/L+0 PS/C99 APPO -1e5",
            [
                "tiebreaks",
                str(event),
                "--tb",
                "KS/L+0",
                "--tb",
                "PS/C99",
                "--tb",
                "APPO",
                "--unrated-rating",
                "-100000",
            ],
            exits=(2,),
        ),
        Run("202 PTP/U5e7: tiebreaks", ["tiebreaks", str(declared)], must_print=("T024",)),
        Run("202 PTP/U5e7: check", ["check", str(declared)], must_print=("T024",)),
        Run("playoff --tied 1e9", ["playoff", "--tied", "1000000000"], exits=(2,)),
    ]


def json_memory(root: Path) -> list[Run]:
    big = _event(root / "big2000.trf", 2000, 11)
    return [
        Run(
            "json 2000 x 11",
            ["convert", str(big), "--to", "json", "-o", str(root / "big2000.json")],
        )
    ]


FIXTURES: dict[str, Callable[[Path], list[Run]]] = {
    "links": link_tree,
    "deep": deep_tree,
    "fifo": fifo,
    "strings": long_strings,
    "ratings": ratings,
    "json": json_memory,
}


# ------------------------------------------------------------------------------ kill -9


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z" and int(fields[1]) == pid:
                found.append(int(entry))
    return found


def killed_parent(root: Path) -> tuple[bool, str]:
    """SIGKILL a ``check -j 2`` batch; True when its workers are gone within 5 s."""
    folder = root / "many"
    text = generate_trf(40, 7, 1)
    folder.mkdir()
    for n in range(600):
        (folder / f"e{n:03d}.trf").write_text(text, encoding="utf-8")
    parent = subprocess.Popen(
        [sys.executable, "-m", "trfkit", "check", str(folder), "-j", "2", "-q"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while len(workers) < 2 and time.monotonic() < deadline and parent.poll() is None:
        time.sleep(0.05)
        workers = _children(parent.pid)
    if len(workers) < 2:
        parent.kill()
        parent.wait()
        return False, "the batch never started two workers"
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    killed = time.monotonic()
    while time.monotonic() - killed < 5 and any(map(_alive, workers)):
        time.sleep(0.1)
    left = [w for w in workers if _alive(w)]
    for w in left:
        os.kill(w, signal.SIGKILL)
    return not left, f"{len(workers)} workers, {len(left)} alive after 5 s"


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# ------------------------------------------------------------------------------ main


def check_run(run: Run, outcome: Outcome) -> list[str]:
    problems = []
    if outcome.seconds > BUDGET_SECONDS:
        problems.append("OVER BUDGET")
    if outcome.status not in run.exits:
        problems.append(f"exit {outcome.status}, expected {run.exits}")
    if "Traceback" in outcome.output or "T999" in outcome.output:
        problems.append("TRACEBACK/T999")
    if "fault-harness-secret" in outcome.output:
        problems.append("QUOTED A FILE OUTSIDE THE TREE")
    problems += [f"missing {text!r}" for text in run.must_print if text not in outcome.output]
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, default=None, help="Build the faults here; keep them.")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        help=f"Run only these groups: {', '.join(FIXTURES)}, kill.",
    )
    args = parser.parse_args(argv)
    root = args.keep or Path(tempfile.mkdtemp(prefix="trfkit-faults-"))
    root.mkdir(parents=True, exist_ok=True)
    failures = 0
    print(f"{'run':<28}{'seconds':>8}{'peak MB':>9}{'exit':>5}  notes")
    try:
        for group, build in FIXTURES.items():
            if args.only and group not in args.only:
                continue
            folder = root / group
            folder.mkdir()
            for run in build(folder):
                outcome = trfkit(run.args)
                problems = check_run(run, outcome)
                failures += bool(problems)
                print(
                    f"{run.name:<28}{outcome.seconds:>8.2f}{outcome.peak_mb:>9.0f}"
                    f"{outcome.status:>5}  {'; '.join(problems) or 'ok'}",
                    flush=True,
                )
        if (not args.only or "kill" in args.only) and Path("/proc/self/stat").exists():
            folder = root / "kill"
            folder.mkdir()
            ok, note = killed_parent(folder)
            failures += not ok
            print(
                f"{'kill -9 of check -j 2':<28}{'':>8}{'':>9}{'':>5}  "
                f"{'ok' if ok else 'WORKERS LEFT'} ({note})"
            )
    finally:
        if args.keep is None:
            shutil.rmtree(root, ignore_errors=True)
    print(f"\n{failures} failure(s); budget {BUDGET_SECONDS:.0f} s per run")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
