"""``trfkit explain``: one player's tie-break, round by round, for settling a dispute.

For the Buchholz family (BH, FB, SB and their cuts) every round shows the opponent,
the opponent's adjusted score, the dummy or virtual opponent and why, and what a
cut removed. Other tie-breaks show the per-round inputs they use and the total.

Direct encounter (DE) ranks only the players still tied when it is applied, so
its explanation needs the order of the tie-breaks: :func:`explain` takes it
(``order``, as ``trfkit tiebreaks`` uses it: PTS first unless a 212 list places
it). The tied group is found by the standings' own :func:`~.standings.rank` on
the criteria before DE, and the passes shown are the ones DE itself made
(:data:`~.direct_encounter.Trace`), so the value explained is the value the standings print.

One computation: the code is explained in the run :meth:`~.context.Context.for_code`
gives (the edition of a ``/V`` modifier, as ``trfkit tiebreaks`` computes it), its
total is that run's value (:meth:`~.context.RunMemo.value`, the standings' column)
and the parts are read from the same tables the value was summed from. Criteria
before a group tie-break are valued each in its own run, as the standings do. A
team variant plugs in the same way: a team context answers ``for_code`` and
``value`` too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..terminal import escape_controls
from ..tiebreak_codes import CodeError, TieBreakCode
from . import declared_codes
from .context import Context, Value
from .cuts import Item, apply_cuts
from .individual import buchholz_items, koya_threshold, sonneborn_items
from .registry import UnknownTieBreak, lookup, parse
from .standings import rank
from .unplayed import Adjusted, adjusted, describe

if TYPE_CHECKING:
    from ..model import Tournament
    from .editions import Edition

__all__ = [
    "Explanation",
    "Order",
    "explain",
    "explanation_context",
    "first_after_points",
    "order_for",
    "place",
    "tied_group",
]


@dataclass(frozen=True, slots=True)
class Order:
    """The criteria in force, in order, and where that order came from (said in
    the explanation): e.g. ``("PTS", "BH/C1", "DE")`` from the file's 202 list."""

    codes: tuple[TieBreakCode, ...]
    source: str


def order_for(
    code: TieBreakCode, listed: Sequence[TieBreakCode], full_order: bool, source: str
) -> Order | None:
    """The order ``trfkit tiebreaks`` would use with ``listed`` (PTS first, unless a
    full 212 list places PTS itself), or None when ``listed`` does not name ``code``."""
    if code not in listed:
        return None
    placed = full_order and any(c.name == "PTS" for c in listed)  # as compute() decides
    codes = listed if placed else [parse("PTS"), *listed]
    return Order(tuple(codes), source)


def place(ctx: Context, code: TieBreakCode, given: Sequence[str]) -> Order | None:
    """Where a group tie-break (DE) stands, as ``trfkit tiebreaks`` would order it:
    ``given`` (``explain --order``: codes, repeated or comma-separated; it must name
    ``code``), else the file's 212/202 list when it names ``code`` and can be
    computed, else right after points (the explanation says which). None for a
    tie-break that is not a group one (its value does not depend on the order).
    Raises :class:`CodeError` / :class:`UnknownTieBreak` for a bad ``given``."""
    if not lookup(code, ctx.scope).group:
        return None
    if given:
        codes = [parse(c) for item in given for c in item.split(",") if c.strip()]
        for c in codes:
            lookup(c, ctx.scope)
        found = order_for(code, codes, False, "from --order")
        if found is None:
            raise CodeError(f"--order does not name {code}")
        return found

    try:
        declared, full = declared_codes(ctx.tournament)
        for c in declared:
            lookup(c, ctx.scope)
    except (CodeError, UnknownTieBreak):
        return first_after_points(code, "the file's tie-break list cannot be computed")
    found = order_for(code, declared, full, f"the file's {212 if full else 202} list")
    if found is not None:
        return found
    why = (
        f"the file's tie-break list does not name {code}"
        if declared
        else "the file names no tie-breaks"
    )
    return first_after_points(code, why + "; give --order to place it")


def first_after_points(code: TieBreakCode, why: str) -> Order:
    """The order when nothing says where ``code`` stands: right after points."""
    return Order((parse("PTS"), code), f"{code} taken as the first tie-break after points: {why}")


