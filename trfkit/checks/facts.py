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

#: Explicit bye letters; with an opponent they are T309. A blank result with an
#: opponent is a game without a result yet (ITDX files pair the next round that way).
BYE_LETTERS: Final = frozenset("HFUZ")

#: (position in t.players, player, round number, entry)
Block = tuple[int, Player, int, RoundEntry]
#: one game seen from the side written later: block, then the other player and their entry
Pair = tuple[int, Player, int, RoundEntry, Player, RoundEntry]


@dataclass(frozen=True)
class Facts:
    index: dict[int, tuple[int, Player]]  # start number -> first record with it
    blocks: tuple[Block, ...]  # every non-empty block
    games: tuple[Block, ...]  # blocks naming an opponent with a non-bye result
    pairs: tuple[Pair, ...]  # games whose two sides name each other, once
    one_sided: tuple[tuple[Block, Player, RoundEntry], ...]  # games the opponent does not list


def _compute(t: Tournament) -> Facts:
    index: dict[int, tuple[int, Player]] = {}
    for position, player in enumerate(t.players):
        index.setdefault(player.start, (position, player))
    blocks: list[Block] = []
    games: list[Block] = []
    pairs: list[Pair] = []
    one_sided: list[tuple[Block, Player, RoundEntry]] = []
    empty = RoundEntry(None, "", "")
    for position, player in enumerate(t.players):
        start = player.start
        for number, entry in enumerate(player.rounds, 1):
            opponent = entry.opponent
            if opponent is None:
                if entry.result or entry.color:
                    blocks.append((position, player, number, entry))
                continue
            block = (position, player, number, entry)
            blocks.append(block)
            if entry.result in BYE_LETTERS:
                continue
            games.append(block)
            found = index.get(opponent)
            if found is None or opponent == start:
                continue  # T301 / T307
            other = found[1]
            rounds = other.rounds
            back = rounds[number - 1] if number <= len(rounds) else empty
            if back.opponent != start:
                one_sided.append((block, other, back))
            elif back.result not in BYE_LETTERS and (other.line, other.start) < (player.line, start):
                pairs.append((position, player, number, entry, other, back))
    return Facts(index, tuple(blocks), tuple(games), tuple(pairs), tuple(one_sided))


_last: tuple[Tournament, Facts] | None = None


def facts(t: Tournament) -> Facts:
    """The facts of ``t`` (recomputed when another tournament comes along)."""
    global _last
    if _last is None or _last[0] is not t:
        _last = (t, _compute(t))
    return _last[1]
