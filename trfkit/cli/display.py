"""What a command shows of the diagnostics it found: the selection and the display threshold.

``--select``/``--ignore`` decide which codes are *found* (the exit status counts
them); ``--min-severity`` only decides which of those are *shown*. Infos (a guessed
encoding, an assumed scoring system, a vendor line kept) are most of what real files
produce, so people see warnings and errors unless they ask (``-v``), while programs
(JSON, JSON lines, SARIF) get everything by default. Hidden diagnostics are counted,
and the summary says so.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import click

from ..diagnostic_codes import ALWAYS_REPORTED
from ..diagnostics import Diagnostic, Severity
from ..selection import Selector, SelectorError

#: Output formats read by programs: nothing is hidden unless asked for.
MACHINE_FORMATS = frozenset({"json", "jsonl", "sarif", "gitlab", "junit"})
#: Codes reported whatever the selection: trfkit's own failures and the inputs with nothing
#: to check (unreadable, binary, empty, no report, no players): see
#: :data:`trfkit.diagnostic_codes.ALWAYS_REPORTED`.
ALWAYS = ALWAYS_REPORTED


def selector(
    select: tuple[str, ...],
    extend: tuple[str, ...],
    ignore: tuple[str, ...],
    profile: str | None = None,
) -> Selector:
    """The selector of the options (and ``--profile``), or a usage error naming the
    unknown code or profile."""
    try:
        return Selector.from_options(select or None, extend, ignore, profile)
    except SelectorError as exc:
        raise click.UsageError(str(exc)) from None


def threshold(
    min_severity: str | None, verbose: bool, *, output_format: str = "text", fail_on: str = "error"
) -> Severity:
    """The lowest severity shown: ``-v`` or ``--min-severity`` as given; else info for
    machine formats and warning for people, or ``fail_on`` if lower (a run that fails
    on infos shows them)."""
    if verbose:
        return Severity.INFO
    if min_severity is not None:
        return Severity(min_severity)
    if output_format in MACHINE_FORMATS or Severity(fail_on) is Severity.INFO:
        return Severity.INFO
    return Severity.WARNING


def selected(diagnostics: Iterable[Diagnostic], chosen: Selector) -> list[Diagnostic]:
    """The diagnostics whose codes are selected (and the ones always reported)."""
    return [d for d in diagnostics if d.code in ALWAYS or chosen.enabled(d.code)]


def shown(diagnostics: Iterable[Diagnostic], lowest: Severity) -> list[Diagnostic]:
    """The diagnostics at ``lowest`` or above."""
    return [d for d in diagnostics if d.severity.rank >= lowest.rank]


@dataclass(frozen=True, slots=True)
class View:
    """A command's selection (what counts) and display threshold (what is printed)."""

    chosen: Selector = field(default_factory=Selector)
    lowest: Severity = Severity.WARNING

    @classmethod
    def from_options(
        cls,
        select: tuple[str, ...],
        extend: tuple[str, ...],
        ignore: tuple[str, ...],
        min_severity: str | None,
        verbose: bool,
    ) -> View:
        return cls(selector(select, extend, ignore), threshold(min_severity, verbose))

    def selected(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        return selected(diagnostics, self.chosen)

    def shown(self, diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
        return shown(self.selected(diagnostics), self.lowest)
