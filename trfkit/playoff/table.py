"""Article 32.5.6 as a decision table keyed by the number of players tied for first place.

One :class:`Row` per item of 32.5.6: the clause, a one-line summary, the procedure
(a :mod:`~trfkit.playoff.procedures` function with the groups and pairings the text
gives, bound with :func:`functools.partial`) and the notes on what the text leaves
open. :func:`build_plan` looks a row up and adds the general provisions of
32.5.1-32.5.5 and the notes for the declared options - no chain of ``if`` by count.

Sources: ``shared/seed/article-32.ru.md`` (the Russian text) and
``shared/spec/TIEBREAKS.md`` parts A.6 and F.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial

from ..i18n import phrase
from . import procedures as p
from .plan import DEFAULT_OPTIONS, Note, NoteKind, Numbering, Options, Plan

#: 32.5.6.10: from eleven tied players on, only the first eight play (as 32.5.6.7).
CUT_FROM = 11
KEEP = 8


@dataclass(frozen=True, slots=True)
class Row:
    """One item of 32.5.6: what the text prescribes for ``tied`` players."""

    clause: str
    title: str
    procedure: p.Procedure
    silent: tuple[str, ...] = ()  # what the text leaves open, with trfkit's reading
    typo: str = ""  # an evident misprint in the clause and how it is read


KNOCKOUT_GAPS = (
    "32.5.6.3 'two knock-out matches' is read as the two matches of the first round.",
    (
        "32.5.6.3 does not describe the final nor how a level match is decided; trfkit reads "
        "both from 32.5.6.1 (same time control, then one Armageddon game)."
    ),
)

FIVE_NUMBERING = (
    "The four follow-ups of 32.5.6.4 are printed as 32.5.6.1.1.1-32.5.6.1.1.4 (a numbering that "
    "belongs under 32.5.6.1.1); they are read as items of 32.5.6.4 and cited as printed."
)

EIGHT = Row(
    "32.5.6.7",
    "Eight players: knock-out 1 v 8, 2 v 7, 3 v 6, 4 v 5",
    partial(
        p.knockout,
        pairings=((1, 8), (2, 7), (3, 6), (4, 5)),
        clause="32.5.6.7",
        numbering=Numbering.NOT_STATED,
        first_round="Quarter-finals",
        later_rounds=(
            ("Semi-finals", "the four quarter-final winners"),
            ("Final", "the two semi-final winners"),
        ),
    ),
    (
        (
            "32.5.6.7 does not say whether 1..8 are tie-break places or drawn by lot; read as the "
            "tie-break order (best against last, as in 32.5.6.5)."
        ),
        (
            "32.5.6.7 states no time control for the knock-out; read as 32.5.6.3: two-game matches "
            "at 3 min + 5 s when time allows, otherwise Armageddon games ('or as 32.5.6.1.2')."
        ),
        (
            "32.5.6.7 does not describe the semi-final pairings nor the final; fix them in advance "
            "(32.5.1)."
        ),
    ),
    "32.5.6.7 refers to '30.5.6.1.2', which does not exist; it is read as 32.5.6.1.2 (one "
    "Armageddon game), the evident meaning.",
)

#: 32.5.6.9 gives no composition for the two groups of five: trfkit deals the tie-break
#: order in a snake, the pattern 32.5.6.5 uses for six (1, 4, 5 / 2, 3, 6), continued.
TEN_GROUPS = ((1, 4, 5, 8, 9), (2, 3, 6, 7, 10))

#: The decision table: number of tied players -> row. 11 and more: :data:`OVERFLOW`.
TABLE: Mapping[int, Row] = {
    2: Row(
        "32.5.6.1",
        "Two players: mini-match of two games, then one Armageddon game",
        p.two_players,
    ),
    3: Row(
        "32.5.6.2",
        "Three players: single round-robin, then a round-robin of Armageddon games",
        p.three_players,
        (
            (
                "32.5.6.2.1 and 32.5.6.2.2 say only 'if the results remain level'; what happens when "
                "two of the three share first place is not stated."
            ),
            (
                "'Won a point in the fewest moves' and 'two players knock out the third' "
                "(32.5.6.2.3) are not defined further."
            ),
        ),
    ),
    4: Row(
        "32.5.6.3",
        "Four players: knock-out 1 v 4, 2 v 3 (pairing numbers by lot)",
        p.knockout,
        KNOCKOUT_GAPS,
    ),
    5: Row(
        "32.5.6.4",
        "Five players: single round-robin (pairing numbers by lot)",
        p.five_players,
        (
            "32.5.6.4: 'level' is read as level for first place after the round-robin.",
            (
                "32.5.6.1.1.2 applies 32.5.6.3 'except Armageddon', which leaves a level knock-out "
                "match with no stated decider; fix it in advance (32.5.1)."
            ),
            *KNOCKOUT_GAPS[:1],
        ),
        FIVE_NUMBERING,
    ),
    6: Row(
        "32.5.6.5",
        "Six players: two groups of three (1, 4, 5 and 2, 3, 6), winners play Armageddon",
        partial(
            p.in_groups, per_group=p.three_players, clause="32.5.6.5", groups=((1, 4, 5), (2, 3, 6))
        ),
        ("32.5.6.5: inside each group the pairing numbers are drawn by lot, as in 32.5.6.2.",),
    ),
    7: Row(
        "32.5.6.6",
        "Seven players: Armageddon (pairing numbers by lot)",
        p.armageddon_all,
        ("'The player with the fewest moves' (32.5.6.6) is not defined further.",),
    ),
    8: EIGHT,
    9: Row(
        "32.5.6.8",
        "Nine players: three groups of three (A 1, 5, 9; B 2, 6, 7; C 3, 4, 8), Armageddon "
        "round-robins",
        partial(
            p.in_groups,
            per_group=p.armageddon_round_robin,
            clause="32.5.6.8",
            groups=((1, 5, 9), (2, 6, 7), (3, 4, 8)),
            names=("A", "B", "C"),
            numbering=Numbering.NOT_STATED,
            final=False,
        ),
        (
            (
                "32.5.6.8 does not say whether 1..9 are tie-break places; read as the tie-break "
                "order, as in 32.5.6.5."
            ),
            (
                "32.5.6.8 cites only 32.5.6.2.2; if a group ends level, its continuation 32.5.6.2.3 "
                "is the natural reading."
            ),
            (
                "32.5.6.8 does not say how the three group winners then decide first place; fix it "
                "in advance (32.5.1)."
            ),
        ),
    ),
    10: Row(
        "32.5.6.9",
        "Ten players: two groups of five as five players, winners play Armageddon",
        partial(
            p.in_groups,
            per_group=p.five_players,
            clause="32.5.6.9",
            groups=TEN_GROUPS,
            numbering=Numbering.NOT_STATED,
        ),
        (
            (
                "32.5.6.9 does not say how the ten players are split into the two groups of five; "
                "trfkit's reading continues the pattern of 32.5.6.5 for six (the tie-break order "
                "dealt in a snake, 1, 4, 5 and 2, 3, 6): 1, 4, 5, 8, 9 and 2, 3, 6, 7, 10. Fix it "
                "in advance (32.5.1). Inside each group the pairing numbers are drawn by lot "
                "(32.5.6.4)."
            ),
        ),
        FIVE_NUMBERING,
    ),
}

#: 32.5.6.10: eleven or more tied players.
OVERFLOW = Row(
    "32.5.6.10",
    "Eleven or more players: places 9 and below drop out; the first eight play as 32.5.6.7",
    EIGHT.procedure,
    (
        (
            "32.5.6.10: places 9 and below are taken from the tie-break order (implied by 'from "
            "9th down')."
        ),
        *EIGHT.silent,
    ),
    EIGHT.typo,
)

#: 32.5.1-32.5.5 and the preamble of 32.5.6: printed with every plan.
PROVISIONS = (
    (
        "32.5: a play-off, as an additional competition, is recommended to decide first place, the "
        "champion's title or qualifying places."
    ),
    (
        "32.5.1: the pairing system and the times of the play-off must be fixed in advance, before "
        "the tournament starts."
    ),
    (
        "32.5.2: if time before the closing ceremony is short, the last-round games between players "
        "who could finish level may start before the other games."
    ),
    (
        "32.5.3: the play-off starts at least 30 minutes after the end of the last regular game of "
        "the play-off players; later stages are separated by breaks of at least 10 minutes."
    ),
    (
        "32.5.4: every game has an arbiter; a dispute goes to a panel of three other arbiters, "
        "whose decision is final."
    ),
    "32.5.5: colours are drawn by lot, except where the Berger tables fix them.",
    "32.5.6: this is the procedure for a play-off whose time is somewhat limited.",
    (
        "32.5.6.1.2: Armageddon is White 5 min, Black 4 min, a draw counts as a win for Black; no "
        "increment is stated."
    ),
)


def row_for(tied: int) -> Row:
    """The row of 32.5.6 for ``tied`` players (2 or more)."""
    if tied < 2:
        raise ValueError(f"a play-off needs at least two tied players, not {tied}")
    return TABLE[tied] if tied < CUT_FROM else OVERFLOW


def option_notes(tied: int, opts: Options) -> tuple[str, ...]:
    """Notes for the declared circumstances (32.5.7, 32.5.8, --time-limited)."""
    notes: list[str] = []
    if opts.late:
        notes.append(
            "32.5.8: the regular games ended late; the play-off goes straight to Armageddon."
        )
        if tied in (7, 9):
            notes.append("32.5.8 changes nothing here: these stages are Armageddon already.")
        if tied in (5, 10):
            notes.append(
                "32.5.8 and 32.5.6.1.1.2 conflict for four players still level: "
                "32.5.6.1.1.2 excludes Armageddon, so their knock-out keeps its "
                "matches (trfkit's reading)."
            )
    elif opts.time_limited:
        notes.append(
            "Time is limited: the 'if time allows' branches are not used (32.5.6.3 and "
            "32.5.6.7 use Armageddon games; 32.5.7 is not available)."
        )
    if tied == 2 and opts.agreed is not None:
        notes.append(
            phrase(
                "32.5.7: the organiser and the chief arbiter agreed a longer time control "
                "for the mini-match: {clock}.",
                clock=opts.agreed.label,
            )
        )
    elif tied == 2 and not (opts.late or opts.time_limited):
        notes.append(
            "32.5.7: with only two players, if time allows, the organiser and the chief "
            "arbiter may agree a longer time control (the text names none)."
        )
    elif opts.agreed is not None:
        notes.append("32.5.7 applies to two players only; the agreed time control is not used.")
    return tuple(notes)


def build_plan(tied: int, opts: Options = DEFAULT_OPTIONS) -> Plan:
    """The play-off for ``tied`` players seeded 1..tied in tie-break order."""
    row = row_for(tied)
    if tied != 2 and opts.agreed is not None:
        play = Options(time_limited=opts.time_limited, late=opts.late)
    else:
        play = opts
    notes = [Note(NoteKind.PROVISION, text) for text in PROVISIONS]
    if tied >= CUT_FROM:
        notes.append(
            Note(
                NoteKind.PROVISION,
                phrase(
                    "32.5.6.10: seeds {first} to {last} drop out and share a part of the prize "
                    "fund fixed in advance; seeds 1 to {keep} play as 32.5.6.7.",
                    first=KEEP + 1,
                    last=tied,
                    keep=KEEP,
                ),
            )
        )
    if row.typo:
        notes.append(Note(NoteKind.TYPO, row.typo))
    notes.extend(Note(NoteKind.SILENT, text) for text in row.silent)
    notes.extend(Note(NoteKind.OPTION, text) for text in option_notes(tied, opts))
    return Plan(
        tied=tied,
        clause=row.clause,
        title=row.title,
        stages=row.procedure(play),
        excluded=tuple(range(KEEP + 1, tied + 1)) if tied >= CUT_FROM else (),
        notes=tuple(notes),
        options=opts,
    )
