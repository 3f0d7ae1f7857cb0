"""An input without players is not a report: one error instead of a model to check.

A Markdown note, a LICENSE or a PGN read as TRF used to give one "line kept
verbatim" info per line and a clean exit, and ``convert`` turned it into a JSON
document; a Swiss-Manager template with nothing entered read as an empty
tournament. Whatever the format, a tournament with neither players nor teams
is refused with a single file-level diagnostic: T006 when nothing in the input
looked like a report at all, T013 when it did (a TRF header, a Swiss-Manager or
chess-results file) but holds no players. Both are fatal: the rules do not run
and ``convert`` writes nothing.

When nothing was recognised, the reader's other findings are consequences (every
line of a note is "not a TRF record"), so only the decoding ones (encoding,
byte-order mark, line endings) are kept beside the one T006. A recognised header
keeps its own findings (a bad date in 042 is still worth fixing) beside the T013.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..diagnostic_codes import CODES
from ..diagnostics import Diagnostic, Severity, make
from ..document import Document

__all__ = ["playerless", "refuse_playerless", "without_players"]

#: Codes after which an input needs no further verdict (it was not read at all).
_ALREADY_REFUSED = frozenset({"T001", "T005", "T006", "T007", "T013"})


def playerless(doc: Document) -> bool:
    """True when the model has neither players nor teams."""
    t = doc.tournament
    return not (t.players or t.teams)


def without_players(
    diagnostics: Iterable[Diagnostic], *, recognised: bool, what: str, path: str = ""
) -> list[Diagnostic]:
    """The diagnostics of a playerless input: its decoding findings plus one T006/T013.

    ``recognised`` says whether anything in the input was a record of a tournament
    format (then T013, "no players"; else T006, "not a tournament file"); ``what``
    says what the input holds instead, for the T013 message.
    An input already refused (empty, undecodable, too large) is left as it is.
    """
    found = list(diagnostics)
    if any(d.code in _ALREADY_REFUSED for d in found):
        return found
    if recognised:
        return [
            *found,
            make(
                "T013", f"no players: {what}; there is no tournament to check or convert", file=path
            ),
        ]
    kept = [d for d in found if CODES[d.code].stage == "decode"]
    return [
        *kept,
        make("T006", "no 001 player or ??2 tournament record found: not a TRF file", file=path),
    ]


def refuse_playerless(doc: Document, what: str) -> Document:
    """``doc`` unchanged when it has players or teams, or an error that says why it has none
    (a chess-results page without a table, a missing optional extra); else with T013."""
    if not playerless(doc) or any(d.severity is Severity.ERROR for d in doc.diagnostics):
        return doc
    path = next((d.file for d in doc.diagnostics if d.file), doc.tournament.source.path)
    found = without_players(
        doc.diagnostics, recognised=True, path=path, what=f"this {what} holds no player and no team"
    )
    return Document(doc.tournament, tuple(found), doc.text)
