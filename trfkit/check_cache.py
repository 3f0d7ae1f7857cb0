"""Results of earlier checks, keyed by content, for ``trfkit check --cache-dir``.

A federation archive or a CI job re-checks mostly unchanged files; with a cache a
file whose bytes, check settings and trfkit code are unchanged costs one read and
one hash instead of a parse. The key covers all three, so editing a file, changing
``--select`` or upgrading (or editing) trfkit misses the cache. Only the parent
process touches the SQLite file; any cache failure turns the cache off and is said
once (through ``warn``: one line on stderr from the CLI), it never fails a check: the
results and the exit status are those of a run without a cache, as ruff does with an
unwritable cache. Reports with unreadable inputs or internal errors are not stored.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from .version import __version__

FILE_NAME = "check-results-v1.sqlite"


def code_fingerprint() -> str:
    """trfkit's version plus the size and mtime of every module, so edits invalidate."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256(__version__.encode())
    for path in sorted(root.rglob("*.py")):
        stat = path.stat()
        digest.update(f"{path.relative_to(root)}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()


class ResultCache:
    """A key -> stored report table in ``directory``; ``None``-safe when it cannot be opened."""

    def __init__(
        self,
        directory: str | Path,
        settings: Sequence[Any],
        warn: Callable[[str], None] | None = None,
    ) -> None:
        self._salt = json.dumps([code_fingerprint(), list(settings)]).encode()
        self._directory = str(directory)
        self._warn = warn
        self._db: sqlite3.Connection | None = None
        try:
            Path(directory).mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._off("cannot create it", exc)
            return
        try:
            self._db = sqlite3.connect(str(Path(directory) / FILE_NAME), timeout=5)
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
            )
        except (OSError, sqlite3.Error) as exc:
            self._off("cannot write its cache file", exc)

    def _off(self, what: str, exc: BaseException) -> None:
        """Turn the cache off and say so once: the user asked for a cache and has none."""
        if self._db is not None:
            self._db.close()
            self._db = None
        if self._warn is not None:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self._warn(
                f"--cache-dir {self._directory}: {what} ({reason}); checking without a cache"
            )
            self._warn = None

    def key(self, data: bytes, own: Sequence[Any] = ()) -> str:
        """The key of ``data`` checked with the run's settings and the input's ``own``
        (the settings its configuration gives it: selection, encodings, per-file-ignores)."""
        salt = self._salt + json.dumps(list(own)).encode() if own else self._salt
        return hashlib.sha256(salt + data).hexdigest()

    def get_many(self, keys: Iterable[str]) -> dict[str, Any]:
        """Stored values (decoded JSON) for those ``keys`` that are present."""
        found: dict[str, Any] = {}
        if self._db is None:
            return found
        wanted = list(dict.fromkeys(keys))
        try:
            for start in range(0, len(wanted), 500):
                batch = wanted[start : start + 500]
                marks = ",".join("?" * len(batch))
                rows = self._db.execute(
                    f"SELECT key, value FROM results WHERE key IN ({marks})", batch
                )
                found.update((key, json.loads(value)) for key, value in rows)
        except (sqlite3.Error, ValueError) as exc:
            self._off("cannot read its cache file", exc)
            return {}
        return found

    def put_many(self, items: Iterable[tuple[str, Any]]) -> None:
        if self._db is None:
            return
        try:
            with self._db:
                self._db.executemany(
                    "INSERT OR REPLACE INTO results VALUES (?, ?)",
                    ((key, json.dumps(value)) for key, value in items),
                )
        except sqlite3.Error as exc:
            self._off("cannot write its cache file", exc)

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None
