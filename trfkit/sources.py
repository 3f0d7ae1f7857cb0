"""What :func:`trfkit.load` and :func:`trfkit.compute_tiebreaks` accept, made plain.

``load`` takes a path, the bytes or text of a file, or an open binary file; the rule
that tells a path from text is written once here so that the docstring, the README
and the code say the same:

* ``bytes``/``bytearray``/``memoryview``: the file's bytes (encoding found by trfkit);
* ``os.PathLike``: a path;
* ``str``: text when it holds a line break or is longer than any path can be
  (:data:`MAX_PATH`), else a path. A one-line report given as text is therefore taken
  as a path; pass it as bytes, or call :func:`trfkit.loads`.
* anything with ``read()``: a binary file (a text file is refused: its bytes were
  already decoded by a guess).
"""

from __future__ import annotations

import os
from typing import IO, Any, Union

from .reading import read_regular

__all__ = ["MAX_PATH", "Loadable", "looks_like_text", "read_source"]

#: Longer than this a string is no path on any system trfkit runs on (Linux PATH_MAX).
MAX_PATH = 4096

#: Everything ``load`` accepts.
Loadable = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, IO[bytes]]


def looks_like_text(value: str) -> bool:
    """True when the string ``value`` is a file's text rather than a path (see above)."""
    return "\n" in value or "\r" in value or len(value) > MAX_PATH


def read_source(source: Loadable, limit: int) -> tuple[bytes, str, str | None]:
    """``(data, path, encoding)`` for ``source``: at most ``limit + 1`` bytes (enough
    for the reader to report a larger input as T007), the path to name in diagnostics
    (``""`` when there is none) and ``"utf-8"`` when the input was text, else None."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source[: limit + 1]), "", None
    if isinstance(source, str) and looks_like_text(source):
        return source.encode("utf-8")[: limit + 1], "", "utf-8"
    if isinstance(source, (str, os.PathLike)):
        path = os.fspath(source)
        return read_regular(path, limit), path, None  # OSError for a FIFO: never blocks
    read: Any = getattr(source, "read", None)
    if read is None:
        raise TypeError(
            f"load() takes a path, bytes, text or a binary file, not {type(source).__name__}"
        )
    data = read(limit + 1)
    if isinstance(data, str):
        raise TypeError("load() needs a binary file: open it with 'rb', or pass its text")
    return bytes(data), str(getattr(source, "name", "") or ""), None
