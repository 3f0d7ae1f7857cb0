"""Helpers for the TRF reader/writer tests: build fixed-width lines by hand."""

from __future__ import annotations

from trfkit.document import Document
from trfkit.formats.trf.reader import loads_trf


def p001(
    start: int | str = 1,
    *,
    sex: str = "m",
    title: str = "",
    name: str = "Doe, John",
    rating: str = "2000",
    fed: str = "GER",
    fide: str = "1234567",
    birth: str = "1980/01/01",
    points: str = "1.0",
    rank: str = "1",
    rounds: tuple[str, ...] = (),
) -> str:
    """A 001 line with the TRF16 columns (TRF.md §4.1); ``rounds`` are 8-character blocks."""
    head = (
        f"001 {start:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide:>11} "
        f"{birth:<10} {points:>4} {rank:>4}"
    )
    return head + "".join("  " + block for block in rounds)


def read(*lines: str, strict: bool = False) -> Document:
    return loads_trf("\n".join(lines) + "\n", path="t.trf", strict=strict)


def codes(doc: Document) -> list[str]:
    return [d.code for d in doc.diagnostics]
