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
* PTP looks at several consecutive ratings per C-level gather (a PD table packed
  several differences to a word, see :class:`PackedPD` and :func:`ptp_search`), starting
  at the TPR: most players need one gather, nearly all two.

Every function returns exactly what the pure functions of :mod:`.ratings` return
for the same games (the golden test holds them to it).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import compress, groupby, repeat
from operator import add, countOf, itemgetter, mul, not_
from typing import cast

from ..model.results import Kind
from .context import Context
from .tables import DP_BY_PERCENT, MAX_TABLE_DIFF, PD_HIGH

__all__ = ["PackedPD", "RatedGames", "field_performance", "packed_pd",
           "perfect_performance_halves", "performance_halves", "ptp_reach", "ptp_search",
           "rated_games",
           "rating_sums", "ratings_of"]

#: A game's rating score in half points, by kind (only over-the-board kinds occur).
HALVES = {Kind.WIN: 2, Kind.DRAW: 1, Kind.LOSS: 0}


class RatedGames:
    """Per player, in round order: the OTB opponents, their ratings, and the rating
    score in half points. ``rating`` is every player's tie-break rating.

    Like :class:`PackedPD`, a plain slotted record (read-only by convention), not a
    frozen dataclass: defining one costs a quarter of a millisecond on the first
    lookup of every process, for a record that is never compared or hashed.
    """

    __slots__ = ("rating", "opponents", "ratings", "halves")

    def __init__(self, rating: list[int], opponents: list[Sequence[int]],
                 ratings: list[Sequence[int]], halves: list[int]) -> None:
        self.rating, self.opponents, self.ratings, self.halves = rating, opponents, ratings, halves


#: Ratings the rating tie-breaks accept: a TRF rating field has four digits.
MAX_SCALE = 9999


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
    beyond = next((i for i, r in enumerate(rating) if not 0 <= r <= MAX_SCALE), None)
    if beyond is not None:
        # The PTP and APPO tables span the field's rating range: a JSON input's rating of
        # fifty million would make them gigabytes wide.
        ctx.note("T502", f"rating tie-breaks are undefined: {ctx.player_label(beyond)} has the "
                         f"rating {rating[beyond]}, outside any rating scale (0 to "
                         f"{MAX_SCALE})", beyond)
        return None
    _note_short_games(ctx)
    # Every row at once, as for a regular player (every round a game over the board):
    # the opponents as they are, their ratings by one gather, the half points by two
    # counts; then the other players' rows are redone with only their games.
    rating_of = rating.__getitem__
    opponents: list[Sequence[int]] = list(ctx.opp)
    ratings: list[Sequence[int]] = [gather(rating) if gather else list(map(rating_of, o_row))
                                    for o_row, gather in zip(ctx.opp, ctx.gather, strict=True)]
    scoring = ctx.scoring
    if (scoring.win, scoring.draw, scoring.loss) == (1.0, 0.5, 0.0):
        # 1/½/0: a regular player's points are the rating score (exact halves)
        halves = list(map(int, map(mul, ctx.score, repeat(2.0))))
    else:
        halves = list(map(add, map(mul, map(countOf, ctx.kind, repeat(Kind.WIN)), repeat(2)),
                          map(countOf, ctx.kind, repeat(Kind.DRAW))))
    half_points = HALVES.__getitem__
    for i in ctx.rescored:  # 299 bonus or re-valued points: the games' results count
        if ctx.regular[i]:  # (the others are redone below)
            halves[i] = sum(map(half_points, ctx.kind[i]))
    for i in compress(range(ctx.n), map(not_, ctx.regular)):
        played = ctx.otb[i]
        opponents[i] = opps = list(compress(ctx.opp[i], played))
        ratings[i] = list(map(rating_of, opps))
        halves[i] = sum(map(half_points, compress(ctx.kind[i], played)))
    return RatedGames(rating, opponents, ratings, halves)


