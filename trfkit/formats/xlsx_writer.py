"""Tables as an Excel workbook (``--to xlsx``), through the optional extra ``xlsx`` (XlsxWriter).

Each :class:`~.sheets.Table` is one sheet: the heads in bold on a frozen first row, then
the rows with numbers as numbers (an undefined or non-finite value is an empty cell) and
text as text. Text is written with ``write_string`` and the workbook is opened with
XlsxWriter's string conversions off, so a name such as ``=HYPERLINK(...)`` or ``+7`` is
a string cell, never a formula, a number or a link. The formula guard of CSV still
applies to the file's text (a leading ``'``, off with ``raw``): a string cell is never
evaluated where it is, but one copied, re-typed or saved as CSV from the spreadsheet
would be. With ``raw`` such a cell is kept as it is and gets the "quote prefix" cell
format, which keeps it text when it is edited in Excel.

The bytes depend on the tables alone: the workbook's creation date is fixed and
XlsxWriter dates the archive members at 1980-01-01, so the same input gives the same
file (a byte-identical output, as for every other format).
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Sequence
from typing import Any

from ..finite import finite_or_none
from ..model import Tournament
from .csv_writer import crosstable
from .sheets import Table, neutralise, printable

__all__ = ["CREATED", "workbook", "write_xlsx"]

#: The creation date written into every workbook (a fixed one: same input, same bytes).
CREATED = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)

#: Workbook options: strings stay strings (no formula, number or URL guessed from a text).
_OPTIONS = {
    "in_memory": True,
    "strings_to_formulas": False,
    "strings_to_numbers": False,
    "strings_to_urls": False,
}


def workbook(tables: Sequence[Table], *, raw: bool = False) -> bytes:
    """The ``.xlsx`` bytes of ``tables``, one sheet each (see the module docstring).
    Raises :class:`ModuleNotFoundError` when XlsxWriter is not installed."""
    import xlsxwriter  # type: ignore[import-not-found,import-untyped,unused-ignore]  # the extra: --to xlsx only

    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, _OPTIONS)
    book.set_properties({"created": CREATED})
    bold = book.add_format({"bold": True})
    quoted = book.add_format({"quote_prefix": True})
    for table in tables:
        sheet = book.add_worksheet(table.name)
        for column, head in enumerate(table.head):
            sheet.write_string(0, column, head, bold)
        for r, row in enumerate(table.rows, 1):
            for column, value in enumerate(row):
                _write(sheet, r, column, value, table.is_text(column), raw, quoted)
        sheet.freeze_panes(1, 0)
    book.close()
    return buffer.getvalue()


def _write(
    sheet: Any, row: int, column: int, value: Any, text: bool, raw: bool, quoted: Any
) -> None:
    """One cell: a number as a number, a text as a string cell, nothing for None or ""."""
    if value is None:
        return
    if isinstance(value, str):
        cell = printable(value)
        if not cell:
            return
        if text and not raw:
            sheet.write_string(row, column, neutralise(cell))
        elif text and neutralise(cell) != cell:  # raw: kept, and kept text when edited
            sheet.write_string(row, column, cell, quoted)
        else:
            sheet.write_string(row, column, cell)
        return
    number = finite_or_none(float(value))
    if number is not None:
        sheet.write_number(row, column, value if isinstance(value, int) else number)


def write_xlsx(t: Tournament, *, raw: bool = False, **_ignored: Any) -> bytes:
    """The crosstable of ``t`` (the rows of ``convert --to csv``) as a workbook."""
    return workbook([crosstable(t)], raw=raw)
