"""T70x, the player part of the rating officer's profile (``--profile fide-rating``).

A player's federation and title must be codes FIDE knows, and a player without a FIDE
id becomes a new player of FIDE's database from this very report, which FIDE accepts
only with a birth date and a sex. FIDE ids that are not digits are the reader's T103,
two players with one id T306 (both on by default). Off by default, like every profile
rule (:data:`trfkit.selection.OPT_IN`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ...diagnostics import Diagnostic, make
from ...model import Player, Tournament
from .. import locate
from ..registry import rule
from .federations import CODES as FEDERATIONS

SEX: Final[locate.Span] = (10, 10)
TITLE: Final[locate.Span] = (11, 13)
FEDERATION: Final[locate.Span] = (54, 56)
BIRTH: Final[locate.Span] = (70, 79)

#: The playing titles TRF's title field holds (TRF.md §4.1).
TITLES: Final = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"})
#: Titles FIDE awards that are not playing titles over the board, and so have no place
#: in columns 11-13: arbiters, trainers, organisers, and the online Arena titles.
OTHER_FIDE_TITLES: Final[dict[str, str]] = {
    **dict.fromkeys(("IA", "FA", "NA"), "an arbiter title"),
    **dict.fromkeys(("FST", "FT", "FI", "DI", "NI"), "a trainer title"),
    **dict.fromkeys(("IO", "FO"), "an organiser title"),
    **dict.fromkeys(("AGM", "AIM", "AFM", "ACM"), "an online (FIDE Arena) title"),
}


@rule("T705")
def unknown_player_federation(t: Tournament) -> Iterator[Diagnostic]:
    """A blank federation is allowed (FIDE knows a rated player's); a code must be FIDE's."""
    for index, player in enumerate(t.players):
        code = player.federation.strip()
        if code and code.upper() not in FEDERATIONS:
            yield locate.player_at(
                "T705",
                f"player {player.start}: federation {code!r} is not a FIDE federation code",
                index,
                player,
                FEDERATION,
                field="federation",
            )


@rule("T706")
def unknown_title(t: Tournament) -> Iterator[Diagnostic]:
    for index, player in enumerate(t.players):
        title = player.title.strip()
        if not title or title in TITLES:
            continue
        kind = OTHER_FIDE_TITLES.get(title.upper())
        why = f"{kind}, not a playing title" if kind else "not a FIDE playing title"
        yield locate.player_at(
            "T706",
            f"player {player.start}: title {title!r} is {why}",
            index,
            player,
            TITLE,
            field="title",
        )


def _missing(player: Player) -> list[tuple[str, locate.Span]]:
    """What FIDE's new-player registration lacks: (field, its columns), column order."""
    gaps = []
    if not player.sex:
        gaps.append(("sex (column 10)", SEX))
    if player.birth is None or player.birth.year is None:
        gaps.append(("birth date (columns 70-79)", BIRTH))
    return gaps


#: Inputs that may show no FIDE id column at all: a chess-results crosstable page, a
#: spreadsheet saved from one. When none of their players has an id, the page cannot tell
#: new players from known ones, and T708 says so once instead of once a player.
ID_OPTIONAL_FORMATS: Final = frozenset({"chess-results-html", "xlsx"})


@rule("T708")
def new_player_data_missing(t: Tournament) -> Iterator[Diagnostic]:
    """One diagnostic a player, at the first field missing; a birth year alone (``1990/00/00``,
    as Swiss-Manager writes an unknown day) is what FIDE asks of a new player."""
    if t.source.format in ID_OPTIONAL_FORMATS and not any(p.fide_id for p in t.players):
        if t.players:
            yield make(
                "T708",
                f"none of the {len(t.players)} players has a FIDE id (the page shows none), "
                "so the new ones cannot be told and have no birth date or sex here",
                1,
                1,
            )
        return
    for index, player in enumerate(t.players):
        if player.fide_id:
            continue
        gaps = _missing(player)
        if gaps:
            yield locate.player_at(
                "T708",
                f"player {player.start} has no FIDE id and no "
                f"{' and no '.join(what for what, _ in gaps)}",
                index,
                player,
                gaps[0][1],
                field="sex" if gaps[0][1] == SEX else "birth",
            )
