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
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .reading import special_kind

if TYPE_CHECKING:  # imported where a directory or a pattern is walked: not for one file
    from pathlib import Path  # pathlib: not for a one-file command

__all__ = [
    "ANY_FILE",
    "MAX_DEPTH",
    "REPORT_EXTENSIONS",
    "SHARED_EXTENSIONS",
    "Input",
    "Root",
    "Skipped",
    "expand",
    "iter_inputs",
    "roots",
]

#: The code of a :class:`Skipped` file the default selection leaves out (README.md, a
#: PGN): no diagnostic, the batch summary counts it as skipped.
PASSED_OVER = ""

#: Why such a file, or one whose content is no tournament format, was passed over.
NOT_A_REPORT = "not a tournament file"

#: The glob that keeps every (non-hidden) file, ``convert``'s default.
ANY_FILE: tuple[str, ...] = ("*",)

#: Extensions only tournament files have (TRF and its engine dialects, ICU/Krause
#: ``.tab``, Swiss-Manager's native files): such a file is always checked, so that a
#: broken one is reported rather than passed over.
REPORT_EXTENSIONS: tuple[str, ...] = ("trf", "trfx", "tab", "input", "tunx", "turx", "tumx", "tutx")
#: Extensions of formats trfkit reads that other files share (notes and licences as
#: ``.txt``, ``package.json``, any web page or spreadsheet): in a directory such a file
#: is checked only when its first bytes show a tournament format
#: (:func:`trfkit.formats.sniff.looks_like_report`); otherwise it is skipped and counted.
SHARED_EXTENSIONS: tuple[str, ...] = ("txt", "json", "xml", "html", "htm", "xlsx")

_GLOB_CHARS = frozenset("*?[")


@dataclass(frozen=True, slots=True)
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
    #: ``(code, message)`` of an entry a walk reports instead of reading (T020-T022).
    skipped: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
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
        from pathlib import Path  # pathlib: not for a one-file command

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
    from pathlib import Path  # pathlib: not for a one-file command

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
    return any(
        fnmatch.fnmatchcase(name, pattern.lower()) or fnmatch.fnmatchcase(lowered, pattern.lower())
        for pattern in globs
    )


#: How many directory levels a walk goes below its root. Real archives are a few levels
#: deep; a tree thousands of levels deep is a fault (or an attack) and ends in a T022.
MAX_DEPTH: Final = 64


@dataclass(frozen=True, slots=True)
class Skipped:
    """An entry a walk met but did not take: a link it did not follow (T020), a special
    file (T021) or a directory beyond :data:`MAX_DEPTH` (T022); reported, never read.
    A file the selection leaves out has the code :data:`PASSED_OVER` (counted only)."""

    path: str
    code: str
    message: str


class _Matcher:
    """Which entries a walk takes: every non-hidden file matching ``globs`` (by name or
    by its path below the root), in every non-hidden sub-directory.

    The state a walk carries into a directory is the path prefix below the root.
    """

    def __init__(self, globs: Sequence[str], others: bool = False) -> None:
        self.globs = tuple(globs)
        self.every = self.globs == ANY_FILE
        #: also report the regular files the globs leave out (as :data:`PASSED_OVER`)
        self.others = others

    def start(self) -> object:
        return ""

    def wants(self, state: object, name: str) -> bool:
        return not name.startswith(".") and (self.every or matches(f"{state}{name}", self.globs))

    def enter(self, state: object, name: str) -> object | None:
        return None if name.startswith(".") else f"{state}{name}/"


