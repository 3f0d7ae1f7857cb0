"""``trfkit convert``: one file, stdin, or a whole directory tree into another format.

Inputs are never modified: outputs are written atomically next to nothing the
command reads (an output equal to an input, or an output directory inside the
input tree, is refused with exit 2).
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import click

from ..check_many import DEFAULT_GLOBS, unreadable
from ..conversion import UnreadableOutput, at_input, render_document
from ..diagnostics import Diagnostic
from ..formats import WRITERS
from ..formats.sheets import CsvStyle
from ..input_paths import roots
from ..render.diagnostics import FileReport
from ..terminal import escape_controls
from .display import View
from .io import (
    InputError,
    current_fallback,
    current_max_bytes,
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
from .many_files import Batch, batch_options, refuse_report_dir, to_count, write_report
from .options import (
    display_options,
    input_options,
    newline_option,
    output_options,
    selection_options,
)
from .output_guard import refuse_overwrite
from .output_names import output_name
from .spreadsheet import csv_options, csv_style, refuse_xlsx

#: File extension of each output format (see :func:`.output_names.output_name` for how a
#: directory conversion names its outputs with it).
EXTENSIONS: dict[str, str] = {
    "trf": ".trf",
    "trf16": ".trf",
    "trf26": ".trf",
    "json": ".json",
    "csv": ".csv",
    "xlsx": ".xlsx",
}

#: ``--to`` choices: the text writers of :data:`trfkit.formats.WRITERS` and the workbook.
FORMATS = (*WRITERS, "xlsx")


def writer_options(
    to: str, newline: str | None, raw_csv: bool, style: CsvStyle | None = None
) -> dict[str, Any]:
    """The keyword options the writer of ``to`` understands, from the CLI flags
    (``style``: ``--delimiter`` and ``--bom``, see :func:`.spreadsheet.csv_style`)."""
    options: dict[str, Any] = {}
    if newline is not None:
        options["newline"] = newline
    if to in ("csv", "xlsx"):
        options["raw"] = raw_csv
    if to == "csv" and style is not None:  # only when not the default: records stay as they were
        if style.delimiter != ",":
            options["delimiter"] = style.delimiter
        if style.bom:
            options["bom"] = True
    return options


def convert_one(
    source: str,
    target: str | None,
    *,
    fmt: str,
    encoding: str | None,
    to: str,
    options: dict[str, Any],
    view: View | None = None,
    report: tuple[str, str] | None = None,
) -> tuple[int, bool, list[Diagnostic]]:
    """Convert one input (``-`` = stdin) to ``target`` (None = stdout).

    Returns the exit status, whether an output was written, and the diagnostics
    selected by ``view`` (of which those at its threshold are printed to stderr).
    An input with nothing to convert exits 1 even when its errors are ignored. An
    input that cannot be read is the usual one-line error (exit 2); the ``report``
    (path, format) then holds its T014, as a batch's does.
    """
    view = view or View()
    try:
        doc = read_document(source, fmt=fmt, encoding=encoding)
    except InputError as exc:
        if report is not None:
            write_report(*report, [unreadable(display_name(source), exc.format_message())])
        raise
    read = [*doc.diagnostics, *rule_errors(doc, input_problems(doc, source))]
    print_diagnostics(view.shown(read))
    overflows, text = render_document(
        doc, to, options, max_bytes=current_max_bytes(), display=display_name(source)
    )
    if text is None:
        print_diagnostics(view.shown(overflows))
        click.echo(escape_controls(f"{display_name(source)}: nothing to convert"), err=True)
        found = view.selected([*read, *overflows])
        return max(1, exit_status(found)), False, found
    print_diagnostics(view.shown(overflows))
    try:
        write_output(text, target)
    except UnreadableOutput as exc:
        refused = at_input(
            [_on_stream(exc.diagnostic, target)], doc.tournament.source.path, display_name(source)
        )
        print_diagnostics(refused)
        found = view.selected([*read, *overflows, *refused])
        return max(1, exit_status(found)), False, found
    found = view.selected([*read, *overflows])
    return exit_status(found), True, found


def _on_stream(found: Diagnostic, target: str | None) -> Diagnostic:
    """T604 as it is for ``target``: a file is left untouched, but what went to stdout
    before the limit cannot be taken back, so the message must not say "not written"."""
    if target not in (None, "-"):
        return found

    stopped = "so stdout stops here, incomplete (-o FILE writes all or nothing)"
    return replace(found, message=found.message.replace("so it was not written", stopped))


def _needs_directory(paths: tuple[str, ...]) -> str:
    """Why a batch run needs ``-o DIR``, naming what made it a batch."""
    found = roots(paths)
    if len(found) > 1:
        return (
            f"{len(found)} inputs need -o DIR (one output each, converted into DIR); "
            "to stdout only one input can go"
        )
    if found[0].kind == "glob":
        return "a glob pattern INPUT needs -o DIR (every matching file is converted into DIR)"
    return "a directory INPUT needs -o DIR (every tournament file below it is converted into DIR)"


def _is_batch(paths: tuple[str, ...], output: str | None) -> bool:
    """Several inputs, a directory or a glob pattern: converted into ``-o DIR``."""
    if len(paths) > 1:
        return True
    return any(root.kind in ("dir", "glob") for root in roots(paths))


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="INPUT...")
@input_options
@output_options(formats=FORMATS, default="trf")
@newline_option
@click.option(
    "--raw-csv",
    is_flag=True,
    help="Write CSV cells as they are (no ' before = + - @ at the start of a cell); "
    "xlsx text cells too.",
)
@csv_options
@batch_options(default_globs=DEFAULT_GLOBS)
@click.option(
    "--skip-existing",
    is_flag=True,
    help="Keep an output that its record (a hidden .NAME.source file beside it) shows "
    "was made from the same input bytes with the same options (resume an "
    "interrupted run); convert the others.",
)
@click.option(
    "--statistics",
    is_flag=True,
    help="Batch: add the count of each diagnostic code to the summary.",
)
@selection_options
@display_options
@internal_errors
def convert(
    paths: tuple[str, ...],
    fmt: str,
    encoding: str | None,
    output: str | None,
    to: str,
    newline: str | None,
    raw_csv: bool,
    delimiter: str | None,
    bom: bool,
    globs: tuple[str, ...],
    jobs: int | None,
    quiet: bool,
    report_path: str | None,
    report_format: str,
    skip_existing: bool,
    statistics: bool,
    select: tuple[str, ...],
    extend_select: tuple[str, ...],
    ignore: tuple[str, ...],
    min_severity: str | None,
    verbose: bool,
) -> None:
    """Convert INPUT (a file, '-' for stdin, a directory or a glob) to another format.

    '--to trf' keeps the input's TRF edition, trf16/trf26 choose one. Several
    inputs, a directory or a glob need '-o DIR': every tournament file found (as
    'check DIR' selects them; --glob replaces that) is converted into DIR under
    its relative path, with the new extension (x.trf -> x.json, x.tab ->
    x.tab.json), in -j worker processes;
    outputs are written atomically and never over an input, '--skip-existing'
    resumes an interrupted run. Diagnostics go to stderr (warnings and errors;
    -v adds infos; --select/--ignore as for check); exit status 0 = clean,
    1 = an input has selected errors (output still written) or nothing to convert,
    2 = usage error, unreadable input or internal error.

    \b
    Examples:
      trfkit convert samples/swiss.trf --to json -o swiss.json
      trfkit convert samples/swiss.trf --to csv
      trfkit convert samples/swiss.trf --to csv --delimiter ';' --bom -o swiss.csv
      trfkit convert samples/swiss.trf --to xlsx -o swiss.xlsx
      trfkit convert samples/ -o out/ --to trf26 --newline crlf
      trfkit convert submissions/ -o out/ --to json -j 4 --skip-existing --report out.json
      cat event.trf | trfkit convert - --to json
    """
    options = writer_options(to, newline, raw_csv, csv_style(to, delimiter, bom, raw_csv))
    refuse_xlsx(to, output)
    refuse_report_dir(report_path)
    view = View.from_options(select, extend_select, ignore, min_severity, verbose)
    if _is_batch(paths, output):
        if output is None or output == "-":
            raise click.UsageError(_needs_directory(paths))
        from pathlib import Path  # pathlib: not for a one-file command

        from .convert_many import Plan, convert_many  # a directory or glob only

        refuse_overwrite(paths, [report_path], globs=globs or DEFAULT_GLOBS)

        plan = Plan(fmt, encoding, to, options, current_max_bytes(), current_fallback())
        status = convert_many(
            paths,
            Path(output),
            plan,
            extension=EXTENSIONS[to],
            globs=globs or DEFAULT_GLOBS,
            batch=Batch(jobs, quiet, to_count(paths, globs or DEFAULT_GLOBS, quiet)),
            skip_existing=skip_existing,
            statistics=statistics,
            report=(report_path, report_format) if report_path else None,
            view=view,
        )
        raise SystemExit(status)
    input_path = paths[0]
    if input_path != "-" and output not in (None, "-"):
        from pathlib import Path  # pathlib: not for a one-file command

        target = Path(output)
        if target.is_dir() or names_directory(output):  # 'out/': a directory, made if need be
            target = target / output_name(os.path.basename(input_path), EXTENSIONS[to])
        output = str(target)
    refuse_overwrite(paths, [output, report_path])
    record = None
    if output is not None and output != "-" and input_path != "-" and skip_existing:
        from pathlib import Path  # pathlib: not for a one-file command

        from .output_records import fingerprint, is_current  # --skip-current only

        data = read_bytes(input_path)
        record = (
            Path(output),
            os.path.basename(input_path),
            data,
            fingerprint([fmt, encoding, to, options, current_max_bytes()]),
        )
        if is_current(*record):
            click.echo(
                escape_controls(f"{output}: up to date, skipped (--skip-existing)"), err=True
            )
            raise SystemExit(0)
    status, written, found = convert_one(
        input_path,
        output,
        fmt=fmt,
        encoding=encoding,
        to=to,
        options=options,
        view=view,
        report=(report_path, report_format) if report_path else None,
    )
    if written and record is not None:
        from .output_records import write_record  # --skip-current only

        try:
            write_record(*record)
        except OSError as exc:
            raise InputError(f"{output}: cannot write its record: {exc.strerror or exc}") from None
    if report_path:
        write_report(
            report_path, report_format, [FileReport(display_name(input_path), tuple(found))]
        )
    raise SystemExit(status)
