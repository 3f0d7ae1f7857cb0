"""Team tie-breaks: C.07 Arts. 11-13, Arts. 7-9 on match or game points, Article 32.2/32.3.2.2.

Every function takes a :class:`~.context.TeamContext` (``scope="team"``)
and returns one value per team, in ``ctx.teams`` order. ``:MP``/``:GP`` on a code
picks the score (``BH:GP``); without it the tournament's primary score is used
(MP unless ``192`` says ``_GP_MP``).

Unplayed rounds follow Art. 16 with the team's MP or GP in place of points
(TIEBREAKS.md §E.3), under the edition in ``ctx.edition``:

* a team's own unplayed round (team PAB, absence, forfeited match) is a dummy
  opponent with the team's own final score (2023/2024), capped in 2026 by the
  scheduled opponent's adjusted score (forfeits) or by a draw in every round (byes);
  before 2023 it is the virtual opponent of the 2009 SPP decision (§C.1);
* what others see: unplayed rounds at face value, except the absences after a team's
  last non-voluntary round (16.2.5), which count as draws; before 2023 every unplayed
  round counts as a draw;
* low cuts take a voluntary unplayed round (absence, forfeited match lost) first
  unless the least significant value is lower (16.5);
* in round-robins forfeited matches are matches against the scheduled team (15.2).

The group tie-breaks (EDE and its board variants, DE, TBR, BBE) are in
:mod:`.direct`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...model.results import Kind
from ...tiebreak_codes import TieBreakCode, parse
from ..registry import register
from .context import TeamContext

Value = float | None


# -- scores (C.07 11.1, 13.1; Article 32.2.1-32.2.3) -------------------------------------------


@register(
    "PTS", scope="team", title="Primary score (MP unless 192 says GP first)", article="C.07 11.1"
)
def primary(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """The score the standings rank on first."""
    return list(ctx.totals[ctx.score_type(code)])


@register("MPTS", scope="team", title="Match points", article="C.07 11.1; Art. 32.2.1")
def match_points(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Match points: 2/1/0 per match by default (362 otherwise)."""
    return list(ctx.totals["MP"])


