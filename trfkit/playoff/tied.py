"""Who is in the play-off: the players level on points for first place, in tie-break order.

Article 32.5.6 counts the players who "have an equal number of points" for first
place; the seeds 1..N of the plan are their order after the tie-breaks (32.5.6.5
"in order of the highest tie-break"). The standings come from
:func:`trfkit.tiebreaks.compute`; if that engine cannot be imported the players are
ordered by points only (then by start number) and a note says so, so the planner
still works on a bare install.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic
from ..i18n import phrase
from ..model import Tournament
from ..tiebreaks import compute as compute_all

if TYPE_CHECKING:
    from ..tiebreaks import Standings
from .plan import DEFAULT_OPTIONS, Entrant, Note, NoteKind, Options, Plan
from .table import build_plan

#: Points closer than this are equal (scores are sums of halves or thirds).
EPSILON = 1e-9


@dataclass(frozen=True, slots=True)
class Leaders:
    """The players tied for first place, best first, and how they were ordered."""

    entrants: tuple[Entrant, ...]
    notes: tuple[Note, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()
    #: (after round k, of n rounds) of the standings the tie was found in; None without them
    standings_round: tuple[int, int] | None = None


def _points_only(tournament: Tournament) -> list[tuple[int, str, float, int]]:
    """(start, name, points, rank) by points only: the fallback without the tie-break engine.

    Points are summed from the round blocks with the file's scoring system; a player
    without round blocks keeps the declared points.
    """
    scoring = tournament.scoring
    rows = []
    for p in tournament.players:
        if any(not p.is_empty_round(i) for i in range(p.round_count)):
            pts = p.score(scoring.column_points())
        else:
            pts = p.points or 0.0
        rows.append((p.start, p.name, pts))
    rows.sort(key=lambda r: (-r[2], r[0]))
    ranked: list[tuple[int, str, float, int]] = []
    for i, (start, name, pts) in enumerate(rows):
        same = bool(ranked) and abs(ranked[-1][2] - pts) < EPSILON
        ranked.append((start, name, pts, ranked[-1][3] if same else i + 1))
    return ranked


def leaders(
    tournament: Tournament,
    codes: Sequence[str] | None = None,
    *,
    rules: str = "auto",
    after_round: int | None = None,
) -> Leaders:
    """The players level on points with the leader, ordered by the tie-breaks.

    Raises ``ValueError``/``KeyError`` from the tie-break engine for unknown codes or
    rule names (the CLI turns these into usage errors).
    """
    if not tournament.players:
        return Leaders(())
    notes: list[Note] = []
    diagnostics: tuple[Diagnostic, ...] = ()
    standings_round: tuple[int, int] | None = None
    try:
        from ..tiebreaks import compute  # noqa: F401 - only to know whether it is there
    except ImportError:
        ranked = _points_only(tournament)
        notes.append(
            Note(
                NoteKind.SOURCE,
                "The tie-break engine is not available: the tied "
                "players are ordered by points only, then by start number. Establish "
                "their tie-break order before using the seeds.",
            )
        )
    else:
        standings, dropped = _standings(tournament, codes, rules, after_round)
        ranked = [(r.start, r.name, float(r.points), r.rank) for r in standings.rows]
        used = ", ".join(standings.labels) or phrase("none")
        notes.append(
            Note(
                NoteKind.SOURCE,
                phrase(
                    "Standings after round {rounds} of {total} computed by trfkit under "
                    "{edition}; tie-breaks after points: {used}.",
                    rounds=standings.rounds,
                    total=standings.total_rounds,
                    edition=standings.edition.name,
                    used=used,
                ),
            )
        )
        if dropped:
            notes.append(
                Note(
                    NoteKind.SOURCE,
                    phrase(
                        "Tie-breaks of the file that trfkit cannot compute were left out: {codes}.",
                        codes=", ".join(dropped),
                    ),
                )
            )
        diagnostics = standings.diagnostics
        standings_round = (standings.rounds, standings.total_rounds)
    top = max(points for _, _, points, _ in ranked)
    tied = [row for row in ranked if abs(row[2] - top) < EPSILON]
    entrants = tuple(
        Entrant(seed, start, name, points) for seed, (start, name, points, _) in enumerate(tied, 1)
    )
    notes.extend(_still_level(tied))
    if tournament.is_team_event:
        notes.append(
            Note(
                NoteKind.SOURCE,
                "This is a team event: the plan is for the players "
                "tied in the individual standings (Article 32.5 speaks of players).",
            )
        )
    return Leaders(
        entrants, tuple(notes), _about(diagnostics, tournament, entrants), standings_round
    )


def _about(
    diagnostics: tuple[Diagnostic, ...], tournament: Tournament, entrants: tuple[Entrant, ...]
) -> tuple[Diagnostic, ...]:
    """The standings diagnostics that concern the play-off: file-level ones and those on
    the tied players' lines (a rank disagreement in 40th place does not change the plan)."""
    starts = {e.start for e in entrants}
    lines = {p.line for p in tournament.players if p.start in starts and p.line}
    return tuple(d for d in diagnostics if d.line in lines or not d.line)


