"""Rating-based tie-breaks: ARO, TPR, PTP, APRO, APPO, RTNG (C.07 Art. 10) and the
Article 32.4 variants (32.4.1 average over rounds, 32.4.3 the "more than two games"
rule, 32.4.3.1 the 400-point rule). Definitions: TIEBREAKS.md §A.5, §B.3, §D.

Why it is built this way:

- Only games played over the board count (Art. 10 preamble): ``1 = 0`` and the
  TRF codes ``W D L`` for games of less than one move (TieBreakServer counts them,
  §C.4). Forfeits, byes and absences are ignored whatever they scored, and so are
  round-robin forfeits in every edition (C.07 10: "played over the board"; the 2026
  text says it explicitly, and the FIDE checker ignores them under 2024 too).
- The score of a game is its *rating* score (1, ½, 0), never the tournament's
  scoring system: a 3/1/0 event still has p = 2/3 for two wins and a loss.
- Everything is exact: ratings are integers, scores :class:`~fractions.Fraction`,
  expected scores integer hundredths (:mod:`.tables`). Averages are rounded half up
  (TEC: 3.4 -> 3, 3.5 -> 4); TPR's percentage p is rounded half up too (§D.3).
- Unrated players: C.07 drops rating tie-breaks when unrated players take part,
  unless the rules give them a rating. So, without ``unrated_rating``, one unrated
  player anywhere in the event makes every value undefined (``None``); with it,
  every unrated player counts with that rating.
- A value with nothing to average (no OTB game, or a cut that removes every game)
  is undefined (``None``), as TEC exercise 18 and the FIDE checker have it.

The pure functions (``average_rating``, ``performance``, ``perfect_performance``,
...) take plain numbers; :func:`otb_records` turns a tournament into those
numbers once, so a whole field costs O(players × rounds) plus, for PTP, a binary
search of O(games × log 3000) per player.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, cast

from ..model.results import Kind
from .codes import TieBreakCode
from .context import Context, Value
from .rated import field_performance, rated_games, rating_sums, ratings_of
from .registry import UnknownTieBreak, register
from .tables import MAX_TABLE_DIFF, PD_HIGH, dp

if TYPE_CHECKING:  # only named in annotations here
    from fractions import Fraction

    from ..model import Player

__all__ = [
    "ELECTED_ABSENCE_CODES",
    "OtbRecord",
    "apply_elected_rule",
    "appo",
    "apro",
    "aro",
    "average_of",
    "average_rating",
    "capped_ratings",
    "elected_absences",
    "expected_total",
    "explain_lines",
    "otb_records",
    "percentage",
    "perfect_performance",
    "performance",
    "ptp",
    "rating_of",
    "ratings",
    "round_half_up",
    "rtng",
    "tpr",
    "unrated_for",
]



@cache
def _rating_scores() -> Mapping[Kind, Fraction]:
    """Rating score of an over-the-board result (the tournament's scoring system is
    irrelevant). Built on first use: the uncut rating tie-breaks work in integers
    (:mod:`.rated`), so a run that needs no Fraction does not import :mod:`fractions`."""
    from fractions import Fraction

    return {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.LOSS: Fraction(0)}

#: Art. 32.4.3 "chose not to play": requested byes, absences, forfeit losses, and
#: empty blocks (the rounds after a withdrawal). TIEBREAKS.md §A.5 default.
ELECTED_ABSENCE_CODES: frozenset[str] = frozenset({"H", "Z", " ", "", "-"})


def round_half_up(value: Fraction | int) -> int:
    """Nearest integer, .5 up (C.07 10.1: 1887.5 -> 1888).

    floor(a/b + 1/2) = (2a + b) // 2b in integers: exact, and no Fraction arithmetic
    on the hot path (a field of 2000 players rounds tens of thousands of values).
    """
    num, den = value.numerator, value.denominator
    return (2 * num + den) // (2 * den)


# ---------------------------------------------------------------- pure functions


def average_rating(ratings: Sequence[int], cut: int = 0, divisor: int | None = None) -> int | None:
    """ARO: the average of ``ratings`` after dropping the ``cut`` lowest (32.4.2, Cut-n).

    ``divisor`` replaces the number of games kept (Art. 32.4.1 divides by the number
    of rounds); it is reduced by ``cut`` like the games are. ``None`` when no game
    is left to average or the divisor is not positive.
    """
    kept = sorted(ratings)[cut:] if cut > 0 else list(ratings)
    if not kept:
        return None
    den = len(kept) if divisor is None else divisor - cut
    if den <= 0:
        return None
    return (2 * sum(kept) + den) // (2 * den)  # round_half_up(sum / den), in integers


def percentage(score: Fraction, games: int) -> int:
    """p = score / games in whole per cent, rounded half up (TieBreakServer; §D.3)."""
    num, den = score.numerator, score.denominator  # 100 num / (den games), .5 up
    return (200 * num + den * games) // (2 * den * games)


def performance(ratings: Sequence[int], score: Fraction) -> int | None:
    """TPR (C.07 10.2): ARO + dp(p); p = 1 gives +800 and p = 0 gives -800."""
    aro = average_rating(ratings)
    if aro is None:
        return None
    return aro + dp(percentage(score, len(ratings)))


def capped_ratings(own: int, ratings: Iterable[int], cap: int = 400) -> list[int]:
    """Art. 32.4.3.1, reading (a): each opponent counts as at most ``cap`` points
    away from the player's own rating (the B.02 8.3.1 rule, applied per opponent)."""
    return [min(max(r, own - cap), own + cap) for r in ratings]


