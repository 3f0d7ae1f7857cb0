"""What several rules need to know about one tournament, computed once.

The pairing rules all walk the same round blocks; building the index of start
numbers and the list of games once per tournament (instead of once per rule) keeps
``trfkit check`` over a thousand files close to the cost of reading them. The cache
holds the last tournament only: the validator checks one tournament at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..model import Player, RoundEntry, Tournament
from ..results import RESULT_CODES, Kind

#: Explicit bye letters; with an opponent they are T309. A blank result with an
#: opponent is a game without a result yet (ITDX files pair the next round that way).
BYE_LETTERS: Final = frozenset("HFUZ")
#: Results of a game over the board (TRF.md §4.3): they need an opponent.
PLAYED: Final = frozenset("1=0WDL")
#: Result codes of the pairing-allocated bye (the result table is the authority).
PAB: Final = frozenset(code for code, rc in RESULT_CODES.items() if rc.kind is Kind.PAB)

#: (position in t.players, player, round number, entry)
Block = tuple[int, Player, int, RoundEntry]
#: one game seen from the side written later: block, then the other player and their entry
Pair = tuple[int, Player, int, RoundEntry, Player, RoundEntry]


@dataclass(frozen=True)
class Facts:
    index: dict[int, tuple[int, Player]]  # start number -> first record with it
    games: tuple[Block, ...]  # blocks naming an opponent with a non-bye result
    pairs: tuple[Pair, ...]  # games whose two sides name each other, once
    one_sided: tuple[tuple[Block, Player, RoundEntry], ...]  # games the opponent does not list
    self_paired: tuple[Block, ...]  # blocks naming the player's own start number
    byes_with_opponent: tuple[Block, ...]  # H F U Z blocks that name an opponent
    pabs: tuple[Block, ...]  # every U block
    played_without_opponent: tuple[Block, ...]  # 1 = 0 W D L blocks with no opponent


def _compute(t: Tournament) -> Facts:
    """One pass over every round block, sorting the blocks the rules care about."""
    index: dict[int, tuple[int, Player]] = {}
    for position, player in enumerate(t.players):
        index.setdefault(player.start, (position, player))
    games: list[Block] = []
    pairs: list[Pair] = []
    one_sided: list[tuple[Block, Player, RoundEntry]] = []
    self_paired: list[Block] = []
    byes: list[Block] = []
    pabs: list[Block] = []
    lonely: list[Block] = []
    empty = RoundEntry(None, "", "")
    lookup = index.get
    # Bound methods and sets in locals: this loop runs once per round block of the file.
    add_game, add_pair, add_one_sided = games.append, pairs.append, one_sided.append
    byes_letters, played, pab = BYE_LETTERS, PLAYED, PAB
    for position, player in enumerate(t.players):
        start, line = player.start, player.line
        number = 0
        for entry in player.rounds:
            number += 1
            opponent, result = entry.opponent, entry.result
            if opponent is None:
                if result in played:
                    lonely.append((position, player, number, entry))
                elif result in pab:
                    pabs.append((position, player, number, entry))
                continue
            block = (position, player, number, entry)
            if opponent == start:
                self_paired.append(block)
            if result in byes_letters:
                byes.append(block)
                if result in pab:
                    pabs.append(block)
                continue
            add_game(block)
            found = lookup(opponent)
            if found is None or opponent == start:
                continue  # T301 / T307
            other = found[1]
            rounds = other.rounds
            back = rounds[number - 1] if number <= len(rounds) else empty
            if back.opponent != start:
                add_one_sided((block, other, back))
            elif back.result not in byes_letters and (
                other.line < line or (other.line == line and other.start < start)
            ):
                add_pair((position, player, number, entry, other, back))
    return Facts(index, tuple(games), tuple(pairs), tuple(one_sided), tuple(self_paired),
                 tuple(byes), tuple(pabs), tuple(lonely))


_last: tuple[Tournament, Facts] | None = None


def facts(t: Tournament) -> Facts:
    """The facts of ``t`` (recomputed when another tournament comes along)."""
    global _last
    if _last is None or _last[0] is not t:
        _last = (t, _compute(t))
    return _last[1]
