"""What a reader returns: the model plus the diagnostics found while reading.

A plain record, below the validator and the tie-breaks: what needs either is added by
the load path above them (:mod:`trfkit.reading`): the rules behind
:attr:`~trfkit.reading.LoadedDocument.has_errors`, and the columns a reader leaves
:attr:`~Document.undecided` because only computed tie-breaks tell what they hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .diagnostic_codes import FATAL_CODES
from .diagnostics import Diagnostic, Severity
from .model import Tournament


@dataclass(frozen=True, slots=True)
class UndecidedColumn:
    """A tie-break column whose legend does not print its settings (an older
    chess-results page: "Buchholz Tie-Breaks (variabel with parameter)").

    The reader reads it as ``code`` and lists the ``variants`` it may be, plain first;
    the load path settles it by the page's own values (:mod:`trfkit.hidden_settings`).
    ``column`` is the page's tie-break number (``TB1`` is 1), ``listed_at`` the code's
    place in :attr:`~trfkit.model.Header.tiebreaks`.
    """

    column: int
    code: str
    variants: tuple[str, ...]
    listed_at: int


@dataclass(frozen=True, slots=True)
class Document:
    """A tournament read from one input, with the located problems met on the way.

    ``text`` is the decoded input (kept so that reports can quote the source line
    under a caret); ``None`` for inputs that are not line-based (binary files).
    ``undecided``: what the reader could not settle alone (see :class:`UndecidedColumn`);
    empty once loaded.
    """

    tournament: Tournament
    diagnostics: tuple[Diagnostic, ...] = ()
    text: str | None = field(default=None, repr=False)
    undecided: tuple[UndecidedColumn, ...] = ()

    def __repr__(self) -> str:
        """Short: ``<Document 'event.trf' trf <Tournament ...> 2 diagnostics>``."""
        source = self.tournament.source
        where = f"{source.path!r} " if source.path else ""
        kind = f"{source.format} " if source.format else ""
        return f"<Document {where}{kind}{self.tournament!r} {len(self.diagnostics)} diagnostics>"

    @property
    def has_reader_errors(self) -> bool:
        """True when reading met an error-level problem (in :attr:`diagnostics`); the
        rules are not run (:attr:`trfkit.reading.LoadedDocument.has_errors` runs them)."""
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
