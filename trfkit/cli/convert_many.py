"""``trfkit convert`` over many inputs: directories, globs, several files, into ``-o DIR``.

Safety first, because the inputs are a federation's records:

* an output directory inside a walked input tree is refused before anything runs;
* no output ever replaces an input: a target that is one of the named files (or
  glob matches), or lies inside a walked input tree, is refused for that file;
* each output's name is a pure function of the input's relative path
  (:mod:`.output_names`); two inputs with one output name are refused up front;
* each output is written atomically (temporary file, then rename) with a record of
  its input beside it (:mod:`.output_records`), so an interrupted run leaves whole
  outputs or none, and ``--skip-existing`` resumes it, skipping only outputs whose
  record names the same input bytes and options.

The parent process plans each input's target (cheap, in input order); the workers
read, convert and write.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import click

from ..check_many import DEFAULT_GLOBS, NOT_REPORTS, Outcome, passed_over, unreadable
from ..conversion import UnreadableOutput, at_input, render_document
from ..diagnostics import make
from ..formats.sniff import looks_like_report
from ..input_paths import (
    ANY_FILE,
    NOT_A_REPORT,
    SHARED_EXTENSIONS,
    Input,
    Root,
    expand,
    iter_inputs,
    roots,
)
from ..limits import DEFAULT_MAX_BYTES
from ..reading import read_stream
from ..render.diagnostics import FileReport
from ..terminal import escape_controls
from .display import View
from .io import (
    InputError,
    atomic_write,
    binary_stream,
    contained,
    encoded,
    exit_status,
    input_problems,
    print_diagnostics,
    read_bytes,
    read_document,
    rule_errors,
)
from .many_files import Batch, Tally, print_summary, run_batch, write_report
from .output_guard import input_behind
from .output_names import collisions, output_name
from .output_records import fingerprint, is_current, record_path, write_record


@dataclass(frozen=True, slots=True)
class Plan:
    """What every worker needs: the reader and writer choices (plain, picklable values)."""

    fmt: str = "auto"
    encoding: str | None = None
    to: str = "trf"
    options: dict[str, Any] = field(default_factory=dict)
    max_bytes: int | None = None
    fallback_encoding: str | None = None

    @property
    def fingerprint(self) -> str:
        """What an output's record says about the options it was written with."""
        return fingerprint(
            [self.fmt, self.encoding, self.to, self.options, self.max_bytes, self.fallback_encoding]
        )


@dataclass(frozen=True, slots=True)
class Task:
    """One input with its target, or the reason (``refused``) it is not converted.

    ``skip`` (``--skip-existing``): keep the target if its record shows it is current.
    """

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
                f"{out}: the output directory must not be inside the input tree {root.arg}"
            )
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: not a directory")


def _named_files(found: list[Root]) -> set[Path]:
    """Inputs known without a walk: files named on the command line and glob matches."""
    files = {Path(r.arg).resolve() for r in found if r.kind == "file"}
    for r in found:
        if r.kind == "glob":
            files.update(hit.resolve() for hit in expand(r.arg) if isinstance(hit, Path))
    return files


def _linked_input(target: Path, found: list[Root], globs: tuple[str, ...]) -> str | None:
    """The input ``target`` is a hard link of (only looked for when it has several links)."""
    try:
        if target.stat().st_nlink < 2:
            return None
    except OSError:
        return None
    return input_behind(str(target), found, globs)


def plan_tasks(
    inputs: Iterable[Input],
    found: list[Root],
    out: Path,
    plan: Plan,
    *,
    extension: str,
    skip_existing: bool,
    globs: tuple[str, ...] = ANY_FILE,
) -> Iterator[Task]:
    """Each input with its output path below ``out`` (relative paths mirrored, named by
    :func:`~.output_names.output_name`)."""
    trees = [r.base.resolve() for r in found if r.kind == "dir"]
    named = _named_files(found)
    taken: set[Path] = set()
    for item in inputs:
        if item.skipped or item.skip:  # not read, so nothing is written for it
            yield Task(item, "", plan)
            continue
        target = out / output_name(item.rel, extension)
        refused = None
        resolved = target.resolve()
        if target in taken:  # (planned up front; only a file added meanwhile gets here)
            refused = f"{target}: another input is already converted to this file"
        elif (
            resolved in named
            or any(_inside(resolved, tree) for tree in trees)
            or _linked_input(target, found, globs)
        ):
            refused = f"{target}: refusing to overwrite an input"
        else:
            try:
                contained(out, target)  # no escape through '..' or a link in the output tree
            except InputError as exc:
                refused = exc.format_message()
        taken.add(target)
        skip = skip_existing and refused is None and item.missing is None and target.is_file()
        yield Task(item, str(target), plan, refused, skip)


