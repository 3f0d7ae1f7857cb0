"""``trfkit explain``: one player's tie-break, round by round, for settling a dispute.

For the Buchholz family (BH, FB, SB and their cuts) every round shows the opponent,
the opponent's adjusted score, the dummy or virtual opponent and why, and what a
cut removed. Other tie-breaks show the per-round inputs they use and the total.
"""

from __future__ import annotations

from ..frozen import frozen_dataclass
from .codes import TieBreakCode
from .context import Context
from .cuts import Item, apply_cuts
from .individual import buchholz_items, sonneborn_items
from .registry import UnknownTieBreak, lookup
from .unplayed import adjusted, describe

__all__ = ["Explanation", "explain"]


@frozen_dataclass
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
        table = adjusted(ctx, fore=entry.name == "FB" or code.fore,
                         played_forfeits=code.played_forfeits)
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
            first = it.vur and ctx.edition.vur_first
            note = " (voluntary unplayed round, cut first)" if first else ""
            lines.append(f"cut: round {it.round + 1}, value {it.value:g}{note}")
        total = ctx.value(code)[i]
    elif entry.group:
        raise UnknownTieBreak(f"{code}: {entry.name} ranks the tied players among themselves; "
                              "see their games against each other in the standings")
    else:
        extra = _extra_lines(ctx, i, code, entry.name)
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            opp = ctx.player_label(o) + f" (score {ctx.score[o]:g})" if o >= 0 else "no opponent"
            lines.append(f"round {r + 1}: {ctx.kind[i][r].value}, {ctx.pts[i][r]:g} points, {opp}"
                         + extra.get(r, ""))
        if -1 in extra:
            lines.append(extra[-1].strip())
        total = ctx.value(code)[i]
    return Explanation(ctx.player_label(i), str(code), ctx.edition.name, tuple(lines), total)


def _extra_lines(ctx: Context, i: int, code: TieBreakCode, name: str) -> dict[int, str]:
    """Per-round notes (key = round index, -1 = a closing line) for tie-breaks that
    need more than the results: running scores (PS), the Koya threshold (KS), the
    opponents' Buchholz (AOB, SOBH)."""
    out: dict[int, str] = {}
    if name == "PS":
        running = 0.0
        for r in range(ctx.rounds):
            running += ctx.pts[i][r]
            cut = " (cut)" if r < code.cut else ""
            out[r] = f"; running score {running:g}{cut}"
    elif name in ("AOB", "SOBH"):
        from .codes import parse

        inner = parse(("FB" if code.fore else "BH") + ("/P" if code.played_forfeits else ""))
        bh = ctx.value(inner)
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            if o >= 0 and ctx.otb[i][r]:
                out[r] = f"; their {inner.canonical} {_fmt(bh[o])}"
    elif name == "KS":
        from .individual import koya_threshold

        threshold = koya_threshold(ctx, code)
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            if o >= 0:
                counted = ctx.score[o] >= threshold - 1e-9
                out[r] = "; counts" if counted else "; below the threshold"
        out[-1] = f"threshold: {threshold:g} points"
    return out
