"""The tournament, its header and every record beside the players (see :mod:`trfkit.model`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Final

from .players import EMPTY_BLOCK, NO_OPPONENT, DeclaredValue, PartialDate, Player, RoundEntry
from .results import COLUMN_CODES, NO_RESULT_COLUMN, Kind, ResultCode, lookup

__all__ = [
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
    "result_of",
]


@dataclass(frozen=True, slots=True)
class Team:
    """A team from ``013`` (TRF16) or ``310`` (TRF26); members are start numbers."""

    number: int
    name: str
    members: tuple[int, ...] = ()
    nickname: str = ""
    strength: str = ""
    match_points: float | None = None  # declared (310)
    game_points: float | None = None  # declared (310)
    rank: int | None = None  # declared (310)
    source: str = "013"  # "013" or "310"
    line: int = 0
    declared: tuple[DeclaredValue, ...] = ()  # tie-break values as the input states them

    def __repr__(self) -> str:
        return f"<Team {self.number} {self.name!r} {len(self.members)} members>"


@dataclass(frozen=True, slots=True)
class ScoringSystem:
    """Points per kind of result (record 162, ``XXS`` or ``BB?``; default 1/½/0).

    ``source`` says where the values came from: ``"162"``, ``"XXS"``, ``"BB"`` or
    ``"default"``. The PAB is worth a win unless stated otherwise.
    """

    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0
    forfeit_win: float = 1.0
    forfeit_loss: float = 0.0
    full_bye: float = 1.0
    half_bye: float = 0.5
    zero_bye: float = 0.0
    pab: float = 1.0
    unknown: float = 0.5
    source: str = "default"

    def points(self, result: str) -> float:
        """Points scored by result code ``result`` (or results-column character) here."""
        kind = COLUMN_CODES[result].kind
        return self.points_for_kind(kind)

    def column_points(self) -> dict[str, float]:
        """Points of every results-column character (:attr:`Player.results`) at once."""
        by_kind = self._by_kind()  # (one table for all the characters)
        return {c: by_kind[code.kind] for c, code in COLUMN_CODES.items()}

    def points_for_kind(self, kind: Kind) -> float:
        """Points of a result kind here; a round not paired scores as a zero-point bye, a pending game nothing yet."""
        return self._by_kind()[kind]

    def _by_kind(self) -> dict[Kind, float]:
        """Every kind's points, as one table."""
        return {
            Kind.WIN: self.win,
            Kind.DRAW: self.draw,
            Kind.LOSS: self.loss,
            Kind.FORFEIT_WIN: self.forfeit_win,
            Kind.FORFEIT_LOSS: self.forfeit_loss,
            Kind.FULL_BYE: self.full_bye,
            Kind.HALF_BYE: self.half_bye,
            Kind.PAB: self.pab,
            Kind.ZERO_BYE: self.zero_bye,
            Kind.NOT_PAIRED: self.zero_bye,
            Kind.PENDING: 0.0,  # no points so far
        }

    @property
    def is_default(self) -> bool:
        """The values are the 1/½/0 default, wherever they were read from (writers then leave the record out)."""
        return replace(self, source="default") == ScoringSystem()


#: Article 32.2.1 / C.07 11.1: 2 for a won match, 1 for a draw, 0 for a loss; the team
#: PAB is worth a win. The team match points when no ``320``/``362`` record says
#: otherwise, and the base a ``362`` record's letters change (TRF.md §3.2).
DEFAULT_MATCH_SCORING: Final = ScoringSystem(
    win=2.0,
    draw=1.0,
    loss=0.0,
    forfeit_win=2.0,
    forfeit_loss=0.0,
    full_bye=2.0,
    half_bye=1.0,
    zero_bye=0.0,
    pab=2.0,
    unknown=1.0,
)


