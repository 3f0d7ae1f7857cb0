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

import functools
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from .. import reading
from ..diagnostics import Diagnostic, Severity
from ..document import Document, nothing_read
from ..limits import DEFAULT_MAX_BYTES
from ..reading import STDIN_NAME as STDIN_NAME  # re-exported for the commands
from ..reading import ReadError
from ..reading import binary_stream as binary_stream
from ..reading import display_name as display_name
from ..terminal import escape_controls
from .options import FALLBACK_KEY, MAX_BYTES_KEY

if TYPE_CHECKING:  # imported where a file is written: reading one does not need pathlib
    from pathlib import Path  # pathlib: not for a one-file command

F = TypeVar("F", bound=Callable[..., Any])


class InputError(click.ClickException):
    """A user-facing failure that must exit with status 2 (unreadable path, bad option value).

    Click prints ``Error: <message>`` on one line; no traceback. The message names paths,
    and a path may be a stranger's file name (``trfkit info uploads/*``) holding an escape
    sequence or a newline: its control characters are shown escaped
    (:func:`~trfkit.terminal.escape_controls`), so the line can neither rewrite the
    terminal nor forge another one. ``details`` are further lines, escaped alike.
    """

    exit_code = 2

    def __init__(self, message: str, details: Iterable[str] = ()) -> None:
        super().__init__("\n".join(escape_controls(line) for line in (message, *details)))


DEBUG_KEY = "trfkit.debug"


def current_max_bytes() -> int:
    """The input size limit: ``--max-bytes`` of the running command, else the default."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return DEFAULT_MAX_BYTES
    limit: int = ctx.meta.get(MAX_BYTES_KEY, DEFAULT_MAX_BYTES)
    return limit


def current_fallback() -> str | None:
    """``--fallback-encoding`` of the running command (None: detect the code page)."""
    ctx = click.get_current_context(silent=True)
    return None if ctx is None else ctx.meta.get(FALLBACK_KEY)


def debug_enabled() -> bool:
    """True when ``trfkit --debug`` asked for tracebacks of internal errors."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(DEBUG_KEY))


def read_bytes(path: str, limit: int | None = None) -> bytes:
    """:func:`trfkit.reading.read_bytes` of ``path`` (``-`` = stdin), with at most ``limit``
    bytes (default :func:`current_max_bytes`); :class:`InputError` (exit 2) saying why not."""
    try:
        return reading.read_bytes(path, current_max_bytes() if limit is None else limit)
    except ReadError as exc:
        raise InputError(str(exc)) from None


def check_encoding(encoding: str | None) -> None:
    """Reject an unknown ``--encoding`` (:class:`InputError`) before any reading starts."""
    try:
        reading.check_encoding(encoding)
    except ReadError as exc:
        raise InputError(str(exc)) from None


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
    """:func:`trfkit.reading.read_document` with the running command's options:
    ``max_bytes`` and ``fallback_encoding`` default to ``--max-bytes`` and
    ``--fallback-encoding``, and :class:`~trfkit.reading.ReadError` (an unreadable path,
    an unknown encoding, a missing reader) becomes :class:`InputError` (exit 2)."""
    try:
        return reading.read_document(
            path,
            fmt=fmt,
            encoding=encoding,
            strict=strict,
            data=data,
            max_bytes=current_max_bytes() if max_bytes is None else max_bytes,
            fallback_encoding=current_fallback()
            if fallback_encoding is None
            else fallback_encoding,
        )
    except ReadError as exc:
        raise InputError(str(exc)) from None


def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    """Write each diagnostic to stderr as ``path:line:col: CODE message``, sorted by position
    (in one write: a line at a time costs more than the lines on a large file)."""
    lines = [str(d) for d in sorted(diagnostics, key=lambda d: d.sort_key)]
    if lines:
        click.echo("\n".join(lines), err=True)


def input_problems(doc: Document, path: str) -> list[Diagnostic]:
    """What ``trfkit check`` finds in ``doc`` (read from ``path``) with its default
    selection: the reader's diagnostics and the rules' (:func:`trfkit.validation.driver.validate`),
    sorted, each reported at the input as ``check`` reports it.

    The one definition of "the input has error-level problems" for every command: its
    exit status starts from these (plus what the command itself finds), so a file check
    rejects makes ``tiebreaks``, ``explain``, ``playoff``, ``info`` and ``convert`` exit 1.
    """
    from ..validation.driver import attributed, validate  # the rules: not for rules/rule/codes

    display = display_name(path)
    return [attributed(d, doc.tournament.source.path, display) for d in validate(doc)]


