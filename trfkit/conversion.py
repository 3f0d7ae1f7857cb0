"""One document converted to an output format: the text, and what the output cannot hold.

``trfkit convert`` (one input or a batch) writes what :func:`render_document` returns:
TRF gets the ranks of the file's own list when it has none (T632/T633) and says which
values its fixed-width fields cannot hold (T603); JSON comes as blocks guarded against
an output trfkit would not read back (T604, :class:`UnreadableOutput`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

from . import formats, limits
from .diagnostics import Diagnostic, make
from .document import Document, nothing_read
from .limits import json_values
from .model import Tournament

__all__ = ["UnreadableOutput", "at_input", "guarded_json", "render_document", "trf_losses"]


def render_document(
    doc: Document,
    to: str,
    options: dict[str, Any],
    *,
    max_bytes: int | None = None,
    display: str = "",
) -> tuple[list[Diagnostic], str | bytes | Iterable[str] | None]:
    """The output text of ``doc`` in ``to`` (None: nothing to convert; bytes for the
    ``xlsx`` workbook) and the T603
    diagnostics for values TRF's fixed-width fields cannot hold (or the T604 that says
    why a JSON output trfkit would not read back was not made); TRF of an input without
    ranks gets the ranks of its own tie-break list (T632, or T633 when they cannot be)..

    JSON comes as blocks of text made while they are written
    (:func:`~trfkit.formats.json_io.iter_json`): the document of a large event is ten
    times the input, and held whole, with the encoder's pieces, it took a hundred times
    the input's size in memory. The blocks
    are guarded (:func:`guarded_json`): an output trfkit would not read back stops the
    write with :class:`UnreadableOutput`, so a file is never left half written.
    """
    if nothing_read(doc):
        return [], None
    origin = doc.tournament.source.path
    tournament, overflows = doc.tournament, []
    if to.startswith("trf"):
        from .filled_ranks import fill_ranks  # (the TRF writer's helpers: for TRF only)

        tournament, notes = fill_ranks(doc.tournament)
        overflows = [*trf_losses(tournament, to), *notes]
    text: str | bytes | Iterable[str] | None
    if to == "json":
        from .formats.json_io import iter_json  # (the json module: for JSON outputs only)

        text = guarded_json(iter_json(tournament, **options), origin, max_bytes)
    elif to == "xlsx":  # binary, and through an optional extra: not one of formats.WRITERS
        from .formats.xlsx_writer import write_xlsx  # (XlsxWriter: for xlsx outputs only)

        text = write_xlsx(tournament, **options)
    else:
        text = formats.write(tournament, to, **options)
    return (at_input(overflows, origin, display) if display else overflows), text


def at_input(found: list[Diagnostic], origin: str, display: str) -> list[Diagnostic]:
    """Place findings about the model at the input converted (``display``). A model read
    from JSON remembers the TRF file it came from; its line numbers belong to that file,
    so such findings go to the top of the input, as ``check`` places them."""
    if origin == display:
        return found
    return [
        replace(d, file=display, line=1, column=1, end_column=None, related=None)
        if d.file in (origin, "")
        else d
        for d in found
    ]


def trf_losses(t: Tournament, to: str) -> list[Diagnostic]:
    """T603: numbers TRF's fixed-width fields cannot hold, and what the edition written
    (``trf`` keeps the input's) has no place for, one line per kind."""
    from .formats.trf.losses import conversion_losses, field_overflows  # TRF outputs only
    from .formats.trf.writer import edition_of

    edition = edition_of(t) if to == "trf" else to
    return [
        *field_overflows(t),
        *conversion_losses(t, edition, converted=to != "trf" or edition != t.source.edition),
    ]


class UnreadableOutput(Exception):
    """A JSON output trfkit would refuse to read back (its T007): raised while the blocks
    are written, so the temporary file is removed and nothing is left half written."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def guarded_json(blocks: Iterable[str], path: str, max_bytes: int | None = None) -> Iterator[str]:
    """``blocks`` as they come (``max_bytes``: the input limit, ``--max-bytes``; None: the
    default), counted as trfkit's JSON reader counts its input
    (:func:`trfkit.limits.refuse`): bytes, values and start numbers. Past a limit the
    next block raises :class:`UnreadableOutput` (T604).

    The encoder emits every string whole, so no string spans two blocks: the values
    are counted block by block, raw (fast) and, once the raw total passes the limit,
    with the strings blanked out as the reader does (the blocks before that count raw,
    which can only over-count)."""
    # (the limits are read at each call: a test may lower them)
    given = limits.DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    limit = max(given, limits.DEFAULT_MAX_BYTES)  # a small --max-bytes guards inputs, not outputs
    size = values = starts = 0
    for block in blocks:
        data = block.encode("utf-8", errors="backslashreplace")
        size += len(data)
        raw = data.count(b",") + data.count(b"{") + data.count(b"[")
        values += raw if values + raw <= limits.MAX_JSON_VALUES else json_values(data, exact=True)
        starts += data.count(b'"start"')
        why = (
            f"the output is larger than {limit} bytes"
            if size > limit
            else f"the output holds about {values} values, more than {limits.MAX_JSON_VALUES}"
            if values > limits.MAX_JSON_VALUES
            else f"the output holds {starts} start numbers"
            if starts > 2 * limits.MAX_PLAYERS
            else None
        )
        if why is not None:
            raise UnreadableOutput(
                make(
                    "T604",
                    f"{why}: trfkit would not read it back, so it was not written",
                    file=path,
                    hint="",
                )
            )
        yield block
