"""Benchmark: what detecting the code page costs on a 2000-player cp1251 file.

The generated Swiss (``generate.py``) gets Russian names and federations and is
written in cp1251; ``trfkit.decoding.decode`` then has to find the code page from the
names. Printed, best of ``--runs`` in one process: the detection alone
(``codepages.choose`` on the sample), the whole ``decode`` (sample, detection, decoding,
line ends), the same file's ``decode`` as UTF-8 for comparison, and the first
detection of a fresh process (its tables are built once). ``--table`` prints the
markdown row of the README instead. Run: ``python benchmarks/bench_decoding.py``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]  # generate.py, and this checkout's trfkit

from generate import generate_trf  # noqa: E402

SURNAMES = (
    "Петров Иванов Смирнов Кузнецов Попов Васильев Соколов Михайлов Новиков Фёдоров "
    "Морозов Волков Алексеев Лебедев Семёнов Егоров Павлов Козлов Степанов Николаев "
    "Орлов Андреев Макаров Никитин Захаров Зайцев Соловьёв Борисов Яковлев Щербаков"
)
GIVEN = (
    "Алексей Сергей Дмитрий Андрей Михаил Иван Николай Владимир Евгений Павел Артём "
    "Максим Юрий Олег Виктор Игорь Роман Константин Денис Григорий Фёдор Ярослав"
)


def russian_trf(players: int, rounds: int, seed: int) -> bytes:
    """``generate_trf`` with Russian names (columns 15-47) and RUS (54-56), a Russian
    event name and city, in cp1251."""
    surnames, given = SURNAMES.split(), GIVEN.split()
    header = {"012": "012 Первенство Москвы", "022": "022 Москва", "032": "032 RUS"}
    lines = []
    for line in generate_trf(players, rounds, seed).splitlines():
        if line.startswith("001"):
            n = int(line[4:8])
            name = f"{surnames[n * 7 % len(surnames)]}, {given[n * 11 % len(given)]}"
            line = f"{line[:14]}{name:<33}{line[47:53]}RUS{line[56:]}"
        lines.append(header.get(line[:3], line))
    return ("\n".join(lines) + "\n").encode("cp1251")


def best_ms(func: object, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        func()  # type: ignore[operator]
        best = min(best, time.perf_counter() - start)
    return best * 1000


def cold_ms(players: int, rounds: int, seed: int, cache: str) -> float:
    """The first detection in a fresh process (modules imported, tables built), in
    milliseconds; bytecode comes from ``cache``, as an installed package has it."""
    code = (
        f"import sys, time; sys.path.insert(0, {str(HERE)!r}); "
        "from bench_decoding import russian_trf; from trfkit.decoding import decode; "
        f"data = russian_trf({players}, {rounds}, {seed}); t = time.perf_counter(); "
        "decode(data); print((time.perf_counter() - t) * 1000)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    env["PYTHONPATH"] = str(HERE.parent)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    return float(out.stdout)


def main(argv: list[str] | None = None) -> int:
    from trfkit.codepages import choose
    from trfkit.decoding import _non_ascii_lines, decode

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int, nargs="?", default=2000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", action="store_true")
    args = parser.parse_args(argv)

    data = russian_trf(args.players, args.rounds, args.seed)
    utf8 = data.decode("cp1251").encode("utf-8")
    decoded = decode(data)
    assert decoded.encoding == "cp1251" and decoded.text == data.decode("cp1251")
    assert "chardet" not in sys.modules  # a sure choice never needs chardet
    sample = _non_ascii_lines(data)
    detect = best_ms(lambda: choose(sample, data[:8192]), args.runs)
    whole = best_ms(lambda: decode(data), args.runs)
    plain = best_ms(lambda: decode(utf8), args.runs)
    with tempfile.TemporaryDirectory() as cache:
        cold = min(cold_ms(args.players, args.rounds, args.seed, cache) for _ in range(4))
    if args.table:
        print(
            f"| {args.players} players x {args.rounds} rounds, cp1251 ({len(data) // 1024} KB, "
            f"confidence {decoded.confidence:.2f}) | {detect:.1f} ms | {whole:.1f} ms | "
            f"{plain:.1f} ms | {cold:.1f} ms |"
        )
    else:
        print(
            f"{args.players} players, {len(data):,} bytes, {len(sample)} non-ASCII lines "
            f"sampled: {decoded.encoding} (confidence {decoded.confidence:.2f})"
        )
        print(
            f"detection {detect:.2f} ms, decode {whole:.2f} ms (as UTF-8: {plain:.2f} ms), "
            f"first detection in a fresh process {cold:.2f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