def refuse_collisions(inputs: Iterable[Input], out: Path, extension: str) -> None:
    """Exit 2 before anything is converted when two inputs would get one output name."""
    clashes = collisions(
        (item.display, output_name(item.rel, extension))
        for item in inputs
        if item.missing is None and item.skip is None
    )
    if clashes:
        lines = [
            f"{out / target}: the output of {', '.join(sources)}"
            for target, sources in clashes[:20]
        ]
        more = [f"... and {len(clashes) - 20} more"] if len(clashes) > 20 else []
        raise InputError(
            "several inputs map to one output name (rename one, or select with "
            "--glob); nothing was converted:",
            [*lines, *more],
        )


#: Per output directory, the hidden ``*.tmp`` names found there when this process first
#: wrote into it (listed once per directory, not once per file).
_temporaries: dict[Path, set[str]] = {}


def _clear_stale(target: Path) -> None:
    """Remove temporary files a killed earlier run left beside ``target``
    (:func:`~.io.atomic_write` names them ``.<name>.<random>.tmp``)."""
    folder = target.parent
    if folder not in _temporaries:
        try:
            _temporaries[folder] = {
                entry.name
                for entry in os.scandir(folder)
                if entry.name.startswith(".") and entry.name.endswith(".tmp")
            }
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
    item, plan = task.input, task.plan
    if item.missing:  # located, as check reports it (T014), in stderr and --report alike
        return Outcome(unreadable(item.display, item.missing))
    if task.refused:
        return Outcome(FileReport(item.display, error=task.refused))
    if item.skip:  # a file the default selection leaves out (README.md): counted, not read
        return Outcome(FileReport(item.display, skipped=item.skip), NOT_REPORTS)
    if item.skipped:  # a link or special file a walk did not take (T020-T022)
        return Outcome(
            FileReport(item.display, (make(*item.skipped, file=item.display),)), "not read"
        )
    target = Path(task.target)
    try:
        data = item.data if item.data is not None else read_bytes(item.path, plan.max_bytes)
        if item.sniff and not looks_like_report(data[:8192]):  # README.txt, package.json
            return Outcome(FileReport(item.display, skipped=NOT_A_REPORT), NOT_REPORTS)
        if task.skip and is_current(target, item.rel, data, plan.fingerprint):
            _clear_stale(target)  # killed while replacing an older output
            return Outcome(FileReport(item.display), "skipped")
        doc = read_document(
            item.path,
            fmt=plan.fmt,
            encoding=plan.encoding,
            data=data,
            max_bytes=plan.max_bytes,
            fallback_encoding=plan.fallback_encoding,
        )
        if item.sniff and passed_over(doc):  # a page linking to chess-results, a budget sheet
            return Outcome(FileReport(item.display, skipped=NOT_A_REPORT), NOT_REPORTS)
        errors = rule_errors(doc, input_problems(doc, item.path))  # as check finds them
        overflows, text = render_document(
            doc, plan.to, plan.options, max_bytes=plan.max_bytes, display=item.display
        )
        diagnostics = tuple(
            d if d.file else d.with_file(item.display)
            for d in (*doc.diagnostics, *errors, *overflows)
        )
        if text is None:
            return Outcome(FileReport(item.display, diagnostics), "not written")
        _clear_stale(target)
        _clear_stale(record_path(target))
        # (encoded: backslashreplace, the text may quote file names that are not UTF-8)
        try:
            atomic_write(target, encoded(text))
        except UnreadableOutput as exc:
            refused = at_input([exc.diagnostic], doc.tournament.source.path, item.display)
            return Outcome(FileReport(item.display, (*diagnostics, *refused)), "not written")
        write_record(target, item.rel, data, plan.fingerprint)
        return Outcome(FileReport(item.display, diagnostics), "written")
    except click.ClickException as exc:  # the input cannot be read (permission, ...)
        return Outcome(unreadable(item.display, exc.format_message()))
    except OSError as exc:
        return Outcome(
            FileReport(item.display, error=f"{task.target}: cannot write: {exc.strerror or exc}")
        )
    except Exception as exc:  # noqa: BLE001 - one bad file must not stop the batch
        crash = make(
            "T999",
            f"trfkit failed on this input with {type(exc).__name__}: {exc}; "
            "please report a bug with the input file",
            file=item.display,
        )
        return Outcome(FileReport(item.display, (crash,)))


