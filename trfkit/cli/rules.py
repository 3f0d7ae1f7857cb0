"""``trfkit rules`` lists every diagnostic code; ``trfkit rule CODE`` explains one.

Modelled on ``ruff rule``: names, severities and summaries come from the registry in
:mod:`trfkit.diagnostic_codes`, the longer explanations and examples from :mod:`trfkit.diagnostic_docs`.
"""

from __future__ import annotations

import json

import click

from ..diagnostic_codes import CODES
from ..diagnostic_docs import DOCS, explain, rule_url
from ..selection import profiles_of
from .choices import suggestion
from .io import InputError


def _as_dict(code: str) -> dict[str, object]:
    info = CODES[code]
    doc = DOCS.get(code)
    return {
        "code": code,
        "name": info.name,
        "severity": info.severity,
        "raised_severity": info.raised or None,
        "stage": info.stage,
        "summary": info.summary,
        "hint": info.hint or None,
        "url": rule_url(code),
        "explanation": doc.why if doc else None,
        "bad_example": doc.bad if doc else None,
        "good_example": doc.good if doc else None,
        "profiles": list(profiles_of(code)),  # [] = on by default; else off unless one is given
    }


#: ``--output-format text|json`` of ``rules`` and ``rule``.
_OUTPUT_FORMAT = click.option(
    "--output-format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
)


@click.command()
@_OUTPUT_FORMAT
def rules(output_format: str) -> None:
    """List every diagnostic code with its name, severity and summary.

    \b
    Examples:
      trfkit rules
      trfkit rules --output-format json
    """
    codes = sorted(CODES)
    if output_format == "json":
        click.echo(json.dumps([_as_dict(code) for code in codes], indent=2, ensure_ascii=False))
        return
    width = max(len(CODES[c].name) for c in codes)
    levels = max(len(CODES[c].severities) for c in codes)
    for code in codes:
        info = CODES[code]
        profiles = "".join(f" [--profile {name}]" for name in profiles_of(code))
        click.echo(
            f"{code}  {info.name:<{width}}  {info.severities:<{levels}}  {info.summary}{profiles}"
        )


def _find(code_or_name: str) -> str:
    wanted = code_or_name.strip()
    if wanted.upper() in CODES:
        return wanted.upper()
    for code, info in CODES.items():
        if info.name == wanted.lower():
            return code

    known = [*CODES, *(info.name for info in CODES.values())]
    close = suggestion(wanted, known)
    raise InputError(f"unknown code {code_or_name!r} (see `trfkit rules`).{close}")


@click.command()
@click.argument("code")
@_OUTPUT_FORMAT
def rule(code: str, output_format: str) -> None:
    """Explain one diagnostic code (or kebab-case name) with a bad and a good example.

    \b
    Examples:
      trfkit rule T302
      trfkit rule asymmetric-pairing --output-format json
    """
    found = _find(code)
    if output_format == "json":
        click.echo(json.dumps(_as_dict(found), indent=2, ensure_ascii=False))
    else:
        click.echo(explain(found), nl=False)
