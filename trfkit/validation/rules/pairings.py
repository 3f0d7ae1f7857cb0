"""T3xx: start numbers, pairings and team membership across records.

A game is written twice, once on each player's 001 line (TRF.md §4.4), so most of
these rules compare the two sides. A problem between two records is reported once,
at the record where it shows (the later line for symmetric problems), with the
other side as ``related``, so a SARIF viewer can jump between the two.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from operator import attrgetter

from ...diagnostics import Diagnostic
from ...model import Player, RoundEntry, Tournament
from ...model.results import COMPLEMENT, RESULT_CODES
from .. import locate
from ..facts import PENDING, PLAYED, facts
from ..registry import rule


def _who(entry: RoundEntry) -> str:
    return f"player {entry.opponent}" if entry.opponent is not None else "no opponent"


@rule("T301")
def unknown_opponent(t: Tournament) -> Iterator[Diagnostic]:
    index = facts(t).by_start
    for position, player, number, entry in facts(t).games:
        if entry.opponent not in index:
            yield locate.player_at(
                "T301",
                f"round {number}: opponent {entry.opponent} of player "
                f"{player.start} has no 001 record",
                position,
                player,
                locate.opponent(number),
                round_number=number,
            )


@rule("T302")
def asymmetric_pairing(t: Tournament) -> Iterator[Diagnostic]:
    for (position, player, number, _), other, back in facts(t).one_sided:
        shows = _who(back) if not back.is_empty else "nothing"
        yield locate.player_at(
            "T302",
            f"round {number}: player {player.start} lists player {other.start} as "
            f"opponent, but player {other.start} shows {shows} in that round",
            position,
            player,
            locate.opponent(number),
            round_number=number,
            other=locate.related(other.line, locate.block(number)),
        )


@rule("T303")
def color_conflict(t: Tournament) -> Iterator[Diagnostic]:
    for position, player, number, entry, other, back in facts(t).pairs:
        if entry.color and entry.color == back.color:
            colour = "white" if entry.color == "w" else "black"
            yield locate.player_at(
                "T303",
                f"round {number}: players {other.start} and {player.start} both have {colour}",
                position,
                player,
                locate.color(number),
                round_number=number,
                other=locate.related(other.line, locate.color(number)),
            )


@rule("T304")
def result_conflict(t: Tournament) -> Iterator[Diagnostic]:
    """Complementary results (1/0, =/=, +/-, -/-); a game pending on both sides is fine."""
    for position, player, number, entry, other, back in facts(t).pairs:
        if entry.result in PENDING and back.result in PENDING:
            continue
        allowed = COMPLEMENT.get(entry.result, frozenset())
        if back.result not in allowed:
            mine = entry.result.strip() or "no result"
            theirs = back.result.strip() or "no result"
            yield locate.player_at(
                "T304",
                f"round {number}: player {player.start} has {mine!r} against player "
                f"{other.start}, who has {theirs!r}",
                position,
                player,
                locate.result(number),
                round_number=number,
                other=locate.related(other.line, locate.result(number)),
            )


def _duplicates(t: Tournament, key: str) -> Iterator[tuple[int, Player, Player]]:
    """(position, player, first player with the same value) for every repeat of ``key``."""
    values = list(filter(None, map(attrgetter(key), t.players)))
    if len(set(values)) == len(values):
        return  # all distinct (the usual case), found without a loop in Python
    first: dict[object, Player] = {}
    for position, player in enumerate(t.players):
        value = getattr(player, key)
        if not value:
            continue
        if value in first:
            yield position, player, first[value]
        else:
            first[value] = player


@rule("T305")
def duplicate_start_rank(t: Tournament) -> Iterator[Diagnostic]:
    for position, player, first in _duplicates(t, "start"):
        yield locate.player_at(
            "T305",
            f"start number {player.start} is used twice",
            position,
            player,
            locate.START,
            field="start",
            other=locate.related(first.line, locate.START),
        )


@rule("T306")
def duplicate_fide_id(t: Tournament) -> Iterator[Diagnostic]:
    for position, player, first in _duplicates(t, "fide_id"):
        yield locate.player_at(
            "T306",
            f"players {first.start} and {player.start} share FIDE id {player.fide_id}",
            position,
            player,
            locate.FIDE_ID,
            field="fide_id",
            other=locate.related(first.line, locate.FIDE_ID),
        )


@rule("T307")
def self_pairing(t: Tournament) -> Iterator[Diagnostic]:
    for position, player, number, _ in facts(t).self_paired:
        yield locate.player_at(
            "T307",
            f"round {number}: player {player.start} is paired with themself",
            position,
            player,
            locate.opponent(number),
            round_number=number,
        )


@rule("T308")
def repeated_pairing(t: Tournament) -> Iterator[Diagnostic]:
    """Reported on the lower start number's line, at the repeat (double round robins: ignore it)."""
    for position, player, number, entry, earlier in facts(t).repeats:
        yield locate.player_at(
            "T308",
            f"round {number}: players {player.start} and {entry.opponent} already met in "
            f"round {earlier}",
            position,
            player,
            locate.opponent(number),
            round_number=number,
            other=locate.related(player.line, locate.block(earlier)),
        )


