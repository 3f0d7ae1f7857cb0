"""What ``tiebreaks``, ``explain`` and ``playoff`` accept beyond the codes: the round the
standings are after, the team-only options, the numbers a file has (usage errors name them)."""

from __future__ import annotations

from collections.abc import Iterable

import click

from ..model import Tournament
from .io import InputError

#: ``--team-bye``: points of one match (a team of 100 boards is far beyond any event).
MAX_BYE_POINTS = 100


def check_after_round(tournament: Tournament, after_round: int | None) -> None:
    """``--after-round K`` names a round of the event (1..142/XXR): else a usage error."""
    if after_round is None:
        return
    total = tournament.rounds
    if not 1 <= after_round <= total:
        raise InputError(
            f"--after-round {after_round}: the event has "
            f"{total} round{'s' if total != 1 else ''}; choose 1..{total}"
            if total
            else f"--after-round {after_round}: the event has no rounds"
        )


def team_bye_option(
    ctx: click.Context, param: click.Parameter, value: str | None
) -> tuple[float, float] | None:
    """``--team-bye 1,3`` -> (1.0, 3.0)."""
    if value is None:
        return None
    try:
        mp, gp = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter("give match points and game points, e.g. 1,3") from None
    if not (0 <= mp <= MAX_BYE_POINTS and 0 <= gp <= MAX_BYE_POINTS):  # also NaN
        raise click.BadParameter(f"match and game points must be from 0 to {MAX_BYE_POINTS}")
    return mp, gp


def team_options_need_teams(
    team_bye: tuple[float, float] | None, pab_as_draw: bool, why_not: str | None
) -> None:
    """A usage error when a team-only option would be silently ignored (``why_not``)."""
    given = [
        name
        for name, used in (
            ("--team-bye", team_bye is not None),
            ("--team-pab-as-draw", pab_as_draw),
        )
        if used
    ]
    if given and why_not is not None:
        verb = "changes" if len(given) == 1 else "change"
        raise click.UsageError(f"{' and '.join(given)} only {verb} team standings; {why_not}")


def known_numbers(index: Iterable[int]) -> str:
    """``" (the file has 1..10)"``: the numbers one can ask for."""
    known = sorted(index)
    if not known:
        return " (the file has none)"
    if known == list(range(known[0], known[-1] + 1)):
        return f" (the file has {known[0]}..{known[-1]})"
    return f" (the file has {', '.join(map(str, known[:20]))}{', ...' if len(known) > 20 else ''})"
