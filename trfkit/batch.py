"""Checking many inputs: find the files, check each one (optionally in worker processes).

``trfkit check`` flattens its arguments first (stdin, files, directories walked
recursively and filtered by glob, as sqlite-utils' ``insert-files`` does), then
checks every input independently: a file that cannot be read, or that makes trfkit
crash, becomes a report of its own and never stops the others. Results come back
in input order whatever the number of workers, so output is deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .diagnostics import Diagnostic, make
from .frozen import frozen_dataclass, replace
from .limits import MAX_LINE_CHARS
from .reporters import FileReport
from .selection import Selector
from .wire import Outcome

#: File names ``trfkit check DIR`` picks up (case-insensitive): TRF and its engine
#: dialects, ICU/Krause ``.tab``, text exports and Swiss-Manager's native files.
DEFAULT_GLOBS: tuple[str, ...] = (
    "*.trf", "*.trfx", "*.txt", "*.tab", "*.input", "*.tunx", "*.turx", "*.tumx", "*.tutx",
)

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@frozen_dataclass
class Job:
    """One input to check. ``data`` is set for stdin (read once by the parent process)."""

    path: str
    display: str
    data: bytes | None = None
    missing: str | None = None  # why the path cannot be checked (does not exist, ...)


@frozen_dataclass
class Settings:
    """What every worker needs to know; plain values so that it pickles cheaply."""

    fmt: str = "auto"
    encoding: str | None = None
    select: tuple[str, ...] = ("T",)
    ignore: tuple[str, ...] = ()
    quote_lines: bool = False  # keep the source lines diagnostics point at (``full``)
    debug: bool = False
    max_bytes: int | None = None  # --max-bytes (None: trfkit.limits.DEFAULT_MAX_BYTES)
    fallback_encoding: str | None = None  # --fallback-encoding


def collect(paths: Iterable[str], globs: Sequence[str] = DEFAULT_GLOBS, *,
            stdin_name: str = "<stdin>", stdin: bytes | None = None) -> Iterator[Job]:
    """Flatten command-line paths into jobs, lazily (:func:`trfkit.inputs.iter_inputs`):
    ``-`` is stdin, directories are walked, glob patterns expanded.

    Files named explicitly are checked whatever their name; each input appears once.
    """
    from .inputs import iter_inputs

    for item in iter_inputs(paths, globs, stdin_name=stdin_name, stdin=stdin):
        yield Job(item.path, item.display, item.data, item.missing)


def _quoted(text: str | None, diagnostics: Sequence[Diagnostic]) -> dict[int, str]:
    if not text or not diagnostics:
        return {}
    wanted = {d.line for d in diagnostics} | {d.related.line for d in diagnostics if d.related}
    lines = _LINE_BREAK.split(text)
    # A line longer than any record (T008) is quoted only up to where the caret points.
    return {n: lines[n - 1][:MAX_LINE_CHARS + 1] for n in sorted(wanted) if 1 <= n <= len(lines)}


def _attributed(d: Diagnostic, origin: str, display: str) -> Diagnostic:
    """Report everything at the input that was checked.

    A model read from JSON remembers the TRF file it was converted from; its line
    numbers belong to that file, so such findings are placed at the top of the
    input (``model_path`` still says where), and the old path is not shown.
    """
    if not d.file:
        return d.with_file(display)
    if origin and d.file == origin and origin != display:
        return replace(d, file=display, line=1, column=1, end_column=None, related=None)
    return d


_selectors: dict[tuple[tuple[str, ...], tuple[str, ...]], Selector] = {}


def _selector(settings: Settings) -> Selector:
    """One selector per process and selection, so that its per-code decisions are cached."""
    key = (settings.select, settings.ignore)
    if key not in _selectors:
        _selectors[key] = Selector(*key)
    return _selectors[key]


def check_job(job: Job, settings: Settings) -> FileReport:
    """Read and validate one input; never raises (unless ``settings.debug``)."""
    from .cli.common import InputError, read_document
    from .validation import validate

    if job.missing:
        return FileReport(job.display, error=job.missing)
    try:
        doc = read_document(job.display if job.data is not None else job.path,
                            fmt=settings.fmt, encoding=settings.encoding, data=job.data,
                            max_bytes=settings.max_bytes,
                            fallback_encoding=settings.fallback_encoding)
        found = [_attributed(d, doc.tournament.source.path, job.display)
                 for d in validate(doc, selector=_selector(settings))]
        lines = _quoted(doc.text, found) if settings.quote_lines else {}
        return FileReport(job.display, tuple(found), lines)
    except InputError as exc:
        return FileReport(job.display, error=exc.format_message())
    except Exception as exc:
        if settings.debug:
            raise
        crash = make("T999", f"trfkit failed on this input with {type(exc).__name__}: {exc}; "
                             "please report a bug with the input file", file=job.display)
        return FileReport(job.display, (crash,))


def work(args: tuple[Job, Settings]) -> Outcome:
    """One job as the batch runner wants it (:mod:`trfkit.cli.batchrun`)."""
    return Outcome(check_job(*args))


def _preload(settings: Settings) -> None:
    """Import the TRF reader and the rules once in the parent process (no-op if done)."""
    from . import formats
    from .validation import rules

    rules()
    if settings.fmt in ("auto", "trf"):
        formats.available_readers()


def _stored(report: FileReport) -> dict[str, Any]:
    """A report as the cache keeps it: without file names (the same bytes may have several)."""
    from .reporters.machine import to_dict

    diagnostics = []
    for d in report.diagnostics:
        data = to_dict(d)
        data["filename"] = ""
        if data["related"] is not None and data["related"]["filename"] == d.file:
            data["related"]["filename"] = ""
        diagnostics.append(data)
    return {"diagnostics": diagnostics, "lines": {str(k): v for k, v in report.lines.items()}}


def _restored(display: str, stored: dict[str, Any]) -> FileReport:
    from .reporters.machine import from_dict

    found = tuple(from_dict(d).with_file(display) for d in stored["diagnostics"])
    return FileReport(display, found, {int(k): v for k, v in stored["lines"].items()})


def _cacheable(report: FileReport) -> bool:
    return report.error is None and not any(d.code == "T999" for d in report.diagnostics)


def run(jobs: Sequence[Job], settings: Settings, workers: int = 1,
        cache_dir: str | None = None) -> list[FileReport]:
    """Check every job, in ``workers`` processes when more than one; results in job order.

    With ``cache_dir``, inputs whose bytes (and settings, and trfkit) were checked
    before are answered from :mod:`trfkit.cache` without being parsed.
    """
    if not cache_dir:
        return _run(jobs, settings, workers)
    from .cache import ResultCache
    from .cli.common import InputError, read_bytes

    cache = ResultCache(cache_dir, (settings.fmt, settings.encoding, settings.select,
                                    settings.ignore, settings.quote_lines, settings.max_bytes,
                                    settings.fallback_encoding))
    loaded: list[Job] = []
    keys: list[str | None] = []
    for job in jobs:
        data = job.data
        if data is None and job.missing is None:
            try:
                data = read_bytes(job.path, settings.max_bytes)  # bounded, like the workers
            except InputError:
                data = None  # the worker reports why
        loaded.append(job if data is None else Job(job.path, job.display, data, job.missing))
        keys.append(None if data is None or job.missing else cache.key(data))
    hits = cache.get_many(k for k in keys if k is not None)
    todo = [i for i, k in enumerate(keys) if k is None or k not in hits]
    fresh = (dict(zip(todo, _run([loaded[i] for i in todo], settings, workers), strict=False))
             if todo else {})
    cache.put_many((keys[i], _stored(r)) for i, r in fresh.items()  # type: ignore[misc]
                   if keys[i] is not None and _cacheable(r))
    cache.close()
    return [fresh[i] if i in fresh else _restored(job.display, hits[keys[i]])  # type: ignore[index]
            for i, job in enumerate(jobs)]


def _run(jobs: Sequence[Job], settings: Settings, workers: int) -> list[FileReport]:
    return list(stream(jobs, settings, workers))


def stream(jobs: Iterable[Job], settings: Settings, workers: int = 1) -> Iterator[FileReport]:
    """Check every job as it comes (:func:`trfkit.parallel.ordered_map`: bounded work in
    flight, results in job order), in ``workers`` processes when more than one."""
    from .parallel import ordered_map
    from .wire import from_wire, pack

    if workers > 1:
        _preload(settings)  # forked workers inherit the imported reader and rules
    tasks = ((job, settings) for job in jobs)
    for outcome in ordered_map(work, tasks, workers, pack=pack, unpack=from_wire):
        yield outcome.report
