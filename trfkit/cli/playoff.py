"""``trfkit playoff``: the Article 32.5 play-off plan for players tied for first place.

Either ``--tied N`` (players seeded 1..N in tie-break order) or an INPUT file, from
which the standings are computed and the players level on points with the leader
are named. The plan is printed as an announcement (``--to text``) or as the JSON
object of the contract in README "Play-off" (``--to json``).
"""

from __future__ import annotations

import re

import click

from ..i18n import translator
from ..limits import MAX_PLAYERS
from ..playoff.plan import Clock, Options, Plan
from ..playoff.render import render_json, render_text
from ..playoff.table import build_plan
from ..playoff.tied import plan_for_tournament
from .io import (
    InputError,
    display_name,
    exit_status,
    input_problems,
    internal_errors,
    print_diagnostics,
    read_document,
    refuse_unread,
    rule_errors,
    write_output,
)
from .options import input_options, lang_option, output_options
from .output_guard import refuse_overwrite
from .tiebreak_options import check_after_round

_CLOCK = re.compile(r"^\s*(\d+)\s*\+\s*(\d+)\s*$")


def parse_clock(text: str) -> Clock:
    """``BASE+INC`` in seconds (the TRF26 ``222`` spelling, e.g. ``600+5``) -> :class:`Clock`."""
    m = _CLOCK.match(text)
    if not m:
        raise InputError(f"--agreed-tc {text!r}: expected BASE+INC in seconds, e.g. 600+5")
    clock = Clock(int(m.group(1)), int(m.group(2)))
    rapid = Clock(180, 5)
    if (
        clock.base_seconds < rapid.base_seconds
        or clock.increment_seconds < rapid.increment_seconds
        or clock == rapid
    ):
        raise InputError(
            f"--agreed-tc {text!r}: 32.5.7 allows only a longer time control than "
            "3 min + 5 s (180+5)"
        )
    return clock


@click.command()
@click.argument("input_path", metavar="[INPUT]", required=False)
@click.option(
    "--tied",
    "tied",
    type=click.IntRange(2, MAX_PLAYERS),
    default=None,
    metavar="N",
    help="Plan for N tied players seeded 1..N in tie-break order (no input file; "
    f"2 to {MAX_PLAYERS}).",
)
@click.option(
    "--rules",
    "rules",
    default="auto",
    show_default=True,
    metavar="EDITION",
    help="Tie-break rules for ordering the tied players: auto, fide-2026, fide-2024, "
    "fide-2009, ru-2013.",
)
@click.option(
    "--tb",
    "tb",
    multiple=True,
    metavar="CODE",
    help="Tie-break after points (repeatable); default: the file's list.",
)
@click.option(
    "--after-round",
    type=int,
    default=None,
    metavar="N",
    help="With INPUT: the standings after round N (1..the event's rounds). Default: "
    "after the last round with a result.",
)
@click.option(
    "--time-limited",
    is_flag=True,
    help="No time for the 'if time allows' branches: knock-outs (32.5.6.3, 32.5.6.7) "
    "use Armageddon games and 32.5.7 is not offered.",
)
@click.option(
    "--late", is_flag=True, help="32.5.8: the regular games ended late; go straight to Armageddon."
)
@click.option(
    "--agreed-tc",
    "agreed_tc",
    default=None,
    metavar="BASE+INC",
    help="32.5.7: the longer time control agreed for a two-player play-off, in "
    "seconds (e.g. 600+5).",
)
@input_options
@output_options(formats=("text", "json"), default="text")
@lang_option
@internal_errors
def playoff(
    input_path: str | None,
    tied: int | None,
    rules: str,
    tb: tuple[str, ...],
    after_round: int | None,
    time_limited: bool,
    late: bool,
    agreed_tc: str | None,
    fmt: str,
    encoding: str | None,
    output: str | None,
    to: str,
    lang: str,
) -> None:
    """Print the Article 32.5 play-off plan for the players tied for first place.

    \b
    Examples:
      trfkit playoff --tied 6
      trfkit playoff --tied 2 --agreed-tc 900+10
      trfkit playoff --tied 12 --time-limited --to json
      trfkit playoff results.trf --tb SB --late
      trfkit playoff --tied 6 --lang ru
    """

    if (tied is None) == (input_path is None):
        raise click.UsageError("give either --tied N or an INPUT file (not both)")
    if after_round is not None and input_path is None:
        raise click.UsageError("--after-round needs an INPUT file")
    agreed = parse_clock(agreed_tc) if agreed_tc is not None else None
    if agreed is not None and (time_limited or late):
        raise click.UsageError(
            "--agreed-tc (32.5.7 'if time allows') contradicts --time-limited and --late"
        )
    if tied is not None and agreed is not None and tied != 2:
        raise click.UsageError("--agreed-tc: 32.5.7 applies only to a play-off of two players")
    options = Options(time_limited=time_limited, late=late, agreed=agreed)
    refuse_overwrite([input_path] if input_path is not None else [], [output])
    status = 0
    if tied is not None:
        plan = build_plan(tied, options)
    else:
        assert input_path is not None
        plan, status = _plan_from_file(input_path, fmt, encoding, rules, tb, options, after_round)
    text = render_json(plan) if to == "json" else render_text(plan, translator(lang))
    write_output(text, output)
    raise SystemExit(status)


def _plan_from_file(
    path: str,
    fmt: str,
    encoding: str | None,
    rules: str,
    tb: tuple[str, ...],
    options: Options,
    after_round: int | None = None,
) -> tuple[Plan, int]:
    """Read ``path``, find the leaders and plan; diagnostics go to stderr."""

    doc = read_document(path, fmt=fmt, encoding=encoding)
    check_after_round(doc.tournament, after_round)
    refuse_unread(
        doc,
        path,
        [*doc.diagnostics, *rule_errors(doc, input_problems(doc, path))],
        "nothing to plan",
    )
    try:
        plan, found = plan_for_tournament(
            doc.tournament, list(tb) or None, rules=rules, options=options, after_round=after_round
        )
    except KeyError as exc:  # unknown --rules
        raise InputError(str(exc.args[0]) if exc.args else str(exc)) from None
    except ValueError as exc:  # unknown or malformed tie-break code (--tb or the file's list)
        raise InputError(f"{exc} (choose the tie-breaks with --tb)") from None
    name = display_name(path)
    diagnostics = (
        *doc.diagnostics,
        *rule_errors(doc, input_problems(doc, path)),
        *(d if d.file else d.with_file(name) for d in found),
    )
    print_diagnostics(diagnostics)
    return plan, exit_status(diagnostics)
