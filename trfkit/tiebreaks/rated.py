"""The field's over-the-board games as integers, computed once per run, and the fast
whole-field TPR and PTP that ARO, TPR, PTP, APRO and APPO share.

Why a module of its own: the rating tie-breaks of a 2000-player Swiss used to cost
more than every other tie-break together (a :class:`~fractions.Fraction` per game, a
sorted record per player, a binary search over 1500+ ratings per PTP). Here:

* a game's rating score is counted in half points (win 2, draw 1, loss 0), so a
  player's score is one integer and ``p`` and the PTP target are integer formulas;
* a player whose every round is a game over the board (``ctx.regular``) takes the
  opponents' ratings with one C-level ``map``; only the others are filtered;
* nothing is sorted: uncut ARO, TPR and PTP do not depend on the order of the games
  (cut forms, which do, keep using :func:`.ratings.otb_records`);
* PTP searches only between two bounds that follow from the table, with
  interpolated probes, and each probe is one C-level gather from a precomputed,
  clamp-free PD table (see :func:`perfect_performance_halves`).

Every function returns exactly what the pure functions of :mod:`.ratings` return
for the same games (the golden test holds them to it).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from operator import attrgetter, itemgetter

from ..results import Kind
from .context import Context
from .tables import DP_BY_PERCENT, MAX_TABLE_DIFF, PD_HIGH

__all__ = ["RatedGames", "field_performance", "pd_table", "perfect_performance_halves",
           "performance_halves", "rated_games", "ratings_of"]

#: A game's rating score in half points, by kind (only over-the-board kinds occur).
HALVES = {Kind.WIN: 2, Kind.DRAW: 1, Kind.LOSS: 0}


@dataclass(frozen=True, slots=True)
class RatedGames:
    """Per player, in round order: the OTB opponents, their ratings, and the rating
    score in half points. ``rating`` is every player's tie-break rating."""

    rating: list[int]
    opponents: list[list[int]]
    ratings: list[Sequence[int]]
    halves: list[int]


def ratings_of(ctx: Context, unrated_rating: int | None) -> list[int] | None:
    """Every player's tie-break rating; ``None`` when one is unrated and no rating is
    given for unrated players (C.07 10: the rating tie-breaks are then dropped). A
    rating of 0 is how some files write "unrated"."""
    out: list[int] = []
    for p in ctx.players:
        r = p.rating if p.rating is not None and p.rating > 0 else unrated_rating
        if r is None:
            return None
        out.append(r)
    return out


def rated_games(ctx: Context, unrated_rating: int | None) -> RatedGames | None:
    """The field's OTB games (memoised per unrated rating, with the run's T502 notes
    made once); ``None`` when the field has an unrated player without a rule for it."""
    return ctx.memo(("rated.games", unrated_rating), lambda: _build(ctx, unrated_rating))


def _build(ctx: Context, unrated_rating: int | None) -> RatedGames | None:
    rating = ratings_of(ctx, unrated_rating)
    if rating is None:
        ctx.note("T502", "rating tie-breaks are undefined: the field has unrated players and "
                         "no rating for them was given (--unrated-rating or /U<rating>)")
        return None
    _note_short_games(ctx)
    rating_of = rating.__getitem__
    win, draw = Kind.WIN, Kind.DRAW
    opponents: list[list[int]] = []
    ratings: list[Sequence[int]] = []
    halves: list[int] = []
    columns = zip(ctx.opp, ctx.kind, ctx.otb, ctx.regular, ctx.gather, strict=True)
    for o_row, k_row, g_row, regular, gather in columns:
        if regular:
            opponents.append(o_row)
            ratings.append(gather(rating) if gather else list(map(rating_of, o_row)))
            halves.append(2 * k_row.count(win) + k_row.count(draw))
            continue
        games = [r for r, g in enumerate(g_row) if g]
        opps = [o_row[r] for r in games]
        opponents.append(opps)
        ratings.append(list(map(rating_of, opps)))
        halves.append(sum(HALVES[k_row[r]] for r in games))
    return RatedGames(rating, opponents, ratings, halves)


def _note_short_games(ctx: Context) -> None:
    """§C.4: games of less than one move (W D L) count as played, as the FIDE checker
    has it; C.07 does not say, so the assumption is reported (player by player, round
    by round). Most files have none: one C-level scan of all result codes says so."""
    short = _SHORT
    if short.isdisjoint(map(_RESULT, chain.from_iterable(map(_ROUNDS, ctx.players)))):
        return  # none in any round written (the rounds scored are among them)
    for i, p in enumerate(ctx.players):
        blocks = p.rounds[: ctx.rounds]
        if short.isdisjoint([e.result for e in blocks]):
            continue
        for r, entry in enumerate(blocks):
            if ctx.otb[i][r] and entry.result in short:
                ctx.note("T502", f"{ctx.player_label(i)}: round {r + 1} ({entry.result}, less "
                                 "than one move) counts as a game played for the rating "
                                 "tie-breaks", i)


def _short_codes() -> frozenset[str]:
    from ..results import RESULT_CODES

    return frozenset(c for c, rc in RESULT_CODES.items() if rc.played and not rc.rated)


_SHORT = _short_codes()
_RESULT = attrgetter("result")
_ROUNDS = attrgetter("rounds")


