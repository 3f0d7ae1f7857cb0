"""What several rules need to know about one tournament, computed once.

The pairing rules all compare the two sides of the same games. Nearly every game of
a real file is *clean*: both sides name each other, one has white and the other
black, and the results complement each other (1/0, =/=, +/-, ...). No pairing rule
can object to a clean game except T308 (a repeat), so one tight pass only sorts the
blocks into clean and *odd*, and the rules' bookkeeping (the lists below, in
player-then-round order) is built from the few odd blocks. A 2000-player, 11-round
Swiss has a handful of odd blocks among 22,000.

The cache holds the last tournament only: the validator checks one tournament at a time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import count
from operator import attrgetter
from typing import Final

from ..model import Player, RoundEntry, Tournament
from ..model.results import COMPLEMENT, NO_RESULT_COLUMN, RESULT_CODES, Kind

#: Explicit bye letters; with an opponent they are T309. A blank result with an
#: opponent is a game without a result yet (ITDX files pair the next round that way).
BYE_LETTERS: Final = frozenset("HFUZ")
#: Results of a game over the board (TRF.md §4.3): they need an opponent.
PLAYED: Final = frozenset("1=0WDL")
#: Result codes of the pairing-allocated bye (the result table is the authority).
PAB: Final = frozenset(code for code, rc in RESULT_CODES.items() if rc.kind is Kind.PAB)
#: Results of a game nobody has played yet ("" or " " on both sides is fine).
PENDING: Final = frozenset({"", " "})


def _clean_sides() -> frozenset[tuple[str, str, str, str]]:
    """``(colour, result, their colour, their result)`` of every clean game, as the
    players' columns hold them.

    White against black, and results that :data:`~trfkit.model.results.COMPLEMENT` allows
    (or pending on both sides). Nothing here is a bye letter, so a clean game is
    never a T309 either. Tuples, not joined strings: a tuple cannot be mistaken for
    another split of the same characters, and is also quicker to build.
    """
    keys: set[tuple[str, str, str, str]] = set()
    pending = NO_RESULT_COLUMN  # PENDING as the results columns write it
    for mine, theirs in (("w", "b"), ("b", "w")):
        for result, allowed in COMPLEMENT.items():
            keys.update((mine, result, theirs, back) for back in allowed)
        keys.update((mine, a, theirs, b) for a in pending for b in pending)
    assert not any(letter in key for key in keys for letter in BYE_LETTERS)
    return frozenset(keys)


CLEAN: Final = _clean_sides()
#: Results that matter in a block without an opponent (T315, T312/T313).
LONE_NOTEWORTHY: Final = PLAYED | PAB

#: (position in t.players, player, round number, entry)
Block = tuple[int, Player, int, RoundEntry]
#: one game seen from the side written later: block, then the other player and their entry
Pair = tuple[int, Player, int, RoundEntry, Player, RoundEntry]
#: a repeated game (T308): the block of the repeat and the round of the first meeting
Repeat = tuple[int, Player, int, RoundEntry, int]


@dataclass(frozen=True, slots=True)
class Facts:
    """What the pairing and score rules read of one tournament, computed once per run."""

    by_start: dict[int, tuple[int, Player]]  # start number -> first record with it
    # Only blocks outside clean games (every block when start numbers repeat) below:
    games: tuple[Block, ...]  # blocks naming an opponent with a non-bye result
    pairs: tuple[Pair, ...]  # games whose two sides name each other, once
    one_sided: tuple[tuple[Block, Player, RoundEntry], ...]  # games the opponent does not list
    self_paired: tuple[Block, ...]  # blocks naming the player's own start number
    byes_with_opponent: tuple[Block, ...]  # H F U Z blocks that name an opponent
    pabs: tuple[Block, ...]  # every U block
    played_without_opponent: tuple[Block, ...]  # 1 = 0 W D L blocks with no opponent
    repeats: tuple[Repeat, ...]  # games against an opponent met before (higher start number)


_START = attrgetter("start")


def _odd_blocks(
    starts: list[int],
    players: tuple[Player, ...],
) -> tuple[list[tuple[int, int]], list[int]]:
    """(position, round index) of every block outside a clean game, sorted; and the
    positions of players who name some higher start number twice (T308 candidates).

    Start numbers must be unique. Symmetry is checked from both sides, colours and
    results once per game, from the lower start number, which then marks both blocks.
    Read from the players' columns: no round is made an object unless it is odd.
    """
    columns = [(p.opponents, p.colors, p.results) for p in players]
    columns_of = dict(zip(starts, columns, strict=True))
    position_of = dict(zip(starts, count(), strict=False))
    clean, lone = CLEAN, LONE_NOTEWORTHY
    odd: list[tuple[int, int]] = []
    mark = odd.append
    twice: list[int] = []
    for position, start, (opponents, colors, results) in zip(
        count(), starts, columns, strict=False
    ):
        seen: set[int] = set()
        number = -1
        for opponent in opponents:
            number += 1
            if not opponent:
                if results[number] in lone:
                    mark((position, number))
                continue
            back: int | None
            try:  # the opponent's opponent in that round (None: none, or no such block)
                back_opponents, back_colors, back_results = columns_of[opponent]
                back = back_opponents[number] or None
            except (KeyError, IndexError):  # unknown opponent, or one with fewer rounds
                back = None
            if opponent > start:
                if opponent in seen:
                    twice.append(position)
                seen.add(opponent)
                if back != start:
                    mark((position, number))
                elif (
                    colors[number],
                    results[number],
                    back_colors[number],
                    back_results[number],
                ) not in clean:
                    mark((position, number))
                    mark((position_of[opponent], number))
            elif back != start or opponent == start:
                mark((position, number))
    return sorted(set(odd)), list(dict.fromkeys(twice))


def _repeats(players: tuple[Player, ...], positions: Iterable[int]) -> list[Repeat]:
    """Games (not byes) against a higher start number the player met in an earlier round."""
    found: list[Repeat] = []
    for position in positions:
        player = players[position]
        met: dict[int, int] = {}
        results = player.results
        for number, opponent in enumerate(player.opponents, 1):
            if opponent <= player.start or results[number - 1] in BYE_LETTERS:
                continue  # (no opponent is 0, below every start number)
            earlier = met.setdefault(opponent, number)
            if earlier != number:
                found.append((position, player, number, player.round(number), earlier))
    return found


def _compute(t: Tournament) -> Facts:
    """Sort the blocks the rules care about: the few odd ones, walked one by one."""
    players = t.players
    starts = list(map(_START, players))
    # First record per start number: the reversed dict keeps the earliest.
    positions = range(len(players) - 1, -1, -1)
    index = dict(zip(reversed(starts), zip(positions, reversed(players), strict=True), strict=True))
    if len(index) == len(players):
        odd, candidates = _odd_blocks(starts, players)
    else:  # duplicate start numbers (T305): the two sides of a game are ambiguous
        odd = [
            (position, number)
            for position, player in enumerate(players)
            for number in range(len(player.results))
        ]
        candidates = list(range(len(players)))
    games: list[Block] = []
    pairs: list[Pair] = []
    one_sided: list[tuple[Block, Player, RoundEntry]] = []
    self_paired: list[Block] = []
    byes: list[Block] = []
    pabs: list[Block] = []
    lonely: list[Block] = []
    for position, index_in_rounds in odd:
        player = players[position]
        start, line, number = player.start, player.line, index_in_rounds + 1
        entry = player.round(number)
        opponent, result = entry.opponent, entry.result
        block = (position, player, number, entry)
        if opponent is None:
            if result in PLAYED:
                lonely.append(block)
            elif result in PAB:
                pabs.append(block)
            continue
        if opponent == start:
            self_paired.append(block)
        if result in BYE_LETTERS:
            byes.append(block)
            if result in PAB:
                pabs.append(block)
            continue
        games.append(block)
        found = index.get(opponent)
        if found is None or opponent == start:
            continue  # T301 / T307
        other = found[1]
        back = other.round(number)  # an empty entry beyond its blocks
        if back.opponent != start:
            one_sided.append((block, other, back))
        elif back.result not in BYE_LETTERS and (
            other.line < line or (other.line == line and other.start < start)
        ):
            pairs.append((position, player, number, entry, other, back))
    return Facts(
        index,
        tuple(games),
        tuple(pairs),
        tuple(one_sided),
        tuple(self_paired),
        tuple(byes),
        tuple(pabs),
        tuple(lonely),
        tuple(_repeats(players, candidates)),
    )


_last: tuple[Tournament, Facts] | None = None


def facts(t: Tournament) -> Facts:
    """The facts of ``t`` (recomputed when another tournament comes along)."""
    global _last
    if _last is None or _last[0] is not t:
        _last = (t, _compute(t))
    return _last[1]


def forget(t: Tournament) -> None:
    """Drop the facts of ``t``; the validator calls this when its run is over.

    Why: the cache would otherwise keep the caller's whole tournament (every player and
    round block) alive after the caller let go of it: memory held for nothing, and
    tens of thousands of objects the interpreter walks again at exit.
    """
    global _last
    if _last is not None and _last[0] is t:
        _last = None
