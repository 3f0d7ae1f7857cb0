"""Direct encounter (DE): C.07 Art. 6 and the older rule of Art. 32.1.6.

DE is a type-A tie-break: it looks only at the games among the players still
tied when it is applied, so the standings call it once per tied group
(``group=True`` in the registry) and it returns a rank-like number per member.

Representation (as the FIDE checker, TieBreakServer, prints DE): the rank inside
the group, 1 = best, players DE cannot separate sharing the rank of the first of
them; when DE separates nobody in the group every member gets 0. Lower is
better (registered ``ascending``). Players who are not tied when DE is applied are
not passed here (TieBreakServer prints 0 for them). TieBreakServer's printed DE
also depends on where DE stands in its own list (it ranks the groups tied at
that point), so its values are comparable only for the same list.

Rules by edition (``ctx.edition.de_rule``):

``"c07"`` (fide-2024, fide-2026), Art. 6:
  * 6.1.1 only games over the board count; forfeits count as games against the
    scheduled opponent in a round-robin (15.2) or with ``/P``;
  * 6.1.2 repeated games between two players count as their average;
  * 6.2 if every tied player met every other, rank by the points scored in the
    sub-crosstable and re-apply the procedure to every subgroup still tied;
  * 6.3 otherwise a player is placed first only if first whatever the results of
    the missing games (own score in the sub-table strictly above every other
    player's score plus a win for each game that player is missing), then second
    likewise, and so on; the players left are a smaller group and the procedure
    restarts on them.
``"complete-only"`` (fide-2009, ru-2013), Art. 32.1.6: only when all tied players
  met one another does the *sum* of their points in those games decide; otherwise,
  and for subgroups still tied, no decision.

Algorithm and bound. For a group of k players with at most r rounds each, one
pass builds the sub-crosstable from each member's own game list (O(k·r)
with a set lookup per game), then sorts (O(k log k)); the Swiss placing of 6.3 is
a single sweep down the score order against a heap of potential scores,
O(k log k). Each restart works on a strict subset of the
group and the subsets of one level are disjoint, so a level costs O(k·r + k log k)
and there are at most k levels: O(k²·(r + log k)) in the worst case (every level
peels off one player), O(k·(r + log k)) in the usual case where one or two levels
settle the group.
Nothing is exponential: the "whatever the missing results" test needs no
enumeration, because the worst case for the candidate (losing every missing
game) and the best case for each rival (winning every missing game) can always
happen together.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence

from ..tiebreak_codes import TieBreakCode
from .context import Context, Value
from .registry import register

__all__ = [
    "Games",
    "Trace",
    "direct_encounter",
    "direct_tiers",
    "group_games",
    "group_tiers",
    "potentials",
    "subtable",
    "tier_ranks",
]

#: Each player's games: player -> [(opponent, points scored), ...].
Games = Mapping[int, Sequence[tuple[int, float]]]

#: An observer of :func:`direct_tiers`, called once per pass with the group examined,
#: its sub-table (points, games missing) and the tiers that pass decided, best first.
#: ``trfkit explain`` records the passes with it, so the explanation shows the very
#: steps the tie-break took instead of re-deriving them.
Trace = Callable[[Sequence[int], Mapping[int, float], Mapping[int, int], list[list[int]]], None]


def subtable(
    group: Iterable[int], games: Games, average: bool = True
) -> tuple[dict[int, float], dict[int, int]]:
    """Each member's points against the other members, and how many of them it never met.

    Repeated games between two players are averaged (C.07 6.1.2) or summed
    (``average=False``, Art. 32.1.6).
    """
    members = set(group)
    totals: dict[int, float] = {}
    missing: dict[int, int] = {}
    for i in members:
        per_opponent: dict[int, list[float]] = defaultdict(list)
        for opponent, points in games.get(i, ()):
            if opponent in members and opponent != i:
                per_opponent[opponent].append(points)
        totals[i] = sum((sum(p) / len(p)) if average else sum(p) for p in per_opponent.values())
        missing[i] = len(members) - 1 - len(per_opponent)
    return totals, missing


def _by_total(group: Sequence[int], totals: Mapping[int, float]) -> list[list[int]]:
    """Members in tiers of equal total, best first."""
    ordered = sorted(group, key=lambda i: (-totals[i], i))
    tiers: list[list[int]] = [[ordered[0]]]
    for i in ordered[1:]:
        if abs(totals[i] - totals[tiers[-1][0]]) < 1e-9:
            tiers[-1].append(i)
        else:
            tiers.append([i])
    return tiers


def _placed_first(
    group: Sequence[int], totals: Mapping[int, float], missing: Mapping[int, int], win: float
) -> int:
    """How many players 6.3 places from the top: each in turn must be first among
    those left whatever the missing games give, i.e. its total must beat every
    other remaining player's potential (total + a win per missing game). The
    placed players are the first ones in descending total order.

    The best potential among the others comes from a heap with lazy deletion, so
    the sweep costs O(k log k) however many players it places. (:mod:`heapq` is
    imported here: only a run with DE needs it.)
    """
    import heapq  # only for a tie DE cannot break at once

    by_total = sorted(group, key=lambda i: (-totals[i], i))
    potential = potentials(group, totals, missing, win)
    heap = [(-potential[i], i) for i in group]
    heapq.heapify(heap)
    gone: set[int] = set()
    placed = 0
    for top in by_total[:-1]:
        while heap[0][1] in gone:
            heapq.heappop(heap)
        held = heapq.heappop(heap) if heap[0][1] == top else None
        while heap[0][1] in gone:
            heapq.heappop(heap)
        rival = -heap[0][0]
        if held is not None:
            heapq.heappush(heap, held)
        if not totals[top] > rival + 1e-9:
            break
        gone.add(top)
        placed += 1
    return placed


def potentials(
    group: Iterable[int], totals: Mapping[int, float], missing: Mapping[int, int], win: float
) -> dict[int, float]:
    """Each member's best possible sub-table score (6.3): its points plus a win for
    every tied player it never met."""
    return {i: totals[i] + missing[i] * win for i in group}


def direct_tiers(
    group: Sequence[int],
    games: Games,
    win: float,
    *,
    complete_only: bool = False,
    trace: Trace | None = None,
) -> list[list[int]]:
    """``group`` split into tiers by direct encounter, best first; players in one
    tier are still tied. See the module docstring for the rules. ``trace``, when
    given, sees every pass (see :data:`Trace`); it changes nothing."""
    if len(group) < 2:
        return [list(group)]
    totals, missing = subtable(group, games, average=not complete_only)
    if all(m == 0 for m in missing.values()):
        tiers = _by_total(group, totals)
        if trace is not None:
            trace(group, totals, missing, tiers)
        if len(tiers) == 1 or complete_only:
            return tiers
        out: list[list[int]] = []
        for tier in tiers:
            out.extend(direct_tiers(tier, games, win, trace=trace) if len(tier) > 1 else [tier])
        return out
    if complete_only:
        if trace is not None:
            trace(group, totals, missing, [list(group)])
        return [list(group)]
    placed = _placed_first(group, totals, missing, win)
    ordered = sorted(group, key=lambda i: (-totals[i], i))
    if trace is not None:
        trace(group, totals, missing, [[i] for i in ordered[:placed]] + [ordered[placed:]])
    if placed == 0:
        return [list(group)]
    rest = ordered[placed:]
    return [[i] for i in ordered[:placed]] + direct_tiers(rest, games, win, trace=trace)


def tier_ranks(tiers: Sequence[Sequence[int]]) -> dict[int, int]:
    """Rank inside the group (1 = best, shared by a tier); all 0 when one tier."""
    if len(tiers) <= 1:
        return {i: 0 for tier in tiers for i in tier}
    ranks: dict[int, int] = {}
    position = 1
    for tier in tiers:
        for i in tier:
            ranks[i] = position
        position += len(tier)
    return ranks


def group_games(
    ctx: Context, members: Iterable[int], played_forfeits: bool
) -> dict[int, list[tuple[int, float]]]:
    """Each member's counted games (6.1.1: over the board; forfeits in a round-robin
    or with ``/P``) as :data:`Games`, opponents outside the group included."""
    return {i: [(o, p) for _r, o, p in ctx.games(i, played_forfeits)] for i in members}


def group_tiers(
    ctx: Context, code: TieBreakCode, members: Sequence[int], trace: Trace | None = None
) -> list[list[int]]:
    """The tiers DE makes of one tied group under the context's edition: what
    :func:`direct_encounter` ranks and ``trfkit explain`` shows."""
    complete_only = ctx.edition.de_rule == "complete-only"
    games = group_games(ctx, members, code.played_forfeits)
    return direct_tiers(list(members), games, ctx.win, complete_only=complete_only, trace=trace)


@register(
    "DE",
    modifiers="P",
    group=True,
    ascending=True,
    title="Direct encounter",
    article="C.07 6; Art. 32.1.6",
)
def direct_encounter(ctx: Context, code: TieBreakCode, members: Sequence[int]) -> dict[int, Value]:
    """Rank of each tied player by the games among the tied players (0 = not separated)."""
    return {i: float(r) for i, r in tier_ranks(group_tiers(ctx, code, members)).items()}
