"""The crosstable of the report: a grid for a round robin, one row per player otherwise,
and the teams' tables for a team event.

* Round robin (:func:`trfkit.tiebreaks.context.is_round_robin`, a field of at most
  :data:`GRID_LIMIT` players): player x player in standings order, each cell the games
  of the pair (two marks in a double round robin), the colour as ○ / ● and the result.
* Otherwise (a Swiss, and the players of a team event): per round the opponent's place
  in the standings, the colour and the result, e.g. ``12○1``; byes by their TRF letter.
* Team events: team x round with the opposing team, match and game points, then each
  team's roster.

Every mark has text or a symbol besides its colour (:mod:`.marks`), so the table reads
in black and white.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ...i18n import Translator
from ...model import Player, Team, Tournament
from ...tiebreaks import Standings
from ...tiebreaks.context import is_round_robin
from .marks import CSS as MARKS_CSS
from .marks import (
    colour_symbol,
    number,
    points_text,
    result_class,
    result_marks,
    result_text,
    round_title,
)
from .markup import ENGLISH
from .markup import text as escape

if TYPE_CHECKING:  # team events only
    from ...tiebreaks.team.standings import TeamStandings

__all__ = ["CSS", "GRID_LIMIT", "crosstable_section"]

#: The largest round robin drawn as a grid (a wider one is printed as a Swiss table).
GRID_LIMIT: Final = 40


def _order(tournament: Tournament, standings: Standings | None) -> list[tuple[int, Player, float]]:
    """(rank, player, points) in standings order, else in start-number order with no rank
    (0) and the points of the results. A start number repeated in the file counts once
    (the first record, as in the standings)."""
    by_start: dict[int, Player] = {}
    for p in tournament.players:
        by_start.setdefault(p.start, p)
    if standings is None:
        points = tournament.header.scoring.column_points()
        return [
            (0, p, sum(points.get(r, 0.0) for r in p.results))
            for p in (by_start[s] for s in sorted(by_start))
        ]
    return [
        (row.rank, by_start[row.start], row.points)
        for row in standings.rows
        if row.start in by_start
    ]


def _label(p: Player) -> str:
    return f"#{p.start} {p.name}".rstrip()


def crosstable_section(
    tournament: Tournament,
    standings: Standings | None,
    team_standings: TeamStandings | None,
    *,
    tr: Translator = ENGLISH,
) -> str:
    """The crosstable as one ``<section id="crosstable">`` (see the module docstring), its
    words in the language of ``tr``."""
    rows = _order(tournament, standings)
    rounds = standings.rounds if standings is not None else tournament.rounds
    _ = tr.gettext
    out = [f'<section class="page-section" id="crosstable"><h2>{_("Crosstable")}</h2>']
    if tournament.is_team_event:
        out.append(_team_tables(tournament, team_standings, rows, tr))
        out.append(_swiss(tournament, rows, rounds, _("Players' games"), tr))
    elif len(rows) <= GRID_LIMIT and is_round_robin(tournament, tournament.rounds or rounds):
        out.append(_grid(tournament, rows, rounds, tr))
    else:
        out.append(_swiss(tournament, rows, rounds, "", tr))
    out.append("</section>")
    return "".join(out)


def _name_cells(place: int, rank: int, p: Player) -> str:
    return (
        f'<td class="num">{rank or ""}</td><td class="num">{place}</td>'
        f'<td class="name"><a href="#p{p.start}">{escape(p.name)}</a></td>'
    )


def _heads(words: Sequence[str], tr: Translator) -> str:
    """Column heads in the language of ``tr``; a code (``MP``, ``GP``) stays as it is."""
    return "".join(f'<th scope="col">{w if w.isupper() else tr.gettext(w)}</th>' for w in words)


def _swiss(
    tournament: Tournament,
    rows: list[tuple[int, Player, float]],
    rounds: int,
    title: str,
    tr: Translator = ENGLISH,
) -> str:
    """One row per player: per round the opponent's place (its row here), colour, result."""
    _ = tr.gettext
    r_ = _("R{round}")
    place = {p.start: at for at, (_, p, _) in enumerate(rows, 1)}
    scoring = tournament.header.scoring
    labels = {p.start: _label(p) for _, p, _ in rows}
    heads = "".join(f'<th scope="col">{r_.format(round=r)}</th>' for r in range(1, rounds + 1))
    out = [f"<h3>{escape(title)}</h3>" if title else ""]
    note = _(
        "Each round: the opponent's place in this table, ○ White or ● Black, the result "
        "(1 ½ 0; + − a forfeit; F H U a full-point, half-point or pairing-allocated bye; "
        "Z an absence; ? no result yet)."
    )
    out.append(f'<p class="section-note">{note}</p>')
    out.append(
        '<div class="table-wrap"><table class="crosstable swiss">'
        f"<thead><tr>{_heads(('Rank', 'Pl.', 'Name'), tr)}{heads}"
        f"{_heads(('Pts',), tr)}</tr></thead><tbody>"
    )
    add = out.append
    marks = result_marks(scoring)
    symbols = {"w": "○", "b": "●"}
    for at, (rank, p, points) in enumerate(rows, 1):
        cells = [f"<tr>{_name_cells(at, rank, p)}"]
        opponents, colours, results = p.opponents, p.colors, p.results
        for r in range(rounds):
            if r >= len(results):
                cells.append('<td class="r-none"></td>')
                continue
            opp, colour, result = opponents[r], colours[r], results[r]
            shown = place.get(opp)
            text, cls, game = marks.get((result, shown is not None), ("", "r-none", False))
            if shown:
                text = f'<a href="#p{opp}">{shown}</a>{symbols.get(colour, "")}{text}'
            if game:  # a plain game needs no words: the opponent's card has them
                cells.append(f'<td class="{cls}">{text}</td>')
                continue
            title = round_title(r + 1, colour, result, labels[opp] if shown else "", tr)
            cells.append(f'<td class="{cls}" title="{title}">{text}</td>')
        cells.append(f'<td class="num">{number(points)}</td></tr>')
        add("".join(cells))
    out.append("</tbody></table></div>")
    return "".join(out)


