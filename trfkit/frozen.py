"""``@frozen_dataclass``: ``@dataclass(frozen=True, slots=True)`` at a fraction of the import cost.

Why this exists: every process that reads a file defines some forty frozen classes
(model, diagnostics, result tables, tie-break records) before it does any work. The
standard decorator costs ~0.5 ms a class (it writes and ``exec()``-s the source of six
methods) and needs :mod:`dataclasses`, which imports :mod:`inspect` (with ``ast``,
``dis``, ``tokenize``): ~5 ms more. Here a class costs a few tens of microseconds and
:mod:`dataclasses` is not imported until something asks it a question.

How: the fields are collected from the annotations as dataclasses does (defaults,
:func:`field` or ``dataclasses.field`` specifications, inherited fields, the same
errors for a mutable default or a field without a default after one with a default),
and the slotted class is built directly. The methods that are the same for every
class (``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``,
``__getstate__``, ``__setstate__``) are closures over the field names:
``operator.attrgetter`` builds the very tuples the generated code would compare and
hash, so equality, hash values and ``repr`` text are the standard decorator's.

Three things are made on first use instead of at import, because most runs never
need them: ``__init__`` (compiled from a small source, ~0.1 ms, when the class is first
instantiated or its ``__init__`` looked up: about half the classes are never
instantiated in a run), ``__dataclass_fields__``/``__dataclass_params__`` (real
:class:`dataclasses.Field` objects, taken from a standard twin of the class, so
``dataclasses.fields``/``replace``/``asdict``/``is_dataclass`` answer as for
``@dataclass``) and the generated docstring of a class without one. Each is a small
descriptor that replaces itself in the class dictionary by the real value, so after
the first use there is no difference at all; ``inspect.signature(cls)``, ``help()``,
pickling and copying see the same values as with the standard decorator.
:func:`fields` and :func:`replace` answer from the collected fields without importing
:mod:`dataclasses` (for any other dataclass they defer to it).

Not supported (use ``@dataclass``): ``__post_init__``, ``InitVar``, ``ClassVar`` and
``KW_ONLY`` annotations, a class defining ``__slots__``, ``__setattr__`` or ``__delattr__``.
``tests/test_frozen.py`` compares every behaviour with a standard twin.
"""

from __future__ import annotations

import reprlib
import sys
from collections.abc import Callable
from operator import attrgetter
from types import CodeType, FunctionType
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
    lazy = [_Lazy(key, declared) for key in ("__dataclass_fields__", "__dataclass_params__")]
    if not own.get("__doc__"):
        lazy.append(_Lazy("__doc__", declared))  # the standard "Name(a: 'int', ...)"
    if "__init__" not in own:
        lazy.append(_Lazy("__init__", declared))
    for attribute in lazy:
        ns[attribute.key] = attribute
    ns.setdefault("__match_args__", tuple(f.name for f in declared if f.init and not f.kw_only))
    if sys.version_info >= (3, 13):  # pragma: no cover - copy.replace(), as dataclasses adds it
        ns.setdefault("__replace__", replace)

    new_cls: Any = None  # the slotted class, made below (the closures read it when called)
    every = _values(list(names))

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is new_cls or name in names:
            _frozen(f"cannot assign to field {name!r}")
        super(new_cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is new_cls or name in names:
            _frozen(f"cannot delete field {name!r}")
        super(new_cls, self).__delattr__(name)

    def __getstate__(self: Any) -> tuple[Any, ...]:
        return every(self)

    def __setstate__(self: Any, state: Any) -> None:  # copy and unpickle: values into slots
        for name, value in zip(names, state, strict=True):
            object.__setattr__(self, name, value)  # (as dataclasses' own __setstate__)

    methods: dict[str, Callable[..., Any]] = {
        "__repr__": _repr(tuple(f.name for f in declared if f.repr)),
        "__eq__": _eq([f.name for f in declared if f.compare]),
        "__setattr__": __setattr__, "__delattr__": __delattr__,
        "__getstate__": __getstate__, "__setstate__": __setstate__,
    }
    if not ("__hash__" in own and not (own["__hash__"] is None and "__eq__" in own)):
        # no explicit __hash__ (a class that defines __eq__ alone gets one, as with dataclasses)
        hashed = _values([f.name for f in declared if (f.compare if f.hash is None else f.hash)])
        methods["__hash__"] = lambda self: hash(hashed(self))
        ns.pop("__hash__", None)
    qualname = cls.__qualname__
    for method_name, method in methods.items():
        if method_name not in ns:  # a method the class writes itself wins
            method.__name__ = method_name
            method.__qualname__ = f"{qualname}.{method_name}"
            method.__module__ = cls.__module__
            method.__annotations__ = {}  # shown as the generated methods are, (self, other)
            ns[method_name] = method
    metaclass: Any = type(cls)
    new_cls = metaclass(cls.__name__, cls.__bases__, ns)
    for attribute in lazy:
        attribute.owner = new_cls
    result: type[T] = new_cls
    return result


def _frozen(message: str) -> None:
    from dataclasses import FrozenInstanceError  # only ever needed to report the error

    raise FrozenInstanceError(message)


def _collect(cls: type) -> dict[str, FieldSpec]:
    """The fields in dataclass order: inherited first (base to derived), then the class's own."""
    found: dict[str, FieldSpec] = {}
    for base in cls.__mro__[-1:0:-1]:
        raw = base.__dict__.get("__dataclass_fields__")
        if raw is None:
            continue
        if isinstance(raw, _Lazy):
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
            return raw.specs if isinstance(raw, _Lazy) else None
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


class _Lazy:
    """One attribute of a class (``key``: ``__init__``, ``__doc__`` or a dataclass
    attribute) made on its first lookup, instantiation included.

    The real value then replaces this descriptor in the class dictionary, so later
    lookups are ordinary attribute lookups.
    """

    __slots__ = ("key", "specs", "owner")

    def __init__(self, key: str, specs: tuple[FieldSpec, ...]) -> None:
        self.key = key
        self.specs = specs
        self.owner: Any = None  # the class, set once it exists

    def __get__(self, obj: Any, objtype: Any = None) -> Any:
        owner = self.owner or (objtype if obj is None else type(obj))
        key = self.key
        if key == "__init__":
            value: Any = _init(owner, self.specs)
            type.__setattr__(owner, key, value)
            return value if obj is None else value.__get__(obj, objtype)
        if key == "__doc__":
            import inspect

            value = owner.__name__ + str(inspect.signature(owner)).replace(" -> None", "")
            type.__setattr__(owner, key, value)
            return value
        _standard_attributes(owner, self.specs)
        return owner.__dict__[key]


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
        if isinstance(cls.__dict__.get(key), _Lazy):
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
