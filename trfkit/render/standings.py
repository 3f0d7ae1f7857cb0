"""Standings as ``trfkit tiebreaks`` prints them: a terminal table, CSV, JSON, TRF.

The JSON is a contract (README, Tie-breaks): ``{"rules", "tiebreaks", "players": [{"start",
"name", "rank", "values"}], "after_round", "rounds"}`` with ``null`` for an undefined
value; a team event's gives ``"teams"`` rows (``number``, ``name``, ``rank``, ``values``
with ``MP`` and ``GP``) and the players' rows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from math import isfinite
from operator import is_not
from typing import TYPE_CHECKING, Any

from .. import formats
from ..finite import dumps, finite_or_none
from ..i18n import DEFAULT, Translator, translator
from ..model import Tournament
from ..terminal import escape_controls
from ..tiebreaks import Standings
from .terms import legend

if TYPE_CHECKING:  # types only: individual standings do not load the team engine
    from ..formats.sheets import CsvStyle, Table
    from ..tiebreaks.team.standings import TeamStandings

__all__ = [
    "render_csv",
    "render_json",
    "render_team_json",
    "render_team_table",
    "render_text",
    "render_trf",
    "short_number",
    "standings_table",
    "team_table",
]


_defined = partial(is_not, None)
#: The gettext context of the team table's headers ("name" is a team's, not an event's).
TEAM_TABLE = "team table"


def short_number(value: float | None) -> str:
    """Short text for a value: ``11``, ``7.25``, ``12.6``; ``-`` when undefined (as the
    standings tables print it, and the HTML report too)."""
    if value is None:
        return "-"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def render_json(standings: Standings) -> str:
    """The JSON of ``trfkit tiebreaks --to json`` (its contract: README, Tie-breaks)."""
    doc = {
        "rules": standings.edition.name,
        "tiebreaks": standings.labels,
        "players": [
            {"start": row.start, "name": row.name, "rank": row.rank, "values": _finite(row.values)}
            for row in standings.rows
        ],
        "after_round": standings.rounds,
        "rounds": standings.total_rounds,
    }
    return dumps(doc, finite=True)  # every value through _finite


def _finite(values: dict[str, Any]) -> dict[str, Any]:
    """Values as JSON holds them: a value that is not a finite number is undefined (null).
    The usual row, all finite, is kept as it is."""
    if all(map(isfinite, filter(_defined, values.values()))):
        return values
    return {label: finite_or_none(v) for label, v in values.items()}


def standings_table(
    standings: Standings,
    teams: Mapping[int, tuple[int, str]] | None = None,
    name: str = "Standings",
) -> Table:
    """The rows of ``tiebreaks --to csv`` / ``xlsx`` as values: one per player, best first;
    with ``teams`` (:func:`~trfkit.formats.sheets.team_cells`, a team event's players) the
    team number and name follow the points, before the tie-break columns. The cells of the file's text (name, team name,
    federation) are the ones made safe; the numbers trfkit computed are written as they are.
    ``name`` names the sheet of a workbook."""
    from ..formats.sheets import TEAM_HEAD, Table, team_columns  # for spreadsheets only

    extra = TEAM_HEAD if teams is not None else ()
    head = ("rank", "start", "name", "federation", "rating", "points", *extra, *standings.labels)
    rows = tuple(
        (
            row.rank,
            row.start,
            row.name,
            row.federation,
            row.rating or None,
            row.points,
            *team_columns(teams, row.start),
            *(row.values[c] for c in standings.labels),
        )
        for row in standings.rows
    )
    text = {2, 3, 7} if extra else {2, 3}  # name, federation (and the team's name)
    return Table(name, head, rows, frozenset(text))


def team_table(standings: TeamStandings) -> Table:
    """A team event's standings as values (``tiebreaks --to csv`` / ``xlsx``)."""
    from ..formats.sheets import Table  # for spreadsheets only

    rows = tuple(
        (
            r.rank,
            r.number,
            r.name,
            r.match_points,
            r.game_points,
            *(r.values[c] for c in standings.labels),
        )
        for r in standings.rows
    )
    return Table(
        "Teams", ("rank", "number", "name", "MP", "GP", *standings.labels), rows, frozenset({2})
    )


def table_csv(table: Table, style: CsvStyle | None = None) -> str:
    """``table`` as the CSV of ``tiebreaks`` (LF-ended rows, numbers short: ``7.25``)."""
    from ..formats.sheets import CsvStyle, csv_text  # for CSV output only

    return csv_text(table, style or CsvStyle(), number=short_number, newline="\n")


def render_csv(
    standings: Standings,
    raw: bool = False,
    *,
    style: CsvStyle | None = None,
    teams: Mapping[int, tuple[int, str]] | None = None,
) -> str:
    """One CSV row per player; ``raw`` leaves names as they are (no formula guard);
    ``style`` (delimiter, byte order mark, raw) replaces ``raw`` when given."""
    from ..formats.sheets import CsvStyle  # for CSV output only

    return table_csv(standings_table(standings, teams), style or CsvStyle(raw=raw))


