"""Settings read from the repository: ``trfkit.toml`` or ``[tool.trfkit]`` of ``pyproject.toml``.

A CI job or a federation's archive sets trfkit up once, as ruff is set up: the keys are
the long names of the command-line options (``select``, ``ignore``, ``fail-on``, ...) plus
``per-file-ignores``. A configuration is found upwards from a directory, ruff's way: the
first directory (the start, then its parents) that holds a ``trfkit.toml``, or a
``pyproject.toml`` with a ``[tool.trfkit]`` table, wins (``trfkit.toml`` first when a
directory has both); a ``pyproject.toml`` without that table is passed over.

This module reads and checks the files (no click): :class:`Config` holds the values,
normalised, and :class:`ConfigError` says where a value is wrong, as
``trfkit.toml:3: unknown key 'selct' (did you mean 'select'?)``. ``trfkit.cli.configured``
feeds the values to the options; the command line overrides them.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from .selection import SelectorError, parse_selectors

__all__ = [
    "CONFIG_NAME",
    "KEYS",
    "PER_FILE_KEYS",
    "Config",
    "ConfigError",
    "Finder",
    "find_config",
    "read_config",
]

CONFIG_NAME: Final = "trfkit.toml"
PYPROJECT: Final = "pyproject.toml"

#: Every key a configuration may hold, with what it takes.
KEYS: Final[Mapping[str, str]] = {
    "select": "codes",
    "extend-select": "codes",
    "ignore": "codes",
    "per-file-ignores": "table",
    "min-severity": "severity",
    "fail-on": "severity",
    "encoding": "encoding",
    "fallback-encoding": "encoding",
    "rules": "rules",
    "profile": "name",
    "cache-dir": "path",
}
#: The keys that may differ from one input to the next (each input's closest
#: configuration decides them); the others are settings of the whole run.
PER_FILE_KEYS: Final = ("select", "extend-select", "ignore", "encoding", "fallback-encoding")

_SEVERITIES: Final = ("info", "warning", "error")
#: A configuration larger than this is no configuration (and is not read whole).
MAX_CONFIG_BYTES: Final = 1024 * 1024


class ConfigError(ValueError):
    """A configuration that cannot be used, located: ``str()`` is ``file:line: message``."""

    def __init__(self, where: str, line: int, message: str) -> None:
        super().__init__(f"{where}:{line}: {message}")
        self.where, self.line, self.message = where, line, message


def shown_path(path: str) -> str:
    """``path`` as messages show it: relative to the working directory when below it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return path
    return path if relative.startswith("..") else relative


def _toml(text: str) -> dict[str, Any]:
    # only when a configuration is read: tomllib from Python 3.11, the tomli dependency before
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    return tomllib.loads(text)


