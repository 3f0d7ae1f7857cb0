"""The canonical tournament model: frozen, plain data, no I/O, no other trfkit module.

Every reader (TRF16/TRF26, Swiss-Manager files, chess-results exports) produces a
:class:`Tournament`; every writer, check and tie-break consumes one. The model keeps
what the file said (declared points, ranks, header values as written) next to what
can be parsed from it, so that writers lose nothing and checks can compare the two.
A player's rounds are columns (:mod:`trfkit.model.players`); the result codes and
their meaning are one table (:mod:`trfkit.model.results`).

Line numbers (``line``) point back at the source record so that diagnostics can be
located; they are 0 for objects built in code.
"""

from __future__ import annotations

from .players import (
    EMPTY_BLOCK,
    EMPTY_ROUND,
    NO_COLOR,
    NO_OPPONENT,
    Block,
    DeclaredValue,
    PartialDate,
    Player,
    RoundEntry,
    grid_columns,
    round_columns,
)
from .tournament import (
    DEFAULT_MATCH_SCORING,
    AbnormalPoints,
    Acceleration,
    ByeRecord,
    ForfeitedMatch,
    Header,
    HeaderRecord,
    LineUp,
    NationalRating,
    ProhibitedPairing,
    RawLine,
    ScoringSystem,
    Source,
    Team,
    TeamBye,
    Tournament,
    replace,
    result_of,
)

__all__ = [
    "PartialDate",
    "RoundEntry",
    "Player",
    "Team",
    "ScoringSystem",
    "DEFAULT_MATCH_SCORING",
    "HeaderRecord",
    "Header",
    "ByeRecord",
    "Acceleration",
    "ProhibitedPairing",
    "AbnormalPoints",
    "LineUp",
    "TeamBye",
    "ForfeitedMatch",
    "NationalRating",
    "RawLine",
    "Source",
    "Tournament",
    "replace",
    "DeclaredValue",
    "EMPTY_ROUND",
    "EMPTY_BLOCK",
    "NO_COLOR",
    "NO_OPPONENT",
    "round_columns",
    "Block",
    "grid_columns",
    "result_of",
]
