"""Located, coded diagnostics: the one record every stage reports problems with.

Readers, validators and tie-breaks never raise on bad input: they yield
:class:`Diagnostic` values. Codes and their fixed severity come from
:mod:`trfkit.diagnostic_codes`, so a message cannot drift from its code.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from .diagnostic_codes import CODES
from .terminal import escape_controls

__all__ = ["Severity", "Location", "Diagnostic", "make", "TrfError"]


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        """Higher is more severe; used for ``--fail-on``."""
        return {"info": 0, "warning": 1, "error": 2}[self.value]


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a file: 1-based line and columns (``end_column`` inclusive)."""

    file: str
    line: int
    column: int = 1
    end_column: int | None = None


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem: stable ``code``, its kebab-case ``name``, where and why."""

    code: str
    name: str
    severity: Severity
    message: str
    file: str = ""
    line: int = 1
    column: int = 1
    end_column: int | None = None
    related: Location | None = None
    hint: str | None = None
    model_path: str | None = None  # e.g. "players[3].rounds[4]"; None when not tied to the model

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.file, self.line, self.column, self.code)

    def with_file(self, file: str) -> Diagnostic:
        related = self.related
        if related is not None and not related.file:
            related = replace(related, file=file)
        return replace(self, file=file, related=related)

    def __str__(self) -> str:
        """The ``path:line:col: CODE message`` line; control characters a file put into the
        path or the message are shown escaped (:mod:`trfkit.terminal`), so one diagnostic
        is one line and cannot drive the terminal."""
        return escape_controls(f"{self.file}:{self.line}:{self.column}: {self.code} {self.message}")


def make(
    code: str,
    message: str,
    line: int = 1,
    column: int = 1,
    end_column: int | None = None,
    *,
    file: str = "",
    related: Location | None = None,
    hint: str | None = None,
    model_path: str | None = None,
) -> Diagnostic:
    """Build a diagnostic for a registered ``code`` (name and severity come from it)."""
    info = CODES[code]
    return Diagnostic(
        code=code,
        name=info.name,
        severity=Severity(info.severity),
        message=message,
        file=file,
        line=max(1, line),
        column=max(1, column),
        end_column=end_column,
        related=related,
        hint=hint if hint is not None else (info.hint or None),
        model_path=model_path,
    )


class TrfError(ValueError):
    """Raised only in ``strict=True`` mode: the first error-level diagnostic."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(str(diagnostic))
        self.diagnostic = diagnostic
