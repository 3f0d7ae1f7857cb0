"""Team standings: the team counterpart of :func:`trfkit.tiebreaks.compute`.

``compute_teams(tournament, ["BH:MP", "EMGSB/C1"])`` rebuilds the matches, evaluates
each code in the team scope of the tie-break registry and ranks the teams on the
primary score (MP unless ``192`` says GP first), then the codes in order, with the
same refinement-by-groups sorting as the individual standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...diagnostics import Diagnostic, make
from ...model import Tournament
from ...team_matches.rebuild import TeamEvent, team_of
from ...tiebreak_codes import TieBreakCode
from .. import compute, declared_codes, is_declared_list
from ..editions import Edition, resolve
from ..registry import lookup, parse
from ..standings import outside_ties, rank, unlisted_rank_note
from .context import TeamContext

__all__ = ["DEFAULT_TEAM_CODES", "TeamRow", "TeamStandings", "compute_teams"]

#: Used when neither the caller nor the file names tie-breaks: the secondary score,
#: then the C.07 team list most events use (Olympiad-style Swiss).
DEFAULT_TEAM_CODES = ("MPvGP", "EDE", "BH:MP/C1")

_PTS = parse("PTS")


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One team's line: rank (shared when tied), scores and tie-break values."""

    rank: int
    index: int
    number: int
    name: str
    match_points: float
    game_points: float
    values: dict[str, float | None]


@dataclass(frozen=True, slots=True)
class TeamStandings:
    edition: Edition
    primary: str
    codes: tuple[TieBreakCode, ...]
    rows: tuple[TeamRow, ...]
    rounds: int  # the round the standings are after
    event: TeamEvent
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    total_rounds: int = 0  # the event's rounds (142/XXR, or the last round written)

    @property
    def labels(self) -> list[str]:
        return [str(c) for c in self.codes]

    def __repr__(self) -> str:
        """Short, without the rebuilt matches (``event``) the default repr would print."""
        return (
            f"<TeamStandings {self.edition.name} {self.primary} "
            f"{','.join(self.labels) or '(score only)'} {len(self.rows)} teams "
            f"after round {self.rounds}>"
        )


def _rank_differences(ctx: TeamContext, ranks: list[int], declared_list: bool) -> list[Diagnostic]:
    """T505 for each team whose declared (310) rank differs from the computed one, when
    the standings follow the file's own list; else one T506 info (as for players)."""
    differ = [(i, t) for i, t in enumerate(ctx.teams) if t.rank is not None and t.rank != ranks[i]]
    kept = set(outside_ties([i for i, _ in differ], [t.rank for _, t in differ], ranks))
    differ = [(i, t) for i, t in differ if i in kept]
    if differ and not declared_list:
        i, t = differ[0]
        return [
            unlisted_rank_note(
                len(differ),
                f"team {t.number} declares rank {t.rank}, the standings give {ranks[i]}",
                t.line,
            )
        ]
    return [
        make(
            "T505",
            f"team {t.number} ({t.name}) declares rank {t.rank}, the computed "
            f"standings give {ranks[i]}",
            t.line,
        )
        for i, t in differ
    ]


def compute_teams(
    tournament: Tournament,
    codes: Sequence[TieBreakCode | str] | None,
    *,
    rules: str | Edition = "auto",
    after_round: int | None = None,
    full_order: bool = False,
    unencoded_bye: tuple[float, float] | None = None,
    pab_shown_as_draw: bool = False,
) -> TeamStandings:
    """Rank the teams of ``tournament`` (see the module docstring).

    ``codes`` follow ``202`` semantics (after the primary score) or, with
    ``full_order=True``, ``212`` semantics. ``None`` takes the file's list, else
    :data:`DEFAULT_TEAM_CODES`. ``unencoded_bye=(mp, gp)`` counts a team bye the file
    does not encode as a PAB worth that much (see :mod:`trfkit.team_matches.rebuild`).
    ``pab_shown_as_draw=True`` applies the competition rule (C.07 16.6) under which a
    team's PAB shows to its opponents as a drawn match, as Swiss-Manager's team
    Buchholz does; the team's own score is unchanged.
    Raises ``CodeError``/``UnknownTieBreak`` for codes that cannot be computed.
    """
    edition = resolve(rules, tournament)
    ctx = TeamContext(
        tournament,
        edition,
        after_round=after_round,
        unencoded_bye=unencoded_bye,
        pab_shown_as_draw=pab_shown_as_draw,
    )
    if codes is None:
        listed, full_order = declared_codes(tournament)
        if not listed:
            listed, full_order = [parse(c) for c in DEFAULT_TEAM_CODES], False
    else:
        listed = [c if isinstance(c, TieBreakCode) else parse(c) for c in codes]
    primary_codes = {"PTS", "MPTS" if ctx.primary == "MP" else "GPTS"}
    has_primary = any(c.name in primary_codes and not c.score for c in listed)
    order = listed if full_order and has_primary else [_PTS, *listed]
    entries = {c: lookup(c, ctx.scope) for c in [_PTS, *listed]}
    values: dict[TieBreakCode, list[float | None]] = {}
    for code, entry in entries.items():
        if not entry.group:
            values[code] = ctx.value(code)
    best_first, ranks, values = rank(ctx, order, values)  # type: ignore[arg-type]
    for code, entry in entries.items():
        if entry.group and code not in values:
            values[code] = [None] * ctx.n
    rows = []
    for i in best_first:
        team = ctx.teams[i]
        row_values = {str(code): values[code][i] for code in listed}
        rows.append(
            TeamRow(
                ranks[i],
                i,
                team.number,
                team.name,
                ctx.totals["MP"][i],
                ctx.totals["GP"][i],
                row_values,
            )
        )
    own = is_declared_list(tournament, listed, full_order)
    same_round = 0 < ctx.rounds == tournament.scored_rounds  # as for players
    diagnostics = ctx.diagnostics + (_rank_differences(ctx, ranks, own) if same_round else [])
    return TeamStandings(
        edition,
        ctx.primary,
        tuple(listed),
        tuple(rows),
        ctx.rounds,
        ctx.event,
        tuple(diagnostics),
        ctx.total_rounds,
    )


def player_rows(
    tournament: Tournament, *, rules: str | Edition = "auto", after_round: int | None = None
) -> list[dict[str, object]]:
    """The individual side of a team event for reports: every player with team, rank and points.

    Team outputs keep the players (the board results the team scores come from); they
    are ranked on points alone, since the requested codes are team tie-breaks.
    """

    teams = team_of(tournament)
    standings = compute(tournament, [], rules=rules, after_round=after_round)
    return [
        {
            "start": row.start,
            "name": row.name,
            "team": teams.get(row.start),
            "rank": row.rank,
            "values": {"PTS": row.points},
        }
        for row in standings.rows
    ]
