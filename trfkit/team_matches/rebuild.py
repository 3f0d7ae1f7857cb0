"""Team matches rebuilt from board results: who met whom, on which boards, for what points.

A TRF16 team file (``013`` + ``001``) holds no match records: the matches are implicit
in the board results and the team membership. TRF26 adds line-ups (``300``), team
byes (``320``) and forfeited matches (``330``). :func:`rebuild` turns either into one
:class:`TeamRound` per team and round, the view every team tie-break and team check
needs, and reports what it had to infer.

How a round of a team is read:

* Each member's round entry is either a board against a named opponent, a board
  without opponent that scores (``0000 - +``: the other team left the board empty;
  ``U``/``F``: a bye written on the boards), or an absence (``Z``, blank, ``0000 - -``:
  not in the line-up). Absences take no board.
* Boards are numbered in the team's order (the ``013``/``310`` member list), or by the
  ``300`` line-up when the file has one (``0`` = empty board). In a match the two lists
  are laid side by side as TieBreakServer does (:func:`_align`): the line-up team or
  else the lower-numbered team sets the slots, and the other team's empty-board winners
  fill the slots where the first has no game against it.
* The opposing team is the team most of the boards were played against (``300`` and
  ``330`` name it explicitly). Game points are added up per side; match points follow
  Article 32.2.1 / C.07 11.1 under the ``362`` system (default 2/1/0). A match in
  which nobody scored is lost by both teams, as in TieBreakServer.
* A match in which no board was played over the board is a forfeited match
  (``FORFEIT_WIN``/``FORFEIT_LOSS``), as is every ``330`` match.
* A team without opponent gets the team PAB of ``320`` (``Kind.PAB``), a requested bye
  of ``240`` (F/H/Z; in a team event its numbers are teams), a bye written on its
  boards (``U``/``F``), or else an absence (``Kind.ZERO_BYE``).

The Swiss-Manager TRF16 export does not encode the team PAB (TRF.md §11.5): every
member of the bye team shows ``0000 - -``. :func:`unencoded_byes` finds such rounds
(exactly one team without any board while all other teams are paired) and
:func:`rebuild` reports them as T321. The file gives the team nothing for that round,
so by default the round stays what the data say, a zero-point absence (C.07 16.1:
an unplayed round worth nothing), which is also how the file's own totals and
TieBreakServer count it. ``unencoded_bye=(mp, gp)`` counts it instead as the team PAB
it was (C.07 16.2.1) with the points the tournament rules award (the 2024 Cretan
Friendship Cup gave 1 MP and 3 GP).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ..diagnostics import Diagnostic, make
from ..model import (
    DEFAULT_MATCH_SCORING,
    ForfeitedMatch,
    LineUp,
    Player,
    ScoringSystem,
    Team,
    Tournament,
)
from ..model.results import RESULT_CODES, Kind

__all__ = [
    "DEFAULT_MATCH_SCORING",
    "BoardResult",
    "Match",
    "TeamEvent",
    "TeamRound",
    "match_scoring",
    "rebuild",
    "team_of",
]

_PLAYED_KINDS = (Kind.WIN, Kind.DRAW, Kind.LOSS)
_REQUESTED = {"F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE}


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
        return self.kind in _PLAYED_KINDS

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


@dataclass(slots=True)
class _Side:
    """Working state of one team in one round before match points are known."""

    team: int
    boards: list[BoardResult]
    opponent: int | None
    played: bool
    gp: float
    opp_gp_seen: float  # the opponents' points as written on this team's boards
    solo_kinds: list[Kind]
    lineup: bool = False  # boards numbered by a 300 record


def _entry_kind(result: str) -> Kind:
    code = RESULT_CODES.get(result)
    return code.kind if code is not None else Kind.NOT_PAIRED


def _is_absence(opponent: int | None, kind: Kind, points: float) -> bool:
    """No board: no opponent and nothing scored (Z, blank, not paired, ``0000 - -``)."""
    return (
        opponent is None
        and points == 0
        and kind in (Kind.ZERO_BYE, Kind.NOT_PAIRED, Kind.FORFEIT_LOSS, Kind.LOSS)
    )


def _side(
    team: Team,
    rnd: int,
    players: Mapping[int, Player],
    teams_of: Mapping[int, int],
    lineup: LineUp | None,
    scoring: ScoringSystem,
) -> _Side:
    """Boards, opponent and game points of ``team`` in round ``rnd``."""
    entries: list[tuple[int, int | None, str, float, bool] | None] = []
    order = lineup.players if lineup is not None else team.members
    for start in order:
        p = players.get(start)
        if start == 0 or p is None:
            if lineup is not None:
                entries.append(None)  # an empty board of the line-up (or an unknown player, T325)
            continue
        e = p.round(rnd)
        kind = _entry_kind(e.result)
        pts = scoring.points_for_kind(kind)
        if _is_absence(e.opponent, kind, pts) and lineup is None:
            continue
        played = e.opponent is not None and kind in _PLAYED_KINDS
        entries.append((start, e.opponent, e.result, pts, played))
    opposing: Counter[int] = Counter()
    boards: list[BoardResult] = []
    solo: list[Kind] = []
    opp_seen = 0.0
    for number, item in enumerate(entries, 1):
        if item is None:
            boards.append(BoardResult(number, None, None, "", 0.0, False))
            continue
        start, opp, result, pts, played = item
        boards.append(BoardResult(number, start, opp, result, pts, played))
        if opp is None:
            solo.append(_entry_kind(result))
            continue
        other = teams_of.get(opp)
        if other is not None and other != team.number:
            opposing[other] += 1
        opp_player = players.get(opp)
        if opp_player is not None:
            opp_seen += scoring.points_for_kind(_entry_kind(opp_player.round(rnd).result))
    if lineup is not None and lineup.opponent_team:
        opponent: int | None = lineup.opponent_team
    elif opposing:
        opponent = min(opposing, key=lambda t: (-opposing[t], t))
    else:
        opponent = None
    gp = sum(b.points for b in boards)
    return _Side(
        team.number,
        boards,
        opponent,
        any(b.played for b in boards),
        gp,
        opp_seen,
        solo,
        lineup is not None,
    )


def _align(low: _Side, high: _Side, size: int) -> None:
    """Number the boards of a match, in place.

    The slots are laid out in the order of ``low``: the team with a ``300`` line-up,
    else the lower-numbered team (as TieBreakServer does). A slot holding a game between
    the two teams is that game's board for both; a slot where ``low`` has no such game
    (its player won an empty board, its line-up leaves the board empty, or it has nobody
    left) goes to the other team's next player without a game against ``low``, i.e. its
    empty-board winners in team order. Whatever is left over gets the boards after the
    last slot.
    """
    low_players = {b.player for b in low.boards if b.player is not None}
    left = list(high.boards)
    new_low: list[BoardResult] = []
    new_high: list[BoardResult] = []
    slots = max(size, len(low.boards))
    for slot in range(1, slots + 1):
        mine = low.boards[slot - 1] if slot <= len(low.boards) else None
        if mine is not None:
            new_low.append(replace(mine, board=slot))
            partner = next(
                (
                    h
                    for h in left
                    if h.player is not None
                    and h.player == mine.opponent
                    and h.opponent == mine.player
                ),
                None,
            )
            if partner is not None:
                left.remove(partner)
                new_high.append(replace(partner, board=slot))
                continue
        if slot > size:
            continue
        spare = next((h for h in left if h.opponent is None or h.opponent not in low_players), None)
        if spare is not None:
            left.remove(spare)
            new_high.append(replace(spare, board=slot))
    for extra, h in enumerate(left, slots + 1):
        new_high.append(replace(h, board=extra))
    low.boards = new_low
    high.boards = sorted(new_high, key=lambda b: b.board)


def _match_kind(played: bool, own: float, other: float) -> Kind:
    if own > other:
        return Kind.WIN if played else Kind.FORFEIT_WIN
    if own < other:
        return Kind.LOSS if played else Kind.FORFEIT_LOSS
    if own > 0:
        return Kind.DRAW
    return Kind.LOSS if played else Kind.FORFEIT_LOSS  # nobody scored: lost by both


def _mp(kind: Kind, ms: ScoringSystem) -> float:
    return ms.points_for_kind(kind)


def _forfeit_round(
    rnd: int,
    team: int,
    fm: ForfeitedMatch,
    side: _Side,
    ms: ScoringSystem,
    size: int,
    gs: ScoringSystem,
) -> TeamRound:
    """A ``330`` match: the record decides; game points from the boards, else all boards."""
    first = fm.white_team == team
    pair = (fm.result + "--")[:2]  # "+-", "-+", "--" (TieBreakServer also reads 10, WL, 01, ...)
    mine, theirs = (pair[0], pair[1]) if first else (pair[1], pair[0])
    won = mine in "+1WF" and theirs not in "+1WF"
    kind = Kind.FORFEIT_WIN if won else Kind.FORFEIT_LOSS
    gp = side.gp if side.boards else (size * gs.forfeit_win if won else 0.0)
    other = fm.black_team if first else fm.white_team
    return TeamRound(rnd, team, other, kind, _mp(kind, ms), gp, 0.0, tuple(side.boards), "330")


def _bye_round(
    rnd: int,
    side: _Side,
    ms: ScoringSystem,
    gs: ScoringSystem,
    size: int,
    team_byes: Mapping[int, tuple[float | None, float | None]],
    requested: Kind | None = None,
    pab_values: tuple[float | None, float | None] | None = None,
) -> TeamRound:
    """A round without opposing team: declared PAB (320), requested bye (240: F, H, Z;
    in a team event its numbers are teams), bye on the boards, or absence.

    A PAB written on the boards (``U``) takes its points from a ``320`` record when
    the file has one (its MP and GP fields hold the value of every team PAB).
    """
    team = side.team
    declared = team_byes.get(team)
    if declared is not None:
        mp, gp = declared
        return TeamRound(
            rnd,
            team,
            None,
            Kind.PAB,
            ms.pab if mp is None else mp,
            size * gs.pab if gp is None else gp,
            0.0,
            (),
            "320",
        )
    if requested is not None:
        return TeamRound(
            rnd,
            team,
            None,
            requested,
            ms.points_for_kind(requested),
            size * gs.points_for_kind(requested),
            0.0,
            (),
            "240",
        )
    if side.solo_kinds:
        if all(k in (Kind.PAB, Kind.FULL_BYE) for k in side.solo_kinds):
            mp, gp = pab_values if pab_values is not None else (None, None)
            return TeamRound(
                rnd,
                team,
                None,
                Kind.PAB,
                ms.pab if mp is None else mp,
                side.gp if gp is None else gp,
                0.0,
                tuple(side.boards),
                "boards-bye",
            )
        half = size * gs.draw
        kind = (
            Kind.FULL_BYE
            if side.gp > half
            else Kind.HALF_BYE
            if side.gp == half and side.gp > 0
            else Kind.ZERO_BYE
        )
        return TeamRound(
            rnd, team, None, kind, _mp(kind, ms), side.gp, 0.0, tuple(side.boards), "boards-bye"
        )
    return TeamRound(rnd, team, None, Kind.ZERO_BYE, ms.zero_bye, 0.0, 0.0, (), "absent")


def _team_size(
    tournament: Tournament, sides: Mapping[tuple[int, int], _Side], teams_of: Mapping[int, int]
) -> int:
    """``352``'s length; else, as TieBreakServer, the most games two teams played in one match."""
    if tournament.header.board_colors:
        return len(tournament.header.board_colors)
    best = 0
    for side in sides.values():
        games = sum(
            1
            for b in side.boards
            if b.opponent is not None and teams_of.get(b.opponent) == side.opponent
        )
        best = max(best, games)
    if best == 0:
        best = max((len(s.boards) for s in sides.values()), default=0)
    if best == 0:  # no board written at all: the smallest team list
        best = min((len(t.members) for t in tournament.teams), default=0)
    return best


