"""Checking many inputs: find the files, check each one (optionally in worker processes).

``trfkit check`` flattens its arguments first (stdin, files, directories walked
recursively and filtered by glob, as sqlite-utils' ``insert-files`` does), then
checks every input independently: a file that cannot be read, or that makes trfkit
crash, becomes a report of its own and never stops the others. Results come back
in input order whatever the number of workers, so output is deterministic.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from . import formats
from .diagnostic_codes import ALWAYS_REPORTED
from .diagnostics import Diagnostic, make
from .formats.sniff import looks_like_report
from .input_paths import NOT_A_REPORT, REPORT_EXTENSIONS, SHARED_EXTENSIONS, iter_inputs
from .limits import DEFAULT_MAX_BYTES, MAX_LINE_CHARS
from .parallel import ordered_map
from .rating_lists import rating_checks, rating_key
from .reading import ReadError, read_bytes, read_document
from .render.diagnostics import FileReport
from .selection import Selector
from .terminal import escape_controls
from .validation.driver import attributed, rules, validate_counted

#: File names ``trfkit check DIR`` picks up (case-insensitive): every format trfkit
#: reads. Those with a shared extension (:data:`~trfkit.input_paths.SHARED_EXTENSIONS`:
#: ``.txt .json .xml .html .htm .xlsx``) are checked only when their content is a
#: tournament format; the others are passed over and counted as skipped.
DEFAULT_GLOBS: tuple[str, ...] = tuple(
    f"*.{ext}" for ext in (*REPORT_EXTENSIONS, *SHARED_EXTENSIONS)
)

#: The batch note (and the stderr summary's words) of such a file, for check and convert.
NOT_REPORTS = "skipped (not tournament files)"

#: Reader verdicts that a file holds no table of a tournament (T006: no record of any
#: format; T629: a page or spreadsheet without a crosstable or starting list).
_NO_TOURNAMENT = frozenset({"T006", "T629"})


def passed_over(doc: Document) -> bool:
    """True when a file of a shared extension, taken by the default selection because its
    first bytes looked like a report, proves to hold none: a club's web page that links
    to chess-results, a budget spreadsheet. Such a file is skipped (counted), not an error."""
    t = doc.tournament
    return not (t.players or t.teams) and any(d.code in _NO_TOURNAMENT for d in doc.diagnostics)


if TYPE_CHECKING:
    from .check_cache import ResultCache  # sqlite3 and hashlib: for --cache only
    from .document import Document

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class Outcome:
    """One input's result in a batch: its report and, for ``convert``, what became of the
    output. Workers send it back as it is (frozen dataclasses pickle).

    ``note`` is ``"written"``, ``"skipped"`` (``--skip-existing``), ``"not written"``,
    ``"skipped (not tournament files)"`` (both commands) or ``""`` (``check``).
    """

    report: FileReport
    note: str = ""


@dataclass(frozen=True, slots=True)
class Job:
    """One input to check. ``data`` is set for stdin (read once by the parent process)."""

    path: str
    display: str
    data: bytes | None = None
    missing: str | None = None  # why the path cannot be checked (does not exist, ...)
    sniff: bool = False  # pass it over unless its content is a tournament format
    skip: str | None = None  # why it is passed over unread
    skipped: tuple[str, str] | None = None  # (code, message): a walk did not take it (T020-T022)


@dataclass(frozen=True, slots=True)
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
    profile: str | None = None  # --profile (trfkit.selection.PROFILES): its rules on
    file_ignores: tuple[str, ...] = ()  # codes per-file-ignores drops from this input
    rating_list: str | None = None  # --rating-list: a FIDE players list to compare with
    rating_kind: str | None = None  # --rating-kind (None: from the file's time control)
    rating_period: tuple[int, int] | None = None  # --rating-period (None: the list says)


def collect(
    paths: Iterable[str],
    globs: Sequence[str] = DEFAULT_GLOBS,
    *,
    stdin_name: str = "<stdin>",
    stdin: bytes | None = None,
    force_exclude: bool = False,
) -> Iterator[Job]:
    """Flatten command-line paths into jobs, lazily (:func:`trfkit.input_paths.iter_inputs`):
    ``-`` is stdin, directories are walked, glob patterns expanded.

    Files named explicitly are checked whatever their name (unless ``force_exclude``);
    each input appears once. With the default ``globs``, files of a shared extension
    are marked to be sniffed first (:data:`DEFAULT_GLOBS`).
    """
    sniffed = SHARED_EXTENSIONS if tuple(globs) == DEFAULT_GLOBS else ()
    for item in iter_inputs(
        paths,
        globs,
        stdin_name=stdin_name,
        stdin=stdin,
        sniffed=sniffed,
        force_exclude=force_exclude,
    ):
        yield Job(
            item.path, item.display, item.data, item.missing, item.sniff, item.skip, item.skipped
        )


def unreadable(display: str, why: str) -> FileReport:
    """The report of an input that could not be read: one located T014, in every format."""
    message = why[len(display) + 2 :] if why.startswith(f"{display}: ") else why
    return FileReport(display, (make("T014", message, file=display),), error=why)


def _quoted(text: str | None, diagnostics: Sequence[Diagnostic]) -> dict[int, str]:
    if not text or not diagnostics:
        return {}
    wanted = {d.line for d in diagnostics} | {d.related.line for d in diagnostics if d.related}
    lines = _LINE_BREAK.split(text)
    # A line longer than any record (T008) is quoted only up to where the caret points.
    return {n: lines[n - 1][: MAX_LINE_CHARS + 1] for n in sorted(wanted) if 1 <= n <= len(lines)}


_selectors: dict[tuple[tuple[str, ...], tuple[str, ...], str | None], Selector] = {}


def _selector(settings: Settings) -> Selector:
    """One selector per process and selection, so that its per-code decisions are cached."""
    key = (settings.select, settings.ignore, settings.profile)
    if key not in _selectors:
        _selectors[key] = Selector(*key)
    return _selectors[key]


def _file_ignored(code: str, ignored: tuple[str, ...]) -> bool:
    """True when ``per-file-ignores`` drops ``code`` (a code or prefix) from this input;
    what says an input could not be checked at all is reported whatever it says."""
    return bool(ignored) and code not in ALWAYS_REPORTED and code.startswith(ignored)


def _limit(settings: Settings) -> int:
    return DEFAULT_MAX_BYTES if settings.max_bytes is None else settings.max_bytes


def check_job(job: Job, settings: Settings) -> FileReport:
    """Read and validate one input; never raises (unless ``settings.debug``)."""

    if job.missing:
        return unreadable(job.display, job.missing)
    if job.skip:
        return FileReport(job.display, skipped=job.skip)
    if job.skipped:
        return FileReport(job.display, (make(*job.skipped, file=job.display),))
    try:
        data = job.data
        if job.sniff:
            data = read_bytes(job.path, _limit(settings)) if data is None else data
            if not looks_like_report(data[:8192]):
                return FileReport(job.display, skipped=NOT_A_REPORT)
        doc = read_document(
            job.display if data is not None else job.path,
            fmt=settings.fmt,
            encoding=settings.encoding,
            data=data,
            max_bytes=_limit(settings),
            fallback_encoding=settings.fallback_encoding,
        )
        if job.sniff and passed_over(doc):
            return FileReport(job.display, skipped=NOT_A_REPORT)
        extra = rating_checks(settings, doc.tournament) if settings.rating_list else ()
        checked, suppressed = validate_counted(doc, selector=_selector(settings), extra=extra)
        found = [
            attributed(d, doc.tournament.source.path, job.display)
            for d in checked
            if not _file_ignored(d.code, settings.file_ignores)
        ]
        lines = _quoted(doc.text, found) if settings.quote_lines else {}
        return FileReport(job.display, tuple(found), lines, suppressed=suppressed)
    except ReadError as exc:
        return unreadable(job.display, escape_controls(str(exc)))
    except Exception as exc:
        if settings.debug:
            raise
        crash = make(
            "T999",
            f"trfkit failed on this input with {type(exc).__name__}: {exc}; "
            "please report a bug with the input file",
            file=job.display,
        )
        return FileReport(job.display, (crash,))


def outcome(report: FileReport) -> Outcome:
    """A check's report as the batch tally counts it (a passed-over input is noted)."""
    return Outcome(report, NOT_REPORTS if report.skipped is not None else "")