def rule_errors(doc: Document, problems: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The error-level diagnostics of ``problems`` the reader did not report: what a
    command other than ``check`` prints besides the reader's (why it exits 1), leaving
    the rules' warnings and notes to ``check``."""
    seen = set(map(id, doc.diagnostics))
    return [d for d in problems if d.severity is Severity.ERROR and id(d) not in seen]


def exit_status(diagnostics: Iterable[Diagnostic], fail_on: str = "error") -> int:
    """1 if any diagnostic is at or above severity ``fail_on``, else 0."""
    threshold = Severity(fail_on).rank
    return int(any(d.severity.rank >= threshold for d in diagnostics))


def current_umask() -> int:
    """The process umask (read by setting it and setting it back: there is no getter)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def output_mode(path: Path) -> int:
    """The permission bits an output at ``path`` gets, as ``cp`` gives them: an existing
    file keeps its mode, a new one gets ``0666`` less the umask (shell redirection too)."""

    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        return 0o666 & ~current_umask()


def atomic_write(path: Path, data: bytes | Iterable[bytes]) -> None:
    """Write ``data`` (bytes, or blocks of bytes written as they come) to ``path``
    through a temporary file and ``os.replace``.

    A reader of ``path`` sees the old content or the new one, never half a file,
    and an interrupted run leaves no partial output behind. Only regular files are
    replaced: a device, pipe or socket (``-o /dev/null``, ``-o /dev/stdout``, a FIFO)
    is written in place, since renaming over it would destroy the node itself.
    """
    blocks = [data] if isinstance(data, bytes) else data
    if path.exists() and not path.is_file():
        with open(path, "wb") as fh:
            fh.writelines(blocks)
        return
    import tempfile  # only writers need it (random, shutil...): not a one-file check

    path.parent.mkdir(parents=True, exist_ok=True)
    mode = output_mode(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)  # mkstemp makes 0600: an output is as readable as cp makes it
        with os.fdopen(fd, "wb") as fh:
            fh.writelines(blocks)  # a block that fails to render leaves only the temporary
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
        raise InputError(
            f"{target}: resolves to {target_r}, outside the output directory {root}; not written"
        )
    return target


def names_directory(output: str) -> bool:
    """True when ``output`` ends in a path separator: ``-o out/`` means a directory, as
    for ``cp`` and ``rsync``, even before it exists."""
    return output.endswith(("/", os.sep)) or (os.altsep is not None and output.endswith(os.altsep))


def encoded(text: str | bytes | Iterable[str]) -> bytes | Iterator[bytes]:
    """``text`` (or each of its blocks, as they come) as UTF-8; bytes (a workbook) as they are.

    backslashreplace: a file name that is not UTF-8 (surrogate escapes from the OS) or
    any other unpaired surrogate must not turn a finished output into an internal error.
    """
    if isinstance(text, bytes):
        return text
    if isinstance(text, str):
        return text.encode("utf-8", errors="backslashreplace")
    return (block.encode("utf-8", errors="backslashreplace") for block in text)


def write_output(text: str | bytes | Iterable[str], output: str | None) -> None:
    """Write ``text`` (one string, or blocks produced as they are written) as UTF-8 to
    ``output`` (atomically) or to stdout when None or ``-``.

    Bytes go to the binary stdout so that CR line endings survive unchanged.
    """
    data = encoded(text)
    if output is None or output == "-":
        stream = binary_stream("stdout")
        for block in [data] if isinstance(data, bytes) else data:
            stream.write(block)
        stream.flush()
        return
    from pathlib import Path  # pathlib: not for a one-file command

    if names_directory(output):  # Path() would drop the slash and write a file 'out'
        raise InputError(f"{output}: names a directory; -o needs a file name here")
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
        except (
            click.exceptions.ClickException,
            click.exceptions.Exit,
            click.Abort,
            SystemExit,
            BrokenPipeError,
        ):  # a closed pipe (`| head`) is handled by cli.main
            raise
        except KeyboardInterrupt:  # pragma: no cover - interactive only
            raise
        except Exception as exc:  # noqa: BLE001 - the whole point of this wrapper
            if debug_enabled():
                import traceback  # only for an internal error

                traceback.print_exc()
            raise InputError(
                f"internal error (T999): {type(exc).__name__}: {exc}; please report a bug"
            ) from None

    return wrapper  # type: ignore[return-value]


def refuse_unread(
    doc: Document,
    input_path: str,
    diagnostics: Sequence[Diagnostic],
    nothing: str = "nothing to rank",
) -> None:
    """Exit 1 with the reader's verdict, writing nothing, when there is no tournament to
    rank (a note, a LICENSE, an empty template: T006, T013): an empty table, or a TRF of
    the note's lines with a 202 record, would look like a result."""
    if not doc.has_reader_errors:
        return
    if nothing_read(doc):
        print_diagnostics(diagnostics)
        click.echo(escape_controls(f"{display_name(input_path)}: {nothing}"), err=True)
        raise SystemExit(max(1, exit_status(diagnostics)))
