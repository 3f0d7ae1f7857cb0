"""``trfkit check``: located, coded diagnostics for people and CI.

Exit status: 0 when nothing at or above ``--fail-on`` was found, 1 when something
was, 2 for usage errors, unreadable paths and internal errors (T999), also with
``--exit-zero``. Diagnostics are the command's data, so they go to stdout.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterable
from itertools import chain

import click

from ..batch import DEFAULT_GLOBS, Settings, collect, run, work
from ..reporters import FORMATS, FileReport, render
from ..selection import Selector, SelectorError
from ..wire import Outcome
from .batchrun import Batch, Tally, batch_options, print_summary, run_batch, to_count, write_report
from .common import (
    STDIN_NAME,
    InputError,
    check_encoding,
    current_fallback,
    current_max_bytes,
    debug_enabled,
    read_bytes,
)
from .options import input_options


def _selector(select: tuple[str, ...], extend: tuple[str, ...],
              ignore: tuple[str, ...]) -> Selector:
    try:
        return Selector.from_options(select or None, extend, ignore)
    except SelectorError as exc:
        raise click.UsageError(str(exc)) from None


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH... | -")
@input_options
@click.option("--output-format", "output_format", type=click.Choice(FORMATS), default="text",
              show_default=True, help="How to print the diagnostics.")
@click.option("--select", "select", multiple=True, metavar="CODES",
              help="Report only these codes or prefixes (e.g. T3,T401). Default: all.")
@click.option("--extend-select", "extend_select", multiple=True, metavar="CODES",
              help="Add codes or prefixes to the selection.")
@click.option("--ignore", "ignore", multiple=True, metavar="CODES",
              help="Do not report these codes or prefixes (the longest prefix wins).")
@click.option("--fail-on", "fail_on", type=click.Choice(["error", "warning", "info"]),
              default="error", show_default=True,
              help="Lowest severity that makes the exit status 1.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when problems are found "
              "(unreadable inputs and internal errors still exit 2).")
@click.option("--statistics", is_flag=True, help="Print how often each code occurs instead.")
@batch_options(default_globs=DEFAULT_GLOBS)
@click.option("--stdin-display-name", default=STDIN_NAME, show_default=True,
              help="File name to show for input read from '-'.")
@click.option("--cache-dir", "cache_dir", default=None, metavar="DIR", envvar="TRFKIT_CACHE_DIR",
              help="Keep results here and skip inputs checked before with the same bytes, "
                   "options and trfkit (env TRFKIT_CACHE_DIR; default: no cache).")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
def check(paths: tuple[str, ...], fmt: str, encoding: str | None, output_format: str,
          select: tuple[str, ...], extend_select: tuple[str, ...], ignore: tuple[str, ...],
          fail_on: str, exit_zero: bool, statistics: bool, globs: tuple[str, ...],
          jobs: int | None, quiet: bool, report_path: str | None, report_format: str,
          stdin_display_name: str, cache_dir: str | None, debug: bool) -> None:
    """Check tournament files and report problems with file, line, column and code.

    \b
    Examples:
      trfkit check event.trf
      trfkit check reports/ --glob '*.trf' -j 4
      trfkit check event.trf --output-format full --ignore T403
      cat event.trf | trfkit check - --stdin-display-name event.trf
      trfkit check reports/ --output-format sarif > trfkit.sarif
      trfkit check archive/ -j 4 --cache-dir ~/.cache/trfkit
    """
    selector = _selector(select, extend_select, ignore)
    check_encoding(encoding)
    stdin = read_bytes("-") if "-" in paths else None
    debug = debug or debug_enabled()
    inputs = collect(paths, globs or DEFAULT_GLOBS, stdin_name=stdin_display_name, stdin=stdin)
    first = next(inputs, None)
    if first is None:
        raise InputError("no files to check (see --glob)")
    batch = Batch(jobs, quiet, to_count(paths, globs or DEFAULT_GLOBS, quiet))
    tally = Tally()
    settings = Settings(fmt=fmt, encoding=encoding, select=selector.select,
                        ignore=selector.ignore, quote_lines=output_format == "full", debug=debug,
                        max_bytes=current_max_bytes(), fallback_encoding=current_fallback())
    # Line formats are printed file by file as results arrive, and nothing is kept:
    # memory stays flat however many files. The others need the whole batch.
    streamed = output_format in STREAMED and not statistics and not report_path
    reports: list[FileReport] = []
    try:
        if cache_dir:
            outcomes: Iterable[Outcome] = [
                Outcome(r) for r in run([first, *inputs], settings, batch.processes, cache_dir)]
            for outcome in outcomes:
                tally.add(outcome)
        else:
            tasks = ((job, settings) for job in chain([first], inputs))
            outcomes = run_batch(work, tasks, batch, tally)
        for outcome in outcomes:
            if outcome.report.error is not None:
                click.echo(f"trfkit: {outcome.report.error}", err=True)
            if streamed:
                _print_lines(output_format, outcome.report)
            else:
                reports.append(outcome.report)
    except Exception as exc:
        if debug:
            raise
        click.echo(f"trfkit: internal error (T999): {type(exc).__name__}: {exc}; "
                   "please report a bug", err=True)
        sys.exit(2)
    if streamed:
        if output_format == "text":
            click.echo(tally.summary().sentence())
    else:
        buffer = io.StringIO()
        render(output_format, reports, buffer, with_statistics=statistics)
        click.echo(buffer.getvalue(), nl=False)
    if report_path:
        write_report(report_path, report_format, reports)
    if tally.files > 1:
        print_summary(tally, quiet=quiet)
    sys.exit(tally.exit_status(fail_on, exit_zero))


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