@dataclass(frozen=True, slots=True)
class HeaderRecord:
    """A tournament record (``??2`` code or engine line) exactly as written."""

    code: str
    value: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class Header:
    """Tournament data. ``records`` keeps every header line verbatim, in file order;
    the typed fields are what could be read from them."""

    records: tuple[HeaderRecord, ...] = ()
    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: PartialDate | None = None
    end_date: PartialDate | None = None
    players_declared: int | None = None  # 062, first number
    players_played: int | None = None  # 062 "(88)" as Swiss-Manager writes it
    rated_declared: int | None = None  # 072
    teams_declared: int | None = None  # 082
    type_text: str = ""  # 092
    chief_arbiter: str = ""  # 102
    deputy_arbiters: tuple[str, ...] = ()  # 112, may repeat
    time_control: str = ""  # 122
    round_dates: tuple[PartialDate | None, ...] = ()  # 132
    rounds: int | None = None  # 142 or XXR
    initial_color: str = ""  # "w"/"b" from 152 or XXC white1/black1
    scoring: ScoringSystem = field(default_factory=ScoringSystem)
    rank_method: str = ""  # 172
    pairing_controller: str = ""  # 182
    type_code: str = ""  # 192
    tiebreaks: tuple[str, ...] = ()  # 202
    standings_tiebreaks: tuple[str, ...] = ()  # 212
    time_control_code: str = ""  # 222
    board_colors: str = ""  # 352
    match_scoring: ScoringSystem | None = None  # 362 (W/D/L hold TW/TD/TL)
    # Public event facts of formats that keep them apart (Swiss-Manager): the section
    # ("Boys U16", group "A") is also in ``name``, so sections of one event differ in 012.
    subtitle: str = ""
    organiser: str = ""  # no TRF record holds it; kept in JSON

    def first(self, code: str) -> HeaderRecord | None:
        """The first record with this code (a file may repeat one), or None."""
        for record in self.records:
            if record.code == code:
                return record
        return None

    def all(self, code: str) -> tuple[HeaderRecord, ...]:
        """Every record with this code, in file order."""
        return tuple(r for r in self.records if r.code == code)