@dataclass(frozen=True, slots=True)
class Explanation:
    player: str
    code: str
    edition: str
    lines: tuple[str, ...]
    total: float | None
    #: The counted values the total is the sum of (Buchholz family, after the cuts);
    #: empty for tie-breaks whose total is not a sum of per-round parts.
    parts: tuple[float, ...] = ()

    def render(self) -> str:
        head = f"{self.code} of {self.player} under {self.edition}"
        total = "undefined" if self.total is None else f"{self.total:g}"
        lines = [head, *("  " + line for line in self.lines), f"  total: {total}"]
        return "\n".join(map(escape_controls, lines)) + "\n"  # names are the file's text


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:g}"


def explanation_context(
    tournament: Tournament,
    edition: Edition,
    *,
    after_round: int | None = None,
    unrated_rating: int | None = None,
) -> Context:
    """The run :func:`explain` reads, built as :func:`trfkit.tiebreaks.compute` builds its
    own (same players, same rounds), so that player indices and values agree."""
    return Context(tournament, edition, after_round=after_round, unrated_rating=unrated_rating)


def explain(run: Context, i: int, code: TieBreakCode, order: Order | None = None) -> Explanation:
    """Explain ``code`` for player index ``i`` of ``run``. ``order`` matters only for a
    group tie-break (DE): without it DE is taken as the first tie-break after points."""
    entry = lookup(code, run.scope)
    ctx = run.for_code(code)  # the run the standings compute this code in (/V)
    lines: list[str] = []
    total: float | None
    parts: tuple[float, ...] = ()
    if entry.name in ("BH", "FB", "SB"):
        fore = entry.name == "FB" or code.fore
        table = adjusted(ctx, fore=fore, played_forfeits=code.played_forfeits)
        items, rounds = _round_lines(
            ctx, table, i, (fore, code.played_forfeits, entry.name == "SB")
        )
        lines.extend(rounds)
        low, high = code.cut + code.median, code.median
        kept, cut = apply_cuts(items, low, high, ctx.edition.vur_first)
        parts = tuple(it.value for it in kept)
        for it in cut:
            first = it.vur and ctx.edition.vur_first
            note = " (voluntary unplayed round, cut first)" if first else ""
            lines.append(f"cut: round {it.round + 1}, value {it.value:g}{note}")
        total = ctx.value(code)[i]
    elif entry.group:
        if entry.name != "DE" or ctx.scope != "individual":
            raise UnknownTieBreak(
                f"{code}: {entry.name} ranks the tied players among themselves; "
                "see their games against each other in the standings"
            )
        lines, total = _direct(run, i, code, order or first_after_points(code, "no order given"))
    else:
        extra = _extra_lines(ctx, i, code, entry.name)
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            opp = ctx.player_label(o) + f" (score {ctx.score[o]:g})" if o >= 0 else "no opponent"
            lines.append(
                f"round {r + 1}: {ctx.kind[i][r].value}, {ctx.pts[i][r]:g} points, {opp}"
                + extra.get(r, "")
            )
        if -1 in extra:
            lines.append(extra[-1].strip())
        total = ctx.value(code)[i]
    return Explanation(ctx.player_label(i), str(code), ctx.edition.name, tuple(lines), total, parts)


def _round_lines(
    ctx: Context, table: Adjusted, i: int, mode: tuple[bool, bool, bool]
) -> tuple[list[Item], tuple[str, ...]]:
    """The counted items of player ``i`` in ``table`` and one line per round, the same
    for every code of the Buchholz family read from that table (BH, BH/C1, BH/M1 share
    theirs; SB shows its products): kept per run, so that explaining a whole standings
    table describes each round once per table rather than once per code. ``mode`` is
    (fore, played forfeits, SB): what ``table`` was made for, and whether the lines
    show SB's products."""
    sb = mode[2]
    memo: dict[int, tuple[list[Item], tuple[str, ...]]] = ctx.memo(("explain-rounds", mode), dict)
    found = memo.get(i)
    if found is not None:
        return found
    items = (sonneborn_items if sb else buchholz_items)(ctx, table, i)  # Items already
    by_round = {it.round: it for it in items}
    lines = []
    whys: dict[int, list[str]] = ctx.memo(("explain-whys", mode[:2]), dict)  # BH's for SB
    if i not in whys:
        whys[i] = [describe(ctx, table, i, r) for r in range(ctx.rounds)]
    for r, why in enumerate(whys[i]):
        it = by_round.get(r)
        if it is None:
            lines.append(f"round {r + 1}: {why}")
            continue
        product = f" x {table.pts[i][r]:g} = {it.value:g}" if sb else ""
        lines.append(f"round {r + 1}: {_fmt(table.contrib[i][r])}{product}  ({why})")
    found = memo[i] = (items, tuple(lines))
    return found


