"""``trfkit codes`` (also ``trfkit tiebreaks --list``): every tie-break code trfkit computes.

One line per registered tie-break with its scope (individual or team), the rule
editions whose text defines it, the modifiers it takes and its name; ``--to json``
gives ``{"version": 1, "codes": [{"code", "scope", "name", "editions", "modifiers",
"article", "lower_is_better", "aliases"}]}``. The data is
:func:`trfkit.tiebreaks.catalog.catalog`.
"""

from __future__ import annotations

import click

#: ``--to`` choices of the code list.
FORMATS = ("text", "json")


def render_codes(to: str) -> str:
    """The code list as ``to`` (``text`` or ``json``)."""
    from ..tiebreaks.catalog import catalog

    entries = catalog()
    if to == "json":
        import json

        rows = [{"code": e.code, "scope": e.scope, "name": e.title, "editions": list(e.editions),
                 "modifiers": list(e.modifiers), "article": e.article,
                 "lower_is_better": e.lower_is_better, "aliases": list(e.aliases)}
                for e in entries]
        return json.dumps({"version": 1, "codes": rows}, ensure_ascii=False, indent=2) + "\n"
    head = ["code", "scope", "editions", "modifiers", "name"]
    body = [[e.code, e.scope, " ".join(e.editions) or "-",
             " ".join(f"/{m}" for m in e.modifiers) or "-",
             e.title + (f" (also {', '.join(e.aliases)})" if e.aliases else "")]
            for e in entries]
    widths = [max(len(row[k]) for row in [head, *body]) for k in range(len(head) - 1)]
    lines = ["  ".join([*(c.ljust(w) for c, w in zip(row, widths, strict=False)), row[-1]])
             for row in [head, *body]]
    return "\n".join(line.rstrip() for line in lines) + "\n"


@click.command("codes")
@click.option("--to", "to", type=click.Choice(FORMATS), default="text", show_default=True,
              help="Output format.")
def codes(to: str) -> None:
    """List every tie-break code with its name and the rule editions it exists in.

    \b
    Examples:
      trfkit codes
      trfkit codes --to json
    """
    click.echo(render_codes(to), nl=False)
