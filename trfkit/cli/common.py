"""Plumbing every command shares: reading an input, printing diagnostics, writing output.

The commands only parse options and call these, so the exit-code contract lives
in one place:

* 0: clean; 1: the input has problems at or above the threshold (see
  :func:`exit_status`); 2: usage error, unreadable path or internal error.
* Diagnostics go to stderr as ``path:line:col: CODE message``; data to stdout.

Typical command body::

    @internal_errors
    def check(input_path, fmt, encoding):
        doc = read_document(input_path, fmt=fmt, encoding=encoding)
        print_diagnostics(doc.diagnostics)
        raise SystemExit(exit_status(doc.diagnostics))
"""

from __future__ import annotations

import codecs
import functools
import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, BinaryIO, TypeVar

import click

from ..diagnostics import Diagnostic, Severity
from ..document import Document

if TYPE_CHECKING:  # imported where a file is written: reading one does not need pathlib
    from pathlib import Path

F = TypeVar("F", bound=Callable[..., Any])

STDIN_NAME = "<stdin>"


class InputError(click.ClickException):
    """A user-facing failure that must exit with status 2 (unreadable path, bad option value).

    Click prints ``Error: <message>`` on one line; no traceback.
    """

    exit_code = 2


def display_name(path: str) -> str:
    """How an input is named in messages: ``<stdin>`` for ``-``, else the path as given."""
    return STDIN_NAME if path == "-" else path


DEBUG_KEY = "trfkit.debug"


def current_max_bytes() -> int:
    """The input size limit: ``--max-bytes`` of the running command, else the default."""
    from ..limits import DEFAULT_MAX_BYTES
    from .options import MAX_BYTES_KEY

    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return DEFAULT_MAX_BYTES
    limit: int = ctx.meta.get(MAX_BYTES_KEY, DEFAULT_MAX_BYTES)
    return limit


def current_fallback() -> str | None:
    """``--fallback-encoding`` of the running command (None: detect the code page)."""
    from .options import FALLBACK_KEY

    ctx = click.get_current_context(silent=True)
    return None if ctx is None else ctx.meta.get(FALLBACK_KEY)


