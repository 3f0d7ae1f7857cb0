"""``trfkit explain``: one player's tie-break, round by round, for settling a dispute.

For the Buchholz family (BH, FB, SB and their cuts) every round shows the opponent,
the opponent's adjusted score, the dummy or virtual opponent and why, and what a
cut removed. Other tie-breaks show the per-round inputs they use and the total.
"""

from __future__ import annotations

from dataclasses import dataclass

from .codes import TieBreakCode
from .context import Context
from .cuts import Item, apply_cuts
from .individual import buchholz_items, sonneborn_items
from .registry import lookup
from .unplayed import adjusted, describe

__all__ = ["Explanation", "explain"]


@dataclass(frozen=True, slots=True)
class Explanation:
    player: str
    code: str
    edition: str
    lines: tuple[str, ...]
    total: float | None

    def render(self) -> str:
        head = f"{self.code} of {self.player} under {self.edition}"
        total = "undefined" if self.total is None else f"{self.total:g}"
        return "\n".join([head, *("  " + line for line in self.lines), f"  total: {total}"]) + "\n"


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:g}"


def explain(ctx: Context, i: int, code: TieBreakCode) -> Explanation:
    """Explain ``code`` for player index ``i``."""
    entry = lookup(code, ctx.scope)
    lines: list[str] = []
    total: float | None
    if entry.name in ("BH", "FB", "SB"):
        table = adjusted(ctx, fore=entry.name == "FB" or code.fore, played_forfeits=code.played_forfeits)
        sb = entry.name == "SB"
        items = [Item(*it) for it in (sonneborn_items if sb else buchholz_items)(ctx, table, i)]
        by_round = {it.round: it for it in items}
        for r in range(ctx.rounds):
            it = by_round.get(r)
            why = describe(ctx, table, i, r)
            if it is None:
                lines.append(f"round {r + 1}: {why}")
                continue
            product = f" x {table.pts[i][r]:g} = {it.value:g}" if sb else ""
            lines.append(f"round {r + 1}: {_fmt(table.contrib[i][r])}{product}  ({why})")
        low, high = code.cut + code.median, code.median
        kept, cut = apply_cuts(items, low, high, ctx.edition.vur_first)
        for it in cut:
            note = " (voluntary unplayed round, cut first)" if it.vur and ctx.edition.vur_first else ""
            lines.append(f"cut: round {it.round + 1}, value {it.value:g}{note}")
        total = ctx.value(code)[i]
    else:
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            opp = ctx.player_label(o) + f" (score {ctx.score[o]:g})" if o >= 0 else "no opponent"
            lines.append(f"round {r + 1}: {ctx.kind[i][r].value}, {ctx.pts[i][r]:g} points, {opp}")
        total = ctx.value(code)[i]
    return Explanation(ctx.player_label(i), str(code), ctx.edition.name, tuple(lines), total)
