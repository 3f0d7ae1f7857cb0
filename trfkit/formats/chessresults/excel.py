"""Reader for chess-results' Excel export (``.xlsx``), through the optional extra ``xlsx``.

The export is one sheet: a short preamble (source line, tournament name, "Last
update", the view title; the last one is missing in some exports), the table, and a
footer with the "Annotation" legend (SWISS_MANAGER.md §4.2). openpyxl is imported
only when such a file is read; without it the reader returns one T628 diagnostic
instead of failing. Cells may be numbers or text with a decimal comma; header text
may hold HTML entities. :mod:`.table` finds the header row and builds the model.
"""

from __future__ import annotations

import html
import io
from typing import Any

from ...document import Document
from ...model import Source, Tournament
from ..export_fields import Findings
from ..sniff import sniff_xlsx
from .table import Sheet, build, find_header
from .words import ANNOTATION, date_label, norm, organiser_label

__all__ = ["read_xlsx", "sheet_from_rows", "sniff_xlsx"]

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
    try:
        import openpyxl  # type: ignore[import-untyped]
    except ImportError:
        b.add("T628", "reading .xlsx files needs the optional extra: pip install 'trfkit[xlsx]'")
    else:
        try:
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            sheet = book.worksheets[0]
            rows = [[_text(v) for v in row] for row in sheet.iter_rows(values_only=True)]
            book.close()
        except Exception as exc:  # noqa: BLE001 - any damage in the archive is an input problem
            b.add("T001", f"not a readable .xlsx workbook: {type(exc).__name__}: {exc}")
        else:
            tournament, _ = build(sheet_from_rows(rows, path), b)
    return b.document(tournament, strict=strict)
