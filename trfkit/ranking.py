"""Standings as a command asks for them: the codes given, else the file's list, else a default.

``trfkit tiebreaks`` (and any caller that wants the same answer) computes here: codes
the caller gave that cannot be computed raise (:class:`~trfkit.tiebreaks.CodeError`,
:class:`~trfkit.tiebreaks.UnknownTieBreak`: the caller's mistake); a file's own list
that cannot be computed gives the default list's standings with a T501 in front (the
file's problem), and the lines saying which list was used come back as notes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from .diagnostics import Diagnostic, make
from .i18n import phrase
from .model import Tournament
from .tiebreaks import (
    CodeError,
    Standings,
    TieBreakCode,
    UnknownTieBreak,
    compute,
    declared_codes,
    default_codes,
    lookup,
    parse,
)
from .tiebreaks.context import Context
from .tiebreaks.editions import resolve

if TYPE_CHECKING:  # the team engine is loaded by the team functions: most events are not
    from .tiebreaks.team.context import TeamContext  # team events only
    from .tiebreaks.team.standings import TeamStandings

__all__ = [
    "file_list_unusable",
    "individual_standings",
    "is_individual_code",
    "is_team_code",
    "team_context",
    "team_standings",
]


def file_list_unusable(exc: Exception) -> Diagnostic:
    """T501 for a 202/212 list (or Swiss-Manager mapping) that cannot be computed."""
    return make(
        "T501",
        f"the file's tie-break list cannot be computed ({exc}); "
        "the default tie-breaks were used instead (choose others with --tb)",
    )


def _default(t: Tournament, rules: str, after_round: int | None) -> tuple[list[TieBreakCode], str]:
    """The default list for ``t`` (round-robin or Swiss) and the line that names it."""
    return default_codes(Context(t, resolve(rules, t), after_round=after_round))


def individual_standings(
    t: Tournament,
    tb: Sequence[str] = (),
    *,
    rules: str = "auto",
    after_round: int | None = None,
    unrated_rating: int | None = None,
) -> tuple[Standings, list[str]]:
    """The players' standings under ``tb`` (codes as written), else under the file's list,
    else a default; and the notes that say which list was used (none for ``tb``)."""
    notes: list[str] = []
    try:
        codes = [parse(c) for c in tb] if tb else None
        if codes is None:
            declared, _ = declared_codes(t)
            if declared:
                listed = ", ".join(c.canonical for c in declared)
                notes.append(phrase("tie-breaks from the file: {codes}", codes=listed))
            else:
                notes.append(_default(t, rules, after_round)[1])
        return compute(
            t, codes, rules=rules, after_round=after_round, unrated_rating=unrated_rating
        ), notes
    except (CodeError, UnknownTieBreak) as exc:
        if tb:  # the caller's own codes
            raise
        problem = file_list_unusable(exc)  # the file's list: a content problem
    fallback, message = _default(t, rules, after_round)
    notes.append(message)
    standings = compute(
        t, fallback, rules=rules, after_round=after_round, unrated_rating=unrated_rating
    )
    return replace(standings, diagnostics=(problem, *standings.diagnostics)), notes


def team_standings(
    t: Tournament,
    tb: Sequence[str] = (),
    *,
    rules: str = "auto",
    after_round: int | None = None,
    team_bye: tuple[float, float] | None = None,
    pab_as_draw: bool = False,
) -> TeamStandings:
    """A team event's standings under ``tb``, else the file's list, else
    :data:`~trfkit.tiebreaks.team.standings.DEFAULT_TEAM_CODES` (with a T501 when the file's list
    cannot be computed). ``team_bye``: (MP, GP) of a team bye the file does not encode;
    ``pab_as_draw``: a team's PAB shows to its opponents as a drawn match."""
    from .tiebreaks.team.standings import DEFAULT_TEAM_CODES, compute_teams  # team events only

    def run(codes: Sequence[TieBreakCode | str] | None) -> TeamStandings:
        return compute_teams(
            t,
            codes,
            rules=rules,
            after_round=after_round,
            unencoded_bye=team_bye,
            pab_shown_as_draw=pab_as_draw,
        )

    try:
        return run([parse(c) for c in tb] if tb else None)
    except (CodeError, UnknownTieBreak) as exc:
        if tb:
            raise
        problem = file_list_unusable(exc)
    standings = run(list(DEFAULT_TEAM_CODES))
    return replace(standings, diagnostics=(problem, *standings.diagnostics))


def team_context(
    t: Tournament,
    *,
    rules: str = "auto",
    after_round: int | None = None,
    team_bye: tuple[float, float] | None = None,
    pab_as_draw: bool = False,
) -> TeamContext:
    """The team run ``trfkit explain --team`` reads, with the options of the standings."""
    from .tiebreaks.team.context import TeamContext  # team events only

    return TeamContext(
        t,
        resolve(rules, t),
        after_round=after_round,
        unencoded_bye=team_bye,
        pab_shown_as_draw=pab_as_draw,
    )


def is_team_code(code: TieBreakCode) -> bool:
    """True when ``code`` names a team tie-break (``BH:MP``, ``MPvGP``)."""
    try:
        lookup(code, "team")
    except UnknownTieBreak:
        return False
    return True


def is_individual_code(code: TieBreakCode) -> bool:
    """True when ``code`` names a player's own tie-break (no team score such as ``:MP``)."""
    try:
        lookup(code, "individual")
    except UnknownTieBreak:
        return False
    return not code.score
