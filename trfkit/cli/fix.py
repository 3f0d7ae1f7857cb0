"""``trfkit fix``: the safe normalisations of TRF files (:mod:`trfkit.fixing`), each on its own.

Exit status: 0 when the file was fixed or had nothing to fix (with ``--diff``: when
there is nothing to fix), 1 when ``--diff`` shows changes or the file cannot be fixed
safely (nothing is written), 2 for an input that is not TRF (or no report at all:
T006), an unreadable path or a usage error. The file is rewritten in place (atomically, its mode kept) only when
something changes; ``-o`` writes elsewhere and never touches the input.
"""

from __future__ import annotations

import os
import sys

import click

from ..fixing import Fixed, FixRefused, NotTrf, fix_trf
from ..terminal import escape_controls
from .io import (
    InputError,
    atomic_write,
    binary_stream,
    check_encoding,
    current_fallback,
    current_max_bytes,
    display_name,
    internal_errors,
    names_directory,
    read_bytes,
)
from .options import input_options, newline_option
from .output_guard import refuse_overwrite


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="FILE... | -")
@input_options
@newline_option
@click.option(
    "--diff",
    is_flag=True,
    help="Print a unified diff of what would change and write nothing "
    "(exit 1 when something would change, 0 otherwise).",
)
@click.option(
    "-o",
    "--output",
    "output",
    default=None,
    metavar="PATH",
    help="Write the fixed file here ('-' is stdout) instead of over FILE (one FILE "
    "only); FILE is never changed then.",
)
@internal_errors
def fix(
    paths: tuple[str, ...],
    fmt: str,
    encoding: str | None,
    newline: str | None,
    diff: bool,
    output: str | None,
) -> None:
    """Make the safe fixes of TRF files: UTF-8 without byte-order mark, one line end
    (the file's most used one, or --newline), 062/072 counts, 001 lines in start-number
    order, points from the results and ranks from the standings under the file's own
    202/212 list. Results, pairings, names and other fields are never changed.

    \b
    Examples:
      trfkit fix event.trf                 # in place, only when something changes
      trfkit fix event.trf --diff          # show what would change
      trfkit fix event.trf -o fixed.trf    # leave event.trf as it is
      trfkit fix reports/*.trf             # each file in place (as a pre-commit hook)
      cat event.trf | trfkit fix - > fixed.trf
    """
    check_encoding(encoding)
    if diff and output is not None:  # else -o was silently ignored and no file appeared
        raise InputError("--diff writes nothing: leave out -o (or --diff to write the file)")
    if len(paths) > 1 and (output is not None or "-" in paths):
        raise InputError("-o and '-' take one FILE; several are fixed each in place")
    if output is not None and output != "-" and names_directory(output):
        raise InputError(f"{output}: names a directory; -o needs a file name")
    if not diff:
        refuse_overwrite(paths, [output])
    status = 0
    for path in paths:
        try:
            status = max(status, _fix_one(path, fmt, encoding, newline, diff, output))
        except InputError as exc:
            if len(paths) == 1:
                raise
            click.echo(f"Error: {exc.format_message()}", err=True)  # (escaped by InputError)
            status = 2
    sys.exit(status)


def _fix_one(
    path: str, fmt: str, encoding: str | None, newline: str | None, diff: bool, output: str | None
) -> int:
    """Fix one input as :func:`fix` says; its exit status."""
    data = read_bytes(path)
    name = display_name(path)
    try:
        fixed = fix_trf(
            data,
            fmt=fmt,
            path=name,
            encoding=encoding,
            fallback_encoding=current_fallback(),
            newline=newline,
            max_bytes=current_max_bytes(),
        )
    except NotTrf as exc:
        raise InputError(f"{name}: {exc}") from None
    except FixRefused as exc:
        click.echo(escape_controls(f"{name}: cannot fix safely: {exc}"), err=True)
        return 1
    for note in fixed.notes:
        click.echo(escape_controls(f"{name}: note: {note}"), err=True)
    if diff:
        _print_diff(fixed, name)
        _report(fixed, name, "would fix" if fixed.changed else "", err=True)
        return 1 if fixed.changed else 0
    if (path == "-" and output is None) or output == "-":
        stream = binary_stream("stdout")
        stream.write(fixed.data)
        stream.flush()
        _report(fixed, name, "fixed", err=True)
        return 0
    if output is not None:
        _write(output, fixed.data)
    elif fixed.changed:
        _write(os.path.realpath(path), fixed.data)  # a link stays a link to the file
    _report(fixed, name, "fixed", err=False)
    return 0


def _report(fixed: Fixed, name: str, verb: str, *, err: bool) -> None:
    """One line per kind of change (``fixed 062: 12 -> 14``), or ``nothing to fix``."""
    lines = [f"{name}: {change}" for change in fixed.changes] or [f"{name}: nothing to fix"]
    if verb == "would fix":
        lines = [f"{name}: would have {change}" for change in fixed.changes]
    click.echo("\n".join(map(escape_controls, lines)), err=err)


def _print_diff(fixed: Fixed, name: str) -> None:
    """A unified diff (a/NAME, b/NAME) on stdout, each line with its own line end."""
    import difflib  # only for --diff

    diff = difflib.unified_diff(
        fixed.before.splitlines(keepends=True),
        fixed.after.splitlines(keepends=True),
        f"a/{name}",
        f"b/{name}",
    )
    stream = binary_stream("stdout")
    for line in diff:
        if not line.endswith(("\n", "\r")):  # the last line of a file without a line end
            line += "\n\\ No newline at end of file\n"
        stream.write(line.encode("utf-8", errors="backslashreplace"))
    stream.flush()


def _write(target: str, data: bytes) -> None:
    from pathlib import Path  # pathlib: not for a one-file command

    try:
        atomic_write(Path(target), data)
    except OSError as exc:
        raise InputError(f"{target}: cannot write: {exc.strerror or exc}") from None
