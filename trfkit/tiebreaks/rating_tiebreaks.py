"""Rating-based tie-breaks: ARO, TPR, PTP, APRO, APPO, RTNG (C.07 Art. 10), the
Article 32.4 variants (32.4.1 average over rounds, 32.4.3 the "more than two games"
rule, 32.4.3.1 the 400-point rule) and their explanations for ``trfkit explain``.
Definitions: TIEBREAKS.md §A.5, §B.3, §D.

The games counted are :mod:`.rated_games`' (over the board only, rating scores,
unrated players), the arithmetic is :mod:`.ratings`'. A value with nothing to
average (no OTB game, or a cut that removes every game) is undefined (``None``), as
TEC exercise 18 and the FIDE checker have it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..tiebreak_codes import TieBreakCode
from .context import Context, Value
from .rated_games import (
    RATING_SCORE_TEXT,
    Measure,
    OtbRecord,
    field_performance,
    otb_records,
    rated_games,
    rating_of,
    ratings_of,
    unrated_for,
)
from .ratings import (
    average_of,
    average_rating,
    capped_ratings,
    divide_half_up,
    dp,
    expected_total,
    percentage,
    perfect_performance,
    performance,
)
from .registry import UnknownTieBreak, register

if TYPE_CHECKING:  # only named in annotations here
    from ..model import Player

__all__ = [
    "ELECTED_ABSENCE_CODES",
    "apply_elected_rule",
    "appo",
    "apro",
    "aro",
    "elected_absences",
    "explain_lines",
    "opponent_cuts",
    "ptp",
    "rtng",
    "tpr",
]

#: Art. 32.4.3 "chose not to play": requested byes, absences, forfeit losses, and
#: empty blocks (the rounds after a withdrawal). TIEBREAKS.md §A.5 default.
ELECTED_ABSENCE_CODES: frozenset[str] = frozenset({"H", "Z", " ", "", "-"})

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


@register(
    "ARO", modifiers="CM", title="Average rating of opponents", article="C.07 10.1; Art. 32.4.1-2"
)
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
    if not (low or high) and divisor is None:
        return [
            divide_half_up(total, n) if n else None
            for total, n in zip(map(sum, games.ratings), map(len, games.ratings), strict=True)
        ]
    out: list[Value] = []
    for rated in games.ratings:
        cut_low, cut_high = opponent_cuts(ctx, low, high, len(rated))
        kept = sorted(rated)[cut_low : len(rated) - cut_high]
        out.append(average_rating(kept, 0, divisor) if kept else None)
    return out


@register(
    "TPR", modifiers="CMN", title="Tournament performance rating", article="C.07 10.2; Art. 32.4.3"
)
def tpr(ctx: Context, code: TieBreakCode) -> list[Value]:
    """ARO + dp(p). ``TPR/400`` (Art. 32.4.3.1): opponents' ratings limited to within
    400 points of the player's own rating first. Under ru-2013 a player who chose
    not to play more than two games is placed below every player who completed."""
    if code.number is not None and code.number != 400:
        raise UnknownTieBreak(f"{code}: only TPR/400 is defined (Art. 32.4.3.1)")
    if code.number == 400:
        own = ratings_of(ctx, unrated_for(ctx, code))

        def scorer(i: int, r: OtbRecord) -> int | None:
            return performance(capped_ratings(own[i], r.ratings), r.score) if own else None
    elif not code.cut and not code.median:
        return _elected_rule(ctx, _plain(ctx, code, "tpr"))
    else:

        def scorer(i: int, r: OtbRecord) -> int | None:
            return performance(r.ratings, r.score)

    return _elected_rule(ctx, _each(ctx, code, scorer))


def _plain(ctx: Context, code: TieBreakCode, measure: Measure) -> list[Value]:
    """Uncut TPR or PTP of every player, computed once per run and unrated rating
    (PTP, APRO and APPO share them; ru-2013's 32.4.3 shift is not applied here)."""
    return list(field_performance(ctx, unrated_for(ctx, code), measure))


@register("PTP", modifiers="CM", title="Perfect tournament performance", article="C.07 10.3")
def ptp(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Lowest rating R whose expected score against the OTB opponents reaches the OTB score."""
    if not code.cut and not code.median:
        return _plain(ctx, code, "ptp")
    return _each(ctx, code, lambda _i, r: perfect_performance(r.ratings, r.score))


def _opponents_average(ctx: Context, code: TieBreakCode, measure: Measure) -> list[Value]:
    """APRO/APPO: the opponents' uncut TPR/PTP averaged over each player's OTB games."""
    games = rated_games(ctx, unrated_for(ctx, code))
    if games is None:
        return [None] * ctx.n
    of = field_performance(ctx, unrated_for(ctx, code), measure).__getitem__
    return [average_of(map(of, met)) for met in games.opponents]


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


def elected_absences(
    player: Player, last_round: int, codes: frozenset[str] = ELECTED_ABSENCE_CODES
) -> int:
    """Rounds 1..last_round in which the player elected not to play (§A.5 default codes)."""
    return sum(1 for n in range(1, last_round + 1) if player.round(n).result in codes)


def apply_elected_rule(
    values: Mapping[int, Value], absences: Mapping[int, int], limit: int = 2
) -> dict[int, Value]:
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
    return {
        s: (v - shift if v is not None and absences.get(s, 0) > limit else v)
        for s, v in values.items()
    }


# ---------------------------------------------------------------- explain


def explain_lines(ctx: Context, i: int, code: TieBreakCode) -> list[str]:
    """What a rating tie-break of player ``i`` is made of, for ``trfkit explain``:
    every round (a rated game, or why it is ignored), what the cut removed, and the
    arithmetic (average, p and dp, or the PTP check at R and R - 1)."""
    unrated = unrated_for(ctx, code)
    records = otb_records(ctx, unrated)
    if records is None:
        return ["undefined: the field has unrated players and no rating is given for them"]
    rating = ratings_of(ctx, unrated) or []
    lines = []
    for r in range(ctx.rounds):
        o = ctx.opp[i][r]
        if ctx.otb[i][r]:
            lines.append(
                f"round {r + 1}: {ctx.player_label(o)}, rating {rating[o]}, "
                f"scored {RATING_SCORE_TEXT[ctx.kind[i][r]]}"
            )
        else:
            lines.append(
                f"round {r + 1}: {ctx.kind[i][r].value}, not a game over the board: ignored"
            )
    full = records[i]
    low, high = code.cut + code.median, code.median
    cut_low, cut_high = opponent_cuts(ctx, low, high, len(full.opponents))
    if (cut_low, cut_high) != (low, high):
        lines.append(
            f"{low - cut_low + high - cut_high} cut(s) taken by unplayed rounds (pre-2023 practice)"
        )
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
            lines.append(
                f"score {kept.score} in {n}: expected {at_best:g} "
                f"at {best}, {below:g} at {best - 1}"
            )
    elif code.name == "ARO" and ctx.edition.aro_divisor == "rounds":
        den = ctx.rounds - code.cut - 2 * code.median
        lines.append(
            f"sum of ratings over the rounds (Art. 32.4.1): {total} / {den} = "
            f"{average_rating(kept.ratings, 0, den)}"
        )
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
