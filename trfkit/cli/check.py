"""``trfkit check``: located, coded diagnostics for people and CI.

Exit status: 0 when nothing at or above ``--fail-on`` was found, 1 when something
was, 2 for usage errors, unreadable paths and internal errors (T999), also with
``--exit-zero``. Diagnostics are the command's data, so they go to stdout.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any

import click

from ..check_many import DEFAULT_GLOBS, Job, Outcome, Settings, collect, outcome, run, work
from ..input_paths import NOT_A_REPORT
from ..render.diagnostics import FORMATS, FileReport, render
from ..selection import PROFILES
from ..terminal import escape_controls
from . import configured
from .display import selector, threshold
from .io import (
    STDIN_NAME,
    InputError,
    check_encoding,
    current_fallback,
    current_max_bytes,
    debug_enabled,
    read_bytes,
)
from .many_files import (
    Batch,
    Tally,
    batch_options,
    print_summary,
    refuse_report_dir,
    run_batch,
    to_count,
    write_report,
)
from .many_files import (
    report_format as format_of_report,
)
from .options import display_options, input_options, selection_options
from .output_guard import cache_files, refuse_overwrite


@click.command()
@click.argument("paths", nargs=-1, metavar="PATH... | -")  # required, but for --show-settings
@input_options
@click.option(
    "--output-format",
    "output_format",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="How to print the diagnostics.",
)
@selection_options
@click.option(
    "--profile",
    "profile",
    type=click.Choice(sorted(PROFILES)),
    default=None,
    help="Switch on a named set of extra rules, off by default: fide-rating = what a "
    "rating officer checks before an upload to FIDE (T7xx).",
)
@display_options
@click.option(
    "--fail-on",
    "fail_on",
    type=click.Choice(["error", "warning", "info"]),
    default="error",
    show_default=True,
    help="Lowest severity that makes the exit status 1.",
)
@click.option(
    "--exit-zero",
    is_flag=True,
    help="Exit 0 even when problems are found "
    "(unreadable inputs and internal errors still exit 2).",
)
@click.option(
    "--statistics",
    is_flag=True,
    help="Print how often each code occurs (at each severity) instead.",
)
@batch_options(default_globs=DEFAULT_GLOBS)
@click.option(
    "--force-exclude",
    is_flag=True,
    help="Apply the file selection (--glob, and the content test of the default "
    "one) to files named on the command line too, as pre-commit names them.",
)
@click.option(
    "--stdin-display-name",
    default=STDIN_NAME,
    show_default=True,
    help="File name to show for input read from '-'.",
)
@click.option(
    "--cache-dir",
    "cache_dir",
    default=None,
    metavar="DIR",
    envvar="TRFKIT_CACHE_DIR",
    help="Keep results here and skip inputs checked before with the same bytes, "
    "options and trfkit (env TRFKIT_CACHE_DIR; default: no cache).",
)
@click.option(
    "--rating-list",
    "rating_list",
    default=None,
    metavar="LIST",
    help="Compare the players with FIDE's players list (TXT, XML or their zip, as "
    "ratings.fide.com publishes them): ids, names, federations, sex, birth years, ratings "
    "(T750-T758).",
)
@click.option(
    "--rating-kind",
    "rating_kind",
    type=click.Choice(["standard", "rapid", "blitz"]),
    default=None,
    help="Which rating of the list to compare  [default: from the file's time control "
    "(222, 122), else standard]",
)
@click.option(
    "--rating-period",
    "rating_period",
    default=None,
    metavar="YYYY-MM",
    help="The period of the --rating-list file, over what its MonYY column or its name "
    "says (the combined lists name none).",
)
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
@click.option(
    "--show-settings",
    is_flag=True,
    help="Print the settings in effect (and the configuration file they come from), then exit.",
)
@click.pass_context
def check(
    ctx: click.Context,
    paths: tuple[str, ...],
    fmt: str,
    encoding: str | None,
    output_format: str,
    select: tuple[str, ...],
    extend_select: tuple[str, ...],
    ignore: tuple[str, ...],
    profile: str | None,
    min_severity: str | None,
    verbose: bool,
    fail_on: str,
    exit_zero: bool,
    statistics: bool,
    globs: tuple[str, ...],
    jobs: int | None,
    quiet: bool,
    report_path: str | None,
    report_format: str,
    force_exclude: bool,
    stdin_display_name: str,
    cache_dir: str | None,
    rating_list: str | None,
    rating_kind: str | None,
    rating_period: str | None,
    debug: bool,
    show_settings: bool,
) -> None:
    """Check tournament files and report problems with file, line, column and code.

    \b
    Examples:
      trfkit check event.trf
      trfkit check reports/ --glob '*.trf' -j 4
      trfkit check event.trf --output-format full --ignore T403
      trfkit check event.trf -v                   # infos too
      cat event.trf | trfkit check - --stdin-display-name event.trf
      trfkit check reports/ --output-format sarif > trfkit.sarif
      trfkit check archive/ -j 4 --cache-dir ~/.cache/trfkit
      trfkit check event.trf --profile fide-rating
      trfkit check event.trf --rating-list players_list_foa.txt
    """
    if show_settings:  # before any reading: what a run with these arguments would use
        click.echo(configured.show_settings(ctx, paths[0] if paths else None), nl=False)
        sys.exit(0)
    if not paths:
        raise click.MissingParameter(ctx=ctx, param=ctx.command.params[0])
    chosen = selector(select, extend_select, ignore, profile)
    lowest = threshold(min_severity, verbose, output_format=output_format, fail_on=fail_on)
    check_encoding(encoding)
    refuse_report_dir(report_path)
    refuse_overwrite(paths, [report_path, *cache_files(cache_dir)], globs=globs or DEFAULT_GLOBS)
    stdin = read_bytes("-") if "-" in paths else None
    debug = debug or debug_enabled()
    inputs = collect(
        paths,
        globs or DEFAULT_GLOBS,
        stdin_name=stdin_display_name,
        stdin=stdin,
        force_exclude=force_exclude,
    )
    # a tree of notes only (README.md, LICENSE: names the selection leaves out) has
    # nothing to check, as an empty one: exit 2, not "No problems found in 0 files"
    head: list[Job] = []
    for job in inputs:
        head.append(job)
        if job.skip != NOT_A_REPORT:
            break
    else:
        raise InputError("no files to check (see --glob)")
    first, inputs = head[0], chain(head[1:], inputs)
    batch = Batch(jobs, quiet, to_count(paths, globs or DEFAULT_GLOBS, quiet))
    tally = Tally()
    settings = Settings(
        fmt=fmt,
        encoding=encoding,
        select=chosen.select,
        ignore=chosen.ignore,
        # full quotes the lines; gitlab's fingerprints hash them
        quote_lines=output_format in ("full", "gitlab")
        or (report_path is not None and format_of_report(report_path, report_format) == "gitlab"),
        debug=debug,
        max_bytes=current_max_bytes(),
        fallback_encoding=current_fallback(),
        profile=profile,
        **_rating_settings(rating_list, rating_kind, rating_period),
    )
    if rating_list:  # the list is read once, for the ids of every input, before the batch
        listed = [first, *inputs]
        _prepare_ratings(listed, settings)
        inputs = iter(listed[1:])
    own = configured.per_input(ctx, settings)  # each input's configuration
    # Line formats are printed file by file as results arrive, and nothing is kept:
    # memory stays flat however many files. The others need the whole batch.
    streamed = output_format in STREAMED and not statistics
    reports: list[FileReport] = []
    kept: list[FileReport] = []
    outcomes: Iterable[Outcome] = ()
    try:
        if cache_dir:  # streamed in bounded chunks, as without a cache
            outcomes = _counted(
                run(
                    chain([first], inputs),
                    settings,
                    batch.processes,
                    cache_dir,
                    own,
                    warn=_warn_cache,
                ),
                tally,
            )
        else:
            tasks = ((job, own(job) if own else settings) for job in chain([first], inputs))
            # streamed diagnostics go to stdout as they come: the bar (on stderr) is
            # erased for them only when stdout is the same terminal; other formats
            # print nothing per file (a StringIO is no terminal)
            outcomes = run_batch(
                work, tasks, batch, tally, printed_to=sys.stdout if streamed else io.StringIO()
            )
        for done in outcomes:
            # --report and --statistics get everything found; the output from `lowest` up
            report = done.report if statistics else done.report.at_least(lowest)
            if streamed:
                _print_lines(output_format, report)
            else:
                reports.append(report)
            if report_path:
                kept.append(done.report)
    except BrokenPipeError:  # `| head`: ended quietly by trfkit.cli
        raise
    except Exception as exc:
        if debug:
            raise
        click.echo(
            escape_controls(
                f"trfkit: internal error (T999): {type(exc).__name__}: {exc}; please report a bug"
            ),
            err=True,
        )
        sys.exit(2)
    finally:  # stopped early (a closed stdout, Ctrl-C): end the workers now, not at exit
        stop = getattr(outcomes, "close", None)
        if stop is not None:
            stop()
    if streamed:
        if output_format == "text":
            click.echo(tally.summary(lowest).sentence())
    else:
        buffer = io.StringIO()
        render(output_format, reports, buffer, with_statistics=statistics)
        click.echo(buffer.getvalue(), nl=False)
    if report_path:
        write_report(report_path, report_format, kept)
    if tally.files > 1:
        print_summary(tally, quiet=quiet)
    sys.exit(tally.exit_status(fail_on, exit_zero))


def _warn_cache(message: str) -> None:
    """An unusable --cache-dir: one line, and the run goes on without the cache."""
    click.echo(escape_controls(f"trfkit: {message}"), err=True)


def _rating_settings(
    rating_list: str | None, rating_kind: str | None, rating_period: str | None
) -> dict[str, Any]:
    """The Settings fields of the --rating-* options (a bad period is a usage error)."""
    if not rating_list:
        if rating_kind or rating_period:
            raise click.UsageError("--rating-kind and --rating-period need --rating-list")
        return {}
    period = None
    if rating_period:
        from ..formats.rating_list import parse_period  # with --rating-list only

        period = parse_period(rating_period)
        if period is None or not re.fullmatch(r"\d{4}-\d{2}", rating_period.strip()):
            raise click.BadParameter(
                f"{rating_period!r} is not a year and month (YYYY-MM)",
                param_hint="'--rating-period'",
            )
    return {"rating_list": rating_list, "rating_kind": rating_kind, "rating_period": period}


def _prepare_ratings(jobs: list[Job], settings: Settings) -> None:
    from ..formats.rating_list import RatingListError  # with --rating-list only
    from ..rating_lists import prepare  # (and the list reader)

    try:
        prepare(jobs, settings)
    except RatingListError as exc:
        raise InputError(f"--rating-list: {exc}") from None


def _counted(reports: Iterable[FileReport], tally: Tally) -> Iterator[Outcome]:
    for report in reports:
        done = outcome(report)
        tally.add(done)
        yield done


#: Output formats with one line per diagnostic, printed as each file's result arrives.
STREAMED = ("text", "github", "jsonl")


def _print_lines(output_format: str, report: FileReport) -> None:
    if not report.diagnostics:
        return
    if output_format == "text":  # render_text without its closing summary sentence
        click.echo("".join(f"{d}\n" for d in report.diagnostics), nl=False)
        return
    buffer = io.StringIO()
    render(output_format, [report], buffer)
    click.echo(buffer.getvalue(), nl=False)
