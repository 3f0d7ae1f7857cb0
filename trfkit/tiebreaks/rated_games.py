"""The games the rating tie-breaks count, read from a tie-break :class:`~.context.Context`
once per run: every player's rating, each player's games over the board with the
opponents' ratings and the rating score, and the field's uncut TPR and PTP (which
TPR, PTP, APRO and APPO share). The arithmetic is :mod:`.ratings`'.

- Only games played over the board count (C.07 10 preamble): ``1 = 0`` and the
  TRF codes ``W D L`` for games of less than one move (TieBreakServer counts them,
  §C.4). Forfeits, byes and absences are ignored whatever they scored, and so are
  round-robin forfeits in every edition (C.07 10: "played over the board").
- The score of a game is its *rating* score (1, ½, 0), never the tournament's
  scoring system: a 3/1/0 event still has p = 2/3 for two wins and a loss. It is
  counted in half points (win 2, draw 1, loss 0), an exact integer.
- Unrated players: C.07 drops rating tie-breaks when unrated players take part,
  unless the rules give them a rating. So, without an unrated rating, one unrated
  player anywhere makes every value undefined (``None``, with a T502 note).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import TYPE_CHECKING, Final, Literal

from ..model.results import RESULT_CODES, Kind
from ..tiebreak_codes import TieBreakCode
from .context import Context
from .ratings import (
    MAX_SCALE,
    divide_half_up,
    perfect_performance_hundredths,
    rating_performance,
)

if TYPE_CHECKING:  # a score is a Fraction only where a cut form asks for it
    from fractions import Fraction

__all__ = [
    "HALVES",
    "RATING_SCORE_TEXT",
    "OtbRecord",
    "RatedGames",
    "Measure",
    "field_performance",
    "otb_records",
    "rated_games",
    "rating_of",
    "ratings_of",
    "unrated_for",
]

#: A performance of the field: the rating performance (TPR) or the perfect one (PTP).
Measure = Literal["tpr", "ptp"]

#: A game's rating score in half points, by kind (only over-the-board kinds occur).
HALVES: Final = {Kind.WIN: 2, Kind.DRAW: 1, Kind.LOSS: 0}
#: The same as a fraction of a point, as ``explain`` shows it.
RATING_SCORE_TEXT: Final = {Kind.WIN: "1", Kind.DRAW: "1/2", Kind.LOSS: "0"}

#: §C.4: result codes of games of less than one move (played, not rated by FIDE).
_SHORT: Final = frozenset(c for c, rc in RESULT_CODES.items() if rc.played and not rc.rated)


def rating_of(rating: int | None, unrated_rating: int | None) -> int | None:
    """The rating used for tie-breaks: the file's, else the rules' rating for unrated
    players. A rating of 0 is how some files write "unrated"."""
    if rating is not None and rating > 0:
        return rating
    return unrated_rating


def unrated_for(ctx: Context, code: TieBreakCode) -> int | None:
    """The rating of unrated players: ``/U<R>`` on the code, else ``--unrated-rating``."""
    return code.unrated if code.unrated is not None else ctx.unrated_rating


def ratings_of(ctx: Context, unrated_rating: int | None) -> list[int] | None:
    """Every player's tie-break rating; ``None`` when one is unrated and no rating is
    given for unrated players (C.07 10: the rating tie-breaks are then dropped)."""
    out: list[int] = []
    for p in ctx.players:
        r = rating_of(p.rating, unrated_rating)
        if r is None:
            return None
        out.append(r)
    return out


# a table of one run, read in place: identity is its equality (no generated __eq__, __repr__)
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class RatedGames:
    """Per player, in round order: the OTB opponents (player indices), their ratings,
    and the rating score in half points. ``rating`` is every player's tie-break rating.
    Rows are tuples: immutable, and tuples of numbers are left alone by the cyclic
    garbage collector once it has seen them (lists are traversed at every collection)."""

    rating: list[int]
    opponents: list[tuple[int, ...]]
    ratings: list[tuple[int, ...]]
    halves: list[int]


def rated_games(ctx: Context, unrated_rating: int | None) -> RatedGames | None:
    """The field's OTB games (memoised per unrated rating, with the run's T502 notes
    made once); ``None`` when the field has an unrated player without a rule for it,
    or a rating outside any rating scale."""
    return ctx.memo(("rated.games", unrated_rating), lambda: _build(ctx, unrated_rating))


def _build(ctx: Context, unrated_rating: int | None) -> RatedGames | None:
    """:func:`rated_games` computed; None (and T502 once) when an unrated player has no rating."""
    rating = ratings_of(ctx, unrated_rating)
    if rating is None:
        ctx.note(
            "T502",
            "rating tie-breaks are undefined: the field has unrated players and "
            "no rating for them was given (--unrated-rating or /U<rating>)",
        )
        return None
    beyond = next((i for i, r in enumerate(rating) if not 0 <= r <= MAX_SCALE), None)
    if beyond is not None:  # a JSON input's rating of fifty million is no rating
        ctx.note(
            "T502",
            f"rating tie-breaks are undefined: {ctx.player_label(beyond)} has the "
            f"rating {rating[beyond]}, outside any rating scale (0 to "
            f"{MAX_SCALE})",
            beyond,
        )
        return None
    _note_short_games(ctx)
    # a regular player's rounds are all games over the board: the opponents' row is
    # the context's own (shared, read-only), and every round's kind counts
    opponents = [
        opp if regular else tuple(compress(opp, otb))
        for opp, otb, regular in zip(ctx.opp, ctx.otb, ctx.regular, strict=True)
    ]
    of, half_points = rating.__getitem__, HALVES.__getitem__
    halves = [
        sum(map(half_points, kind if regular else compress(kind, otb)))
        for kind, otb, regular in zip(ctx.kind, ctx.otb, ctx.regular, strict=True)
    ]
    return RatedGames(rating, opponents, [tuple(map(of, met)) for met in opponents], halves)


def _note_short_games(ctx: Context) -> None:
    """§C.4: games of less than one move (W D L) count as played, as the FIDE checker
    has it; C.07 does not say, so the assumption is reported (player by player, round
    by round)."""
    if not ctx.any_result(_SHORT):
        return  # none in any round scored
    for i, p in enumerate(ctx.players):
        for r, entry in enumerate(p.rounds[: ctx.rounds]):
            if ctx.otb[i][r] and entry.result in _SHORT:
                ctx.note(
                    "T502",
                    f"{ctx.player_label(i)}: round {r + 1} ({entry.result}, less "
                    "than one move) counts as a game played for the rating "
                    "tie-breaks",
                    i,
                )


# a table of one run, read in place: identity is its equality (no generated __eq__, __repr__)
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class OtbRecord:
    """A player's over-the-board games, sorted by the opponent's rating (lowest
    first, so cuts are slices): opponents (player indices), their ratings, and the
    player's rating score in each game in half points."""

    opponents: tuple[int, ...]
    ratings: tuple[int, ...]
    halves: tuple[int, ...]

    @property
    def score(self) -> Fraction:
        """The rating score."""
        from fractions import Fraction  # (and decimal): only the cut forms need a score

        return Fraction(sum(self.halves), 2)

    def cut(self, low: int = 0, high: int = 0) -> OtbRecord:
        """Without the ``low`` lowest-rated and ``high`` highest-rated opponents
        (Cut-n / Median-n: the least significant ARO value is the lowest rating)."""
        if low <= 0 and high <= 0:
            return self
        end = len(self.opponents) - high
        return OtbRecord(self.opponents[low:end], self.ratings[low:end], self.halves[low:end])


