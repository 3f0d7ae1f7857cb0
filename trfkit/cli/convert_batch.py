"""``trfkit convert`` over many inputs: directories, globs, several files, into ``-o DIR``.

Safety first, because the inputs are a federation's records:

* an output directory inside a walked input tree is refused before anything runs;
* no output ever replaces an input: a target that is one of the named files (or
  glob matches), or lies inside a walked input tree, is refused for that file;
* each output is written atomically (temporary file, then rename), so an
  interrupted run leaves whole outputs or none, and ``--skip-existing`` resumes it:
  the inputs are taken in the same order, so they map to the same targets.

The parent process plans each input's target (cheap, in input order: name
collisions such as ``a.trf``/``a.tab`` -> ``a.json``/``a.tab.json`` must be decided
in a stable order); the workers read, convert and write.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import click

from ..diagnostics import make
from ..frozen import field, frozen_dataclass
from ..inputs import Input, Root, iter_inputs, roots
from ..reporters import FileReport
from ..wire import Outcome
from .batchrun import Batch, Tally, print_summary, run_batch, write_report
from .common import (
    InputError,
    atomic_write,
    binary_stream,
    contained,
    exit_status,
    print_diagnostics,
)


@frozen_dataclass
class Plan:
    """What every worker needs: the reader and writer choices (plain, picklable values)."""

    fmt: str = "auto"
    encoding: str | None = None
    to: str = "trf"
    options: dict[str, Any] = field(default_factory=dict)
    max_bytes: int | None = None
    fallback_encoding: str | None = None


@frozen_dataclass
class Task:
    """One input with its target, or the reason (``refused``/``skip``) it is not converted."""

    input: Input
    target: str
    plan: Plan
    refused: str | None = None
    skip: bool = False


def _inside(path: Path, tree: Path) -> bool:
    return path == tree or tree in path.parents


def check_output_dir(found: list[Root], out: Path) -> None:
    """Refuse ``out`` inside a walked input tree (its outputs would become inputs)."""
    out_r = out.resolve()
    for root in found:
        if root.kind == "dir" and _inside(out_r, root.base.resolve()):
            raise InputError(
                f"{out}: the output directory must not be inside the input tree {root.arg}")
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: not a directory")


def _named_files(found: list[Root]) -> set[Path]:
    """Inputs known without a walk: files named on the command line and glob matches."""
    import glob  # only for a pattern argument

    files = {Path(r.arg).resolve() for r in found if r.kind == "file"}
    for r in found:
        if r.kind == "glob":
            files.update(Path(hit).resolve() for hit in glob.iglob(r.arg, recursive=True))
    return files


def plan_tasks(inputs: Iterable[Input], found: list[Root], out: Path, plan: Plan, *,
               extension: str, skip_existing: bool) -> Iterator[Task]:
    """Each input with its output path below ``out`` (relative paths mirrored)."""
    trees = [r.base.resolve() for r in found if r.kind == "dir"]
    named = _named_files(found)
    taken: set[Path] = set()
    for item in inputs:
        rel = Path(item.rel)
        target = out / rel.with_suffix(extension)
        if target in taken:  # a.trf and a.tab would both become a.json
            target = out / rel.with_name(rel.name + extension)
        refused = None
        resolved = target.resolve()
        if target in taken:
            refused = f"{target}: another input is already converted to this file"
        elif resolved in named or any(_inside(resolved, tree) for tree in trees):
            refused = f"{target}: refusing to overwrite an input"
        else:
            try:
                contained(out, target)  # no escape through '..' or a link in the output tree
            except InputError as exc:
                refused = exc.format_message()
        taken.add(target)
        skip = skip_existing and refused is None and item.missing is None and target.is_file()
        yield Task(item, str(target), plan, refused, skip)


#: Per output directory, the hidden ``*.tmp`` names found there when this process first
#: wrote into it (listed once per directory, not once per file).
_temporaries: dict[Path, set[str]] = {}


def _clear_stale(target: Path) -> None:
    """Remove temporary files a killed earlier run left beside ``target``
    (:func:`~.common.atomic_write` names them ``.<name>.<random>.tmp``)."""
    folder = target.parent
    if folder not in _temporaries:
        try:
            _temporaries[folder] = {entry.name for entry in os.scandir(folder)
                                    if entry.name.startswith(".") and entry.name.endswith(".tmp")}
        except OSError:
            _temporaries[folder] = set()
    found = _temporaries[folder]
    prefix = f".{target.name}."
    for name in [n for n in found if n.startswith(prefix)]:
        found.discard(name)
        try:
            (folder / name).unlink()
        except OSError:
            pass


def convert_task(task: Task) -> Outcome:
    """Worker: read one input, write its target atomically. Never raises."""
    from .common import read_document
    from .convert import render_document

    item, plan = task.input, task.plan
    if task.skip:
        _clear_stale(Path(task.target))  # killed while replacing an older output
        return Outcome(FileReport(item.display), "skipped")
    error = item.missing or task.refused
    if error:
        return Outcome(FileReport(item.display, error=error))
    try:
        doc = read_document(item.path, fmt=plan.fmt, encoding=plan.encoding, data=item.data,
                            max_bytes=plan.max_bytes, fallback_encoding=plan.fallback_encoding)
        overflows, text = render_document(doc, plan.to, plan.options)
        diagnostics = tuple(d if d.file else d.with_file(item.display)
                            for d in (*doc.diagnostics, *overflows))
        if text is None:
            return Outcome(FileReport(item.display, diagnostics), "not written")
        target = Path(task.target)
        _clear_stale(target)
        # backslashreplace: the text may quote file names from the OS, which need not be UTF-8
        atomic_write(target, text.encode("utf-8", errors="backslashreplace"))
        return Outcome(FileReport(item.display, diagnostics), "written")
    except click.ClickException as exc:
        return Outcome(FileReport(item.display, error=exc.format_message()))
    except OSError as exc:
        return Outcome(FileReport(
            item.display, error=f"{task.target}: cannot write: {exc.strerror or exc}"))
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the batch
        crash = make("T999", f"trfkit failed on this input with {type(exc).__name__}: {exc}; "
                             "please report a bug with the input file", file=item.display)
        return Outcome(FileReport(item.display, (crash,)))


def outcome_status(outcome: Outcome) -> int:
    """2 unreadable or crashed, 1 errors in the input, else 0."""
    report = outcome.report
    if report.error is not None or any(d.code == "T999" for d in report.diagnostics):
        return 2
    return exit_status(report.diagnostics)


def convert_many(paths: tuple[str, ...], out: Path, plan: Plan, *, extension: str,
                 globs: tuple[str, ...], batch: Batch, skip_existing: bool = False,
                 statistics: bool = False, report: tuple[str, str] | None = None) -> int:
    """Convert every input named by ``paths`` into ``out``; the worst exit status of all."""
    found = roots(paths)
    check_output_dir(found, out)
    _temporaries.clear()  # listings of an earlier run in this process are out of date
    stdin = binary_stream("stdin").read() if "-" in paths else None
    inputs = iter_inputs(paths, globs, stdin=stdin)
    tasks = plan_tasks(inputs, found, out, plan, extension=extension,
                       skip_existing=skip_existing)
    tally, status, kept = Tally(), 0, []
    for outcome in run_batch(convert_task, tasks, batch, tally):
        print_diagnostics(outcome.report.diagnostics)
        if outcome.report.error is not None:
            click.echo(f"Error: {outcome.report.error}", err=True)
        elif outcome.note == "not written":
            click.echo(f"{outcome.report.path}: nothing to convert", err=True)
        status = max(status, outcome_status(outcome))
        if report is not None:
            kept.append(outcome.report)
    if report is not None:
        write_report(report[0], report[1], kept)
    print_summary(tally, statistics=statistics, quiet=batch.quiet)
    if not batch.quiet:
        click.echo(f"converted {tally.notes['written']} file(s) from {', '.join(paths)} to {out}",
                   err=True)
    return status
