"""Individual tie-breaks computed from results alone (C.07 Arts. 7-9, Article 32.1/32.3).

Each function is one tie-break; the unplayed-round rules live in :mod:`.unplayed`
and the Cut/Median logic in :mod:`.cuts` (Buchholz-type sums: :mod:`.buchholz_cuts`), so
nothing here depends on the edition except through ``ctx.edition`` flags. Values are
floats (exact for ½-point steps).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import accumulate, compress, islice, repeat
from operator import add, and_, eq, itemgetter, mul
from typing import cast

from ..model.results import RESULT_CODES, Kind
from ..tiebreak_codes import TieBreakCode, parse
from .buchholz_cuts import bh_with_cuts, plain_bh
from .context import Context, Value
from .cuts import Item, cut_sum
from .registry import register
from .unplayed import Adjusted, adjusted

# -- Art. 7: the participant's own results ---------------------------------------------------


@register("PTS", title="Points", article="C.07 5")
def points(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Points after the rounds scored, under the tournament's scoring system."""
    return list(ctx.score)


@register("WIN", title="Rounds with the points of a win", article="C.07 7.1; Art. 32.1.4")
def wins(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Rounds scored as a win, played or not (OTB and forfeit wins, FPB, a PAB worth a win)."""
    win = ctx.win
    return [float(row.count(win)) for row in ctx.pts]


@register("WON", title="Games won over the board", article="C.07 7.2")
def won(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Games won over the board (a regular player, every round a game: a plain count)."""
    win = ctx.win
    wins = repeat(win)  # operator.eq, not win.__eq__: scores may be ints and floats
    return [
        float(pts.count(win) if regular else sum(map(and_, otb, map(eq, pts, wins))))
        for pts, otb, regular in zip(ctx.pts, ctx.otb, ctx.regular, strict=True)
    ]


@register("BPG", title="Games played with Black", article="C.07 7.3; Art. 32.1.5")
def black_games(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Games played over the board with Black; unplayed rounds are ignored.

    Read from each player's colours as written (:attr:`.Context.colour_rows`): a regular
    player's rounds are all games against an opponent, so Black is the colour alone;
    for the others Black only counts where a game was played over the board (never a
    round without an opponent)."""
    black = repeat("b")
    return [
        float(row.count("b") if regular else sum(map(and_, map(eq, row, black), otb)))
        for row, otb, regular in zip(ctx.colour_rows, ctx.otb, ctx.regular, strict=True)
    ]


@register("BWG", title="Games won with Black", article="C.07 7.4")
def black_wins(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Games won over the board with Black: the points of the games with Black that
    were played over the board (as :func:`black_games` tells them), counted where they
    equal a win. Nothing per player outlives its count."""
    win, black = ctx.win, repeat("b")
    out: list[Value] = []
    for row, pts, otb, regular in zip(ctx.colour_rows, ctx.pts, ctx.otb, ctx.regular, strict=True):
        games = map(eq, row, black)
        out.append(
            float(list(compress(pts, games if regular else map(and_, games, otb))).count(win))
        )
    return out


_VALUE = itemgetter(1)
_NOT_ELECTED = frozenset({Kind.HALF_BYE, Kind.ZERO_BYE, Kind.NOT_PAIRED, Kind.FORFEIT_LOSS})


@register("REP", title="Rounds one elected to play", article="C.07 7.6 (GE before 2024-08)")
def rounds_elected(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Rounds minus half- and zero-point byes (absences, rounds after withdrawal) and
    forfeit losses."""
    skipped = _NOT_ELECTED.__contains__
    rounds = ctx.rounds
    # a regular player's rounds are all games over the board: none skipped; a game
    # paired without a result yet (``ctx.pending``) is a round the player is playing
    values = [
        float(rounds if regular else rounds - sum(map(skipped, row)))
        for row, regular in zip(ctx.kind, ctx.regular, strict=True)
    ]
    for i, waiting in ctx.pending.items():
        values[i] += sum(map(skipped, (ctx.kind[i][r] for r in waiting)))
    out: list[Value] = list(values)
    return out


@register("PS", modifiers="C", title="Progressive score", article="C.07 7.5; Art. 32.1.1")
def progressive(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Sum of the running scores after each round; ``/Cn`` drops rounds 1..n (32.1.1.1)."""
    first = min(code.cut, ctx.rounds)
    rows = _running_points(ctx)
    # accumulate() yields the running scores in the same order of float additions
    # as a running sum from 0.0; the total adds them from 0.0 too.
    totals = ctx.memo("ps-total", lambda: list(map(sum, map(accumulate, rows), repeat(0.0))))
    if not first:
        return list(totals)
    return [sum(islice(accumulate(row), first, None), 0.0) for row in rows]


def _running_points(ctx: Context) -> Sequence[Sequence[float]]:
    """What each round adds to the running score: its points, plus a 299 bonus or
    penalty in the round it belongs to (``ctx.bonus``; none in most files)."""
    if not ctx.bonus:
        return ctx.pts
    rows = list(ctx.pts)
    for i, extra in ctx.bonus.items():
        rows[i] = tuple(map(add, rows[i], extra))
    return rows


@register("STD", title="Standard points (1/½/0)", article="C.07 7.7 (2026)")
def standard_points(ctx: Context, code: TieBreakCode) -> list[Value]:
    """1 for more than a draw's points in a round, ½ for exactly a draw's, 0 otherwise.

    Comparing with a draw's points (rather than with the opponent's points) gives
    the same answer for every consistent game and follows TieBreakServer when the
    two sides of a game disagree.
    """
    draw = ctx.draw
    # points of a round -> its standard points, for every value a round can score (the
    # scoring system's, taken from the system rather than from 22,000 rounds)
    standard = {
        p: 1.0 if p > draw + 1e-9 else 0.5 if abs(p - draw) <= 1e-9 else 0.0
        for p in {ctx.scoring.points_for_kind(rc.kind) for rc in RESULT_CODES.values()}
        | {ctx.scoring.points_for_kind(Kind.NOT_PAIRED)}
    }
    # Standard points are 1, 1/2 or 0: a row's total is exact in any order, so it is
    # counted per distinct point value (C-level counts) rather than summed round by round.
    if all(s == p for p, s in standard.items()) and not ctx.rescored:
        return list(ctx.score)  # 1/½/0 scoring: a round's standard points are its points
    values = [p for p, s in standard.items() if s]
    weights = [standard[p] for p in values]
    out = [sum(map(mul, map(row.count, values), weights), 0.0) for row in ctx.pts]
    for i in ctx.rescored:  # 299: a round's points may be any value, a bonus is no round
        out[i] = sum(
            1.0 if p > draw + 1e-9 else 0.5 if abs(p - draw) <= 1e-9 else 0.0 for p in ctx.pts[i]
        )
    return out


@register("TPN", ascending=True, title="Tournament pairing number", article="C.07 7.8 (2026)")
def pairing_number(ctx: Context, code: TieBreakCode) -> list[Value]:
    """The start number; lower ranks higher."""
    return [float(s) for s in ctx.starts]


# -- Art. 8: Buchholz family ------------------------------------------------------------------


def _table(ctx: Context, code: TieBreakCode, fore: bool = False) -> Adjusted:
    return adjusted(ctx, fore=fore or code.fore, played_forfeits=code.played_forfeits)


def buchholz_items(ctx: Context, table: Adjusted, i: int) -> list[Item]:
    """The counted rounds of player ``i`` as cut items (key = value = opponent score)."""
    v_row = table.vur[i]
    return [Item(c, c, v_row[r], r) for r, c in enumerate(table.contrib[i]) if c is not None]


def sonneborn_items(ctx: Context, table: Adjusted, i: int) -> list[Item]:
    """The counted rounds of player ``i`` for SB: key = opponent score, value = product."""
    v_row, p_row = table.vur[i], table.pts[i]
    return [
        Item(c, c * p_row[r], v_row[r], r) for r, c in enumerate(table.contrib[i]) if c is not None
    ]


def _sb_with_cuts(ctx: Context, code: TieBreakCode) -> list[Value]:
    """SB with the code's Cut/Median: each player's counted rounds sorted by significance
    (opponent score, then product), the cuts taken, the rest summed in that order.

    A player without a VUR (outside round-robins: every round counted) needs plain
    ``(key, value)`` pairs, and the cuts are one slice: the same items, summed in the
    same order, as :func:`.cuts.apply_cuts` keeps. Each row is sorted, cut and summed
    at once, so no player's items outlive the sum (nothing for the garbage collector
    to keep visiting)."""
    table = adjusted(ctx, fore=code.fore, played_forfeits=code.played_forfeits)
    low = code.cut + code.median
    high = code.median
    vur_first = ctx.edition.vur_first
    rr = ctx.round_robin
    rounds = ctx.rounds
    lo = min(low, rounds)
    plain = slice(lo, rounds - min(high, rounds - lo))
    out: list[Value] = []
    columns = zip(table.contrib, table.pts, table.vur, strict=True)
    for i, (c_row, p_row, v_row) in enumerate(columns):
        if rr or True in v_row:
            items = sorted(sonneborn_items(ctx, table, i))
            out.append(cut_sum(items, low, high, vur_first, presorted=True))
        else:  # no VUR, every round counted: (key, value) pairs, one slice
            pairs = sorted(zip(c_row, map(mul, c_row, p_row), strict=False))
            out.append(sum(map(_VALUE, pairs[plain]), 0.0))
    return out


@register("BH", modifiers="CMP", title="Buchholz", article="C.07 8.1; Art. 32.3.1-32.3.1.4")
def buchholz(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Sum of the opponents' (adjusted) scores; ``/Cn`` cut, ``/Mn`` median."""
    if not code.cut and not code.median:
        return list(plain_bh(ctx, code))
    return bh_with_cuts(ctx, code)


@register("FB", modifiers="CMP", title="Fore Buchholz", article="C.07 8.3")
def fore_buchholz(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Buchholz as if every paired game of the last round had been drawn."""
    if not code.cut and not code.median:
        return list(plain_bh(ctx, code, fore=True))
    return bh_with_cuts(ctx, code, fore=True)


@register("AOB", modifiers="FP", title="Average of opponents' Buchholz", article="C.07 8.2")
def average_opponents_buchholz(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Average Buchholz of the opponents met over the board (``/F``: their Fore Buchholz),
    rounded half-up to two decimals as TieBreakServer prints it; undefined without games."""
    inner = (
        parse("FB/P" if code.played_forfeits else "FB")
        if code.fore
        else parse("BH/P" if code.played_forfeits else "BH")
    )
    bh = ctx.value(inner)
    of = cast(Callable[[int], float], bh.__getitem__)  # no None on the path that uses it
    if None in bh:  # opponents without a value are left out
        met = [
            [v for r, o in enumerate(o_row[: ctx.rounds]) if otb[r] and (v := bh[o]) is not None]
            for o_row, otb in zip(ctx.opp, ctx.otb, strict=True)
        ]
        totals = list(map(math.fsum, met))
        counts = list(map(len, met))
    else:  # every round a game for a regular player; the others' games over the board
        # (a round over the board always has an opponent: one per True in ``otb``), each
        # player's sum taken at once, no list of opponents' values kept per player
        totals = [
            math.fsum(map(of, o_row if regular else compress(o_row, otb)))
            for o_row, otb, regular in zip(ctx.opp, ctx.otb, ctx.regular, strict=True)
        ]
        counts = [
            len(o_row) if regular else otb.count(True)
            for o_row, otb, regular in zip(ctx.opp, ctx.otb, ctx.regular, strict=True)
        ]
    # the average rounded half up to hundredths (x 100, floor of + 0.5, / 100)
    return [
        math.floor(total / n * 100.0 + 0.5 + 1e-9) / 100.0 if n else None
        for total, n in zip(totals, counts, strict=True)
    ]


@register("SOBH", modifiers="CMP", title="Sum of opponents' Buchholz", article="Art. 32.3.1.5")
def sum_opponents_buchholz(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Σ of the Buchholz (with the same cut/median) of every opponent met in a game.

    Rounds without a game (byes, forfeits outside round-robins unless ``/P``) add
    nothing: Article 32 gives no rule for them (TIEBREAKS.md §A.4, UNCERTAIN).
    """
    inner = parse(code.canonical.replace("SOBH", "BH", 1))
    bh = ctx.value(inner)
    table = _table(ctx, code)
    out: list[Value] = []
    for i in range(ctx.n):
        total = 0.0
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            if o >= 0 and table.game[i][r] and bh[o] is not None:
                total += bh[o]  # type: ignore[operator]
        out.append(total)
    return out


# -- Art. 9: Sonneborn-Berger and Koya -------------------------------------------------------


@register("SB", modifiers="CMP", title="Sonneborn-Berger", article="C.07 9.1; Art. 32.3.2.1")
def sonneborn_berger(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Σ opponent's (adjusted) score × points scored against that opponent."""
    if not code.cut and not code.median:
        return list(_sb_totals(ctx, code))
    return _sb_with_cuts(ctx, code)


def _sb_totals(ctx: Context, code: TieBreakCode) -> list[float]:
    """Uncut SB of every player (memoised: the cut forms start from it)."""

    def build() -> list[float]:
        table = _table(ctx, code)
        if not ctx.round_robin:  # no uncounted (None) rounds
            return [
                sum(map(mul, cast("list[float]", c_row), p_row), 0.0)
                for c_row, p_row in zip(table.contrib, table.pts, strict=True)
            ]
        return [
            sum((c * p for c, p in zip(c_row, p_row, strict=False) if c is not None), 0.0)
            for c_row, p_row in zip(table.contrib, table.pts, strict=True)
        ]

    return ctx.memo(("sb-total", code.fore, code.played_forfeits), build)


@register("KS", modifiers="L", title="Koya system", article="C.07 9.2; Art. 32.1.2-32.1.3")
def koya(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Points scored against opponents who finished with at least the threshold.

    Threshold: 50 % of the maximum score, moved by ``/L+n`` / ``/L-n`` in half-point
    steps (``/L+1.0``: points; ``/L50``: per cent). In a round-robin the maximum
    counts only the games a player can have: a bye round of an odd field and players
    who never played are left out (as TieBreakServer does).
    """
    threshold = koya_threshold(ctx, code) - 1e-9
    # counted[o]: opponent o reached the threshold; the extra last entry answers for
    # index -1 (no opponent), so each row is one C-level compress().
    counted = [s >= threshold for s in ctx.score] + [False]
    of = counted.__getitem__
    flags = map(map, repeat(of), ctx.opp)
    return list(map(sum, map(compress, ctx.pts, flags), repeat(0.0)))


def _score_group_threshold(scores: list[float], half: float, steps: int) -> float:
    """Article 32.1.3: move the Koya threshold by whole score groups that exist.

    ``+n`` narrows: the n lowest score groups at or above 50 % are left out; ``-n``
    widens: the n highest score groups below 50 % are added (TIEBREAKS.md §A.2; the
    text says neither where to stop nor which way to try first, UNCERTAIN).
    """
    if steps > 0:
        above = sorted({s for s in scores if s >= half - 1e-9})
        return above[steps] if steps < len(above) else math.inf
    below = sorted({s for s in scores if s < half - 1e-9}, reverse=True)
    if not below or steps == 0:
        return half
    return below[min(-steps, len(below)) - 1]


def koya_threshold(ctx: Context, code: TieBreakCode) -> float:
    """The score an opponent needs to count for KS (see :func:`koya`)."""
    games = ctx.rounds
    if ctx.round_robin and ctx.n:
        if ctx.rounds % ctx.n == 0:
            games -= ctx.rounds // ctx.n
        games -= sum(
            1
            for i in range(ctx.n)
            if not any(o >= 0 for o in ctx.opp[i][: ctx.rounds])
            and not any(k is Kind.PAB for k in ctx.kind[i][: ctx.rounds])
        )
    if (
        ctx.edition.koya_steps == "score-groups"
        and code.limit[:1] in ("+", "-")
        and "." not in code.limit
    ):
        return _score_group_threshold(ctx.score, games * ctx.win / 2.0, int(code.limit))
    return code.koya_threshold(games * ctx.win, 0.5)
