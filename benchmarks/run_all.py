"""Every benchmark of issue 8, as the markdown table in the README's "Benchmarks" section.

    python benchmarks/run_all.py [--runs 5] [--files 1000] [-o benchmarks/out/results.md]

Everything that is compared runs as a separate process, so both sides pay for the
interpreter start, and each row is the best of ``--runs`` (wall time, and CPU time
= user + system of the process and its workers, from ``getrusage``); the commands
of one table row take turns, so that a changing load weighs on both. CPU time is
what to compare on a busy machine; wall time is what a user waits for (and where
``-j`` helps). Bytecode is cached in a temporary ``PYTHONPYCACHEPREFIX`` and warmed
first, as an installed package would have it.

Rows:

1. start-up: ``python -c pass``, ``trfkit --version``, a one-file ``trfkit check``,
   and which heavy modules a one-file check imports (``-X importtime``);
2. a generated 2000-player, 11-round Swiss: ``bare.py`` (decode + plain Buchholz)
   against ``pipeline.py`` (read + every check + the 24 individual tie-breaks);
3. 1000 generated files (60 players, 7 rounds): ``bare.py DIR`` against
   ``trfkit check DIR -j 2``;
4. growth: ``pipeline.py`` at 100, 1000 and 5000 players (11 rounds), per player x round;
5. the code page detection of a 2000-player cp1251 file (``bench_decoding.py``).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import resource
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

PY = sys.executable
HEAVY = ("jsonschema", "chardet", "openpyxl", "multiprocessing", "sqlite3", "html.parser",
         "xml.parsers.expat", "trfkit.formats.swissmanager", "trfkit.tiebreaks")


@dataclass(frozen=True)
class Timing:
    wall: float  # seconds, best of the runs
    cpu: float  # seconds (user + system, children included), best of the runs
    output: str


def _env(cache: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    env["PYTHONPATH"] = str(ROOT)
    return env


def _once(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done.stdout


def side_by_side(commands: list[list[str]], env: dict[str, str], runs: int) -> list[Timing]:
    """Best wall and best CPU time of each command over ``runs`` rounds (after a warm-up).

    The commands take turns within each round, so that a machine whose load changes
    during the benchmark weighs on both sides of a ratio alike.
    """
    for command in commands:
        subprocess.run(command, env=env, capture_output=True, check=False)
    walls: list[list[float]] = [[] for _ in commands]
    cpus: list[list[float]] = [[] for _ in commands]
    outputs = [""] * len(commands)
    for _ in range(runs):
        for k, command in enumerate(commands):
            wall, cpu, outputs[k] = _once(command, env)
            walls[k].append(wall)
            cpus[k].append(cpu)
    return [Timing(min(w), min(c), o) for w, c, o in zip(walls, cpus, outputs, strict=True)]


def timed(command: list[str], env: dict[str, str], runs: int) -> Timing:
    """Best wall and best CPU time of ``runs`` runs of ``command`` (after one warm-up)."""
    return side_by_side([command], env, runs)[0]


def imported(command: list[str], env: dict[str, str],
             runs: int = 3) -> tuple[float, float, list[str]]:
    """Import time of trfkit's own modules and of everything (ms, best of ``runs``, sums of
    the top-level imports), and the heavy modules imported."""
    subprocess.run([PY, *command], env=env, capture_output=True, check=False)  # warm bytecode
    best_ours = best_all = float("inf")
    names: set[str] = set()
    for _ in range(runs):
        err = subprocess.run([PY, "-X", "importtime", *command], env=env, capture_output=True,
                             text=True, check=False).stderr
        ours = everything = 0
        for line in err.splitlines():
            found = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
            if found:
                names.add(found.group(3))
                if len(found.group(2)) == 1:
                    everything += int(found.group(1))
                    ours += int(found.group(1)) if found.group(3).startswith("trfkit") else 0
        best_ours, best_all = min(best_ours, ours / 1000), min(best_all, everything / 1000)
    return best_ours, best_all, [h for h in HEAVY if h in names]


_BURN = "import sys\ns = 0\nfor i in range(int(sys.argv[1])): s += i\n"


def free_cores(jobs: int) -> float:
    """How many of ``jobs`` CPU-bound processes really run at once right now: their
    serial time over their time side by side (about ``jobs`` on an idle machine).
    Another user's busy process makes ``-j`` gain less; this line says so."""
    command = [PY, "-c", _BURN, "3000000"]
    t0 = time.perf_counter()
    for _ in range(jobs):
        subprocess.run(command, check=True)
    serial = time.perf_counter() - t0
    t0 = time.perf_counter()
    running = [subprocess.Popen(command) for _ in range(jobs)]
    for proc in running:
        proc.wait()
    return serial / (time.perf_counter() - t0)


def machine() -> list[str]:
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
    return [f"- CPU: {model}; `nproc`: {nproc or os.cpu_count()}",
            (f"- Python {platform.python_version()} ({platform.python_implementation()}), "
            f"{platform.system()} {platform.release()}"),
            f"- load average when the run started: {load}"]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms"


