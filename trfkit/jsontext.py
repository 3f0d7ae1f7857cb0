"""Indented JSON text through the standard library's C encoder.

``json.dumps(data, indent=2)`` is what every JSON output of trfkit looks like, but
with ``indent`` the standard library leaves its C encoder for the pure-Python one,
which pays a generator step for every value: on the standings of 2000 players that
is most of the command's time. The C encoder takes any separators, so a container
whose items are all plain values (a player's tie-break values, a diagnostic) is
laid out by it exactly as the pure-Python encoder would: items separated by
``",\\n"`` and the indentation of their depth, the brackets on lines of their own.
:func:`indented` walks the containers above those in Python (few: one per player)
and hands each such leaf container, and each plain value, to the C encoder.

The text is the standard library's, byte for byte (``tests/formats/test_jsontext.py`` holds
the two side by side on generated documents and on every JSON output of the
corpus): anything the walk was not written for (a key that is not a string, a
subclass of ``dict`` or ``list``, an object only ``default`` could encode, a cycle,
a value out of range) is given to ``json.dumps`` itself, which writes it or raises
exactly as it always did.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from json.encoder import c_make_encoder, py_encode_basestring  # type: ignore[attr-defined]
from typing import Any

#: The C function that writes a JSON string (non-ASCII kept), else its Python twin.
encode_basestring = json.encoder.c_encode_basestring or py_encode_basestring  # type: ignore[attr-defined]

__all__ = ["Items", "indented", "iter_indented"]

#: Values written as they are (exact types: a subclass is left to the standard library).
_PLAIN = frozenset({str, int, float, bool, type(None)})
_KEYS = frozenset({str})


class _Unusual(Exception):
    """Something :func:`indented` leaves to ``json.dumps``."""


def _encoder(item_separator: str) -> Callable[[Any], str]:
    """The C encoder's text of one value, its items separated by ``item_separator``.

    ``JSONEncoder.encode`` builds a new C encoder at every call, which costs more than
    laying out a short container; this one is built once. Only plain values and
    containers of plain values reach it (:meth:`_Layout.write` sees to that), so it needs
    no check for cycles. Where the C encoder is absent (another Python), the encoder's
    own ``encode`` does the same."""
    encoder = json.JSONEncoder(
        ensure_ascii=False, allow_nan=False, check_circular=True, separators=(item_separator, ": ")
    )
    if c_make_encoder is None:  # pragma: no cover - CPython has it
        return encoder.encode
    once = c_make_encoder(
        None, encoder.default, encode_basestring, None, ": ", item_separator, False, False, False
    )
    join = "".join
    return lambda value: join(once(value, 0))


class _Layout:
    """The indent of one document and its encoders, made once per depth."""

    def __init__(self, indent: str) -> None:
        self.indent = indent
        self.plain = _encoder(",")  # one value: the separators never show
        self.leaf: dict[int, Callable[[Any], str]] = {}  # depth -> encoder of a leaf container
        self.open: set[int] = set()  # ids of the containers being written (cycles)

    def leaf_encoder(self, depth: int) -> Callable[[Any], str]:
        """The encoder of a container without containers inside, at ``depth``."""
        found = self.leaf.get(depth)
        if found is None:
            found = self.leaf[depth] = _encoder(",\n" + self.indent * depth)
        return found

    def write(self, value: Any, depth: int, out: list[str]) -> None:
        """Append the text of ``value`` at ``depth``; :class:`_Unusual` for what it leaves
        to ``json.dumps`` (other types, keys that are not strings, cycles)."""
        kind = type(value)
        if kind in _PLAIN:
            out.append(self.plain(value))
            return
        if kind is dict:
            items: Any = value.values()
        elif kind is list or kind is tuple:
            items = value
        else:
            raise _Unusual
        if not value:
            out.append("{}" if kind is dict else "[]")
            return
        inner = "\n" + self.indent * (depth + 1)
        if _PLAIN.issuperset(map(type, items)):  # a leaf: the C encoder lays it all out
            if kind is dict and not _KEYS.issuperset(map(type, value)):
                raise _Unusual
            text = self.leaf_encoder(depth + 1)(value)
            out.append(f"{text[0]}{inner}{text[1:-1]}\n{self.indent * depth}{text[-1]}")
            return
        if id(value) in self.open:
            raise _Unusual
        self.open.add(id(value))
        separator = "," + inner
        if kind is dict:
            out.append("{")
            first = True
            run: dict[str, Any] = {}  # plain items in a row: laid out by one call
            for key, item in value.items():
                if type(key) is not str:
                    raise _Unusual
                if type(item) in _PLAIN:
                    run[key] = item
                    continue
                if run:
                    out.append(inner if first else separator)
                    out.append(self.leaf_encoder(depth + 1)(run)[1:-1])
                    first, run = False, {}
                out.append(inner if first else separator)
                first = False
                out.append(self.plain(key))
                out.append(": ")
                self.write(item, depth + 1, out)
            if run:
                out.append(inner if first else separator)
                out.append(self.leaf_encoder(depth + 1)(run)[1:-1])
            out.append(f"\n{self.indent * depth}}}")
        else:
            out.append("[")
            first = True
            for item in value:
                out.append(inner if first else separator)
                first = False
                self.write(item, depth + 1, out)
            out.append(f"\n{self.indent * depth}]")
        self.open.discard(id(value))

    def write_any(self, value: Any, depth: int, out: list[str]) -> None:
        """:meth:`write`, or the standard library's text for what it leaves to it (JSON
        strings hold no raw line end, so indenting that text line by line is exact)."""
        mine: list[str] = []
        try:
            self.write(value, depth, mine)
        except (_Unusual, ValueError, TypeError, OverflowError, RecursionError):
            text = json.dumps(value, ensure_ascii=False, indent=len(self.indent), allow_nan=False)
            mine = [text.replace("\n", "\n" + self.indent * depth)]
        out.extend(mine)


# a marker read once by iter_indented: identity is its equality (no generated __eq__, __repr__)
@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Items:
    """A JSON array of the top-level object whose items are made one at a time, as
    :func:`iter_indented` reaches them (the players of a 9999 x 50 tournament never
    exist as one tree of dicts next to the text being written)."""

    items: Iterable[Any]
    empty: bool


def iter_indented(data: dict[str, Any], indent: int = 2, block: int = 1 << 16) -> Iterator[str]:
    """:func:`indented` of the object ``data`` in blocks of about ``block`` characters,
    its :class:`Items` values made while they are written."""
    layout = _Layout(" " * indent)
    step = layout.indent
    if not data:
        yield "{}"
        return
    out: list[str] = ["{"]
    size = 0
    for n, (key, value) in enumerate(data.items()):
        if type(key) is not str:
            raise TypeError(f"keys must be str, not {type(key).__name__}")
        out.append(f"{',' if n else ''}\n{step}{layout.plain(key)}: ")
        if not isinstance(value, Items):
            layout.write_any(value, 1, out)
            continue
        if value.empty:
            out.append("[]")
            continue
        out.append("[")
        for k, item in enumerate(value.items):
            mark = len(out)
            out.append(f"{',' if k else ''}\n{step * 2}")
            layout.write_any(item, 2, out)
            size += sum(map(len, out[mark:]))
            if size >= block:
                yield "".join(out)
                out, size = [], 0
        out.append(f"\n{step}]")
    out.append("\n}")
    yield "".join(out)


#: What orjson writes otherwise than ``json.dumps``: floats below 1e-4 or from 1e16 on
#: (``1e-7`` and ``0.00001`` for ``1e-07`` and ``1e-05``, ``1e16`` for ``1e+16``): an
#: exponent after a digit, or ``0.0000``. The search also hits such text inside a
#: string, which only costs the fast path. (It starts from the letter, which the regular
#: expression engine finds by a fast scan, and looks back at the digit itself: a pattern
#: that starts with a class of digits is tried at every byte of the text.)
_EXPONENT = re.compile(rb"e-?[0-9]")
_SMALL = b"0.0000"


def _orjson_differs(raw: bytes) -> bool:
    """True when orjson's ``raw`` may not be ``json.dumps``'s text (see :data:`_EXPONENT`)."""
    if _SMALL in raw:
        return True
    return any(raw[m.start() - 1 : m.start()].isdigit() for m in _EXPONENT.finditer(raw))


def _orjson(data: Any, indent: int) -> str | None:
    """orjson's text of ``data`` when it is ``json.dumps``'s, else None (no orjson, an
    indent it does not write, a value it refuses or may write otherwise)."""
    if indent != 2:
        return None
    try:
        import orjson  # an optional extra
    except ImportError:
        return None
    option = (
        orjson.OPT_INDENT_2
        | orjson.OPT_PASSTHROUGH_SUBCLASS
        | orjson.OPT_PASSTHROUGH_DATACLASS
        | orjson.OPT_PASSTHROUGH_DATETIME
    )
    try:  # refused: a key that is no string, an integer beyond 64 bits, a lone surrogate
        raw: bytes = orjson.dumps(data, option=option)
    except TypeError:
        return None
    return None if _orjson_differs(raw) else raw.decode()


def indented(data: Any, indent: int = 2, *, finite: bool = False) -> str:
    """``json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False)``, the same
    text (or the same exception), written mostly by the C encoder.

    ``finite=True`` says that ``data`` is plain JSON (dicts, lists, strings, integers,
    bools, None and finite floats: what :func:`~trfkit.finite.finite_or_none` leaves):
    then orjson, when installed (``pip install trfkit[fast]``), may write it, since the
    one thing it writes where ``json.dumps`` raises, NaN and infinities (as null),
    cannot occur. Its text is used only where it is ``json.dumps``'s (see
    ``tests/formats/test_jsontext.py``)."""
    if finite:
        fast = _orjson(data, indent)
        if fast is not None:
            return fast
    out: list[str] = []
    try:
        _Layout(" " * indent).write(data, 0, out)
    except (_Unusual, ValueError, TypeError, OverflowError, RecursionError):
        return json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False)
    return "".join(out)
