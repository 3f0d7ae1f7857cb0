"""The shared, precomputed state of one tie-break run.

Every tie-break of one ``compute()`` call receives the same :class:`Context`. It
decodes the tournament once into flat per-player, per-round rows (tuples; index ``i``
= position in ``tournament.players``, round ``r`` = 0-based), so that a tie-break is
a loop over rows of floats and ints, never a walk over the model:

* ``opp[i][r]``  scheduled opponent's index, or ``-1`` (bye, absence, unknown opponent)
* ``kind[i][r]`` :class:`~trfkit.model.results.Kind` of the round (``NOT_PAIRED`` past the file)
* ``pts[i][r]``  points scored in the round under ``tournament.header.scoring``
* ``otb[i][r]``  a game played over the board against ``opp[i][r]``
* ``colors[i][r]`` the colour as written; ``black[i][r]`` Black in a game with an
  opponent; ``colour_rows[i]`` the player's colours column as text (each decoded on
  first use)
* ``score[i]``   points after ``rounds`` rounds (recomputed from the results)
* ``rating[i]``  the player's rating, ``unrated_rating`` for unrated players, or None
* ``regular[i]`` every round scored is a game over the board against a known opponent

Rows are read-only and may be shared (tie-breaks that need a changed row copy it).
Why ``regular``: a 2000-player, 11-round Swiss has 22,000 rounds, and most players
are regular; for them a tie-break reads whole rows (``row.count``, ``map`` over the
opponents, ``sum``) with nothing to adjust, while the other players keep the
round-by-round rules. ``tests/tiebreaks/test_tiebreaks_golden.py``
holds every value to what the straightforward code computed.

Derived data shared by several tie-breaks (adjusted scores, Buchholz values, ...)
goes through :meth:`Context.memo`, so e.g. AOB and SOBH reuse the Buchholz that BH
computed. Per-code results are memoised by :meth:`Context.value` as well.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain, repeat
from operator import attrgetter, contains, eq, not_
from typing import TYPE_CHECKING, Any, Final, TypeVar

from ..diagnostics import Diagnostic, make
from ..model import EMPTY_BLOCK, NO_COLOR, NO_OPPONENT
from ..model.results import COLUMN_CODES, NO_RESULT_COLUMN, Kind
from ..tiebreak_codes import CodeError
from .editions import Edition, by_version
from .registry import evaluate

if TYPE_CHECKING:  # the model's classes and the code are only named in annotations here
    from ..model import Player, ScoringSystem, Tournament
    from ..tiebreak_codes import TieBreakCode

__all__ = ["Context", "RunMemo", "Value", "is_round_robin"]

T = TypeVar("T")
#: One tie-break value: a number, or None when undefined (sorted last).
Value = float | None

_RR_WORDS = ("ROBIN", "BERGER", "RR", "SCHEVENINGEN")


def is_round_robin(tournament: Tournament, rounds: int) -> bool:
    """Whether pairings were pre-determined (C.07 15.2): forfeits then count as games.

    The tournament type (``192``/``092``) decides when it names one; otherwise,
    like TieBreakServer, a field of ``rounds`` or ``rounds + 1`` players (single
    round-robin) is taken for a round-robin, as is a field of half the rounds
    (TieBreakServer's test for a double round-robin).
    """
    text = f"{tournament.header.type_code} {tournament.header.type_text}".upper()
    if "SWISS" in text:
        return False
    if any(word in text for word in _RR_WORDS):
        return True
    n = len(tournament.players)
    return rounds > 0 and (n in (rounds, rounds + 1) or 2 * n in (rounds, rounds + 1))


def round_notes(
    rounds: int, total: int, after_round: int | None, count: int, *, team: bool = False
) -> list[tuple[str, str]]:
    """``(code, message)`` of what the standings after ``rounds`` of ``total`` leave out:
    T516 for declared rounds not scored yet (unless ``--after-round`` chose), T517 when
    no round has a result at all. Shared by the individual and the team contexts."""
    what = "team standings" if team else "standings"
    notes: list[tuple[str, str]] = []
    if after_round is None and rounds < total:
        later = (
            f"round {total} has no result yet and is"
            if rounds + 1 == total
            else f"rounds {rounds + 1}-{total} have no result yet and are"
        )
        notes.append(
            (
                "T516",
                f"{what} after round {rounds} of {total}: {later} not scored "
                "(--after-round chooses the round)",
            )
        )
    if rounds == 0 and count:
        hint = "" if team else " (a starting list?)"
        notes.append(
            (
                "T517",
                f"no round has a result yet{hint}: every "
                f"{'team' if team else 'player'} has 0 points, so the {what} "
                "separate no one",
            )
        )
    return notes


class RunMemo:
    """The per-run cache, and tie-breaks built on other tie-breaks, shared by
    :class:`Context` and the team context: both compute a value once per run and
    look other tie-breaks up through the registry the same way. The subclass sets
    ``self._memo = {}`` in ``__init__`` (a view such as a Fore context resets it)."""

    _memo: dict[Any, Any]

    def memo(self, key: Any, factory: Callable[[], T]) -> T:
        """Compute ``factory()`` once per ``key`` for this run (keys must be hashable)."""
        try:
            return self._memo[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._memo[key] = factory()
            return value

    def release(self) -> None:
        """Drop everything memoised (tables, sorted rows, values): called once the values
        are out, so that the memory of a large run is reused by what follows (the
        standings rows) instead of growing the process. A later lookup recomputes."""
        self._memo.clear()

    def value(self, code: TieBreakCode) -> list[Value]:
        """The values of another tie-break (a :class:`~trfkit.tiebreak_codes.TieBreakCode`),
        computed once.

        Lets a tie-break build on another (AOB on BH, APRO on TPR) without knowing
        which module defines it.
        """

        return self.memo(("value", code), lambda: evaluate(self, code))

    def for_code(self, code: TieBreakCode) -> RunMemo:
        """The run a code is computed in: this one, unless the code names another rule
        edition (``/V``, individual tie-breaks only, see :meth:`Context.for_code`).
        ``tiebreaks`` and ``explain`` both ask here, so a value and its explanation
        always come from the same computation."""
        return self


class Context(RunMemo):
    """Precomputed arrays and caches for one run (see the module docstring).

    ``rounds`` is the number of rounds scored: ``after_round`` when given, else the
    last round with a result; ``total_rounds`` is the event's number of rounds
    (142/XXR, else the last round written).
    ``edition`` holds the rule switches.
    ``round_robin`` says whether forfeits count as played games (15.2).
    """

    scope = "individual"

    def __init__(
        self,
        tournament: Tournament,
        edition: Edition,
        *,
        after_round: int | None = None,
        unrated_rating: int | None = None,
    ) -> None:
        self.tournament = tournament
        self.edition = edition
        self.after_round = after_round
        self.scoring = tournament.header.scoring
        self.diagnostics: list[Diagnostic] = []
        self.players: tuple[Player, ...] = _first_of_each_start(
            tournament.players, self.diagnostics
        )
        self.n = len(self.players)
        self.starts = list(map(_START, self.players))
        self.index = dict(zip(self.starts, range(self.n), strict=True))
        self.unrated_rating = unrated_rating
        self._memo: dict[Any, Any] = {}

        # The event has ``total_rounds`` (142/XXR, else the last round written; blocks
        # beyond a declared number are ignored). By default the standings are those
        # after the last round with a result: a round not played yet is no absence
        # (TieBreakServer scores it as one; trfkit does not follow it there).
        # ``after_round`` may name any round of the event.
        self.total_rounds = total = tournament.rounds
        #: The last round with results (a walk over every player's columns: done once).
        self.scored_rounds = tournament.scored_rounds
        self.rounds = (
            min(self.scored_rounds, total)
            if after_round is None
            else max(0, min(after_round, total))
        )
        self.round_robin = is_round_robin(tournament, tournament.rounds or self.rounds)
        self.win = self.scoring.win
        self.draw = self.scoring.draw
        self.loss = self.scoring.loss
        self.opp: list[tuple[int, ...]] = []
        self.kind: list[tuple[Kind, ...]] = []
        self.pts: list[tuple[float, ...]] = []
        self.otb: list[tuple[bool, ...]] = []
        self.score: list[float] = []
        #: ``regular[i]``: every round scored is a game over the board against a known
        #: opponent. Most players of a Swiss are regular; tie-breaks take a fast path
        #: for them (no bye, forfeit or absence to adjust).
        self.regular: list[bool] = []
        unfinished: set[int] = set()
        #: ``pending[i]``: the rounds (0-based) in which player ``i`` is paired with an
        #: opponent and has no result yet: no points so far, but no absence either
        #: (the opponent counts as met for Buchholz-type tie-breaks; see :mod:`.unplayed`).
        self.pending: dict[int, frozenset[int]] = {}
        self._decode(_Decoder(self.scoring), unfinished)
        if unfinished:
            listed = ", ".join(map(str, sorted(unfinished)))
            self.note(
                "T504",
                f"round(s) {listed}: games paired without a result yet score "
                "no points so far; the opponents count as met",
            )
        for code, message in round_notes(self.rounds, total, after_round, self.n):
            self.note(code, message)
        #: ``bonus[i]``: 299 bonus or penalty points of player ``i`` per round scored (only
        #: players with one); already part of ``score[i]`` (see :mod:`.abnormal_points`).
        self.bonus: dict[int, tuple[float, ...]] = {}
        #: the players whose score is not the plain sum of their results' points (299)
        self.rescored: frozenset[int] = frozenset()
        from .abnormal_points import apply  # only for a file with 299 records

        apply(self)

    def _decode(self, decode: _Decoder, unfinished: set[int]) -> None:
        """Fill the per-player rows (tuples, one per player) from the players' columns.

        Why this shape: a 2000 x 11 field has 22,000 rounds, and decoding them is a
        fixed cost of every run. The columns of the field are laid end to end (the
        opponents one list, the results one string) and each row table (opponent index,
        kind, points, played) is one C-level ``map`` over them through a per-result
        table, then cut into rows of ``rounds`` by one ``zip``. The unusual rounds (no
        valid opponent, a self-pairing, a paired game without a result) are found with
        C-level searches and patched in the flat columns before they are cut.
        """
        rounds, n = self.rounds, self.n
        players = self.players
        opponents = list(map(_OPPONENTS, players))
        results = list(map(_RESULTS, players))
        colors = list(map(_COLORS, players))
        if list(map(len, results)).count(rounds) != n:  # pad or cut to the rounds scored
            # a round past the written blocks reads as an empty block ("not paired")
            opponents = [(row + (NO_OPPONENT,) * rounds)[:rounds] for row in opponents]
            results = [row.ljust(rounds, EMPTY_BLOCK)[:rounds] for row in results]
            colors = [row.ljust(rounds, NO_COLOR)[:rounds] for row in colors]
        index = self.index
        if NO_OPPONENT in index:  # a player without a start number is nobody's opponent
            index = {start: i for start, i in index.items() if start != NO_OPPONENT}
        self._colors = "".join(colors)  # decoded on demand (see ``colors``)
        self._no_opponent: list[int] = []
        opp = list(map(index.get, chain.from_iterable(opponents), repeat(-1)))
        flat = "".join(results)
        self._codes = codes = set(flat)  # the result characters the field uses
        # kind and points are cut straight from their maps (no flat list of 22,000 to
        # allocate and free); played too unless a round is patched below
        played: Iterable[bool] = map(decode.played.__getitem__, flat)
        self.opp = _cut(opp, rounds, n)
        if rounds:
            owner = list(map(contains, self.opp, range(n)))
            if True in owner:
                for i in _positions(owner, True):  # a self-pairing is no opponent
                    for at in range(i * rounds, (i + 1) * rounds):
                        if opp[at] == i:
                            opp[at] = -1
                self.opp = _cut(opp, rounds, n)
            self._no_opponent = list(_positions(opp, -1))
            if self._no_opponent:
                patched = list(played)
                for at in self._no_opponent:
                    # A game result without a valid opponent (the legacy ``0000 - =`` half
                    # point): scored as written, unplayed, and not a VUR; no colour either.
                    patched[at] = False
                played = patched
            for code in codes.intersection(NO_RESULT_COLUMN):  # paired, no result yet (T504)
                for at in _positions(flat, code):
                    if opp[at] >= 0:
                        unfinished.add(at % rounds + 1)
                        i = at // rounds
                        self.pending[i] = self.pending.get(i, frozenset()) | {at % rounds}
        self.kind = _cut(map(decode.kind.__getitem__, flat), rounds, n)
        self.pts = _cut(map(decode.points.__getitem__, flat), rounds, n)
        self.otb = _cut(played, rounds, n)
        self.score = list(map(sum, self.pts, repeat(0.0)))
        self.regular = list(map(not_, map(contains, self.otb, repeat(False))))

    def for_code(self, code: TieBreakCode) -> Context:
        """This run, or the same field under the edition a ``/V`` modifier names.

        Why per code: a code with ``/V2024`` or ``/V2026`` is computed under that
        edition whatever ``rules`` says, so that one list may hold the same tie-break
        under two editions (chess-results' "Buchholz Tie-Break Variable (2023)"
        beside "(2026)"). Each other edition's context is built once per run (same
        players in the same order, so indices agree). Raises
        :class:`~trfkit.tiebreak_codes.CodeError` for an unknown version, like any other
        code trfkit cannot compute.
        """
        version = code.version
        if not version:
            return self

        try:
            edition = by_version(version)
        except KeyError as exc:
            raise CodeError(f"{code}: {exc.args[0]}") from None
        if edition is self.edition:
            return self
        return self.memo(
            ("edition", edition.name),
            lambda: Context(
                self.tournament,
                edition,
                after_round=self.after_round,
                unrated_rating=self.unrated_rating,
            ),
        )

    def any_result(self, codes: frozenset[str]) -> bool:
        """Whether some round scored has one of the result ``codes`` (results-column
        characters; the set the field uses is kept from the decoding)."""
        return not codes.isdisjoint(self._codes)

    @property
    def colors(self) -> list[tuple[str, ...]]:
        """``colors[i][r]``: the colour as written (``"w"``, ``"b"`` or ``""``), decoded on
        first use (only BPG and BWG read colours)."""
        return self.memo(
            "colors",
            lambda: _cut(list(map(_ENTRY_COLOR.__getitem__, self._colors)), self.rounds, self.n),
        )

    @property
    def colour_rows(self) -> list[str]:
        """``colour_rows[i]``: player ``i``'s colours column over the rounds scored, as
        written (``"w"``, ``"b"``, or the no-colour character): strings, which the cyclic
        garbage collector never visits (BPG and BWG count Black from them)."""
        rounds, text = self.rounds, self._colors
        return self.memo(
            "colour-rows",
            lambda: (
                [text[at : at + rounds] for at in range(0, rounds * self.n, rounds)]
                if rounds
                else [""] * self.n
            ),
        )

    @property
    def black(self) -> list[tuple[bool, ...]]:
        """``black[i][r]``: the player had Black in a game with an opponent."""

        def build() -> list[tuple[bool, ...]]:
            # straight from the colours column (one C-level pass), not through ``colors``
            black = list(map(eq, self._colors, repeat("b")))
            for at in self._no_opponent:
                black[at] = False
            return _cut(black, self.rounds, self.n)

        return self.memo("black", build)

    @property
    def rating(self) -> list[int | None]:
        """``rating[i]``: the player's rating, ``unrated_rating`` for an unrated one (or
        None); built on first use (the rating tie-breaks read their own, :mod:`.rated_games`)."""
        unrated = self.unrated_rating
        return self.memo(
            "rating", lambda: [r if (r := p.rating) else unrated for p in self.players]
        )

    # -- helpers every tie-break may use ---------------------------------------------------

    @property
    def max_score(self) -> float:
        """The most points anyone could have after ``rounds`` rounds."""
        return self.rounds * self.win

    def forfeit_as_game(self, i: int, r: int, played_forfeits: bool = False) -> bool:
        """Round ``r`` of player ``i`` is a forfeit that counts as a game against the
        scheduled opponent: always in a round-robin (15.2), else only with ``/P``."""
        k = self.kind[i][r]
        return (
            (k is Kind.FORFEIT_WIN or k is Kind.FORFEIT_LOSS)
            and self.opp[i][r] >= 0
            and (played_forfeits or self.round_robin)
        )

    def games(self, i: int, played_forfeits: bool = False) -> list[tuple[int, int, float]]:
        """``(round, opponent, points)`` of the games player ``i`` played against someone:
        over the board, plus forfeits when :meth:`forfeit_as_game` says so."""
        out = []
        opp, pts, otb = self.opp[i], self.pts[i], self.otb[i]
        for r in range(self.rounds):
            if otb[r] or self.forfeit_as_game(i, r, played_forfeits):
                out.append((r, opp[r], pts[r]))
        return out

    def rated_games(self, i: int) -> list[tuple[int, int, float]]:
        """The games Art. 10 (rating tie-breaks) counts: over the board; in a
        round-robin forfeits too, except under editions that exclude them (2026 15.2)."""
        games = self.games(i)
        if self.round_robin and self.edition.rr_forfeits_unplayed_for_ratings:
            games = [g for g in games if self.otb[i][g[0]]]
        return games

    def note(self, code: str, message: str, player: int | None = None) -> None:
        """Record a diagnostic (T5xx), located at the player's 001 line when given."""
        line = self.players[player].line if player is not None else 1
        self.diagnostics.append(make(code, message, line))

    def player_label(self, i: int) -> str:
        """``#12 Name``: how explanations name player ``i`` (the field's labels are made
        once per run: a table of explanations names each player many times)."""
        return self.memo("labels", lambda: [f"#{p.start} {p.name}".rstrip() for p in self.players])[
            i
        ]