_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")
_HEADER = re.compile(r"^\s*\[\[?\s*([^\[\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY_PART = r"(?:\"[^\"]*\"|'[^']*'|[A-Za-z0-9_-]+)"
_KEY = re.compile(rf"^\s*({_KEY_PART}(?:\s*\.\s*{_KEY_PART})*)\s*=")
_INNER_KEY = re.compile(rf"[{{,]\s*({_KEY_PART})\s*=")


def _parts(dotted: str) -> tuple[str, ...]:
    return tuple(p.strip().strip("\"'") for p in re.findall(_KEY_PART, dotted))


def key_lines(text: str) -> dict[tuple[str, ...], int]:
    """Where each key is written (full dotted path -> 1-based line), for located errors;
    a key inside an inline table (``per-file-ignores = {"a/*" = [...]}``) is at its line."""
    found: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header:
            table = _parts(header.group(1))
            found.setdefault(table, number)
            continue
        key = _KEY.match(line)
        if key:
            path = table + _parts(key.group(1))
            found.setdefault(path, number)
            rest = line[key.end() :]
            for inner in _INNER_KEY.finditer(rest):
                found.setdefault(path + _parts(inner.group(1)), number)
    return found


@dataclass(frozen=True, slots=True)
class Config:
    """One configuration file's values, checked and normalised: codes as tuples of
    selectors, ``per-file-ignores`` as ``(glob, codes)`` pairs, ``cache-dir`` absolute."""

    path: str  # absolute
    values: Mapping[str, Any] = field(default_factory=dict)
    lines: Mapping[str, int] = field(default_factory=dict)  # key -> where it is written

    @property
    def directory(self) -> str:
        return os.path.dirname(self.path)

    @property
    def shown(self) -> str:
        return shown_path(self.path)

    def file_ignores(self, path: str) -> tuple[str, ...]:
        """The codes ``per-file-ignores`` ignores in the input at ``path`` (its globs are
        relative to this file's directory; a glob without ``/`` matches the file name)."""
        pairs: tuple[tuple[str, tuple[str, ...]], ...] = self.values.get("per-file-ignores", ())
        if not pairs:
            return ()
        absolute = os.path.abspath(path)
        relative = os.path.relpath(absolute, self.directory).replace(os.sep, "/")
        inside = not relative.startswith("../") and relative != ".."
        name = os.path.basename(absolute)
        codes: list[str] = []
        for pattern, ignored in pairs:
            target = name if "/" not in pattern.rstrip("/") else (relative if inside else None)
            if target is not None and glob_regex(pattern).fullmatch(target):
                codes.extend(c for c in ignored if c not in codes)
        return tuple(codes)


def glob_regex(pattern: str) -> re.Pattern[str]:
    """A glob as a regular expression over ``/``-separated paths: ``*`` and ``?`` stay
    inside one name, ``**`` crosses directories, ``[abc]`` is a class, a trailing ``/``
    means everything below."""
    if pattern.endswith("/"):
        pattern += "**"
    out, i = [], 0
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:[^/]*/)*")
            i += 3
            continue
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[" and "]" in pattern[i + 2 :]:
            end = pattern.index("]", i + 2)
            inner = pattern[i + 1 : end]
            negated = inner.startswith("!")
            body = re.escape(inner[1:] if negated else inner).replace("\\-", "-")
            out.append(f"[{'^' if negated else ''}{body}]")
            i = end
        else:
            out.append(re.escape(char))
        i += 1
    return re.compile("".join(out))


def _suggest(key: str) -> str:
    from difflib import get_close_matches  # only for a mistyped key

    close = get_close_matches(key, list(KEYS), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _codes(key: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f'{key} must be a list of codes or prefixes, e.g. ["T3", "T401"]')
    return parse_selectors(value)


def _value(key: str, value: Any, directory: str) -> Any:
    """``value`` of ``key`` checked and normalised (ValueError: what is wrong)."""
    kind = KEYS[key]
    if kind == "codes":
        return _codes(key, value)
    if kind == "table":
        raise AssertionError("per-file-ignores is read by _per_file")  # pragma: no cover
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{key} must be a non-empty string")
    if kind == "severity" and value.lower() not in _SEVERITIES:
        raise ValueError(f"{key} must be one of {', '.join(_SEVERITIES)}, not {value!r}")
    if kind == "severity":
        return value.lower()
    if kind == "encoding":
        import codecs  # (already imported by the interpreter: a look-up)

        try:
            codecs.lookup(value)
        except LookupError:
            raise ValueError(f"{key}: unknown encoding {value!r}") from None
    if kind == "path":
        return os.path.normpath(os.path.join(directory, os.path.expanduser(value)))
    if kind == "rules":
        # checked here, not only by the commands that rank: `check` in CI reads the same
        # file and must not pass a value `tiebreaks` then refuses (only for this key)
        from .tiebreaks.editions import EDITIONS

        names = ("auto", *EDITIONS)
        if value.strip().lower() not in names:
            raise ValueError(f"{key}: {value!r} is not one of {', '.join(names)}")
    return value


def _per_file(
    value: Any, where: str, lines: dict[tuple[str, ...], int], base: tuple[str, ...]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    table = base + ("per-file-ignores",)
    if not isinstance(value, dict):
        raise ConfigError(
            where,
            _line(lines, table),
            'per-file-ignores must be a table of globs to codes, e.g. {"old/*.trf" = ["T505"]}',
        )
    pairs = []
    for pattern, codes in value.items():
        try:
            pairs.append((pattern, _codes(f"per-file-ignores {pattern!r}", codes)))
        except (ValueError, SelectorError) as exc:
            raise ConfigError(where, _line(lines, table + (pattern,)), str(exc)) from None
    return tuple(pairs)


def _line(lines: dict[tuple[str, ...], int], path: tuple[str, ...]) -> int:
    """The line of ``path``, else of the nearest table holding it, else 1."""
    for cut in range(len(path), 0, -1):
        if path[:cut] in lines:
            return lines[path[:cut]]
    return 1


def read_config(path: str | os.PathLike[str]) -> Config:
    """The configuration in ``path`` (a ``trfkit.toml``, or a ``pyproject.toml`` whose
    ``[tool.trfkit]`` it is); :class:`ConfigError` when it cannot be used."""
    absolute = os.path.abspath(path)
    where = shown_path(absolute)
    try:
        with open(absolute, "rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
    except OSError as exc:
        raise ConfigError(
            where, 1, f"cannot read the configuration: {exc.strerror or exc}"
        ) from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError(where, 1, "larger than 1 MB: not a configuration file")
    try:
        text = data.decode("utf-8")
        document = _toml(text)
    except UnicodeDecodeError:
        raise ConfigError(where, 1, "not UTF-8 (TOML files are UTF-8)") from None
    except ValueError as exc:  # tomllib.TOMLDecodeError
        message = str(exc)
        at = _TOML_LINE.search(message)
        line = int(at.group(1)) if at else 1
        raise ConfigError(
            where, line, f"invalid TOML: {_TOML_LINE.sub('', message).strip()}"
        ) from None
    lines = key_lines(text)
    base: tuple[str, ...] = ()
    table: Any = document
    if os.path.basename(absolute) == PYPROJECT:
        base = ("tool", "trfkit")
        table = (
            document.get("tool", {}).get("trfkit")
            if isinstance(document.get("tool"), dict)
            else None
        )
        if table is None:
            raise ConfigError(where, 1, "has no [tool.trfkit] table")
        if not isinstance(table, dict):
            raise ConfigError(where, _line(lines, base), "tool.trfkit must be a table")
    values: dict[str, Any] = {}
    located: dict[str, int] = {}
    for key, value in table.items():
        line = located[key] = _line(lines, base + (key,))
        if key not in KEYS:
            raise ConfigError(where, line, f"unknown key {key!r}{_suggest(key)}")
        if key == "per-file-ignores":
            values[key] = _per_file(value, where, lines, base)
            continue
        try:
            values[key] = _value(key, value, os.path.dirname(absolute))
        except (ValueError, SelectorError) as exc:
            raise ConfigError(where, line, str(exc)) from None
    return Config(absolute, values, located)


def _declares_table(path: str) -> bool:
    """True when the ``pyproject.toml`` at ``path`` holds a ``[tool.trfkit]`` table (one
    that does not mention trfkit is not even parsed: a broken unrelated file is not ours)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
    except OSError:
        return False
    if b"trfkit" not in data:
        return False
    try:
        tool = _toml(data.decode("utf-8")).get("tool")
    except ValueError:  # broken TOML that mentions trfkit: read_config says where
        return True
    return isinstance(tool, dict) and "trfkit" in tool


def find_config(start: str | os.PathLike[str]) -> str | None:
    """The closest configuration file at or above the directory ``start``, or None."""
    directory = os.path.abspath(start)
    while True:
        candidate = os.path.join(directory, CONFIG_NAME)
        if os.path.isfile(candidate):
            return candidate
        candidate = os.path.join(directory, PYPROJECT)
        if os.path.isfile(candidate) and _declares_table(candidate):
            return candidate
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


class Finder:
    """The closest configuration of each directory, each file read once per run."""

    def __init__(self) -> None:
        self._by_dir: dict[str, str | None] = {}
        self._read: dict[str, Config] = {}

    def config_of(self, directory: str) -> Config | None:
        """The configuration closest to ``directory`` (ConfigError when it is broken)."""
        key = os.path.abspath(directory)
        if key not in self._by_dir:
            self._by_dir[key] = find_config(key)
        path = self._by_dir[key]
        return None if path is None else self.read(path)

    def read(self, path: str) -> Config:
        absolute = os.path.abspath(path)
        if absolute not in self._read:
            self._read[absolute] = read_config(absolute)
        return self._read[absolute]


def input_directory(path: str) -> str:
    """Where the configuration of the input ``path`` is looked for: a directory itself,
    else the directory holding it (a missing path's nearest existing parent)."""
    if os.path.isdir(path):
        return path
    parent = os.path.dirname(os.path.abspath(path))
    while not os.path.isdir(parent) and os.path.dirname(parent) != parent:
        parent = os.path.dirname(parent)
    return parent
