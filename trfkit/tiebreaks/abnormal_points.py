"""TRF26 ``299`` (abnormal point assignment) applied to the points tie-breaks score.

Why a module of its own: the validator already adds a bonus or penalty to a player's
total (T401), and the standings must score the same total, or PTS and everything built
on it (Buchholz, Sonneborn-Berger, Koya thresholds, progressive scores) disagree with
the file. Two kinds of record exist (TRF.md §6.1):

* **untyped** (column 5 blank): a bonus or penalty of ``points`` for the listed players.
  With a round it belongs to that round (it counts from that round's running score on
  and only in standings that include the round); without one (``000`` or empty, "all
  rounds") it belongs to the total and is scored with the last round of the standings.
* **typed** (``W D L F H Z + -``): in the round given (every round when none), a result
  of that type is worth ``points`` for the listed players instead of the scoring
  system's value.

Where the text is silent trfkit chose, and the README says so: a bonus is part of the
player's score, so it is part of what opponents count (Buchholz, SB's opponent score,
the Koya threshold), but it is no game: it is never a product in SB, a game in DE, or a
result in the rating tie-breaks (TPR and PTP use the game results). A typed record
changes a round's points, so SB multiplies by them; WIN and STD read the points too.
A record's identifiers are start numbers in an individual event; in a team event they
are team numbers, and the team tie-breaks' own records apply (this module does not).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.results import Kind

if TYPE_CHECKING:
    from .context import Context

__all__ = ["apply"]

#: The 299 type letter -> the result kinds it re-values.
_TYPES: dict[str, frozenset[Kind]] = {
    "W": frozenset({Kind.WIN}),
    "D": frozenset({Kind.DRAW}),
    "L": frozenset({Kind.LOSS}),
    "F": frozenset({Kind.FULL_BYE}),
    "H": frozenset({Kind.HALF_BYE}),
    "Z": frozenset({Kind.ZERO_BYE, Kind.NOT_PAIRED}),
    "+": frozenset({Kind.FORFEIT_WIN}),
    "-": frozenset({Kind.FORFEIT_LOSS}),
}


def apply(ctx: Context) -> None:
    """Re-value typed results in ``ctx.pts`` and put untyped bonuses in ``ctx.bonus``
    (player index -> points per round scored, only players with one); ``ctx.score``
    then holds both. Records naming a player the file lacks, or a typed result the
    player does not have in the rounds scored, are reported (T515) and change nothing."""
    t = ctx.tournament
    rounds = ctx.rounds
    if not t.abnormal or t.is_team_event or not rounds:
        return
    pts: dict[int, list[float]] = {}  # rows changed, by player
    bonus: dict[int, list[float]] = {}
    for record in t.abnormal:
        if record.points is None:
            continue  # match points only: a team record
        kinds = _TYPES.get(record.kind.strip().upper())
        for start in record.players:
            i = ctx.index.get(start)
            if i is None:
                ctx.note(
                    "T515",
                    f"299 (line {record.line}): no player with start number "
                    f"{start}; the {_what(record.points)} is not applied",
                )
                continue
            if kinds is None:  # an untyped bonus or penalty
                at = (record.round or rounds) - 1
                if at < rounds:
                    row = bonus.setdefault(i, [0.0] * rounds)
                    row[at] += record.points
                continue
            scope = (
                range(rounds)
                if not record.round
                else range(record.round - 1, min(record.round, rounds))
            )
            hits = [r for r in scope if ctx.kind[i][r] in kinds]
            if not hits:
                if not record.round or record.round <= rounds:
                    where = f"round {record.round}" if record.round else "any round"
                    ctx.note(
                        "T515",
                        f"299 (line {record.line}): {ctx.player_label(i)} has no "
                        f"'{record.kind}' result in {where}; the {record.points:g} "
                        "points it assigns are not applied",
                        i,
                    )
                continue
            row_pts = pts.setdefault(i, list(ctx.pts[i]))
            for r in hits:
                row_pts[r] = record.points
    for i, row in pts.items():
        ctx.pts[i] = tuple(row)
    for i, row in bonus.items():
        ctx.bonus[i] = tuple(row)
    ctx.rescored = frozenset(pts) | frozenset(bonus)
    for i in ctx.rescored:
        extra = ctx.bonus.get(i, ())
        ctx.score[i] = sum(ctx.pts[i], 0.0) + sum(extra, 0.0)


def _what(points: float) -> str:
    return f"bonus of {points:g}" if points >= 0 else f"penalty of {-points:g}"