def _extra_lines(ctx: Context, i: int, code: TieBreakCode, name: str) -> dict[int, str]:
    """Per-round notes (key = round index, -1 = a closing line) for tie-breaks that
    need more than the results: running scores (PS), the Koya threshold (KS), the
    opponents' Buchholz (AOB, SOBH)."""
    out: dict[int, str] = {}
    if name == "PS":
        running = 0.0
        bonus = ctx.bonus.get(i)  # a 299 bonus or penalty counts from its round on
        for r in range(ctx.rounds):
            running += ctx.pts[i][r] + (bonus[r] if bonus else 0.0)
            cut = " (cut)" if r < code.cut else ""
            out[r] = f"; running score {running:g}{cut}"
    elif name in ("AOB", "SOBH"):
        inner = parse(("FB" if code.fore else "BH") + ("/P" if code.played_forfeits else ""))
        bh = ctx.value(inner)
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            if o >= 0 and ctx.otb[i][r]:
                out[r] = f"; their {inner.canonical} {_fmt(bh[o])}"
    elif name == "KS":
        threshold = koya_threshold(ctx, code)
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            if o >= 0:
                counted = ctx.score[o] >= threshold - 1e-9
                out[r] = "; counts" if counted else "; below the threshold"
        out[-1] = f"threshold: {threshold:g} points"
    return out


