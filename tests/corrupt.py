"""Deterministic ways to damage a file, for the fuzz tests and ``benchmarks/corrupt_sweep.py``.

Uploads break in a handful of ways: a bit flips in transit, a transfer stops half-way,
an editor inserts or drops characters, a script reorders lines. Each function here
does one of those to ``data`` with a seeded :class:`random.Random`, so a failing case
can be replayed from its seed alone (``corrupt(data, kind, seed)``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

__all__ = ["KINDS", "corrupt", "delete", "flip", "insert", "shuffle_lines", "truncate"]

#: Bytes worth inserting: record-code digits, separators, line ends, NUL, high bytes, BOM,
#: and cp1252/latin-1 superscripts and fractions (``str.isdigit`` is true for "²", ``int`` fails).
_INTERESTING: Final = (
    b'0123456789 .-+=WDLHFUZwb\r\n\t\x00\xff\xfe\xef\xbb\xbf<>&"{}[]:,\xb2\xb3\xb9\xbd'
)


def flip(data: bytes, rng: random.Random, count: int = 8) -> bytes:
    """Flip one random bit in ``count`` random bytes."""
    if not data:
        return data
    out = bytearray(data)
    for _ in range(count):
        i = rng.randrange(len(out))
        out[i] ^= 1 << rng.randrange(8)
    return bytes(out)


def insert(data: bytes, rng: random.Random, count: int = 8) -> bytes:
    """Insert ``count`` bytes (random or structural) at random offsets."""
    out = bytearray(data)
    for _ in range(count):
        i = rng.randrange(len(out) + 1)
        byte = rng.choice(_INTERESTING) if rng.random() < 0.7 else rng.randrange(256)
        out[i:i] = bytes([byte]) * rng.choice((1, 1, 1, 3, 10))
    return bytes(out)


def delete(data: bytes, rng: random.Random, count: int = 8) -> bytes:
    """Delete ``count`` short runs of bytes at random offsets."""
    out = bytearray(data)
    for _ in range(count):
        if not out:
            break
        i = rng.randrange(len(out))
        del out[i : i + rng.choice((1, 1, 2, 5, 40))]
    return bytes(out)


def truncate(data: bytes, rng: random.Random) -> bytes:
    """Cut the data at a random offset (an interrupted transfer)."""
    return data[: rng.randrange(len(data) + 1)]


def shuffle_lines(data: bytes, rng: random.Random) -> bytes:
    """Reorder the lines, keeping each line's own ending."""
    lines = data.splitlines(keepends=True)
    rng.shuffle(lines)
    return b"".join(lines)


#: kind name -> corruption; the names are what the sweep and the tests print.
KINDS: Final[dict[str, Callable[[bytes, random.Random], bytes]]] = {
    "flip": flip,
    "insert": insert,
    "delete": delete,
    "truncate": truncate,
    "shuffle": shuffle_lines,
}


def corrupt(data: bytes, kind: str, seed: int) -> bytes:
    """``data`` damaged by ``KINDS[kind]`` with a generator seeded by ``seed``."""
    return KINDS[kind](data, random.Random(seed))
