"""Golden values: every individual tie-break on generated tournaments, under every edition.

Why: the tie-break engine is optimised for speed (issue 4/8: integer arithmetic,
shared sorted arrays, one pass for several codes). Such rewrites must not change a
single value, so the values computed *before* the optimisation were recorded once
into ``tests/data/tiebreak_golden/*.json`` and every later version must reproduce
them exactly (floats compared with ``==``, undefined as ``None``), together with
the ranks they produce.

The inputs are TRF files written by the project's Swiss generator
(``benchmarks/generate.py``, fixed seeds: byes, forfeits, withdrawals) and then
varied so that more code paths run: unrated players (with and without a rating
for them), a 3/1/0 scoring system, a round-robin (forfeits count as games, no
VUR), and standings after an earlier round. They are stored beside the JSON, so a
later change to the generator cannot move the goalposts.

Re-record (only when a value is *meant* to change, and say why in the commit)::

    python tests/tiebreaks/test_tiebreaks_golden.py --record
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from trfkit import formats
from trfkit.tiebreaks import compute
from trfkit.tiebreaks.context import Context
from trfkit.tiebreaks.editions import EDITIONS
from trfkit.tiebreaks.registry import evaluate

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "tiebreak_golden"
RULES = ("fide-2009", "fide-2024", "fide-2026", "ru-2013")

#: The 24 codes of the conformance set (issue 4) ...
CONFORMANCE = [
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "BH/M2",
    "FB",
    "SB",
    "SB/C1",
    "PS",
    "PS/C1",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "ARO",
    "ARO/C1",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
    "AOB",
    "KS",
    "STD",
    "TPN",
]
#: ... and the other individual codes and modifiers that share their code paths.
MORE = [
    "BH/P",
    "BH/C1/P",
    "FB/C1",
    "FB/M1",
    "SB/C2",
    "SB/M1",
    "SB/P",
    "PS/C2",
    "AOB/F",
    "AOB/P",
    "KS/L+1",
    "KS/L-1",
    "SOBH",
    "SOBH/C1",
    "ARO/C2",
    "ARO/M1",
    "TPR/400",
    "TPR/C1",
    "PTP/C1",
    "PTP/M1",
    "RTNG",
    "DE",
    "DE/P",
]
CODES = CONFORMANCE + MORE

#: file stem -> runs: (unrated_rating, after_round); every run under every edition.
RUNS: dict[str, list[tuple[int | None, int | None]]] = {
    "swiss-120x9": [(None, None), (1400, None), (1400, 5)],
    "swiss-200x11": [(None, None), (None, 8)],
    "swiss-61x7-310": [(None, None), (1500, None)],
    "rr-10": [(None, None), (None, 6)],
}


def _unrate(text: str, starts: set[int]) -> str:
    """Blank the rating (columns 49-52) of the given players."""
    out = []
    for line in text.split("\n"):
        if line.startswith("001") and int(line[4:8]) in starts:
            line = line[:48] + "    " + line[52:]
        out.append(line)
    return "\n".join(out)


def _round_robin(n: int, seed: int) -> str:
    """A Berger round-robin of ``n`` (even) players with a few forfeits and a withdrawal."""
    rng = random.Random(seed)
    blocks: dict[int, list[str]] = {s: [] for s in range(1, n + 1)}
    ring = list(range(1, n + 1))
    withdrawn = n - 1  # leaves after round n - 3
    for rnd in range(n - 1):
        for k in range(n // 2):
            a, b = ring[k], ring[n - 1 - k]
            if rnd % 2:
                a, b = b, a
            if rnd >= n - 3 and withdrawn in (a, b):
                ra, rb = ("-", "+") if a == withdrawn else ("+", "-")
            elif rng.random() < 0.06:
                ra, rb = rng.choice((("+", "-"), ("-", "+")))
            else:
                ra, rb = rng.choice((("1", "0"), ("=", "="), ("0", "1"), ("1", "0")))
            blocks[a].append(f"{b:>4} w {ra}")
            blocks[b].append(f"{a:>4} b {rb}")
        ring = [ring[0], ring[-1], *ring[1:-1]]
    lines = [
        "012 Golden round-robin",
        "042 2025/05/01",
        "092 Individual: Round-Robin",
        f"XXR {n - 1}",
    ]
    for s in range(1, n + 1):
        rating = 2500 - 37 * s
        name = f"Player {s}"
        lines.append(
            f"001 {s:>4} m    {name:<33} {rating:>4} SWE {1000 + s:>11} "
            f"1990/01/01  0.0 {s:>4}" + "".join("  " + b for b in blocks[s])
        )
    return "\n".join(lines) + "\n"


def _inputs() -> dict[str, str]:
    """The TRF texts (used by ``--record`` only; the test reads the stored files)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from generate import generate_trf

    swiss_a = _unrate(generate_trf(120, 9, seed=3), {7, 33, 64, 90, 118})
    swiss_b = generate_trf(200, 11, seed=7)
    swiss_c = generate_trf(61, 7, seed=11).replace("XXR 7\n", "XXR 7\nXXS W=3 D=1\n")
    return {
        "swiss-120x9": swiss_a,
        "swiss-200x11": swiss_b,
        "swiss-61x7-310": swiss_c,
        "rr-10": _round_robin(10, seed=5),
    }


