"""``trfkit schema NAME``: print a JSON Schema trfkit publishes."""

from __future__ import annotations

import click

from ..schema import schema_names, schema_text
from .io import InputError, internal_errors, write_output


@click.command()
@click.argument("name", required=False)
@internal_errors
def schema(name: str | None) -> None:
    """Print the packaged JSON Schema NAME (without NAME: list the names).

    \b
    Examples:
      trfkit schema tournament > tournament.schema.json
      trfkit schema
    """

    names = schema_names()
    if name is None:
        write_output("".join(f"{n}\n" for n in names), None)
        return
    if name not in names:
        raise InputError(f"unknown schema {name!r}; known: {', '.join(names) or 'none'}")
    write_output(schema_text(name), None)
