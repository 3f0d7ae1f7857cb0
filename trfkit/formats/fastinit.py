"""Building frozen model objects without the dataclass ``__init__`` in the reader's hot path.

A frozen dataclass sets each field through ``object.__setattr__``; setting the slots
directly is about a third cheaper, which shows when a large file creates tens of
thousands of players, round entries and dates. The shortcut is only taken while the
class has exactly the fields the caller passes and nothing runs after ``__init__``:
an additive model change then falls back to the real constructor (keywords, with the
new field's default) instead of leaving a slot unset.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, TypeVar

__all__ = ["constructor"]

T = TypeVar("T")


def constructor(cls: type[T], names: tuple[str, ...]) -> Callable[..., T]:
    """A positional builder of ``cls`` taking the values of ``names`` in that order."""
    declared = fields(cls)  # type: ignore[arg-type]
    plain = all(f.init for f in declared) and not hasattr(cls, "__post_init__")
    if plain and tuple(f.name for f in declared) == names:
        return _slot_builder(cls, names)

    def build(*values: Any) -> T:
        return cls(**dict(zip(names, values, strict=True)))

    missing = [f.name for f in declared if f.name not in names and f.init
               and f.default is MISSING and f.default_factory is MISSING]
    if missing:
        raise TypeError(f"{cls.__name__} needs fields {missing} that the reader does not set")
    return build


def _slot_builder(cls: type[T], names: tuple[str, ...]) -> Callable[..., T]:
    setters = tuple(getattr(cls, name).__set__ for name in names)
    new = object.__new__

    def build(*values: Any) -> T:
        obj = new(cls)
        for set_slot, value in zip(setters, values, strict=True):  # no slot left unset
            set_slot(obj, value)
        return obj

    return build