_START = attrgetter("start")
_OPPONENTS = attrgetter("opponents")
_RESULTS = attrgetter("results")
_COLORS = attrgetter("colors")
#: A colours-column character -> the colour as ``colors`` gives it.
_ENTRY_COLOR: Final = {"w": "w", "b": "b", NO_COLOR: ""}


def _cut(flat: Iterable[T], rounds: int, n: int | None = None) -> list[tuple[T, ...]]:
    """The field's blocks laid end to end (a list or an iterator over them), cut back
    into one tuple per player."""
    if not rounds:
        return [()] * (n or 0)
    return list(zip(*[iter(flat)] * rounds, strict=True))


def _positions(values: Sequence[T], value: T) -> Iterator[int]:
    """Every index of ``value`` in ``values`` (C-level searches between them)."""
    find = values.index
    at = -1
    try:
        while True:
            at = find(value, at + 1)
            yield at
    except ValueError:
        return


class _Decoder:
    """Results-column character -> kind, points, played over the board: one table per
    row table (an unknown character reads as not paired)."""

    def __init__(self, scoring: ScoringSystem) -> None:
        unpaired = Kind.NOT_PAIRED
        self.kind = _Table({c: rc.kind for c, rc in COLUMN_CODES.items()}, unpaired)
        self.points = _Table(scoring.column_points(), scoring.points_for_kind(unpaired))
        self.played = _Table({c: rc.played for c, rc in COLUMN_CODES.items()}, False)


class _Table(dict):  # type: ignore[type-arg]
    """A dict with a default for missing keys (``__getitem__`` stays C-level)."""

    def __init__(self, items: dict[str, Any], default: Any) -> None:
        super().__init__(items)
        self.default = default

    def __missing__(self, key: str) -> Any:
        return self.default


def _first_of_each_start(
    players: tuple[Player, ...], diagnostics: list[Diagnostic]
) -> tuple[Player, ...]:
    """``players`` without the records that repeat a start number (T510 for each).

    A start number names one participant: the pairings point at it, the standings
    list it. Two 001 records with one number (T305) would otherwise both be ranked,
    while every opponent's reference reaches only one of them; the first record is
    the one kept, as the file lists it first.
    """
    starts = list(map(_START, players))
    if len(set(starts)) == len(starts):
        return players
    kept: dict[int, Player] = {}
    for p in players:
        first = kept.setdefault(p.start, p)
        if first is not p:
            diagnostics.append(
                make(
                    "T510",
                    f"the 001 record of line {p.line} repeats start "
                    f"number {p.start} ({p.name}); the standings use "
                    f"the one of line {first.line} only",
                    p.line or 1,
                )
            )
    return tuple(kept.values())
