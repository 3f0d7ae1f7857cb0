"""T4xx: declared points and ranks against the results.

The Points column (81-84) is what standings and pairing engines trust, and it is
often wrong in real files (TRF.md §9, §11.9): bbpPairings and JaVaFo refuse such
files. The score is rebuilt under the file's own scoring system (162, ``XXS``,
``BB?``; 1/½/0 when none is declared, which T403 says), plus 299 bonuses.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import pairwise, repeat
from operator import attrgetter

from ...diagnostics import Diagnostic, make
from ...model import Player, ScoringSystem, Tournament
from .. import locate
from ..registry import rule

TOLERANCE = 1e-6
_RANK = attrgetter("rank")


def _describe(scoring: ScoringSystem) -> str:
    def num(x: float) -> str:
        return f"{x:g}"

    origin = "default" if scoring.source == "default" else f"from {scoring.source}"
    return f"win {num(scoring.win)}, draw {num(scoring.draw)}, loss {num(scoring.loss)} ({origin})"


def _bonuses(t: Tournament) -> tuple[dict[int, float], set[int]]:
    """299 penalties/bonuses by start number, and players with a 299 we cannot evaluate.

    A 299 without a result type adds its points (the Sharly-Chess bbpPairings test
    ``indiv_299_bonus``); one with a type re-values a result in a way TRF26 leaves
    open (TRF.md §6.1), so those players' totals are not checked.
    """
    extra: dict[int, float] = {}
    unknown: set[int] = set()
    for record in t.abnormal:
        for start in record.players:
            if record.kind.strip() or record.points is None:
                unknown.add(start)
            else:
                extra[start] = extra.get(start, 0.0) + record.points
    return extra, unknown


def points_table(scoring: ScoringSystem) -> dict[str, float]:
    """Results-column character -> points under ``scoring`` (built once per tournament)."""
    return scoring.column_points()


def computed_points(
    player: Player, scoring: ScoringSystem, table: dict[str, float] | None = None
) -> float:
    """The player's score from the round blocks under ``scoring`` (unknown codes count 0)."""
    return _scores((player,), table if table is not None else points_table(scoring))[0]


def _scores(players: Sequence[Player], table: dict[str, float]) -> list[float]:
    """:func:`computed_points` of every player, in one call (no call per player)."""
    get = table.get
    zero = repeat(0.0)  # (the default of every lookup: an unknown code counts 0)
    return [sum(map(get, player.results, zero)) for player in players]


def expected_points(t: Tournament) -> dict[int, float]:
    """Start number -> the points T401 expects in the Points column (the results under the
    file's scoring system plus untyped 299 bonuses), for every player T401 can check:
    ``trfkit fix`` writes these, so that a fixed file passes T401 by its own measure.
    Empty for a file without round blocks; players with a typed 299 are left out."""
    if not has_results(t):
        return {}
    extra, unknown = _bonuses(t)
    scores = _scores(t.players, points_table(t.header.scoring))
    return {
        p.start: score + extra.get(p.start, 0.0)
        for p, score in zip(t.players, scores, strict=True)
        if p.start not in unknown
    }


def has_results(t: Tournament) -> bool:
    """Whether any round block is written: a list without them (a chess-results ranking
    list, a registration list) declares points and tie-breaks that no result can check."""
    return any(p.results for p in t.players)


@rule("T401")
def points_mismatch(t: Tournament) -> Iterator[Diagnostic]:
    if not has_results(t):
        return
    scoring = t.header.scoring
    extra, unknown = _bonuses(t)
    scores = _scores(t.players, points_table(scoring))
    for position, (player, score) in enumerate(zip(t.players, scores, strict=True)):
        if player.points is None or player.start in unknown:
            continue
        total = score + extra.get(player.start, 0.0)
        if abs(total - player.points) > TOLERANCE:
            yield locate.player_at(
                "T401",
                f"player {player.start} declares {player.points:.1f} points but the "
                f"results give {total:.1f} ({_describe(scoring)})",
                position,
                player,
                locate.POINTS,
                field="points",
            )