def _run(text: str, rules: str, unrated: int | None, after: int | None) -> dict[str, Any]:
    tournament = formats.read(text.encode("utf-8"), "trf").tournament
    standings = compute(tournament, CODES, rules=rules, unrated_rating=unrated, after_round=after)
    rows = sorted(standings.rows, key=lambda r: r.index)
    return {
        "rules": rules,
        "unrated_rating": unrated,
        "after_round": after,
        "rank": [r.rank for r in rows],
        "values": {c: [r.values[c] for r in rows] for c in ["PTS", *CODES]},
    }


def _cases() -> list[tuple[str, str, int | None, int | None]]:
    return [(stem, rules, u, a) for stem, runs in RUNS.items() for rules in RULES for u, a in runs]


def _golden(stem: str) -> dict[str, Any]:
    path = GOLDEN / f"{stem}.json"
    if not path.exists():
        pytest.fail(f"{path} missing: run python tests/tiebreaks/test_tiebreaks_golden.py --record")
    return json.loads(path.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


_TEXT_CACHE: dict[str, str] = {}


def _text(stem: str) -> str:
    if stem not in _TEXT_CACHE:
        _TEXT_CACHE[stem] = (GOLDEN / f"{stem}.trf").read_text(encoding="utf-8")
    return _TEXT_CACHE[stem]


@pytest.mark.parametrize("stem,rules,unrated,after", _cases())
def test_values_and_ranks_unchanged(
    stem: str, rules: str, unrated: int | None, after: int | None
) -> None:
    want = next(
        r
        for r in _golden(stem)["runs"]
        if (r["rules"], r["unrated_rating"], r["after_round"]) == (rules, unrated, after)
    )
    got = _run(_text(stem), rules, unrated, after)
    for code in ["PTS", *CODES]:
        pairs = zip(want["values"][code], got["values"][code], strict=True)
        diff = [(i, w, g) for i, (w, g) in enumerate(pairs) if w != g]
        assert not diff, f"{stem} {rules} {code}: (index, golden, now) {diff[:5]}"
    assert got["rank"] == want["rank"]


@pytest.mark.parametrize("rules", RULES)
def test_each_code_alone_matches(rules: str) -> None:
    """A code computed on its own (a fresh context, nothing memoised by other codes) gives the same values
    as inside the full list: no tie-break depends on another having run first."""
    stem = "swiss-120x9"
    want = next(
        r
        for r in _golden(stem)["runs"]
        if (r["rules"], r["unrated_rating"], r["after_round"]) == (rules, 1400, None)
    )
    tournament = formats.read(_text(stem).encode("utf-8"), "trf").tournament
    from trfkit.tiebreaks import parse

    for code in CODES:
        if code.startswith("DE"):
            continue  # group tie-break: only defined inside standings
        ctx = Context(tournament, EDITIONS[rules], unrated_rating=1400)
        assert evaluate(ctx, parse(code)) == want["values"][code], code


def test_fixtures_exercise_the_unusual_rounds() -> None:
    """The stored inputs hold what the optimised paths must handle."""
    swiss = _text("swiss-200x11")
    for code in ("  0000 - U", "  0000 - H", "  0000 - Z", " w +", " b -"):
        assert code in swiss or code.replace(" w ", " b ") in swiss, code
    assert "XXS W=3 D=1" in _text("swiss-61x7-310")
    assert "Round-Robin" in _text("rr-10")


def record() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for stem, text in _inputs().items():
        (GOLDEN / f"{stem}.trf").write_text(text, encoding="utf-8")
        runs = [_run(text, rules, u, a) for rules in RULES for u, a in RUNS[stem]]
        data = {"file": f"{stem}.trf", "codes": ["PTS", *CODES], "runs": runs}
        text = json.dumps(data, indent=None, separators=(",", ":")) + "\n"
        (GOLDEN / f"{stem}.json").write_text(text, encoding="utf-8")
        print(f"recorded {stem}: {len(runs)} runs")


if __name__ == "__main__":
    if sys.argv[1:] == ["--record"]:
        record()
    else:
        print(__doc__)
