"""Reader for chess-results' Excel export (``.xlsx``), through the optional extra ``xlsx``.

The export is one sheet: a short preamble (source line, tournament name, "Last
update", the view title; the last one is missing in some exports), the table, and a
footer with the "Annotation" legend (SWISS_MANAGER.md §4.2). The sheet is read by
python-calamine (the ``xlsx`` extra: a compiled reader with no dependencies of its own),
or by openpyxl when only that is installed; both give the same rows of text
(:func:`sheet_rows`). The reader is imported only when such a file is read; without
either the reader returns one T628 diagnostic instead of failing. Cells may be numbers or text with a decimal comma; header text
may hold HTML entities. :mod:`.table` finds the header row and builds the model.
"""

from __future__ import annotations

import datetime
import html
import importlib.util
import io
from collections.abc import Callable
from typing import Any

from ...document import Document
from ...model import Source, Tournament
from ..export_fields import Findings
from ..sniff import sniff_xlsx
from .table import Sheet, build, find_header
from .words import ANNOTATION, date_label, norm, organiser_label

__all__ = ["BACKENDS", "backend", "read_xlsx", "sheet_from_rows", "sheet_rows", "sniff_xlsx"]

_PREAMBLE_SKIP = (
    "from the tournament-database",
    "aus der turnier-datenbank",
    "last update",
    "letzte aktualisierung",
    "chess-results",
)


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return html.unescape(str(value)).strip()


def sheet_from_rows(rows: list[list[str]], path: str = "") -> Sheet:
    """A :class:`Sheet` from plain rows (row numbers are 1-based, as in Excel)."""
    numbered = [(cells, i) for i, cells in enumerate(rows, 1)]
    cols = find_header(numbered)
    head_at = cols.header_row if cols is not None else len(numbered)
    preamble = [" ".join(c for c in cells if c) for cells, _ in numbered[:head_at]]
    preamble = [p for p in preamble if p]
    kept = [p for p in preamble if not p.casefold().startswith(_PREAMBLE_SKIP)]
    title = kept[0] if kept else ""
    view = kept[-1] if len(kept) > 1 else ""
    legend = []
    for cells, _ in numbered[head_at + 1 :]:
        for cell in cells:
            annotation = norm(cell.split(":", 1)[0]) in ANNOTATION
            text = cell.split(":", 1)[1] if annotation else cell
            if text.strip():
                legend.append(text.strip())
    facts = [
        (cells[0], next((c for c in cells[1:] if c), ""))
        for cells, _ in numbered[:head_at]
        if cells and (date_label(cells[0]) or organiser_label(cells[0]))
    ]
    return Sheet(
        rows=numbered, title=title, view=view, legend=legend, format="xlsx", path=path, facts=facts
    )


def _calamine_rows(data: bytes) -> list[list[Any]]:
    """The first sheet's cells through python-calamine (from A1: row numbers are Excel's)."""
    import python_calamine  # type: ignore[import-not-found,unused-ignore]  # the extra: xlsx only

    book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
    rows: list[list[Any]] = book.get_sheet_by_index(0).to_python(skip_empty_area=False)
    return rows  # (a workbook read from bytes holds no file to close)


def _openpyxl_rows(data: bytes) -> list[list[Any]]:
    """The first sheet's cells through openpyxl (the fallback when only it is installed)."""
    import openpyxl  # type: ignore[import-untyped,import-not-found,unused-ignore]  # the fallback

    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    rows = [list(row) for row in book.worksheets[0].iter_rows(values_only=True)]
    book.close()
    return rows


#: The workbook readers, first choice first: module name -> reader of the first sheet.
BACKENDS: dict[str, Callable[[bytes], list[list[Any]]]] = {
    "python_calamine": _calamine_rows,
    "openpyxl": _openpyxl_rows,
}


def backend() -> str | None:
    """The module that reads workbooks here (the first of :data:`BACKENDS` installed)."""
    return next((name for name in BACKENDS if importlib.util.find_spec(name) is not None), None)


def sheet_rows(data: bytes, using: str | None = None) -> list[list[str]]:
    """The first sheet of ``data`` as rows of text (:func:`_text`), read by ``using`` (a key
    of :data:`BACKENDS`; default :func:`backend`). Both readers give the same text: a date
    cell is a datetime (openpyxl's form; calamine gives a date), an empty cell ""."""
    name = using or backend()
    if name is None:
        raise ModuleNotFoundError("no workbook reader", name="python_calamine")
    return [[_text(_as_openpyxl(v)) for v in row] for row in BACKENDS[name](data)]


def _as_openpyxl(value: Any) -> Any:
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return datetime.datetime.combine(value, datetime.time())
    return value


def read_xlsx(
    data: bytes,
    *,
    path: str = "",
    encoding: str | None = None,
    fallback_encoding: str | None = None,
    strict: bool = False,
) -> Document:
    """Read the first sheet of a chess-results Excel export."""
    b = Findings(path)
    tournament = Tournament(source=Source(format="xlsx", dialect="chess-results", path=path))
    using = backend()
    if using is None:
        b.add("T628", "reading .xlsx files needs the optional extra: pip install 'trfkit[xlsx]'")
    else:
        try:
            rows = sheet_rows(data, using)
        except Exception as exc:  # noqa: BLE001 - any damage in the archive is an input problem
            b.add("T001", f"not a readable .xlsx workbook: {type(exc).__name__}: {exc}")
        else:
            tournament, _ = build(sheet_from_rows(rows, path), b)
    return b.document(tournament, strict=strict)
