"""What a team event is once its matches are rebuilt: boards, team rounds, matches.

:func:`trfkit.team_matches.rebuild.rebuild` makes these records from the board results;
every team tie-break, the team standings and the team checks read them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic
from ..model import DEFAULT_MATCH_SCORING, ScoringSystem, Team, Tournament
from ..model.results import Kind

__all__ = ["BoardResult", "Match", "TeamEvent", "TeamRound", "match_scoring", "team_of"]

#: The kinds of a match played over the board (at least one board).
PLAYED_KINDS = (Kind.WIN, Kind.DRAW, Kind.LOSS)


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board of one team in one round, seen from that team.

    ``player`` is None for a board nobody of the team sat at (an empty board, or the
    virtual boards of a team PAB); ``opponent`` is None when nobody sat opposite.
    ``points`` are the game points this team scored on the board.
    """

    board: int
    player: int | None
    opponent: int | None
    result: str
    points: float
    played: bool


@dataclass(frozen=True, slots=True)
class TeamRound:
    """What one team did in one round.

    ``kind`` uses the individual :class:`~trfkit.model.results.Kind` vocabulary at team
    level: WIN/DRAW/LOSS for a match with at least one board played over the board,
    FORFEIT_WIN/FORFEIT_LOSS for a match decided without play (``330`` or every board
    forfeited), PAB for the team bye, ZERO_BYE for an absence. ``source`` says where
    the result came from: ``"boards"``, ``"330"``, ``"320"``, ``"240"``, ``"boards-bye"``
    (a bye written as ``U``/``F`` on the boards), ``"absent"`` or ``"unencoded-bye"``.
    """

    round: int
    team: int
    opponent: int | None
    kind: Kind
    match_points: float
    game_points: float
    opponent_game_points: float = 0.0
    boards: tuple[BoardResult, ...] = ()
    source: str = "boards"

    @property
    def played(self) -> bool:
        """A match with at least one board played over the board."""
        return self.kind in PLAYED_KINDS

    @property
    def voluntary_unplayed(self) -> bool:
        """C.07 16.1.2 at team level: an absence or a match lost by forfeit."""
        return self.kind in (Kind.ZERO_BYE, Kind.NOT_PAIRED, Kind.FORFEIT_LOSS, Kind.HALF_BYE)

    def board_points(self, team_size: int, scoring: ScoringSystem) -> dict[int, float]:
        """Game points per board number, for BC/TBR/BBE (C.07 Art. 12).

        Board tie-breaks count individual forfeits as ordinary results. A round without
        boards counts its result on every board: a team PAB (whatever the file's PAB
        value) and a match won by forfeit as a win, a half-point bye as a draw, an
        absence as nothing (TIEBREAKS.md §E.2; TieBreakServer does the same).
        """
        if not self.boards and not self.played:
            if self.kind in (Kind.PAB, Kind.FULL_BYE, Kind.FORFEIT_WIN):
                each = scoring.win
            else:
                each = scoring.points_for_kind(self.kind)
            return {b: each for b in range(1, team_size + 1)} if each else {}
        out: dict[int, float] = {}
        for b in self.boards:
            out[b.board] = out.get(b.board, 0.0) + b.points
        return out


@dataclass(frozen=True, slots=True)
class Match:
    """A team match of one round: ``first`` and ``second`` team numbers (lower first)."""

    round: int
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class TeamEvent:
    """Every team's rounds, rebuilt; ``rounds[team][r - 1]`` is round ``r``.

    ``rounds_played`` is the number of rounds scored: the declared number (142/XXR), or
    the last round with a result when that is later or nothing is declared.
    """

    teams: tuple[Team, ...]
    rounds_played: int
    team_size: int
    match_scoring: ScoringSystem
    game_scoring: ScoringSystem
    rounds: Mapping[int, tuple[TeamRound, ...]]
    matches: tuple[Match, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = field(default=())

    def round(self, team: int, number: int) -> TeamRound:
        return self.rounds[team][number - 1]

    def match_points(self, team: int) -> float:
        return sum(r.match_points for r in self.rounds[team])

    def game_points(self, team: int) -> float:
        return sum(r.game_points for r in self.rounds[team])

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(t.number for t in self.teams)


def match_scoring(tournament: Tournament) -> ScoringSystem:
    """The ``362`` system, or 2/1/0 (Art. 32.2.1) when the file declares none."""
    return tournament.header.match_scoring or DEFAULT_MATCH_SCORING


def team_of(tournament: Tournament) -> dict[int, int]:
    """Start number -> team number; a player listed twice stays with the first team (T311)."""
    out: dict[int, int] = {}
    for team in tournament.teams:
        for start in team.members:
            out.setdefault(start, team.number)
    return out
