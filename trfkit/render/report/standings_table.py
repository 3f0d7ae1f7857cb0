"""The standings of the report: every tie-break column in order, each value with its breakdown.

Each value opens what ``trfkit explain`` says about it (:func:`trfkit.tiebreaks.explain.explain`,
in a ``<details>``), computed in a run built as the standings' own
(:func:`~trfkit.tiebreaks.explain.explanation_context`: same edition, same round), so the
breakdown ends on the number printed; a breakdown whose total would not be that number
is left out rather than shown. A declared value the file gives otherwise (T503, T505) is
marked in its cell (:mod:`.declared_marks`). Cells carry ``data-sort`` (the number, empty
when undefined) for the page's optional sorting; without JavaScript the table is the
standings' order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from ...diagnostics import Diagnostic
from ...i18n import DEFAULT, Translator, phrase
from ...model import Tournament
from ...tiebreak_codes import CodeError, TieBreakCode
from ...tiebreaks import Standings, UnknownTieBreak, parse
from ...tiebreaks.context import Context
from ...tiebreaks.explain import Explanation, Order, explain, explanation_context, tied_group
from ...tiebreaks.registry import lookup
from ..terms import term
from .declared_marks import CSS as DECLARED_CSS
from .declared_marks import DIFFERS, RANK, Marks, mark, player_marks, team_marks
from .marks import number
from .markup import ENGLISH, text_lines
from .markup import text as escape

if TYPE_CHECKING:  # team events only
    from ...tiebreaks.team.standings import TeamStandings

__all__ = ["CSS", "DE_GROUP_LIMIT", "standings_section", "team_standings_section"]

#: The largest tie whose DE breakdown is shown in full (it lists every game among them).
DE_GROUP_LIMIT: Final = 16


def _sort(value: float | None) -> str:
    return "" if value is None else repr(float(value))


def _cell(
    value: float | None,
    breakdown: Explanation | None,
    marks: Sequence[tuple[str, str]],
    tr: Translator = ENGLISH,
) -> str:
    """One value's ``<td>``: the number, its breakdown when there is one (in the language
    of ``tr``), its marks."""
    shown = number(value)
    flags = mark(marks) if marks else ""
    cls = "num differ" if marks else "num"
    if breakdown is None:
        return f'<td class="{cls}" data-sort="{_sort(value)}">{shown}{flags}</td>'
    if tr.lang == DEFAULT:
        head = f"{breakdown.code} of {breakdown.player} under {breakdown.edition}"
        body = text_lines([head, *breakdown.lines, f"total: {shown}"])
    else:
        _, say = tr.gettext, tr.known  # made inside i18n.speaking: said already
        head = _("{code} of {player} under {edition}").format(
            code=breakdown.code, player=say(breakdown.player), edition=breakdown.edition
        )
        total = _("total: {total}").format(total=shown)
        body = text_lines([head, *map(say, breakdown.lines), total])
    return (
        f'<td class="{cls}" data-sort="{_sort(value)}"><details><summary>{shown}</summary>'
        f'<div class="explain">{body}</div></details>{flags}</td>'
    )


def _agrees(total: float | None, value: float | None) -> bool:
    if total is None or value is None:
        return total is value
    return abs(total - value) < 1e-9


def _explainer(
    explain_one: Callable[[int, TieBreakCode, float | None], Explanation],
) -> Callable[[int, TieBreakCode, float | None], Explanation | None]:
    """``explain_one`` that gives None where a code has no breakdown (a group tie-break
    other than DE) or where it would not end on the value shown."""
    refused: set[TieBreakCode] = set()

    def run(i: int, code: TieBreakCode, value: float | None) -> Explanation | None:
        if code in refused:
            return None
        try:
            found = explain_one(i, code, value)
        except (CodeError, UnknownTieBreak):
            refused.add(code)
            return None
        return found if _agrees(found.total, value) else None

    return run


def _individual(
    ctx: Context, order: Order, labels: Sequence[str]
) -> Callable[[int, TieBreakCode, float | None], Explanation]:
    """A player's breakdown of one code (:func:`~trfkit.tiebreaks.explain.explain`).

    DE's lists every game among the players tied with this one, so a tie of more than
    :data:`DE_GROUP_LIMIT` players (a starting list, a Swiss after one round) would make
    the table grow with the square of the field: such a value gets two lines, the size
    of the tie and the ``trfkit explain`` command that prints it all."""
    listed = ",".join(label for label in labels if label != "PTS")  # explain puts PTS first

    def run(i: int, code: TieBreakCode, value: float | None) -> Explanation:
        if lookup(code, ctx.scope).group:
            group = tied_group(ctx, i, code, order)
            if len(group) > DE_GROUP_LIMIT:
                start = ctx.players[i].start
                return Explanation(
                    ctx.player_label(i),
                    str(code),
                    ctx.edition.name,
                    (
                        phrase(
                            "tied with {n} other players when {code} is applied: "
                            "their breakdown lists every game among them",
                            n=len(group) - 1,
                            code=str(code),
                        ),
                        f"trfkit explain FILE --player {start} --tb {code} --order {listed}",
                    ),
                    value,
                )
        return explain(ctx, i, code, order)

    return run


def _head(columns: Sequence[tuple[str, str]], codes: int, tr: Translator = ENGLISH) -> str:
    """``<thead>``: (label, sort type ``num`` or ``text``) per column, the last ``codes``
    of them tie-break codes. In another language than English the fixed labels are
    translated and a code, kept as the label, has the catalog's term as its ``title``."""
    if tr.lang == DEFAULT:
        cells = "".join(
            f'<th scope="col" data-sort-type="{kind}">{escape(label)}</th>'
            for label, kind in columns
        )
    else:
        first = len(columns) - codes
        cells = "".join(
            f'<th scope="col" data-sort-type="{kind}">'
            f"{escape(label if label.isupper() else tr.gettext(label))}</th>"
            if k < first
            else f'<th scope="col" data-sort-type="{kind}" title="{escape(term(label, tr))}">'
            f"{escape(label)}</th>"
            for k, (label, kind) in enumerate(columns)
        )
    return f"<thead><tr>{cells}</tr></thead>"


