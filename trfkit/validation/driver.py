"""The validator: a registry of small rules over the canonical model, and its driver.

A rule is a generator function ``f(tournament) -> Iterator[Diagnostic]`` registered
under the one code it reports (``@rule("T302")``). Rules only state the problem and
where it is; the driver adds what they all need: the file name, the selection of
codes (``--select``/``--ignore``), and protection against a rule that crashes (it
becomes a T999 diagnostic and the other rules still run), as jsonschema's
``iter_errors`` does for its keyword functions.

``iter_diagnostics`` is the lazy primitive; :func:`validate` (reader diagnostics +
rule diagnostics, sorted, optionally strict) and :func:`is_valid` sit on top.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import chain

from ..diagnostic_codes import ALWAYS_REPORTED, CODES
from ..diagnostic_codes import FATAL_CODES as _FATAL_CODES
from ..diagnostics import Diagnostic, Severity, TrfError, make
from ..document import Document
from ..model import Tournament
from ..selection import DEFAULT, Selector
from . import suppression
from .declared import CHECKS as STAGE_CHECKS
from .facts import forget
from .registry import RULES, Rule, rule

#: A check outside the registry: ``f(tournament)`` yields the diagnostics of one code.
Check = Callable[[Tournament], Iterable[Diagnostic]]

__all__ = [
    "RULES",
    "Rule",
    "attributed",
    "is_valid",
    "iter_diagnostics",
    "rule",
    "rules",
    "validate",
    "validate_counted",
]

#: Package whose modules hold rules; imported on first use so that ``import trfkit``
#: stays cheap.
CHECK_PACKAGE = "trfkit.validation.rules"
#: The modules of :data:`CHECK_PACKAGE` that hold rules, named here rather than found by
#: scanning the package (pkgutil costs more than the scan saves); a test fails when a
#: module of the package is missing from this list.
CHECK_MODULES = ("header", "pairings", "scores", "teams", "rating_header", "rating_players")
_loaded = False

#: (re-exported: :data:`trfkit.diagnostic_codes.FATAL_CODES`, reported whatever the selection)
FATAL_CODES = _FATAL_CODES


#: Reader codes that make a whole line unreliable (cut short, columns shifted): rule
#: findings on or against such a line are consequences of the reported problem.
UNRELIABLE_LINE_CODES = frozenset({"T102", "T107"})


def _follows_from(diagnostic: Diagnostic, lines: set[int]) -> bool:
    """True when ``diagnostic`` points at, or relates to, a line the reader found unreliable."""
    if not lines or diagnostic.code == "T999":
        return False
    related = diagnostic.related
    return diagnostic.line in lines or (related is not None and related.line in lines)


#: Sources whose model line numbers are lines of a TRF text ("" = built in code).
#: Rules locate problems by TRF columns; for other inputs (Swiss-Manager binaries,
#: XML, JSON) that would point into nowhere, so the location becomes the file
#: itself and ``model_path`` says where the problem is.
LINE_BASED_FORMATS = frozenset({"trf", ""})


def _unlocated(diagnostic: Diagnostic) -> Diagnostic:
    return replace(diagnostic, line=1, column=1, end_column=None, related=None)


def rules() -> dict[str, Rule]:
    """Every registered rule, importing the check modules if needed."""
    global _loaded
    if not _loaded:
        for name in CHECK_MODULES:
            importlib.import_module(f"{CHECK_PACKAGE}.{name}")
        _loaded = True
    return RULES


def _selector(
    select: Iterable[str] | str | None,
    ignore: Iterable[str] | str | None,
    selector: Selector | None,
    profile: str | None = None,
) -> Selector:
    if selector is not None:
        return selector
    if select is None and ignore is None and not profile:
        return DEFAULT
    return Selector.from_options(_as_list(select), None, _as_list(ignore), profile)


def _as_list(value: Iterable[str] | str | None) -> Iterable[str] | None:
    return [value] if isinstance(value, str) else value


def _crashed(code: str, exc: Exception) -> Diagnostic:
    name = CODES[code].name
    return make(
        "T999",
        f"rule {code} ({name}) failed with {type(exc).__name__}: {exc}; "
        "please report a bug with the input file",
        1,
        1,
    )


def iter_diagnostics(
    tournament: Tournament,
    *,
    select: Iterable[str] | str | None = None,
    ignore: Iterable[str] | str | None = None,
    selector: Selector | None = None,
    profile: str | None = None,
    extra: Sequence[tuple[str, Check]] = (),
) -> Iterator[Diagnostic]:
    """Yield what the rules find in ``tournament``, rule by rule (code order), then what
    the checks of the tie-break stage find (:data:`trfkit.validation.declared.CHECKS`:
    T024, T319's declared ranks, T501, T503; they compute standings, the rules do not),
    then what the ``extra`` ``(code, check)`` pairs find (checks against outside data,
    as the rating list of ``check --rating-list``: :mod:`trfkit.validation.rating_list`).

    ``select``/``ignore`` take codes or prefixes (longest prefix wins, see
    :mod:`trfkit.selection`). A rule that raises yields one T999 diagnostic; the
    other rules still run. Diagnostics without a file get ``tournament.source.path``.
    ``profile`` (a name of :data:`trfkit.selection.PROFILES`, e.g. ``"fide-rating"``)
    switches on that profile's rules, which are off by default.
    """
    chosen = _selector(select, ignore, selector, profile)
    path = tournament.source.path
    columns = tournament.source.format in LINE_BASED_FORMATS
    try:
        stages = chain(((code, r.func) for code, r in sorted(rules().items())), STAGE_CHECKS, extra)
        for code, check in stages:
            if not chosen.enabled(code):
                continue
            try:
                for diagnostic in check(tournament):
                    if not columns:
                        diagnostic = _unlocated(diagnostic)
                    yield diagnostic.with_file(path) if path and not diagnostic.file else diagnostic
            except Exception as exc:  # noqa: BLE001 - a broken rule must not stop the others
                crash = _crashed(code, exc)
                yield crash.with_file(path) if path else crash
    finally:
        forget(tournament)  # the rules share facts for one run only (see validation.facts.forget)


def attributed(d: Diagnostic, origin: str, display: str) -> Diagnostic:
    """``d`` reported at the input that was checked (``display``), as every command does.

    A model read from JSON remembers the TRF file it was converted from; its line
    numbers belong to that file, so such findings are placed at the top of the
    input (``model_path`` still says where), and the old path is not shown.
    """
    if not d.file:
        return d.with_file(display)
    if origin and d.file == origin and origin != display:
        return replace(d, file=display, line=1, column=1, end_column=None, related=None)
    return d


def validate(
    subject: Document | Tournament,
    strict: bool = False,
    *,
    select: Iterable[str] | str | None = None,
    ignore: Iterable[str] | str | None = None,
    selector: Selector | None = None,
    profile: str | None = None,
    extra: Sequence[tuple[str, Check]] = (),
) -> list[Diagnostic]:
    """All diagnostics of a document (reader's and rules') or a tournament, sorted by position.

    ``extra`` checks run after the rules, as :func:`iter_diagnostics` says.

    Rules are skipped when the reader found the input unusable (empty, binary, not a
    tournament file; those codes, :data:`trfkit.diagnostic_codes.ALWAYS_REPORTED`, are returned
    whatever ``select``/``ignore`` say), and their findings on or against a line the
    reader found cut short or shifted (T102, T107) are dropped as consequences of that
    problem. The codes the file's own ``### trfkit: ignore`` comments name are left out
    (:mod:`trfkit.validation.suppression`; T040/T041 report those comments).
    ``strict=True`` raises :class:`TrfError` with the first error-level diagnostic
    instead of returning a list that has one. ``profile="fide-rating"`` adds the rating
    officer's checks (T7xx, off by default; :data:`trfkit.selection.PROFILES`).
    """
    found, _ = validate_counted(
        subject, select=select, ignore=ignore, selector=selector, profile=profile, extra=extra
    )
    if strict:
        for diagnostic in found:
            if diagnostic.severity is Severity.ERROR:
                raise TrfError(diagnostic)
    return found


def validate_counted(
    subject: Document | Tournament,
    *,
    select: Iterable[str] | str | None = None,
    ignore: Iterable[str] | str | None = None,
    selector: Selector | None = None,
    profile: str | None = None,
    extra: Sequence[tuple[str, Check]] = (),
) -> tuple[list[Diagnostic], int]:
    """:func:`validate`'s diagnostics and how many the file's comments suppressed."""
    chosen = _selector(select, ignore, selector, profile)
    unreliable: set[int] = set()
    if isinstance(subject, Document):
        found = [
            d for d in subject.diagnostics if chosen.enabled(d.code) or d.code in ALWAYS_REPORTED
        ]
        t = subject.tournament
        # an input the reader could not turn into players (malformed JSON, unsafe XML, a
        # spreadsheet without its extra) is that error alone: "no name" beside it is noise
        fatal = any(d.code in FATAL_CODES for d in subject.diagnostics) or (
            subject.has_reader_errors and not (t.players or t.teams)
        )
        unreliable = {d.line for d in subject.diagnostics if d.code in UNRELIABLE_LINE_CODES}
        tournament = subject.tournament
    else:
        found, fatal, tournament = [], False, subject
    if not fatal:
        found.extend(
            d
            for d in iter_diagnostics(tournament, selector=chosen, extra=extra)
            if not _follows_from(d, unreliable)
        )
    found, suppressed = suppression.apply(
        tournament, found, chosen, located=tournament.source.format in LINE_BASED_FORMATS
    )
    found.sort(key=lambda d: d.sort_key)
    return found, suppressed


def is_valid(
    subject: Document | Tournament,
    *,
    select: Iterable[str] | str | None = None,
    ignore: Iterable[str] | str | None = None,
    profile: str | None = None,
) -> bool:
    """True when nothing of error severity is found (with ``profile``'s rules too, if named)."""
    found = validate(subject, select=select, ignore=ignore, profile=profile)
    return not any(d.severity is Severity.ERROR for d in found)
