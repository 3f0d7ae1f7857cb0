"""Reading one input, bounded: a path (or stdin) to bytes to a :class:`~trfkit.document.Document`.

Every way trfkit takes an input in (each command, each worker of a batch, the cache)
reads it here, so the guarantees hold once for all of them: at most ``max_bytes + 1``
bytes are read (enough for the reader to say T007 without holding the rest), a FIFO
or device is refused instead of waited on, an unknown encoding is refused before any
byte is read, and a path that cannot be read raises :class:`ReadError` with the
one-line reason. Bad *content* never raises: it becomes the reader's diagnostics.

The library raises :class:`ReadError`; the CLI turns it into its ``Error: ...`` line
and exit status 2, a batch into the input's T014 report.

:func:`load_data` is what every input goes through after its bytes are read (here and
in :func:`trfkit.load`): the reader, then what a reader may not do itself because it
sits below the tie-breaks and the validator: the columns it left undecided are settled
(:mod:`trfkit.hidden_settings`), and the document it returns is a
:class:`LoadedDocument`, whose ``has_errors`` runs the rules.
"""

from __future__ import annotations

import codecs
import os
import stat
import sys
from dataclasses import replace
from typing import IO, BinaryIO

from . import formats
from .document import Document
from .limits import DEFAULT_MAX_BYTES

__all__ = [
    "STDIN_NAME",
    "LoadedDocument",
    "NotRegularFile",
    "ReadError",
    "binary_stream",
    "check_encoding",
    "display_name",
    "load_data",
    "read_bytes",
    "read_document",
    "read_regular",
    "read_stream",
]

STDIN_NAME = "<stdin>"


class LoadedDocument(Document):
    """A :class:`~trfkit.document.Document` as :func:`trfkit.load`, :func:`trfkit.loads`
    and :func:`read_document` return it: the same record, with :attr:`has_errors`."""

    __slots__ = ()

    @property
    def has_errors(self) -> bool:
        """True when the file has an error-level problem: one the reader met *or* one the
        rules find (a colour conflict, wrong points): :func:`trfkit.is_valid`'s negation.

        Why not only :attr:`diagnostics`: those are the reader's, and a file that reads
        cleanly may still be wrong. The rules run on each access (nothing is cached in the
        frozen document); call :func:`trfkit.validate` once to have the list itself.
        """
        if self.has_reader_errors:
            return True
        from .validation.driver import is_valid  # the rules: only when this is asked

        return not is_valid(self)


def load_data(
    data: bytes,
    fmt: str = "auto",
    *,
    path: str = "",
    encoding: str | None = None,
    strict: bool = False,
    max_bytes: int | None = None,
    fallback_encoding: str | None = None,
) -> LoadedDocument:
    """:func:`trfkit.formats.read` (same arguments), then what the stages above the
    readers add: the :attr:`~Document.undecided` columns settled, a :class:`LoadedDocument`."""
    doc: Document = formats.read(
        data,
        fmt,
        path=path,
        encoding=encoding,
        strict=strict,
        max_bytes=max_bytes,
        fallback_encoding=fallback_encoding,
    )
    if doc.undecided:
        from .hidden_settings import settle  # the tie-breaks: only for such a column

        doc = settle(doc)
    return LoadedDocument(doc.tournament, doc.diagnostics, doc.text)


class ReadError(Exception):
    """An input that cannot be read at all: the message says which and why, on one line
    (``event.trf: cannot read: Permission denied``, ``unknown encoding 'x'``)."""


def special_kind(mode: int) -> str:
    """What a path that is not a regular file is, for the message that refuses it."""
    kinds = (
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
    )
    return next((kind for test, kind in kinds if test(mode)), "not a regular file")


def display_name(path: str) -> str:
    """How an input is named in messages: ``<stdin>`` for ``-``, else the path as given."""
    return STDIN_NAME if path == "-" else path