def _ranks_follow_points(t: Tournament) -> bool:
    """Whether the Rank column is an individual standing by points.

    Not when 212 ranks by something before points (TRF26 allows it), not in team
    events (players are ranked with their team), and not when every rank repeats
    the start number (pairing-engine input files fill the column that way).
    """
    standings = [code.strip().upper() for code in t.header.standings_tiebreaks if code.strip()]
    if standings and standings[0] != "PTS":
        return False
    if t.is_team_event:
        return False
    ranked = [p for p in t.players if p.rank]
    return not ranked or any(p.rank != p.start for p in ranked)


@rule("T402")
def rank_contradicts_points(t: Tournament) -> Iterator[Diagnostic]:
    """A better rank with fewer points, checked between neighbours in rank order."""
    if not _ranks_follow_points(t):
        return
    # Sorted as plain tuples: the position i is unique, so ties on (rank, line) keep file
    # order (as a stable sort by that key would) and players are never compared.
    ranked = sorted(
        [(p.rank, p.line, i, p) for i, p in enumerate(t.players) if p.rank and p.points is not None]
    )
    for (rank_a, _, position, a), (rank_b, _, _, b) in pairwise(ranked):
        if (
            rank_a < rank_b
            and a.points is not None
            and b.points is not None
            and a.points + TOLERANCE < b.points
        ):
            yield locate.player_at(
                "T402",
                f"player {a.start} is ranked {rank_a} with {a.points:.1f} points, above "
                f"player {b.start} ranked {rank_b} with {b.points:.1f}",
                position,
                a,
                locate.RANK,
                field="rank",
                other=locate.related(b.line, locate.RANK),
            )


@rule("T403")
def scoring_system_assumed(t: Tournament) -> Iterator[Diagnostic]:
    """Only when scores matter: some player has a result and a declared total."""
    if t.header.scoring.source != "default":
        return
    if any(p.points is not None and _any_block(p) for p in t.players):
        yield make(
            "T403",
            "no scoring system is declared (162, XXS or BB?); points were checked "
            "against 1 for a win, 1/2 for a draw, 0 for a loss",
            1,
            1,
        )


def _any_block(p: Player) -> bool:
    """Some round of ``p`` is not an empty block."""
    return any(not p.is_empty_round(i) for i in range(len(p.results)))


@rule("T404")
def duplicate_rank(t: Tournament) -> Iterator[Diagnostic]:
    """TRF26 allows tied ranks; in TRF16 files a shared rank is suspicious."""
    if t.source.edition == "trf26":
        return
    ranks = list(filter(None, map(_RANK, t.players)))
    if len(set(ranks)) == len(ranks):
        return
    first: dict[int, Player] = {}
    for position, player in enumerate(t.players):
        if not player.rank:
            continue
        earlier = first.setdefault(player.rank, player)
        if earlier is not player:
            yield locate.player_at(
                "T404",
                f"players {earlier.start} and {player.start} both declare rank {player.rank}",
                position,
                player,
                locate.RANK,
                field="rank",
                other=locate.related(earlier.line, locate.RANK),
            )


@rule("T113")
def rank_missing(t: Tournament) -> Iterator[Diagnostic]:
    """A blank rank in a finished individual TRF event (every declared round has results).

    Converters that compute no standings leave the column blank and nothing else would
    say so. A round in progress, a team event (players are ranked with their team) and
    formats that store no ranks (Swiss-Manager) are not reported. When no player has a
    rank, one diagnostic says so instead of one per player.
    """
    rounds = t.header.rounds
    if t.source.format != "trf" or t.is_team_event or not rounds or not t.players:
        return
    if all(map(_RANK, t.players)):
        return  # every player ranked (told before the walk over every round below)
    if t.scored_rounds < rounds:
        return
    blank = [(i, p) for i, p in enumerate(t.players) if not p.rank]
    if len(blank) == len(t.players):
        i, p = blank[0]
        yield locate.player_at(
            "T113",
            f"the event is finished (round {rounds} of {rounds} has "
            "results) but no player has a rank",
            i,
            p,
            locate.RANK,
            field="rank",
        )
        return
    for i, p in blank:
        yield locate.player_at(
            "T113",
            f"player {p.start} has no rank in a finished event",
            i,
            p,
            locate.RANK,
            field="rank",
        )
