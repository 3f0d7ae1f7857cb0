"""``@frozen_dataclass``: ``@dataclass(frozen=True, slots=True)`` at a fraction of the import cost.

Why this exists: the standard decorator writes the source of six methods per class
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``)
and compiles each with its own ``exec()``: about half a millisecond per class, and the
model, diagnostics and result tables are 25 classes, so two thirds of importing the
TRF reader went into compiling methods that are the same for every class (measured on
Python 3.11: importing ``trfkit.formats.trf_reader`` took ~27 ms, ~16 ms with this).

Only ``__init__`` needs code of its own (real parameters with defaults, so that calls
stay fast and ``inspect.signature``/``help`` show the fields); it is compiled here
from one small source per class. The other methods are written once below as
closures over the field names: ``operator.attrgetter`` builds the very tuples the
generated code would compare and hash, so equality, hash values and ``repr`` text
are the same as the standard decorator's. ``__init__`` stores each field through its
slot descriptor, which is also a little faster than ``object.__setattr__``.

The class is still made by :func:`dataclasses.dataclass` (with the method flags off):
it collects the fields and builds the slotted class, so ``fields()``, ``replace()``,
``asdict()``, ``is_dataclass()``, ``__match_args__`` and pickling behave as before, and
``__dataclass_params__`` reports ``init``, ``repr``, ``eq`` and ``frozen`` like the
standard decorator. Methods a class defines itself are kept, as dataclasses does.
Not supported (use ``@dataclass``): ``InitVar`` pseudo-fields and ``__post_init__``.
``tests/test_frozen.py`` compares every behaviour with a standard twin.
"""

from __future__ import annotations

import dataclasses
import reprlib
import sys
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

if sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # pragma: no cover - Python 3.10: the marker only matters to type checkers
    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator

__all__ = ["frozen_dataclass"]

T = TypeVar("T")
_MISSING = dataclasses.MISSING
_FrozenInstanceError = dataclasses.FrozenInstanceError


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def frozen_dataclass(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen, slotted dataclass (same behaviour as the standard decorator)."""
    if "__post_init__" in cls.__dict__ or any(
        "InitVar" in str(t) for t in cls.__dict__.get("__annotations__", {}).values()
    ):
        raise TypeError(f"{cls.__name__}: __post_init__ and InitVar need @dataclass")
    own = cls.__dict__
    if "__setattr__" in own or "__delattr__" in own:
        raise TypeError(f"{cls.__name__}: a frozen dataclass cannot define __setattr__/__delattr__")
    explicit_hash = "__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)
    had_doc = bool(own.get("__doc__"))
    # A frozen dataclass base makes the standard checks demand frozen=True here (they
    # then generate __setattr__/__delattr__ themselves, which are kept below).
    frozen_base = any(
        getattr(getattr(b, "__dataclass_params__", None), "frozen", False) for b in cls.__mro__[1:]
    )
    if not had_doc:  # else dataclasses asks inspect for the signature of a class without
        cls.__doc__ = cls.__name__  # __init__ (a slow path); the real text is set below
    new_cls: Any = dataclasses.dataclass(
        cls, init=False, repr=False, eq=False, frozen=frozen_base, slots=True
    )
    params = new_cls.__dataclass_params__
    params.init = params.repr = params.eq = params.frozen = True

    declared = dataclasses.fields(new_cls)
    names = tuple(f.name for f in declared)
    compared = _values([f.name for f in declared if f.compare])
    hashed = _values([f.name for f in declared if (f.compare if f.hash is None else f.hash)])
    methods: dict[str, Callable[..., Any]] = {
        "__init__": _init(new_cls, declared),
        "__repr__": _repr(tuple(f.name for f in declared if f.repr)),
        "__eq__": _eq(compared),
        "__setattr__": _setattr(new_cls, names),
        "__delattr__": _delattr(new_cls, names),
        "__getstate__": _getstate(_values(list(names))),
        "__setstate__": _setstate(new_cls, names),
    }
    if not explicit_hash:  # (a class that defines __eq__ alone gets one, as with dataclasses)
        methods["__hash__"] = _hash(hashed)
    for name, method in methods.items():
        if name not in own or name == "__hash__":  # a method the class writes itself wins
            method.__qualname__ = f"{new_cls.__qualname__}.{name}"
            method.__module__ = new_cls.__module__
            setattr(new_cls, name, method)
    if not had_doc:
        import inspect  # already loaded by dataclasses

        new_cls.__doc__ = new_cls.__name__ + str(inspect.signature(new_cls)).replace(" -> None", "")
    result: type[T] = new_cls
    return result


def _values(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple ``(obj.a, obj.b, ...)`` the standard methods compare and hash (always a tuple)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return lambda obj: ()


def _init(cls: Any, declared: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    """Compile ``__init__`` with the field parameters in dataclass order (keyword-only last)."""
    scope: dict[str, Any] = {"__factory_missing__": _FACTORY}
    me = "__dataclass_self__" if "self" in {f.name for f in declared} else "self"
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    annotations: dict[str, Any] = {}
    for f in declared:
        name = f.name
        scope[f"__set_{name}__"] = getattr(cls, name).__set__
        value = name
        if f.default is not _MISSING:
            scope[f"__default_{name}__"] = f.default
            default = f"__default_{name}__"
        elif f.default_factory is not _MISSING:
            scope[f"__factory_{name}__"] = f.default_factory
            default = "__factory_missing__"
            value = f"__factory_{name}__() if {name} is __factory_missing__ else {name}"
            if not f.init:
                value = f"__factory_{name}__()"
        else:
            default = ""
        if f.init:
            annotations[name] = f.type
            param = f"{name}={default}" if default else name
            (keyword if f.kw_only is True else positional).append(param)
        elif default == f"__default_{name}__":
            value = default
        elif not default:
            continue  # init=False without a default: left unset, as dataclasses does
        body.append(f"  __set_{name}__({me}, {value})")
    params = [me, *positional, *(["*", *keyword] if keyword else [])]
    source = f"def __init__({', '.join(params)}):\n" + ("\n".join(body) or "  pass") + "\n"
    try:
        code = compile(source, f"<frozen_dataclass {cls.__qualname__}>", "exec")
    except SyntaxError as exc:  # e.g. a field without a default after one with a default
        raise TypeError(f"{cls.__name__}: cannot build __init__ ({exc.msg})") from None
    exec(code, scope)
    init: Callable[..., None] = scope["__init__"]
    init.__annotations__ = {**annotations, "return": None}
    return init


class _Factory:
    """Default of a ``default_factory`` parameter: call the factory (shown like dataclasses)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        shown = ", ".join([f"{name}={getattr(self, name)!r}" for name in names])
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _eq(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _hash(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(values(self))

    return __hash__


def _setattr(cls: Any, names: tuple[str, ...]) -> Callable[[Any, str, Any], None]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise _FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _delattr(cls: Any, names: tuple[str, ...]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise _FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__


def _getstate(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], tuple[Any, ...]]:
    """Pickling and copying: the field values (frozen slots cannot take a ``__dict__``)."""
    def __getstate__(self: Any) -> tuple[Any, ...]:
        return values(self)

    return __getstate__


def _setstate(cls: Any, names: tuple[str, ...]) -> Callable[[Any, Any], None]:
    """Unpickling and copying: the values of ``__getstate__`` back into the slots."""
    setters = [getattr(cls, name).__set__ for name in names]

    def __setstate__(self: Any, state: Any) -> None:
        for set_slot, value in zip(setters, state, strict=True):
            set_slot(self, value)

    return __setstate__
