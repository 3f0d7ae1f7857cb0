"""A file's own, reviewed exceptions: ``### trfkit: ignore T505 <reason>`` comment lines.

An arbiter who has checked that a finding is right for this event (a rank decided by a
play-off the file cannot show, say) writes it into the file, as ruff's ``# noqa`` and
flake8's ``# noqa`` comments do for code::

    ### trfkit: ignore T505 ranks 3 and 4 decided by the blitz play-off of 2024-03-04

A TRF-2026 comment line (``###``) keeps such a line verbatim through every tool, and
trfkit keeps it in the model (``Tournament.extra``, kind ``comment``), so it works for
TRF16 files and for the JSON model of either too. It suppresses the codes it names
(comma-separated) for the whole file. The reason is what makes the exception reviewable:
one without a reason still suppresses, with a T041 warning. A suppression that suppresses
nothing (the problem was fixed, or the code is mistyped) is reported as T040, as ruff's
RUF100 does, unless the code was not checked at all (``--select``/``--ignore`` left it
out). The codes that say an input could not be checked at all and T999 cannot be
suppressed, nor can T040 itself.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..diagnostic_codes import ALWAYS_REPORTED, CODES
from ..diagnostics import Diagnostic, make
from ..model import Tournament
from ..selection import Selector

__all__ = ["Suppression", "apply", "suppressions"]

#: ``### trfkit: ...``: a comment addressed to trfkit (anything else after ``###`` is prose).
_DIRECTIVE: Final = re.compile(r"###\s*trfkit\s*:\s*(?P<rest>.*?)\s*$", re.IGNORECASE)
_IGNORE: Final = re.compile(
    r"ignore\s+(?P<codes>[A-Za-z]\d{3}(?:\s*,\s*[A-Za-z]\d{3})*)(?:\s+(?P<reason>.*))?$",
    re.IGNORECASE,
)
_CODE: Final = re.compile(r"[A-Za-z]\d{3}")
#: Codes no comment can suppress: the input could not be checked, trfkit failed, or the
#: report that a suppression is unused.
UNSUPPRESSIBLE: Final = ALWAYS_REPORTED | {"T040"}


@dataclass(frozen=True, slots=True)
class Suppression:
    """One ``### trfkit: ignore`` line: its codes (with their columns) and its reason."""

    line: int
    codes: tuple[tuple[str, int], ...]  # (code, 1-based column)
    reason: str


def suppressions(
    tournament: Tournament, *, located: bool = True
) -> tuple[list[Suppression], list[Diagnostic]]:
    """The suppression comments of ``tournament`` and a T041 for each malformed one (or one
    without a reason). ``located=False``: the model's lines are not those of the input
    (a JSON file): everything is placed at 1:1."""
    found: list[Suppression] = []
    problems: list[Diagnostic] = []
    for raw in tournament.extra:
        if raw.kind != "comment" or not raw.text.startswith("###"):
            continue
        directive = _DIRECTIVE.match(raw.text)
        if directive is None:
            continue
        line = raw.line if located and raw.line else 1
        width = len(raw.text.rstrip()) if located else None
        rest = directive.group("rest")
        parsed = _IGNORE.match(rest)
        if parsed is None:
            problems.append(
                make(
                    "T041",
                    f"'{raw.text.strip()}' is not 'trfkit: ignore CODES REASON'; nothing suppressed",
                    line,
                    1,
                    width,
                )
            )
            continue
        start = directive.start("rest") + parsed.start("codes")
        codes = tuple(
            (m.group().upper(), start + m.start() + 1 if located else 1)
            for m in _CODE.finditer(parsed.group("codes"))
        )
        reason = (parsed.group("reason") or "").strip()
        found.append(Suppression(line, codes, reason))
        if not reason:
            named = ", ".join(code for code, _ in codes)
            problems.append(
                make(
                    "T041",
                    f"the suppression of {named} gives no reason; say why the exception "
                    "was accepted (### trfkit: ignore CODES REASON)",
                    line,
                    1,
                    width,
                )
            )
    return found, problems


def apply(
    tournament: Tournament,
    diagnostics: Sequence[Diagnostic],
    chosen: Selector,
    *,
    located: bool = True,
) -> tuple[list[Diagnostic], int]:
    """``diagnostics`` without the suppressed ones, plus T040/T041 about the comments;
    and how many were suppressed."""
    comments, problems = suppressions(tournament, located=located)
    if not comments and not problems:
        return list(diagnostics), 0
    wanted = {code for s in comments for code, _ in s.codes if code not in UNSUPPRESSIBLE}
    kept = [d for d in diagnostics if d.code not in wanted]
    present = {d.code for d in diagnostics}
    for s in comments:
        for code, column in s.codes:
            why = _unused(code, present, chosen)
            if why:
                end = column + len(code) - 1 if located else None
                problems.append(make("T040", why, s.line, column, end))
    path = tournament.source.path
    problems = [p.with_file(path) if path else p for p in problems if chosen.enabled(p.code)]
    return kept + problems, len(diagnostics) - len(kept)


def _unused(code: str, present: set[str], chosen: Selector) -> str:
    """Why the suppression of ``code`` suppresses nothing, or ``""`` when it does (or when
    ``code`` was not checked, so nobody can tell)."""
    if code not in CODES:
        return f"the suppression names {code}, which is no trfkit code (see `trfkit rules`)"
    if code in UNSUPPRESSIBLE:
        return f"{code} cannot be suppressed: it says the input was not checked at all"
    if code in present or not chosen.enabled(code):
        return ""
    return f"the suppression of {code} suppresses nothing: this file has no {code}"
