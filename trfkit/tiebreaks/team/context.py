"""The team counterpart of :class:`trfkit.tiebreaks.context.Context`.

Team tie-breaks receive a :class:`TeamContext`: the rebuilt matches
(:func:`trfkit.team_matches.rebuild.rebuild`) flattened into per-team, per-round lists, so a
team tie-break is the same loop over lists as an individual one, run on match points
or game points (TIEBREAKS.md §E). Index ``i`` is the position in ``tournament.teams``
(team numbers are ``ctx.starts[i]``), round ``r`` is 0-based:

* ``opp[i][r]``   opposing team's index, or ``-1`` (bye, absence)
* ``kind[i][r]``  team-level :class:`~trfkit.model.results.Kind` of the round
* ``pts["MP"][i][r]``, ``pts["GP"][i][r]``  match and game points of the round
* ``otb[i][r]``   a match with at least one board played over the board
* ``vur[i][r]``   a voluntary unplayed round (absence, forfeited match lost)

``primary`` is the score the standings rank on first: MP unless ``192`` says
``_GP_MP`` (or ends in ``_GP``), as TieBreakServer derives it (TRF.md §3.3).
"""

from __future__ import annotations

import copy
from typing import Any

from ...diagnostics import Diagnostic, make
from ...i18n import phrase
from ...model import Team, Tournament
from ...model.results import Kind
from ...team_matches.rebuild import TeamEvent, rebuild
from ..context import RunMemo, round_notes
from ..editions import Edition

__all__ = ["TeamContext", "primary_score", "team_round_robin"]

_RR_WORDS = ("ROBIN", "BERGER", "RR", "SCHEVENINGEN", "SCHILLER")


def primary_score(tournament: Tournament) -> str:
    """``"GP"`` when the tournament type puts game points first, else ``"MP"``."""
    code = tournament.header.type_code.upper()
    if "_GP_MP" in code or code.endswith("_GP"):
        return "GP"
    return "MP"


def team_round_robin(tournament: Tournament, teams: int, rounds: int) -> bool:
    """Pre-determined pairings (C.07 15.2): by the type text, else by the team count."""
    text = f"{tournament.header.type_code} {tournament.header.type_text}".upper()
    if "SWISS" in text:
        return False
    if any(word in text for word in _RR_WORDS):
        return True
    if rounds <= 0:
        return False
    return teams in (rounds, rounds + 1) or 2 * teams in (rounds, rounds + 1)  # as TieBreakServer


