"""The canonical model as JSON, both ways, losing nothing.

Every field of every model dataclass is written under its own name, in field
order, so ``read_json(write_json(t)).tournament == t``: verbatim header records,
kept raw lines, line numbers and the :class:`~trfkit.model.Source` all survive.
That is what lets ``convert x.trf --to json`` then ``--to trf`` give the bytes of
``convert x.trf --to trf``. Tuples become arrays, ``None`` becomes ``null``.

Two derived keys are written for consumers and ignored on reading: ``iso`` on
dates and ``kind`` on round entries (from :mod:`trfkit.model.results`).

The document starts with ``{"format": "trfkit-tournament", "version": 1, ...}``;
``schemas/tournament.schema.json`` describes it. Reading is driven by the model's
type hints, so a new optional model field needs no code here (only the schema).
Bad JSON never raises (unless ``strict``): it becomes T001/T006/T009 diagnostics.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import math
import re
import types
from collections.abc import Callable, Iterator
from typing import Any, Final, Union, get_args, get_origin, get_type_hints

from ..diagnostics import Diagnostic, TrfError, make
from ..document import Document
from ..model import (
    EMPTY_BLOCK,
    NO_COLOR,
    NO_OPPONENT,
    Block,
    PartialDate,
    Player,
    RoundEntry,
    Tournament,
)
from ..model.results import ENTRY_RESULT, RESULT_CODES, column_kind
from .sniff import sniff_json

__all__ = [
    "FORMAT_MARKER",
    "FORMAT_VERSION",
    "from_data",
    "iter_json",
    "read_json",
    "sniff_json",
    "to_data",
    "write_json",
]

FORMAT_MARKER = "trfkit-tournament"
FORMAT_VERSION = 1

#: Colours a round entry may hold in the model ("" = none).
_COLORS = frozenset({"w", "b", ""})

#: Keys written for convenience only; never read back (they follow from other fields).
_DERIVED: dict[type, Callable[[Any], dict[str, Any]]] = {
    PartialDate: lambda d: {"iso": d.iso},
    RoundEntry: lambda e: {"kind": e.kind.value},
}


# --------------------------------------------------------------------------- writing


def _encode(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _encode_object(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None  # JSON has no NaN/Infinity; a non-finite number is no value at all
    return value


def _encode_object(obj: Any) -> dict[str, Any]:
    cls: Any = type(obj)
    if cls is Player:
        return {
            name: _player_rounds(obj) if name == "rounds" else _encode(getattr(obj, name))
            for name in _field_names(cls)
        }
    out = {name: _encode(getattr(obj, name)) for name in _field_names(cls)}
    derived = _DERIVED.get(type(obj))
    if derived is not None:
        out.update(derived(obj))
    return out


def _player_rounds(p: Player) -> list[dict[str, Any]]:
    """A player's round columns as the ``rounds`` array of RoundEntry objects (and kind)."""
    return [
        {
            "opponent": o or None,
            "color": "" if c == NO_COLOR else c,
            "result": ENTRY_RESULT[r],
            "kind": column_kind(r, o).value,
        }
        for o, c, r in zip(p.opponents, p.colors, p.results, strict=True)
    ]


#: The model's round columns, which the document writes as one ``rounds`` array of entries.
_COLUMNS: Final = ("opponents", "colors", "results")


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """Keys of ``cls`` in the document: its fields in order, a player's columns as ``rounds``."""
    names = [f.name for f in dataclasses.fields(cls)]
    if cls is Player:
        at = names.index(_COLUMNS[0])
        names[at : at + len(_COLUMNS)] = ["rounds"]
    return tuple(names)


def to_data(t: Tournament) -> dict[str, Any]:
    """The JSON-ready dict for ``t`` (marker and version first)."""
    return {"format": FORMAT_MARKER, "version": FORMAT_VERSION, **_encode_object(t)}


class _LazyArray(list):  # type: ignore[type-arg]
    """A JSON array whose items are encoded one at a time, as the encoder reaches them.

    :meth:`json.JSONEncoder.iterencode` walks a list with ``for item in value``, so the
    players of a 9999 x 50 tournament never exist as one tree of dicts (many times
    the input's size) next to the text being written.
    """

    def __init__(self, items: tuple[Any, ...]) -> None:
        super().__init__()
        self._items = items

    def __iter__(self) -> Iterator[Any]:
        return map(_encode, self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)


#: Characters :func:`iter_json` gathers before it hands a block on.
_BLOCK = 1 << 16


