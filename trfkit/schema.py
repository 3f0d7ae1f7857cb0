"""The JSON Schemas trfkit publishes, loaded from the package or the source tree.

A wheel carries them as ``trfkit/schemas/*.schema.json`` (pyproject force-includes
the top-level ``schemas/`` there); a source checkout or an editable install has
them only at ``<checkout>/schemas``, so that is the fallback. jsonschema is
imported only when something is validated: loading the text is cheap.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.abc import Traversable

__all__ = ["iter_schema_errors", "load_schema", "schema_dir", "schema_names", "schema_text"]

SUFFIX = ".schema.json"


def schema_dir() -> Traversable:
    """Where the schemas are: the package's ``schemas`` folder, else the checkout's."""
    packaged = files("trfkit") / "schemas"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "schemas"


def schema_names() -> list[str]:
    """Names accepted by :func:`load_schema` (``tournament``, ...), sorted."""
    folder = schema_dir()
    if not folder.is_dir():
        return []
    return sorted(p.name[: -len(SUFFIX)] for p in folder.iterdir() if p.name.endswith(SUFFIX))


def schema_text(name: str) -> str:
    """The schema file ``NAME.schema.json`` as text; KeyError for an unknown name."""
    if name not in schema_names():
        raise KeyError(name)
    return (schema_dir() / f"{name}{SUFFIX}").read_text(encoding="utf-8")


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    """The parsed schema ``name`` (cached; do not mutate it)."""
    data: dict[str, Any] = json.loads(schema_text(name))
    return data


def iter_schema_errors(name: str, instance: Any) -> Iterator[tuple[str, str]]:
    """``(json_path, message)`` for every way ``instance`` violates schema ``name``."""
    import jsonschema  # type: ignore[import-untyped,unused-ignore]  # lazy: slow to import

    validator_cls = jsonschema.validators.validator_for(load_schema(name))
    validator = validator_cls(load_schema(name))
    for error in sorted(validator.iter_errors(instance), key=lambda e: e.json_path):
        yield error.json_path, error.message
