"""The play-off plan as plain, frozen data: what an arbiter announces before the event.

A :class:`Plan` is built by :mod:`trfkit.playoff.table` from the number of players tied
for first place and printed by :mod:`trfkit.playoff.render`. It holds only what
Article 32.5 (Russian chess rules of 2013) prescribes plus, clearly marked in the
notes, what the text leaves open; it never runs a play-off.

Seeds are the tied players' order after the tie-breaks (1 = best). Where the text
says that pairing numbers are drawn by lot (:attr:`Numbering.LOT`), the numbers in
``groups`` and ``pairings`` are those pairing numbers, not seeds.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..i18n import Phrase, phrase

__all__ = [
    "ARMAGEDDON",
    "DEFAULT_OPTIONS",
    "RAPID",
    "ArmageddonClock",
    "Branch",
    "Clock",
    "Entrant",
    "Format",
    "IfTied",
    "Note",
    "NoteKind",
    "Numbering",
    "Options",
    "Plan",
    "Stage",
    "TimeControl",
]


class Format(str, Enum):
    """How the players of one stage meet (the JSON ``"format"`` values)."""

    MATCH = "match"  # two players, several games
    ROUND_ROBIN = "round-robin"  # one group, everyone plays everyone
    KNOCKOUT = "knockout"  # pairings, the winner of each goes on
    ARMAGEDDON = "armageddon"  # Armageddon game(s); pairing scheme as the text gives it
    GROUPS = "groups"  # several round-robin groups played side by side


class Numbering(str, Enum):
    """Where the numbers in ``groups``/``pairings`` come from, as the text says."""

    LOT = "lot"  # "номера ... определяются по жребию"
    TIEBREAK = "tie-break"  # "в порядке наивысшего тай-брейка" (32.5.6.5)
    NOT_STATED = "not-stated"  # the text gives none; a note gives the reading


@dataclass(frozen=True, slots=True)
class Clock:
    """A time control of ``base`` seconds plus ``increment`` seconds per move, for both players."""

    base_seconds: int
    increment_seconds: int

    @property
    def label(self) -> Phrase:
        """``3 min + 5 s per move``: the announcement wording."""
        base = _duration(self.base_seconds)
        if not self.increment_seconds:
            return phrase("{base} per player", base=base)
        return phrase(
            "{base} + {increment} s per move, per player",
            base=base,
            increment=self.increment_seconds,
        )

    @property
    def trf(self) -> str:
        """The TRF26 record 222 spelling, e.g. ``180+5``."""
        return f"{self.base_seconds}+{self.increment_seconds}"


@dataclass(frozen=True, slots=True)
class ArmageddonClock:
    """An Armageddon game: unequal times, and a draw counts as a win for ``draw_winner``."""

    white_seconds: int
    black_seconds: int
    draw_winner: str

    @property
    def label(self) -> Phrase:
        return phrase(
            "White {white}, Black {black}; a draw counts as a win for {winner}",
            white=_duration(self.white_seconds),
            black=_duration(self.black_seconds),
            winner=phrase(self.draw_winner.capitalize()),
        )

    @property
    def trf(self) -> str:
        return f"W{self.white_seconds}-B{self.black_seconds}"


TimeControl = Clock | ArmageddonClock

#: 32.5.6.1.1: "двух 3-минутных партий с добавочными 5 секундами после каждого хода".
RAPID = Clock(base_seconds=180, increment_seconds=5)
#: 32.5.6.1.2: "белые фигуры получают 5 минут, черные - 4 минуты, в случае ничьей игрок с
#: черными фигурами побеждает" (no increment is stated).
ARMAGEDDON = ArmageddonClock(white_seconds=300, black_seconds=240, draw_winner="black")


def _duration(seconds: int) -> Phrase:
    minutes, rest = divmod(seconds, 60)
    if not rest:
        return phrase("{minutes} min", minutes=minutes)
    if minutes:
        return phrase("{minutes} min {seconds} s", minutes=minutes, seconds=rest)
    return phrase("{seconds} s", seconds=rest)


@dataclass(frozen=True, slots=True)
class Branch:
    """One outcome of a stage that can end with several players level (32.5.6.4 items).

    ``level`` is how many players are still level for first place.
    """

    level: int
    clause: str
    text: str
    stages: tuple[Stage, ...] = ()


@dataclass(frozen=True, slots=True)
class IfTied:
    """What happens when a stage does not separate the players.

    ``stages`` is the sequence played next (usually one stage); ``branches`` is used
    instead when the text distinguishes by how many players remain level.
    """

    text: str
    stages: tuple[Stage, ...] = ()
    branches: tuple[Branch, ...] = ()


@dataclass(frozen=True, slots=True)
class Stage:
    """One stage of the play-off.

    ``games`` counts games per pairing (a mini-match is 2, a round-robin 1). Seeds or
    pairing numbers are in ``groups`` or ``pairings``; when the players are only known
    once an earlier stage is over (``"the two group winners"``) they are named in
    ``entrants`` instead. ``time_control`` is None only where the text states none.
    ``as_in`` is the clause whose procedure the stage follows when it borrows one.
    """

    clause: str
    format: Format
    title: str
    games: int
    time_control: TimeControl | None
    groups: tuple[tuple[int, ...], ...] | None = None
    pairings: tuple[tuple[int, int], ...] | None = None
    group_names: tuple[str, ...] = ()
    group_sizes: tuple[int, ...] = ()
    entrants: str = ""
    numbering: Numbering = Numbering.NOT_STATED
    colours: str = ""
    as_in: str = ""
    if_tied: IfTied | None = None
    notes: tuple[str, ...] = ()

    @property
    def seeds(self) -> tuple[int, ...]:
        """Every number named in ``groups`` or ``pairings``, in order of appearance."""
        found: list[int] = []
        for block in (self.groups or ()) + (self.pairings or ()):
            found.extend(n for n in block if n not in found)
        return tuple(found)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A tied player as the plan names them when it was built from a tournament file."""

    seed: int
    start: int
    name: str
    points: float


