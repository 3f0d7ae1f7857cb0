"""Positional constructors for the reader's hot path that survive additive model changes.

The reader builds tens of thousands of players and dates with positional arguments,
the cheapest call there is (the model's ``__init__``, made by :mod:`trfkit.frozen`,
stores each argument straight into its slot). A positional call is only right while
the class has exactly the fields the caller passes, in that order: :func:`constructor`
checks that once, at import, and otherwise falls back to keyword calls, so that an
additive model change gives the new field its default instead of misplacing values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..frozen import MISSING, fields

__all__ = ["constructor"]

T = TypeVar("T")


def constructor(cls: type[T], names: tuple[str, ...]) -> Callable[..., T]:
    """A positional builder of ``cls`` taking the values of ``names`` in that order."""
    declared = fields(cls)
    if all(f.init and not f.kw_only for f in declared) and tuple(f.name for f in declared) == names:
        return cls  # the positional call is exactly right

    def build(*values: Any) -> T:
        return cls(**dict(zip(names, values, strict=True)))

    missing = [f.name for f in declared if f.name not in names and f.init
               and f.default is MISSING and f.default_factory is MISSING]
    if missing:
        raise TypeError(f"{cls.__name__} needs fields {missing} that the reader does not set")
    return build