def render_text(standings: Standings, tr: Translator | None = None) -> str:
    """The aligned table for a terminal (the file's control characters shown escaped), in
    the language of ``tr`` (English by default; a translation adds a legend of the codes)."""
    tr = tr or translator(DEFAULT)
    _ = tr.gettext
    labels = standings.labels
    head = [_("Rk"), _("No"), _("Name"), _("Fed"), _("Rtg"), _("Pts"), *labels]
    body = [
        [
            str(r.rank),
            str(r.start),
            escape_controls(r.name),
            escape_controls(r.federation),
            str(r.rating or ""),
            short_number(r.points),
            *(short_number(r.values[c]) for c in labels),
        ]
        for r in standings.rows
    ]
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=False)]
    left = {2, 3}  # name and federation are left-aligned, numbers right-aligned

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if k in left else c.rjust(w)
            for k, (c, w) in enumerate(zip(cells, widths, strict=False))
        ).rstrip()

    title = _title(
        standings,
        tr,
        _("Standings after round {rounds} of {total} - rules {rules}: {title}"),
        _("Standings after round {rounds} - rules {rules}: {title}"),
    )
    after = ["", *legend(labels, tr)] if tr.lang != DEFAULT and labels else []
    return "\n".join([title, "", line(head), *(line(b) for b in body), *after]) + "\n"


def _title(standings: Standings | TeamStandings, tr: Translator, of: str, alone: str) -> str:
    """The heading: ``of`` (``{rounds}``, ``{total}``) when the event's rounds are known, else
    ``alone``; ``{rules}`` and ``{title}`` name the edition."""
    total = standings.total_rounds
    return (of if total else alone).format(
        rounds=standings.rounds,
        total=total,
        rules=standings.edition.name,
        title=tr.say(standings.edition.title),
    )


def render_trf(tournament: Tournament, standings: Standings) -> str:
    """``tournament`` as TRF with the standings' ranks, points and tie-break list written
    in; :class:`ValueError` when TRF cannot hold it (see :func:`trfkit.formats.write`)."""
    by_start = standings.by_start()
    players = tuple(
        replace(p, points=by_start[p.start].points, rank=by_start[p.start].rank)
        if p.start in by_start
        else p
        for p in tournament.players
    )
    listed = tuple(c.trf for c in standings.codes)
    if standings.full_order:  # the order used was the file's 212 list: keep it there
        header = replace(tournament.header, standings_tiebreaks=listed)
    else:  # a 212 list the standings did not follow would contradict the ranks written
        header = replace(tournament.header, tiebreaks=listed, standings_tiebreaks=())
    return formats.write(replace(tournament, players=players, header=header), "trf")


def render_team_json(standings: TeamStandings, players: list[dict[str, Any]] | None = None) -> str:
    """The JSON of a team event's standings, with the players' rows unless None."""
    doc = {
        "rules": standings.edition.name,
        "tiebreaks": standings.labels,
        "teams": [
            {
                "number": row.number,
                "name": row.name,
                "rank": row.rank,
                "values": _finite({"MP": row.match_points, "GP": row.game_points, **row.values}),
            }
            for row in standings.rows
        ],
        "after_round": standings.rounds,
        "rounds": standings.total_rounds,
    }
    if players is not None:
        doc["players"] = players
    return dumps(doc)


def render_team_table(
    standings: TeamStandings,
    to: str,
    raw: bool = False,
    *,
    style: CsvStyle | None = None,
    tr: Translator | None = None,
) -> str:
    """A team event's standings as CSV (``to == "csv"``, ``style`` as for :func:`render_csv`)
    or as the terminal's table, in the language of ``tr`` (CSV headers stay the codes
    scripts read)."""
    if to == "csv":
        from ..formats.sheets import CsvStyle  # for CSV output only

        return table_csv(team_table(standings), style or CsvStyle(raw=raw))
    tr = tr or translator(DEFAULT)
    _ = tr.gettext
    labels = standings.labels
    head = ["rank", "number", "name", "MP", "GP", *labels]
    head[:3] = [tr.pgettext(TEAM_TABLE, k) for k in ("rank", "number", "name")]
    body = [
        [
            str(r.rank),
            str(r.number),
            r.name,
            short_number(r.match_points),
            short_number(r.game_points),
            *(short_number(r.values[c]) for c in labels),
        ]
        for r in standings.rows
    ]
    body = [[escape_controls(cell) for cell in row] for row in body]  # shown, not obeyed
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=False)]
    lines = [
        "  ".join(
            c.ljust(w) if k == 2 else c.rjust(w)
            for k, (c, w) in enumerate(zip(row, widths, strict=False))
        ).rstrip()
        for row in [head, *body]
    ]
    title = _title(
        standings,
        tr,
        _("Team standings after round {rounds} of {total} - rules {rules}: {title}"),
        _("Team standings after round {rounds} - rules {rules}: {title}"),
    )
    after = ["", *legend(labels, tr)] if tr.lang != DEFAULT and labels else []
    return "\n".join([title, "", *lines, *after]) + "\n"
