"""The spreadsheet options of ``convert`` and ``tiebreaks``: ``--delimiter``, ``--bom``, and
the checks ``--to xlsx`` needs before anything is read.

``--delimiter`` and ``--bom`` shape a CSV only: given with another ``--to`` they are a
usage error (exit 2) rather than silently ignored. An xlsx workbook is binary, so it is
written only to a file (``-o``), and only when the optional extra that writes it is
installed; both are refused up front, with one line and exit 2, so nothing is read or
written in vain.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from ..formats.sheets import CsvStyle, Table, delimiter_of
from .io import InputError

F = TypeVar("F", bound=Callable[..., Any])

#: The one line printed when ``--to xlsx`` cannot be written for want of the extra.
MISSING_EXTRA = "--to xlsx needs the optional extra: pip install 'trfkit[xlsx]'"


def _delimiter(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return delimiter_of(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def csv_options(func: F) -> F:
    """Add ``--delimiter`` (as ``delimiter``: the separator, or None when not given) and
    ``--bom`` (as ``bom``)."""
    func = click.option(
        "--bom",
        "bom",
        is_flag=True,
        help="CSV: start with a UTF-8 byte order mark, so that Excel reads the names "
        "(Cyrillic, Greek...) as UTF-8.",
    )(func)
    return click.option(
        "--delimiter",
        "delimiter",
        default=None,
        metavar="SEP",
        callback=_delimiter,
        help="CSV: the cell separator: ',' (default), ';' (what Excel expects where the "
        "decimal separator is a comma: ru, de, fr...) or a tab ('tab' or '\\t').",
    )(func)


def csv_style(to: str, delimiter: str | None, bom: bool, raw: bool) -> CsvStyle:
    """The :class:`CsvStyle` of the options; a usage error when ``--delimiter`` or
    ``--bom`` comes with an output that is not CSV."""
    if to != "csv" and (delimiter is not None or bom):
        given = "--delimiter" if delimiter is not None else "--bom"
        raise click.UsageError(f"{given} shapes a CSV; it does not apply to --to {to}")
    return CsvStyle(delimiter or ",", bom, raw)


def xlsx_writer_installed() -> bool:
    """True when XlsxWriter can be imported (looked up, not imported: a check only)."""
    return importlib.util.find_spec("xlsxwriter") is not None


def refuse_xlsx(to: str, output: str | None) -> None:
    """Before anything is read: ``--to xlsx`` needs ``-o FILE`` (a workbook is binary, not
    for a terminal or a pipe) and the ``xlsx`` extra; each refusal is one line, exit 2."""
    if to != "xlsx":
        # a text output named .xlsx is a file Excel calls corrupt: say how to get a workbook
        if output and output.lower().endswith(".xlsx") and not os.path.isdir(output):
            raise InputError(f"{output}: --to {to} writes text, not a workbook; add --to xlsx")
        return
    if output is None or output == "-":
        raise InputError("--to xlsx writes a binary workbook, not for stdout: give -o FILE.xlsx")
    if not xlsx_writer_installed():
        raise InputError(MISSING_EXTRA)


def workbook(tables: Sequence[Table], *, raw: bool) -> bytes:
    """The workbook of ``tables`` (:func:`trfkit.formats.xlsx_writer.workbook`); the extra
    gone since :func:`refuse_xlsx` looked is the same one-line error."""
    from ..formats.xlsx_writer import workbook as write  # --to xlsx only

    try:
        return write(tables, raw=raw)
    except ModuleNotFoundError as exc:
        if exc.name != "xlsxwriter":
            raise
        raise InputError(MISSING_EXTRA) from None