def rebuild(
    tournament: Tournament, *, unencoded_bye: tuple[float, float] | None = None
) -> TeamEvent:
    """Rebuild every match of every round (see the module docstring)."""
    from .byes import unencoded_byes  # local: byes builds on this module's types

    ms = match_scoring(tournament)
    gs = tournament.header.scoring
    players = tournament.by_start()
    teams_of = team_of(tournament)
    scored = tournament.scored_rounds
    # Every declared round (142/XXR) is rebuilt, the rounds not played yet as absences for
    # every team, so that --after-round may name one; the standings stop at the last round
    # with a result unless asked (see TeamContext).
    n_rounds = max(scored, tournament.header.rounds or 0)
    lineups = {(lu.round, lu.team): lu for lu in tournament.lineups}
    forfeits: dict[tuple[int, int], ForfeitedMatch] = {}
    for fm in tournament.forfeited_matches:
        forfeits[(fm.round, fm.white_team)] = fm
        forfeits[(fm.round, fm.black_team)] = fm
    requested: dict[tuple[int, int], Kind] = {
        (b.round, team): _REQUESTED[b.kind]
        for b in tournament.byes
        if b.kind in _REQUESTED
        for team in b.players
    }
    pab: dict[int, dict[int, tuple[float | None, float | None]]] = {}
    pab_values = next(((tb.match_points, tb.game_points) for tb in tournament.team_byes), None)
    for tb in tournament.team_byes:
        for r, t in enumerate(tb.teams_by_round, 1):
            if t:
                pab.setdefault(r, {})[t] = (tb.match_points, tb.game_points)

    sides: dict[tuple[int, int], _Side] = {}
    for rnd in range(1, n_rounds + 1):
        for team in tournament.teams:
            if rnd > scored:
                sides[(rnd, team.number)] = _Side(team.number, [], None, False, 0.0, 0.0, [])
                continue
            lineup = lineups.get((rnd, team.number))
            sides[(rnd, team.number)] = _side(team, rnd, players, teams_of, lineup, gs)
    size = _team_size(tournament, sides, teams_of)
    for (rnd, number), side in sides.items():
        other = sides.get((rnd, side.opponent)) if side.opponent is not None else None
        if (
            other is not None
            and other.opponent == number
            and number < other.team
            and not (side.lineup and other.lineup)
        ):
            # a 300 line-up fixes the boards of its team; the other team follows it
            master, follower = (other, side) if other.lineup else (side, other)
            _align(master, follower, size)

    diagnostics: list[Diagnostic] = []
    byes = unencoded_byes(tournament, sides, scored)
    for rnd, team_no in sorted(byes):
        team = next(t for t in tournament.teams if t.number == team_no)
        counted = (
            "counted as a zero-point absence, as the file's totals count it"
            if unencoded_bye is None
            else f"counted as the team PAB: {unencoded_bye[0]:g} MP, {unencoded_bye[1]:g} GP"
        )
        diagnostics.append(
            make(
                "T321",
                f"round {rnd}: team {team_no} ({team.name}) has no board "
                "while every other team is paired: a team bye the file "
                f"does not encode; {counted}",
                team.line,
            )
        )

    by_team: dict[int, list[TeamRound]] = {t.number: [] for t in tournament.teams}
    known = set(by_team)
    matches: set[tuple[int, int, int]] = set()
    for rnd in range(1, n_rounds + 1):
        for team in tournament.teams:
            side = sides[(rnd, team.number)]
            forfeit = forfeits.get((rnd, team.number))
            if forfeit is not None:
                tr = _forfeit_round(rnd, team.number, forfeit, side, ms, size, gs)
            elif side.opponent is None:
                declared = dict(pab.get(rnd, {}))
                if (rnd, team.number) in byes and unencoded_bye is not None:
                    declared[team.number] = unencoded_bye
                tr = _bye_round(
                    rnd, side, ms, gs, size, declared, requested.get((rnd, team.number)), pab_values
                )
                if (rnd, team.number) in byes:
                    tr = TeamRound(
                        tr.round,
                        tr.team,
                        None,
                        tr.kind,
                        tr.match_points,
                        tr.game_points,
                        0.0,
                        tr.boards,
                        "unencoded-bye",
                    )
            else:
                other = sides.get((rnd, side.opponent))
                if other is not None and other.opponent == team.number:
                    opp_gp, played = other.gp, side.played or other.played
                else:
                    opp_gp, played = side.opp_gp_seen, side.played
                kind = _match_kind(played, side.gp, opp_gp)
                tr = TeamRound(
                    rnd,
                    team.number,
                    side.opponent,
                    kind,
                    _mp(kind, ms),
                    side.gp,
                    opp_gp,
                    tuple(side.boards),
                    "boards",
                )
            if tr.opponent is not None and tr.opponent in known and tr.opponent != team.number:
                matches.add((rnd, min(team.number, tr.opponent), max(team.number, tr.opponent)))
            by_team[team.number].append(tr)
    return TeamEvent(
        teams=tournament.teams,
        rounds_played=n_rounds,
        team_size=size,
        match_scoring=ms,
        game_scoring=gs,
        rounds={k: tuple(v) for k, v in by_team.items()},
        matches=tuple(Match(r, a, b) for r, a, b in sorted(matches)),
        diagnostics=tuple(diagnostics),
    )
