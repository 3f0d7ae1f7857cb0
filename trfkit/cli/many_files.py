"""What ``convert`` and ``check`` share when they run over many files.

The commands differ only in what they do with one input (a *work* function run in
the worker processes); this module does the rest, once:

* the options ``-j/--jobs``, ``--glob``, ``--quiet``, ``--report`` and ``--report-format``;
* running the work over the lazily flattened inputs through
  :func:`trfkit.parallel.ordered_map` (streaming, bounded, input order kept);
* a progress bar on stderr when stderr is a terminal, then a one-line summary
  (files read, clean, with warnings, with errors, unreadable) and, with
  ``--statistics``, the count of each diagnostic code;
* ``--report FILE``: the whole batch's diagnostics as JSON or SARIF, written
  atomically for the federation's records.

A work function returns an :class:`~trfkit.check_many.Outcome` and never raises; it
travels between processes as it is (a frozen dataclass pickles).
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any, TextIO, TypeVar

import click

from ..check_many import DEFAULT_GLOBS, Outcome
from ..diagnostic_codes import CODES
from ..diagnostics import Severity
from ..input_paths import SHARED_EXTENSIONS, count_inputs
from ..parallel import default_workers, ordered_map
from ..render.diagnostics import FileReport, Summary, render
from ..terminal import escape_controls
from .io import InputError, atomic_write, names_directory

F = TypeVar("F", bound=Callable[..., Any])

#: The most ``-j`` worker processes: each holds a copy of the interpreter and its chunk of
#: inputs, so ``-j 100000`` on a folder of ten thousand files would start ten thousand.
MAX_JOBS = 256

#: ``--report-format`` choices; ``auto`` picks SARIF for ``*.sarif``/``*.sarif.json``,
#: JUnit for ``*.xml``, else JSON.
REPORT_FORMATS = ("auto", "json", "sarif", "gitlab", "junit")


# ------------------------------------------------------------------------------ options


def batch_options(*, default_globs: Iterable[str]) -> Callable[[F], F]:
    """Add ``-j``, ``--glob``, ``--quiet``, ``--report`` and ``--report-format``."""

    globs_help = " ".join(default_globs)
    shared = [g for g in default_globs if g.lower().lstrip("*.") in SHARED_EXTENSIONS]
    if shared:  # the default selection sniffs these (trfkit.check_many.DEFAULT_GLOBS)
        globs_help += (
            f" ({' '.join(shared)} only when their content is a tournament "
            "format; the others are skipped and counted)"
        )

    def decorate(func: F) -> F:
        for option in reversed(
            [
                click.option(
                    "--glob",
                    "globs",
                    multiple=True,
                    metavar="PATTERN",
                    help="File names (or paths below the directory) to take inside "
                    f"directories; repeatable, any case. Default: {globs_help}.",
                ),
                click.option(
                    "-j",
                    "--jobs",
                    "jobs",
                    type=click.IntRange(1, MAX_JOBS),
                    default=None,
                    help=f"Worker processes, 1 to {MAX_JOBS} (default: the number of CPUs).",
                ),
                click.option(
                    "-q",
                    "--quiet",
                    is_flag=True,
                    help="No progress bar and no batch summary on stderr.",
                ),
                click.option(
                    "--report",
                    "report_path",
                    default=None,
                    metavar="FILE",
                    help="Also write every diagnostic of the batch to FILE (JSON, SARIF "
                    "for *.sarif, JUnit for *.xml), atomically.",
                ),
                click.option(
                    "--report-format",
                    "report_format",
                    type=click.Choice(REPORT_FORMATS),
                    default="auto",
                    show_default=True,
                    help="Format of --report.",
                ),
            ]
        ):
            func = option(func)
        return func

    return decorate


# ------------------------------------------------------------------------------ progress


class Progress:
    """A one-line bar on a terminal's stderr; does nothing when stderr is a file or pipe.

    The bar is one column narrower than the terminal (a full-width line makes some
    terminals wrap, and a wrapped bar scrolls instead of being redrawn). Redrawn at
    most ten times a second, so that a million tiny files do not spend their time
    painting it.
    """

    def __init__(
        self,
        total: int | None,
        stream: TextIO | None = None,
        *,
        enabled: bool = True,
        columns: int | None = None,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.total = total
        self.done = 0
        self.enabled = enabled and self.stream.isatty()
        self.width = max(20, (columns or terminal_columns(self.stream)) - 1)
        self._drawn = 0.0
        self._shown = False

    def advance(self, label: str = "", *, draw: bool = True) -> None:
        self.done += 1
        now = time.monotonic()
        if draw and self.enabled and (now - self._drawn >= 0.1 or self.done == self.total):
            self._drawn = now
            self._shown = True
            self.stream.write("\r" + self.line(label)[: self.width].ljust(self.width))
            self.stream.flush()

    def clear(self) -> None:
        """Take the bar off the screen, so that a line printed next starts clean."""
        if self._shown:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
            self._shown = False
            self._drawn = 0.0  # back on the next advance

    def line(self, label: str = "") -> str:
        """The bar; ``label`` (a file name, maybe a stranger's) with its controls escaped:
        a newline or an escape sequence in it would break the bar or rewrite the screen."""

        label = escape_controls(label)
        if self.total:
            filled = 30 * self.done // self.total
            return f"[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} {label}"
        return f"{self.done} files {label}"

    def close(self) -> None:
        self.clear()


def terminal_columns(stream: TextIO) -> int:
    """The width of the terminal ``stream`` writes to: ``$COLUMNS`` when set (as
    :func:`shutil.get_terminal_size` reads it, but for ``stream``, not stdout), else the
    terminal's own, else 80."""

    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
        return 80


def same_terminal(a: TextIO, b: TextIO) -> bool:
    """True when ``a`` and ``b`` show on one screen: the same stream, or both terminals
    on the same device (a bar on one must be erased before a line is printed on the other)."""

    if a is b:
        return True
    try:
        return (
            a.isatty()
            and b.isatty()
            and os.path.samestat(os.fstat(a.fileno()), os.fstat(b.fileno()))
        )
    except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
        return a.isatty() and b.isatty()  # cannot tell: assume one screen, erase


# ------------------------------------------------------------------------------ summary


class Tally:
    """Running counts over the batch (a few integers: memory does not grow with files)."""

    def __init__(self) -> None:
        self.files = self.clean = self.warnings = self.errors = self.unreadable = 0
        self.passed_over = 0  # not tournament files (the default selection's content test)
        self.suppressed = 0  # by the files' own ``### trfkit: ignore`` comments
        self.notes: Counter[str] = Counter()
        self.codes: Counter[str] = Counter()
        self.severities: Counter[Severity] = Counter()  # of the diagnostics

    def add(self, outcome: Outcome) -> None:
        report = outcome.report
        if outcome.note:
            self.notes[outcome.note] += 1
        if report.skipped is not None:
            self.passed_over += 1
        if outcome.note == "skipped" or report.skipped is not None:
            return  # --skip-existing, or not a tournament file: not read, so not "clean"
        self.files += 1
        self.suppressed += report.suppressed
        self.codes.update(d.code for d in report.diagnostics)
        self.severities.update(d.severity for d in report.diagnostics)
        severities = {d.severity for d in report.diagnostics}
        if report.error is not None:
            self.unreadable += 1
        elif Severity.ERROR in severities:
            self.errors += 1
        elif Severity.WARNING in severities:
            self.warnings += 1
        else:
            self.clean += 1

    def sentence(self) -> str:
        """``12 files read: 9 clean, 1 with warnings, 1 with errors, 1 unreadable``."""
        text = (
            f"{self.files} file{'s' if self.files != 1 else ''} read: {self.clean} clean, "
            f"{self.warnings} with warnings, {self.errors} with errors, "
            f"{self.unreadable} unreadable"
        )
        if self.notes:
            text += "; " + ", ".join(f"{n} {note}" for note, n in sorted(self.notes.items()))
        return text

    def summary(self, lowest: Severity = Severity.INFO) -> Summary:
        """The batch as the diagnostics renderers summarise it (``Found 3 problems ... in
        4 files.``), counting what is below ``lowest`` (the display threshold) as hidden."""
        shown = {s: n if s.rank >= lowest.rank else 0 for s, n in self.severities.items()}
        return Summary(
            files=self.files,
            unreadable=self.unreadable,
            errors=shown.get(Severity.ERROR, 0),
            warnings=shown.get(Severity.WARNING, 0),
            infos=shown.get(Severity.INFO, 0),
            by_code=dict(sorted(self.codes.items())),
            skipped=self.passed_over,
            hidden=sum(self.severities.values()) - sum(shown.values()),
            hidden_below=lowest.value,
            suppressed=self.suppressed,
        )

    def exit_status(self, fail_on: str, exit_zero: bool = False) -> int:
        """2 for unreadable inputs or internal errors (T999); else 1 when a diagnostic
        reaches ``fail_on`` (0 with ``exit_zero``)."""
        if self.unreadable or self.codes["T999"]:
            return 2
        threshold = Severity(fail_on).rank
        return int(
            not exit_zero
            and any(n and severity.rank >= threshold for severity, n in self.severities.items())
        )

    def statistics(self) -> list[str]:
        """``  1000  T403  scoring-system-assumed``, most frequent first."""

        rows = sorted(self.codes.items(), key=lambda item: (-item[1], item[0]))
        return [f"{n:6d}  {code}  {CODES[code].name if code in CODES else ''}" for code, n in rows]


# ------------------------------------------------------------------------------ running


@dataclass(frozen=True, slots=True)
class Batch:
    """How to run: ``workers`` processes, and whether people are watching (``quiet``)."""

    workers: int | None = None
    quiet: bool = False
    total: int | None = None  # for the bar; None = unknown (counted only for a terminal)

    @property
    def processes(self) -> int:
        return self.workers or default_workers()


def run_batch(
    work: Callable[[Any], Outcome],
    tasks: Iterable[Any],
    batch: Batch,
    tally: Tally,
    *,
    printed_to: TextIO | None = None,
) -> Generator[Outcome, None, None]:
    """Yield the outcome of ``work(task)`` for every task, in order, counting each in ``tally``.

    ``printed_to`` is where the caller prints a file's diagnostics (default: stderr);
    a file's error line always goes to stderr. The bar is
    erased before such a line only when that line would land on the bar's screen: with
    diagnostics redirected to a file it stays up.
    """
    progress = Progress(batch.total, enabled=not batch.quiet)
    shared = same_terminal(progress.stream, printed_to if printed_to is not None else sys.stderr)
    try:
        for outcome in ordered_map(work, tasks, batch.processes):
            tally.add(outcome)
            on_screen = outcome.report.error is not None or (
                shared and bool(outcome.report.diagnostics)
            )
            progress.advance(outcome.report.path, draw=not on_screen)
            if on_screen:
                progress.clear()  # the caller prints its lines: not behind the bar
            yield outcome
    finally:
        progress.close()


def print_summary(tally: Tally, *, statistics: bool = False, quiet: bool = False) -> None:
    """The batch summary on stderr (not with ``--quiet``); per-code counts with ``statistics``."""
    if quiet:
        return
    click.echo(f"trfkit: {tally.sentence()}", err=True)
    if statistics:
        for row in tally.statistics():
            click.echo(row, err=True)


def report_format(path: str, chosen: str = "auto") -> str:
    """``json``, ``sarif``, ``gitlab`` or ``junit``: as chosen, else by the file name."""
    if chosen != "auto":
        return chosen
    from pathlib import Path  # only with --report: not at start-up

    name = Path(path).name.lower()
    if name.endswith(".xml"):
        return "junit"
    return "sarif" if name.endswith((".sarif", ".sarif.json")) else "json"


def refuse_report_dir(path: str | None) -> None:
    """Exit 2 before any work when ``--report`` names a directory (``out/``, or one that
    exists): a report is one file, and finding that out after the batch wastes the run."""

    if path and (names_directory(path) or os.path.isdir(path)):
        raise InputError(
            f"{path}: names a directory; --report needs a file name (e.g. reports/trfkit.sarif)"
        )


def write_report(path: str, chosen: str, reports: list[FileReport]) -> None:
    """Write ``reports`` as one JSON or SARIF document to ``path``, atomically."""
    from pathlib import Path  # pathlib: not for a one-file command

    buffer = io.StringIO()
    render(report_format(path, chosen), reports, buffer)
    try:
        # backslashreplace: the report quotes file names from the OS, which need not be UTF-8
        atomic_write(Path(path), buffer.getvalue().encode("utf-8", errors="backslashreplace"))
    except OSError as exc:
        raise InputError(f"{path}: cannot write the report: {exc.strerror or exc}") from None


def to_count(paths: Iterable[str], globs: Iterable[str], quiet: bool) -> int | None:
    """The number of inputs, for a progress bar; ``None`` (no extra walk) when nobody watches."""
    if quiet or not sys.stderr.isatty():
        return None

    chosen = tuple(globs)
    return count_inputs(paths, chosen, SHARED_EXTENSIONS if chosen == DEFAULT_GLOBS else ())