def outcome_status(outcome: Outcome) -> int:
    """2 unreadable or crashed, 1 errors in the input, else 0."""
    report = outcome.report
    if report.error is not None or any(d.code == "T999" for d in report.diagnostics):
        return 2
    return exit_status(report.diagnostics)


def convert_many(
    paths: tuple[str, ...],
    out: Path,
    plan: Plan,
    *,
    extension: str,
    globs: tuple[str, ...],
    batch: Batch,
    skip_existing: bool = False,
    statistics: bool = False,
    report: tuple[str, str] | None = None,
    view: View | None = None,
) -> int:
    """Convert every input named by ``paths`` into ``out``; the worst exit status of all.

    ``view`` selects the diagnostics that count and prints those at its threshold."""
    view = view or View()
    found = roots(paths)
    check_output_dir(found, out)
    _temporaries.clear()  # listings of an earlier run in this process are out of date
    stdin = (
        read_stream(binary_stream("stdin"), plan.max_bytes or DEFAULT_MAX_BYTES)
        if "-" in paths
        else None
    )  # bounded: the reader reports a larger input (T007)
    # the default selection (check's): a shared extension is converted only when its
    # content is a tournament format; the rest is passed over and counted
    sniffed = SHARED_EXTENSIONS if tuple(globs) == DEFAULT_GLOBS else ()
    if next(iter_inputs(paths, globs, stdin=stdin), None) is None:  # as check: exit 2
        raise InputError("no files to convert (see --glob)")
    refuse_collisions(iter_inputs(paths, globs, stdin=stdin, sniffed=sniffed), out, extension)
    inputs = iter_inputs(paths, globs, stdin=stdin, sniffed=sniffed)
    tasks = plan_tasks(
        inputs, found, out, plan, extension=extension, skip_existing=skip_existing, globs=globs
    )
    tally, status, kept = Tally(), 0, []
    outcomes = run_batch(convert_task, tasks, batch, tally)
    with closing(outcomes):  # stopped early (Ctrl-C): end the workers now, not at exit
        for outcome in outcomes:
            counted = replace(
                outcome.report, diagnostics=tuple(view.selected(outcome.report.diagnostics))
            )
            print_diagnostics(view.shown(counted.diagnostics))
            if counted.error is not None and not counted.diagnostics:  # (else its T014)
                click.echo(escape_controls(f"Error: {counted.error}"), err=True)
            elif outcome.note == "not written" and not any(
                d.code == "T604" for d in outcome.report.diagnostics
            ):  # (T604 says why)
                click.echo(escape_controls(f"{counted.path}: nothing to convert"), err=True)
            status = max(
                status,
                outcome_status(replace(outcome, report=counted)),
                int(outcome.note == "not written"),
            )
            if report is not None:
                kept.append(counted)
    if report is not None:
        write_report(report[0], report[1], kept)
    print_summary(tally, statistics=statistics, quiet=batch.quiet)
    if not batch.quiet:
        click.echo(
            escape_controls(
                f"converted {tally.notes['written']} file(s) from {', '.join(paths)} to {out}"
            ),
            err=True,
        )
    return status
