"""Individual tie-breaks computed from results alone (C.07 Arts. 7-9, Article 32.1/32.3)."""

from __future__ import annotations

from .codes import TieBreakCode
from .context import Context, Value
from .registry import register


@register("PTS", title="Points", article="C.07 5")
def points(ctx: Context, code: TieBreakCode) -> list[Value]:
    """Points after the rounds scored, under the tournament's scoring system."""
    return list(ctx.score)
