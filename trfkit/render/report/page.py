"""One report page: the record of what it shows (:class:`Report`) and its assembly.

The page is one self-contained HTML5 document: the style sheet and the few lines of
script inline (:mod:`trfkit.render.report.style`), nothing loaded from elsewhere. Its
sections come in a fixed order: the header facts with the verdict, the problems, the
file itself, then the sections given as :class:`Section` values (standings, crosstable,
cards, charts: :func:`trfkit.render.report.sections.report_sections`). Same input, same
bytes: diagnostics are put in one order (by place, then code and message) and numbered
by it, and nothing of the moment (time, paths of the machine) is written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...diagnostics import Diagnostic
from ...document import Document
from ...i18n import DEFAULT, Translator, speaking, translator
from ...model import Tournament
from ...version import __version__
from ..summary import summary, summary_rows
from .markup import text
from .problems import problems_section
from .source import file_lines, source_section
from .style import BASE_CSS, SCRIPT
from .verdict import badge, code_table, verdict

if TYPE_CHECKING:  # the team engine is loaded for team events only
    from ...tiebreaks.standings import Standings
    from ...tiebreaks.team.standings import TeamStandings

__all__ = ["Report", "Section", "ordered", "render_page"]


@dataclass(frozen=True, slots=True)
class Report:
    """What one page shows: the document read from the input ``name`` (as diagnostics name
    it) by the reader ``read_as``, every problem found (``check``'s and the standings'),
    the standings (None when they could not be computed) and, for a team event, the team
    standings; ``notes`` say which tie-break list the standings follow."""

    document: Document
    name: str
    read_as: str
    diagnostics: tuple[Diagnostic, ...]
    standings: Standings | None = None
    team_standings: TeamStandings | None = None
    notes: tuple[str, ...] = ()
    #: the settings the standings were computed with that they do not record themselves
    #: (``--unrated-rating``, ``--team-pab-as-draw``): the sections' breakdowns use them too
    unrated_rating: int | None = None
    pab_as_draw: bool = False
    #: the page's language (``--lang``): its words; the diagnostics' messages stay English
    tr: Translator = translator(DEFAULT)

    @property
    def tournament(self) -> Tournament:
        return self.document.tournament


@dataclass(frozen=True, slots=True)
class Section:
    """A section of the page after the file: its HTML (one ``<section>`` with an ``id``
    and an ``<h2>``, or an empty string to leave it out) and the CSS it needs."""

    render: Callable[[Report], str]
    css: str = ""


def ordered(diagnostics: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
    """``diagnostics`` once each, in the page's order: by line, column, span, code, message."""
    return tuple(
        sorted(
            dict.fromkeys(diagnostics),
            key=lambda d: (d.line, d.column, d.end_column or 0, d.code, d.message),
        )
    )


def _standings_facts(report: Report) -> list[tuple[str, str]]:
    tr = report.tr
    _ = tr.gettext
    rows: list[tuple[str, str]] = []
    team = report.team_standings
    if team is not None:
        codes = ", ".join(c.canonical for c in team.codes)
        said = _(
            "ranked by {primary} after round {rounds} of {total}, rules {rules}; tie-breaks {codes}"
        )
        rows.append(
            (
                _("teams"),
                said.format(
                    primary=team.primary,
                    rounds=team.rounds,
                    total=team.total_rounds,
                    rules=team.edition.name,
                    codes=codes or "-",
                ),
            )
        )
    s = report.standings
    if s is not None:
        codes = ", ".join(c.canonical for c in s.codes)
        label = _("players") if team is not None else _("standings")
        said = _("after round {rounds} of {total}, rules {rules}; tie-breaks {codes}")
        rows.append(
            (
                label,
                said.format(
                    rounds=s.rounds, total=s.total_rounds, rules=s.edition.name, codes=codes or "-"
                ),
            )
        )
    rows += [(_("note"), tr.say(note)) for note in report.notes]
    return rows


def header_section(report: Report, diagnostics: Sequence[Diagnostic]) -> str:
    """``<section id="summary">``: the title, the verdict badge, what ``info`` shows and
    the standings computed, and the count of each code."""
    info = summary(report.document, report.name, report.read_as, diagnostics)
    tr = report.tr
    rows = summary_rows(info, tr)
    problems = tr.gettext("problems")
    rows = [r for r in rows if r[0] != problems] + _standings_facts(report)
    title = info["name"] or report.name
    facts = "".join(f"<dt>{text(label)}</dt><dd>{text(value)}</dd>" for label, value in rows)
    found = verdict(diagnostics)
    return (
        f'<section id="summary" class="summary"><h1>{text(title)}</h1>'
        f'<p class="verdict-line">{badge(found, tr)}</p>'
        f'<dl class="facts">{facts}</dl>{code_table(found, tr)}</section>\n'
    )


_SECTION = re.compile(r'<section\b[^>]*\bid="([^"]+)"[^>]*>\s*<h2[^>]*>(.*?)</h2>', re.S)


def _toc(fragments: Sequence[str], tr: Translator) -> str:
    """Links to every section with an ``id`` and an ``<h2>`` (their titles as written)."""
    links = [
        f'<li><a href="#{target}">{title}</a></li>'
        for fragment in fragments
        for target, title in _SECTION.findall(fragment)[:1]
    ]
    label = tr.gettext("Sections")
    return f'<nav class="toc" aria-label="{label}"><ul>{"".join(links)}</ul></nav>\n'


def render_page(report: Report, sections: Sequence[Section] = ()) -> str:
    """The whole page of ``report``, with ``sections`` after the file's grid."""
    diagnostics = ordered(report.diagnostics)
    doc = report.document
    count = len(file_lines(doc.text)) if doc.text is not None else 0
    tr = report.tr
    _ = tr.gettext

    def render() -> list[str]:
        return [
            problems_section(diagnostics, count, tr),
            source_section(doc.text, diagnostics, report.read_as, tr),
            *(section.render(report) for section in sections),
        ]

    with speaking(tr):  # the breakdowns' phrases are said in the page's language as made
        fragments = render()
    fragments = [f for f in fragments if f]
    css = "".join([BASE_CSS, *(section.css for section in sections)])
    title = report.tournament.header.name or report.name
    made = _(
        "Made by trfkit {version} from {name}. "
        "The page is self-contained: it loads nothing from anywhere."
    ).format(version=text(__version__), name=text(report.name))
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{tr.lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="trfkit {text(__version__)}">\n'
        f"<title>{_('{title}: trfkit report').format(title=text(title))}</title>\n"
        f"<style>{css}</style>\n</head>\n<body>\n"
        f"{header_section(report, diagnostics)}{_toc(fragments, tr)}<main>\n"
        f"{''.join(fragments)}</main>\n"
        f"<footer><p>{made}</p></footer>\n"
        f"<script>{SCRIPT}</script>\n</body>\n</html>\n"
    )
