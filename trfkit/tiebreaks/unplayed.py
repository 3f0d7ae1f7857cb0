"""Unplayed rounds: what each round contributes to Buchholz-type tie-breaks, by edition.

:func:`adjusted` returns an :class:`Adjusted` table for one run and one mode
(``fore`` for Fore Buchholz, ``played_forfeits`` for ``/P``): for every player the
score *shown to opponents* and, round by round, the opponent score the player's own
BH counts (``contrib``), the points the player scored (``pts``, for SB products) and
whether the round may be cut first (``vur``). BH, FB, SB, AOB and SOBH are then plain
sums over these lists.

Editions (``ctx.edition.unplayed``):

* ``"dummy"`` (C.07 2023/2024-08, Art. 16; TIEBREAKS.md §C.2): an own unplayed round is
  a game against a dummy whose score is the player's own final score; voluntary
  unplayed rounds (requested byes, forfeit losses, rounds after withdrawal) are the
  cut candidates (16.5). A requested bye followed only by VURs (16.2.5) shows as a
  draw to opponents, everything else at face value. With ``edition.dummy_cap``
  (2026, §C.3) the dummy's score is at most the scheduled opponent's adjusted score
  (forfeits) or draw points × rounds (byes, absences).
* ``"virtual"`` (pre-2023 and Article 32; §C.1): an own unplayed round is a game
  against a virtual opponent who had the player's score before the round, got the
  opposite result and drew every later round; every unplayed round of an opponent
  counts as a draw in what that opponent shows to others.

In round-robins forfeits are games against the scheduled opponent (15.2) and
rounds without an opponent are not counted at all (``contrib`` is None).
Fore mode (Art. 8.3): every paired game of the last round counts as a draw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress, repeat
from operator import and_, not_

from ..i18n import phrase
from ..model.results import Kind
from .context import Context

__all__ = ["VUR_KINDS", "Adjusted", "adjusted", "describe"]

#: Voluntary unplayed rounds (16.1.2): requested byes (H, Z, absences, rounds after a
#: withdrawal) and forfeit losses. PAB, full-point byes and forfeit wins are not.
VUR_KINDS = frozenset({Kind.HALF_BYE, Kind.ZERO_BYE, Kind.NOT_PAIRED, Kind.FORFEIT_LOSS})
_FORFEITS = frozenset({Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS})


# a table of one run, read in place: identity is its equality (no generated __eq__, __repr__)
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Adjusted:
    """Per-player, per-round data for BH/SB-type tie-breaks (see the module docstring).

    ``own[i]``: the player's score as the dummy uses it (fore-adjusted in fore mode);
    ``shown[i]``: the score opponents count; ``contrib[i][r]``: the opponent score the
    player's round ``r`` contributes, None when the round is not counted;
    ``pts[i][r]``: points scored in round ``r``; ``vur[i][r]``: a cut-first round;
    ``game[i][r]``: the round counts as a game against ``ctx.opp[i][r]``.
    Rows may be shared with the context: read-only.
    """

    own: list[float]
    shown: list[float]
    contrib: list[Sequence[float | None]]
    pts: list[Sequence[float]]
    vur: list[Sequence[bool]]
    game: list[Sequence[bool]]


def adjusted(ctx: Context, *, fore: bool = False, played_forfeits: bool = False) -> Adjusted:
    """The table for this run and mode, computed once and cached on ``ctx``."""
    return ctx.memo(
        ("adjusted", fore, played_forfeits), lambda: _compute(ctx, fore, played_forfeits)
    )


def _compute(ctx: Context, fore: bool, played_forfeits: bool) -> Adjusted:
    n, rounds, last = ctx.n, ctx.rounds, ctx.rounds - 1
    draw = ctx.draw
    rr = ctx.round_robin
    opp, kind, otb, regular = ctx.opp, ctx.kind, ctx.otb, ctx.regular
    forfeits_count = played_forfeits or rr
    all_games = (True,) * rounds  # shared by every regular player (read-only)

    # Which rounds are games against the scheduled opponent, and the points scored.
    # A regular player (every round a game over the board) needs neither: all rounds
    # are games, the points are ctx.pts as they are (fore mode: the last one a draw).
    # Regular rows are filled for the whole field at once; only the others are walked.
    others = list(compress(range(n), map(not_, regular)))
    game: list[Sequence[bool]] = [all_games] * n
    pts: list[Sequence[float]] = list(ctx.pts)
    if fore and rounds:  # Art. 8.3: the last round a draw (the other rows: below)
        for i in compress(range(n), regular):
            pts[i] = ctx.pts[i][:last] + (draw,)
        fore_player = list(regular)
    else:
        fore_player = [False] * n
    for i in others:
        o_row, k_row, otb_row = opp[i], kind[i], otb[i]
        g_row: Sequence[bool] = otb_row  # shared, read-only, until a round differs
        if forfeits_count:
            g_row = [
                g or (o >= 0 and k in _FORFEITS)
                for g, o, k in zip(otb_row, o_row, k_row, strict=True)
            ]
        waiting = ctx.pending.get(i)
        if waiting:  # paired, no result yet: the opponent is met, no points so far
            g_row = [g or r in waiting for r, g in enumerate(g_row)]
        if fore and rounds:
            q_row = list(ctx.pts[i])
            # Art. 8.3: the last round's paired games count as draws (forfeits included).
            if o_row[last] >= 0 or otb_row[last] or k_row[last] is Kind.PAB:
                fore_player[i] = True
            if o_row[last] >= 0:
                q_row[last] = draw
                if not g_row[last]:  # a row already a game there stays shared
                    g_row = list(g_row)
                    g_row[last] = True
            pts[i] = q_row
        game[i] = g_row
    # Without fore every row holds ctx.pts' values: the score is ctx.score, same sum.
    bonus = {i: sum(row, 0.0) for i, row in ctx.bonus.items()}  # 299, part of the score
    if not fore:
        own = list(ctx.score)
    else:
        own = list(map(sum, pts, repeat(0.0)))
        for i, extra in bonus.items():
            own[i] += extra

    if ctx.edition.virtual_opponent:
        return _virtual(ctx, own, pts, game, others, bonus)

    # -- dummy opponent (2023 / 2024-08 / 2026) -------------------------------------------
    vur: list[Sequence[bool]] = [(False,) * rounds] * n
    is_vur_kind = VUR_KINDS.__contains__
    for i in others:
        # where the games are the rounds over the board, a round of a VUR kind is never
        # a game (those kinds are not played): the kind alone decides
        vur[i] = (
            list(map(is_vur_kind, kind[i]))
            if game[i] is otb[i]
            else list(map(and_, map(not_, game[i]), map(is_vur_kind, kind[i])))
        )
    # A player whose every round is a game shows the own score (the sum below, in the
    # same order): only the others need the 16.2.5 walk.
    shown = list(own)
    no_opponent_value = 0.0 if rr else draw
    for i in others:
        row, o_row, v_row = pts[i], opp[i], vur[i]
        lna = rounds if fore_player[i] else _last_not_vur(v_row, kind[i])
        if lna >= rounds:  # no round after the last non-VUR one: the own score, same sum
            shown[i] = own[i]
            continue
        total = bonus.get(i, 0.0)
        for r in range(rounds):
            total += row[r] if (r < lna or o_row[r] >= 0) else no_opponent_value
        shown[i] = total

    contrib = _games_contrib(ctx, shown)
    cap_rounds = draw * rounds
    capped = ctx.edition.dummy_cap
    for i in others:
        o_row, counted = opp[i], game[i]
        mine = own[i]
        if not rr and not capped:  # a game counts the opponent's score, the rest the dummy's
            contrib[i] = [
                shown[o] if g and o >= 0 else mine for g, o in zip(counted, o_row, strict=True)
            ]
            continue
        c_row: list[float | None] = []
        for r in range(rounds):
            o = o_row[r]
            if counted[r] and o >= 0:
                c_row.append(shown[o])
            elif rr:
                c_row.append(None if o < 0 else 0.0)
            else:
                if o < 0 and kind[i][r] in _FORFEITS:
                    ctx.note(
                        "T502",
                        f"round {r + 1}: forfeit without a scheduled opponent; "
                        "the dummy is capped at draw x rounds (16.4.2)",
                        i,
                    )
                c_row.append(min(mine, shown[o]) if o >= 0 else min(mine, cap_rounds))
        contrib[i] = c_row
    return Adjusted(own, shown, contrib, pts, vur, game)


def _games_contrib(ctx: Context, shown: list[float]) -> list[Sequence[float | None]]:
    """Every regular player's row of opponents' shown scores; the other rows are left
    empty for the caller to fill."""
    shown_of = shown.__getitem__
    return [
        list(map(shown_of, o_row)) if is_regular else []
        for o_row, is_regular in zip(ctx.opp, ctx.regular, strict=True)
    ]


def _last_not_vur(v_row: Sequence[bool], k_row: Sequence[Kind]) -> int:
    """Number of rounds up to and including the last one that is not a VUR (0 if none).

    Rounds after it with no opponent are category 16.2.5 and show as draws.
    """
    for r in range(len(v_row) - 1, -1, -1):
        if not v_row[r]:
            return r + 1
    return 0


def _virtual(
    ctx: Context,
    own: list[float],
    pts: list[Sequence[float]],
    game: list[Sequence[bool]],
    others: list[int],
    bonus: dict[int, float],
) -> Adjusted:
    """Pre-2023 rules: virtual opponent for own unplayed rounds, draws for opponents'.

    A regular player (not in ``others``) shows the own score and meets no virtual
    opponent, so only the others take the round-by-round walk. A 299 bonus is part of
    the score shown, and of the score before a round from its own round on.
    """
    n, rounds, draw = ctx.n, ctx.rounds, ctx.draw
    opp, kind = ctx.opp, ctx.kind
    rr = ctx.round_robin
    shown = list(own)
    for i in others:
        if False not in game[i]:
            continue  # every round counts as a game (round-robin forfeits): the own score
        total = bonus.get(i, 0.0)
        for r in range(rounds):
            if game[i][r]:
                total += pts[i][r]
            elif not (rr and opp[i][r] < 0):
                total += draw  # an unplayed round shows as a draw to the opponents
        shown[i] = total
    contrib = _games_contrib(ctx, shown)
    for i in others:
        c_row: list[float | None] = []
        before = 0.0
        extra = ctx.bonus.get(i, (0.0,) * rounds)
        for r in range(rounds):
            p = pts[i][r]
            before += extra[r - 1] if r else 0.0
            o = opp[i][r]
            if game[i][r] and o >= 0:
                c_row.append(shown[o])
            elif rr and o < 0:
                c_row.append(None)
            else:
                # Svon = SPR + (points of the opposite result) + draw × (n − R)
                c_row.append(before + _opposite(ctx, kind[i][r], p) + draw * (rounds - r - 1))
            before += p
        contrib[i] = c_row
    no_vur = (False,) * rounds  # no VUR-first cutting before 2023 (one shared, read-only row)
    return Adjusted(own, shown, contrib, pts, [no_vur] * n, game)


def _opposite(ctx: Context, kind: Kind, points: float) -> float:
    """What the virtual opponent scored in the round: the opposite of the player's result."""
    s = ctx.scoring
    if points >= s.win:
        return s.loss
    if points <= s.loss:
        return s.win
    if abs(points - s.draw) < 1e-9:
        return s.draw
    return max(s.loss, s.win + s.loss - points)


