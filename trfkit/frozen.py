"""``@frozen_dataclass``: ``@dataclass(frozen=True, slots=True)`` at a fraction of the import cost.

Why this exists: every process that reads a file defines some forty frozen classes
(model, diagnostics, result tables, tie-break records) before it does any work. The
standard decorator costs ~0.5 ms a class (it writes and ``exec()``-s the source of six
methods) and needs :mod:`dataclasses`, which imports :mod:`inspect` (with ``ast``,
``dis``, ``tokenize``): ~5 ms more. Here a class costs a few tens of microseconds and
:mod:`dataclasses` is not imported until something asks it a question (measured on
Python 3.11, fresh processes, bytecode cached: the modules ``benchmarks/pipeline.py``
imports took ~22 ms to execute with the standard decorator, ~11 ms with this one).

How: the fields are collected from the annotations as dataclasses does (defaults,
:func:`field` or ``dataclasses.field`` specifications, inherited fields, the same
errors for a mutable default or a field without a default after one with a default),
and the slotted class is built directly, with a small descriptor in place of each
generated method (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``,
``__delattr__``, ``__getstate__``, ``__setstate__``), of the generated docstring and
of ``__dataclass_fields__``/``__dataclass_params__``. The first lookup of one
(instantiation, comparison, ``repr``, copying included) makes the real value with
:mod:`trfkit.frozen_methods` and stores it on the class in place of the descriptor:
most runs use a few of them for some classes and none for many (about half the
classes are never instantiated in a run), and ``__init__`` alone costs ~0.1 ms to
compile. After the first use there is no difference at all: ``inspect.signature``,
``help()``, equality, hash values, ``repr`` text, pickling and copying are the standard
decorator's, and ``dataclasses.fields``/``replace``/``asdict``/``is_dataclass`` see real
:class:`dataclasses.Field` objects. :func:`fields` and :func:`replace` answer from the
collected fields without importing :mod:`dataclasses` (for any other dataclass they
defer to it).

Not supported (use ``@dataclass``): ``__post_init__``, ``InitVar``, ``ClassVar`` and
``KW_ONLY`` annotations, a class defining ``__slots__``, ``__setattr__`` or ``__delattr__``.
``tests/test_frozen.py`` compares every behaviour with a standard twin.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING or sys.version_info >= (3, 11):
    from typing import dataclass_transform
else:  # pragma: no cover - Python 3.10: the marker only matters to type checkers
    def dataclass_transform(**_: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator

if TYPE_CHECKING:  # for the field specifiers type checkers read (never imported at run time)
    from dataclasses import Field as _DataclassField
    from dataclasses import field as _dataclass_field
else:
    _DataclassField = _dataclass_field = None

__all__ = ["MISSING", "FieldSpec", "field", "fields", "frozen_dataclass", "replace"]

T = TypeVar("T")


class _MissingType:
    def __repr__(self) -> str:
        return "MISSING"


#: "No default" in a :class:`FieldSpec` (``dataclasses.MISSING`` in a real Field).
MISSING: Any = _MissingType()


class FieldSpec:
    """One field as :func:`field` declares it; the attributes of ``dataclasses.Field``."""

    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "hash",
                 "compare", "metadata", "kw_only")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING,
                 init: bool = True, repr: bool = True, hash: bool | None = None,
                 compare: bool = True, metadata: Any = None, kw_only: Any = MISSING) -> None:
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = metadata
        self.kw_only = kw_only

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"FieldSpec({shown})"


def field(*, default: Any = MISSING, default_factory: Any = MISSING, init: bool = True,
          repr: bool = True, hash: bool | None = None, compare: bool = True,
          metadata: Any = None, kw_only: Any = MISSING) -> Any:
    """``dataclasses.field`` for :func:`frozen_dataclass` classes (same parameters)."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return FieldSpec(default, default_factory, init, repr, hash, compare, metadata, kw_only)


@dataclass_transform(frozen_default=True, field_specifiers=(
    field, FieldSpec, _dataclass_field, _DataclassField))
