"""Team score lines: match points, game points and the match record of every team.

The line a team table prints before any tie-break (Article 32.2.1-32.2.2, C.07 11.1):
MP and GP, and won / drawn / lost matches as chess-results and Swiss-Manager show them
(matches only: byes are counted apart, forfeited matches with the matches).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.results import Kind
from .rebuild import TeamEvent

__all__ = ["TeamScore", "team_scores"]

_WON = (Kind.WIN, Kind.FORFEIT_WIN)
_BYES = (Kind.PAB, Kind.FULL_BYE, Kind.HALF_BYE)


@dataclass(frozen=True, slots=True)
class TeamScore:
    number: int
    name: str
    match_points: float
    game_points: float
    won: int
    drawn: int
    lost: int
    byes: int  # team PAB and requested byes (240)
    absent: int  # rounds without a match, bye or result


def team_scores(event: TeamEvent, rounds: int | None = None) -> tuple[TeamScore, ...]:
    """One :class:`TeamScore` per team, in team order, over the first ``rounds`` rounds."""
    out = []
    for team in event.teams:
        rows = event.rounds[team.number][: rounds if rounds is not None else event.rounds_played]
        kinds = [r.kind for r in rows]
        out.append(
            TeamScore(
                number=team.number,
                name=team.name,
                match_points=sum(r.match_points for r in rows),
                game_points=sum(r.game_points for r in rows),
                won=sum(k in _WON for k in kinds),
                drawn=sum(k is Kind.DRAW for k in kinds),
                lost=sum(
                    k in (Kind.LOSS, Kind.FORFEIT_LOSS) and r.opponent is not None
                    for k, r in zip(kinds, rows, strict=True)
                ),
                byes=sum(k in _BYES for k in kinds),
                absent=sum(k in (Kind.ZERO_BYE, Kind.NOT_PAIRED) for k in kinds),
            )
        )
    return tuple(out)