def _grid(
    tournament: Tournament,
    rows: list[tuple[int, Player, float]],
    rounds: int,
    tr: Translator = ENGLISH,
) -> str:
    """Player x player: each cell the games of the pair, in round order."""
    _ = tr.gettext
    place = {p.start: at for at, (_, p, _) in enumerate(rows, 1)}
    scoring = tournament.header.scoring
    heads = "".join(
        f'<th scope="col" title="{escape(_label(p))}">{at}</th>'
        for at, (_, p, _) in enumerate(rows, 1)
    )
    note = _(
        "Round robin: each cell holds the row player's games against the column player, "
        "in round order: ○ White or ● Black, then the result (1 ½ 0; + − a forfeit)."
    )
    out = [
        f'<p class="section-note">{note}</p>',
        '<div class="table-wrap"><table class="crosstable grid">'
        f"<thead><tr>{_heads(('Rank', 'Pl.', 'Name'), tr)}{heads}"
        f"{_heads(('Pts', 'Other'), tr)}</tr></thead><tbody>",
    ]
    r_ = _("R{round}")
    same = _("same player")
    for at, (rank, p, points) in enumerate(rows, 1):
        games: dict[int, list[str]] = {}
        other: list[str] = []
        for r in range(min(rounds, len(p.results))):
            opp, colour, result = p.opponents[r], p.colors[r], p.results[r]
            text = result_text(result, opp if opp in place else 0, scoring)
            cls = result_class(result, opp if opp in place else 0)
            if opp in place:
                title = round_title(r + 1, colour, result, _label(rows[place[opp] - 1][1]), tr)
                games.setdefault(place[opp], []).append(
                    f'<span class="{cls}" title="{title}">'
                    f'<span class="colour-mark">{colour_symbol(colour)}</span>{text}</span>'
                )
            elif text:
                title = round_title(r + 1, colour, result, "", tr)
                other.append(
                    f'<span class="{cls}" title="{title}">{r_.format(round=r + 1)}&#8239;'
                    f"{text}</span>"
                )
        cells = [f"<tr>{_name_cells(at, rank, p)}"]
        for column in range(1, len(rows) + 1):
            if column == at:
                cells.append(f'<td class="self" aria-label="{same}">×</td>')
            else:
                cells.append(f'<td class="pair">{" ".join(games.get(column, []))}</td>')
        cells.append(f'<td class="num">{number(points)}</td>')
        cells.append(f'<td class="other">{" ".join(other)}</td></tr>')
        out.append("".join(cells))
    out.append("</tbody></table></div>")
    return "".join(out)