class _PatternMatcher(_Matcher):
    """Which entries a glob pattern's expansion takes, one path segment at a time.

    The state is the set of pattern segments the directory may still match from; ``**``
    matches any number of directories. Hidden names match only a segment that starts
    with a dot, and directories no segment can match are not walked, so
    ``subs/*/x.trf`` lists two levels only (as :func:`glob.glob` does).
    """

    def __init__(self, segments: Sequence[str]) -> None:
        super().__init__(ANY_FILE)
        self.segments = tuple(segments)

    def start(self) -> object:
        return self._closure({0})

    def _closure(self, states: set[int]) -> frozenset[int]:
        todo, done = list(states), set(states)
        while todo:
            i = todo.pop()
            if i < len(self.segments) and self.segments[i] == "**" and i + 1 not in done:
                done.add(i + 1)
                todo.append(i + 1)
        return frozenset(done)

    def _step(self, state: object, name: str) -> frozenset[int]:
        import fnmatch  # globs only

        assert isinstance(state, frozenset)
        hidden = name.startswith(".")
        nxt: set[int] = set()
        for i in state:
            if i >= len(self.segments):
                continue
            segment = self.segments[i]
            if segment == "**":
                if not hidden:
                    nxt.add(i)
            elif (not hidden or segment.startswith(".")) and fnmatch.fnmatchcase(name, segment):
                nxt.add(i + 1)
        return self._closure(nxt)

    def wants(self, state: object, name: str) -> bool:
        return len(self.segments) in self._step(state, name)

    def enter(self, state: object, name: str) -> object | None:
        nxt = self._step(state, name)
        return nxt if any(i < len(self.segments) for i in nxt) else None


def _within(path: str, tree: str) -> bool:
    return path == tree or path.startswith(tree.rstrip(os.sep) + os.sep)


def _traverse(top: str, matcher: _Matcher) -> Iterator[Path | Skipped]:
    """The walk itself: iterative (a deep tree cannot exhaust the stack), bounded in depth,
    never following a link to a directory, and taking a link to a file only when the
    file lies inside ``top`` (a link to ``/etc/passwd`` in an upload folder is reported,
    not read). An entry that cannot be examined is passed over; the walk goes on."""
    from pathlib import Path  # pathlib: not for a one-file command

    tree = os.path.realpath(top)
    stack: list[tuple[str, object, int]] = [(top, matcher.start(), 0)]
    while stack:
        folder, state, depth = stack.pop()
        if depth > MAX_DEPTH:
            yield Skipped(
                folder,
                "T022",
                f"directory more than {MAX_DEPTH} levels below {top}; it was not walked",
            )
            continue
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError:
            continue
        subdirs: list[tuple[str, object]] = []
        for entry in entries:
            try:
                if entry.is_symlink():
                    found = _link(entry, folder, tree, top, state, matcher)
                    if found is not None:
                        yield found
                elif entry.is_dir(follow_symlinks=False):
                    sub = matcher.enter(state, entry.name)
                    if sub is not None:
                        subdirs.append((entry.path, sub))
                elif matcher.wants(state, entry.name):
                    if entry.is_file(follow_symlinks=False):
                        yield Path(entry.path)
                    else:
                        kind = special_kind(entry.stat(follow_symlinks=False).st_mode)
                        yield Skipped(
                            entry.path, "T021", f"{kind}, not a regular file; it was not read"
                        )
                elif (
                    matcher.others
                    and not entry.name.startswith(".")
                    and entry.is_file(follow_symlinks=False)
                ):
                    yield Skipped(entry.path, PASSED_OVER, "")
            except OSError:
                continue
        stack.extend((path, sub, depth + 1) for path, sub in reversed(subdirs))


def _link(
    entry: os.DirEntry[str], folder: str, tree: str, top: str, state: object, matcher: _Matcher
) -> Path | Skipped | None:
    """What a walk does with a symbolic link: the link (to be read) when it names a regular
    file inside the tree, a :class:`Skipped` when it leads out of the tree, into a loop
    or nowhere, None when the walk would not have taken it anyway."""
    from pathlib import Path  # pathlib: not for a one-file command

    try:
        mode = os.stat(entry.path).st_mode
    except OSError:  # ELOOP, a missing target, a target too deep to resolve
        if matcher.wants(state, entry.name):
            return Skipped(
                entry.path,
                "T020",
                "symbolic link that cannot be followed "
                "(a loop or a missing target); it was not read",
            )
        return None
    target = os.path.realpath(entry.path)
    inside = _within(target, tree)
    if stat.S_ISDIR(mode):
        if matcher.enter(state, entry.name) is None:
            return None
        if not inside:
            return Skipped(
                entry.path,
                "T020",
                f"symbolic link to a directory outside {top}; it was not followed",
            )
        if _within(os.path.realpath(folder), target):
            return Skipped(
                entry.path,
                "T020",
                "symbolic link to a directory that contains it (a loop); it was not followed",
            )
        return None  # inside the tree: the walk gets there without the link
    if not matcher.wants(state, entry.name):
        return None
    if not inside:
        return Skipped(
            entry.path, "T020", f"symbolic link to a file outside {top}; it was not read"
        )
    if not stat.S_ISREG(mode):
        return Skipped(
            entry.path,
            "T021",
            f"symbolic link to {special_kind(mode)}, not a regular file; it was not read",
        )
    return Path(entry.path)


