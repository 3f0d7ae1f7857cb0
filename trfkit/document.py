"""What a reader returns: the model plus the diagnostics found while reading."""

from __future__ import annotations

from dataclasses import dataclass, field

from .diagnostic_codes import FATAL_CODES
from .diagnostics import Diagnostic, Severity
from .model import Tournament


@dataclass(frozen=True, slots=True)
class Document:
    """A tournament read from one input, with the located problems met on the way.

    ``text`` is the decoded input (kept so that reports can quote the source line
    under a caret); ``None`` for inputs that are not line-based (binary files).
    """

    tournament: Tournament
    diagnostics: tuple[Diagnostic, ...] = ()
    text: str | None = field(default=None, repr=False)

    def __repr__(self) -> str:
        """Short: ``<Document 'event.trf' trf <Tournament ...> 2 diagnostics>``."""
        source = self.tournament.source
        where = f"{source.path!r} " if source.path else ""
        kind = f"{source.format} " if source.format else ""
        return f"<Document {where}{kind}{self.tournament!r} {len(self.diagnostics)} diagnostics>"

    @property
    def has_errors(self) -> bool:
        """True when the file has an error-level problem: one the reader met *or* one the
        rules find (a colour conflict, wrong points): :func:`trfkit.is_valid`'s negation.

        Why not only :attr:`diagnostics`: those are the reader's, and a file that reads
        cleanly may still be wrong. The rules run on each access (nothing is cached in the
        frozen document); call :func:`trfkit.validate` once to have the list itself.
        """
        if self.has_reader_errors:
            return True
        from .validation.driver import is_valid

        return not is_valid(self)

    @property
    def has_reader_errors(self) -> bool:
        """True when reading met an error-level problem (in :attr:`diagnostics`); the
        rules are not run."""
        return any(d.severity is Severity.ERROR for d in self.diagnostics)


def nothing_read(doc: Document) -> bool:
    """True when there is no tournament to write: the input failed early, or the reader
    found it unusable (empty, undecodable, too large, not a tournament file: the codes
    for which the validator skips its rules too). A text file that is not a TRF would
    otherwise "convert" to a document holding its lines as unknown records."""
    t = doc.tournament
    if not doc.has_reader_errors:
        return False
    return not (t.players or t.header.records or t.teams or t.extra) or any(
        d.code in FATAL_CODES for d in doc.diagnostics
    )
