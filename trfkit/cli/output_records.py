"""What each output of ``convert`` was made from, so that ``--skip-existing`` skips only
outputs that are really up to date.

Beside every output ``NAME`` a batch writes a small hidden record ``.NAME.source``
(JSON, atomically, after the output itself): the input's relative path, the SHA-256
of its bytes, and a fingerprint of the conversion options and trfkit version. An
existing output is skipped only when its record names the same input with the same
bytes and options; an output without a record (killed between the two writes,
or written by something else), with a corrected input, another input or other
options is converted again. Hidden names are never read as inputs by a walk.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .. import __version__
from .io import atomic_write

SUFFIX = ".source"


def record_path(target: Path) -> Path:
    """Where the record of the output ``target`` lives."""
    return target.with_name(f".{target.name}{SUFFIX}")


def fingerprint(options: Any) -> str:
    """A digest of everything besides the input that shapes an output (and trfkit's version)."""

    text = json.dumps([__version__, options], sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


def _record(rel: str, data: bytes, options_fingerprint: str) -> dict[str, Any]:
    return {
        "input": rel,
        "sha256": hashlib.sha256(data).hexdigest(),
        "options": options_fingerprint,
    }


def is_current(target: Path, rel: str, data: bytes, options_fingerprint: str) -> bool:
    """True when ``target`` exists and its record says it was made from exactly this input."""
    if not target.is_file():
        return False
    try:
        stored = json.loads(record_path(target).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(stored, dict) and stored == _record(rel, data, options_fingerprint)


def write_record(target: Path, rel: str, data: bytes, options_fingerprint: str) -> None:
    """Write the record of ``target`` (raises OSError like :func:`~.io.atomic_write`)."""
    text = json.dumps(_record(rel, data, options_fingerprint), ensure_ascii=False)
    atomic_write(record_path(target), (text + "\n").encode("utf-8", errors="backslashreplace"))
