"""No output of any command may replace, or turn into, one of its inputs.

A federation's tournament file is the record; ``tiebreaks -o event.trf`` or
``check reports/ --report reports/x.trf`` must not destroy it. Every command calls
:func:`refuse_overwrite` with all its inputs and every path it will write (``-o``,
``--report``, the ``--cache-dir`` database) *before* it reads or writes anything,
so a refusal leaves the disk as it was (exit 2). An output is refused when:

* it is an input file: the same path, a symbolic link to it, or a hard link to it
  (the same device and inode, :func:`os.path.samestat`);
* it lies inside a directory given as input and its name is one the walk selects
  (``--glob``), so that it would be read as an input (now, or by the next run);
* it is a file a glob pattern given as input matches.

``convert DIR -o OUT`` applies the same test to each file it plans to write
(:func:`input_behind`), with the inputs already walked.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from .io import InputError

if TYPE_CHECKING:
    from ..input_paths import Root

#: Every file (``trfkit.input_paths.ANY_FILE``, written here so that a command writing to
#: stdout does not import the input walker to learn that it has no output to guard).
ANY_FILE: tuple[str, ...] = ("*",)


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)  # follows links: a link to an input is that input
    except (OSError, ValueError):
        return None


def _inside(path: str, tree: str) -> str | None:
    """``path`` relative to ``tree`` (both resolved) when it lies below it, else None."""
    real_path, real_tree = os.path.realpath(path), os.path.realpath(tree)
    if real_path == real_tree:
        return ""
    prefix = real_tree.rstrip(os.sep) + os.sep
    return real_path[len(prefix) :] if real_path.startswith(prefix) else None


def _hard_link_in(tree: str, target: os.stat_result, globs: Sequence[str]) -> str | None:
    """A selected file below ``tree`` that is the same inode as ``target`` (only looked
    for when ``target`` has several links: otherwise no such file can exist)."""
    from pathlib import Path  # pathlib: not for a one-file command

    from ..input_paths import walk  # a directory input only

    for found in walk(Path(tree), globs):
        other = _stat(str(found))
        if other is not None and os.path.samestat(other, target):
            return str(found)
    return None


def input_behind(output: str, found: Sequence[Root], globs: Sequence[str] = ANY_FILE) -> str | None:
    """Which input ``output`` would overwrite or be read as (its name), or None."""
    from ..input_paths import matches  # a directory input only

    target = _stat(output)
    for root in found:
        if root.kind == "file":
            source = _stat(root.arg)
            if target is not None and source is not None and os.path.samestat(target, source):
                return root.arg
        elif root.kind == "dir":
            rel = _inside(output, root.arg)
            if rel == "":
                return root.arg
            if rel is not None and not any(part.startswith(".") for part in rel.split(os.sep)):
                if tuple(globs) == ANY_FILE or matches(rel.replace(os.sep, "/"), globs):
                    return os.path.join(root.arg, rel)
            if target is not None and target.st_nlink > 1:
                hit = _hard_link_in(root.arg, target, globs)
                if hit is not None:
                    return hit
        elif root.kind == "glob":
            import glob  # a glob input only

            for hit in glob.iglob(root.arg, recursive=True):
                source = _stat(hit)
                if source is None:
                    continue
                if target is not None and os.path.samestat(target, source):
                    return hit
                if target is None and os.path.realpath(hit) == os.path.realpath(output):
                    return hit
    return None


def refuse_overwrite(
    inputs: Iterable[str], outputs: Iterable[str | None], *, globs: Sequence[str] = ANY_FILE
) -> None:
    """Raise :class:`~.io.InputError` (exit 2) if an output is, or would be read as,
    one of ``inputs``. ``None`` and ``-`` (stdout) are no files; ``globs`` is the
    selection of a directory walk."""
    files = [output for output in outputs if output is not None and output != "-"]
    if not files:
        return
    from ..input_paths import roots  # a directory or glob input only

    found = roots(inputs)
    for output in files:
        hit = input_behind(output, found, globs)
        if hit is None:
            continue
        if _stat(output) is None:  # not there yet: a walk of an input tree would read it
            raise InputError(
                f"{output}: refusing to overwrite the input tree: the walk of a "
                "directory INPUT would read this file as an input; nothing was "
                "read or written"
            )
        same = os.path.normpath(hit) == os.path.normpath(output)
        where = "" if same else f" ({hit})"
        raise InputError(
            f"{output}: refusing to overwrite the input{where}; nothing was read or written"
        )


def cache_files(cache_dir: str | None) -> list[str]:
    """The files ``--cache-dir`` writes (the SQLite database and its journals)."""
    if not cache_dir:
        return []
    from ..check_cache import FILE_NAME  # sqlite3 and hashlib come with it: -o into a tree only

    base = os.path.join(cache_dir, FILE_NAME)
    return [base, base + "-journal", base + "-wal", base + "-shm"]