def frozen_dataclass(cls: type[T]) -> type[T]:
    """Make ``cls`` a frozen, slotted dataclass (same behaviour as the standard decorator)."""
    own = cls.__dict__
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: __post_init__ needs @dataclass")
    if "__setattr__" in own or "__delattr__" in own:
        raise TypeError(f"{cls.__name__}: a frozen dataclass cannot define __setattr__/__delattr__")
    if "__slots__" in own:
        raise TypeError(f"{cls.__name__} already specifies __slots__")
    specs = _collect(cls)
    names = tuple(specs)
    declared = tuple(specs.values())
    inherited_slots = {slot for base in cls.__mro__[1:-1] for slot in _slots(base)}

    ns = dict(own)
    for field_name in names:
        ns.pop(field_name, None)  # defaults live in __init__, the names become slots
    ns.pop("__dict__", None)
    ns.pop("__weakref__", None)
    ns["__slots__"] = tuple(n for n in names if n not in inherited_slots)
    ns["__qualname__"] = cls.__qualname__
    ns.setdefault("__match_args__", tuple(f.name for f in declared if f.init and not f.kw_only))
    if sys.version_info >= (3, 13):  # pragma: no cover - copy.replace(), as dataclasses adds it
        ns.setdefault("__replace__", replace)
    made = [*_ALWAYS_MADE, *(key for key in _MADE_UNLESS_WRITTEN if key not in own)]
    if not own.get("__doc__"):
        made.append("__doc__")  # the standard "Name(a: 'int', ...)"
    if not ("__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)):
        made.append("__hash__")  # (a class that defines __eq__ alone gets one, as with dataclasses)
    lazy = [LazyAttribute(key, declared) for key in made]
    for attribute in lazy:
        ns[attribute.key] = attribute
    metaclass: Any = type(cls)
    new_cls = metaclass(cls.__name__, cls.__bases__, ns)
    for attribute in lazy:
        attribute.owner = new_cls
    result: type[T] = new_cls
    return result


#: Made for every class (a class defining __setattr__/__delattr__ is refused).
_ALWAYS_MADE = ("__dataclass_fields__", "__dataclass_params__", "__setattr__", "__delattr__")
#: Made unless the class writes its own, as dataclasses does.
_MADE_UNLESS_WRITTEN = ("__init__", "__repr__", "__eq__", "__getstate__", "__setstate__")


def _collect(cls: type) -> dict[str, FieldSpec]:
    """The fields in dataclass order: inherited first (base to derived), then the class's own."""
    found: dict[str, FieldSpec] = {}
    for base in cls.__mro__[-1:0:-1]:
        raw = base.__dict__.get("__dataclass_fields__")
        if raw is None:
            continue
        if isinstance(raw, LazyAttribute):
            found.update((f.name, f) for f in raw.specs)
            continue
        import dataclasses

        if not base.__dict__["__dataclass_params__"].frozen:
            raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
        real = dataclasses.fields(base)
        if len(real) != len(raw):
            raise TypeError(f"{cls.__name__}: a base with ClassVar/InitVar fields needs @dataclass")
        found.update((f.name, _spec_of(f)) for f in real)
    own = cls.__dict__
    annotations: dict[str, Any] = own.get("__annotations__", {})
    # A dataclasses.field() value can only exist once dataclasses is loaded.
    standard = sys.modules.get("dataclasses")
    specifiers = (FieldSpec,) if standard is None else (FieldSpec, standard.Field)
    for name, value in own.items():
        if isinstance(value, specifiers) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    for name, kind in annotations.items():
        if _pseudo_field(kind):
            raise TypeError(f"{cls.__name__}.{name}: ClassVar, InitVar and KW_ONLY need @dataclass")
        value = own.get(name, MISSING)
        if isinstance(value, FieldSpec):
            spec = value
        elif isinstance(value, specifiers):
            spec = _spec_of(value)
        else:
            spec = FieldSpec(value)
        spec.name, spec.type = name, kind
        if spec.kw_only is MISSING:
            spec.kw_only = False
        default = spec.default
        if default is not MISSING and default.__class__.__hash__ is None:
            raise ValueError(f"mutable default {type(default)} for field {name} "
                             "is not allowed: use default_factory")
        found[name] = spec  # (an inherited field keeps its place)
    after_default = False
    for spec in found.values():
        if not spec.init or spec.kw_only:
            continue
        if spec.default is MISSING and spec.default_factory is MISSING:
            if after_default:
                raise TypeError(f"{cls.__name__}: cannot build __init__ (non-default "
                                f"argument {spec.name!r} follows default argument)")
        else:
            after_default = True
    return found


def _spec_of(real: Any) -> FieldSpec:
    """A :class:`FieldSpec` with the values of a ``dataclasses.Field``."""
    from dataclasses import MISSING as DC_MISSING

    spec = FieldSpec(
        MISSING if real.default is DC_MISSING else real.default,
        MISSING if real.default_factory is DC_MISSING else real.default_factory,
        real.init, real.repr, real.hash, real.compare,
        dict(real.metadata) or None,  # (a Field holds it read-only: made so again from this)
        MISSING if real.kw_only is DC_MISSING else real.kw_only,
    )
    spec.name, spec.type = getattr(real, "name", None) or "", real.type
    return spec


def _pseudo_field(annotation: Any) -> bool:
    """``ClassVar[...]``, ``InitVar[...]`` or ``KW_ONLY``, written as a string or not."""
    if isinstance(annotation, str) and "Var" not in annotation and "KW_ONLY" not in annotation:
        return False  # (nearly every annotation: no further look)
    if type(annotation).__name__ == "_KW_ONLY_TYPE":
        return True
    text = annotation if isinstance(annotation, str) else repr(annotation)
    head = text.split("[", 1)[0].strip().rsplit(".", 1)[-1].strip()
    return head in ("ClassVar", "InitVar", "KW_ONLY")


def _slots(cls: type) -> tuple[str, ...]:
    slots = cls.__dict__.get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


def _own_specs(cls: type) -> tuple[FieldSpec, ...] | None:
    """The fields of a class made here (also seen from a plain subclass), else None."""
    for klass in cls.__mro__:
        raw = klass.__dict__.get("__dataclass_fields__")
        if raw is not None:
            return raw.specs if isinstance(raw, LazyAttribute) else None
    return None


def fields(class_or_instance: Any) -> tuple[FieldSpec, ...]:
    """``dataclasses.fields`` as :class:`FieldSpec` values, without importing dataclasses.

    ``default`` and ``default_factory`` are :data:`MISSING` when not given.
    """
    cls = class_or_instance if isinstance(class_or_instance, type) else type(class_or_instance)
    specs = _own_specs(cls)
    if specs is not None:
        return specs
    import dataclasses

    return tuple(_spec_of(f) for f in dataclasses.fields(class_or_instance))


def replace(obj: T, /, **changes: Any) -> T:
    """``dataclasses.replace``: a copy of ``obj`` with ``changes`` (same rules and errors)."""
    specs = _own_specs(type(obj))
    if specs is None:
        import dataclasses

        copy: T = dataclasses.replace(obj, **changes)  # type: ignore[type-var]
        return copy
    for spec in specs:
        if not spec.init:
            if spec.name in changes:
                error = TypeError if sys.version_info >= (3, 13) else ValueError  # as dataclasses
                raise error(f"field {spec.name} is declared with init=False, "
                            "it cannot be specified with replace()")
        elif spec.name not in changes:
            changes[spec.name] = getattr(obj, spec.name)
    made: T = obj.__class__(**changes)
    return made


class LazyAttribute:
    """One attribute of a class (``key``: a method, ``__doc__`` or a dataclass attribute)
    made by :func:`trfkit.frozen_methods.make` on its first lookup, instantiation,
    comparison, hashing or copying included.

    The real value then replaces this descriptor in the class dictionary, so later
    lookups are ordinary attribute lookups. Looked up on an instance, a method comes
    bound, as a function in the class dictionary would.
    """

    __slots__ = ("key", "specs", "owner")

    def __init__(self, key: str, specs: tuple[FieldSpec, ...]) -> None:
        self.key = key
        self.specs = specs
        self.owner: Any = None  # the class, set once it exists

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        from .frozen_methods import METHODS, make

        owner = self.owner or (objtype if obj is None else type(obj))
        value = make(self.key, owner, self.specs)
        return value.__get__(obj, objtype) if self.key in METHODS else value
