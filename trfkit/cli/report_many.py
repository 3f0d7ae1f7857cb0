"""``trfkit report`` of several inputs, a directory or a glob: a page per input in
``-o DIR`` under its relative path, then ``DIR/index.html`` linking every page with its
verdict (an input without a page is listed with the reason).

Inputs are found as ``trfkit convert DIR`` finds them (the same selection, hidden names
and links handled the same way); two inputs that would get one page name, or an output
directory inside an input tree, are refused before anything is written (exit 2). An
input that cannot be read is reported (``Error: ...`` on stderr, a row of the index)
and the others go on; the exit status is the worst of all. Each page, and the index
last, is written through a temporary file and a rename: a page is whole or absent.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from ..check_many import DEFAULT_GLOBS
from ..i18n import translator
from ..input_paths import SHARED_EXTENSIONS, Input, iter_inputs, roots
from ..render.report.index import Entry, render_index
from ..terminal import escape_controls
from .convert_many import check_output_dir
from .io import InputError, atomic_write, contained, encoded, print_diagnostics
from .output_guard import input_behind
from .output_names import collisions, output_name
from .report import EXTENSION, Options, build_page

#: The index page's name in the output directory.
INDEX = "index.html"


def page_name(rel: str) -> str:
    """The page of the input at ``rel`` (``/``-separated, relative to the output
    directory): as ``convert`` names its outputs, and never the index itself."""
    name = output_name(rel, EXTENSION)
    return f"{rel}{EXTENSION}" if name == INDEX else name


def _refuse_collisions(inputs: Sequence[Input], out: Path) -> None:
    clashes = collisions((item.display, page_name(item.rel)) for item in inputs)
    if clashes:
        lines = [f"{out / target}: the page of {', '.join(sources)}" for target, sources in clashes]
        raise InputError(
            "several inputs map to one page name (rename one); nothing was written:", lines[:20]
        )


def _target(item: Input, out: Path, found: list) -> Path:  # type: ignore[type-arg]
    target = out / page_name(item.rel)
    if input_behind(str(target), found, DEFAULT_GLOBS) is not None:
        raise InputError(f"{target}: refusing to overwrite an input")
    return contained(out, target)


def _write(path: Path, html: str) -> None:
    try:
        data = encoded(html)
        assert isinstance(data, bytes)
        atomic_write(path, data)
    except OSError as exc:
        raise InputError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _failed(item: Input, message: str) -> Entry:
    click.echo(f"Error: {escape_controls(message)}", err=True)
    return Entry(item.display, error=message)


def report_many(paths: Sequence[str], out: Path, options: Options) -> int:
    """Write the pages of ``paths`` and their index into ``out``; the exit status."""
    if "-" in paths:
        raise click.UsageError("'-' (stdin) can only be the one INPUT of a report")
    found = roots(paths)
    check_output_dir(found, out)
    inputs = [
        item
        for item in iter_inputs(paths, DEFAULT_GLOBS, sniffed=SHARED_EXTENSIONS)
        if item.skip is None  # passed over by the selection: not a tournament file
    ]
    if not inputs:
        raise InputError("no input files found")
    _refuse_collisions([i for i in inputs if i.missing is None and i.skipped is None], out)
    entries: list[Entry] = []
    status = 0
    for item in inputs:
        if item.missing is not None or item.skipped is not None:
            message = item.missing or f"{item.display}: {item.skipped[1]}"  # type: ignore[index]
            entries.append(_failed(item, message))
            status = 2
            continue
        try:
            target = _target(item, out, found)
            page = build_page(item.path, options, check_team_options=False)
        except InputError as exc:
            entries.append(_failed(item, exc.format_message()))
            status = 2
            continue
        print_diagnostics(page.printed)
        status = max(status, page.status)
        if page.html is None:
            entries.append(page.entry)
            continue
        _write(target, page.html)
        href = target.relative_to(out).as_posix()
        entries.append(
            Entry(
                page.entry.name,
                href,
                page.entry.title,
                page.entry.players,
                page.entry.rounds,
                page.entry.verdict,
            )
        )
    _write(out / INDEX, render_index(entries, translator(options.lang)))
    return status
