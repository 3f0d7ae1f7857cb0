"""Readers and writers, chosen by name or by sniffing the content.

One reader per family of files: :mod:`.trf` (TRF16/TRF26 and their dialects),
:mod:`.swissmanager`, :mod:`.chessresults`, and :mod:`.json_io` (trfkit's own JSON, both
ways); :mod:`.csv_writer` writes CSV, :mod:`.sniff` tells which reader a file needs.

``read(data, fmt="auto")`` turns bytes into a :class:`~trfkit.document.Document`;
``write(tournament, to)`` turns a model into text. Each format registers itself in
:data:`READERS` / :data:`WRITERS` (``"module:function"``, imported on first use so
that optional formats cost nothing until used).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..diagnostics import Severity, TrfError
from ..limits import DEFAULT_MAX_BYTES, oversized_model, refuse

#: name -> (module, reader function, sniff function or None).
#: A reader is ``f(data: bytes, *, path: str, encoding: str | None, fallback_encoding: str | None,
#: strict: bool) -> Document`` (``fallback_encoding``: the code page of input that is not UTF-8);
#: a sniffer is ``g(head: bytes) -> bool`` looking at the first few KB, named in the reader's
#: module or as "module:function" (:mod:`trfkit.formats.sniff`: no reader imported to say no).
READERS: dict[str, tuple[str, str, str | None]] = {
    "trf": ("trfkit.formats.trf.reader", "read_trf", "sniff_trf"),
    "json": ("trfkit.formats.json_io", "read_json", "trfkit.formats.sniff:sniff_json"),
    "swissmanager": (
        "trfkit.formats.swissmanager.reader",
        "read_swissmanager",
        "trfkit.formats.sniff:sniff_swissmanager",
    ),
    "chess-results-xml": (
        "trfkit.formats.chessresults.upload_xml",
        "read_crxml",
        "trfkit.formats.sniff:sniff_crxml",
    ),
    "chess-results-html": (
        "trfkit.formats.chessresults.html_page",
        "read_crhtml",
        "trfkit.formats.sniff:sniff_crhtml",
    ),
    "xlsx": ("trfkit.formats.chessresults.excel", "read_xlsx", "trfkit.formats.sniff:sniff_xlsx"),
}

#: Sniffing order: the most specific formats first, TRF last (it is the fallback).
SNIFF_ORDER = ("swissmanager", "xlsx", "chess-results-xml", "chess-results-html", "json", "trf")

#: name -> (module, writer function). A writer is ``f(tournament, **options) -> str``.
WRITERS: dict[str, tuple[str, str]] = {
    "trf": ("trfkit.formats.trf.writer", "write_trf"),
    "trf16": ("trfkit.formats.trf.writer", "write_trf16"),
    "trf26": ("trfkit.formats.trf.writer", "write_trf26"),
    "json": ("trfkit.formats.json_io", "write_json"),
    "csv": ("trfkit.formats.csv_writer", "write_csv"),
}


def _resolve(module: str, name: str) -> Callable[..., Any] | None:
    # sys.modules first: import_module walks the import machinery on every call, and
    # read() resolves every sniffer on every file. The attribute is still looked up each time.
    mod = sys.modules.get(module)
    try:
        if mod is None:
            mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            return None  # format not built (yet) or optional extra missing
        raise
    return getattr(mod, name, None)


def available_readers() -> list[str]:
    return [name for name, (m, f, _) in READERS.items() if _resolve(m, f) is not None]


def detect(head: bytes) -> str:
    """Name of the reader whose sniffer accepts ``head``; ``"trf"`` as the fallback."""
    for name in SNIFF_ORDER:
        module, _, sniff = READERS[name]
        if sniff is None:
            continue
        where, _, function = sniff.rpartition(":")
        fn = _resolve(where or module, function)
        if fn is not None and fn(head):
            return name
    return "trf"


def read(
    data: bytes,
    fmt: str = "auto",
    *,
    path: str = "",
    encoding: str | None = None,
    strict: bool = False,
    max_bytes: int | None = None,
    fallback_encoding: str | None = None,
) -> Any:
    """Read ``data`` with the named reader (or the detected one) into a Document.

    Inputs beyond the limits of :mod:`trfkit.limits` (``max_bytes``, default 100 MB)
    give a Document with one T007 and are not parsed.
    """

    name = detect(data[:8192]) if fmt == "auto" else fmt
    refused = refuse(
        name, data, path=path, max_bytes=DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    )
    if refused is not None:
        if strict:
            raise TrfError(refused.diagnostics[0])
        return refused
    module, func, _ = READERS[name]
    reader = _resolve(module, func)
    if reader is None:
        raise ValueError(f"reader {name!r} is not available")
    doc = reader(
        data, path=path, encoding=encoding, fallback_encoding=fallback_encoding, strict=strict
    )
    doc = oversized_model(doc) or doc
    if name != "trf":  # (the TRF reader tells a header without players from a non-TRF text)
        doc = _refuse_playerless(doc, name, strict)
    return _usable_numbers(doc, path, strict, name)


#: How a T013 message names an input of each format.
_NAMES = {
    "json": "trfkit JSON document",
    "swissmanager": "Swiss-Manager file",
    "chess-results-xml": "chess-results XML file",
    "chess-results-html": "chess-results page",
    "xlsx": "chess-results Excel file",
}


def _refuse_playerless(doc: Any, name: str, strict: bool) -> Any:
    """An input with neither players nor teams gets one T013 (see :mod:`.playerless`)."""
    from .playerless import playerless, refuse_playerless  # formats other than TRF only

    if not playerless(doc):
        return doc
    what = _NAMES.get(name, f"{name} file")
    kind = doc.tournament.header.type_text
    if name == "swissmanager" and kind:
        what += f" ({kind}, an empty template?)"
    doc = refuse_playerless(doc, what)
    if strict:
        first = next((d for d in doc.diagnostics if d.severity is Severity.ERROR), None)
        if first is not None:
            raise TrfError(first)
    return doc


def _usable_numbers(doc: Any, path: str, strict: bool, reader: str) -> Any:
    """``doc`` with numbers no output can hold (NaN, infinities, absurd magnitudes)
    replaced and reported (T103, see :mod:`trfkit.finite`), whatever the reader."""

    from ..finite import unusable_numbers  # (the `rules`/`rule` listings import formats)

    fixed = unusable_numbers(doc.tournament)
    if fixed is None:
        return doc
    tournament, found = fixed
    if reader != "trf":  # line numbers are those of a TRF text (JSON keeps the TRF's)
        found = [replace(d, line=1, column=1, end_column=None) for d in found]
    found = [d.with_file(path) if path and not d.file else d for d in found]
    if strict:
        raise TrfError(found[0])
    return replace(doc, tournament=tournament, diagnostics=(*doc.diagnostics, *found))


def write(tournament: Any, to: str, **options: Any) -> str:
    """Render ``tournament`` in format ``to`` (see :data:`WRITERS`)."""
    module, func = WRITERS[to]
    writer = _resolve(module, func)
    if writer is None:
        raise ValueError(f"writer {to!r} is not available")
    result: str = writer(tournament, **options)
    return result