def debug_enabled() -> bool:
    """True when ``trfkit --debug`` asked for tracebacks of internal errors."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(DEBUG_KEY))


def binary_stream(name: str) -> BinaryIO:
    """The byte stream under ``sys.stdin``/``sys.stdout`` (``name``), as the command sees
    them (click's test runner swaps them too). Written here because click 8.5 deprecates
    ``click.get_binary_stream``; a stream that is binary already is used as it is."""
    stream = getattr(sys, name)
    buffer: BinaryIO | None = getattr(stream, "buffer", None)
    return buffer if buffer is not None else stream


def read_bytes(path: str, limit: int | None = None) -> bytes:
    """The bytes of ``path`` (``-`` = stdin), or :class:`InputError` saying why not.

    At most ``limit + 1`` bytes (default :func:`current_max_bytes`) are read: enough for the
    reader to see that the input is too large (T007) without holding all of it.
    """
    limit = current_max_bytes() if limit is None else limit
    if path == "-":
        return binary_stream("stdin").read(limit + 1)
    if os.path.isdir(path or "."):  # (Path("") is the current directory)
        raise InputError(f"{path}: is a directory")
    try:
        with open(path, "rb") as fh:
            # read(n) allocates n bytes first: ask for the file's size, not the limit
            # (100 MB per file, 30 µs and a transient 100 MB for each input of a batch).
            size = os.fstat(fh.fileno()).st_size
            data = fh.read(min(size, limit) + 1 if size else limit + 1)
            if size and len(data) == size + 1 <= limit:  # it grew meanwhile: read on
                data += fh.read(limit + 1 - len(data))
            return data
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None


def check_encoding(encoding: str | None) -> None:
    """Reject an unknown ``--encoding`` before any reading starts."""
    if encoding is None:
        return
    try:
        codecs.lookup(encoding)
    except LookupError:
        raise InputError(f"unknown encoding {encoding!r}") from None


def read_document(
    path: str,
    *,
    fmt: str = "auto",
    encoding: str | None = None,
    strict: bool = False,
    data: bytes | None = None,
    max_bytes: int | None = None,
    fallback_encoding: str | None = None,
) -> Document:
    """Read ``path`` (``-`` = stdin) with :func:`trfkit.formats.read` into a Document.

    Diagnostics without a file name get :func:`display_name` of ``path`` so that
    they print as ``path:line:col``. ``data`` skips the read (already in memory).
    ``max_bytes`` and ``fallback_encoding`` default to the running command's options.
    Unreadable paths, unknown encodings and missing readers raise
    :class:`InputError` (exit 2); bad *content* never raises, it becomes diagnostics.
    """
    from .. import formats

    check_encoding(encoding)
    limit = current_max_bytes() if max_bytes is None else max_bytes
    raw = read_bytes(path, limit) if data is None else data
    name = display_name(path)
    fallback = current_fallback() if fallback_encoding is None else fallback_encoding
    try:
        doc: Document = formats.read(raw, fmt, path=name, encoding=encoding, strict=strict,
                                     max_bytes=limit, fallback_encoding=fallback)
    except ValueError as exc:
        # Only "reader X is not available" becomes exit 2; TrfError (strict mode)
        # and anything else propagate to the caller.
        if type(exc) is not ValueError or "is not available" not in str(exc):
            raise
        raise InputError(str(exc)) from None
    if any(not d.file for d in doc.diagnostics):
        fixed = tuple(d if d.file else d.with_file(name) for d in doc.diagnostics)
        doc = Document(doc.tournament, fixed, doc.text)
    return doc


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    """Write each diagnostic to stderr as ``path:line:col: CODE message``, sorted by position."""
    for d in sorted(diagnostics, key=lambda d: d.sort_key):
        click.echo(str(d), err=True)


def exit_status(diagnostics: Iterable[Diagnostic], fail_on: str = "error") -> int:
    """1 if any diagnostic is at or above severity ``fail_on``, else 0."""
    threshold = Severity(fail_on).rank
    return int(any(d.severity.rank >= threshold for d in diagnostics))


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and ``os.replace``.

    A reader of ``path`` sees the old content or the new one, never half a file,
    and an interrupted run leaves no partial output behind. Only regular files are
    replaced: a device, pipe or socket (``-o /dev/null``, ``-o /dev/stdout``, a FIFO)
    is written in place, since renaming over it would destroy the node itself.
    """
    if path.exists() and not path.is_file():
        with open(path, "wb") as fh:
            fh.write(data)
        return
    import tempfile  # only writers need it (random, shutil...): not a one-file check

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def contained(root: Path, target: Path) -> Path:
    """``target`` if it stays inside ``root`` once ``..`` and symbolic links are resolved.

    A directory output must not escape its root: a link planted in the output tree
    (``out/sub -> /etc``) or a name with ``..`` would make trfkit write elsewhere.
    Raises :class:`InputError` (exit 2) for such a target.
    """
    root_r, target_r = root.resolve(), target.resolve()
    if root_r not in target_r.parents:
        raise InputError(f"{target}: resolves to {target_r}, outside the output directory {root}; "
                         "not written")
    return target


def write_output(text: str, output: str | None) -> None:
    """Write ``text`` as UTF-8 to ``output`` (atomically) or to stdout when None or ``-``.

    Bytes go to the binary stdout so that CR line endings survive unchanged.
    """
    # backslashreplace: a file name that is not UTF-8 (surrogate escapes from the OS) or
    # any other unpaired surrogate must not turn a finished output into an internal error.
    data = text.encode("utf-8", errors="backslashreplace")
    if output is None or output == "-":
        stream = binary_stream("stdout")
        stream.write(data)
        stream.flush()
        return
    from pathlib import Path

    try:
        atomic_write(Path(output), data)
    except OSError as exc:
        raise InputError(f"{output}: cannot write: {exc.strerror or exc}") from None


def internal_errors(func: F) -> F:
    """Turn any unexpected exception of a command into one line on stderr and exit 2.

    Click's own exceptions (usage errors, :class:`InputError`, ``SystemExit``) pass
    through untouched.
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.Abort, SystemExit,
                BrokenPipeError):  # a closed pipe (`| head`) is handled by cli.main
            raise
        except KeyboardInterrupt:  # pragma: no cover - interactive only
            raise
        except Exception as exc:  # noqa: BLE001 - the whole point of this wrapper
            if debug_enabled():
                import traceback

                traceback.print_exc()
            raise InputError(
                f"internal error (T999): {type(exc).__name__}: {exc}; please report a bug"
            ) from None

    return wrapper  # type: ignore[return-value]

