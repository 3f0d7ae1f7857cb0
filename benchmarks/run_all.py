"""Every benchmark of issues 8 and 17, as the markdown tables of the README's "Benchmarks" section.

    python benchmarks/run_all.py [--runs 7] [--files 1000] [--cache-dir DIR] [--only big|many]

Measured as users run trfkit: ``install.py`` builds a wheel of this tree and installs
it, non-editable, into a fresh virtual environment under ``--cache-dir`` (reused while
the tree is unchanged); trfkit is that environment's ``trfkit`` console script, and the
baseline (``bare.py``) runs on the same interpreter binary (the environment's python
resolved to its real executable), with no ``PYTHONPATH`` and the install's own
bytecode. Everything compared is a whole process; the commands of one row take turns
(A B A B ...) ``--runs`` times after a warm-up, and each cell is the median with the
spread (min-max) of wall time and of CPU time (user + system of the process and its
workers, from ``getrusage``); a ratio is the median of the pairwise ratios, so that a
machine whose load drifts weighs on both sides alike. CPU time is what to compare on
a busy machine; wall time is what a user waits for (and where ``-j`` helps).

Rows:

1. start-up: ``python -c pass``, ``trfkit --version``, a one-file ``trfkit check``,
   and which heavy modules a one-file check imports (``-X importtime``);
2. a generated 2000-player, 11-round Swiss: ``bare.py`` (decode + plain Buchholz)
   against ``trfkit tiebreaks FILE --tb ... --to json`` (read + every check + the 24
   individual tie-breaks of issue 8 and TPN, the JSON standings on stdout, redirected
   to a file), the same from an install of ``trfkit[fast]`` (orjson), the library
   alone (``pipeline.py``) for comparison, and ``trfkit report FILE -o page.html``
   (its target a wall time: under a second);
3. 1000 generated files (60 players, 7 rounds): ``bare.py DIR`` against
   ``trfkit check DIR -j 2`` (and ``-j 1``);
4. growth: ``pipeline.py`` at 100, 1000 and 5000 players (11 rounds), per player x round;
5. the code page detection of a 2000-player cp1251 file (``bench_decoding.py``).

``--compare REV`` installs commit REV the same way (``git archive``) and times its
``trfkit`` in the same rounds as this tree's: a before/after that one noisy period of
the machine cannot skew. ``--only big`` or ``--only many`` reruns one workload.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from generate import generate_trf  # noqa: E402 - found through the path above
from install import Installed, installed, installed_commit  # noqa: E402
from pipeline import CODES  # noqa: E402

HEAVY = (
    "jsonschema",
    "chardet",
    "openpyxl",
    "python_calamine",
    "xlsxwriter",
    "multiprocessing",
    "sqlite3",
    "html.parser",
    "xml.parsers.expat",
    "trfkit.formats.swissmanager.reader",
    "trfkit.tiebreaks",
)


@dataclass(frozen=True)
class Timing:
    walls: tuple[float, ...]  # seconds, one per run
    cpus: tuple[float, ...]  # seconds (user + system, children included), one per run
    output: str

    @property
    def wall(self) -> float:
        return statistics.median(self.walls)

    @property
    def cpu(self) -> float:
        return statistics.median(self.cpus)


def _once(command: list[str], env: dict[str, str], sink: Path | None) -> tuple[float, float, str]:
    """Wall and CPU seconds of one run; stdout goes to ``sink`` (a file, as a user's
    redirection) when given, else it is read through a pipe and returned."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    if sink is None:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    else:
        with open(sink, "wb") as out:
            done = subprocess.run(
                command, env=env, stdout=out, stderr=subprocess.PIPE, text=True, check=False
            )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout or ""


def side_by_side(
    commands: list[list[str]], env: dict[str, str], runs: int, sink: Path | None = None
) -> list[Timing]:
    """Every run's wall and CPU time of each command: ``runs`` rounds after a warm-up.

    The commands take turns within each round, so that a machine whose load changes
    during the benchmark weighs on both sides of a ratio alike.
    """
    for command in commands:
        _once(command, env, sink)
    walls: list[list[float]] = [[] for _ in commands]
    cpus: list[list[float]] = [[] for _ in commands]
    outputs = [""] * len(commands)
    for _ in range(runs):
        for k, command in enumerate(commands):
            wall, cpu, outputs[k] = _once(command, env, sink)
            walls[k].append(wall)
            cpus[k].append(cpu)
    return [Timing(tuple(w), tuple(c), o) for w, c, o in zip(walls, cpus, outputs, strict=True)]