def binary_stream(name: str) -> BinaryIO:
    """The byte stream under ``sys.stdin``/``sys.stdout`` (``name``) as they are now (a
    test runner may have swapped them); a stream that is binary already is used as it is."""
    stream = getattr(sys, name)
    buffer: BinaryIO | None = getattr(stream, "buffer", None)
    return buffer if buffer is not None else stream


class NotRegularFile(OSError):
    """The path names a FIFO, socket or device: reading it could block forever or never end."""


def read_regular(path: str, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file ``path``; :class:`NotRegularFile`
    (an ``OSError``) for anything else.

    The file is opened without blocking and its type taken from the open descriptor
    (``fstat``), not from an earlier ``stat``: a FIFO swapped in for a checked file
    between the walk and the read is refused too, instead of hanging the batch.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(
                0,
                f"{special_kind(info.st_mode)}, not a regular file (pipe its bytes to '-' instead)",
            )
        # read(n) allocates n bytes first: ask for the file's size, not the limit
        # (else every input of a batch would allocate the whole limit for a few bytes).
        size = info.st_size
        data = fh.read(min(size, limit) + 1 if size else limit + 1)
        if size and len(data) == size + 1 <= limit:  # it grew meanwhile: read on
            data += fh.read(limit + 1 - len(data))
        return data


def read_stream(stream: IO[bytes], limit: int) -> bytes:
    """At most ``limit + 1`` bytes of ``stream`` (stdin), read a megabyte at a time.

    ``read(n)`` on a pipe allocates ``n`` bytes first: with ``--max-bytes 50G`` that is a
    MemoryError before a single byte arrives.
    """
    blocks: list[bytes] = []
    left = limit + 1
    while left > 0:
        block = stream.read(min(left, 1 << 20))
        if not block:
            break
        blocks.append(block)
        left -= len(block)
    return b"".join(blocks)


def read_bytes(path: str, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The bytes of ``path`` (``-`` = stdin), at most ``max_bytes + 1`` of them, or
    :class:`ReadError` saying why not (a directory, a FIFO or device, no permission...)."""
    if path == "-":
        return read_stream(binary_stream("stdin"), max_bytes)
    if os.path.isdir(path or "."):  # (Path("") is the current directory)
        raise ReadError(f"{path}: is a directory")
    try:
        return read_regular(path, max_bytes)  # a FIFO or device is refused, never waited on
    except OSError as exc:
        raise ReadError(f"{path}: cannot read: {exc.strerror or exc}") from None


def check_encoding(encoding: str | None) -> None:
    """Refuse an unknown ``encoding`` (:class:`ReadError`) before any reading starts."""
    if encoding is None:
        return
    try:
        codecs.lookup(encoding)
    except LookupError:
        raise ReadError(f"unknown encoding {encoding!r}") from None


def read_document(
    path: str,
    *,
    fmt: str = "auto",
    encoding: str | None = None,
    strict: bool = False,
    data: bytes | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    fallback_encoding: str | None = None,
) -> LoadedDocument:
    """Read ``path`` (``-`` = stdin) with :func:`load_data` into a Document.

    Diagnostics without a file name get :func:`display_name` of ``path`` so that they
    print as ``path:line:col``. ``data`` skips the read (already in memory). Unreadable
    paths, unknown encodings and a reader that is not installed raise :class:`ReadError`;
    in ``strict`` mode the reader's own error (``TrfError``) propagates.
    """
    check_encoding(encoding)
    raw = read_bytes(path, max_bytes) if data is None else data
    name = display_name(path)
    try:
        doc = load_data(
            raw,
            fmt,
            path=name,
            encoding=encoding,
            strict=strict,
            max_bytes=max_bytes,
            fallback_encoding=fallback_encoding,
        )
    except ValueError as exc:
        # Only "reader X is not available" is a read failure; TrfError (strict mode)
        # and anything else propagate to the caller.
        if type(exc) is not ValueError or "is not available" not in str(exc):
            raise
        raise ReadError(str(exc)) from None
    if any(not d.file for d in doc.diagnostics):
        fixed = tuple(d if d.file else d.with_file(name) for d in doc.diagnostics)
        doc = replace(doc, diagnostics=fixed)
    return doc
