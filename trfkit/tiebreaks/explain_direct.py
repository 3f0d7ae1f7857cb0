"""``trfkit explain --tb DE``: direct encounter of one player, pass by pass.

DE ranks only the players still tied when it is applied, so its explanation needs
the order of the tie-breaks (:class:`~.explain.Order`). The tied group is found by
the standings' own :func:`~.standings.rank` on the criteria before DE, and the passes
shown are the ones DE itself made (:data:`~.direct_encounter.Trace`), so the value
explained is the value the standings print. Every line is a :class:`~trfkit.i18n.Phrase`,
so that the explanation can be said in another language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..i18n import Phrase, joined, phrase
from ..tiebreak_codes import CodeError, TieBreakCode
from .context import Context, Value
from .registry import lookup
from .standings import rank

if TYPE_CHECKING:
    from .explain import Order

__all__ = ["direct_lines", "tied_group"]


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:g}"


def direct_lines(run: Context, i: int, code: TieBreakCode, order: Order) -> tuple[list[str], Value]:
    """DE of player ``i``: the tied group at DE's place in ``order``, the games among
    it, DE's passes (recorded through :data:`~.direct_encounter.Trace`) and the rank.

    Lines are the explanation; the value is :func:`~.direct_encounter.tier_ranks` of the tiers
    DE made, i.e. what :func:`~.direct_encounter.direct_encounter` returns to the standings
    (None when the player is not tied when DE is applied, as the standings print it).
    """
    if code not in order.codes:
        raise CodeError(f"the order {', '.join(map(str, order.codes))} does not name {code}")
    head, ranks, groups, columns = run.memo(
        ("explain-order", order, code), lambda: _order_at(run, code, order)
    )
    lines: list[str] = [head]
    # the group is the run's (criteria before DE in their own editions, as the standings
    # rank); DE itself is taken apart in the run that computes it (a /V edition)
    ctx = run.for_code(code)
    group = groups[ranks[i]]
    # a group criterion the standings never reached (everyone settled before it) has no column
    level: str = ", ".join(
        f"{name} {_fmt(col[i] if col else None)}" for name, col in columns
    ) or phrase("nothing yet")
    if len(group) < 2:
        lines.append(
            phrase(
                "not tied with anyone when {code} is applied (level on {level}): "
                "{code} does not apply (the standings show -)",
                code=str(code),
                level=level,
            )
        )
        return lines, None
    others = [ctx.player_label(j) for j in group if j != i]
    lines.append(
        phrase(
            "tied group ({count} players level on {level}): {player} with {others}",
            count=len(group),
            level=level,
            player=ctx.player_label(i),
            others=", ".join(others),
        )
    )
    shared, ranks_in = run.memo(
        ("explain-group", order, code, ranks[i]), lambda: _group_lines(ctx, code, group)
    )
    lines.extend(shared)
    return lines, float(ranks_in[i])


def _group_lines(
    ctx: Context, code: TieBreakCode, group: list[int]
) -> tuple[list[str], Mapping[int, int]]:
    """The lines of DE's explanation that are the same for every member of ``group`` (the
    rule, the games among them, DE's passes, the ranks it gave) and those ranks: kept per
    group by :func:`direct_lines`, so that explaining every member of a large tie does the
    group's work once."""
    from .direct_encounter import group_tiers, tier_ranks  # DE/EDE explanations only

    old = ctx.edition.de_rule == "complete-only"
    lines: list[str] = [
        phrase(
            "rule: Art. 32.1.6: decides only when every tied player met every other, "
            "by the sum of their points in those games"
        )
        if old
        else phrase(
            "rule: C.07 Art. 6: games among the tied players, repeated games averaged "
            "(6.1.2); all met: sub-table, re-applied to subgroups (6.2); not all met: "
            "placed only if first whatever the missing games (6.3)"
        )
    ]
    passes: list[tuple[Sequence[int], Mapping[int, float], Mapping[int, int], list[list[int]]]] = []
    tiers = group_tiers(
        ctx,
        code,
        group,
        trace=lambda g, totals, missing, decided: passes.append((g, totals, missing, decided)),
    )
    lines.extend(_games_lines(ctx, group, code, old, passes[0][1]))
    for number, (g, totals, missing, decided) in enumerate(passes, 1):
        lines.extend(_pass_lines(ctx, number, g, totals, missing, decided, old, len(group)))
    ranks_in = tier_ranks(tiers)
    shown = ", ".join(f"{ctx.player_label(j)} {ranks_in[j]}" for tier in tiers for j in tier)
    note = (
        phrase("no one separated: 0 for all")
        if len(tiers) <= 1
        else phrase("1 = best, shared while tied")
    )
    lines.append(
        phrase(
            "{code} ranks in the group ({note}): {shown}", code=str(code), note=note, shown=shown
        )
    )
    return lines, ranks_in