@dataclass(frozen=True, slots=True)
class Options:
    """The circumstances the arbiter declares (see README "Play-off").

    ``time_limited``: no time for the "if time allows" branches (32.5.6.3, 32.5.6.7
    use Armageddon games; 32.5.7 is not available). ``late``: the regular games ended
    late, go straight to Armageddon (32.5.8). ``agreed``: the longer time control the
    organiser and the chief arbiter agreed for two players (32.5.7).
    """

    time_limited: bool = False
    late: bool = False
    agreed: Clock | None = None


#: No special circumstances: time allows, regular games finished on time, no agreed control.
DEFAULT_OPTIONS = Options()


class NoteKind(str, Enum):
    """Why a note is there, so that the announcement can group them."""

    PROVISION = "provision"  # a general rule of 32.5.1-32.5.5 (or 32.5.6 preamble)
    OPTION = "option"  # follows from --time-limited, --late, --agreed-tc (32.5.7, 32.5.8)
    SILENT = "silent"  # the text does not say; the note gives trfkit's reading
    TYPO = "typo"  # the text as published is evidently misprinted
    SOURCE = "source"  # where the tied players and their order came from (INPUT form)


@dataclass(frozen=True, slots=True)
class Note:
    """One line of the plan's notes; ``text`` starts with the clause it rests on."""

    kind: NoteKind
    text: str


@dataclass(frozen=True, slots=True)
class Plan:
    """The whole play-off for ``tied`` players: stages in order, seeds excluded, notes.

    ``clause`` is the item of 32.5.6 that applies; ``excluded`` lists the seeds that
    drop out (32.5.6.10). ``entrants`` (and ``standings_round``) are filled when the
    plan was made from a file.
    """

    tied: int
    clause: str
    title: str
    stages: tuple[Stage, ...]
    excluded: tuple[int, ...] = ()
    notes: tuple[Note, ...] = ()
    options: Options = DEFAULT_OPTIONS
    entrants: tuple[Entrant, ...] = ()
    #: (after round k, of n) of the standings the entrants were taken from (from a file)
    standings_round: tuple[int, int] | None = None