def timed(command: list[str], env: dict[str, str], runs: int) -> Timing:
    """Every run's wall and CPU time of ``command`` (after one warm-up)."""
    return side_by_side([command], env, runs)[0]


def imported(
    python: str, command: list[str], env: dict[str, str], runs: int = 3
) -> tuple[float, float, list[str]]:
    """Import time of trfkit's own modules and of everything (ms, best of ``runs``, sums of
    the top-level imports), and the heavy modules imported."""
    best_ours = best_all = float("inf")
    names: set[str] = set()
    for _ in range(runs):
        err = subprocess.run(
            [python, "-X", "importtime", *command],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        ).stderr
        ours = everything = 0
        for line in err.splitlines():
            found = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
            if found:
                names.add(found.group(3))
                if len(found.group(2)) == 1:
                    everything += int(found.group(1))
                    if found.group(3).startswith(("trfkit", "click")):
                        ours += int(found.group(1))
        best_ours, best_all = min(best_ours, ours / 1000), min(best_all, everything / 1000)
    return best_ours, best_all, [h for h in HEAVY if h in names]


_BURN = "import sys\ns = 0\nfor i in range(int(sys.argv[1])): s += i\n"


def free_cores(python: str, jobs: int) -> float:
    """How many of ``jobs`` CPU-bound processes really run at once right now: their
    serial time over their time side by side (about ``jobs`` on an idle machine).
    Another user's busy process makes ``-j`` gain less; this line says so."""
    command = [python, "-c", _BURN, "3000000"]
    t0 = time.perf_counter()
    for _ in range(jobs):
        subprocess.run(command, check=True)
    serial = time.perf_counter() - t0
    t0 = time.perf_counter()
    running = [subprocess.Popen(command) for _ in range(jobs)]
    for proc in running:
        proc.wait()
    return serial / (time.perf_counter() - t0)


