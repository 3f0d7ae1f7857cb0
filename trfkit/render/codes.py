"""The list of tie-break codes trfkit computes, as ``trfkit codes`` prints it.

One line per registered tie-break with its scope (individual or team), the rule
editions whose text defines it, the modifiers it takes and its name; as JSON
``{"version": 1, "codes": [{"code", "scope", "name", "editions", "modifiers",
"article", "lower_is_better", "aliases"}]}``. The data is
:func:`trfkit.tiebreaks.catalog.catalog`.
"""

from __future__ import annotations

from ..tiebreaks.catalog import catalog

__all__ = ["FORMATS", "render_codes"]

#: ``--to`` choices of the code list.
FORMATS = ("text", "json")


def render_codes(to: str) -> str:
    """The code list as ``to`` (``text`` or ``json``)."""
    entries = catalog()
    if to == "json":
        import json  # only this output needs it (a fresh process: a few ms)

        rows = [
            {
                "code": e.code,
                "scope": e.scope,
                "name": e.title,
                "editions": list(e.editions),
                "modifiers": list(e.modifiers),
                "article": e.article,
                "lower_is_better": e.lower_is_better,
                "aliases": list(e.aliases),
            }
            for e in entries
        ]
        return json.dumps({"version": 1, "codes": rows}, ensure_ascii=False, indent=2) + "\n"
    head = ["code", "scope", "editions", "modifiers", "name"]
    body = [
        [
            e.code,
            e.scope,
            " ".join(e.editions) or "-",
            " ".join(f"/{m}" for m in e.modifiers) or "-",
            e.title + (f" (also {', '.join(e.aliases)})" if e.aliases else ""),
        ]
        for e in entries
    ]
    widths = [max(len(row[k]) for row in [head, *body]) for k in range(len(head) - 1)]
    lines = [
        "  ".join([*(c.ljust(w) for c, w in zip(row, widths, strict=False)), row[-1]])
        for row in [head, *body]
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"
