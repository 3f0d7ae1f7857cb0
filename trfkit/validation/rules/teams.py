"""T317-T325: team events, checked against the matches rebuilt from the board results.

Membership problems that need no matches (T310 unknown member, T311 player in two
teams) live in :mod:`.pairings`. The rules here look at what :func:`trfkit.team_matches.rebuild`
sees: boards paired across the wrong teams, line-ups, team sizes, the declared 310
totals, and the team bye Swiss-Manager leaves out of its TRF16 export.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...diagnostics import Diagnostic
from ...model import Tournament
from .. import locate
from ..registry import rule

if TYPE_CHECKING:
    from ...team_matches.rebuild import TeamEvent

_CACHE: dict[int, tuple[Tournament, TeamEvent]] = {}


def _team_of(t: Tournament) -> dict[int, int]:
    """Start number -> team number. :mod:`trfkit.team_matches.rebuild` is imported on the first
    team event: most files are individual, and loading it costs more than checking one."""
    from ...team_matches.rebuild import team_of as find  # team events only

    return find(t)


def _event(t: Tournament) -> TeamEvent:
    """The rebuilt matches, shared by the rules of one validation run."""
    from ...team_matches.rebuild import rebuild  # team events only

    hit = _CACHE.get(id(t))
    if hit is not None and hit[0] is t:
        return hit[1]
    _CACHE.clear()
    ev = rebuild(t)
    _CACHE[id(t)] = (t, ev)
    return ev


def _player_index(t: Tournament) -> dict[int, int]:
    return {p.start: i for i, p in reversed(list(enumerate(t.players)))}


@rule("T317")
def match_with_three_teams(t: Tournament) -> Iterator[Diagnostic]:
    if not t.is_team_event:
        return
    teams = _team_of(t)
    index = _player_index(t)
    for team in t.teams:
        for rnd in range(1, t.played_rounds + 1):
            seen: Counter[int] = Counter()
            for start in team.members:
                p = t.players[index[start]] if start in index else None
                opp = p.round(rnd).opponent if p is not None else None
                other = teams.get(opp) if opp is not None else None
                if other is not None and other != team.number:
                    seen[other] += 1
            if len(seen) > 1:
                listed = ", ".join(
                    f"team {n} ({k} board{'s' if k > 1 else ''})" for n, k in sorted(seen.items())
                )
                yield locate.at(
                    "T317",
                    f"round {rnd}: the boards of team {team.number} are paired with {listed}",
                    team.line,
                    locate.WHOLE_LINE,
                )


@rule("T323")
def board_between_teams_that_did_not_meet(t: Tournament) -> Iterator[Diagnostic]:
    if not t.is_team_event:
        return
    teams = _team_of(t)
    ev = _event(t)
    index = _player_index(t)
    for team in t.teams:
        for tr in ev.rounds[team.number]:
            if tr.opponent is None:
                continue
            for board in tr.boards:
                if board.player is None or board.opponent is None:
                    continue
                other = teams.get(board.opponent)
                if other is None or other in (team.number, tr.opponent):
                    continue
                i = index[board.player]
                yield locate.player_at(
                    "T323",
                    f"round {tr.round}: player {board.player} (team {team.number}) plays "
                    f"{board.opponent} of team {other}, but team {team.number} meets team "
                    f"{tr.opponent}",
                    i,
                    t.players[i],
                    locate.opponent(tr.round),
                    round_number=tr.round,
                )


@rule("T322")
def board_within_team(t: Tournament) -> Iterator[Diagnostic]:
    if not t.is_team_event:
        return
    teams = _team_of(t)
    for i, p in enumerate(t.players):
        mine = teams.get(p.start)
        for rnd, opponent in enumerate(p.opponents, 1):
            if (
                mine is not None
                and opponent
                and opponent != p.start
                and teams.get(opponent) == mine
                and p.start < opponent
            ):
                yield locate.player_at(
                    "T322",
                    f"round {rnd}: players {p.start} and {opponent} are both in team {mine}",
                    i,
                    p,
                    locate.opponent(rnd),
                    round_number=rnd,
                )


@rule("T318")
def more_boards_than_team_size(t: Tournament) -> Iterator[Diagnostic]:
    if not t.is_team_event:
        return
    ev = _event(t)
    source = "352" if t.header.board_colors else "the largest match"
    for team in t.teams:
        for tr in ev.rounds[team.number]:
            fielded = sum(1 for b in tr.boards if b.player is not None)
            if ev.team_size and fielded > ev.team_size:
                yield locate.at(
                    "T318",
                    f"round {tr.round}: team {team.number} fields {fielded} "
                    f"boards; the team size is {ev.team_size} ({source})",
                    team.line,
                    locate.WHOLE_LINE,
                )


@rule("T319")
def declared_team_score_differs(t: Tournament) -> Iterator[Diagnostic]:
    """The one rule for a team's declared match and game points (310, chess-results).

    T503 (declared tie-break values) leaves these totals to this rule, so a wrong MP
    or GP is reported once, here, against the rebuilt matches. The declared ranks need
    standings: :mod:`trfkit.validation.declared` compares them, under this code too."""
    if not t.is_team_event or not any(
        team.match_points is not None or team.game_points is not None for team in t.teams
    ):
        return
    ev = _event(t)
    for position, team in enumerate(t.teams):
        scores = (
            ("match points", team.match_points, ev.match_points(team.number)),
            ("game points", team.game_points, ev.game_points(team.number)),
        )
        for label, declared, computed in scores:
            if declared is not None and abs(declared - computed) > 1e-9:
                yield locate.at(
                    "T319",
                    f"team {team.number} declares {declared:g} {label}, the "
                    f"matches give {computed:g}",
                    team.line,
                    locate.WHOLE_LINE,
                    model_path=f"teams[{position}]",
                )


@rule("T320")
def board_order_broken(t: Tournament) -> Iterator[Diagnostic]:
    """The games of a match must come in the same order in both teams' lists.

    Reported once per team (the lower-numbered side of each broken match), listing the
    rounds: a league whose team lists are not board orders breaks it in every match.
    """
    if not t.is_team_event:
        return
    ev = _event(t)
    lined = {(lu.round, lu.team) for lu in t.lineups}
    order = {team.number: {s: k for k, s in enumerate(team.members)} for team in t.teams}
    broken: dict[int, list[tuple[int, int]]] = {}
    for match in ev.matches:
        if (match.round, match.first) in lined or (match.round, match.second) in lined:
            continue
        first = ev.round(match.first, match.round)
        mine, theirs_order = order.get(match.first, {}), order.get(match.second, {})
        pairs = sorted(
            (mine.get(b.player, 0), theirs_order.get(b.opponent, 0))
            for b in first.boards
            if b.player is not None and b.opponent is not None and b.opponent in theirs_order
        )
        theirs = [p[1] for p in pairs]
        if theirs != sorted(theirs):
            broken.setdefault(match.first, []).append((match.round, match.second))
    for position, team in enumerate(t.teams):
        found = broken.get(team.number)
        if found:
            shown = ", ".join(f"round {r} (team {other})" for r, other in found)
            yield locate.at(
                "T320",
                f"the games of team {team.number} and its opponents are not in "
                f"the order of the two team lists: {shown}",
                team.line,
                locate.WHOLE_LINE,
                model_path=f"teams[{position}]",
            )


@rule("T321")
def team_bye_not_encoded(t: Tournament) -> Iterator[Diagnostic]:
    if not t.is_team_event:
        return
    yield from (d for d in _event(t).diagnostics if d.code == "T321")


@rule("T324")
def player_without_team(t: Tournament) -> Iterator[Diagnostic]:
    if not t.is_team_event:
        return
    teams = _team_of(t)
    orphans = [(i, p) for i, p in enumerate(t.players) if p.start not in teams]
    if orphans:
        shown = ", ".join(str(p.start) for _, p in orphans[:10])
        shown += ", ..." if len(orphans) > 10 else ""
        i, first = orphans[0]
        yield locate.player_at(
            "T324",
            f"{len(orphans)} of {len(t.players)} players belong to no "
            f"team (start numbers {shown}); team tie-breaks ignore them",
            i,
            first,
            locate.START,
        )


@rule("T325")
def lineup_mismatch(t: Tournament) -> Iterator[Diagnostic]:
    if not t.lineups:
        return
    teams = _team_of(t)
    index = _player_index(t)
    for lu in t.lineups:
        for board, start in enumerate(lu.players, 1):
            if start == 0:
                continue
            if teams.get(start) != lu.team:
                yield locate.at(
                    "T325",
                    f"round {lu.round}: the line-up of team {lu.team} puts "
                    f"player {start} on board {board}, who is not in that team",
                    lu.line,
                    locate.WHOLE_LINE,
                )
                continue
            p = t.players[index[start]] if start in index else None
            opp = p.round(lu.round).opponent if p is not None else None
            if opp is not None and teams.get(opp) not in (None, lu.opponent_team):
                yield locate.at(
                    "T325",
                    f"round {lu.round}: the line-up says team {lu.team} meets "
                    f"team {lu.opponent_team}, but player {start} plays {opp} "
                    f"of team {teams.get(opp)}",
                    lu.line,
                    locate.WHOLE_LINE,
                )
