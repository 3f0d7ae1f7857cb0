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

from ...i18n import Phrase, phrase
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
            phrase(
                "Fore Buchholz: every match of round {round} taken as drawn (C.07 8.3)",
                round=ctx.rounds,
            ),
            *_sum_lines(ctx.fore(), i, code, *scores),
        ]
    else:
        lines = _sum_lines(ctx, i, code, *scores)
    total = ctx.value(code)[i]
    return Explanation(ctx.label(i), str(code), ctx.edition.name, tuple(lines), total)


def _unplayed(ctx: TeamContext) -> Phrase:
    if ctx.edition.virtual_opponent:
        return phrase("virtual opponent (2009 SPP decision)")
    if ctx.edition.dummy_cap:
        return phrase("dummy opponent, capped (2026)")
    return phrase("dummy opponent: own final score (16.4)")


def _sum_lines(ctx: TeamContext, i: int, code: TieBreakCode, s: str, own: str | None) -> list[str]:
    """Each round's contribution, then the cuts, as the tie-break sums them."""
    items = parts(ctx, i, s, own, code.played_forfeits)
    by_round = {p.round: p for p in items}
    lines: list[str] = []
    for r in range(ctx.rounds):
        o = ctx.opp[i][r]
        kind = phrase(ctx.kind[i][r].value)
        against = phrase(" vs {team}", team=ctx.label(o)) if o >= 0 else ""
        p = by_round.get(r)
        if p is None:
            lines.append(
                phrase(
                    "round {round}: {kind}{against}: adds nothing (round-robin)",
                    round=r + 1,
                    kind=kind,
                    against=against,
                )
            )
            continue
        source = (
            phrase("{team} shows {score} {value:g}", team=ctx.label(o), score=s, value=p.score)
            if ctx.met(i, r, code.played_forfeits) or (ctx.round_robin and o >= 0)
            else phrase(
                "{unplayed} {score} {value:g}", unplayed=_unplayed(ctx), score=s, value=p.score
            )
        )
        product = (
            phrase(
                " x own {score} {points:g} = {value:g}",
                score=own,
                points=ctx.pts[own][i][r],
                value=p.value,
            )
            if own
            else ""
        )
        lines.append(
            phrase(
                "round {round}: {kind}{against}; {source}{product}",
                round=r + 1,
                kind=kind,
                against=against,
                source=source,
                product=product,
            )
        )
    low, high = code.cut + code.median, code.median
    kept = {id(p) for p in apply_cut(ctx, items, low, high)}
    for p in items:
        if id(p) not in kept:
            note = phrase(" (voluntary unplayed round)") if p.vur else ""
            lines.append(
                phrase(
                    "cut: round {round}, value {value:g}{note}",
                    round=p.round + 1,
                    value=p.value,
                    note=note,
                )
            )
    return lines


def _result_lines(ctx: TeamContext, i: int, code: TieBreakCode, name: str) -> list[str]:
    """Each round's match: result, match and game points, the opposing team (and, for
    AOB, that team's Buchholz, which the average is taken of)."""
    inner = None
    if name == "AOB":
        s = ctx.score_type(code)
        inner = parse(f"FB:{s}" if code.fore else f"BH:{s}")
        bh = ctx.value(inner)
    lines: list[str] = []
    for r in range(ctx.rounds):
        o = ctx.opp[i][r]
        against: str = (
            phrase(
                "{team} (MP {mp:g}, GP {gp:g})",
                team=ctx.label(o),
                mp=ctx.totals["MP"][o],
                gp=ctx.totals["GP"][o],
            )
            if o >= 0
            else phrase("no opponent")
        )
        their: str = ""
        if inner is not None and o >= 0 and ctx.otb[i][r]:
            value = bh[o]
            their = phrase(
                "; their {code} {value}",
                code=inner.canonical,
                value="-" if value is None else f"{value:g}",
            )
        lines.append(
            phrase(
                "round {round}: {kind}, MP {mp:g}, GP {gp:g}, {against}{their}",
                round=r + 1,
                kind=phrase(ctx.kind[i][r].value),
                mp=ctx.pts["MP"][i][r],
                gp=ctx.pts["GP"][i][r],
                against=against,
                their=their,
            )
        )
    return lines
