"""Command-line paths flattened into the inputs of a batch, lazily.

``trfkit check`` and ``trfkit convert`` accept files, directories (walked
recursively, hidden names skipped, file names filtered by glob) and glob patterns
(``'subs/**/*.trf'``, for shells that do not expand them). A federation office
passes a month of submissions at once, so the inputs are *yielded* one by one in a
stable order (sorted within each directory) and never listed in memory: the
batch starts working on the first file while the walk goes on.

Each input carries its path relative to the root it was found under, which is
what ``convert DIR -o OUT`` mirrors into the output tree.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .frozen import frozen_dataclass

if TYPE_CHECKING:  # imported where a directory or a pattern is walked: not for one file
    from pathlib import Path

__all__ = ["ANY_FILE", "REPORT_EXTENSIONS", "SHARED_EXTENSIONS", "Input", "Root", "iter_inputs",
           "roots"]

#: The glob that keeps every (non-hidden) file, ``convert``'s default.
ANY_FILE: tuple[str, ...] = ("*",)

#: Extensions only tournament files have (TRF and its engine dialects, ICU/Krause
#: ``.tab``, Swiss-Manager's native files): such a file is always checked, so that a
#: broken one is reported rather than passed over.
REPORT_EXTENSIONS: tuple[str, ...] = ("trf", "trfx", "tab", "input", "tunx", "turx", "tumx",
                                      "tutx")
#: Extensions of formats trfkit reads that other files share (notes and licences as
#: ``.txt``, ``package.json``, any web page or spreadsheet): in a directory such a file
#: is checked only when its first bytes show a tournament format
#: (:func:`trfkit.formats.sniff.looks_like_report`); otherwise it is skipped and counted.
SHARED_EXTENSIONS: tuple[str, ...] = ("txt", "json", "xml", "html", "htm", "xlsx")

_GLOB_CHARS = frozenset("*?[")


@frozen_dataclass
class Input:
    """One input of a batch.

    ``path`` is what to open (``-`` = stdin, whose bytes are in ``data``), ``display``
    how diagnostics name it, ``rel`` its path below the root it was found under (the
    file name for a file given by name). ``missing`` says why it cannot be read when
    the argument named nothing.
    """

    path: str
    display: str
    rel: str
    data: bytes | None = None
    missing: str | None = None
    #: check the content first (a :data:`SHARED_EXTENSIONS` file taken by the default selection)
    sniff: bool = False
    #: why the input is passed over unread (``--force-exclude`` on a named file)
    skip: str | None = None


@frozen_dataclass
class Root:
    """One command-line argument, classified: ``kind`` is file, dir, glob, stdin or missing."""

    arg: str
    kind: str

    @property
    def base(self) -> Path:
        """The directory relative paths are taken from (the directory itself, the fixed
        part of a glob, the parent of a file).

        Worked out when asked, not when the argument is classified: only walks and
        ``convert -o DIR`` need it, and :mod:`pathlib` (with :mod:`urllib.parse`) is
        a noticeable part of a one-file check's start-up.
        """
        from pathlib import Path

        if self.kind == "stdin":
            return Path(".")
        if self.kind == "dir":
            return Path(self.arg)
        if self.kind == "glob":
            return _glob_base(self.arg)
        return Path(self.arg).parent


def _has_glob(arg: str) -> bool:
    return any(ch in _GLOB_CHARS for ch in arg)


def _glob_base(pattern: str) -> Path:
    """The leading directories of ``pattern`` that contain no glob character."""
    from pathlib import Path

    parts: list[str] = []
    for part in Path(pattern).parts:
        if _has_glob(part):
            break
        parts.append(part)
    return Path(*parts) if parts else Path(".")


def roots(paths: Iterable[str]) -> list[Root]:
    """Classify the arguments (cheap: one ``stat`` each, nothing is walked)."""
    found = []
    for arg in paths:
        local = arg or "."  # as pathlib reads it: Path("") is the current directory
        if arg == "-":
            found.append(Root(arg, "stdin"))
        elif os.path.isdir(local):
            found.append(Root(arg, "dir"))
        elif os.path.exists(local):
            found.append(Root(arg, "file"))
        elif _has_glob(arg):
            found.append(Root(arg, "glob"))
        else:
            found.append(Root(arg, "missing"))
    return found


def matches(relative: str, globs: Sequence[str]) -> bool:
    """Case-insensitive match of the file name, or of its path below the walked directory.

    TRF files come as .TRF and .trf alike; ``club/*.trf`` selects one sub-directory.
    """
    import fnmatch  # walks only (a sys.modules look-up after the first file)

    lowered = relative.lower()
    name = lowered.rsplit("/", 1)[-1]
    return any(fnmatch.fnmatchcase(name, pattern.lower())
               or fnmatch.fnmatchcase(lowered, pattern.lower()) for pattern in globs)


def walk(directory: Path, globs: Sequence[str]) -> Iterator[Path]:
    """Regular files below ``directory`` matching ``globs``, sorted, hidden names skipped.

    A directory's files come before its sub-directories (as ``os.walk`` gives them);
    links to directories are not followed. ``os.scandir`` knows each entry's type, so
    a walk over thousands of files costs no ``stat`` per file.
    """
    from pathlib import Path

    every = tuple(globs) == ANY_FILE

    def visit(folder: str, prefix: str) -> Iterator[Path]:
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError:
            return
        for entry in entries:
            if (not entry.name.startswith(".") and entry.is_file()
                    and (every or matches(prefix + entry.name, globs))):
                yield Path(entry.path)
        for entry in entries:
            if not entry.name.startswith(".") and entry.is_dir(follow_symlinks=False):
                yield from visit(entry.path, prefix + entry.name + "/")

    yield from visit(str(directory), "")


def _rel(path: Path, base: Path) -> str:
    try:
        return path.relative_to(base).as_posix()
    except ValueError:
        return path.name


def _extension(path: str) -> str:
    return path.rsplit(".", 1)[-1].lower() if "." in os.path.basename(path) else ""


def iter_inputs(paths: Iterable[str], globs: Sequence[str] = ANY_FILE, *,
                stdin_name: str = "<stdin>", stdin: bytes | None = None,
                sniffed: Iterable[str] = (), force_exclude: bool = False) -> Iterator[Input]:
    """Yield the inputs named by ``paths`` once each, in argument order.

    Files named explicitly are taken whatever their name (with ``force_exclude`` they
    are filtered like the others: a file pre-commit passes that the selection would
    not take is yielded with ``skip`` set); directories are walked and filtered by
    ``globs``; a pattern that matches nothing, or a path that does not exist, becomes
    an input with ``missing`` set (reported, never fatal). Files with an extension in
    ``sniffed`` are marked ``sniff``: checked only if their content is a report.
    """
    seen: set[str] = set()
    shared = frozenset(ext.lower() for ext in sniffed)

    def found_file(path: str, rel: str) -> Input:
        return Input(path, path, rel, sniff=_extension(path) in shared)

    def once(item: Input) -> Iterator[Input]:
        key = item.path if item.path == "-" else os.path.normpath(item.path)
        if key not in seen:
            seen.add(key)
            yield item

    for root in roots(paths):
        if root.kind == "stdin":
            yield from once(Input("-", stdin_name, "stdin", stdin if stdin is not None else b""))
        elif root.kind == "file":
            # the file name, as Path(arg).name gives it (an existing non-directory
            # cannot end in a separator), without importing pathlib for one file
            name = os.path.basename(root.arg)
            if not force_exclude:
                yield from once(Input(root.arg, root.arg, name))
            elif tuple(globs) == ANY_FILE or matches(name, globs):
                yield from once(found_file(root.arg, name))
            else:
                yield from once(Input(root.arg, root.arg, name,
                                      skip="not selected (--glob, --force-exclude)"))
        elif root.kind == "dir":
            base = root.base
            for found in walk(base, globs):
                yield from once(found_file(str(found), _rel(found, base)))
        elif root.kind == "glob":
            import glob  # only for a pattern argument
            from pathlib import Path

            hits = sorted(glob.iglob(root.arg, recursive=True))
            files = [Path(hit) for hit in hits if Path(hit).is_file()]
            if not files:
                yield from once(Input(root.arg, root.arg, root.arg,
                                      missing=f"{root.arg}: no file matches this pattern"))
            base = root.base
            for found in files:
                yield from once(found_file(str(found), _rel(found, base)))
        else:
            from pathlib import Path

            yield from once(Input(root.arg, root.arg, Path(root.arg).name,
                                  missing=f"{root.arg}: no such file or directory"))


def count_inputs(paths: Iterable[str], globs: Sequence[str] = ANY_FILE) -> int:
    """How many inputs :func:`iter_inputs` will yield (a walk, no file is opened)."""
    return sum(1 for _ in iter_inputs(paths, globs))