def rating_sums(ctx: Context, unrated_rating: int | None) -> tuple[list[int], list[int]] | None:
    """Per player, the sum of the OTB opponents' ratings and their number (ARO, its
    cut forms and TPR start from them; memoised like :func:`rated_games`)."""

    def build() -> tuple[list[int], list[int]] | None:
        games = rated_games(ctx, unrated_rating)
        if games is None:
            return None
        return list(map(sum, games.ratings)), list(map(len, games.ratings))

    return ctx.memo(("rated.sums", unrated_rating), build)


def _note_short_games(ctx: Context) -> None:
    """§C.4: games of less than one move (W D L) count as played, as the FIDE checker
    has it; C.07 does not say, so the assumption is reported (player by player, round
    by round). Most files have none: one C-level scan of all result codes says so."""
    short = _SHORT
    if not ctx.any_result(short):
        return  # none in any round scored
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
    from ..model.results import RESULT_CODES

    return frozenset(c for c, rc in RESULT_CODES.items() if rc.played and not rc.rated)


_SHORT = _short_codes()


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


class PackedPD:
    """Table 8.1.2 packed for PTP: entry ``d + reach`` holds PD(d), PD(d - 1), ...,
    PD(d - lanes + 1) (hundredths) in ``lanes`` fields of ``bits`` bits, lowest first.

    Summing the entries of a player's opponents at R gives f(R), f(R - 1), ... in
    the same fields at once (a field never overflows: ``bits`` leaves room for 100
    per game and one spare bit), so one C-level gather answers for ``lanes``
    consecutive ratings. Unsigned 64-bit words (packed by :mod:`struct`, which is
    loaded anyway) behind a memoryview: a window is a slice without a copy.
    """

    __slots__ = ("table", "reach", "bits", "lanes", "ones", "highs")

    def __init__(self, table: memoryview, reach: int, bits: int, lanes: int, ones: int,
                 highs: int) -> None:
        self.table, self.reach, self.bits, self.lanes = table, reach, bits, lanes
        self.ones = ones  # 1 in every field
        self.highs = highs  # the spare (top) bit of every field