def _english_marks(section: str, tr: Translator) -> str:
    """``section`` with its declared-value marks said to be English on a page in another
    language: their titles are the diagnostics' messages, which stay English."""
    if tr.lang == DEFAULT:
        return section
    return section.replace(DIFFERS, DIFFERS + ' lang="en"')


def _terms(labels: Sequence[str], tr: Translator) -> str:
    """The legend of the tie-break columns on a page in another language than English:
    each code with the catalog's term (in Russian Article 32's)."""
    if tr.lang == DEFAULT or not labels:
        return ""
    items = "".join(f"<dt>{escape(x)}</dt><dd>{escape(term(x, tr))}</dd>" for x in labels)
    return (
        f'<p class="section-note">{escape(tr.gettext("Tie-breaks:"))}</p>'
        f'<dl class="terms">{items}</dl>'
    )


def standings_section(
    tournament: Tournament,
    standings: Standings,
    diagnostics: Sequence[Diagnostic],
    *,
    unrated_rating: int | None = None,
    tr: Translator = ENGLISH,
) -> str:
    """The players' standings as one ``<section id="standings">``.

    ``unrated_rating`` is the one setting of the standings the :class:`Standings` does
    not record: give the value they were computed with (``--unrated-rating``), so that
    the rating tie-breaks' breakdowns are those of the values shown.
    """
    labels = standings.labels
    codes = standings.codes
    ctx = explanation_context(
        tournament, standings.edition, after_round=standings.rounds, unrated_rating=unrated_rating
    )
    order = Order(
        tuple(codes) if standings.full_order else (parse("PTS"), *codes),
        phrase("the standings' list"),
    )
    breakdown = _explainer(_individual(ctx, order, labels))
    marks = player_marks(tournament, labels, diagnostics)
    players = ctx.players
    index = ctx.index
    columns = [("Rank", "num"), ("No.", "num"), ("Name", "text"), ("Title", "text")]
    columns += [("Fed", "text"), ("Rating", "num"), ("Pts", "num")]
    columns += [(label, "num") for label in labels]
    out = [
        f'<section class="page-section" id="standings"><h2>{tr.gettext("Standings")}</h2>',
        _caption(standings, tr),
        _terms(labels, tr),
        '<div class="table-wrap"><table class="standings sortable">',
        _head(columns, len(labels), tr),
        "<tbody>",
    ]
    add = out.append
    for row in standings.rows:
        i = index.get(row.start, row.index)
        player = players[i]
        start = row.start
        rank_marks = marks.get(start, RANK)
        name_marks = marks.get(start, "")
        add(
            f'<tr id="s{start}"><td class="num{" differ" if rank_marks else ""}" '
            f'data-sort="{row.rank}">{row.rank}{mark(rank_marks)}</td>'
            f'<td class="num">{start}</td>'
            f'<td class="name"><a href="#p{start}">{escape(row.name)}</a>{mark(name_marks)}</td>'
            f"<td>{escape(player.title)}</td><td>{escape(row.federation)}</td>"
            f'<td class="num" data-sort="{row.rating or ""}">{row.rating or ""}</td>'
        )
        add(_cell(row.points, None, marks.get(start, "PTS")))
        for code, label in zip(codes, labels, strict=True):
            value = row.values.get(label)
            add(_cell(value, breakdown(i, code, value), marks.get(start, label), tr))
        add("</tr>")
    out.append("</tbody></table></div></section>")
    return _english_marks("".join(out), tr)


