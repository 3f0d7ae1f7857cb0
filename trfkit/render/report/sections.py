"""The sections of a report after the file's grid, in page order: standings, team
standings, crosstable, player cards, charts (each module renders one ``<section>`` and
exports the ``CSS`` it needs). This is the one place that names them: the page itself
takes any list of :class:`~trfkit.render.report.page.Section`."""

from __future__ import annotations

from . import cards, charts, crosstable, standings_table
from .page import Report, Section

__all__ = ["report_sections"]


def report_sections() -> tuple[Section, ...]:
    """Every section after the grid, in page order."""

    def standings(r: Report) -> str:
        if r.standings is None or r.team_standings is not None:
            return ""
        return standings_table.standings_section(
            r.tournament, r.standings, r.diagnostics, unrated_rating=r.unrated_rating, tr=r.tr
        )

    def teams(r: Report) -> str:
        if r.team_standings is None:
            return ""
        return standings_table.team_standings_section(
            r.tournament, r.team_standings, r.diagnostics, pab_as_draw=r.pab_as_draw, tr=r.tr
        )

    def cross(r: Report) -> str:
        return crosstable.crosstable_section(r.tournament, r.standings, r.team_standings, tr=r.tr)

    def player_cards(r: Report) -> str:
        if r.standings is None:
            return ""
        return cards.player_cards_section(
            r.tournament, r.standings, unrated_rating=r.unrated_rating, tr=r.tr
        )

    def chart(r: Report) -> str:
        if r.standings is None:
            return ""
        return charts.charts_section(
            r.tournament, r.standings, unrated_rating=r.unrated_rating, tr=r.tr
        )

    return (
        Section(standings, standings_table.CSS),
        Section(teams),
        Section(cross, crosstable.CSS),
        Section(player_cards, cards.CSS),
        Section(chart, charts.CSS),
    )