@dataclass(frozen=True, slots=True)
class ByeRecord:
    """``240``: requested byes of type F, H or Z in one round."""

    kind: str
    round: int
    players: tuple[int, ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class Acceleration:
    """``250`` (range of players and rounds) or ``XXA`` (one player, per round)."""

    match_points: float | None
    game_points: float | None
    first_round: int
    last_round: int
    first_player: int
    last_player: int
    per_round: tuple[float, ...] = ()  # XXA: fictitious points of each round
    source: str = "250"
    line: int = 0


@dataclass(frozen=True, slots=True)
class ProhibitedPairing:
    """``260`` (rounds first..last) or ``XXP``: none of ``players`` may meet."""

    first_round: int | None
    last_round: int | None
    players: tuple[int, ...]
    source: str = "260"
    line: int = 0


@dataclass(frozen=True, slots=True)
class AbnormalPoints:
    """``299``: points assigned outside the normal scoring (penalty, bonus, ...)."""

    kind: str  # W D L F H Z + - or "" for a penalty/bonus
    match_points: float | None
    points: float | None
    round: int | None  # None = all rounds
    players: tuple[int, ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class LineUp:
    """``300``: a team's board order in one round (0 = empty board)."""

    round: int
    team: int
    opponent_team: int
    players: tuple[int, ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class TeamBye:
    """``320``: points of the team PAB and the team that got it in each round."""

    match_points: float | None
    game_points: float | None
    teams_by_round: tuple[int | None, ...]
    line: int = 0


@dataclass(frozen=True, slots=True)
class ForfeitedMatch:
    """``330``: a team match lost by forfeit (``+-``, ``-+`` or ``--``)."""

    result: str
    round: int
    white_team: int
    black_team: int
    line: int = 0


@dataclass(frozen=True, slots=True)
class NationalRating:
    """A National Rating Support line: federation code in columns 1-3."""

    federation: str
    start: int
    sex: str
    category: str
    name: str
    rating: int | None
    origin: str
    national_id: str
    birth: PartialDate | None
    line: int = 0


@dataclass(frozen=True, slots=True)
class RawLine:
    """A line kept verbatim: comment, unknown record, vendor or layout line.

    ``kind`` is ``comment``, ``unknown``, ``layout`` (rulers, legends, blank lines),
    ``vendor`` (an engine line not otherwise modelled), ``crosstable`` (801/802) or
    ``legacy`` (a TRF26 file's 013 line repeating a 310 team, for TRF16 readers).
    """

    kind: str
    text: str
    line: int = 0


@dataclass(frozen=True, slots=True)
class Source:
    """Where the model came from: dialect, TRF edition, encoding, line ending.

    ``encoding_confidence`` is set when the encoding was detected rather than known
    (0-1, see :mod:`trfkit.codepages`); ``encoding_alternative`` is the code page that
    read the names nearly as well, if any. ``encoding_mixed`` is the code page of the
    lines that are not UTF-8 in a UTF-8 file that mixes encodings ("" otherwise).
    """

    format: str = ""  # "trf", "json", "swissmanager", "chess-results-xml", ...
    edition: str = ""  # "trf16" or "trf26" for TRF input
    dialect: str = ""  # "fide", "swiss-manager", "javafo", "bbpairings", "lichess", ...
    encoding: str = ""
    newline: str = ""  # "\n", "\r\n" or "\r"
    bom: bool = False
    path: str = ""
    encoding_confidence: float | None = None
    encoding_alternative: str = ""
    encoding_mixed: str = ""


@dataclass(frozen=True, slots=True)
class Tournament:
    """A whole tournament report."""

    header: Header = field(default_factory=Header)
    players: tuple[Player, ...] = ()
    teams: tuple[Team, ...] = ()
    byes: tuple[ByeRecord, ...] = ()
    accelerations: tuple[Acceleration, ...] = ()
    prohibited: tuple[ProhibitedPairing, ...] = ()
    abnormal: tuple[AbnormalPoints, ...] = ()
    lineups: tuple[LineUp, ...] = ()
    team_byes: tuple[TeamBye, ...] = ()
    forfeited_matches: tuple[ForfeitedMatch, ...] = ()
    national: tuple[NationalRating, ...] = ()
    extra: tuple[RawLine, ...] = ()
    source: Source = field(default_factory=Source)

    def __repr__(self) -> str:
        """Short (``<Tournament 'Spring Open' 10 players 5 rounds>``): the default repr
        of a whole tournament runs to hundreds of kilobytes."""
        teams = f" {len(self.teams)} teams" if self.teams else ""
        return (
            f"<Tournament {self.header.name!r} {len(self.players)} players{teams} "
            f"{self.rounds} rounds>"
        )

    @property
    def scoring(self) -> ScoringSystem:
        """The individual scoring system (shortcut for ``header.scoring``)."""
        return self.header.scoring

    @property
    def rounds(self) -> int:
        """Number of rounds: 142/XXR when declared, else the last round with data."""
        if self.header.rounds:
            return self.header.rounds
        return self.played_rounds

    @property
    def played_rounds(self) -> int:
        """The last round in which any player has a non-empty block."""
        last = 0
        for p in self.players:
            for i in range(len(p.results), last, -1):
                if not p.is_empty_round(i - 1):
                    last = i
                    break
        return last

    @property
    def scored_rounds(self) -> int:
        """The last round that has results: some game of it has one (a forfeit counts),
        or, in a round without a game waiting for its result, some player has one (a
        bye, a known absence).

        A round paired but not played yet (blocks with a blank result) is not counted
        (:attr:`played_rounds` counts it), nor is one whose only results are the byes and
        absences given with its pairings while its games wait (a chess-results
        crosstable saved before the last round is played shows those "0-Z" and "-½").
        A blank result without an opponent is a zero-point bye, so it is a result.
        """
        last_game = 0
        waiting: set[int] = set()
        byes: set[int] = set()
        for p in self.players:
            opponents, results = p.opponents, p.results
            if NO_OPPONENT not in opponents and " " not in results and EMPTY_BLOCK not in results:
                last_game = max(last_game, len(results))  # every round a game with a result
                continue
            for i, (opponent, result) in enumerate(zip(opponents, results, strict=True), 1):
                if not opponent:
                    if result != EMPTY_BLOCK:
                        byes.add(i)
                elif result in NO_RESULT_COLUMN:
                    waiting.add(i)
                elif i > last_game:
                    last_game = i
        return max(last_game, max(byes - waiting, default=0))

    @property
    def is_team_event(self) -> bool:
        """The file lists teams (013 or 310 records)."""
        return bool(self.teams)

    def by_start(self) -> Mapping[int, Player]:
        """Players keyed by start number (the last one wins on duplicates)."""
        return {p.start: p for p in self.players}

    def iter_rounds(self) -> Iterator[tuple[Player, int, RoundEntry]]:
        """Every (player, round number, entry) written in the file (entries built on
        demand: code that walks every round reads the players' columns instead)."""
        for p in self.players:
            for i, entry in enumerate(p.rounds, 1):
                yield p, i, entry


def result_of(code: str) -> ResultCode | None:
    """Case-insensitive lookup re-exported for readers."""
    return lookup(code)
