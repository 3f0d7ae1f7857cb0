"""``trfkit info``: what a file holds and how it was read, in a few lines."""

from __future__ import annotations

import click

from ..finite import dumps
from ..formats import detect
from ..i18n import translator
from ..render.summary import private_fields, render_text, summary
from .io import (
    display_name,
    exit_status,
    input_problems,
    internal_errors,
    print_diagnostics,
    read_bytes,
    read_document,
    rule_errors,
    write_output,
)
from .options import input_options, lang_option, output_options
from .output_guard import refuse_overwrite


@click.command()
@click.argument("input_path", metavar="FILE")
@input_options
@output_options(formats=("text", "json"), default="text")
@click.option(
    "--show-private",
    is_flag=True,
    help="Also print header strings withheld for privacy (e-mail addresses, local paths, "
    "organiser notes) of Swiss-Manager files.",
)
@lang_option
@internal_errors
def info(
    input_path: str,
    fmt: str,
    encoding: str | None,
    output: str | None,
    to: str,
    show_private: bool = False,
    lang: str = "en",
) -> None:
    """Summarise FILE ('-' for stdin): name, dates, type, players, rounds, teams,
    and how it was read (format, TRF edition, dialect, encoding, line endings).

    Diagnostics met while reading go to stderr; exit status 1 if any is an error.

    \b
    Examples:
      trfkit info samples/swiss.trf
      trfkit info samples/cp1252.trf --to json
      trfkit info samples/swiss.trf --lang ru
    """
    refuse_overwrite([input_path], [output])
    raw = read_bytes(input_path)
    doc = read_document(input_path, fmt=fmt, encoding=encoding, data=raw)
    problems = input_problems(doc, input_path)
    print_diagnostics([*doc.diagnostics, *rule_errors(doc, problems)])
    data = summary(
        doc, display_name(input_path), detect(raw[:8192]) if fmt == "auto" else fmt, problems
    )
    if show_private:
        data["private"] = private_fields(raw, data["read_as"])
    text = dumps(data) if to == "json" else render_text(data, translator(lang))
    write_output(text, output)
    raise SystemExit(exit_status(problems))
