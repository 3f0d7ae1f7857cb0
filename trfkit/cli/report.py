"""``trfkit report``: one self-contained HTML page per input (:mod:`trfkit.render.report`).

One input writes its page to ``-o FILE`` (or stdout; ``-o DIR/`` puts it in DIR);
several inputs, a directory or a glob need ``-o DIR``: a page per input under its
relative path (``x.trf`` -> ``x.html``) and an ``index.html`` linking them with their
verdicts (:mod:`trfkit.cli.report_many`). The standings are those of ``trfkit
tiebreaks`` with the same options, and so is the exit status: 0 clean, 1 when the input
or its standings have error-level problems (the page is still written), 2 for usage
errors and unreadable inputs (nothing written). Every page is written through a
temporary file and a rename, never over an input.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from ..diagnostics import Diagnostic, Severity
from ..document import nothing_read
from ..formats import detect
from ..i18n import translator
from ..model import Tournament
from ..ranking import individual_standings, team_standings
from ..render.report.index import Entry
from ..render.report.page import Report, render_page
from ..render.report.sections import report_sections
from ..render.report.verdict import verdict
from ..terminal import escape_controls
from ..tiebreaks import CodeError, Standings, UnknownTieBreak
from .io import (
    InputError,
    display_name,
    exit_status,
    input_problems,
    internal_errors,
    names_directory,
    print_diagnostics,
    read_bytes,
    read_document,
    rule_errors,
    write_output,
)
from .options import input_options, lang_option
from .output_guard import refuse_overwrite
from .output_names import output_name
from .tiebreak_options import (
    check_after_round,
    standings_options,
    team_options,
    team_options_need_teams,
)

if TYPE_CHECKING:  # the team engine is loaded for team events only
    from ..tiebreaks.team.standings import TeamStandings

#: The extension of a page.
EXTENSION = ".html"


@dataclass(frozen=True, slots=True)
class Options:
    """What every page of one run is computed with (the command's options)."""

    fmt: str
    encoding: str | None
    tb: tuple[str, ...]
    rules: str
    after_round: int | None
    unrated_rating: int | None
    team_bye: tuple[float, float] | None
    pab_as_draw: bool
    #: the pages' language (``--lang``)
    lang: str = "en"


@dataclass(frozen=True, slots=True)
class Page:
    """One input's page (None when there is nothing to show), its row of the index, the
    diagnostics printed on stderr and the exit status."""

    html: str | None
    entry: Entry
    printed: tuple[Diagnostic, ...]
    status: int


def _standings(
    t: Tournament, options: Options
) -> tuple[Standings | None, TeamStandings | None, list[str], list[Diagnostic]]:
    """The standings ``tiebreaks`` computes with these options (for a team event the team
    standings, and the players' under the default list for the cards), the notes on
    the list used, and the diagnostics that count for the exit status."""
    try:
        if t.is_team_event:
            team = team_standings(
                t,
                options.tb,
                rules=options.rules,
                after_round=options.after_round,
                team_bye=options.team_bye,
                pab_as_draw=options.pab_as_draw,
            )
            try:
                players, _ = individual_standings(
                    t,
                    rules=options.rules,
                    after_round=options.after_round,
                    unrated_rating=options.unrated_rating,
                )
            except (CodeError, UnknownTieBreak):  # the players' view is a bonus here
                players = None
            return players, team, [], list(team.diagnostics)
        standings, notes = individual_standings(
            t,
            options.tb,
            rules=options.rules,
            after_round=options.after_round,
            unrated_rating=options.unrated_rating,
        )
    except (CodeError, UnknownTieBreak) as exc:  # the user's own --tb: exit 2
        raise InputError(f"T501 {exc}") from None
    return standings, None, notes, list(standings.diagnostics)


def build_page(path: str, options: Options, *, check_team_options: bool = True) -> Page:
    """Read, check and rank the input at ``path`` and render its page.

    Raises :class:`~.io.InputError` (exit 2) for an unreadable input or a usage error
    (``--after-round`` beyond the event, a ``--tb`` code that cannot be computed).
    """
    display = display_name(path)
    raw = read_bytes(path)
    doc = read_document(path, fmt=options.fmt, encoding=options.encoding, data=raw)
    t = doc.tournament
    check_after_round(t, options.after_round)
    if check_team_options:
        team_options_need_teams(
            options.team_bye,
            options.pab_as_draw,
            None if t.is_team_event else "this is an individual event",
        )
    problems = input_problems(doc, path)
    shown = [d for d in doc.diagnostics if d.severity is not Severity.INFO]
    shown += rule_errors(doc, problems)
    if nothing_read(doc):  # a note, a LICENSE, an empty file: a page would look like a result
        status = max(1, exit_status(shown))
        return Page(None, Entry(display, error="not a tournament file"), tuple(shown), status)
    standings, team, notes, found = _standings(t, options)
    found = [d.with_file(d.file or path) for d in found]
    read_as = detect(raw[:8192]) if options.fmt == "auto" else options.fmt
    report = Report(
        doc,
        display,
        read_as,
        tuple([*problems, *found]),
        standings,
        team,
        tuple(notes),
        unrated_rating=options.unrated_rating,
        pab_as_draw=options.pab_as_draw,
        tr=translator(options.lang),
    )
    html = render_page(report, report_sections())
    entry = Entry(
        display,
        "",
        t.header.name,
        len(t.players),
        t.rounds,
        verdict(report.diagnostics),
    )
    return Page(html, entry, tuple(shown + found), exit_status(shown + found))


def _is_batch(paths: Sequence[str]) -> bool:
    from ..input_paths import roots  # classifies the arguments: one stat each

    return len(paths) > 1 or any(root.kind in ("dir", "glob") for root in roots(paths))


@click.command("report")
@click.argument("paths", nargs=-1, required=True, metavar="INPUT...")
@click.option(
    "-o",
    "--output",
    "output",
    default=None,
    metavar="PATH",
    help="The page (one INPUT; default stdout), or the directory of the pages and their "
    "index.html (several inputs, a directory or a glob).",
)
@standings_options
@team_options
@lang_option
@input_options
@internal_errors
def report(
    paths: tuple[str, ...],
    output: str | None,
    tb: tuple[str, ...],
    rules: str,
    after_round: int | None,
    unrated_rating: int | None,
    team_bye: tuple[float, float] | None,
    pab_as_draw: bool,
    fmt: str,
    encoding: str | None,
    lang: str = "en",
) -> None:
    """Write a self-contained HTML page for each INPUT: the file's facts and verdict,
    its problems marked in place in the file itself, the standings (as `tiebreaks`
    computes them, with the same options), the crosstable, player cards and charts.

    One INPUT writes to -o FILE (default stdout); several inputs, a directory or a
    glob need -o DIR: one page each (x.trf -> DIR/x.html) and DIR/index.html linking
    them. --lang ru writes the pages in Russian (the problems' messages stay English,
    as check prints them). Exit status 0 = clean, 1 = an input has error-level problems (its page is
    still written) or is no tournament file, 2 = usage error or unreadable input.

    \b
    Examples:
      trfkit report samples/swiss.trf -o swiss.html
      trfkit report event.trf --tb BH/C1 --tb SB --after-round 5 -o event.html
      trfkit report submissions/ -o reports/
      trfkit report event.trf --lang ru -o event.html
    """
    options = Options(
        fmt, encoding, tb, rules, after_round, unrated_rating, team_bye, pab_as_draw, lang
    )
    if _is_batch(paths):
        if output is None or output == "-":
            raise click.UsageError(
                "several inputs, a directory or a glob need -o DIR (a page each and an "
                "index.html); to stdout only one page can go"
            )
        from pathlib import Path  # pathlib: not for a one-file command

        from .report_many import report_many  # several inputs only

        raise SystemExit(report_many(paths, Path(output), options))
    input_path = paths[0]
    if output not in (None, "-") and input_path != "-":
        assert output is not None
        if os.path.isdir(output) or names_directory(output):  # 'out/': the page goes in it
            output = os.path.join(output, output_name(os.path.basename(input_path), EXTENSION))
    refuse_overwrite(paths, [output])
    page = build_page(input_path, options)
    if page.html is None:
        print_diagnostics(page.printed)
        click.echo(escape_controls(f"{page.entry.name}: nothing to report"), err=True)
        raise SystemExit(page.status)
    write_output(page.html, output)
    print_diagnostics(page.printed)
    raise SystemExit(page.status)