@register("GPTS", scope="team", title="Game points", article="C.07 11.1; Art. 32.2.2")
def game_points(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Game points: the points of all the team's boards."""
    return list(ctx.totals["GP"])


@register(
    "MPVGP",
    scope="team",
    title="Match points or game points, whichever is not primary",
    article="C.07 13.1; Art. 32.2.2",
)
def secondary(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """The score that is not primary: GP when ranking on MP, MP when ranking on GP."""
    return list(ctx.totals[ctx.other(ctx.primary)])


@register(
    "OTHER_RU_MPGP", scope="team", title="Match points plus game points", article="Art. 32.2.3"
)
def match_plus_game_points(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Article 32.2.3 read as one number, MP + GP (reading (b), MP then GP, is just
    the primary score followed by MPvGP and adds nothing; TIEBREAKS.md §A.3)."""
    return [m + g for m, g in zip(ctx.totals["MP"], ctx.totals["GP"], strict=True)]


# -- unplayed rounds (Art. 16 with team scores) -------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Part:
    """One round's contribution to a Buchholz-like sum before cuts."""

    round: int
    score: float  # the (real, dummy or virtual) opponent's score
    value: float  # what the round adds: score (BH) or score x own points (ESB)
    own: float  # own points in the round (the "worst result" of the pre-2024 SB cut)
    vur: bool


def adjusted_scores(ctx: TeamContext, s: str) -> list[float]:
    """The score each team shows to its opponents (16.3; §C.1 before 2023)."""

    def build() -> list[float]:
        out = []
        for i in range(ctx.n):
            pts, opp = ctx.pts[s][i], ctx.opp[i]
            if ctx.edition.virtual_opponent and not ctx.round_robin:
                out.append(sum(p if ctx.otb[i][r] else ctx.draw[s] for r, p in enumerate(pts)))
                continue
            last_available = max((r + 1 for r in range(ctx.rounds) if not ctx.vur[i][r]), default=0)
            shown = 0.0
            for r, p in enumerate(pts):
                if ctx.pab_shown_as_draw and ctx.kind[i][r] is Kind.PAB:
                    shown += ctx.draw[s]  # 16.6 competition rule: the PAB shows as a draw
                elif r + 1 <= last_available or opp[r] >= 0:
                    shown += p
                else:  # 16.2.5: absent from here to the end
                    shown += 0.0 if ctx.round_robin else ctx.draw[s]
            out.append(shown)
        return out

    return ctx.memo(("team-adjusted", s), build)


def _dummy(ctx: TeamContext, i: int, r: int, s: str, shown: list[float]) -> float:
    """The opponent of an unplayed round: dummy (16.4, capped in 2026) or virtual (§C.1)."""
    if ctx.edition.virtual_opponent:
        before = sum(ctx.pts[s][i][:r])
        return before + (ctx.win[s] - ctx.pts[s][i][r]) + ctx.draw[s] * (ctx.rounds - r - 1)
    own = ctx.totals[s][i]
    if ctx.edition.dummy_cap:
        o = ctx.opp[i][r]
        own = min(own, shown[o] if o >= 0 else ctx.draw[s] * ctx.rounds)
    return own


def parts(
    ctx: TeamContext, i: int, s: str, own_score: str | None = None, played_forfeits: bool = False
) -> list[_Part]:
    """Per-round contributions of team ``i``: opponent scores in ``s``, multiplied by
    the team's own points in ``own_score`` when given (ESB)."""
    shown = adjusted_scores(ctx, s)
    out = []
    for r in range(ctx.rounds):
        o = ctx.opp[i][r]
        if ctx.met(i, r, played_forfeits):
            score, vur = shown[o], False
        elif ctx.round_robin:
            if o < 0:
                continue  # a round-robin round without opponent adds nothing
            score, vur = shown[o], False
        else:
            score, vur = _dummy(ctx, i, r, s, shown), ctx.vur[i][r]
        own = ctx.pts[own_score][i][r] if own_score else score
        out.append(_Part(r, score, score * own if own_score else score, own, vur))
    return out


def _by_score_value(p: _Part) -> tuple[float, float]:
    """Least significant first (2024-08): lowest opponent score, then lowest value."""
    return (p.score, p.value)


def _by_score_own(p: _Part) -> tuple[float, float]:
    """Least significant first (before 2024-08): lowest opponent score, then worst own result."""
    return (p.score, p.own)


def cut(ctx: TeamContext, items: list[_Part], low: int, high: int) -> list[_Part]:
    """Drop ``low`` least and ``high`` most significant contributions (14.1-14.4, 16.5).

    Least significant: the lowest opponent score, then the lowest value (2024-08) or
    the worst own result (before). A voluntary unplayed round is cut first unless the
    least significant value is lower (16.5); no such exception for the high cut.
    """
    rest = list(items)
    low = min(low, ctx.rounds)
    high = min(high, max(0, ctx.rounds - low))
    weakest = _by_score_value if ctx.edition.sb_cut_lowest_product else _by_score_own
    for _ in range(low):
        if not rest:
            break
        least = min(rest, key=weakest)
        vurs = [p for p in rest if p.vur]
        if ctx.edition.vur_first and vurs:
            first_vur = min(vurs, key=weakest)
            rest.remove(least if least.value > first_vur.value else first_vur)
        else:
            rest.remove(least)
    for _ in range(high):
        if not rest:
            break
        rest.remove(max(rest, key=lambda p: (p.score, p.value)))
    return rest


def _cuts(code: TieBreakCode) -> tuple[int, int]:
    return code.cut + code.median, code.median


# -- Buchholz family (C.07 8, Art. 32.3.1) ------------------------------------------------------


@register(
    "BH",
    scope="team",
    modifiers="CMP",
    title="Buchholz on match or game points",
    article="C.07 8.1 via 13; Art. 32.3.1",
)
def buchholz(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Sum of the opponents' (adjusted) scores, with cuts."""
    s = ctx.score_type(code)
    low, high = _cuts(code)
    forfeits = code.played_forfeits
    return [
        sum(p.value for p in cut(ctx, parts(ctx, i, s, played_forfeits=forfeits), low, high))
        for i in range(ctx.n)
    ]


@register(
    "FB",
    scope="team",
    modifiers="CMP",
    title="Fore Buchholz on match or game points",
    article="C.07 8.3 via 13",
)
def fore_buchholz(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Buchholz as if every match of the last round had been drawn (usable while it is
    being played)."""
    values: list[Value] = buchholz(ctx.fore(), code)
    return values


@register(
    "AOB",
    scope="team",
    modifiers="PF",
    title="Average of the opponents' Buchholz",
    article="C.07 8.2 via 13",
)
def average_of_buchholz(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Average Buchholz (same score type, no cut) of the teams met over the board;
    ``/F``: of their Fore Buchholz (2026)."""
    s = ctx.score_type(code)
    bh = ctx.value(parse(f"FB:{s}" if code.fore else f"BH:{s}"))
    out: list[Value] = []
    for i in range(ctx.n):
        seen = [
            bh[ctx.opp[i][r]] for r in range(ctx.rounds) if ctx.otb[i][r] and ctx.opp[i][r] >= 0
        ]
        values = [v for v in seen if v is not None]
        out.append(sum(values) / len(values) if values else None)
    return out


# -- Extended Sonneborn-Berger (C.07 13.2, Art. 32.3.2.2) ----------------------------------------


def _esb(ctx: TeamContext, code: TieBreakCode, opp_score: str, own_score: str) -> list[Value]:
    low, high = _cuts(code)
    forfeits = code.played_forfeits
    return [
        sum(p.value for p in cut(ctx, parts(ctx, i, opp_score, own_score, forfeits), low, high))
        for i in range(ctx.n)
    ]


def _register_esb(name: str, opp_score: str, own_score: str) -> None:
    def esb(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
        return _esb(ctx, code, opp_score, own_score)

    esb.__doc__ = (
        f"Extended Sonneborn-Berger: opponents' {opp_score} x own {own_score} "
        "per match, with cuts (lowest opponent score, then lowest product)."
    )
    register(
        name,
        scope="team",
        modifiers="CMP",
        title=esb.__doc__.split(":")[0] + f" ({name})",
        article="C.07 13.2",
    )(esb)


for _name, _opp, _own in (
    ("EMMSB", "MP", "MP"),
    ("EMGSB", "MP", "GP"),
    ("EGMSB", "GP", "MP"),
    ("EGGSB", "GP", "GP"),
):
    _register_esb(_name, _opp, _own)


@register(
    "SB",
    scope="team",
    modifiers="CMP",
    title="Team Sonneborn-Berger (= EGGSB)",
    article="Art. 32.3.2.2",
)
def team_sonneborn_berger(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Article 32.3.2.2: the sum over the opposing teams of each one's points times the
    points scored against it. This is **EGGSB** (opponents' game points x own game
    points), under every edition.

    Why: the article says "points" (очки) on both sides without qualification, while
    32.2.1 says "match points" (матчевые очки) whenever it means them and 32.2.2 uses
    plain "points scored by all members" for game points; and with one board per team
    only EGGSB turns into the individual SB of 32.3.2.1 (opponent's score x points
    scored against them). ``SB:MP`` is EMMSB for users whose rules mean match points.
    """
    s = code.score or "GP"
    return _esb(ctx, code, s, s)


# -- own results (C.07 7, 9.2 via 13) -----------------------------------------------------------


@register("PS", scope="team", modifiers="C", title="Progressive score", article="C.07 7.5 via 13")
def progressive(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Sum of the running scores after each round; ``/Cn`` drops the first n."""
    s = ctx.score_type(code)
    out: list[Value] = []
    for i in range(ctx.n):
        running, total = 0.0, 0.0
        for r, p in enumerate(ctx.pts[s][i]):
            running += p
            if r >= code.cut:
                total += running
        out.append(total)
    return out


def _board_wins(ctx: TeamContext, i: int, over_the_board: bool) -> int:
    count = 0
    for tr in ctx.event.rounds[ctx.starts[i]][: ctx.rounds]:
        if over_the_board:
            count += sum(1 for b in tr.boards if b.played and b.points == ctx.board_win)
        else:
            count += sum(
                1
                for v in tr.board_points(ctx.team_size, ctx.event.game_scoring).values()
                if v == ctx.board_win
            )
    return count


@register(
    "WIN",
    scope="team",
    title="Matches (MP) or boards (GP) won, played or not",
    article="C.07 7.1 via 13",
)
def wins(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """MP: rounds worth a match win (forfeits and a PAB worth a win included);
    GP: boards won, a team PAB and a match won by forfeit counting every board."""
    if ctx.score_type(code) == "GP":
        return [float(_board_wins(ctx, i, False)) for i in range(ctx.n)]
    return [float(sum(1 for p in ctx.pts["MP"][i] if p == ctx.win["MP"])) for i in range(ctx.n)]


@register(
    "WON",
    scope="team",
    title="Matches (MP) or boards (GP) won over the board",
    article="C.07 7.2 via 13",
)
def won(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """MP: matches won with at least one board played; GP: boards won over the board."""
    if ctx.score_type(code) == "GP":
        return [float(_board_wins(ctx, i, True)) for i in range(ctx.n)]
    return [float(sum(1 for k in ctx.kind[i] if k is Kind.WIN)) for i in range(ctx.n)]


@register(
    "KS",
    scope="team",
    modifiers="L",
    title="Koya on match or game points",
    article="C.07 9.2 via 13",
)
def koya(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Points scored against the teams that finished with at least half the maximum.

    The maximum counts the matches a team can have, as for individuals and as
    TieBreakServer counts them: in a round-robin the bye rounds of a field that does not
    divide the rounds (``rounds // teams`` when the rounds are a multiple of the teams)
    and the teams that never played are left out. ``/L±n`` moves the threshold in
    half-point steps, on MP as on GP.
    """
    s = ctx.score_type(code)
    matches = ctx.rounds
    if ctx.round_robin and ctx.n:
        if ctx.rounds % ctx.n == 0:
            matches -= ctx.rounds // ctx.n
        matches -= sum(
            1
            for i in range(ctx.n)
            if all(o < 0 for o in ctx.opp[i]) and Kind.PAB not in ctx.kind[i]
        )
    limit = code.koya_threshold(ctx.win[s] * matches, 0.5)
    totals = ctx.totals[s]
    return [
        sum(
            ctx.pts[s][i][r]
            for r in range(ctx.rounds)
            if ctx.opp[i][r] >= 0 and totals[ctx.opp[i][r]] >= limit - 1e-9
        )
        for i in range(ctx.n)
    ]


# -- board count (C.07 12.1) and SSSC (C.07 13.4) -----------------------------------------------


@register(
    "BC", scope="team", ascending=True, title="Board count (lower is better)", article="C.07 12.1"
)
def board_count(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Sum of board number x game points on that board."""
    return [sum(board * pts for board, pts in ctx.board_points(i).items()) for i in range(ctx.n)]


@register(
    "SSSC",
    scope="team",
    modifiers="PKF",
    title="Scores and schedule strength combination",
    article="C.07 13.4",
)
def schedule_strength(ctx: TeamContext, code: TieBreakCode) -> list[Value]:
    """Secondary score + Buchholz of the primary score / FN, FN = floor(most primary
    points possible / most secondary points in one match) unless ``/Kx`` sets it;
    ``/F`` uses the Fore Buchholz."""
    p = ctx.score_type(code)
    s = ctx.other(p)
    forfeits = "/P" if code.played_forfeits else ""
    bh = ctx.value(parse(("FB" if code.fore else "BH") + f":{p}" + forfeits))
    factor = (
        code.factor if code.factor else max(1, math.floor(ctx.win[p] * ctx.rounds / ctx.win[s]))
    )
    return [ctx.totals[s][i] + (bh[i] or 0.0) / factor for i in range(ctx.n)]