def _commit() -> str:
    """The commit measured (``+changes`` when the tree differs from it)."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-C", str(ROOT), *args], capture_output=True, text=True, check=False
        ).stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + (" +changes" if git("status", "--porcelain", "--", "trfkit") else "")


def machine(inst: Installed) -> list[str]:
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    nproc = subprocess.run(["nproc"], capture_output=True, text=True, check=False).stdout.strip()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return [
        f"- CPU: {model}; `nproc`: {nproc or os.cpu_count()}",
        (
            f"- Python {platform.python_version()} ({platform.python_implementation()}), "
            f"{platform.system()} {platform.release()}; interpreter `{inst.python}`"
        ),
        (
            f"- trfkit: commit {_commit()}, a wheel installed into a fresh venv "
            f"(`{inst.trfkit}`); {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}"
        ),
        f"- load average when the run started: {load}",
    ]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms"


def spread(values: tuple[float, ...]) -> str:
    """``218 ms (212-246)``: the median and the range of the runs."""
    return f"{ms(statistics.median(values))} ({min(values) * 1000:,.0f}-{max(values) * 1000:,.0f})"


def ratios(ours: tuple[float, ...], base: tuple[float, ...]) -> tuple[float, float, float]:
    """Median, min and max of the ratios of the runs taken in turn (pair by pair)."""
    pairs = [a / b for a, b in zip(ours, base, strict=True)]
    return statistics.median(pairs), min(pairs), max(pairs)


def ratio_cell(ours: tuple[float, ...], base: tuple[float, ...]) -> str:
    mid, low, high = ratios(ours, base)
    return f"{mid:.2f}x ({low:.2f}-{high:.2f})"


def ratio_row(label: str, base: Timing, ours: Timing, target: float | None) -> str:
    wall, _, _ = ratios(ours.walls, base.walls)
    cpu, _, _ = ratios(ours.cpus, base.cpus)
    verdict = (
        ""
        if target is None
        else (f"<= {target:g}x: {'yes' if min(wall, cpu) <= target else '**no**'}")
    )
    return (
        f"| {label} | {spread(base.walls)} / {spread(base.cpus)} "
        f"| {spread(ours.walls)} / {spread(ours.cpus)} "
        f"| {ratio_cell(ours.walls, base.walls)} / {ratio_cell(ours.cpus, base.cpus)} "
        f"| {verdict} |"
    )


def limit_row(label: str, base: Timing, ours: Timing, seconds: float) -> str:
    """A row whose target is a wall time (``trfkit report``: issue 18), not a ratio."""
    return (
        f"| {label} | {spread(base.walls)} / {spread(base.cpus)} "
        f"| {spread(ours.walls)} / {spread(ours.cpus)} "
        f"| {ratio_cell(ours.walls, base.walls)} / {ratio_cell(ours.cpus, base.cpus)} "
        f"| wall < {seconds:g} s: {'yes' if ours.wall < seconds else '**no**'} |"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument(
        "--cache-dir",
        type=Path,
        default=None,
        help="where the wheel's venv is kept (default ~/.cache/trfkit-bench)",
    )
    ap.add_argument(
        "--only",
        choices=["big", "many"],
        default=None,
        help="only the big Swiss or the 1000 files (quicker reruns)",
    )
    ap.add_argument(
        "--compare",
        metavar="REV",
        default=None,
        help="also time commit REV's install in the same rounds (before/after)",
    )
    ap.add_argument("-o", "--output", default=str(HERE / "out" / "results.md"))
    args = ap.parse_args(argv)
    inst = installed(args.cache_dir)
    py, trfkit, env = inst.python, inst.trfkit, inst.env()
    venv_py = str(inst.venv / "bin" / "python")  # the same binary, with the install on its path
    bare = [py, str(HERE / "bare.py")]
    old = installed_commit(args.compare, args.cache_dir) if args.compare else None
    lines = [
        "Machine:",
        "",
        *machine(inst),
        (
            f"- CPU-bound processes running at once out of {args.jobs} (1.0 = one core free, "
            f"{args.jobs}.0 = all): {free_cores(py, args.jobs):.1f} before the run"
        ),
        "",
    ]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        sample = str(ROOT / "samples" / "swiss.trf")

        if args.only is None:  # 1. start-up
            nothing, version, one = side_by_side(
                [[py, "-c", "pass"], [trfkit, "--version"], [trfkit, "check", sample]],
                env,
                args.runs,
            )
            v_ours, v_all, v_heavy = imported(venv_py, [trfkit, "--version"], env)
            c_ours, c_all, c_heavy = imported(venv_py, [trfkit, "check", sample], env)
            _, p_all, _ = imported(py, ["-c", "pass"], env)
            lines += [
                (
                    "| start-up (median, range) | wall | CPU | `-X importtime`: trfkit "
                    "and click / everything | heavy modules imported |"
                ),
                "|---|---|---|---|---|",
                (
                    f"| `python -c pass` | {spread(nothing.walls)} | {spread(nothing.cpus)} "
                    f"| - / {p_all:.0f} ms | |"
                ),
                (
                    f"| `trfkit --version` | {spread(version.walls)} | {spread(version.cpus)} "
                    f"| {v_ours:.0f} ms / {v_all:.0f} ms | {', '.join(v_heavy) or 'none'} |"
                ),
                (
                    f"| `trfkit check samples/swiss.trf` | {spread(one.walls)} "
                    f"| {spread(one.cpus)} | {c_ours:.0f} ms / {c_all:.0f} ms "
                    f"| {', '.join(c_heavy) or 'none'} |"
                ),
                "",
            ]

        lines += [
            (
                "| workload (median, range) | bare script: wall / CPU | trfkit: wall / CPU "
                "| ratio wall / CPU | target |"
            ),
            "|---|---|---|---|---|",
        ]
        if args.only in (None, "big"):  # 2. one big Swiss
            big = root / "big.trf"
            big.write_text(generate_trf(2000, 11, 1), encoding="utf-8")
            tb = [arg for code in CODES for arg in ("--tb", code)]
            fast = installed(args.cache_dir, extras="fast").trfkit
            command = ["tiebreaks", str(big), *tb, "--to", "json"]
            commands = [
                [*bare, str(big)],
                [trfkit, *command],
                [fast, *command],
                [venv_py, str(HERE / "pipeline.py"), str(big)],
                [trfkit, "report", str(big), "-o", str(root / "page.html")],
            ]
            if old is not None:
                commands.append([old.trfkit, *command])
            bare_big, ours_big, fast_big, lib_big, report_big, *before = side_by_side(
                commands, env, args.runs, sink=root / "stdout"
            )
            lines += [
                ratio_row(
                    "2000 players x 11 rounds: `trfkit tiebreaks FILE --tb ... "
                    "--to json` (read + check + 24 tie-breaks + TPN)",
                    bare_big,
                    ours_big,
                    2.5,
                ),
                ratio_row(
                    "(the same installed as `trfkit[fast]`: orjson writes the JSON)",
                    bare_big,
                    fast_big,
                    2.5,
                ),
                ratio_row(
                    "(the library alone: `pipeline.py`, no CLI, no output)", bare_big, lib_big, None
                ),
                limit_row(
                    "2000 players x 11 rounds: `trfkit report FILE -o page.html` (read + "
                    "check + standings + the HTML page)",
                    bare_big,
                    report_big,
                    1.0,
                ),
            ]
            lines += [
                ratio_row(
                    f"(the same command installed from commit {args.compare}, "
                    "timed in the same rounds)",
                    bare_big,
                    b,
                    2.5,
                )
                for b in before
            ]
        if args.only in (None, "many"):  # 3. many small files
            many = root / "many"
            many.mkdir()
            for seed in range(args.files):
                (many / f"event{seed:04d}.trf").write_text(
                    generate_trf(60, 7, seed), encoding="utf-8"
                )
            commands = [
                [*bare, str(many)],
                [trfkit, "check", str(many), "-j", str(args.jobs)],
                [trfkit, "check", str(many), "-j", "1"],
            ]
            if old is not None:
                commands.append([old.trfkit, "check", str(many), "-j", str(args.jobs)])
            bare_many, ours_many, serial_many, *before = side_by_side(commands, env, args.runs)
            lines += [
                ratio_row(
                    f"{args.files} files x 60 players x 7 rounds: "
                    f"`trfkit check DIR -j {args.jobs}`",
                    bare_many,
                    ours_many,
                    1.2,
                ),
                ratio_row("(the same with `-j 1`, for comparison)", bare_many, serial_many, None),
            ]
            lines += [
                ratio_row(
                    f"(`-j {args.jobs}` installed from commit {args.compare}, "
                    "timed in the same rounds)",
                    bare_many,
                    b,
                    1.2,
                )
                for b in before
            ]
        lines.append("")

        if args.only is None:  # 4. growth with players x rounds
            lines += [
                (
                    "| players x rounds | bare script CPU | trfkit CPU: read + check + "
                    "tie-breaks | per player x round |"
                ),
                "|---|---|---|---|",
            ]
            for players in (100, 1000, 5000):
                path = root / f"swiss{players}.trf"
                path.write_text(generate_trf(players, 11, 2), encoding="utf-8")
                plain = timed([*bare, str(path)], env, max(1, args.runs // 2))
                best: dict[str, float] = {}
                for _ in range(max(1, args.runs // 2)):
                    out = timed(
                        [venv_py, str(HERE / "pipeline.py"), str(path), "--breakdown"], env, 1
                    )
                    stages = {
                        k: float(v) for k, v in (item.split("=") for item in out.output.split())
                    }
                    if not best or sum(stages.values()) < sum(best.values()):
                        best = stages
                total = sum(best.values())
                parts = " + ".join(f"{best[k] * 1000:,.0f}" for k in ("read", "check", "tiebreaks"))
                lines.append(
                    f"| {players} x 11 | {ms(plain.cpu)} (whole process) "
                    f"| {ms(total)} ({parts}) | {total / (players * 11) * 1e6:.1f} µs |"
                )
            # 5. finding the code page of a file that is not UTF-8
            detect = timed([py, str(HERE / "bench_decoding.py"), "--table"], env, 1)
            lines += [
                "",
                (
                    "| code page detection, in one process (best of 20) | detection "
                    "| decode (sample, detection, text) | the same file in UTF-8: decode "
                    "| first detection of a fresh process |"
                ),
                "|---|---|---|---|---|",
                detect.output.strip(),
            ]
    lines.append(
        f"(CPU-bound processes running at once after the run: "
        f"{free_cores(py, args.jobs):.1f} of {args.jobs}.)"
    )
    text = "\n".join(lines) + "\n"
    print(text)
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    Path(args.output).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