def walk(
    directory: Path, globs: Sequence[str], *, others: bool = False
) -> Iterator[Path | Skipped]:
    """Regular files below ``directory`` matching ``globs``, sorted, hidden names skipped.

    A directory's files come before its sub-directories (as ``os.walk`` gives them).
    ``os.scandir`` knows each entry's type, so a walk over thousands of files costs no
    ``stat`` per file. Links, special files and too deep directories come as
    :class:`Skipped` (see :func:`_traverse`).
    With ``others``, the regular files ``globs`` leave out come too, as a
    :class:`Skipped` with the code :data:`PASSED_OVER` (counted, never read).
    """
    yield from _traverse(str(directory), _Matcher(globs, others))


def expand(pattern: str) -> Iterator[Path | Skipped]:
    """The files a glob pattern names, walked like a directory: sorted, bounded in depth,
    links to directories not followed (so a link loop cannot make the expansion endless
    or repeat one file), links to files outside the pattern's fixed part not read."""
    from pathlib import Path  # pathlib: not for a one-file command

    base = _glob_base(pattern)
    fixed = len(base.parts)  # Path(".").parts is empty
    segments = Path(pattern).parts[fixed:]
    if not segments:
        return
    top = str(base) if fixed else "."
    for found in _traverse(top, _PatternMatcher(segments)):
        if not fixed and isinstance(found, Path):  # "a.trf", not "./a.trf", as glob gives it
            found = Path(os.path.relpath(found, "."))
        yield found


def _rel(path: Path, base: Path) -> str:
    """``path`` relative to ``base``, in ``/`` form; a walk's file (the usual case, once per
    file of a batch) is told by its text, without the two path parses of ``relative_to``."""
    text, head = str(path), str(base).rstrip(os.sep) + os.sep
    if text.startswith(head) and len(text) > len(head):
        return text[len(head) :].replace(os.sep, "/")
    try:
        return path.relative_to(base).as_posix()
    except ValueError:
        return path.name


def _extension(path: str) -> str:
    return path.rsplit(".", 1)[-1].lower() if "." in os.path.basename(path) else ""


def iter_inputs(
    paths: Iterable[str],
    globs: Sequence[str] = ANY_FILE,
    *,
    stdin_name: str = "<stdin>",
    stdin: bytes | None = None,
    sniffed: Iterable[str] = (),
    force_exclude: bool = False,
) -> Iterator[Input]:
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
                yield from once(
                    Input(root.arg, root.arg, name, skip="not selected (--glob, --force-exclude)")
                )
        elif root.kind in ("dir", "glob"):
            from pathlib import Path  # pathlib: not for a one-file command

            base = root.base
            nothing = True
            listed = (
                walk(base, globs, others=bool(shared)) if root.kind == "dir" else expand(root.arg)
            )
            for found in listed:
                nothing = False
                if isinstance(found, Skipped) and found.code == PASSED_OVER:
                    yield from once(
                        Input(
                            found.path, found.path, _rel(Path(found.path), base), skip=NOT_A_REPORT
                        )
                    )
                elif isinstance(found, Skipped):
                    yield from once(
                        Input(
                            found.path,
                            found.path,
                            _rel(Path(found.path), base),
                            skipped=(found.code, found.message),
                        )
                    )
                else:
                    yield from once(found_file(str(found), _rel(found, base)))
            if nothing and root.kind == "glob":
                yield from once(
                    Input(
                        root.arg,
                        root.arg,
                        root.arg,
                        missing=f"{root.arg}: no file matches this pattern",
                    )
                )
        else:
            from pathlib import Path  # pathlib: not for a one-file command

            yield from once(
                Input(
                    root.arg,
                    root.arg,
                    Path(root.arg).name,
                    missing=f"{root.arg}: no such file or directory",
                )
            )


def count_inputs(
    paths: Iterable[str], globs: Sequence[str] = ANY_FILE, sniffed: Iterable[str] = ()
) -> int:
    """How many inputs :func:`iter_inputs` will yield (a walk, no file is opened)."""
    return sum(1 for _ in iter_inputs(paths, globs, sniffed=sniffed))
