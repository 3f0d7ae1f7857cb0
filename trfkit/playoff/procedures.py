"""The building blocks of Article 32.5.6: one function per procedure the text defines.

The rows of the decision table (:mod:`trfkit.playoff.table`) are made of these: the
two-player mini-match (32.5.6.1), the three-player round-robin chain (32.5.6.2), the
knock-out (32.5.6.3, reused by 32.5.6.7), the five-player round-robin with its four
follow-ups (32.5.6.4), Armageddon games, and groups playing one of these side by side
(32.5.6.5, 32.5.6.8, 32.5.6.9). Because later clauses say "as in 32.5.6.x", each
procedure is written once and referred to, exactly as the text does.

Every function returns a tuple of stages and takes the :class:`Options` the arbiter
declared, so that 32.5.6.3's "if time allows" and 32.5.8's "straight to Armageddon"
are decided in one place per procedure.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..i18n import phrase
from .plan import (
    ARMAGEDDON,
    RAPID,
    Branch,
    Format,
    IfTied,
    Numbering,
    Options,
    Stage,
    TimeControl,
)

#: A procedure of 32.5.6 as the table uses it: options in, stages out.
Procedure = Callable[[Options], tuple[Stage, ...]]

BY_LOT = "by lot (32.5.5)"
BERGER = "by the Berger table for the pairing numbers (32.5.5)"
MATCH_COLOURS = "game 1 by lot (32.5.5); game 2 not stated (normally colours reversed)"
LATE = "32.5.8: the regular games ended late, so this stage goes straight to Armageddon."


def armageddon_game(
    clause: str,
    *,
    pairing: tuple[int, int] | None = None,
    entrants: str = "",
    notes: tuple[str, ...] = (),
) -> Stage:
    """One Armageddon game (32.5.6.1.2); a draw wins for Black, so it always decides."""
    return Stage(
        clause=clause,
        format=Format.ARMAGEDDON,
        title="One Armageddon game",
        games=1,
        time_control=ARMAGEDDON,
        pairings=(pairing,) if pairing else None,
        entrants=entrants,
        numbering=Numbering.TIEBREAK if pairing else Numbering.NOT_STATED,
        colours=BY_LOT,
        as_in="" if clause == "32.5.6.1.2" else "32.5.6.1.2",
        notes=notes,
    )


def two_players(opts: Options, pair: tuple[int, int] = (1, 2)) -> tuple[Stage, ...]:
    """32.5.6.1: a mini-match of two games at 3 min + 5 s; if level, one Armageddon game.

    32.5.7 (agreed longer control) replaces the clock of the match; 32.5.8 (late)
    skips the match.
    """
    if opts.late:
        return (armageddon_game("32.5.8", pairing=pair, notes=(LATE,)),)
    clause, clock = "32.5.6.1.1", RAPID
    notes: tuple[str, ...] = ()
    if opts.agreed is not None:
        clause, clock = "32.5.7", opts.agreed
        notes = (
            (
                "32.5.7 allows a longer time control by agreement of the organiser and the chief "
                "arbiter; it does not change the number of games, so the two-game mini-match of "
                "32.5.6.1.1 is kept."
            ),
        )
    return (
        Stage(
            clause=clause,
            format=Format.MATCH,
            title="Mini-match of two games",
            games=2,
            time_control=clock,
            pairings=(pair,),
            numbering=Numbering.TIEBREAK,
            colours=MATCH_COLOURS,
            as_in="32.5.6.1.1" if clause != "32.5.6.1.1" else "",
            if_tied=IfTied(
                "If the match is level: one Armageddon game (32.5.6.1.2).",
                (armageddon_game("32.5.6.1.2", pairing=pair),),
            ),
            notes=notes,
        ),
    )


FEWEST_MOVES = IfTied(
    "If still level: the winner is the player who won a point in the fewest moves "
    "(32.5.6.2.3); if two players knock out the third, those two play one Armageddon "
    "game (32.5.6.1.2).",
    (armageddon_game("32.5.6.2.3", entrants="the two players who knocked out the third"),),
)


def armageddon_round_robin(
    opts: Options,
    group: tuple[int, ...] | None = (1, 2, 3),
    *,
    entrants: str = "",
    numbering: Numbering = Numbering.LOT,
) -> tuple[Stage, ...]:
    """32.5.6.2.2: a single round-robin of Armageddon games, then 32.5.6.2.3."""
    return (
        Stage(
            clause="32.5.6.2.2",
            format=Format.ROUND_ROBIN,
            title="Single round-robin of Armageddon games",
            games=1,
            time_control=ARMAGEDDON,
            groups=(group,) if group else None,
            entrants=entrants,
            numbering=numbering,
            colours=BERGER,
            as_in="32.5.6.1.2",
            if_tied=FEWEST_MOVES,
        ),
    )


def three_players(
    opts: Options,
    group: tuple[int, ...] | None = (1, 2, 3),
    *,
    entrants: str = "",
    numbering: Numbering = Numbering.LOT,
) -> tuple[Stage, ...]:
    """32.5.6.2: single round-robin at 3 min + 5 s; if level, one of Armageddon games; then
    fewest moves, or an Armageddon game between the two who knocked out the third."""
    armageddon = armageddon_round_robin(
        opts, None, entrants="the players still level", numbering=numbering
    )
    if opts.late:
        first = armageddon_round_robin(opts, group, entrants=entrants, numbering=numbering)[0]
        return (replace(first, notes=(LATE,)),)
    return (
        Stage(
            clause="32.5.6.2.1",
            format=Format.ROUND_ROBIN,
            title="Single round-robin, one game per pairing",
            games=1,
            time_control=RAPID,
            groups=(group,) if group else None,
            entrants=entrants,
            numbering=numbering,
            colours=BERGER,
            as_in="32.5.6.1.1",
            if_tied=IfTied(
                "If still level: a single round-robin of Armageddon games (32.5.6.2.2).",
                armageddon,
            ),
        ),
    )


def knockout(
    opts: Options,
    pairings: tuple[tuple[int, int], ...] = ((1, 4), (2, 3)),
    *,
    clause: str = "32.5.6.3",
    numbering: Numbering = Numbering.LOT,
    first_round: str = "Semi-finals",
    later_rounds: tuple[tuple[str, str], ...] = (("Final", "the two semi-final winners"),),
    armageddon_allowed: bool = True,
) -> tuple[Stage, ...]:
    """32.5.6.3: knock-out; two-game matches at 3 min + 5 s if time allows, else Armageddon.

    ``later_rounds`` are the rounds a knock-out implies but the text does not describe
    (name, who plays); they get the first round's clock and a note saying so.
    ``armageddon_allowed=False`` is 32.5.6.1.1.2 ("except Armageddon"): matches always.
    """
    short = (opts.time_limited or opts.late) and armageddon_allowed
    clock: TimeControl
    if short:
        clock, games, as_in = ARMAGEDDON, 1, "32.5.6.1.2"
        title = "Knock-out, one Armageddon game per pairing"
        if_tied: IfTied | None = None
        notes: tuple[str, ...] = (
            (LATE,)
            if opts.late
            else (
                phrase(
                    "Time is limited: one Armageddon game per pairing instead of matches "
                    "({clause}).",
                    clause=clause,
                ),
            )
        )
    else:
        clock, games, as_in = RAPID, 2, "32.5.6.1.1"
        title = "Knock-out matches of two games"
        notes = (
            ("The number of games per match is read from 32.5.6.1.1 (a mini-match of two games)."),
        )
        if armageddon_allowed:
            if_tied = IfTied(
                "If a match is level: one Armageddon game between its two players (not stated "
                "for the knock-out; read from 32.5.6.1.2).",
                (armageddon_game("32.5.6.1.2", entrants="the two players of the level match"),),
            )
        else:
            if_tied = IfTied(
                "Not stated: Armageddon is excluded here (32.5.6.1.1.2) and the text gives no "
                "other way to decide a level match; fix it in advance (32.5.1)."
            )
    first = Stage(
        clause=clause,
        format=Format.KNOCKOUT,
        title=phrase("{round}: {what}", round=phrase(first_round), what=phrase(_lower(title))),
        games=games,
        time_control=clock,
        pairings=pairings,
        numbering=numbering,
        colours=BY_LOT if games == 1 else MATCH_COLOURS,
        as_in=as_in,
        if_tied=if_tied,
        notes=notes,
    )
    later = tuple(
        replace(
            first,
            title=phrase("{round}: {what}", round=phrase(name), what=phrase(_lower(title))),
            pairings=None,
            entrants=who,
            notes=(
                phrase(
                    "Not described in {clause}: this round follows from the knock-out and is "
                    "played like the first round.",
                    clause=clause,
                )
                if name == "Final"
                else phrase(
                    "Not described in {clause}: this round follows from the knock-out and is "
                    "played like the first round; its pairings must be fixed in advance "
                    "(32.5.1).",
                    clause=clause,
                ),
            ),
        )
        for name, who in later_rounds
    )
    return (first, *later)


def five_players(
    opts: Options,
    group: tuple[int, ...] | None = (1, 2, 3, 4, 5),
    *,
    entrants: str = "",
) -> tuple[Stage, ...]:
    """32.5.6.4: single round-robin at 3 min + 5 s, then the four follow-ups by how many
    are still level (printed as 32.5.6.1.1.1-32.5.6.1.1.4)."""
    branches = (
        Branch(
            5,
            "32.5.6.1.1.1",
            "All five level: the player who needed the fewest moves in "
            "the games they won is placed first.",
        ),
        Branch(
            4,
            "32.5.6.1.1.2",
            "Four level: as four players (32.5.6.3), but without Armageddon.",
            knockout(opts, armageddon_allowed=False, clause="32.5.6.1.1.2"),
        ),
        Branch(
            3,
            "32.5.6.1.1.3",
            "Three level: as three players (32.5.6.2).",
            three_players(opts, None, entrants="the three players still level"),
        ),
        Branch(
            2,
            "32.5.6.1.1.4",
            "Two level: one Armageddon game (32.5.6.1.2).",
            (armageddon_game("32.5.6.1.1.4", entrants="the two players still level"),),
        ),
    )
    late = opts.late
    notes = (
        (
            LATE,
            (
                "32.5.8 does not say how five players go straight to Armageddon; read as "
                "the round-robin of 32.5.6.4 played as Armageddon games."
            ),
        )
        if late
        else ()
    )
    return (
        Stage(
            clause="32.5.6.4",
            format=Format.ROUND_ROBIN,
            title="Single round-robin of Armageddon games"
            if late
            else "Single round-robin, one game per pairing",
            games=1,
            time_control=ARMAGEDDON if late else RAPID,
            groups=(group,) if group else None,
            entrants=entrants,
            numbering=Numbering.LOT,
            colours=BERGER,
            as_in="32.5.6.1.2" if late else "32.5.6.1.1",
            if_tied=IfTied(
                "If players are still level for first place, by how many:", branches=branches
            ),
            notes=notes,
        ),
    )


def armageddon_all(opts: Options, tied: int = 7) -> tuple[Stage, ...]:
    """32.5.6.6: "they play Armageddon" - the pairing scheme is not stated."""
    return (
        Stage(
            clause="32.5.6.6",
            format=Format.ARMAGEDDON,
            title="Armageddon games",
            games=1,
            time_control=ARMAGEDDON,
            groups=(tuple(range(1, tied + 1)),),
            numbering=Numbering.LOT,
            colours=BY_LOT,
            as_in="32.5.6.1.2",
            if_tied=IfTied(
                "If still level: first place goes to the player with the fewest moves (32.5.6.6)."
            ),
            notes=(
                (
                    "32.5.6.6 does not say how the seven players are paired (round-robin, "
                    "knock-out or otherwise) nor how many games each plays; fix it in advance "
                    "(32.5.1)."
                ),
            ),
        ),
    )


def in_groups(
    opts: Options,
    per_group: Callable[..., tuple[Stage, ...]],
    *,
    clause: str,
    groups: tuple[tuple[int, ...], ...] | None = None,
    sizes: tuple[int, ...] = (),
    names: tuple[str, ...] = (),
    numbering: Numbering = Numbering.TIEBREAK,
    final: bool = True,
) -> tuple[Stage, ...]:
    """Groups each playing ``per_group`` side by side (32.5.6.5, 32.5.6.8, 32.5.6.9), then,
    when ``final``, one Armageddon game between the two group winners (32.5.6.1.2)."""
    count = len(groups) if groups else len(sizes)
    names = names or tuple(str(i) for i in range(1, count + 1))
    inner = per_group(opts, None, entrants="each group")[0]
    stage = replace(
        inner,
        clause=clause,
        format=Format.GROUPS,
        title=phrase("{count} groups, each: {what}", count=count, what=phrase(_lower(inner.title))),
        groups=groups,
        group_sizes=sizes or tuple(len(g) for g in groups or ()),
        group_names=names,
        entrants="",
        numbering=numbering,
        as_in=inner.clause,
    )
    if not final:
        return (stage,)
    winners = phrase(
        " and ".join("the winner of group {g" + str(k) + "}" for k in range(len(names))),
        **{f"g{k}": n for k, n in enumerate(names)},
    )
    return (stage, armageddon_game(clause, entrants=winners))


def _lower(title: str) -> str:
    """A title as the second half of a longer one (``Final: knock-out matches ...``)."""
    return title[0].lower() + title[1:]