def tied_group(run: Context, i: int, code: TieBreakCode, order: Order) -> Sequence[int]:
    """The players (indices, ``i`` among them) still tied with player ``i`` when the group
    tie-break ``code`` is applied in ``order``: the group :func:`direct_lines` takes apart
    (from the same per-run ranking). A caller explaining a whole table can see a large
    tie coming: DE's explanation lists every game among the group, so it grows with it."""
    if code not in order.codes:
        raise CodeError(f"the order {', '.join(map(str, order.codes))} does not name {code}")
    _, ranks, groups, _ = run.memo(
        ("explain-order", order, code), lambda: _order_at(run, code, order)
    )
    return groups[ranks[i]]


def _order_at(
    ctx: Context, code: TieBreakCode, order: Order
) -> tuple[Phrase, list[int], dict[int, list[int]], list[tuple[str, list[Value] | None]]]:
    """What DE's explanation needs of ``order`` before ``code``: its first line, the ranks
    after the criteria before it, the players of each rank (in index order: the tied
    groups DE is applied to) and each criterion's name and values (None for a group
    criterion the standings never reached: everyone was settled before it).

    Kept once per run (:meth:`~.context.RunMemo.memo`): explaining DE for every player of
    a field (a report's standings) would otherwise rank the whole field again, and scan
    it for the group, once per player."""
    before = list(order.codes[: order.codes.index(code)])
    head = phrase(
        "order: {codes} ({source})",
        codes=", ".join(c.canonical for c in order.codes),
        source=order.source,
    )
    values = {c: ctx.for_code(c).value(c) for c in before if not lookup(c, ctx.scope).group}
    _, ranks, values = rank(ctx, before, values)
    groups: dict[int, list[int]] = {}
    for j, r in enumerate(ranks):
        groups.setdefault(r, []).append(j)
    return head, ranks, groups, [(c.canonical, values.get(c)) for c in before]


def _games_lines(
    ctx: Context, group: Sequence[int], code: TieBreakCode, old: bool, totals: Mapping[int, float]
) -> list[str]:
    """Each member's counted games against the group (round, opponent, points), its
    sub-table total as DE computed it (``totals``), the members it never met, and
    the pairings among the group that do not count (forfeits in a Swiss without /P)."""
    label = ctx.player_label
    members = set(group)
    how = phrase("repeated games summed") if old else phrase("repeated games averaged")
    lines: list[str] = [
        phrase(
            "games among them (counted: {counted}; {how}):", counted=_counted(ctx, code), how=how
        )
    ]
    counted_rounds: set[tuple[int, int]] = set()
    for j in group:
        by_opponent: dict[int, list[tuple[int, float]]] = {}
        for r, o, p in ctx.games(j, code.played_forfeits):
            if o in members and o != j:
                by_opponent.setdefault(o, []).append((r, p))
                counted_rounds.add((j, r))
        parts: list[Phrase] = []
        for o, games in by_opponent.items():
            rounds = ", ".join(str(r + 1) for r, _ in games)
            points = [p for _, p in games]
            if len(games) == 1:
                parts.append(
                    phrase(
                        "round {rounds} vs {opponent} {points:g}",
                        rounds=rounds,
                        opponent=label(o),
                        points=points[0],
                    )
                )
                continue
            sums = " + ".join(f"{p:g}" for p in points)
            value = sum(points) if old else sum(points) / len(points)
            template = (
                "rounds {rounds} vs {opponent} {sums} = {value:g}"
                if old
                else "rounds {rounds} vs {opponent} {sums}, average {value:g}"
            )
            parts.append(phrase(template, rounds=rounds, opponent=label(o), sums=sums, value=value))
        unmet = [o for o in group if o != j and o not in by_opponent]  # labelled if few
        if unmet:
            parts.append(
                phrase("did not meet {who}", who=", ".join(map(label, unmet)))
                if len(unmet) <= 3
                else phrase("did not meet {count} of them", count=len(unmet))
            )
        lines.append(
            phrase(
                "  {player}: {games} -> {total:g}",
                player=label(j),
                games=joined("; ", parts) if parts else phrase("no game"),
                total=totals[j],
            )
        )
    seen: set[tuple[int, frozenset[int]]] = set()
    for j in group:
        for r in range(ctx.rounds):
            o = ctx.opp[j][r]
            if (
                o in members
                and o != j
                and (j, r) not in counted_rounds
                and (r, frozenset((j, o))) not in seen
            ):
                seen.add((r, frozenset((j, o))))
                lines.append(
                    phrase(
                        "  not counted: round {round}, {player} vs {opponent}: {kind} "
                        "(not a game over the board, C.07 6.1.1)",
                        round=r + 1,
                        player=label(j),
                        opponent=label(o),
                        kind=phrase(ctx.kind[j][r].value),
                    )
                )
    return lines


