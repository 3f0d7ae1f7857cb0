"""What ``tiebreaks``, ``explain``, ``playoff`` and ``report`` accept beyond the codes: the
round the standings are after, the team-only options, the numbers a file has (usage errors
name them), and the option bundles (:func:`standings_options`, :func:`team_options`) that
``tiebreaks`` and ``report`` share, so that both spell them the same way."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import click

from ..model import Tournament
from ..tiebreak_codes import MAX_RATING
from ..tiebreaks.editions import EDITIONS
from .io import InputError

F = TypeVar("F", bound=Callable[..., Any])

#: ``--rules`` choices: ``auto`` (by the start date, 042) and every edition.
RULES = ["auto", *EDITIONS]

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


#: ``--after-round N``, the same for ``tiebreaks``, ``explain`` and ``report`` (one round,
#: one meaning).
AFTER_ROUND = click.option(
    "--after-round",
    type=int,
    default=None,
    metavar="N",
    help="Standings after round N (1..the event's rounds). Default: after the last "
    "round with a result.",
)


def standings_options(func: F) -> F:
    """Add ``--tb`` (as ``tb``), ``--rules``, ``--after-round`` and ``--unrated-rating``:
    which standings are computed."""
    for option in reversed(
        [
            click.option(
                "--tb",
                "tb",
                multiple=True,
                metavar="CODE",
                help="Tie-break code (TRF26 202 grammar, e.g. BH/C1, SB, DE/P); repeat for "
                "several. Default: the file's 202/212 list, else a default for the "
                "tournament type.",
            ),
            click.option(
                "--rules",
                type=click.Choice(RULES),
                default="auto",
                show_default=True,
                help="Rule edition; auto picks by the start date (042).",
            ),
            AFTER_ROUND,
            click.option(
                "--unrated-rating",
                type=click.IntRange(0, MAX_RATING),
                default=None,
                metavar="R",
                help="Rating of unrated players for rating-based tie-breaks, 0 to "
                f"{MAX_RATING} (default: undefined).",
            ),
        ]
    ):
        func = option(func)
    return func


def team_options(func: F) -> F:
    """Add ``--team-bye`` (as ``team_bye``) and ``--team-pab-as-draw`` (as ``pab_as_draw``):
    how a team event's byes count."""
    func = click.option(
        "--team-pab-as-draw",
        "pab_as_draw",
        is_flag=True,
        help="Competition rule (C.07 16.6, as at Olympiads and in Swiss-Manager's team "
        "Buchholz): a team's PAB shows to its opponents as a drawn match.",
    )(func)
    func = click.option(
        "--team-bye",
        "team_bye",
        default=None,
        metavar="MP,GP",
        callback=team_bye_option,
        help="Count a team bye the file does not encode (T321, Swiss-Manager TRF16) as a PAB "
        "worth MP match points and GP game points, e.g. 1,3. Default: as the file says, "
        "a zero-point absence.",
    )(func)
    return func
