"""@frozen_dataclass behaves like @dataclass(frozen=True, slots=True): compared with twins."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import sys
from dataclasses import FrozenInstanceError, dataclass, field
from typing import Any

import pytest

from trfkit import model
from trfkit.frozen import field as ffield
from trfkit.frozen import frozen_dataclass


def _tags() -> tuple[str, ...]:
    return ("a",)


# The same three shapes, built both ways (module level: pickle finds them by name).
@frozen_dataclass
class Fast:
    """A class with every kind of field the model uses."""

    start: int
    name: str
    rating: float | None = None
    tags: tuple[str, ...] = field(default_factory=_tags)
    note: str = field(default="", repr=False)
    cached: int = field(default=0, compare=False)
    hidden: list[int] = field(default_factory=list, init=False, compare=False)
    keyword: str = field(default="k", kw_only=True)


@dataclass(frozen=True, slots=True)
class Std:
    """A class with every kind of field the model uses."""

    start: int
    name: str
    rating: float | None = None
    tags: tuple[str, ...] = field(default_factory=_tags)
    note: str = field(default="", repr=False)
    cached: int = field(default=0, compare=False)
    hidden: list[int] = field(default_factory=list, init=False, compare=False)
    keyword: str = field(default="k", kw_only=True)


@frozen_dataclass
class FastOne:
    value: int


@dataclass(frozen=True, slots=True)
class StdOne:
    value: int


@frozen_dataclass
class FastEmpty:
    """No fields at all."""


@dataclass(frozen=True, slots=True)
class StdEmpty:
    """No fields at all."""


@frozen_dataclass
class FastOwn:
    """Methods written by the class are kept."""

    x: int

    def __repr__(self) -> str:
        return "own"


def _pairs() -> list[tuple[object, object]]:
    nan = float("nan")  # hashed by identity: one object for both twins
    return [
        (Fast(1, "A"), Std(1, "A")),
        (Fast(2, "B", 2100.0, ("x", "y"), "n", 7, keyword="z"),
         Std(2, "B", 2100.0, ("x", "y"), "n", 7, keyword="z")),
        (Fast(3, "C", nan), Std(3, "C", nan)),
        (FastOne(5), StdOne(5)),
        (FastEmpty(), StdEmpty()),
    ]


def _strip(text: str) -> str:
    return text.replace("Fast", "X").replace("Std", "X")


@pytest.mark.parametrize("fast, std", _pairs())
def test_repr_hash_and_values_equal_the_standard_dataclass(fast: Any, std: Any) -> None:
    assert _strip(repr(fast)) == _strip(repr(std))
    assert hash(fast) == hash(std)  # the same tuple is hashed
    assert dataclasses.astuple(fast) == dataclasses.astuple(std)
    assert (fast == copy.copy(fast)) is (std == copy.copy(std))  # nan: False from Python 3.13
    for back in (copy.deepcopy(fast), pickle.loads(pickle.dumps(fast))):
        assert type(back) is type(fast) and repr(back) == repr(fast)  # nan != a copy of nan
    assert fast != std  # another class: NotImplemented both ways


def test_equality_compares_fields_except_compare_false() -> None:
    assert Fast(1, "A", cached=1) == Fast(1, "A", cached=2)
    assert Fast(1, "A") != Fast(1, "B")
    assert Fast(1, "A", note="x") != Fast(1, "A", note="y")
    nan = float("nan")
    # the same object in both: equal when tuples are compared (identity first, Python <= 3.12),
    # not when fields are (3.13): as the standard class on this Python
    assert (Fast(1, "A", nan) == Fast(1, "A", nan)) is (Std(1, "A", nan) == Std(1, "A", nan))
    same = Fast(1, "A", nan)
    assert same == same


def test_init_signature_defaults_and_factories() -> None:
    fast, std = inspect.signature(Fast), inspect.signature(Std)
    assert str(fast) == str(std)  # defaults, factories shown as <factory>, keyword-only marker
    assert list(fast.parameters) == list(std.parameters)
    assert [p.kind for p in fast.parameters.values()] == [p.kind for p in std.parameters.values()]
    a, b = Fast(1, "A"), Fast(1, "A")
    assert a.tags == ("a",) and a.hidden == [] and a.hidden is not b.hidden
    assert a.keyword == "k" and a.rating is None
    with pytest.raises(TypeError):
        Fast(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fast(1, "A", None, (), "", 0, "positional")  # type: ignore[call-arg]
    assert Fast.__match_args__ == Std.__match_args__ == (
        "start", "name", "rating", "tags", "note", "cached")


def test_generated_docstring_and_method_names() -> None:
    assert FastOne.__doc__ == "FastOne(value: 'int')" and StdOne.__doc__ == "StdOne(value: 'int')"
    assert Fast.__init__.__qualname__ == "Fast.__init__" and Fast.__eq__.__module__ == __name__


def test_frozen_and_slotted() -> None:
    p = Fast(1, "A")
    with pytest.raises(FrozenInstanceError):
        p.name = "B"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del p.name
    with pytest.raises(FrozenInstanceError):
        p.other = 1  # type: ignore[attr-defined]
    assert not hasattr(p, "__dict__") and Fast.__dict__["__slots__"] == Std.__dict__["__slots__"]


def test_dataclass_functions_work() -> None:
    p = Fast(1, "A", tags=("t",))
    assert dataclasses.replace(p, name="B") == Fast(1, "B", tags=("t",))
    assert dataclasses.is_dataclass(Fast) and dataclasses.is_dataclass(p)
    assert [f.name for f in dataclasses.fields(p)] == [f.name for f in dataclasses.fields(Std)]
    assert dataclasses.asdict(p)["tags"] == ("t",)
    params = ("init", "repr", "eq", "order", "unsafe_hash", "frozen")
    assert [getattr(Fast.__dataclass_params__, n) for n in params] == [  # type: ignore[attr-defined]
        getattr(Std.__dataclass_params__, n) for n in params]  # type: ignore[attr-defined]


@frozen_dataclass
class FastEqOnly:
    x: int
    y: int = field(default=0, hash=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FastEqOnly) and self.x == other.x


def test_class_methods_win_and_subclassing_works() -> None:
    assert repr(FastOwn(1)) == "own" and FastOwn(1) == FastOwn(1)
    assert FastEqOnly(1, 2) == FastEqOnly(1, 3) and hash(FastEqOnly(1, 2)) == hash((1,))

    @dataclass(frozen=True, slots=True)
    class Child(FastOne):
        more: int = 0

    assert Child(1, 2) == Child(1, 2) and Child(1, 2).value == 1

    @frozen_dataclass
    class Grandchild(Child):
        last: str = ""

    g = Grandchild(1, 2, "z")
    assert (g.value, g.more, g.last) == (1, 2, "z")
    with pytest.raises(FrozenInstanceError):
        g.last = "y"  # type: ignore[misc]


def test_unsupported_shapes_are_refused() -> None:
    with pytest.raises(TypeError, match="__post_init__"):
        @frozen_dataclass
        class Post:
            x: int

            def __post_init__(self) -> None:
                pass

    with pytest.raises(TypeError, match="__setattr__"):
        @frozen_dataclass
        class Settable:
            x: int

            def __setattr__(self, name: str, value: object) -> None:
                pass

    with pytest.raises(TypeError, match="cannot build __init__"):
        @frozen_dataclass
        class Order:
            x: int = 0
            y: int  # type: ignore[misc]


def test_model_round_trips_through_pickle() -> None:
    date = model.PartialDate("1990/01/02", 1990, 1, 2)
    player = model.Player(1, "A", birth=date, rounds=(model.RoundEntry(2, "w", "1"),))
    t = model.Tournament(players=(player,))
    assert pickle.loads(pickle.dumps(t)) == t
    assert hash(copy.deepcopy(player)) == hash(player)
    assert repr(date) == "PartialDate(raw='1990/01/02', year=1990, month=1, day=2)"


def test_dataclass_parameters_and_fields_equal_the_standard_dataclass() -> None:
    fast, std = Fast.__dataclass_params__, Std.__dataclass_params__  # type: ignore[attr-defined]
    assert repr(fast) == repr(std)  # every flag this Python version has (slots on >= 3.12)
    for mine, theirs in zip(dataclasses.fields(Fast), dataclasses.fields(Std), strict=True):
        assert repr(mine) == repr(theirs)  # name, type, default, factory, flags, kw_only
    assert FastEmpty.__dataclass_fields__ == {}


def test_lazy_attributes_are_made_on_first_use_then_plain() -> None:
    @frozen_dataclass
    class Lazy:
        a: int
        b: str = "x"

    own = Lazy.__dict__
    assert not inspect.isfunction(own["__init__"]) and not isinstance(own["__doc__"], str)
    assert Lazy(1).b == "x" and inspect.isfunction(Lazy.__dict__["__init__"])
    assert Lazy.__doc__ == "Lazy(a: 'int', b: 'str' = 'x')"
    assert Lazy.__dict__["__doc__"] == Lazy.__doc__
    assert Lazy.__init__.__annotations__ == {"a": "int", "b": "str", "return": None}

    @frozen_dataclass
    class Never:
        a: int

    assert str(inspect.signature(Never)) == "(a: 'int') -> None"  # without an instance
    assert Never(1).__doc__ == "Never(a: 'int')"


def test_help_text_equals_the_standard_dataclass() -> None:
    import pydoc

    def text(cls: type, name: str) -> str:
        plain = pydoc.plaintext  # type: ignore[attr-defined]
        shown = pydoc.render_doc(cls, renderer=plain).replace(name, "X")
        # dataclasses' own pickling helpers are listed under their names and comments
        # (and Python 3.10 keeps a stale __weakref__ of the class before slots)
        # (and __replace__, Python >= 3.13, is dataclasses' function or trfkit.frozen.replace)
        return "\n".join(line for line in shown.splitlines() if "state__" not in line
                         and "replace" not in line
                         and "weak" not in line and line.strip(" |")
                         and not line.lstrip(" |").startswith(("#", "Helper for pickle")))

    assert text(Fast, "Fast") == text(Std, "Std")
    assert text(FastOne, "FastOne") == text(StdOne, "StdOne")


def test_own_fields_and_replace_need_no_dataclasses() -> None:
    from trfkit import frozen

    specs = frozen.fields(Fast)
    assert [f.name for f in specs] == [f.name for f in dataclasses.fields(Std)]
    assert specs[0].default is frozen.MISSING and specs[3].default_factory is _tags
    assert [f.name for f in frozen.fields(Std(1, "A"))] == [f.name for f in specs]  # any dataclass
    p = Fast(1, "A", tags=("t",))
    assert frozen.replace(p, name="B") == dataclasses.replace(p, name="B")
    assert frozen.replace(p, name="B") == Fast(1, "B", tags=("t",))
    assert frozen.replace(Std(1, "A"), name="B") == Std(1, "B")
    errors = []
    for replace in (frozen.replace, dataclasses.replace):
        with pytest.raises((ValueError, TypeError), match="init=False") as caught:
            replace(p, hidden=[1])
        errors.append(caught.type)
    assert errors[0] is errors[1]  # ValueError, TypeError from Python 3.13
    if sys.version_info >= (3, 13):
        assert copy.replace(p, name="B") == Fast(1, "B", tags=("t",))  # type: ignore[attr-defined]


def test_reading_a_file_imports_neither_dataclasses_nor_inspect() -> None:
    import subprocess

    code = ("import sys, trfkit; from trfkit.validation import validate; "
            "d = trfkit.loads('012 Event\\n001    1 m    Alpha, A'); "
            "trfkit.model.replace(d.tournament, players=()); validate(d); "
            "print(sorted({'dataclasses', 'inspect'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_field_errors_match_dataclasses() -> None:
    from trfkit.frozen import field as frozen_field

    for decorate in (frozen_dataclass, dataclass(frozen=True, slots=True)):
        with pytest.raises(ValueError, match="mutable default .* for field x"):
            @decorate
            class Mutable:
                x: list[int] = []  # noqa: RUF012

        with pytest.raises(ValueError, match="both default and default_factory"):
            field(default=1, default_factory=int)  # type: ignore[call-overload]
        with pytest.raises(ValueError, match="both default and default_factory"):
            frozen_field(default=1, default_factory=int)

        with pytest.raises(TypeError, match="'y' is a field but has no type annotation"):
            @decorate
            class Unannotated:
                x: int
                y = frozen_field(default=0) if decorate is frozen_dataclass else field(default=0)

        @dataclass
        class Mutable:  # type: ignore[no-redef]
            x: int = 0

        with pytest.raises(TypeError, match="cannot inherit frozen dataclass from a non-frozen"):
            @decorate
            class Child(Mutable):
                y: int = 0


def test_pseudo_fields_are_refused() -> None:
    from typing import ClassVar

    with pytest.raises(TypeError, match="ClassVar"):
        @frozen_dataclass
        class Counted:
            total: ClassVar[int] = 0
            x: int


@frozen_dataclass
class FastSpec:
    """Fields declared with trfkit.frozen.field behave as with dataclasses.field."""

    start: int
    tags: tuple[str, ...] = ffield(default_factory=_tags)
    note: str = ffield(default="", repr=False, compare=False, metadata={"unit": "x"})
    keyword: str = ffield(default="k", kw_only=True)
    hidden: list[int] = ffield(default_factory=list, init=False, compare=False)


@dataclass(frozen=True, slots=True)
class StdSpec:
    """Fields declared with trfkit.frozen.field behave as with dataclasses.field."""

    start: int
    tags: tuple[str, ...] = field(default_factory=_tags)
    note: str = field(default="", repr=False, compare=False, metadata={"unit": "x"})
    keyword: str = field(default="k", kw_only=True)
    hidden: list[int] = field(default_factory=list, init=False, compare=False)


def test_frozen_field_equals_dataclasses_field() -> None:
    assert str(inspect.signature(FastSpec)) == str(inspect.signature(StdSpec))
    fast, std = FastSpec(1, note="n", keyword="z"), StdSpec(1, note="n", keyword="z")
    assert _strip(repr(fast)) == _strip(repr(std)) and hash(fast) == hash(std)
    assert fast == FastSpec(1, note="other", keyword="z") and fast.hidden == []
    for mine, theirs in zip(dataclasses.fields(FastSpec), dataclasses.fields(StdSpec), strict=True):
        assert repr(mine) == repr(theirs)


def test_init_code_is_shared_by_classes_of_one_shape() -> None:
    @frozen_dataclass
    class Pair:
        left: int
        right: str = "r"

    @frozen_dataclass
    class Other:
        x: float
        self: str = "s"  # as dataclasses, the instance is then __dataclass_self__

    @dataclass(frozen=True, slots=True)
    class StdOther:
        x: float
        self: str = "s"

    a, b = Pair.__init__.__code__, Other.__init__.__code__
    assert a.co_code == b.co_code and a.co_varnames == ("self", "left", "right")
    assert b.co_varnames == ("__dataclass_self__", "x", "self")
    assert (Pair(1).right, Other(2.0).self, Other(2.0, self="t").self) == ("r", "s", "t")
    assert str(inspect.signature(Other)) == str(inspect.signature(StdOther))
    classes: list[tuple[Any, Any]] = [(Other, StdOther), (Fast, Std)]
    for fast, std in classes:
        with pytest.raises(TypeError) as mine:
            fast()
        with pytest.raises(TypeError) as theirs:
            std()
        shown = str(mine.value).replace(fast.__qualname__, "C")
        assert shown == str(theirs.value).replace(std.__qualname__, "C")  # "C.__init__() missing"


def test_each_generated_method_works_as_the_first_thing_used() -> None:
    def fresh() -> Any:
        @frozen_dataclass
        class Point:
            x: int
            y: int = 0

        return Point

    for use in ("hash", "eq", "repr", "setattr", "delattr", "copy", "state", "fields"):
        cls = fresh()
        p = cls.__new__(cls)
        object.__setattr__(p, "x", 1)  # no __init__ used yet
        object.__setattr__(p, "y", 2)
        if use == "hash":
            assert hash(p) == hash((1, 2))
        elif use == "eq":
            assert p == copy.copy(p) and p != 1
        elif use == "repr":
            assert repr(p) == "test_each_generated_method_works_as_the_first_thing_used." \
                              "<locals>.fresh.<locals>.Point(x=1, y=2)"
        elif use in ("setattr", "delattr"):
            with pytest.raises(FrozenInstanceError):
                if use == "setattr":
                    p.x = 3
                else:
                    del p.x
        elif use == "copy":
            assert copy.deepcopy(p).y == 2
        elif use == "state":  # (pickling finds local classes by name: see the tests above)
            assert p.__getstate__() == (1, 2) and p.__reduce_ex__(4)[2] == (1, 2)
        else:
            assert [f.name for f in dataclasses.fields(p)] == ["x", "y"]
        assert p.x == 1