def _caption(standings: Standings, tr: Translator = ENGLISH) -> str:
    """What the table is: the round, the rule edition and the tie-breaks in order."""
    if tr.lang != DEFAULT:
        _ = tr.gettext
        listed = ", ".join(standings.labels) or _("points only")
        after = (
            _("after round {rounds} of {total}")
            if standings.total_rounds and standings.total_rounds != standings.rounds
            else _("after round {rounds}")
        ).format(rounds=standings.rounds, total=standings.total_rounds)
        said = _(
            "{after}; rules {rules}; tie-breaks: {listed}. Open a value for how it is made "
            "up; ≠ marks a value the file declares otherwise."
        )
        return '<p class="section-note">{}</p>'.format(
            said.format(
                after=escape(after), rules=escape(standings.edition.name), listed=escape(listed)
            )
        )
    listed = ", ".join(standings.labels) or "points only"
    after = (
        f"after round {standings.rounds} of {standings.total_rounds}"
        if standings.total_rounds and standings.total_rounds != standings.rounds
        else f"after round {standings.rounds}"
    )
    return (
        f'<p class="section-note">{escape(after)}; rules {escape(standings.edition.name)}; '
        f"tie-breaks: {escape(listed)}. Open a value for how it is made up; "
        "≠ marks a value the file declares otherwise.</p>"
    )


def team_standings_section(
    tournament: Tournament,
    team_standings: TeamStandings,
    diagnostics: Sequence[Diagnostic],
    *,
    pab_as_draw: bool = False,
    tr: Translator = ENGLISH,
) -> str:
    """The team standings as one ``<section id="team-standings">``: match and game points,
    then the team tie-breaks, each with ``trfkit explain --team``'s breakdown.

    ``pab_as_draw`` is the one setting the :class:`~trfkit.tiebreaks.team.standings.TeamStandings`
    does not record (``--team-pab-as-draw``); the team bye rule is in its rebuilt event.
    """
    from ...tiebreaks.team.context import TeamContext  # team events only
    from ...tiebreaks.team.explain import explain_team

    ts = team_standings
    ctx = TeamContext(
        tournament,
        ts.edition,
        after_round=ts.rounds,
        event=ts.event,
        pab_shown_as_draw=pab_as_draw,
    )
    breakdown = _explainer(lambda i, code, _: explain_team(ctx, i, code))
    labels = ts.labels
    marks: Marks = team_marks(tournament, labels, diagnostics)
    columns = [("Rank", "num"), ("No.", "num"), ("Team", "text"), ("MP", "num"), ("GP", "num")]
    columns += [(label, "num") for label in labels]
    _ = tr.gettext
    listed = ", ".join(labels) or _("score only")
    said = _(
        "after round {rounds}; rules {rules}; ranked on {primary} first, then {listed}. "
        "Open a value for how it is made up; ≠ marks a value the file declares otherwise."
    ).format(
        rounds=ts.rounds,
        rules=escape(ts.edition.name),
        primary=escape(ts.primary),
        listed=escape(listed),
    )
    out = [
        f'<section class="page-section" id="team-standings"><h2>{_("Team standings")}</h2>',
        f'<p class="section-note">{said}</p>',
        _terms(labels, tr),
        '<div class="table-wrap"><table class="standings team-standings sortable">',
        _head(columns, len(labels), tr),
        "<tbody>",
    ]
    add = out.append
    for row in ts.rows:
        n = row.number
        rank_marks = marks.get(n, RANK)
        add(
            f'<tr id="ts{n}"><td class="num{" differ" if rank_marks else ""}" '
            f'data-sort="{row.rank}">{row.rank}{mark(rank_marks)}</td>'
            f'<td class="num">{n}</td><td class="name"><a href="#t{n}">{escape(row.name)}</a>'
            f"{mark(marks.get(n, ''))}</td>"
        )
        add(_cell(row.match_points, None, marks.get(n, "MP")))
        add(_cell(row.game_points, None, marks.get(n, "GP")))
        for code, label in zip(ts.codes, labels, strict=True):
            value = row.values.get(label)
            add(_cell(value, breakdown(row.index, code, value), marks.get(n, label), tr))
        add("</tr>")
    out.append("</tbody></table></div></section>")
    return _english_marks("".join(out), tr)


CSS: Final = (
    """
table.standings { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.standings th, table.standings td { border-bottom: 1px solid #ccc; padding: 2px 6px;
  text-align: left; vertical-align: top; }
table.standings td.num, table.standings th[data-sort-type="num"] { text-align: right; }
table.standings td.differ { background: #fde8e8; }
table.standings details { display: inline-block; }
table.standings summary { cursor: pointer; list-style: none; }
table.sortable thead th { cursor: pointer; }
table.sortable th[aria-sort="ascending"]::after { content: " ▲"; font-size: 0.7em; }
table.sortable th[aria-sort="descending"]::after { content: " ▼"; font-size: 0.7em; }
table.standings summary::-webkit-details-marker { display: none; }
table.standings summary::after { content: " ▸"; font-size: 0.7em; color: #777; }
table.standings details[open] summary::after { content: " ▾"; }
table.standings .explain { white-space: pre-wrap; text-align: left; font-family: monospace;
  font-size: 0.8em; max-width: 60ch; padding: 4px; border: 1px solid #bbb; background: #fafafa; }
@media print { table.standings .explain { display: none; }
  table.standings summary::after { content: ""; } }
"""
    + DECLARED_CSS
)
