"""``trfkit convert``: one file, stdin, or a whole directory tree into another format.

Inputs are never modified: outputs are written atomically next to nothing the
command reads (an output equal to an input, or an output directory inside the
input tree, is refused with exit 2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from ..diagnostics import Diagnostic
from ..document import Document
from ..formats import WRITERS
from ..inputs import ANY_FILE
from ..limits import field_overflows
from ..reporters import FileReport
from .batchrun import Batch, batch_options, to_count, write_report
from .common import (
    InputError,
    current_fallback,
    current_max_bytes,
    display_name,
    exit_status,
    internal_errors,
    print_diagnostics,
    read_document,
    write_output,
)
from .options import input_options, newline_option, output_options

if TYPE_CHECKING:  # pathlib and the batch machinery are imported only when a run needs them:
    from pathlib import Path  # a one-file conversion to stdout needs neither

#: File extension of each output format (directory mode names outputs stem + this).
EXTENSIONS: dict[str, str] = {"trf": ".trf", "trf16": ".trf", "trf26": ".trf",
                              "json": ".json", "csv": ".csv"}


def writer_options(to: str, newline: str | None, raw_csv: bool) -> dict[str, Any]:
    """The keyword options the writer of ``to`` understands, from the CLI flags."""
    options: dict[str, Any] = {}
    if newline is not None:
        options["newline"] = newline
    if to == "csv":
        options["raw"] = raw_csv
    return options


def nothing_read(doc: Document) -> bool:
    """True when there is no tournament to write: the input failed early, or the reader
    found it unusable (empty, undecodable, too large, not a tournament file: the codes
    for which the validator skips its rules too). A text file that is not a TRF would
    otherwise "convert" to a document holding its lines as unknown records."""
    from ..validation import FATAL_CODES

    t = doc.tournament
    if not doc.has_errors:
        return False
    return (not (t.players or t.header.records or t.teams or t.extra)
            or any(d.code in FATAL_CODES for d in doc.diagnostics))


def convert_one(source: str, target: str | None, *, fmt: str, encoding: str | None, to: str,
                options: dict[str, Any]) -> tuple[int, bool, list[Diagnostic]]:
    """Convert one input (``-`` = stdin) to ``target`` (None = stdout).

    Returns the exit status, whether an output was written, and the diagnostics.
    """
    doc = read_document(source, fmt=fmt, encoding=encoding)
    print_diagnostics(doc.diagnostics)
    overflows, text = render_document(doc, to, options)
    if text is None:
        click.echo(f"{display_name(source)}: nothing to convert", err=True)
        return exit_status(doc.diagnostics), False, list(doc.diagnostics)
    print_diagnostics(overflows)
    write_output(text, target)
    found = [*doc.diagnostics, *overflows]
    return exit_status(found), True, found


def render_document(doc: Document, to: str, options: dict[str, Any]
                    ) -> tuple[list[Diagnostic], str | None]:
    """The output text of ``doc`` in ``to`` (None: nothing to convert) and the T603
    diagnostics for numbers TRF's fixed-width fields cannot hold."""
    from .. import formats

    if nothing_read(doc):
        return [], None
    overflows = field_overflows(doc.tournament) if to.startswith("trf") else []
    return overflows, formats.write(doc.tournament, to, **options)


def _same(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


def _is_batch(paths: tuple[str, ...], output: str | None) -> bool:
    """Several inputs, a directory or a glob pattern: converted into ``-o DIR``."""
    from ..inputs import roots

    if len(paths) > 1:
        return True
    return any(root.kind in ("dir", "glob") for root in roots(paths))


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="INPUT...")
@input_options
@output_options(formats=tuple(WRITERS), default="trf")
@newline_option
@click.option("--raw-csv", is_flag=True,
              help="Write CSV cells as they are (no ' before = + - @ at the start of a cell).")
@batch_options(default_globs=ANY_FILE)
@click.option("--skip-existing", is_flag=True,
              help="Batch: keep outputs that already exist (resume an interrupted run).")
@click.option("--statistics", is_flag=True,
              help="Batch: add the count of each diagnostic code to the summary.")
@internal_errors
def convert(paths: tuple[str, ...], fmt: str, encoding: str | None, output: str | None, to: str,
            newline: str | None, raw_csv: bool, globs: tuple[str, ...], jobs: int | None,
            quiet: bool, report_path: str | None, report_format: str, skip_existing: bool,
            statistics: bool) -> None:
    """Convert INPUT (a file, '-' for stdin, a directory or a glob) to another format.

    '--to trf' keeps the input's TRF edition, trf16/trf26 choose one. Several
    inputs, a directory or a glob need '-o DIR': every file is converted into DIR
    under its relative path, with the new extension, in -j worker processes;
    outputs are written atomically and never over an input, '--skip-existing'
    resumes an interrupted run. Diagnostics go to stderr; exit status
    0 = clean, 1 = an input has errors (output still written), 2 = usage error,
    unreadable input or internal error.

    \b
    Examples:
      trfkit convert samples/swiss.trf --to json -o swiss.json
      trfkit convert samples/swiss.trf --to csv
      trfkit convert samples/ -o out/ --to trf26 --newline crlf
      trfkit convert submissions/ -o out/ --to json -j 4 --skip-existing --report out.json
      cat event.trf | trfkit convert - --to json
    """
    options = writer_options(to, newline, raw_csv)
    if _is_batch(paths, output):
        if output is None or output == "-":
            raise click.UsageError("a directory INPUT needs -o DIR")
        from pathlib import Path

        from .convert_batch import Plan, convert_many

        plan = Plan(fmt, encoding, to, options, current_max_bytes(), current_fallback())
        status = convert_many(paths, Path(output), plan, extension=EXTENSIONS[to],
                              globs=globs or ANY_FILE, batch=Batch(jobs, quiet, to_count(
                                  paths, globs or ANY_FILE, quiet)),
                              skip_existing=skip_existing, statistics=statistics,
                              report=(report_path, report_format) if report_path else None)
        raise SystemExit(status)
    input_path = paths[0]
    if input_path != "-" and output not in (None, "-"):
        from pathlib import Path

        target = Path(output)
        if target.is_dir():
            target = target / Path(input_path).with_suffix(EXTENSIONS[to]).name
        if target.exists() and _same(target, Path(input_path)):
            raise InputError(f"{output}: refusing to overwrite the input")
        output = str(target)
        if skip_existing and target.is_file():
            click.echo(f"{output}: exists, skipped (--skip-existing)", err=True)
            raise SystemExit(0)
    status, _, found = convert_one(input_path, output, fmt=fmt, encoding=encoding, to=to,
                                   options=options)
    if report_path:
        write_report(report_path, report_format, [FileReport(display_name(input_path),
                                                             tuple(found))])
    raise SystemExit(status)
