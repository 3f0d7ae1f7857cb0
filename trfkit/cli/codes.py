"""``trfkit codes`` (also ``trfkit tiebreaks --list``): every tie-break code trfkit computes.

The list (text or ``--to json``, a contract) is made by :mod:`trfkit.render.codes`.
"""

from __future__ import annotations

import click

from ..render.codes import FORMATS, render_codes


@click.command("codes")
@click.option(
    "--to",
    "to",
    type=click.Choice(FORMATS),
    default="text",
    show_default=True,
    help="Output format.",
)
def codes(to: str) -> None:
    """List every tie-break code with its name and the rule editions it exists in.

    \b
    Examples:
      trfkit codes
      trfkit codes --to json
    """
    click.echo(render_codes(to), nl=False)
