"""The methods and attributes of a :func:`~trfkit.frozen.frozen_dataclass` class, made on first use.

:mod:`trfkit.frozen` puts a small descriptor in the class dictionary for each of
``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``,
``__getstate__``, ``__setstate__``, the generated ``__doc__`` and the dataclass
attributes; the first lookup of one calls :func:`make`, which builds the real value
and stores it on the class in place of the descriptor. Most classes of a run use a
few of these, many none (a class that is only named in annotations), so the work is
done for what is used: ~0.1 ms of compiling for an ``__init__``, a closure or two
for the rest, and :mod:`dataclasses` only when something asks it a question.

The methods are those of ``@dataclass(frozen=True, slots=True)``: ``__eq__`` and
``__hash__`` compare and hash the tuples of the fields (``operator.attrgetter``
builds the very tuples the generated code would), ``repr`` text is the same, and the
frozen ``__setattr__``/``__delattr__`` raise ``FrozenInstanceError`` alike.
"""

from __future__ import annotations

import reprlib
import sys
from collections.abc import Callable
from operator import attrgetter
from types import CodeType, FunctionType
from typing import Any

from .frozen import MISSING, FieldSpec, LazyAttribute

__all__ = ["make"]

#: Keys :func:`make` builds that are functions (bound to an instance when looked up on one).
METHODS = frozenset({"__init__", "__repr__", "__eq__", "__hash__", "__setattr__",
                     "__delattr__", "__getstate__", "__setstate__"})


def make(key: str, cls: Any, specs: tuple[FieldSpec, ...]) -> Any:
    """Build attribute ``key`` of ``cls`` (fields ``specs``), store it on the class, return it."""
    if key in ("__dataclass_fields__", "__dataclass_params__"):
        _standard_attributes(cls, specs)
        return cls.__dict__[key]
    if key == "__doc__":
        import inspect

        value: Any = cls.__name__ + str(inspect.signature(cls)).replace(" -> None", "")
    elif key == "__init__":
        value = _init(cls, specs)
    else:
        value = _METHOD_MAKERS[key](cls, specs)
        value.__name__ = key
        value.__qualname__ = f"{cls.__qualname__}.{key}"
        value.__module__ = cls.__module__
        value.__annotations__ = {}  # shown as the generated methods are, (self, other)
    type.__setattr__(cls, key, value)
    return value


def _names(specs: tuple[FieldSpec, ...]) -> tuple[str, ...]:
    return tuple(f.name for f in specs)


def _make_repr(cls: Any, specs: tuple[FieldSpec, ...]) -> Callable[..., Any]:
    return _repr(tuple(f.name for f in specs if f.repr))


def _make_eq(cls: Any, specs: tuple[FieldSpec, ...]) -> Callable[..., Any]:
    return _eq([f.name for f in specs if f.compare])


def _make_hash(cls: Any, specs: tuple[FieldSpec, ...]) -> Callable[..., Any]:
    hashed = _values([f.name for f in specs if (f.compare if f.hash is None else f.hash)])

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    return __hash__


