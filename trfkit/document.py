"""What a reader returns: the model plus the diagnostics found while reading."""

from __future__ import annotations

from .diagnostics import Diagnostic, Severity
from .frozen import field, frozen_dataclass
from .model import Tournament


@frozen_dataclass
class Document:
    """A tournament read from one input, with the located problems met on the way.

    ``text`` is the decoded input (kept so that reports can quote the source line
    under a caret); ``None`` for inputs that are not line-based (binary files).
    """

    tournament: Tournament
    diagnostics: tuple[Diagnostic, ...] = ()
    text: str | None = field(default=None, repr=False)

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.diagnostics)