def expected_total(rating: int, ratings: Sequence[int]) -> int:
    """Σ PD(rating - R_i) in hundredths, table 8.1.2 without a cap.

    :func:`~.tables.expected_hundredths` inlined: PTP's binary search calls this
    a dozen times per player.
    """
    top = MAX_TABLE_DIFF + 1
    total = 0
    for r in ratings:
        diff = rating - r
        if diff >= 0:
            total += PD_HIGH[diff if diff < top else top]  # noqa: FURB136 - no call, hot
        else:
            total += 100 - PD_HIGH[-diff if -diff < top else top]  # noqa: FURB136
    return total


def perfect_performance(ratings: Sequence[int], score: Fraction) -> int | None:
    """PTP (C.07 10.3): the lowest integer R with Σ PD(R - R_i) >= score.

    A zero score gives the lowest opponent rating - 800; a score above the number
    of games (impossible input) gives the highest + 800. Otherwise a binary search:
    Σ PD is non-decreasing in R, is 0 below ``min - 735`` and n at ``max + 736``,
    so the answer lies in that range and takes about log2(1500 + spread) steps.
    """
    if not ratings:
        return None
    from fractions import Fraction

    target = Fraction(score) * 100
    if target <= 0:
        return min(ratings) - 800
    if target > 100 * len(ratings):
        return max(ratings) + 800
    need = math.ceil(target)  # an integer total reaches the target iff it reaches its ceiling
    low = min(ratings) - MAX_TABLE_DIFF - 1  # every PD is 0 here: total < target
    high = max(ratings) + MAX_TABLE_DIFF + 1  # every PD is 100 here: total >= target
    while high - low > 1:
        mid = (low + high) // 2
        if expected_total(mid, ratings) >= need:
            high = mid
        else:
            low = mid
    return high


def average_of(values: Iterable[float | None]) -> int | None:
    """APRO/APPO: the average of the defined values (integers), rounded half up."""
    defined = [v for v in values if v is not None]
    if not defined:
        return None
    total, n = sum(defined), len(defined)
    if isinstance(total, int):
        return (2 * total + n) // (2 * n)  # round_half_up(total / n), in integers
    from fractions import Fraction

    return round_half_up(Fraction(total) / n)


# ---------------------------------------------------------------- from a tournament