@lru_cache(maxsize=8)
def packed_pd(reach: int, games: int) -> PackedPD:
    """The packed table for differences -reach..reach and players of at most ``games``
    games. Built over the 1,473 differences where PD changes, one run of equal PD at
    a time: inside a run, once its ``lanes`` latest differences are all in it, every
    entry is the same word, repeated in C, so only the first ``lanes - 1`` entries of
    each of the hundred runs are shifted in one by one (a fifth of the time of a
    loop over every difference, and the table is built on the first PTP of every
    process); the two constant tails (0 and 100 in every field) are repeated too."""
    bits = (100 * max(games, 1)).bit_length() + 1
    lanes = max(1, 64 // bits)
    full = (1 << (bits * lanes)) - 1
    ones = sum(1 << (bits * j) for j in range(lanes))
    top = MAX_TABLE_DIFF + 1  # PD is 0 at or below -top and 100 at or above top
    pd = [100 - PD_HIGH[k] for k in range(top, 0, -1)] + list(PD_HIGH)  # d = -top..top
    last = min(reach, top + lanes - 1)  # every field reads 100 from here on
    values = pd[: last + top + 1] + [pd[-1]] * (last - top)  # PD(d), d = -top..last
    core: list[int] = []
    word = 0
    for value, run in groupby(values):
        length = len(list(run))
        for _ in range(min(length, lanes - 1)):
            word = ((word << bits) | value) & full
            core.append(word)
        if length >= lanes:  # the rest of the run: every field holds this PD
            word = value * ones
            core.extend([word] * (length - lanes + 1))
    words = [0] * (reach - top) + core + [100 * ones] * (reach - last)
    table = memoryview(struct.pack(f"{len(words)}Q", *words)).cast("Q")
    return PackedPD(table, reach, bits, lanes, ones, ones << (bits - 1))


def _lowest_difference() -> tuple[int, ...]:
    """For q = 0..100: the lowest difference d with PD(d) >= q hundredths."""
    top = MAX_TABLE_DIFF + 1
    pd = [100 - PD_HIGH[k] for k in range(top, 0, -1)] + list(PD_HIGH)  # d = -top..top
    out = []
    at = 0
    for q in range(101):
        while pd[at] < q:
            at += 1
        out.append(at - top)
    return tuple(out)


_LOWEST_DIFF = _lowest_difference()


def perfect_performance_halves(ratings: Sequence[int], halves: int,
                               pd: PackedPD | None = None) -> int | None:
    """PTP (C.07 10.3) of one player: the lowest integer R with Σ PD(R - R_i) >= score,
    for a score in half points; the same value as :func:`.ratings.perfect_performance`.
    ``pd``: :func:`packed_pd` of a reach of at least :func:`ptp_reach` and at least
    ``len(ratings)`` games (built when omitted)."""
    if not ratings:
        return None
    top, bottom = max(ratings), min(ratings)
    if pd is None:
        pd = packed_pd(ptp_reach(top, bottom), len(ratings))
    search = ptp_search(pd, top, bottom)
    return search(ratings, halves, performance_halves(ratings, halves) or 0)


def ptp_reach(top: int, bottom: int) -> int:
    """The reach of the packed table :func:`ptp_search` needs for opponents rated
    ``bottom``..``top``: the spread + 737, and at least ``top`` + 737 (the search reads
    the table backwards from ``reach - R``, which must not be negative)."""
    return max(top - bottom, top) + MAX_TABLE_DIFF + 2


PtpSearch = Callable[[Sequence[int], int, int], int]


def ptp_search(pd: PackedPD, top: int, bottom: int) -> PtpSearch:
    """The PTP search for players whose opponents are rated ``bottom``..``top``:
    ``search(ratings, halves, tpr)`` (``tpr``: the player's TPR, where the search
    starts; any integer gives the same answer).

    The answer lies in (low, high] with low = bottom - 737 and high = top + 736:
    PD is 0 at 736 or more below an opponent and 100 at 736 or more above.
    The entry of opponent i at R is ``pd.table[reach + R - R_i]``; read through the
    reversed table it is ``back[reach - R + R_i]``: one slice at ``reach - R`` and one
    ``itemgetter`` of the opponents' ratings themselves (the rows the run already
    has, no per-player offsets). ``pd`` must reach :func:`ptp_reach` (the slice
    start stays at 0 or above, and every entry read is in the table).

    The target is 100 x score = 50 x halves hundredths, an integer, and f(R) =
    Σ PD(R - R_i) never decreases with R. A window of ``lanes`` ratings ending at
    ``g`` is one gather: adding (half - target) to every field sets a field's spare
    bit exactly when f >= target there, so the count of set spare bits says where
    the target is crossed: inside the window (the answer), above or below it. The
    first window sits on the TPR (ARO + dp(p)), which is within a few points of the
    PTP for most players; after a miss the adjacent window, then windows placed by
    the slope seen in the last one, then halving (low, high], which every miss
    narrows.
    Constants of the run are bound once here, and the first window, which settles
    most players, is tried before anything else (the search runs per player).
    """
    if pd.reach < ptp_reach(top, bottom):
        raise ValueError(f"PTP table reaches {pd.reach}, {ptp_reach(top, bottom)} needed")
    lanes, bits, highs, ones, reach = pd.lanes, pd.bits, pd.highs, pd.ones, pd.reach
    back = pd.table[::-1]  # a view: back[k] = table[2 reach - k]
    half, mask = 1 << (bits - 1), (1 << bits) - 1
    lowest, highest, below, centre = bottom - MAX_TABLE_DIFF - 2, top + MAX_TABLE_DIFF + 1, \
        bits * (lanes - 1), lanes // 2

    def search(ratings: Sequence[int], halves: int, tpr: int) -> int:
        n = len(ratings)
        need = 50 * halves
        if need <= 0 or need >= 100 * n or n == 1:
            return _edge(ratings, need)
        gather = itemgetter(*ratings)
        goal = (half - need) * ones
        g = tpr + centre
        if g > highest:
            g = highest
        elif g <= lowest:
            g = lowest + 1
        s: int = sum(gather(back[reach - g:]))
        at_least = ((s + goal) & highs).bit_count()  # how many of g, g - 1, ... reach it
        if 0 < at_least < lanes:
            return g - at_least + 1
        # A miss is mostly by a few points: the next window is the adjacent one, then
        # windows aimed by the slope of f over the last one, then halving.
        if at_least == 0:
            low, high, g = g, highest, g + lanes
        else:
            low, high, g = lowest, g - lanes + 1, g - lanes
        misses = 1
        while high - low > 1:
            if misses >= 4:
                g = (low + high + lanes) // 2
            elif misses >= 2:
                f_top, f_bottom = s & mask, s >> below
                rise = f_top - f_bottom
                if at_least == 0:
                    miss = need - f_top
                    g += (-(-miss * (lanes - 1) // rise) if rise > 0 else miss * 8 // n + 1) \
                        + centre
                else:
                    over = f_bottom - need
                    g -= (over * (lanes - 1) // rise + 1 if rise > 0 else over * 8 // n + 1) \
                        + lanes - 1 - centre
            if g > high:
                g = high
            elif g <= low:
                g = low + 1
            s = sum(gather(back[reach - g:]))
            at_least = ((s + goal) & highs).bit_count()
            if at_least == 0:
                low = g
            elif at_least == lanes:
                high = g - lanes + 1
            else:
                return g - at_least + 1
            misses += 1
        return high

    return search


def _edge(ratings: Sequence[int], need: int) -> int:
    """PTP without a search: a zero score (lowest rating - 800), a perfect or impossible
    one, or a single game (the lowest difference reaching the score)."""
    n = len(ratings)
    if need <= 0:
        return min(ratings) - 800
    if need >= 100 * n:  # a perfect score needs PD 100 against everyone: 736 above
        return max(ratings) + (800 if need > 100 * n else MAX_TABLE_DIFF + 1)
    return ratings[0] + _LOWEST_DIFF[need]


def field_performance(ctx: Context, unrated_rating: int | None, measure: str) -> list[int | None]:
    """Uncut TPR (``measure="tpr"``) or PTP (``"ptp"``) of every player, once per run
    and unrated rating: APRO and APPO average them, TPR and PTP report them."""
    return ctx.memo(("rated." + measure, unrated_rating),
                    lambda: _field(ctx, unrated_rating, measure))


def _field(ctx: Context, unrated_rating: int | None, measure: str) -> list[int | None]:
    games = rated_games(ctx, unrated_rating)
    if games is None:
        return [None] * ctx.n
    if measure == "tpr":  # performance_halves() column-wise, from the shared sums
        sums, counts = rating_sums(ctx, unrated_rating) or ([], [])
        dp = DP_BY_PERCENT
        return [(2 * total + n) // (2 * n) + dp[(200 * h + 2 * n) // (4 * n)] if n else None
                for total, n, h in zip(sums, counts, games.halves, strict=True)]
    if not games.rating:
        return []
    # One table and one search for the whole field, reading each player's opponents'
    # ratings as they are (no per-player min/max or offsets); the search starts at
    # the TPR (computed once per run, TPR and APRO share it).
    top, bottom = max(games.rating), min(games.rating)
    pd = packed_pd(ptp_reach(top, bottom), max(map(len, games.ratings)))
    search = ptp_search(pd, top, bottom)
    tprs = cast("list[int]", field_performance(ctx, unrated_rating, "tpr"))  # set when rated
    return [search(rated, halves, tpr) if rated else None
            for rated, halves, tpr in zip(games.ratings, games.halves, tprs, strict=True)]