class TeamContext(RunMemo):
    """Precomputed team arrays and caches for one run (see the module docstring)."""

    scope = "team"

    def __init__(
        self,
        tournament: Tournament,
        edition: Edition,
        *,
        after_round: int | None = None,
        unencoded_bye: tuple[float, float] | None = None,
        event: TeamEvent | None = None,
        pab_shown_as_draw: bool = False,
    ) -> None:
        self.tournament = tournament
        self.edition = edition
        #: Competition rules under C.07 16.6 (Olympiad style, and Swiss-Manager's team
        #: Buchholz #84): a team's PAB shows to its opponents as a drawn match.
        self.pab_shown_as_draw = pab_shown_as_draw
        if event is None:
            event = rebuild(tournament, unencoded_bye=unencoded_bye)
        self.event = event
        self.teams: tuple[Team, ...] = tournament.teams
        self.n = len(self.teams)
        self.starts = [t.number for t in self.teams]
        self.index = {t.number: i for i, t in enumerate(self.teams)}
        #: the event's rounds (142/XXR, or the last round with a result when later); by
        #: default the standings are after the last round with a result, as for players:
        #: a round not played yet is no absence for every team (T516)
        self.total_rounds = total = self.event.rounds_played
        self.rounds = (
            min(tournament.scored_rounds, total)
            if after_round is None
            else max(0, min(after_round, total))
        )
        self.round_robin = team_round_robin(tournament, self.n, tournament.rounds or self.rounds)
        self.primary = primary_score(tournament)
        self.team_size = max(1, self.event.team_size)
        ms, gs = self.event.match_scoring, self.event.game_scoring
        #: points of a won / drawn match in each score type
        self.win = {"MP": ms.win, "GP": gs.win * self.team_size}
        self.draw = {"MP": ms.draw, "GP": gs.draw * self.team_size}
        self.board_win = gs.win
        self.diagnostics: list[Diagnostic] = list(self.event.diagnostics)
        self._memo: dict[Any, Any] = {}

        self.opp: list[list[int]] = []
        self.kind: list[list[Kind]] = []
        self.otb: list[list[bool]] = []
        self.vur: list[list[bool]] = []
        self.pts: dict[str, list[list[float]]] = {"MP": [], "GP": []}
        for team in self.teams:
            rows = self.event.rounds[team.number][: self.rounds]
            self.opp.append(
                [self.index.get(tr.opponent, -1) if tr.opponent is not None else -1 for tr in rows]
            )
            self.kind.append([tr.kind for tr in rows])
            self.otb.append([tr.played for tr in rows])
            self.vur.append([tr.voluntary_unplayed for tr in rows])
            self.pts["MP"].append([tr.match_points for tr in rows])
            self.pts["GP"].append([tr.game_points for tr in rows])
        self.totals = {s: [sum(row) for row in self.pts[s]] for s in ("MP", "GP")}
        #: the primary score, under the name the standings code expects
        self.score = self.totals[self.primary]
        for code, message in round_notes(self.rounds, total, after_round, self.n, team=True):
            self.note(code, message)

    def fore(self) -> TeamContext:
        """The same event as if every match of the last round had been drawn (Fore
        Buchholz, C.07 8.3): the last round's paired teams get a draw and count as having
        played it. A view for FB, ``AOB/F`` and ``SSSC/F``; computed once per run."""

        def build() -> TeamContext:
            view = copy.copy(self)
            view._memo = {}
            last = self.rounds - 1
            if last < 0:
                return view
            view.pts = {s: [list(row) for row in self.pts[s]] for s in ("MP", "GP")}
            view.otb = [list(row) for row in self.otb]
            view.vur = [list(row) for row in self.vur]
            for i in range(self.n):
                if self.opp[i][last] >= 0:
                    for s in ("MP", "GP"):
                        view.pts[s][i][last] = self.draw[s]
                    view.otb[i][last], view.vur[i][last] = True, False
            view.totals = {s: [sum(row) for row in view.pts[s]] for s in ("MP", "GP")}
            view.score = view.totals[view.primary]
            return view

        return self.memo("fore-view", build)

    # -- helpers ---------------------------------------------------------------------------

    def score_type(self, code: Any) -> str:
        """``MP``/``GP`` from ``code.score``, else the primary score."""
        return getattr(code, "score", "") or self.primary

    @staticmethod
    def other(score: str) -> str:
        return "GP" if score == "MP" else "MP"

    def board_points(self, i: int) -> dict[int, float]:
        """Game points per board over the rounds scored (C.07 Art. 12)."""
        out: dict[int, float] = {}
        for tr in self.event.rounds[self.starts[i]][: self.rounds]:
            for board, pts in tr.board_points(self.team_size, self.event.game_scoring).items():
                out[board] = out.get(board, 0.0) + pts
        return out

    def forfeit_as_game(self, i: int, r: int, played_forfeits: bool = False) -> bool:
        """A forfeited match counts as a match against the scheduled team in a
        round-robin (15.2) or with ``/P``."""
        return (
            self.kind[i][r] in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)
            and self.opp[i][r] >= 0
            and (played_forfeits or self.round_robin)
        )

    def met(self, i: int, r: int, played_forfeits: bool = False) -> bool:
        """Round ``r`` of team ``i`` counts as a match against ``opp[i][r]``."""
        return self.opp[i][r] >= 0 and (
            self.otb[i][r] or self.forfeit_as_game(i, r, played_forfeits)
        )

    def note(self, code: str, message: str, team: int | None = None) -> None:
        line = self.teams[team].line if team is not None else 1
        self.diagnostics.append(make(code, message, line))

    def label(self, i: int) -> str:
        t = self.teams[i]
        if not t.name.strip():
            return phrase("team {number}", number=t.number)
        return phrase("team {number} {name}", number=t.number, name=t.name.rstrip())