def describe(ctx: Context, table: Adjusted, i: int, r: int) -> str:
    """Why round ``r`` of player ``i`` contributes what it does (for ``trfkit explain``)."""
    o = ctx.opp[i][r]
    k = ctx.kind[i][r]
    value = table.contrib[i][r]
    if value is None:
        return phrase("no opponent in a round-robin: not counted")
    if table.game[i][r] and o >= 0:
        why = (
            phrase("played")
            if ctx.otb[i][r]
            else phrase("paired, no result yet")
            if r in ctx.pending.get(i, ())
            else phrase("forfeit counted as a game")
        )
        return phrase(
            "{why} vs {opponent}, whose adjusted score is {score:g}",
            why=why,
            opponent=ctx.player_label(o),
            score=table.shown[o],
        )
    kind = phrase(k.value)
    if ctx.edition.virtual_opponent:
        return phrase(
            "{kind}: virtual opponent with {before:g} before round {round}, "
            "the opposite result and draws afterwards = {value:g}",
            kind=kind,
            before=sum(table.pts[i][:r]),
            round=r + 1,
            value=value,
        )
    cap: str = ""
    if ctx.edition.dummy_cap and value < table.own[i]:
        cap = (
            phrase(
                ", capped at {opponent}'s adjusted score {value:g} (16.4.1)",
                opponent=ctx.player_label(o),
                value=value,
            )
            if o >= 0
            else phrase(", capped at draw x rounds = {value:g} (16.4.2)", value=value)
        )
    vur = phrase("; voluntary unplayed round (cut first)") if table.vur[i][r] else ""
    return phrase(
        "{kind}: dummy opponent with the player's own score {score:g}{cap}{vur}",
        kind=kind,
        score=table.own[i],
        cap=cap,
        vur=vur,
    )
