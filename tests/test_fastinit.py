"""The reader's positional constructors build the same frozen objects as the dataclass __init__."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass

import pytest

from trfkit.formats.fastinit import constructor
from trfkit.model import PartialDate, RoundEntry


def test_positional_builder_equals_dataclass_init() -> None:
    build = constructor(PartialDate, ("raw", "year", "month", "day"))
    assert build is PartialDate  # fields match: the class itself, no wrapper
    made = build("1997/02/15", 1997, 2, 15)
    real = PartialDate("1997/02/15", 1997, 2, 15)
    assert made == real and hash(made) == hash(real) and repr(made) == repr(real)
    with pytest.raises(FrozenInstanceError):
        made.year = 1998  # type: ignore[misc]


def test_positional_builder_refuses_a_short_row() -> None:
    build = constructor(RoundEntry, ("opponent", "color", "result"))
    with pytest.raises(TypeError):
        build(12, "w")


@dataclass(frozen=True)
class _Checked:
    a: int
    b: int = 0

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


def test_falls_back_to_init_when_fields_differ_or_post_init_runs() -> None:
    short = constructor(PartialDate, ("raw", "year"))  # a field the caller does not know
    assert short("1997", 1997) == PartialDate("1997", 1997, None, None)
    checked = constructor(_Checked, ("a", "b"))
    assert checked(3, 4) == _Checked(3, 4)
    with pytest.raises(ValueError, match="negative"):
        checked(-1, 0)


def test_missing_required_field_is_refused_up_front() -> None:
    with pytest.raises(TypeError, match="raw"):
        constructor(PartialDate, ("year", "month"))