def _standings(
    tournament: Tournament, codes: Sequence[str] | None, rules: str, after_round: int | None = None
) -> tuple[Standings, list[str]]:
    """Standings with ``codes``, else with the file's own list, leaving out the codes of
    that list the engine rejects (an arbiter still needs a plan when the file names an
    exotic tie-break); the second value lists what was left out."""

    compute = partial(compute_all, after_round=after_round)
    if codes:
        return compute(tournament, list(codes), rules=rules), []
    try:
        return compute(tournament, None, rules=rules), []
    except ValueError:
        pass
    header = tournament.header
    listed = [c for c in header.standings_tiebreaks or header.tiebreaks if c.strip()]
    full_order = bool(header.standings_tiebreaks)
    kept: list[str] = []
    dropped: list[str] = []
    for code in listed:
        try:
            compute(tournament, [*kept, code], rules=rules, full_order=full_order)
        except ValueError:
            dropped.append(code.strip())
        else:
            kept.append(code)
    return compute(tournament, kept, rules=rules, full_order=full_order), dropped


def _still_level(tied: list[tuple[int, str, float, int]]) -> list[Note]:
    """Notes for tied players the tie-breaks did not separate: their seeds need a lot."""
    by_rank: dict[int, list[int]] = {}
    for seed, (_, _, _, rank) in enumerate(tied, 1):
        by_rank.setdefault(rank, []).append(seed)
    return [
        Note(
            NoteKind.SOURCE,
            phrase(
                "Seeds {seeds} are still level after the tie-breaks; they are listed by start "
                "number. Where the plan depends on the tie-break order, decide their order by lot.",
                seeds=", ".join(map(str, seeds)),
            ),
        )
        for seeds in by_rank.values()
        if len(seeds) > 1
    ]


def plan_for_tournament(
    tournament: Tournament,
    codes: Sequence[str] | None = None,
    *,
    rules: str = "auto",
    options: Options = DEFAULT_OPTIONS,
    after_round: int | None = None,
) -> tuple[Plan, tuple[Diagnostic, ...]]:
    """The play-off plan for the players tied for first in ``tournament``, with names.

    With fewer than two leaders the plan has no stages (``clause`` is empty).
    """
    found = leaders(tournament, codes, rules=rules, after_round=after_round)
    count = len(found.entrants)
    if count < 2:
        who = (
            phrase("{name} is first alone", name=found.entrants[0].name)
            if found.entrants
            else phrase("the tournament has no players")
        )
        plan = Plan(
            tied=count,
            clause="",
            title=phrase("No play-off needed: {who}.", who=who),
            stages=(),
            notes=found.notes,
            options=options,
            entrants=found.entrants,
            standings_round=found.standings_round,
        )
        return plan, found.diagnostics
    plan = build_plan(count, options)
    return (
        replace(
            plan,
            notes=found.notes + plan.notes,
            entrants=found.entrants,
            standings_round=found.standings_round,
        ),
        found.diagnostics,
    )