# ---------------------------------------------------------------- TPR and PTP


def performance_halves(ratings: Sequence[int], halves: int) -> int | None:
    """TPR (C.07 10.2) from the opponents' ratings and the score in half points:
    ARO (.5 up) + dp(p), p in whole per cent .5 up; the same integers as
    :func:`.ratings.performance`."""
    n = len(ratings)
    if not n:
        return None
    # score / games = halves / (2 n): p = floor(100 halves / 2n + 1/2) = (200 halves + 2n) // 4n
    return (2 * sum(ratings) + n) // (2 * n) + DP_BY_PERCENT[(200 * halves + 2 * n) // (4 * n)]


@lru_cache(maxsize=8)
def pd_table(reach: int) -> memoryview:
    """Expected score in hundredths for every difference -reach..reach (index d + reach):
    table 8.1.2 without a cap, so that a PTP step is a plain lookup, never a clamp.
    Bytes behind a memoryview: a PTP step slices it without copying (see below)."""
    top = MAX_TABLE_DIFF + 1
    high = [PD_HIGH[min(d, top)] for d in range(reach + 1)]
    return memoryview(array("B", [100 - high[d] for d in range(reach, 0, -1)] + high))


def _lowest_difference() -> tuple[int, ...]:
    """For q = 0..100: the lowest difference d with PD(d) >= q hundredths."""
    pd = pd_table(MAX_TABLE_DIFF + 1)
    out = []
    d = 0
    for q in range(101):
        while pd[d] < q:
            d += 1
        out.append(d - (MAX_TABLE_DIFF + 1))
    return tuple(out)


_LOWEST_DIFF = _lowest_difference()


def perfect_performance_halves(ratings: Sequence[int], halves: int, pd: memoryview,
                               reach: int) -> int | None:
    """PTP (C.07 10.3): the lowest integer R with Σ PD(R - R_i) >= score, for a score in
    half points; the same value as :func:`.ratings.perfect_performance`.

    The target is 100 x score = 50 x halves hundredths, an integer, and the sum f(R)
    never decreases with R. Bounds: with q = ceil(target / n) and d the lowest
    difference with PD(d) >= q, every term at R = max + d is at least q (f reaches
    the target) and every term at R = min + d - 1 is at most q - 1 (f stays below).
    The answer lies in that interval, as wide as the spread of the opponents'
    ratings. The search keeps f(low) < target <= f(high) and probes a point strictly
    inside: first the average rating + d (exact when all ratings are equal), then a
    step of about 8 points per missing hundredth per game, then, once both ends are
    known, linear interpolation (f is nearly linear near the answer). Any inside probe
    keeps the invariant, so the result is exactly the lowest R, in about 3 sums.

    A sum is one C-level gather: PD(R - R_i) = pd[R + reach - R_i] = window[max - R_i]
    with window = pd[R + reach - max:], a slice of the memoryview (no copy), and the
    offsets max - R_i fixed per player in an ``itemgetter``. ``pd``/``reach``:
    :func:`pd_table` of a reach of at least the opponents' rating spread + 737.
    """
    n = len(ratings)
    if not n:
        return None
    need = 50 * halves
    if need <= 0:
        return min(ratings) - 800
    top = max(ratings)
    if need > 100 * n:
        return top + 800
    d = _LOWEST_DIFF[-(-need // n)]
    low, high = min(ratings) + d - 1, top + d
    if high - low <= 1:  # one game, or all opponents alike: nothing to search
        return high
    f_low = f_high = -1  # not evaluated yet
    probe = (sum(ratings) + n // 2) // n + d
    gather = itemgetter(*[top - r for r in ratings])  # n >= 2 here: it returns a tuple
    shift = reach - top
    while high - low > 1:
        if not low < probe < high:
            probe = (low + high) // 2
        f = sum(gather(pd[probe + shift:]))
        if f >= need:
            high, f_high = probe, f
        else:
            low, f_low = probe, f
        if f_low >= 0 and f_high >= 0:
            step = ((need - f_low) * (high - low) + f_high - f_low - 1) // (f_high - f_low)
            probe = min(high - 1, low + step)
        elif f < need:
            probe += (need - f) * 8 // n + 1
        else:
            probe -= (f - need) * 8 // n + 1
    return high


def field_performance(ctx: Context, unrated_rating: int | None, measure: str) -> list[int | None]:
    """Uncut TPR (``measure="tpr"``) or PTP (``"ptp"``) of every player, once per run
    and unrated rating: APRO and APPO average them, TPR and PTP report them."""
    return ctx.memo(("rated." + measure, unrated_rating),
                    lambda: _field(ctx, unrated_rating, measure))


def _field(ctx: Context, unrated_rating: int | None, measure: str) -> list[int | None]:
    games = rated_games(ctx, unrated_rating)
    if games is None:
        return [None] * ctx.n
    if measure == "tpr":
        return [performance_halves(r, h) for r, h in zip(games.ratings, games.halves, strict=True)]
    reach = max(games.rating) - min(games.rating) + MAX_TABLE_DIFF + 2 if games.rating else 0
    pd = pd_table(reach)
    return [perfect_performance_halves(r, h, pd, reach)
            for r, h in zip(games.ratings, games.halves, strict=True)]