def _counted(ctx: Context, code: TieBreakCode) -> Phrase:
    if ctx.round_robin:
        return phrase("games over the board and forfeits, a round-robin (C.07 15.2)")
    if code.played_forfeits:
        return phrase("games over the board and forfeits (/P)")
    return phrase("games over the board only")


def _pass_lines(
    ctx: Context,
    number: int,
    g: Sequence[int],
    totals: Mapping[int, float],
    missing: Mapping[int, int],
    decided: list[list[int]],
    old: bool,
    size: int,
) -> list[str]:
    """One pass of DE over ``g`` as :func:`~.direct_encounter.direct_tiers` made it: the
    sub-table and what it decided (``decided``: tiers best first)."""
    from .direct_encounter import potentials  # DE/EDE explanations only

    label = ctx.player_label
    who = (
        phrase("the group")
        if len(g) == size
        else phrase(
            "the players still tied ({players})", players=", ".join(label(j) for j in sorted(g))
        )
    )
    ordered = [j for tier in decided for j in tier]
    if all(missing[j] == 0 for j in g):
        out: list[str] = [
            phrase(
                "pass {number} on {who}: every pair met; sub-table {table}",
                number=number,
                who=who,
                table=", ".join(f"{label(j)} {totals[j]:g}" for j in ordered),
            )
        ]
        if len(decided) == 1:
            out.append(phrase("  -> their games do not separate them"))
            return out
        # names only: joined, so that a translator passes it through instead of looking it up
        tiers = joined(" | ", [", ".join(label(j) for j in tier) for tier in decided])
        out.append(joined("", ["  -> ", tiers]))
        if any(len(tier) > 1 for tier in decided):
            out.append(
                phrase("  still tied: Art. 32.1.6 has no further step")
                if old
                else phrase("  still tied: the procedure is re-applied to them (C.07 6.2)")
            )
        return out
    if old:
        short = ", ".join(f"{label(j)} {missing[j]}" for j in g if missing[j])
        return [
            phrase(
                "pass {number} on {who}: not every pair met (games missing: {short}): "
                "Art. 32.1.6 makes no decision",
                number=number,
                who=who,
                short=short,
            )
        ]
    best = potentials(g, totals, missing, ctx.win)
    out = [
        phrase(
            "pass {number} on {who}: not every pair met: C.07 6.3, a player is placed only if "
            "first whatever the outcome of the missing games",
            number=number,
            who=who,
        ),
        phrase(
            "  sub-table (best possible, every missing game won): {table}",
            table=", ".join(f"{label(j)} {totals[j]:g} ({best[j]:g})" for j in ordered),
        ),
    ]
    placed = [tier[0] for tier in decided[:-1]]
    left = set(g)
    for j in placed:
        left.discard(j)
        rival = max(sorted(left), key=best.__getitem__)
        out.append(
            phrase(
                "  placed: {player}, {total:g} > {best:g}, the best possible of {rival}",
                player=label(j),
                total=totals[j],
                best=best[rival],
                rival=label(rival),
            )
        )
    rest = decided[-1]
    if len(rest) == 1:
        out.append(phrase("  left last: {player}", player=label(rest[0])))
        return out
    top = rest[0]
    rival = max(sorted(j for j in rest if j != top), key=best.__getitem__)
    out.append(
        phrase(
            "  not placed: {player}, {total:g} is not above {best:g}, the best possible of {rival}",
            player=label(top),
            total=totals[top],
            best=best[rival],
            rival=label(rival),
        )
    )
    out.append(
        phrase("  -> the others form a smaller group: the procedure restarts on them (6.3)")
        if placed
        else phrase("  -> nobody can be placed: not separated")
    )
    return out