@rule("T309")
def bye_with_opponent(t: Tournament) -> Iterator[Diagnostic]:
    for position, player, number, entry in facts(t).byes_with_opponent:
        what = RESULT_CODES[entry.result].description
        yield locate.player_at(
            "T309",
            f"round {number}: {what} ({entry.result}) with "
            f"opponent {entry.opponent}; a bye has no opponent",
            position,
            player,
            locate.opponent(number),
            round_number=number,
        )


def _members(t: Tournament) -> Iterator[tuple[int, int, int]]:
    """(team position, member index, start number) for every listed member."""
    for team_position, team in enumerate(t.teams):
        for member_index, start in enumerate(team.members):
            if start:
                yield team_position, member_index, start


@rule("T310")
def unknown_team_member(t: Tournament) -> Iterator[Diagnostic]:
    starts = {p.start for p in t.players}
    for team_position, member_index, start in _members(t):
        if start not in starts:
            team = t.teams[team_position]
            yield locate.at(
                "T310",
                f"team {team.number} lists player {start}, who has no 001 record",
                team.line,
                locate.team_member(team, member_index),
                model_path=f"teams[{team_position}].members[{member_index}]",
            )


@rule("T311")
def player_in_two_teams(t: Tournament) -> Iterator[Diagnostic]:
    first: dict[int, tuple[int, int]] = {}
    for team_position, member_index, start in _members(t):
        if start not in first:
            first[start] = (team_position, member_index)
            continue
        earlier_team, earlier_index = first[start]
        team, other = t.teams[team_position], t.teams[earlier_team]
        if earlier_team == team_position:
            message = f"team {team.number} lists player {start} twice"
        else:
            message = f"player {start} is in team {other.number} and in team {team.number}"
        yield locate.at(
            "T311",
            message,
            team.line,
            locate.team_member(team, member_index),
            other=locate.related(other.line, locate.team_member(other, earlier_index)),
            model_path=f"teams[{team_position}].members[{member_index}]",
        )


def _pabs(t: Tournament) -> Iterator[tuple[int, Player, int]]:
    """Every U block of an individual event.

    In team events a board-level U marks a board without opponent (the team PAB is
    record 320, or not encoded at all), so the PAB rules belong to the team checks.
    """
    if t.is_team_event:
        return
    for position, player, number, _ in facts(t).pabs:
        yield position, player, number


@rule("T312")
def several_pairing_byes_in_round(t: Tournament) -> Iterator[Diagnostic]:
    """At most one pairing-allocated bye per round (FIDE C.04.1)."""
    first: dict[int, Player] = {}
    for position, player, number in _pabs(t):
        earlier = first.setdefault(number, player)
        if earlier is player:
            continue
        yield locate.player_at(
            "T312",
            f"round {number}: players {earlier.start} and "
            f"{player.start} both have the pairing-allocated bye",
            position,
            player,
            locate.result(number),
            round_number=number,
            other=locate.related(earlier.line, locate.result(number)),
        )


@rule("T313")
def pairing_bye_twice(t: Tournament) -> Iterator[Diagnostic]:
    first: dict[int, int] = {}
    for position, player, number in _pabs(t):
        earlier = first.setdefault(player.start, number)
        if earlier != number:
            yield locate.player_at(
                "T313",
                f"round {number}: player {player.start} already had "
                f"the pairing-allocated bye in round {earlier}",
                position,
                player,
                locate.result(number),
                round_number=number,
                other=locate.related(player.line, locate.result(earlier)),
            )


@rule("T314")
def missing_color(t: Tournament) -> Iterator[Diagnostic]:
    """Forfeits without a colour are common and harmless (TRF.md §11.5); games are not."""
    for position, player, number, entry in facts(t).games:
        if not entry.color and entry.result in PLAYED:
            yield locate.player_at(
                "T314",
                f"round {number}: the game against player {entry.opponent} has no colour",
                position,
                player,
                locate.color(number),
                round_number=number,
            )


@rule("T315")
def missing_opponent(t: Tournament) -> Iterator[Diagnostic]:
    """A played result needs an opponent; ``0000 - =`` is the legacy half-point bye."""
    for position, player, number, entry in facts(t).played_without_opponent:
        if entry.result == "=" and not entry.color:
            continue
        yield locate.player_at(
            "T315",
            f"round {number}: player {player.start} has result {entry.result!r} but no opponent",
            position,
            player,
            locate.opponent(number),
            round_number=number,
        )


@rule("T316")
def start_number_gap(t: Tournament) -> Iterator[Diagnostic]:
    """Start numbers are 1..N; a hole usually means a player line was lost."""
    present = {p.start for p in t.players if p.start > 0}
    if not present:
        return
    if len(present) == max(present):
        return  # 1..N, every one present
    starts = sorted(present)
    # Lazily, six at most: a start number of 10**9 (JSON, XML) must not mean 10**9 steps.
    missing = list(islice((n for n in range(1, starts[-1] + 1) if n not in present), 6))
    if not missing:
        return
    after = min(s for s in starts if s > missing[0])
    position, player = next((i, p) for i, p in enumerate(t.players) if p.start == after)
    shown = ", ".join(str(n) for n in missing[:5]) + (", ..." if len(missing) > 5 else "")
    yield locate.player_at(
        "T316",
        f"start number{'s' if len(missing) > 1 else ''} {shown} "
        f"missing: players run from 1 to {starts[-1]}",
        position,
        player,
        locate.START,
        field="start",
    )