def iter_json(
    t: Tournament, *, indent: int | None = 2, newline: str | None = None, **_ignored: Any
) -> Iterator[str]:
    """:func:`write_json`'s text in blocks of about 64 K characters, produced as they are
    consumed: a converter writes each block and lets it go, so memory stays a small
    multiple of the input however large the tournament is."""
    data: dict[str, Any] = {"format": FORMAT_MARKER, "version": FORMAT_VERSION}
    cls: Any = type(t)
    replace = newline if newline and newline != "\n" else None
    if indent is not None:  # json.dumps's text, laid out by its C encoder (trfkit.jsontext)
        from ..jsontext import Items, iter_indented  # (indented output only)

        for name in _field_names(cls):
            value = getattr(t, name)
            data[name] = (
                Items(map(_encode, value), not value) if name == "players" else _encode(value)
            )
        for text in iter_indented(data, indent, _BLOCK):
            yield text.replace("\n", replace) if replace else text
        yield replace or "\n"
        return
    for name in _field_names(cls):
        value = getattr(t, name)
        data[name] = _LazyArray(value) if name == "players" else _encode(value)
    encoder = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": "), allow_nan=False)
    block: list[str] = []
    size = 0
    for chunk in encoder.iterencode(data):
        block.append(chunk)
        size += len(chunk)
        if size >= _BLOCK:
            text = "".join(block)
            yield text.replace("\n", replace) if replace else text
            block, size = [], 0
    block.append("\n")
    text = "".join(block)
    yield text.replace("\n", replace) if replace else text


def write_json(
    t: Tournament, *, indent: int | None = 2, newline: str | None = None, **_ignored: Any
) -> str:
    """``t`` as a JSON document (UTF-8 text, non-ASCII kept, final newline).

    ``indent=None`` writes one compact line. ``newline`` replaces the ``"\\n"``
    line ends of indented output (the CLI passes ``--newline`` to every writer);
    other writer options are accepted and ignored.
    """
    return "".join(iter_json(t, indent=indent, newline=newline))


# --------------------------------------------------------------------------- reading


class _Invalid(Exception):
    """A schema violation; ``where`` grows from the leaf outwards as it propagates."""

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where

    def inside(self, segment: str) -> _Invalid:
        joiner = "" if not self.where or self.where.startswith("[") else "."
        self.where = f"{segment}{joiner}{self.where}"
        return self


Decoder = Callable[[Any], Any]


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        list: "array",
        dict: "object",
    }.get(type(value), type(value).__name__)


def _scalar(tp: type) -> Decoder:
    def check(value: Any) -> Any:
        if tp is float and type(value) in (int, float):
            try:
                return float(value)
            except OverflowError:  # an integer of hundreds of digits: T103 after reading
                return math.inf if value > 0 else -math.inf
        if type(value) is tp:
            return value
        raise _Invalid(f"expected {_kind(tp())}, found {_kind(value)}")

    return check


@functools.cache
def _decoder(tp: Any) -> Decoder:
    """A function turning JSON data into a value of type ``tp`` (or raising _Invalid)."""
    origin = get_origin(tp)
    if origin is Union or origin is types.UnionType:
        inner = [a for a in get_args(tp) if a is not type(None)]
        if len(inner) != 1:  # pragma: no cover - the model has no such unions
            raise TypeError(f"unsupported union {tp}")
        item = _decoder(inner[0])
        return lambda v: None if v is None else item(v)
    if origin is tuple:
        item = _decoder(get_args(tp)[0])

        def seq(value: Any) -> tuple[Any, ...]:
            if type(value) is not list:
                raise _Invalid(f"expected array, found {_kind(value)}")
            out = []
            for i, v in enumerate(value):
                try:
                    out.append(item(v))
                except _Invalid as exc:
                    raise exc.inside(f"[{i}]") from None
            return tuple(out)

        return seq
    if dataclasses.is_dataclass(tp):
        return _object_decoder(tp)  # type: ignore[arg-type]
    if tp in (int, float, str, bool):
        return _scalar(tp)
    raise TypeError(f"unsupported type {tp}")  # pragma: no cover - model types only