def _team_tables(
    tournament: Tournament,
    team_standings: TeamStandings | None,
    rows: Sequence[tuple[int, Player, float]],
    tr: Translator = ENGLISH,
) -> str:
    """Team x round (opposing team, match and game points), then the rosters."""
    _ = tr.gettext
    from ...team_matches.rebuild import rebuild  # team events only

    event = team_standings.event if team_standings is not None else rebuild(tournament)
    rounds = team_standings.rounds if team_standings is not None else event.rounds_played
    teams = {t.number: t for t in tournament.teams}
    if team_standings is not None:
        order = [(row.rank, row.number) for row in team_standings.rows]
    else:
        order = [(0, t.number) for t in tournament.teams]
    place = {number_: at for at, (_, number_) in enumerate(order, 1)}
    r_ = _("R{round}")
    heads = "".join(f'<th scope="col">{r_.format(round=r)}</th>' for r in range(1, rounds + 1))
    note = _(
        "Each round: the opposing team's place in this table, then the match points and "
        "the game points (MP / GP); PAB a team bye, – no match."
    )
    out = [
        f"<h3>{_('Teams')}</h3>",
        f'<p class="section-note">{note}</p>',
        '<div class="table-wrap"><table class="crosstable teams">'
        f"<thead><tr>{_heads(('Rank', 'Pl.', 'Team'), tr)}{heads}"
        f"{_heads(('MP', 'GP'), tr)}</tr></thead><tbody>",
    ]
    vs_team = _("round {round}: vs team {number} {name}, {kind}, {mp} MP, {gp}-{other}")
    alone = _("round {round}: {kind}, {mp} MP")
    for at, (rank, number_) in enumerate(order, 1):
        team = teams[number_]
        cells = [
            f'<tr><td class="num">{rank or ""}</td><td class="num">{at}</td>'
            f'<td class="name"><a href="#t{number_}">{escape(team.name)}</a></td>'
        ]
        team_rounds = event.rounds.get(number_, ())[:rounds]
        for tm in team_rounds:
            score = f"{points_text(tm.match_points)}&#8239;/&#8239;{points_text(tm.game_points)}"
            kind = tm.kind.value
            if tm.opponent is not None and tm.opponent in place:
                rival = teams[tm.opponent]
                title = escape(
                    vs_team.format(
                        round=tm.round,
                        number=rival.number,
                        name=rival.name,
                        kind=_(kind),
                        mp=f"{tm.match_points:g}",
                        gp=f"{tm.game_points:g}",
                        other=f"{tm.opponent_game_points:g}",
                    )
                )
                cells.append(
                    f'<td class="t-{kind}" title="{title}"><a href="#t{tm.opponent}">'
                    f"{place[tm.opponent]}</a>: {score}</td>"
                )
            else:
                title = escape(
                    alone.format(round=tm.round, kind=_(kind), mp=f"{tm.match_points:g}")
                )
                word = "PAB" if tm.kind.name in ("PAB", "FULL_BYE", "HALF_BYE") else "–"
                cells.append(f'<td class="t-{kind}" title="{title}">{word} {score}</td>')
        cells.extend('<td class="r-none"></td>' for _k in range(rounds - len(team_rounds)))
        mp = sum(tm.match_points for tm in team_rounds)
        gp = sum(tm.game_points for tm in team_rounds)
        cells.append(f'<td class="num">{number(mp)}</td><td class="num">{number(gp)}</td></tr>')
        out.append("".join(cells))
    out.append("</tbody></table></div>")
    out.append(_rosters(tournament, [teams[n] for _, n in order], rows, rounds, tr))
    return "".join(out)


def _rosters(
    tournament: Tournament,
    teams: Sequence[Team],
    rows: Sequence[tuple[int, Player, float]],
    rounds: int,
    tr: Translator = ENGLISH,
) -> str:
    """Each team's members in board order: start number, name, rating, points."""
    _ = tr.gettext
    players = {p.start: (p, points) for _, p, points in rows}
    out = [f'<h3>{_("Rosters")}</h3><div class="rosters">']
    heads = _heads(("Bd", "No.", "Name", "Rating", "Pts"), tr)
    missing = _("(no such player)")
    for team in teams:
        out.append(
            f'<table class="roster" id="t{team.number}"><caption>{team.number}. '
            f"{escape(team.name)}</caption><thead><tr>{heads}</tr></thead><tbody>"
        )
        for board, start in enumerate(team.members, 1):
            found = players.get(start)
            if found is None:
                out.append(
                    f'<tr><td class="num">{board}</td><td class="num">{start}</td>'
                    f'<td colspan="3">{missing}</td></tr>'
                )
                continue
            p, points = found
            out.append(
                f'<tr><td class="num">{board}</td><td class="num">{start}</td>'
                f'<td class="name"><a href="#p{start}">{escape(p.name)}</a></td>'
                f'<td class="num">{p.rating or ""}</td>'
                f'<td class="num">{number(points)}</td></tr>'
            )
        out.append("</tbody></table>")
    out.append("</div>")
    return "".join(out)


CSS: Final = (
    """
table.crosstable { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.crosstable th, table.crosstable td { border: 1px solid #bbb; padding: 1px 4px;
  text-align: center; white-space: nowrap; }
table.crosstable td.name { text-align: left; }
table.crosstable td.num { text-align: right; }
table.crosstable td.self { background: #ddd; color: #666; }
table.crosstable td.other { text-align: left; font-size: 0.85em; }
table.crosstable a { color: inherit; text-decoration: none; }
.rosters { display: flex; flex-wrap: wrap; gap: 12px; }
table.roster { border-collapse: collapse; }
table.roster caption { font-weight: bold; text-align: left; }
table.roster td, table.roster th { border-bottom: 1px solid #ccc; padding: 1px 5px; }
.t-win, .t-forfeit-win { font-weight: bold; }
.t-loss, .t-forfeit-loss { color: #555; }
.t-forfeit-win, .t-forfeit-loss { font-style: italic; }
"""
    + MARKS_CSS
)  # the marks' own rules: each section's CSS stands alone
