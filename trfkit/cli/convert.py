"""``trfkit convert``: one file, stdin, or a whole directory tree into another format.

Inputs are never modified: outputs are written atomically next to nothing the
command reads (an output equal to an input, or an output directory inside the
input tree, is refused with exit 2).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from ..document import Document
from ..formats import WRITERS
from ..limits import field_overflows
from .common import (
    InputError,
    contained,
    display_name,
    exit_status,
    internal_errors,
    print_diagnostics,
    read_document,
    write_output,
)
from .options import input_options, newline_option, output_options

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
    """True when the input failed so early that there is no tournament to write."""
    t = doc.tournament
    return doc.has_errors and not (t.players or t.header.records or t.teams or t.extra)


def convert_one(source: str, target: str | None, *, fmt: str, encoding: str | None, to: str,
                options: dict[str, Any]) -> tuple[int, bool]:
    """Convert one input (``-`` = stdin) to ``target`` (None = stdout).

    Returns the exit status and whether an output was written.
    """
    from .. import formats

    doc = read_document(source, fmt=fmt, encoding=encoding)
    print_diagnostics(doc.diagnostics)
    if nothing_read(doc):
        click.echo(f"{display_name(source)}: nothing to convert", err=True)
        return exit_status(doc.diagnostics), False
    overflows = field_overflows(doc.tournament) if to.startswith("trf") else []
    print_diagnostics(overflows)  # T603: numbers TRF's fixed-width fields cannot hold
    write_output(formats.write(doc.tournament, to, **options), target)
    return exit_status([*doc.diagnostics, *overflows]), True


def _walk(root: Path) -> Iterator[Path]:
    """Every regular file below ``root`` in a stable order, skipping hidden names."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            path = Path(folder) / name
            if not name.startswith(".") and path.is_file():
                yield path


def _same(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


def convert_tree(root: Path, out: Path, *, fmt: str, encoding: str | None, to: str,
                 options: dict[str, Any]) -> int:
    """Convert every file below ``root`` into ``out``, mirroring relative paths."""
    root_r, out_r = root.resolve(), out.resolve()
    if out_r == root_r or root_r in out_r.parents:
        raise InputError(f"{out}: the output directory must not be inside the input tree {root}")
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: not a directory")
    ext = EXTENSIONS[to]
    status, converted, taken = 0, 0, set()
    files = list(_walk(root))
    inputs = {p.resolve() for p in files}  # the output dir may hold the input tree
    for path in files:
        rel = path.relative_to(root)
        target = out / rel.with_suffix(ext)
        if target in taken:  # a.trf and a.tab would both become a.json
            target = out / rel.with_name(rel.name + ext)
        taken.add(target)
        try:
            contained(out, target)  # no escape through '..' or a symbolic link in the output tree
            if target.resolve() in inputs:
                raise InputError(f"{target}: refusing to overwrite an input")
            code, written = convert_one(str(path), str(target), fmt=fmt, encoding=encoding,
                                        to=to, options=options)
            converted += written
        except click.ClickException as exc:
            click.echo(f"Error: {exc.format_message()}", err=True)
            code = 2
        status = max(status, code)
    click.echo(f"converted {converted} file(s) from {root} to {out}", err=True)
    return status


@click.command()
@click.argument("input_path", metavar="INPUT")
@input_options
@output_options(formats=tuple(WRITERS), default="trf")
@newline_option
@click.option("--raw-csv", is_flag=True,
              help="Write CSV cells as they are (no ' before = + - @ at the start of a cell).")
@internal_errors
def convert(input_path: str, fmt: str, encoding: str | None, output: str | None, to: str,
            newline: str | None, raw_csv: bool) -> None:
    """Convert INPUT (a file, '-' for stdin, or a directory) to another format.

    '--to trf' keeps the input's TRF edition, trf16/trf26 choose one. A directory
    INPUT needs '-o DIR': every file below it is converted into DIR under the same
    relative path, with the new extension. Diagnostics go to stderr; exit status
    0 = clean, 1 = the input has errors (output still written), 2 = usage error,
    unreadable input or internal error.

    \b
    Examples:
      trfkit convert samples/swiss.trf --to json -o swiss.json
      trfkit convert samples/swiss.trf --to csv
      trfkit convert samples/ -o out/ --to trf26 --newline crlf
      cat event.trf | trfkit convert - --to json
    """
    options = writer_options(to, newline, raw_csv)
    if input_path != "-" and Path(input_path).is_dir():
        if output is None or output == "-":
            raise click.UsageError("a directory INPUT needs -o DIR")
        status = convert_tree(Path(input_path), Path(output), fmt=fmt, encoding=encoding, to=to,
                              options=options)
        raise SystemExit(status)
    if input_path != "-" and output not in (None, "-"):
        target = Path(output)
        if target.is_dir():
            target = target / Path(input_path).with_suffix(EXTENSIONS[to]).name
        if target.exists() and _same(target, Path(input_path)):
            raise InputError(f"{output}: refusing to overwrite the input")
        output = str(target)
    status, _ = convert_one(input_path, output, fmt=fmt, encoding=encoding, to=to,
                            options=options)
    raise SystemExit(status)