def ratio_row(label: str, base: Timing, ours: Timing, target: float) -> str:
    wall, cpu = ours.wall / base.wall, ours.cpu / base.cpu
    verdict = "yes" if min(wall, cpu) <= target else "**no**"
    return (f"| {label} | {ms(base.wall)} / {ms(base.cpu)} | {ms(ours.wall)} / {ms(ours.cpu)} "
            f"| {wall:.2f}x / {cpu:.2f}x | <= {target:g}x: {verdict} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--files", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("-o", "--output", default=str(HERE / "out" / "results.md"))
    args = ap.parse_args(argv)
    lines = ["Machine:", "", *machine(),
             (f"- CPU-bound processes running at once out of {args.jobs} (1.0 = one core free, "
             f"{args.jobs}.0 = all): {free_cores(args.jobs):.1f} before the run"), ""]
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        env = _env(str(root / "pycache"))
        sample = str(ROOT / "samples" / "swiss.trf")

        # 1. start-up
        nothing, version, one = side_by_side(
            [[PY, "-c", "pass"], [PY, "-m", "trfkit", "--version"],
             [PY, "-m", "trfkit", "check", sample]], env, args.runs)
        v_ours, v_all, v_heavy = imported(["-m", "trfkit", "--version"], env)
        c_ours, c_all, c_heavy = imported(["-m", "trfkit", "check", sample], env)
        _, p_all, _ = imported(["-c", "pass"], env)
        lines += [("| start-up | wall | CPU | `-X importtime`: trfkit (with click) / everything "
                   "| heavy modules imported |"), "|---|---|---|---|---|",
                  (f"| `python -c pass` | {ms(nothing.wall)} | {ms(nothing.cpu)} "
                   f"| - / {p_all:.0f} ms | |"),
                  (f"| `trfkit --version` | {ms(version.wall)} | {ms(version.cpu)} "
                   f"| {v_ours:.0f} ms / {v_all:.0f} ms | {', '.join(v_heavy) or 'none'} |"),
                  (f"| `trfkit check samples/swiss.trf` | {ms(one.wall)} | {ms(one.cpu)} "
                   f"| {c_ours:.0f} ms / {c_all:.0f} ms | {', '.join(c_heavy) or 'none'} |"), ""]

        # 2. one big Swiss
        big = root / "big.trf"
        big.write_text(generate_trf(2000, 11, 1), encoding="utf-8")
        bare_big, ours_big = side_by_side([[PY, str(HERE / "bare.py"), str(big)],
                                           [PY, str(HERE / "pipeline.py"), str(big)]],
                                          env, args.runs)

        # 3. many small files
        many = root / "many"
        many.mkdir()
        for seed in range(args.files):
            (many / f"event{seed:04d}.trf").write_text(generate_trf(60, 7, seed),
                                                       encoding="utf-8")
        bare_many, ours_many, serial_many = side_by_side(
            [[PY, str(HERE / "bare.py"), str(many)],
             [PY, "-m", "trfkit", "check", str(many), "-j", str(args.jobs), "-q"],
             [PY, "-m", "trfkit", "check", str(many), "-j", "1", "-q"]], env, args.runs)
        lines += [("| workload | bare script: wall / CPU | trfkit: wall / CPU | ratio wall / CPU "
                  "| target |"), "|---|---|---|---|---|",
                  ratio_row("2000 players x 11 rounds: read + check + 24 tie-breaks",
                            bare_big, ours_big, 3),
                  ratio_row(f"{args.files} files x 60 players x 7 rounds: "
                            f"`trfkit check DIR -j {args.jobs}`", bare_many, ours_many, 4),
                  (f"| (the same with `-j 1`, for comparison) | | {ms(serial_many.wall)} / "
                   f"{ms(serial_many.cpu)} | {serial_many.wall / bare_many.wall:.1f}x / "
                   f"{serial_many.cpu / bare_many.cpu:.1f}x | |"), ""]

        # 4. growth with players x rounds
        lines += [("| players x rounds | bare script CPU | trfkit CPU: read + check + tie-breaks "
                  "| per player x round |"), "|---|---|---|---|"]
        for players in (100, 1000, 5000):
            path = root / f"swiss{players}.trf"
            path.write_text(generate_trf(players, 11, 2), encoding="utf-8")
            bare = timed([PY, str(HERE / "bare.py"), str(path)], env, max(1, args.runs // 2))
            best: dict[str, float] = {}
            for _ in range(max(1, args.runs // 2)):
                out = timed([PY, str(HERE / "pipeline.py"), str(path), "--breakdown"], env, 1)
                stages = {k: float(v) for k, v in
                          (item.split("=") for item in out.output.split())}
                if not best or sum(stages.values()) < sum(best.values()):
                    best = stages
            total = sum(best.values())
            parts = " + ".join(f"{best[k] * 1000:,.0f}" for k in ("read", "check", "tiebreaks"))
            lines.append(f"| {players} x 11 | {ms(bare.cpu)} (whole process) | {ms(total)} "
                         f"({parts}) | {total / (players * 11) * 1e6:.1f} µs |")
        # 5. finding the code page of a file that is not UTF-8
        detect = timed([PY, str(HERE / "bench_decoding.py"), "--table"], env, 1)
        lines += ["", ("| code page detection, in one process (best of 20) | detection | decode "
                       "(sample, detection, text) | the same file in UTF-8: decode | first "
                       "detection of a fresh process |"), "|---|---|---|---|---|",
                  detect.output.strip()]
    lines.append(f"(CPU-bound processes running at once after the run: {free_cores(args.jobs):.1f} "
                 f"of {args.jobs}.)")
    text = "\n".join(lines) + "\n"
    print(text)
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    Path(args.output).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
