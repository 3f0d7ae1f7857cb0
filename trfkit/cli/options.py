"""Option bundles shared by the commands, so every command spells them the same way.

Usage::

    @click.command()
    @click.argument("input_path", metavar="INPUT")
    @input_options
    @output_options(formats=("trf", "json", "csv"), default="trf")
    def convert(input_path, fmt, encoding, output, to): ...

``input_options`` adds ``--from`` (parameter ``fmt``), ``--encoding`` and
``--fallback-encoding`` (not a parameter: :func:`trfkit.cli.io.current_fallback`);
``output_options`` adds ``-o/--output`` (parameter ``output``, ``None`` = stdout)
and ``--to`` (parameter ``to``) with the formats the command can produce.
``newline_option`` adds ``--newline`` (parameter ``newline``: ``"\\n"``, ``"\\r\\n"``,
``"\\r"`` or ``None`` = as the input). The format lists come from the registries in
:mod:`trfkit.formats`, so a new reader shows up in ``--from`` without touching this.
"""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from ..formats import READERS
from ..limits import parse_size

F = TypeVar("F", bound=Callable[..., Any])

#: ``--newline`` choice -> the line ending written.
NEWLINES: dict[str, str] = {"cr": "\r", "lf": "\n", "crlf": "\r\n"}


#: ``ctx.meta`` key under which ``--max-bytes`` is kept (read by :mod:`trfkit.cli.io`).
MAX_BYTES_KEY = "trfkit.max_bytes"
#: ``ctx.meta`` key under which ``--fallback-encoding`` is kept (read by :mod:`trfkit.cli.io`).
FALLBACK_KEY = "trfkit.fallback_encoding"


def _fallback(ctx: click.Context, param: click.Parameter, value: str | None) -> None:

    if value is None:
        return
    try:
        ctx.meta[FALLBACK_KEY] = codecs.lookup(value).name
    except LookupError:
        raise click.BadParameter(f"unknown encoding {value!r}") from None


def _max_bytes(ctx: click.Context, param: click.Parameter, value: str | None) -> None:

    if value is None:
        return
    try:
        ctx.meta[MAX_BYTES_KEY] = parse_size(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def input_options(func: F) -> F:
    """Add ``--from auto|trf|json|...`` (as ``fmt``), ``--encoding`` (as ``encoding``),
    ``--fallback-encoding`` and ``--max-bytes`` (not parameters: kept in ``ctx.meta`` for
    :func:`.io.read_document` and :func:`.io.read_bytes`)."""
    func = click.option(
        "--fallback-encoding",
        default=None,
        expose_value=False,
        callback=_fallback,
        metavar="NAME",
        help="Decode inputs that are not UTF-8 with this encoding (e.g. cp1251) instead of "
        "detecting it; UTF-8 inputs stay UTF-8.",
    )(func)
    func = click.option(
        "--max-bytes",
        default=None,
        expose_value=False,
        callback=_max_bytes,
        metavar="SIZE",
        help="Refuse inputs larger than this (T007), e.g. 500MB; default 100MB.",
    )(func)
    func = click.option(
        "--encoding",
        "encoding",
        default=None,
        metavar="NAME",
        help="Decode the input with this encoding (e.g. utf-8, cp1252) instead of detecting it.",
    )(func)
    func = click.option(
        "--from",
        "fmt",
        type=click.Choice(["auto", *READERS]),
        default="auto",
        show_default=True,
        help="Input format; 'auto' sniffs the content.",
    )(func)
    return func


def output_options(*, formats: Sequence[str], default: str) -> Callable[[F], F]:
    """Add ``-o/--output FILE`` (as ``output``) and ``--to`` limited to ``formats``."""

    def decorate(func: F) -> F:
        func = click.option(
            "--to",
            "to",
            type=click.Choice(list(formats)),
            default=default,
            show_default=True,
            help="Output format.",
        )(func)
        func = click.option(
            "-o",
            "--output",
            "output",
            default=None,
            metavar="PATH",
            help="Write here instead of stdout ('-' is stdout).",
        )(func)
        return func

    return decorate


def _newline(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    return None if value is None else NEWLINES[value]


def newline_option(func: F) -> F:
    """Add ``--newline cr|lf|crlf`` (as ``newline``; ``None`` keeps the input's endings)."""
    return click.option(
        "--newline",
        "newline",
        type=click.Choice(list(NEWLINES)),
        default=None,
        callback=_newline,
        help="Line ending of the output (default: as the input).",
    )(func)


#: ``--min-severity`` choices, lowest first.
SEVERITIES = ("info", "warning", "error")


def selection_options(func: F) -> F:
    """Add ``--select``, ``--extend-select`` and ``--ignore`` (codes or prefixes, repeatable,
    comma-separated; see :mod:`trfkit.selection`)."""
    for option in reversed(
        [
            click.option(
                "--select",
                "select",
                multiple=True,
                metavar="CODES",
                help="Report only these codes or prefixes (e.g. T3,T401). Default: all.",
            ),
            click.option(
                "--extend-select",
                "extend_select",
                multiple=True,
                metavar="CODES",
                help="Add codes or prefixes to the selection.",
            ),
            click.option(
                "--ignore",
                "ignore",
                multiple=True,
                metavar="CODES",
                help="Do not report these codes or prefixes (the longest prefix wins).",
            ),
        ]
    ):
        func = option(func)
    return func


def display_options(func: F) -> F:
    """Add ``--min-severity`` (as ``min_severity``, None = the command's default) and
    ``-v/--verbose`` (as ``verbose``: the same as ``--min-severity info``)."""
    func = click.option(
        "-v", "--verbose", is_flag=True, help="Show infos too (the same as --min-severity info)."
    )(func)
    func = click.option(
        "--min-severity",
        "min_severity",
        type=click.Choice(SEVERITIES),
        default=None,
        help="Lowest severity to show. Default: warning (infos hidden), "
        "except info for check's json, jsonl, sarif, gitlab and junit output. The exit "
        "status counts what is hidden too.",
    )(func)
    return func


def _lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    from ..i18n import choose_language  # the commands with words to translate only
    from .io import InputError  # io imports this module: a top-level import would be a cycle

    try:
        return choose_language(value, os.environ, sys.stdout.isatty())
    except ValueError as exc:
        raise InputError(str(exc)) from None


def lang_option(func: F) -> F:
    """Add ``--lang en|ru`` (as ``lang``: the language chosen, never None): the option,
    else ``TRFKIT_LANG``, else ``ru`` when the locale's language is Russian and stdout is a
    terminal, else ``en`` (:func:`trfkit.i18n.choose_language`). An unknown language is a
    one-line error, exit 2. Codes, numbers and JSON never change with the language."""
    return click.option(
        "--lang",
        "lang",
        default=None,
        metavar="en|ru",
        callback=_lang,
        help="Language of the text output: en or ru (default: $TRFKIT_LANG, else ru for "
        "a Russian locale on a terminal, else en). JSON and codes stay the same.",
    )(func)
