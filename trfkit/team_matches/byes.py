"""Team byes that a file does not encode (Swiss-Manager TRF16 team exports).

Swiss-Manager writes the team PAB nowhere in its TRF16 export: the members of the
bye team all show ``0000 - -`` in that round (TRF.md §11.5, SWISS_MANAGER.md §2.3).
What gives it away is the shape of the round: with an odd number of teams, every
team but one is paired, and that one has no board at all. A team that merely
withdrew does not fit the pattern once two teams are missing, so only the single
left-over team is reported.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..model import Tournament

if TYPE_CHECKING:  # pragma: no cover
    from .rebuild import _Side

__all__ = ["declared_bye_rounds", "unencoded_byes"]


def declared_bye_rounds(tournament: Tournament) -> set[int]:
    """Rounds for which a ``320`` record names a team PAB."""
    out: set[int] = set()
    for tb in tournament.team_byes:
        out.update(r for r, team in enumerate(tb.teams_by_round, 1) if team)
    return out


def unencoded_byes(
    tournament: Tournament, sides: Mapping[tuple[int, int], _Side], rounds: int
) -> set[tuple[int, int]]:
    """``(round, team)`` of every team bye the file leaves out.

    A round qualifies when it has no ``320`` bye, the number of teams is odd, exactly
    one team has neither an opposing team, nor any board, nor a ``240`` bye, and every
    other team has an opposing team.
    """
    numbers = [t.number for t in tournament.teams]
    if len(numbers) % 2 == 0 or len(numbers) < 3:
        return set()
    declared = declared_bye_rounds(tournament)
    forfeited = {
        (fm.round, t) for fm in tournament.forfeited_matches for t in (fm.white_team, fm.black_team)
    }
    requested = {(b.round, team) for b in tournament.byes for team in b.players}  # 240
    found: set[tuple[int, int]] = set()
    for rnd in range(1, rounds + 1):
        if rnd in declared:
            continue
        idle = [
            n
            for n in numbers
            if sides[(rnd, n)].opponent is None
            and not sides[(rnd, n)].boards
            and (rnd, n) not in forfeited
            and (rnd, n) not in requested
        ]
        paired = [
            n for n in numbers if sides[(rnd, n)].opponent is not None or (rnd, n) in forfeited
        ]
        if len(idle) == 1 and len(paired) == len(numbers) - 1:
            found.add((rnd, idle[0]))
    return found