def work(args: tuple[Job, Settings]) -> Outcome:
    """One job as the batch runner wants it (:mod:`trfkit.cli.many_files`)."""
    return outcome(check_job(*args))


def _preload(settings: Settings) -> None:
    """Import the TRF reader and the rules once in the parent process (no-op if done)."""
    rules()
    if settings.fmt in ("auto", "trf"):
        formats.available_readers()


def _stored(report: FileReport) -> dict[str, Any]:
    """A report as the cache keeps it: without file names (the same bytes may have several)."""
    from .render.diagnostics.machine import to_dict  # (and the rule docs): for a cache only

    diagnostics = []
    for d in report.diagnostics:
        data = to_dict(d)
        data["filename"] = ""
        if data["related"] is not None and data["related"]["filename"] == d.file:
            data["related"]["filename"] = ""
        diagnostics.append(data)
    lines = {str(k): v for k, v in report.lines.items()}
    return {"diagnostics": diagnostics, "lines": lines, "suppressed": report.suppressed}


def _restored(display: str, stored: dict[str, Any]) -> FileReport:
    from .render.diagnostics.machine import from_dict  # (and the rule docs): for a cache only

    found = tuple(from_dict(d).with_file(display) for d in stored["diagnostics"])
    lines = {int(k): v for k, v in stored["lines"].items()}
    return FileReport(display, found, lines, suppressed=stored.get("suppressed", 0))