def _direct(run: Context, i: int, code: TieBreakCode, order: Order) -> tuple[list[str], Value]:
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
    lines = [head]
    # the group is the run's (criteria before DE in their own editions, as the standings
    # rank); DE itself is taken apart in the run that computes it (a /V edition)
    ctx = run.for_code(code)
    group = groups[ranks[i]]
    level = ", ".join(f"{name} {_fmt(col[i] if col else None)}" for name, col in columns)
    level = level or "nothing yet"
    if len(group) < 2:
        lines.append(
            f"not tied with anyone when {code} is applied (level on {level}): "
            f"{code} does not apply (the standings show -)"
        )
        return lines, None
    others = [ctx.player_label(j) for j in group if j != i]
    lines.append(
        f"tied group ({len(group)} players level on {level}): "
        f"{ctx.player_label(i)} with {', '.join(others)}"
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
    group by :func:`_direct`, so that explaining every member of a large tie does the
    group's work once."""
    from .direct_encounter import group_tiers, tier_ranks  # DE/EDE explanations only

    old = ctx.edition.de_rule == "complete-only"
    lines = [
        "rule: Art. 32.1.6: decides only when every tied player met every other, "
        "by the sum of their points in those games"
        if old
        else "rule: C.07 Art. 6: games among the tied players, repeated games averaged "
        "(6.1.2); all met: sub-table, re-applied to subgroups (6.2); not all met: "
        "placed only if first whatever the missing games (6.3)"
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
    note = "no one separated: 0 for all" if len(tiers) <= 1 else "1 = best, shared while tied"
    lines.append(f"{code} ranks in the group ({note}): {shown}")
    return lines, ranks_in


def tied_group(run: Context, i: int, code: TieBreakCode, order: Order) -> Sequence[int]:
    """The players (indices, ``i`` among them) still tied with player ``i`` when the group
    tie-break ``code`` is applied in ``order``: the group :func:`explain` takes apart
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
) -> tuple[str, list[int], dict[int, list[int]], list[tuple[str, list[Value] | None]]]:
    """What DE's explanation needs of ``order`` before ``code``: its first line, the ranks
    after the criteria before it, the players of each rank (in index order: the tied
    groups DE is applied to) and each criterion's name and values (None for a group
    criterion the standings never reached: everyone was settled before it).

    Kept once per run (:meth:`~.context.RunMemo.memo`): explaining DE for every player of
    a field (a report's standings) would otherwise rank the whole field again, and scan
    it for the group, once per player."""
    before = list(order.codes[: order.codes.index(code)])
    head = f"order: {', '.join(c.canonical for c in order.codes)} ({order.source})"
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
    how = "repeated games summed" if old else "repeated games averaged"
    lines = [f"games among them (counted: {_counted(ctx, code)}; {how}):"]
    counted_rounds: set[tuple[int, int]] = set()
    for j in group:
        by_opponent: dict[int, list[tuple[int, float]]] = {}
        for r, o, p in ctx.games(j, code.played_forfeits):
            if o in members and o != j:
                by_opponent.setdefault(o, []).append((r, p))
                counted_rounds.add((j, r))
        parts = []
        for o, games in by_opponent.items():
            rounds = ", ".join(str(r + 1) for r, _ in games)
            points = [p for _, p in games]
            if len(games) == 1:
                parts.append(f"round {rounds} vs {label(o)} {points[0]:g}")
                continue
            joined = " + ".join(f"{p:g}" for p in points)
            value = sum(points) if old else sum(points) / len(points)
            parts.append(
                f"rounds {rounds} vs {label(o)} {joined}"
                + (f" = {value:g}" if old else f", average {value:g}")
            )
        unmet = [o for o in group if o != j and o not in by_opponent]  # labelled if few
        if unmet:
            parts.append(
                "did not meet "
                + (", ".join(map(label, unmet)) if len(unmet) <= 3 else f"{len(unmet)} of them")
            )
        lines.append(f"  {label(j)}: {'; '.join(parts) or 'no game'} -> {totals[j]:g}")
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
                    f"  not counted: round {r + 1}, {label(j)} vs {label(o)}: "
                    f"{ctx.kind[j][r].value} (not a game over the board, C.07 6.1.1)"
                )
    return lines


def _counted(ctx: Context, code: TieBreakCode) -> str:
    if ctx.round_robin:
        return "games over the board and forfeits, a round-robin (C.07 15.2)"
    if code.played_forfeits:
        return "games over the board and forfeits (/P)"
    return "games over the board only"


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
        "the group"
        if len(g) == size
        else "the players still tied (" + ", ".join(label(j) for j in sorted(g)) + ")"
    )
    head = f"pass {number} on {who}: "
    ordered = [j for tier in decided for j in tier]
    if all(missing[j] == 0 for j in g):
        out = [
            head
            + "every pair met; sub-table "
            + ", ".join(f"{label(j)} {totals[j]:g}" for j in ordered)
        ]
        if len(decided) == 1:
            out.append("  -> their games do not separate them")
            return out
        out.append("  -> " + " | ".join(", ".join(label(j) for j in tier) for tier in decided))
        if any(len(tier) > 1 for tier in decided):
            out.append(
                "  still tied: Art. 32.1.6 has no further step"
                if old
                else "  still tied: the procedure is re-applied to them (C.07 6.2)"
            )
        return out
    if old:
        short = ", ".join(f"{label(j)} {missing[j]}" for j in g if missing[j])
        return [
            head + f"not every pair met (games missing: {short}): Art. 32.1.6 makes no decision"
        ]
    best = potentials(g, totals, missing, ctx.win)
    out = [
        head + "not every pair met: C.07 6.3, a player is placed only if first whatever "
        "the outcome of the missing games",
        "  sub-table (best possible, every missing game won): "
        + ", ".join(f"{label(j)} {totals[j]:g} ({best[j]:g})" for j in ordered),
    ]
    placed = [tier[0] for tier in decided[:-1]]
    left = set(g)
    for j in placed:
        left.discard(j)
        rival = max(sorted(left), key=best.__getitem__)
        out.append(
            f"  placed: {label(j)}, {totals[j]:g} > {best[rival]:g}, "
            f"the best possible of {label(rival)}"
        )
    rest = decided[-1]
    if len(rest) == 1:
        out.append(f"  left last: {label(rest[0])}")
        return out
    top = rest[0]
    rival = max(sorted(j for j in rest if j != top), key=best.__getitem__)
    out.append(
        f"  not placed: {label(top)}, {totals[top]:g} is not above {best[rival]:g}, "
        f"the best possible of {label(rival)}"
    )
    out.append(
        "  -> the others form a smaller group: the procedure restarts on them (6.3)"
        if placed
        else "  -> nobody can be placed: not separated"
    )
    return out
