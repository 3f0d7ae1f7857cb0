"""``trfkit explain --team N``: one team's tie-break, match by match.

The team counterpart of :func:`trfkit.tiebreaks.explain.explain`. For the Buchholz
family on team scores (``BH``, ``FB`` with ``:MP``/``:GP``, the extended
Sonneborn-Berger codes ``EMMSB`` ... ``EGGSB`` and Article 32's team ``SB``) every round
shows the opposing team and the score it shows (or the dummy or virtual opponent of an
unplayed round), the product for ESB, and what a cut removed; the contributions come
from the same :func:`~.definitions.parts` and :func:`~.definitions.cut`
the tie-break sums, and the total is the registry's value, so the explanation ends on
the number ``trfkit tiebreaks`` prints for that team. Other codes show each round's
match result, match and game points, and the total.
"""

from __future__ import annotations

from ...tiebreak_codes import TieBreakCode, parse
from ..explain import Explanation
from ..registry import UnknownTieBreak, lookup
from .context import TeamContext
from .definitions import cut as apply_cut
from .definitions import parts

__all__ = ["explain_team"]

#: ESB codes -> (score of the opponent, own score multiplied by it), C.07 13.2.
_ESB = {"EMMSB": ("MP", "MP"), "EMGSB": ("MP", "GP"), "EGMSB": ("GP", "MP"), "EGGSB": ("GP", "GP")}


def _scores(ctx: TeamContext, code: TieBreakCode, name: str) -> tuple[str, str | None] | None:
    """(opponent score, own score or None) of a Buchholz-family code, else None."""
    if name in ("BH", "FB"):
        return ctx.score_type(code), None
    if name in _ESB:
        return _ESB[name]
    if name == "SB":  # Article 32.3.2.2 (EGGSB unless :MP)
        s = code.score or "GP"
        return s, s
    return None


def explain_team(ctx: TeamContext, i: int, code: TieBreakCode) -> Explanation:
    """Explain ``code`` for the team at index ``i`` of ``ctx.teams``.

    Raises :class:`UnknownTieBreak` for a code that is no team tie-break, and for the
    group tie-breaks (EDE, DE, TBR, BBE), which rank the tied teams among themselves.
    """
    entry = lookup(code, ctx.scope)
    if entry.group:
        raise UnknownTieBreak(
            f"{code}: {entry.name} ranks the tied teams among themselves; "
            "see their matches against each other in the standings"
        )
    scores = _scores(ctx, code, entry.name)
    if scores is None:
        lines = _result_lines(ctx, i, code, entry.name)
    elif entry.name == "FB":
        lines = [
            f"Fore Buchholz: every match of round {ctx.rounds} taken as drawn (C.07 8.3)",
            *_sum_lines(ctx.fore(), i, code, *scores),
        ]
    else:
        lines = _sum_lines(ctx, i, code, *scores)
    total = ctx.value(code)[i]
    return Explanation(ctx.label(i), str(code), ctx.edition.name, tuple(lines), total)


def _unplayed(ctx: TeamContext) -> str:
    if ctx.edition.virtual_opponent:
        return "virtual opponent (2009 SPP decision)"
    if ctx.edition.dummy_cap:
        return "dummy opponent, capped (2026)"
    return "dummy opponent: own final score (16.4)"


def _sum_lines(ctx: TeamContext, i: int, code: TieBreakCode, s: str, own: str | None) -> list[str]:
    """Each round's contribution, then the cuts, as the tie-break sums them."""
    items = parts(ctx, i, s, own, code.played_forfeits)
    by_round = {p.round: p for p in items}
    lines = []
    for r in range(ctx.rounds):
        o = ctx.opp[i][r]
        kind = ctx.kind[i][r].value
        against = f" vs {ctx.label(o)}" if o >= 0 else ""
        p = by_round.get(r)
        if p is None:
            lines.append(f"round {r + 1}: {kind}{against}: adds nothing (round-robin)")
            continue
        source = (
            f"{ctx.label(o)} shows {s} {p.score:g}"
            if ctx.met(i, r, code.played_forfeits) or (ctx.round_robin and o >= 0)
            else f"{_unplayed(ctx)} {s} {p.score:g}"
        )
        product = f" x own {own} {ctx.pts[own][i][r]:g} = {p.value:g}" if own else ""
        lines.append(f"round {r + 1}: {kind}{against}; {source}{product}")
    low, high = code.cut + code.median, code.median
    kept = {id(p) for p in apply_cut(ctx, items, low, high)}
    for p in items:
        if id(p) not in kept:
            note = " (voluntary unplayed round)" if p.vur else ""
            lines.append(f"cut: round {p.round + 1}, value {p.value:g}{note}")
    return lines


def _result_lines(ctx: TeamContext, i: int, code: TieBreakCode, name: str) -> list[str]:
    """Each round's match: result, match and game points, the opposing team (and, for
    AOB, that team's Buchholz, which the average is taken of)."""
    inner = None
    if name == "AOB":
        s = ctx.score_type(code)
        inner = parse(f"FB:{s}" if code.fore else f"BH:{s}")
        bh = ctx.value(inner)
    lines = []
    for r in range(ctx.rounds):
        o = ctx.opp[i][r]
        against = (
            f"{ctx.label(o)} (MP {ctx.totals['MP'][o]:g}, GP {ctx.totals['GP'][o]:g})"
            if o >= 0
            else "no opponent"
        )
        if inner is not None and o >= 0 and ctx.otb[i][r]:
            value = bh[o]
            against += f"; their {inner.canonical} {'-' if value is None else f'{value:g}'}"
        lines.append(
            f"round {r + 1}: {ctx.kind[i][r].value}, MP {ctx.pts['MP'][i][r]:g}, "
            f"GP {ctx.pts['GP'][i][r]:g}, {against}"
        )
    return lines