class OtbRecord:
    """A player's over-the-board games, sorted by the opponent's rating (lowest
    first, so cuts are slices): opponents (player indices), their ratings, and the
    player's rating score in each game.

    A plain slotted record (read-only by convention), not a frozen dataclass: only
    the cut rating forms and ``explain`` build it, and defining a dataclass would cost
    every process a quarter of a millisecond on its first lookup.
    """

    __slots__ = ("opponents", "ratings", "scores")

    def __init__(self, opponents: tuple[int, ...], ratings: tuple[int, ...],
                 scores: tuple[Fraction, ...]) -> None:
        self.opponents, self.ratings, self.scores = opponents, ratings, scores

    @property
    def score(self) -> Fraction:
        """The rating score. Game scores are 1, 1/2 or 0, so the sum is counted in
        half points (one Fraction built, instead of one Fraction addition per game)."""
        from fractions import Fraction

        return Fraction(sum(s.numerator * (2 // s.denominator) for s in self.scores), 2)

    def cut(self, low: int = 0, high: int = 0) -> OtbRecord:
        """Without the ``low`` lowest-rated and ``high`` highest-rated opponents
        (Cut-n / Median-n: the least significant ARO value is the lowest rating)."""
        end = len(self.opponents) - high
        if low <= 0 and high <= 0:
            return self
        return OtbRecord(self.opponents[low:end], self.ratings[low:end], self.scores[low:end])


def rating_of(rating: int | None, unrated_rating: int | None) -> int | None:
    """The rating used for tie-breaks: the file's, else the rules' rating for unrated
    players. A rating of 0 is how some files write "unrated"."""
    if rating is not None and rating > 0:
        return rating
    return unrated_rating


def unrated_for(ctx: Context, code: TieBreakCode) -> int | None:
    """The rating of unrated players: ``/U<R>`` on the code, else ``--unrated-rating``."""
    return code.unrated if code.unrated is not None else ctx.unrated_rating


def ratings(ctx: Context, unrated_rating: int | None) -> list[int] | None:
    """Every player's tie-break rating; ``None`` when one is unrated and no rating is
    given for unrated players (C.07 10: the rating tie-breaks are then dropped)."""
    return ratings_of(ctx, unrated_rating)


def otb_records(ctx: Context, unrated_rating: int | None) -> list[OtbRecord] | None:
    """Each player's OTB games over the rounds scored (memoised per unrated rating);
    ``None`` when the field has an unrated player without a rule for it."""

    def build() -> list[OtbRecord] | None:
        games = rated_games(ctx, unrated_rating)  # makes the run's notes, once
        if games is None:
            return None
        rating = games.rating
        score_of = _rating_scores()
        records = []
        for i in range(ctx.n):
            row = zip(ctx.opp[i], ctx.kind[i], ctx.otb[i], strict=True)
            played = sorted((rating[o], o, score_of[k]) for o, k, otb in row if otb)
            records.append(OtbRecord(tuple(g[1] for g in played), tuple(g[0] for g in played),
                                     tuple(g[2] for g in played)))
        return records

    return ctx.memo(("ratings.otb", unrated_rating), build)


Scorer = Callable[[int, OtbRecord], "int | None"]


def opponent_cuts(ctx: Context, low: int, high: int, games: int) -> tuple[int, int]:
    """The (low, high) cuts a player with ``games`` rated games over the board takes
    from the opponents: all of them, except under an edition whose unplayed rounds use
    up the cuts first (fide-2009, ``Edition.rating_cut_unplayed_first``): each of the
    ``rounds - games`` unplayed rounds then takes one low cut, then one high cut."""
    if not ctx.edition.rating_cut_unplayed_first or not (low or high):
        return low, high
    unplayed = max(0, ctx.rounds - games)
    taken = min(unplayed, low)
    return low - taken, high - min(unplayed - taken, high)


def _each(ctx: Context, code: TieBreakCode, scorer: Scorer) -> list[Value]:
    """``scorer(i, record)`` for every player, the record cut as ``code`` asks."""
    records = otb_records(ctx, unrated_for(ctx, code))
    if records is None:
        return [None] * ctx.n
    low, high = code.cut + code.median, code.median
    out: list[Value] = []
    for i, record in enumerate(records):
        kept = record.cut(*opponent_cuts(ctx, low, high, len(record.opponents)))
        out.append(scorer(i, kept) if kept.opponents else None)
    return out


def _elected_rule(ctx: Context, values: list[Value]) -> list[Value]:
    """Art. 32.4.3 when the edition has it (ru-2013), else the values unchanged."""
    if not ctx.edition.tpr_elected_rule:
        return values
    absences = {i: elected_absences(p, ctx.rounds) for i, p in enumerate(ctx.players)}
    shifted = apply_elected_rule(dict(enumerate(values)), absences)
    return [shifted[i] for i in range(ctx.n)]


@register("ARO", modifiers="CM", title="Average rating of opponents",
          article="C.07 10.1; Art. 32.4.1-2")
def aro(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Average rating of the OTB opponents, .5 up; ``/Cn`` drops the n lowest-rated.

    Under an edition with ``aro_divisor == "rounds"`` (Art. 32.4.1, ru-2013) the sum
    is divided by the number of rounds scored, less the opponents cut (§A.5).
    """
    dropped = code.cut + 2 * code.median
    divisor = ctx.rounds - dropped if ctx.edition.aro_divisor == "rounds" else None
    games = rated_games(ctx, unrated_for(ctx, code))
    if games is None:
        return [None] * ctx.n
    low, high = code.cut + code.median, code.median
    per_player = ctx.edition.rating_cut_unplayed_first and (low > 0 or high > 0)
    if divisor is None and high <= 0 and low <= 1 and not per_player:
        # The average .5 up in integers, as average_rating() computes it; ratings are
        # integers, so dropping the lowest (Cut-1) is "sum less min", no sort.
        sums, counts = cast("tuple[list[int], list[int]]",
                            rating_sums(ctx, unrated_for(ctx, code)))
        if low <= 0:
            return [(2 * total + n) // (2 * n) if n else None
                    for total, n in zip(sums, counts, strict=True)]
        rows = games.ratings
        lowest = map(min, rows) if 0 not in counts else (min(r) if r else 0 for r in rows)
        return [(2 * (total - least) + n - 1) // (2 * (n - 1)) if n > 1 else None
                for total, least, n in zip(sums, lowest, counts, strict=True)]
    out: list[Value] = []
    for rated in games.ratings:  # only the ratings matter: no sorted record needed
        cut_low, cut_high = opponent_cuts(ctx, low, high, len(rated)) if per_player else (low,
                                                                                       high)
        if cut_low > 0 or cut_high > 0:
            rated = sorted(rated)
            rated = rated[cut_low:len(rated) - cut_high]
        out.append(average_rating(rated, 0, divisor) if rated else None)
    return out


@register("TPR", modifiers="CMN", title="Tournament performance rating",
          article="C.07 10.2; Art. 32.4.3")
def tpr(ctx: Context, code: TieBreakCode) -> list[Value]:
    """ARO + dp(p). ``TPR/400`` (Art. 32.4.3.1): opponents' ratings limited to within
    400 points of the player's own rating first. Under ru-2013 a player who chose
    not to play more than two games is placed below every player who completed."""
    if code.number is not None and code.number != 400:
        raise UnknownTieBreak(f"{code}: only TPR/400 is defined (Art. 32.4.3.1)")
    if code.number == 400:
        own = ratings(ctx, unrated_for(ctx, code))

        def scorer(i: int, r: OtbRecord) -> int | None:
            return performance(capped_ratings(own[i], r.ratings), r.score) if own else None
    elif not code.cut and not code.median:
        return _elected_rule(ctx, list(_plain(ctx, code, "tpr")))
    else:
        def scorer(i: int, r: OtbRecord) -> int | None:
            return performance(r.ratings, r.score)
    return _elected_rule(ctx, _each(ctx, code, scorer))


def _plain(ctx: Context, code: TieBreakCode, measure: str) -> list[Value]:
    """Uncut TPR or PTP of every player, computed once per run and unrated rating
    (PTP, APRO and APPO share them; ru-2013's 32.4.3 shift is not applied here)."""
    return field_performance(ctx, unrated_for(ctx, code), measure)  # type: ignore[return-value]


@register("PTP", modifiers="CM", title="Perfect tournament performance", article="C.07 10.3")
def ptp(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Lowest rating R whose expected score against the OTB opponents reaches the OTB score."""
    if not code.cut and not code.median:
        return list(_plain(ctx, code, "ptp"))
    return _each(ctx, code, lambda _i, r: perfect_performance(r.ratings, r.score))


def _opponents_average(ctx: Context, code: TieBreakCode, measure: str) -> list[Value]:
    """APRO/APPO: the opponents' uncut TPR/PTP averaged over each player's OTB games."""
    values = _plain(ctx, code, measure)
    games = rated_games(ctx, unrated_for(ctx, code))
    if games is None:
        return [None] * ctx.n
    of = values.__getitem__
    met = [gather(values) if gather else list(map(of, opponents))
           for opponents, gather in zip(games.opponents, ctx.gather, strict=True)]
    if None not in values:  # integers throughout: round_half_up(total / n), column-wise
        return [(2 * total + n) // (2 * n) if n else None
                for total, n in zip(map(sum, met), map(len, met), strict=True)]
    return [average_of(row) if row else None for row in met]


@register("APRO", title="Average performance rating of opponents", article="C.07 10.4")
def apro(ctx: Context, code: TieBreakCode) -> list[Value]:
    """The average of the OTB opponents' TPRs, .5 up."""
    return _opponents_average(ctx, code, "tpr")


@register("APPO", title="Average perfect performance of opponents", article="C.07 10.5")
def appo(ctx: Context, code: TieBreakCode) -> list[Value]:
    """The average of the OTB opponents' PTPs, .5 up."""
    return _opponents_average(ctx, code, "ptp")


@register("RTNG", title="Rating", article="C.07 (2026) 10.6")
def rtng(ctx: Context, code: TieBreakCode) -> list[Value]:
    """The player's own rating (the first one, 2026); undefined when unrated and the
    rules give no rating for unrated players."""
    unrated = unrated_for(ctx, code)
    return [rating_of(p.rating, unrated) for p in ctx.players]


# ---------------------------------------------------------------- Art. 32.4.3


def elected_absences(player: Player, last_round: int,
                     codes: frozenset[str] = ELECTED_ABSENCE_CODES) -> int:
    """Rounds 1..last_round in which the player elected not to play (§A.5 default codes)."""
    return sum(1 for n in range(1, last_round + 1) if player.round(n).result in codes)


def apply_elected_rule(values: Mapping[int, Value], absences: Mapping[int, int],
                       limit: int = 2) -> dict[int, Value]:
    """Art. 32.4.3: whoever chose not to play more than ``limit`` games gets a TPR
    below every player who completed the event (no such round at all).

    The penalised players keep their order among themselves: all of them are
    shifted down by one common amount, just enough to pass below the lowest
    completer. Players with 1..limit absences are neither completers nor
    penalised, so they are left as they are. Undefined values stay undefined.
    """
    completed = [v for s, v in values.items() if v is not None and absences.get(s, 0) == 0]
    penalised = [v for s, v in values.items() if v is not None and absences.get(s, 0) > limit]
    if not completed or not penalised:
        return dict(values)
    shift = max(0, max(penalised) - min(completed) + 1)
    return {s: (v - shift if v is not None and absences.get(s, 0) > limit else v)
            for s, v in values.items()}


# ---------------------------------------------------------------- explain


def explain_lines(ctx: Context, i: int, code: TieBreakCode) -> list[str]:
    """What a rating tie-break of player ``i`` is made of, for ``trfkit explain``:
    every round (a rated game, or why it is ignored), what the cut removed, and the
    arithmetic (average, p and dp, or the PTP check at R and R - 1)."""
    unrated = unrated_for(ctx, code)
    records = otb_records(ctx, unrated)
    if records is None:
        return ["undefined: the field has unrated players and no rating is given for them"]
    rating = ratings(ctx, unrated) or []
    lines = []
    for r in range(ctx.rounds):
        o = ctx.opp[i][r]
        if ctx.otb[i][r]:
            lines.append(f"round {r + 1}: {ctx.player_label(o)}, rating {rating[o]}, "
                         f"scored {_rating_scores()[ctx.kind[i][r]]}")
        else:
            lines.append(f"round {r + 1}: {ctx.kind[i][r].value}, "
                         "not a game over the board: ignored")
    full = records[i]
    low, high = code.cut + code.median, code.median
    cut_low, cut_high = opponent_cuts(ctx, low, high, len(full.opponents))
    if (cut_low, cut_high) != (low, high):
        lines.append(f"{low - cut_low + high - cut_high} cut(s) taken by unplayed rounds "
                     "(pre-2023 practice)")
    kept = full.cut(cut_low, cut_high)
    for o, rt in zip(full.opponents, full.ratings, strict=True):
        if o not in kept.opponents:
            lines.append(f"cut: {ctx.player_label(o)} (rating {rt})")
    if not kept.opponents:
        return lines + ["no game left to average: undefined"]
    n, total = len(kept.opponents), sum(kept.ratings)
    if code.name in ("APRO", "APPO"):
        values = _plain(ctx, code, "tpr" if code.name == "APRO" else "ptp")
        for o in full.opponents:
            measure = "TPR" if code.name == "APRO" else "PTP"
            lines.append(f"{ctx.player_label(o)}: {measure} {values[o]}")
    elif code.name == "PTP":
        best = perfect_performance(kept.ratings, kept.score)
        if best is not None and kept.score > 0:
            at_best = expected_total(best, kept.ratings) / 100
            below = expected_total(best - 1, kept.ratings) / 100
            lines.append(f"score {kept.score} in {n}: expected {at_best:g} "
                         f"at {best}, {below:g} at {best - 1}")
    elif code.name == "ARO" and ctx.edition.aro_divisor == "rounds":
        den = ctx.rounds - code.cut - 2 * code.median
        lines.append(f"sum of ratings over the rounds (Art. 32.4.1): {total} / {den} = "
                     f"{average_rating(kept.ratings, 0, den)}")
    else:
        used = list(kept.ratings)
        if code.name == "TPR" and code.number == 400:
            used = capped_ratings(rating[i], used)
            lines.append(f"ratings limited to {rating[i]} +/- 400: {', '.join(map(str, used))}")
        lines.append(f"average rating: {sum(used)} / {n} = {average_rating(used)}")
        if code.name == "TPR":
            p = percentage(kept.score, n)
            lines.append(f"p = {kept.score} / {n} = {p} %, dp = {dp(p)}")
    return lines