def _object_decoder(cls: type) -> Decoder:
    hints = get_type_hints(cls)
    fields = [f for f in dataclasses.fields(cls) if cls is not Player or f.name not in _COLUMNS]
    decoders = {f.name: _decoder(hints[f.name]) for f in fields}
    make: Callable[..., Any] = _MAKE.get(cls, cls)
    if cls is Player:
        decoders["rounds"] = _decoder(tuple[RoundEntry, ...])
    check = _CHECKS.get(cls)
    required = {
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    allowed = set(decoders) | set(_derived_keys(cls))

    def build(value: Any) -> Any:
        if type(value) is not dict:
            raise _Invalid(f"expected object, found {_kind(value)}")
        missing = required - value.keys()
        if missing:
            raise _Invalid(f"missing key {min(missing)!r}")
        unknown = value.keys() - allowed
        if unknown:
            raise _Invalid(f"unknown key {min(unknown)!r}")
        kwargs = {}
        for name, v in value.items():
            decode = decoders.get(name)
            if decode is None:
                continue  # a derived key
            try:
                kwargs[name] = decode(v)
            except _Invalid as exc:
                raise exc.inside(name) from None
        if check is not None:
            check(kwargs)
        try:
            return make(**kwargs)
        except (ValueError, KeyError) as exc:  # pragma: no cover - model validation hook
            raise _Invalid(str(exc)) from None

    return build


def _check_round_entry(entry: dict[str, Any]) -> None:
    """A round entry uses the one result table and the model's colours (else ``.kind``
    fails). An opponent 0 reads as none, as in TRF."""
    result = entry["result"]
    if result not in RESULT_CODES:
        raise _Invalid(f"unknown result code {result!r}", "result")
    color = entry["color"]
    if color not in _COLORS:
        raise _Invalid(f"unknown colour {color!r} (expected 'w', 'b' or '')", "color")


def _block(opponent: int | None, color: str, result: str) -> Block:
    """A round entry of the document as the player's columns hold it (no entry object)."""
    return (opponent or NO_OPPONENT, color or NO_COLOR, result or EMPTY_BLOCK)


def _player(*, rounds: tuple[Block, ...] = (), **fields: Any) -> Player:
    """A player of the document, its ``rounds`` (already blocks) laid into the columns."""
    return Player(
        opponents=tuple([b[0] for b in rounds]),
        colors="".join([b[1] for b in rounds]),
        results="".join([b[2] for b in rounds]),
        **fields,
    )


#: What builds an object of the document instead of the class itself.
_MAKE: Final[dict[type, Callable[..., Any]]] = {RoundEntry: _block, Player: _player}

#: Checks of a decoded object's values before it is built.
_CHECKS: Final[dict[type, Callable[[dict[str, Any]], None]]] = {RoundEntry: _check_round_entry}


def _derived_keys(cls: type) -> tuple[str, ...]:
    sample = {PartialDate: PartialDate(""), RoundEntry: RoundEntry(None, "", "")}.get(cls)
    return tuple(_DERIVED[cls](sample)) if sample is not None else ()


def from_data(data: Any) -> Tournament:
    """Rebuild a Tournament from :func:`to_data` output; raises ValueError when invalid."""
    try:
        return _from_data(data)
    except _Invalid as exc:
        raise ValueError(f"{exc.where or '$'}: {exc.message}") from None


def _from_data(data: Any) -> Tournament:
    if type(data) is not dict:
        raise _Invalid(f"expected object, found {_kind(data)}")
    body = {k: v for k, v in data.items() if k not in ("format", "version")}
    version = data.get("version")
    if version != FORMAT_VERSION:
        raise _Invalid(
            f"unsupported version {version!r} (this trfkit reads {FORMAT_VERSION})", "version"
        )
    t: Tournament = _decoder(Tournament)(body)
    return t


def _fail(diag: Diagnostic, strict: bool, text: str | None) -> Document:
    if strict:
        raise TrfError(diag)
    return Document(Tournament(), (diag,), text)


def read_json(
    data: bytes,
    *,
    path: str = "",
    encoding: str | None = None,
    fallback_encoding: str | None = None,
    strict: bool = False,
) -> Document:
    """Read a trfkit tournament JSON document into a Document.

    JSON is UTF-8 (a BOM is skipped) unless ``encoding`` says otherwise
    (``fallback_encoding`` is for legacy TRF files and is not used here). Problems
    give an empty tournament and one diagnostic: T001 undecodable bytes, T005
    empty input, T009 malformed JSON (located at its line and column) or a schema
    violation (its JSON path in the message), T006 JSON that is not a trfkit
    tournament. ``strict=True`` raises :class:`~trfkit.diagnostics.TrfError` instead.
    """
    try:
        text = data.decode(encoding or "utf-8-sig")
    except (UnicodeDecodeError, LookupError) as exc:
        return _fail(make("T001", f"cannot decode JSON input: {exc}", file=path), strict, None)
    if not text.strip():
        return _fail(make("T005", "the input is empty", file=path), strict, text)
    if not text.lstrip().startswith("{"):
        diag = make(
            "T006", "the input is not a JSON object, so not a trfkit tournament document", file=path
        )
        return _fail(diag, strict, text)
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        diag = make("T009", f"invalid JSON: {exc.msg}", exc.lineno, exc.colno, file=path)
        return _fail(diag, strict, text)
    except RecursionError:
        return _fail(make("T009", "invalid JSON: nested too deeply", file=path), strict, text)
    if type(obj) is not dict or obj.get("format") != FORMAT_MARKER:
        diag = make(
            "T006",
            f'JSON without "format": "{FORMAT_MARKER}" is not a trfkit tournament document',
            file=path,
        )
        return _fail(diag, strict, text)
    if _SURROGATE_ESCAPE.search(text) and _has_lone_surrogate(obj):
        diag = make(
            "T009",
            "invalid JSON: a string holds an unpaired surrogate escape "
            "(\\ud800-\\udfff), which is not text and cannot be written "
            "out",
            file=path,
        )
        return _fail(diag, strict, text)
    try:
        tournament = _from_data(obj)
    except _Invalid as exc:
        diag = make("T009", f"{exc.where or '$'}: {exc.message}", file=path)
        return _fail(diag, strict, text)
    return Document(tournament, (), text)


#: ``\ud800``-``\udfff`` escapes: only then can ``json.loads`` return unpaired surrogates.
_SURROGATE_ESCAPE: Final = re.compile(r"\\u[dD][89a-fA-F]")


def _has_lone_surrogate(obj: Any) -> bool:
    """True when a string anywhere in ``obj`` does not encode as UTF-8 (an unpaired surrogate)."""
    try:
        json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
