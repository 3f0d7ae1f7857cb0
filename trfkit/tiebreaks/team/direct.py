"""Team tie-breaks that rank only the tied teams: EDE and its board variants, DE, TBR, BBE.

They are ``group=True`` registry entries: the standings call them once per group of
teams still tied and they return a value per team of the group (higher is better).

* **DE** (team scope): direct encounter (C.07 6) on one score.
* **EDE** (C.07 13.3, Art. 32.2.4): direct encounter on the primary score; if that
  separates nobody, on the secondary score; every subgroup formed starts again from
  the primary score. **EDET/EDEB/EDEBT/EDEBB** (2026 names) go on, when exactly two
  teams remain tied, with TBR, BBE, BC + TBR, BC + BBE.
* **TBR** / **BBE** (C.07 12.2, 12.3): board by board, top down / bottom up.

Direct encounter with missing matches (6.3): a team goes first only if it stays first
whatever the missing matches' results; under editions with ``de_rule ==
"complete-only"`` (fide-2009, ru-2013; Art. 32.2.4) nothing is decided unless all the
tied teams met. Repeated meetings count as their average (6.1.2). Forfeited matches
count only in round-robins or with ``/P`` (6.1.1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...tiebreak_codes import TieBreakCode
from ..registry import register
from .context import TeamContext

Value = float | None
Split = Callable[[list[int]], list[list[int]]]


def _groups(order: list[int], key: Callable[[int], object]) -> list[list[int]]:
    """``order`` (already sorted) cut wherever ``key`` changes."""
    out: list[list[int]] = []
    for i in order:
        if out and key(out[-1][0]) == key(i):
            out[-1].append(i)
        else:
            out.append([i])
    return out


def _direct(ctx: TeamContext, s: str, played_forfeits: bool) -> Split:
    win = ctx.win[s]

    def split(group: list[int]) -> list[list[int]]:
        members = set(group)
        scored: dict[int, float] = {}
        met: dict[int, int] = {}
        for i in group:
            per_opp: dict[int, list[float]] = {}
            for r in range(ctx.rounds):
                o = ctx.opp[i][r]
                if o in members and ctx.met(i, r, played_forfeits):
                    per_opp.setdefault(o, []).append(ctx.pts[s][i][r])
            scored[i] = sum(sum(v) / len(v) for v in per_opp.values())
            met[i] = len(per_opp)
        complete = all(met[i] == len(group) - 1 for i in group)
        order = sorted(group, key=lambda i: (-scored[i], ctx.starts[i]))
        if complete or ctx.round_robin:
            return _groups(order, lambda i: round(scored[i], 9))
        if ctx.edition.de_rule == "complete-only":
            return [group]
        best = {i: scored[i] + (len(group) - 1 - met[i]) * win for i in group}
        out: list[list[int]] = []
        rest = order
        while len(rest) > 1:
            head, others = rest[0], rest[1:]
            if scored[head] > max(best[j] for j in others) + 1e-9:
                out.append([head])
                rest = others
            else:
                break
        out.append(rest)
        return out

    return split


def _boards(ctx: TeamContext, which: str) -> Split:
    """TBR (top board first), BBE (bottom board eliminated first) or BC (lower better)."""
    size = ctx.team_size

    def key(i: int) -> tuple[float, ...]:
        bp = ctx.board_points(i)
        if which == "T":
            return tuple(-bp.get(b, 0.0) for b in range(1, size + 1))
        if which == "B":
            total = sum(bp.values())
            out = []
            for b in range(size, 1, -1):
                total -= bp.get(b, 0.0)
                out.append(-total)
            return tuple(out)
        return (sum(b * p for b, p in bp.items()),)

    def split(group: list[int]) -> list[list[int]]:
        order = sorted(group, key=lambda i: (key(i), ctx.starts[i]))
        return _groups(order, key)

    return split


def _resolve(group: list[int], criteria: Sequence[tuple[Split, bool]]) -> list[list[int]]:
    """Apply the criteria in turn; restart from the first in every new subgroup.

    A criterion flagged True applies only when exactly two teams remain (13.3.2).
    """
    if len(group) < 2:
        return [group]
    for split, pairs_only in criteria:
        if pairs_only and len(group) != 2:
            continue
        parts = split(group)
        if len(parts) > 1:
            out: list[list[int]] = []
            for part in parts:
                out.extend(_resolve(part, criteria))
            return out
    return [group]


def _as_values(parts: list[list[int]]) -> dict[int, Value]:
    n = len(parts)
    return {i: float(n - pos) for pos, part in enumerate(parts) for i in part}


_BOARD_STEPS = {"EDE": "", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}


def _register_ede(name: str, steps: str) -> None:
    def ede(ctx: TeamContext, code: TieBreakCode, members: Sequence[int]) -> dict[int, Value]:
        p = ctx.score_type(code)
        forfeits = code.played_forfeits
        criteria: list[tuple[Split, bool]] = [
            (_direct(ctx, p, forfeits), False),
            (_direct(ctx, ctx.other(p), forfeits), False),
        ]
        criteria += [(_boards(ctx, step), True) for step in steps]
        return _as_values(_resolve(list(members), criteria))

    extra = {
        "": "",
        "T": " then TBR",
        "B": " then BBE",
        "CT": " then BC and TBR",
        "CB": " then BC and BBE",
    }[steps]
    ede.__doc__ = (
        f"Extended direct encounter: primary, then secondary score{extra} (two teams left)."
    )
    register(
        name,
        scope="team",
        modifiers="P",
        group=True,
        title=ede.__doc__.split(":")[0],
        article="C.07 13.3; Art. 32.2.4",
    )(ede)


for _name, _steps in _BOARD_STEPS.items():
    _register_ede(_name, _steps)


@register(
    "DE",
    scope="team",
    modifiers="P",
    group=True,
    title="Direct encounter on one score",
    article="C.07 6 via 13",
)
def direct_encounter(
    ctx: TeamContext, code: TieBreakCode, members: Sequence[int]
) -> dict[int, Value]:
    """Direct encounter on the code's score (the primary score by default)."""
    criteria = [(_direct(ctx, ctx.score_type(code), code.played_forfeits), False)]
    return _as_values(_resolve(list(members), criteria))


@register("TBR", scope="team", group=True, title="Top board results", article="C.07 12.2")
def top_board_results(
    ctx: TeamContext, code: TieBreakCode, members: Sequence[int]
) -> dict[int, Value]:
    """Game points on board 1; if still tied, board 2; and so on."""
    return _as_values(_boards(ctx, "T")(list(members)))


@register("BBE", scope="team", group=True, title="Bottom board elimination", article="C.07 12.3")
def bottom_board_elimination(
    ctx: TeamContext, code: TieBreakCode, members: Sequence[int]
) -> dict[int, Value]:
    """Game points without the bottom board; if still tied, also without the next up; …"""
    return _as_values(_boards(ctx, "B")(list(members)))
