"""Reader for chess-results pages saved as HTML (crosstables and starting lists).

Only files the user saved are read; trfkit never fetches pages. The stdlib
``html.parser`` collects the ``CRs1``/``CRs2`` data table (row by row, with source
line numbers), the page's ``<h2>`` headings (tournament name, then the view) and the
"Annotation" legend that names the tie-break columns; :mod:`.table` does the rest.
"""

from __future__ import annotations

from html.parser import HTMLParser

from ...decoding import Decoded, decode
from ...document import Document
from ...model import Tournament, replace
from ..export_fields import Findings
from ..sniff import sniff_crhtml
from .table import Sheet, build
from .words import ANNOTATION, date_label, norm, organiser_label

__all__ = ["read_crhtml", "sheet_from_html", "sniff_crhtml"]


class _Collector(HTMLParser):
    """Tables of class CRs1/CRs2 as text rows; headings and free text in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[list[tuple[list[str], int]]] = []
        self.headings: list[str] = []
        self.texts: list[str] = []
        self._depth = 0  # nesting inside a data table
        self._cell: list[str] | None = None
        self._row: list[str] | None = None
        self._heading: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            classes = (dict(attrs).get("class") or "").split()
            if self._depth or any(c in ("CRs1", "CRs2") for c in classes):
                if not self._depth:
                    self.tables.append([])
                self._depth += 1
        elif tag == "tr" and self._depth == 1:
            self._row = []
            self.tables[-1].append((self._row, self.getpos()[0]))
        elif tag in ("td", "th") and self._row is not None and self._depth == 1:
            self._cell = []
            self._row.append("")
        elif tag == "br" and self._cell is not None:
            self._cell.append(" ")
        elif tag == "h2":
            self._heading = []

    def handle_endtag(self, tag: str) -> None:
        # a <tr> inside a cell empties the row, hence the check that one is left
        if tag in ("td", "th") and self._cell is not None and self._row:
            self._row[-1] = "".join(self._cell).strip()
            self._cell = None
        elif tag == "tr":
            self._row = None
        elif tag == "table" and self._depth:
            self._depth -= 1
        elif tag == "h2" and self._heading is not None:
            self.headings.append(" ".join("".join(self._heading).split()))
            self._heading = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        elif self._heading is not None:
            self._heading.append(data)
        elif not self._depth and data.strip():
            self.texts.append(data.strip())


def sheet_from_html(text: str, path: str = "") -> Sheet:
    parser = _Collector()
    parser.feed(text)
    parser.close()
    rows = max(parser.tables, key=len) if parser.tables else []
    legend: list[str] = []
    facts: list[tuple[str, str]] = []
    started = False
    texts = parser.texts
    for i, piece in enumerate(texts):
        if not started and norm(piece.split(":", 1)[0]) in ANNOTATION:
            started = True
            piece = piece.split(":", 1)[1] if ":" in piece else ""
        if started and piece.strip():
            legend.append(piece.strip())
        elif not started and i + 1 < len(texts) and (date_label(piece) or organiser_label(piece)):
            facts.append((piece, texts[i + 1]))
    headings = parser.headings
    return Sheet(
        rows=rows,
        title=headings[0] if headings else "",
        view=headings[1] if len(headings) > 1 else "",
        legend=legend,
        format="chess-results-html",
        path=path,
        facts=facts,
    )


def read_crhtml(
    data: bytes,
    *,
    path: str = "",
    encoding: str | None = None,
    fallback_encoding: str | None = None,
    strict: bool = False,
) -> Document:
    """Read a saved chess-results crosstable or starting list."""
    decoded = decode(data, encoding=encoding, fallback=fallback_encoding)
    b = Findings(path)
    b.diagnostics.extend(d.with_file(path) for d in decoded.diagnostics if d.code != "T004")
    tournament, _ = build(sheet_from_html(decoded.text, path), b)
    tournament = _with_encoding(tournament, decoded)
    return b.document(tournament, decoded.text, strict=strict)


def _with_encoding(tournament: Tournament, decoded: Decoded) -> Tournament:
    source = replace(
        tournament.source,
        encoding=decoded.encoding,
        encoding_confidence=decoded.confidence,
        encoding_alternative=decoded.alternative,
        encoding_mixed=decoded.mixed,
    )
    return replace(tournament, source=source)