def _make_setattr(cls: Any, specs: tuple[FieldSpec, ...]) -> Callable[..., Any]:
    names = _names(specs)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            _frozen(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _make_delattr(cls: Any, specs: tuple[FieldSpec, ...]) -> Callable[..., Any]:
    names = _names(specs)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            _frozen(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


def _make_getstate(cls: Any, specs: tuple[FieldSpec, ...]) -> Callable[..., Any]:
    every = _values(list(_names(specs)))

    def __getstate__(self: Any) -> tuple[Any, ...]:  # copy and pickle: the field values
        return every(self)

    return __getstate__


def _make_setstate(cls: Any, specs: tuple[FieldSpec, ...]) -> Callable[..., Any]:
    names = _names(specs)

    def __setstate__(self: Any, state: Any) -> None:  # copy and unpickle: values into slots
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)  # (as dataclasses' own __setstate__)

    return __setstate__


_METHOD_MAKERS: dict[str, Callable[[Any, tuple[FieldSpec, ...]], Callable[..., Any]]] = {
    "__repr__": _make_repr, "__eq__": _make_eq, "__hash__": _make_hash,
    "__setattr__": _make_setattr, "__delattr__": _make_delattr,
    "__getstate__": _make_getstate, "__setstate__": _make_setstate,
}


def _frozen(message: str) -> None:
    from dataclasses import FrozenInstanceError  # only ever needed to report the error

    raise FrozenInstanceError(message)


def _standard_attributes(cls: Any, specs: tuple[FieldSpec, ...]) -> None:
    """Give ``cls`` the ``__dataclass_fields__`` and ``__dataclass_params__`` of ``@dataclass``.

    They are taken from a twin: a class with the same annotations and field
    specifications given to ``@dataclass`` with every method flag off (nothing to
    compile), then the flags the standard decorator would have set (``init``, ``repr``,
    ``eq``, ``frozen`` and, on Python >= 3.12, ``slots``) are turned on in its parameters.
    So every Field and parameter is what ``@dataclass(frozen=True, slots=True)`` makes,
    whatever the Python version adds to them.
    """
    import dataclasses

    ns: dict[str, Any] = {"__annotations__": {f.name: f.type for f in specs},
                          "__module__": cls.__module__, "__qualname__": cls.__qualname__,
                          "__doc__": cls.__name__}
    for spec in specs:
        options: dict[str, Any] = {
            "init": spec.init, "repr": spec.repr, "hash": spec.hash, "compare": spec.compare,
            "metadata": spec.metadata, "kw_only": spec.kw_only}
        if spec.default is not MISSING:
            options["default"] = spec.default
        if spec.default_factory is not MISSING:
            options["default_factory"] = spec.default_factory
        ns[spec.name] = dataclasses.field(**options)
    twin: Any = dataclasses.dataclass(type(cls.__name__, (), ns), init=False, repr=False,
                                      eq=False)
    params = twin.__dataclass_params__
    for flag in ("init", "repr", "eq", "frozen", "slots"):
        if hasattr(params, flag):
            setattr(params, flag, True)
    for key in ("__dataclass_fields__", "__dataclass_params__"):
        if isinstance(cls.__dict__.get(key), LazyAttribute):
            type.__setattr__(cls, key, twin.__dict__[key])


def _eq(names: list[str]) -> Callable[[Any, Any], Any]:
    """``__eq__`` as the running Python's dataclasses writes it.

    Up to 3.12 it compares the tuples of the fields (so a field holding the same
    object in both, even ``nan``, is equal); from 3.13 field by field, ``a == a2 and
    b == b2 ...``, after ``self is other``.
    """
    if sys.version_info < (3, 13):
        compared = _values(names)

        def __eq__(self: Any, other: Any) -> Any:
            if other.__class__ is self.__class__:
                return compared(self) == compared(other)
            return NotImplemented

        return __eq__

    def _eq_by_field(self: Any, other: Any) -> Any:  # pragma: no cover - Python >= 3.13
        if self is other:
            return True
        if other.__class__ is self.__class__:
            result: Any = True
            for name in names:
                result = getattr(self, name) == getattr(other, name)
                if not result:
                    break
            return result
        return NotImplemented

    return _eq_by_field


def _values(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple ``(obj.a, obj.b, ...)`` the standard methods compare and hash (always a tuple)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return lambda obj: ()


#: Compiled ``__init__`` code by its source with placeholder names (see :func:`_init`).
_SHAPES: dict[str, CodeType] = {}


def _init(cls: Any, declared: tuple[FieldSpec, ...]) -> Callable[..., None]:
    """``__init__`` with the field parameters in dataclass order (keyword-only last).

    Each field is stored through its slot descriptor (``__set__``): the check of the
    frozen ``__setattr__`` is skipped, as ``object.__setattr__`` skips it in the
    standard code, and the call is a little faster.

    Compiling is most of the cost (~6 us a field), so the source is written with
    placeholder names (``p0`` for the first field, ``_s0`` its slot setter, ``_f0`` its
    factory) and compiled once per shape: classes with as many fields of the same
    kinds share the code, renamed with ``code.replace(co_varnames=...)``. Defaults
    are the function's own (``__defaults__``/``__kwdefaults__``), as for any function.
    """
    scope: dict[str, Any] = {"__factory_missing__": _FACTORY}
    positional: list[tuple[str, str]] = []  # (placeholder, field name)
    keyword: list[tuple[str, str]] = []
    defaults: list[Any] = []
    kwdefaults: dict[str, Any] = {}
    body: list[str] = []
    annotations: dict[str, Any] = {}
    for i, f in enumerate(declared):
        scope[f"_s{i}"] = getattr(cls, f.name).__set__
        value = f"p{i}"
        if f.default_factory is not MISSING:
            scope[f"_f{i}"] = f.default_factory
        if f.init:
            annotations[f.name] = f.type
            default = f.default
            if f.default_factory is not MISSING:
                default = _FACTORY
                value = f"_f{i}() if p{i} is __factory_missing__ else p{i}"
            if f.kw_only:
                keyword.append((f"p{i}", f.name))
                if default is not MISSING:
                    kwdefaults[f.name] = default
            else:
                positional.append((f"p{i}", f.name))
                if default is not MISSING:
                    defaults.append(default)  # (only a tail of the parameters has them)
        elif f.default is not MISSING:
            scope[f"_d{i}"] = f.default
            value = f"_d{i}"
        elif f.default_factory is not MISSING:
            value = f"_f{i}()"
        else:
            continue  # init=False without a default: left unset, as dataclasses does
        body.append(f"  _s{i}(self, {value})")
    params = ["self", *(p for p, _ in positional), *(["*"] if keyword else []),
              *(p for p, _ in keyword)]
    source = f"def __init__({', '.join(params)}):\n" + ("\n".join(body) or "  pass") + "\n"
    code = _SHAPES.get(source)
    if code is None:
        made: dict[str, Any] = {}
        exec(compile(source, "<frozen_dataclass>", "exec", dont_inherit=True), made)
        code = _SHAPES[source] = made["__init__"].__code__
    me = "__dataclass_self__" if any(f.name == "self" for f in declared) else "self"
    renamed: dict[str, Any] = {
        "co_varnames": (me, *(n for _, n in positional), *(n for _, n in keyword)),
        "co_filename": f"<frozen_dataclass {cls.__qualname__}>",
    }
    if sys.version_info >= (3, 11):
        renamed["co_qualname"] = f"{cls.__qualname__}.__init__"
    init = FunctionType(code.replace(**renamed), scope, "__init__", tuple(defaults) or None)
    init.__kwdefaults__ = kwdefaults or None
    init.__annotations__ = {**annotations, "return": None}
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


class _Factory:
    """Default of a ``default_factory`` parameter: call the factory (shown like dataclasses)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        return f"{self.__class__.__qualname__}({shown})"

    __repr__.__annotations__ = {}  # (the signature help() shows, through the wrapper)
    return reprlib.recursive_repr()(__repr__)