def otb_records(ctx: Context, unrated_rating: int | None) -> list[OtbRecord] | None:
    """Each player's OTB games over the rounds scored, sorted (memoised per unrated
    rating); ``None`` when the field has no ratings (see :func:`rated_games`)."""

    def build() -> list[OtbRecord] | None:
        games = rated_games(ctx, unrated_rating)
        if games is None:
            return None
        records = []
        for i in range(ctx.n):
            row = zip(ctx.opp[i], ctx.kind[i], ctx.otb[i], strict=True)
            played = sorted((games.rating[o], o, HALVES[k]) for o, k, otb in row if otb)
            records.append(
                OtbRecord(
                    tuple(g[1] for g in played),
                    tuple(g[0] for g in played),
                    tuple(g[2] for g in played),
                )
            )
        return records

    return ctx.memo(("ratings.otb", unrated_rating), build)


def field_performance(
    ctx: Context, unrated_rating: int | None, measure: Measure
) -> list[int | None]:
    """Uncut TPR (``measure="tpr"``) or PTP (``"ptp"``) of every player, once per run
    and unrated rating (TPR and PTP report them, APRO and APPO average them)."""
    return ctx.memo(
        ("rated." + measure, unrated_rating), lambda: _field(ctx, unrated_rating, measure)
    )


def _field(ctx: Context, unrated_rating: int | None, measure: Measure) -> list[int | None]:
    """:func:`field_performance` computed: TPR from the sum, the games and p; PTP by its search."""
    games = rated_games(ctx, unrated_rating)
    if games is None:
        return [None] * ctx.n
    if measure == "tpr":  # p = halves / 2 games, in per cent (.5 up)
        return [
            rating_performance(sum(rated), n, divide_half_up(100 * halves, 2 * n))
            if (n := len(rated))
            else None
            for rated, halves in zip(games.ratings, games.halves, strict=True)
        ]
    # the search starts at the player's TPR, a few points from the PTP for most players
    tprs = field_performance(ctx, unrated_rating, "tpr")
    return [
        perfect_performance_hundredths(rated, 50 * halves, tpr)
        for rated, halves, tpr in zip(games.ratings, games.halves, tprs, strict=True)
    ]
