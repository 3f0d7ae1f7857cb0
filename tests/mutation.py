"""Structured mutations of TRF files and the promises every output must keep on them.

:mod:`corrupt` damages bytes the way transfers do; the mutations here damage a file
the way hand edits and buggy exporters do, keeping it a readable TRF: a pairing made
one-sided, a player record repeated, a start number taken twice or negative, a
tie-break list with edition modifiers (``/V2009``, ``/V2026``), an absurd scoring
record (a 400-digit value reads as an infinite float), results changed, a player
withdrawn, control characters in a name. Each mutation is a function of the text and a
seeded :class:`random.Random`, so a failing case is replayed from (source, kinds, seed).

:func:`audit` runs the commands on one file and returns what broke:

* every JSON output (``convert``, ``tiebreaks``, ``info``, ``check``, ``playoff``) is
  strict JSON (no ``NaN``/``Infinity``) and valid against its schema in ``schemas/``;
* ``explain`` gives, for every code and player, the value ``tiebreaks`` gives;
* a file ``check`` rejects at error level makes every other command exit 1 too;
* the standings list each start number once;
* no text output carries a raw control character.

``tests/cli/test_mutation.py`` runs a small sample of it; ``benchmarks/mutation_harness.py``
runs many seeds over the samples (and the corpus, when present).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

__all__ = ["KINDS", "audit", "explain_disagreements", "generated_event", "json_mutant", "mutate"]

_PLAYER = "001"


def _players(lines: list[str]) -> list[int]:
    return [k for k, line in enumerate(lines) if line.startswith(_PLAYER) and len(line) >= 8]


def _set(line: str, at: int, text: str) -> str:
    line = line.ljust(at + len(text))
    return line[:at] + text + line[at + len(text) :]


def _blocks(line: str) -> int:
    return max(0, (len(line) - 91 + 1) // 10)


def asymmetric(lines: list[str], rng: random.Random) -> None:
    """One round block points at another opponent than the one who points back."""
    players = _players(lines)
    if not players:
        return
    k = rng.choice(players)
    if not _blocks(lines[k]):
        return
    r = rng.randrange(_blocks(lines[k]))
    other = lines[rng.choice(players)][4:8]
    lines[k] = _set(lines[k], 91 + 10 * r, other)


def duplicate_player(lines: list[str], rng: random.Random) -> None:
    """A 001 record written twice."""
    players = _players(lines)
    if players:
        k = rng.choice(players)
        lines.insert(k + 1, lines[k])


def duplicate_start(lines: list[str], rng: random.Random) -> None:
    """Two different players with one start number."""
    players = _players(lines)
    if len(players) > 1:
        a, b = rng.sample(players, 2)
        lines[a] = _set(lines[a], 4, lines[b][4:8])


def negative_start(lines: list[str], rng: random.Random) -> None:
    """A start number below the minimum (``  -5``)."""
    players = _players(lines)
    if players:
        k = rng.choice(players)
        lines[k] = _set(lines[k], 4, f"{-rng.randint(1, 9):4d}")


_CODES: Final = (
    "BH",
    "BH/C1",
    "BH/M1",
    "FB",
    "SB",
    "SB/C1",
    "AOB",
    "PS",
    "KS",
    "WIN",
    "WON",
    "BPG",
    "STD",
    "ARO",
    "TPR",
    "DE",
    "DE/P",
    "SOBH",
    "REP",
    "BH/P",
)


def versions(lines: list[str], rng: random.Random) -> None:
    """A 202 list whose codes carry edition modifiers (and DE, whose value depends on it)."""
    chosen = []
    for _ in range(rng.randint(2, 5)):
        code = rng.choice(_CODES)
        suffix = rng.choice(("", "/V2009", "/V2026", "/V2024", "/V0", "/V2"))
        chosen.append(code + suffix)
    record = "202 " + ",".join(dict.fromkeys(chosen))
    lines[:] = [line for line in lines if not line.startswith(("202", "212"))]
    lines.insert(_first_player(lines), record)


def _first_player(lines: list[str]) -> int:
    players = _players(lines)
    return players[0] if players else len(lines)


def absurd_scoring(lines: list[str], rng: random.Random) -> None:
    """A scoring record whose value overflows a float (400 digits) or is huge."""
    huge = "9" * rng.choice((310, 400))
    record = rng.choice(
        (
            f"162  W {huge}    D 1.0    L 0.0",
            f"162  W 1.0    D {huge}",
            f"XXS W={huge} D=0.5",
            f"XXS D={huge}",
            f"162  L -{huge}",
        )
    )
    lines[:] = [line for line in lines if not line.startswith(("162", "XXS"))]
    lines.insert(_first_player(lines), record)


def change_result(lines: list[str], rng: random.Random) -> None:
    """One result changed (to a forfeit, a bye, a draw ...), its opponent untouched."""
    players = _players(lines)
    if not players:
        return
    k = rng.choice(players)
    if _blocks(lines[k]):
        r = rng.randrange(_blocks(lines[k]))
        lines[k] = _set(lines[k], 91 + 10 * r + 7, rng.choice("10=+-HFUZDWL"))


def withdraw(lines: list[str], rng: random.Random) -> None:
    """A player leaves: the last rounds become absences on that side only."""
    players = _players(lines)
    if not players:
        return
    k = rng.choice(players)
    n = _blocks(lines[k])
    for r in range(rng.randrange(n + 1) if n else 0, n):
        lines[k] = _set(lines[k], 91 + 10 * r, "0000 - -")


_CONTROLS: Final = (
    "\x1b[31m",
    "\x1b]8;;http://x.invalid\x07",
    "\x07",
    "\x08\x08",
    "\x9b2J",
    "\u202e",
    "\x7f",
)


def control_name(lines: list[str], rng: random.Random) -> None:
    """An escape sequence, BEL, backspace or bidi override inside a name (columns 15-47)."""
    players = _players(lines)
    if players:
        k = rng.choice(players)
        bad = rng.choice(_CONTROLS)
        lines[k] = _set(lines[k], 14, (bad + "Mallory")[:33].ljust(33))


#: kind name -> mutation (in place, on the file's lines without their endings).
KINDS: Final[dict[str, Callable[[list[str], random.Random], None]]] = {
    "asymmetric": asymmetric,
    "duplicate-player": duplicate_player,
    "duplicate-start": duplicate_start,
    "negative-start": negative_start,
    "versions": versions,
    "absurd-scoring": absurd_scoring,
    "result": change_result,
    "withdraw": withdraw,
    "control-name": control_name,
}


def mutate(data: bytes, kinds: Sequence[str], seed: int) -> bytes:
    """``data`` (a TRF file) with each of ``kinds`` applied in turn, seeded by ``seed``."""
    rng = random.Random(seed)
    lines = data.decode("utf-8", "surrogateescape").splitlines()
    for kind in kinds:
        KINDS[kind](lines, rng)
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogateescape")


def generated_event(rng: random.Random) -> bytes:
    """A small Swiss or round-robin TRF made up from ``rng``: 3-10 players, 1-6 rounds,
    games, byes (U, H, F, Z), forfeits, absences and withdrawals, then damaged by one to
    three of :data:`KINDS` (one-sided pairings, repeated start numbers, /V lists, ...)."""
    n, rounds = rng.randint(3, 10), rng.randint(1, 6)
    blocks: list[list[str]] = [[] for _ in range(n)]
    gone = {i: rng.randint(2, rounds + 1) for i in rng.sample(range(n), rng.randint(0, 2))}
    for r in range(1, rounds + 1):
        here = [i for i in range(n) if gone.get(i, rounds + 1) > r]
        rng.shuffle(here)
        for i in range(n):
            if i not in here:
                blocks[i].append("0000 - -")
        while len(here) >= 2 and rng.random() < 0.92:
            a, b = here.pop(), here.pop()
            outcome = rng.choice(("1", "0", "=", "1", "0", "=", "+", "-"))
            other = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}[outcome]
            blocks[a].append(f"{b + 1:4d} w {outcome}")
            blocks[b].append(f"{a + 1:4d} b {other}")
        for i in here:
            blocks[i].append("0000 - " + rng.choice("UHFZ-"))
    scores = {"1": 1.0, "=": 0.5, "+": 1.0, "U": 1.0, "H": 0.5, "F": 1.0}
    lines = [
        "012 generated event",
        f"XXR {rounds}",
        "092 Individual: " + rng.choice(("Swiss-System", "Round-Robin")),
        "202 " + ",".join(rng.sample(_CODES, 4)),
    ]
    for i in range(n):
        points = sum(scores.get(b[-1], 0.0) for b in blocks[i])
        lines.append(
            f"001 {i + 1:4d} m    {f'Player {i + 1}':<33} {2400 - 25 * i:4d} IRL "
            f"{' ' * 11} {' ' * 10} {points:4.1f} {i + 1:4d}  " + "  ".join(blocks[i])
        )
    kinds = rng.sample(sorted(set(KINDS) - {"control-name", "absurd-scoring"}), rng.randint(0, 3))
    return mutate(("\n".join(lines) + "\n").encode(), kinds, rng.randrange(1 << 30))


_ODD_NUMBERS: Final = (float("nan"), float("inf"), -float("inf"), 1e300, -5, 10**400, 0.1)
_NUMBER_FIELDS: Final = ("start", "rating", "points", "rank", "fide_id")


def json_mutant(data: bytes, rng: random.Random) -> bytes:
    """``data`` (a TRF file) as trfkit JSON with a few numbers made unusable: NaN and
    infinities (which Python's json writes), 1e300, a negative start, a 400-digit integer,
    in player fields and in the scoring system."""
    from trfkit import loads
    from trfkit.formats.json_io import to_data

    model = to_data(loads(data.decode("utf-8", "replace")).tournament)
    players = model["players"]
    for _ in range(rng.randint(1, 3)):
        value = rng.choice(_ODD_NUMBERS)
        if players and rng.random() < 0.7:
            rng.choice(players)[rng.choice(_NUMBER_FIELDS)] = value
        else:
            scoring = model["header"]["scoring"]
            scoring[rng.choice(sorted(k for k in scoring if k != "source"))] = value
    return json.dumps(model).encode()


# -- the promises ------------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"not strict JSON: {name}")


def _strict(text: str, what: str, schema: str | None, problems: list[str]) -> Any:
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except ValueError as exc:
        problems.append(f"{what}: {exc}")
        return None
    if schema is not None:
        from trfkit.schema import iter_schema_errors

        for where, message in list(iter_schema_errors(schema, data))[:3]:
            problems.append(f"{what}: schema {schema}: {where}: {message}")
    return data


#: A character no text output may carry raw (C0 but tab and newline, DEL, C1, bidi).
RAW_CONTROL: Final = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def audit(path: Path, *, explain_limit: int = 400) -> list[str]:
    """Everything that broke on ``path`` (empty when every promise is kept)."""
    from click.testing import CliRunner

    from trfkit.cli import cli

    runner = CliRunner()
    problems: list[str] = []
    name = str(path)

    def run(*args: str) -> Any:
        result = runner.invoke(cli, [*args])
        if result.exit_code not in (0, 1):
            problems.append(
                f"{' '.join(args)}: exit {result.exit_code}: {(result.stderr or '')[-300:]}"
            )
        return result

    checked = run("check", name, "--output-format", "json")
    _strict(checked.stdout, "check --output-format json", "diagnostics", problems)
    rejected = checked.exit_code == 1
    commands: list[tuple[tuple[str, ...], str | None]] = [
        (("convert", name, "--to", "json"), "tournament"),
        (("tiebreaks", name, "--to", "json"), "standings"),
        (("info", name, "--to", "json"), "info"),
        (("playoff", name, "--to", "json"), "playoff"),
    ]
    standings = None
    for args, schema in commands:
        result = run(*args)
        if not result.stdout and result.exit_code == 1:
            continue  # nothing to write (not a tournament file): said on stderr, exit 1
        data = _strict(result.stdout, " ".join(args[:1] + args[2:]), schema, problems)
        if args[0] == "tiebreaks":
            standings = data
        if rejected and result.exit_code != 1:
            problems.append(f"{args[0]}: exit {result.exit_code} on a file check rejects")
    for args in (
        ("tiebreaks", name),
        ("info", name),
        ("playoff", name),
        ("check", name, "--output-format", "full"),
    ):
        result = run(*args)
        if RAW_CONTROL.search(result.stdout) or RAW_CONTROL.search(result.stderr or ""):
            problems.append(f"{' '.join(args)}: raw control character in the output")
        if args[0] == "tiebreaks" and rejected and result.exit_code != 1:
            problems.append(f"tiebreaks (text): exit {result.exit_code} on a file check rejects")
    if isinstance(standings, dict) and "players" in standings:
        starts = [p["start"] for p in standings["players"]]
        if len(starts) != len(set(starts)):
            problems.append(f"standings list a start number twice: {sorted(starts)}")
        if "teams" not in standings:
            problems += _explain_agrees(path, explain_limit)
    return problems


def _explain_agrees(path: Path, limit: int) -> list[str]:
    """``explain`` against ``tiebreaks`` for the file's own list, as the two commands use it."""
    from trfkit import load

    tournament = load(str(path)).tournament
    if tournament.is_team_event:
        return []
    return explain_disagreements(tournament, None, limit=limit)


def explain_disagreements(
    tournament: Any, codes: Sequence[str] | None, *, rules: str = "auto", limit: int = 10_000
) -> list[str]:
    """Every (code, player) for which :func:`~trfkit.tiebreaks.explain.explain` totals
    another value than :func:`~trfkit.tiebreaks.compute` puts in the standings, with
    ``codes`` (None: the file's list) in that order (at most ``limit`` pairs)."""
    from trfkit.tiebreaks import CodeError, UnknownTieBreak, compute
    from trfkit.tiebreaks.explain import explain as explain_one
    from trfkit.tiebreaks.explain import explanation_context, order_for

    try:
        standings = compute(tournament, codes, rules=rules)
    except (CodeError, UnknownTieBreak):
        return []
    ctx = explanation_context(tournament, standings.edition)
    problems: list[str] = []
    done = 0
    for code in standings.codes:
        order = order_for(code, standings.codes, standings.full_order, "the standings' list")
        label = str(code)
        for row in standings.rows:
            if done >= limit:
                return problems
            done += 1
            explained = explain_one(ctx, row.index, code, order)
            got, want = explained.total, row.values[label]
            if explained.parts and got is not None and abs(sum(explained.parts) - got) > 1e-9:
                problems.append(
                    f"explain {label} of #{row.start}: parts {explained.parts} "
                    f"do not add up to {got}"
                )
            same = got is want or (got is not None and want is not None and abs(got - want) < 1e-9)
            if not same:
                problems.append(f"explain {label} of #{row.start}: {got}, tiebreaks: {want}")
    return problems