def _cacheable(report: FileReport) -> bool:
    return (
        report.error is None
        and report.skipped is None
        and not any(d.code == "T999" for d in report.diagnostics)
    )


#: With ``--cache-dir`` the parent reads and hashes the inputs itself; it holds at most
#: this many of them (and at most :data:`CACHE_CHUNK_BYTES` of their bytes) at a time.
CACHE_CHUNK: int = 1024
CACHE_CHUNK_BYTES: int = 64 * 1024 * 1024


#: Each input's own settings (its configuration's selection and per-file-ignores), or
#: None when every input uses the run's.
PerJob = Callable[[Job], Settings] | None


def run(
    jobs: Iterable[Job],
    settings: Settings,
    workers: int = 1,
    cache_dir: str | None = None,
    per_job: PerJob = None,
    warn: Callable[[str], None] | None = None,
) -> Iterator[FileReport]:
    """Check every job, in ``workers`` processes when more than one; results in job order.

    With ``cache_dir``, inputs whose bytes (and settings, and trfkit) were checked
    before are answered from :mod:`trfkit.check_cache` without being parsed. The jobs are
    taken a bounded chunk at a time (read, looked up, checked, stored, yielded), so
    memory does not grow with the number of files. A cache that cannot be used is
    said once through ``warn`` and the run goes on without it.
    """
    if not cache_dir:
        yield from stream(jobs, settings, workers, per_job)
        return
    from .check_cache import ResultCache  # sqlite3 and hashlib: for --cache only

    cache = ResultCache(
        cache_dir,
        (
            settings.fmt,
            settings.encoding,
            settings.select,
            settings.ignore,
            settings.quote_lines,
            settings.max_bytes,
            settings.fallback_encoding,
            settings.profile,
            *rating_key(settings),
        ),
        warn,
    )
    try:
        for chunk in _chunks(jobs, settings):
            yield from _cached(chunk, settings, workers, cache, per_job)
    finally:
        cache.close()


def _chunks(jobs: Iterable[Job], settings: Settings) -> Iterator[list[tuple[Job, Job]]]:
    """``(job, job with its bytes)`` pairs, :data:`CACHE_CHUNK` (or fewer, when large) at once."""

    chunk: list[tuple[Job, Job]] = []
    held = 0
    for job in jobs:
        data = job.data
        if data is None and job.missing is None and job.skip is None and job.skipped is None:
            try:
                data = read_bytes(job.path, _limit(settings))  # bounded, like the workers
            except ReadError:
                data = None  # the worker reports why
        if job.sniff and data is not None and not looks_like_report(data[:8192]):
            job, data = replace(job, skip=NOT_A_REPORT), None  # not cached: never read
        chunk.append((job, job if data is None else replace(job, data=data)))
        held += len(data or b"")
        if len(chunk) >= CACHE_CHUNK or held >= CACHE_CHUNK_BYTES:
            yield chunk
            chunk, held = [], 0
    if chunk:
        yield chunk


def _own_settings(s: Settings) -> list[Any]:
    """What of an input's settings may differ from the run's (its configuration's): part
    of its cache key, so that one file's bytes under two per-file-ignores are two entries."""
    return [s.select, s.ignore, s.encoding, s.fallback_encoding, s.file_ignores]


def _cached(
    chunk: list[tuple[Job, Job]],
    settings: Settings,
    workers: int,
    cache: ResultCache,
    per_job: PerJob = None,
) -> Iterator[FileReport]:
    """One chunk: stored reports for known bytes, fresh checks (then stored) for the rest."""
    keys = [
        None
        if loaded.data is None or job.missing or job.skipped or job.skip
        else cache.key(loaded.data, _own_settings(per_job(job) if per_job else settings))
        for job, loaded in chunk
    ]
    hits = cache.get_many(k for k in keys if k is not None)
    todo = [i for i, k in enumerate(keys) if k is None or k not in hits]
    checked = stream([chunk[i][1] for i in todo], settings, workers, per_job)
    fresh = dict(zip(todo, checked, strict=True))
    cache.put_many(
        (k, _stored(fresh[i]))
        for i, k in enumerate(keys)
        if k is not None and i in fresh and _cacheable(fresh[i])
    )
    for i, (job, _loaded) in enumerate(chunk):
        key = keys[i]
        yield fresh[i] if i in fresh or key is None else _restored(job.display, hits[key])


def stream(
    jobs: Iterable[Job], settings: Settings, workers: int = 1, per_job: PerJob = None
) -> Iterator[FileReport]:
    """Check every job as it comes (:func:`trfkit.parallel.ordered_map`: bounded work in
    flight, results in job order), in ``workers`` processes when more than one."""
    if workers > 1:
        _preload(settings)  # forked workers inherit the imported reader and rules
    tasks = ((job, per_job(job) if per_job else settings) for job in jobs)
    for outcome in ordered_map(work, tasks, workers):
        yield outcome.report
