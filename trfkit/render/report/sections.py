"""The sections of a report after the file's grid, in page order: standings, team
standings, crosstable, player cards, charts (each module renders one ``<section>`` and
exports the ``CSS`` it needs). This is the one place that names them: the page itself
takes any list of :class:`~trfkit.render.report.page.Section`."""

from __future__ import annotations

from .page import Report, Section

__all__ = ["report_sections"]


def report_sections() -> tuple[Section, ...]:
    """Every section after the grid, in page order."""
    # MERGE(issue 18): the guard below stands only until the section modules of the
    # other branch are merged; the lead removes the try/except (the imports stay).
    try:
        from . import cards, charts, crosstable, standings_table  # type: ignore[attr-defined]
    except ImportError:
        return ()

    def standings(r: Report) -> str:
        if r.standings is None or r.team_standings is not None:
            return ""
        return str(standings_table.standings_section(r.tournament, r.standings, r.diagnostics))

    def teams(r: Report) -> str:
        if r.team_standings is None:
            return ""
        return str(
            standings_table.team_standings_section(r.tournament, r.team_standings, r.diagnostics)
        )

    def cross(r: Report) -> str:
        return str(crosstable.crosstable_section(r.tournament, r.standings, r.team_standings))

    def player_cards(r: Report) -> str:
        if r.standings is None:
            return ""
        return str(cards.player_cards_section(r.tournament, r.standings))

    def chart(r: Report) -> str:
        if r.standings is None:
            return ""
        return str(charts.charts_section(r.tournament, r.standings))

    return (
        Section(standings, standings_table.CSS),
        Section(teams),
        Section(cross, crosstable.CSS),
        Section(player_cards, cards.CSS),
        Section(chart, charts.CSS),
    )
