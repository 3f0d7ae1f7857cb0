"""The two charts of the report, drawn here as inline SVG: rank by round and score progression.

Both follow the top players of the final standings (:data:`TOP`). Ranks after each
round come from the library: a small field is ranked with the standings' own list
after every round (:func:`trfkit.tiebreaks.compute` with ``after_round``); a large one
(more than :data:`FULL_RANKING_LIMIT` player-rounds) by points alone, which the caption
then says, since ranking a large field eleven times would cost more than the whole
page. Points are the tie-break run's (:class:`~trfkit.tiebreaks.context.Context`: the
results under the file's scoring, with 299 bonus or penalty points).

Each player's line has its own colour, dash pattern and marker, so the charts read
in black and white; coordinates are rounded to one decimal, so the same file gives
the same bytes. Every text is escaped (the SVG is XML inside the HTML page).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...i18n import Translator
from ...model import Tournament
from ...tiebreaks import CodeError, Standings, UnknownTieBreak, compute
from ...tiebreaks.context import Context
from .marks import number
from .markup import ENGLISH
from .markup import text as escape

__all__ = ["CSS", "FULL_RANKING_LIMIT", "TOP", "charts_section"]

#: How many players of the final standings the charts follow.
TOP: Final = 8
#: Players x rounds up to which the ranks after each round use the full tie-break list.
FULL_RANKING_LIMIT: Final = 1500
#: The lowest rank drawn; a player further down is drawn on this line.
RANK_FLOOR: Final = 30

_WIDTH, _HEIGHT = 640, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 44, 12, 12, 34
_COLOURS: Final = (
    "#1f4e9c",
    "#c0392b",
    "#1e8449",
    "#8e44ad",
    "#d35400",
    "#117a8b",
    "#7b5e00",
    "#555555",
)
_DASHES: Final = ("", "7 3", "2 3", "9 3 2 3", "4 4", "12 3", "5 2 1 2", "1 2")
#: marker shapes (paths around 0,0 in a 8x8 box)
_SHAPES: Final = (
    '<circle cx="0" cy="0" r="3"/>',
    '<rect x="-3" y="-3" width="6" height="6"/>',
    '<path d="M0,-3.5 L3.5,3 L-3.5,3 Z"/>',
    '<path d="M0,-4 L4,0 L0,4 L-4,0 Z"/>',
    '<path d="M-3.5,-1 H-1 V-3.5 H1 V-1 H3.5 V1 H1 V3.5 H-1 V1 H-3.5 Z"/>',
    '<path d="M0,3.5 L3.5,-3 L-3.5,-3 Z"/>',
    '<circle cx="0" cy="0" r="3" fill="#fff" stroke-width="1.5"/>',
    '<rect x="-3" y="-3" width="6" height="6" fill="#fff" stroke-width="1.5"/>',
)


def _round(v: float) -> str:
    """A coordinate, rounded to one decimal, without a trailing ``.0``."""
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def charts_section(
    tournament: Tournament,
    standings: Standings,
    *,
    unrated_rating: int | None = None,
    tr: Translator = ENGLISH,
) -> str:
    """Both charts as one ``<section id="charts">``. ``unrated_rating`` is what the
    standings were computed with (``--unrated-rating``), for the rankings after each
    round when the list has a rating tie-break."""
    rounds = standings.rounds
    top = standings.rows[:TOP]
    _ = tr.gettext
    head = f'<section class="page-section" id="charts"><h2>{_("Progress")}</h2>'
    if not top or rounds < 1:
        none = _("No round has a result yet.")
        return f'{head}<p class="section-note">{none}</p></section>'
    ctx = Context(tournament, standings.edition, after_round=rounds)
    index = ctx.index
    players = [index.get(row.start, row.index) for row in top]
    cumulative = _cumulative(ctx)
    ranks, how = _ranks(tournament, standings, ctx, cumulative, players, unrated_rating, tr)
    names = [f"{row.start} {row.name}".strip() for row in top]
    scores = [cumulative[i] for i in players]
    floor = min(max(max(max(r) for r in ranks), len(top)), RANK_FLOOR)
    below = max(max(r) for r in ranks) > floor
    clipped = (
        _("; rank {floor} and below drawn on the bottom line").format(floor=floor) if below else ""
    )
    rank_word, points_word = _("rank"), _("points")
    rank_chart = _chart(
        "rank",
        names,
        [[float(min(r, floor)) for r in row] for row in ranks],
        rounds,
        low=1.0,
        high=float(floor),
        downward=True,
        title=_("Rank after each round, top {n} of the final standings").format(n=len(top)),
        desc=_describe(names, ranks, rank_word),
        y_label=rank_word,
        floor_label=f"{floor}+" if below else "",
        x_label=_("round"),
    )
    points_chart = _chart(
        "points",
        names,
        scores,
        rounds,
        low=0.0,
        high=max(ctx.max_score, max((max(s) for s in scores), default=0.0), 1.0),
        downward=False,
        title=_("Points after each round, top {n} of the final standings").format(n=len(top)),
        desc=_describe(names, scores, points_word),
        y_label=points_word,
        floor_label="",
        x_label=_("round"),
    )
    return "".join(
        [
            head,
            '<div class="charts">',
            f"<figure>{rank_chart}<figcaption>"
            + _("Rank after each round ({how}){clipped}.").format(how=escape(how), clipped=clipped)
            + "</figcaption></figure>",
            f"<figure>{points_chart}<figcaption>"
            + _("Points after each round (the results under the file's scoring).")
            + "</figcaption></figure>",
            "</div></section>",
        ]
    )


def _cumulative(ctx: Context) -> list[list[float]]:
    """Each player's points after rounds 1..rounds (299 bonus points in their round)."""
    out = []
    bonus = ctx.bonus
    for i, row in enumerate(ctx.pts):
        extra = bonus.get(i)
        running = 0.0
        points = []
        for r, p in enumerate(row):
            running += p + (extra[r] if extra else 0.0)
            points.append(running)
        out.append(points)
    return out


def _ranks(
    tournament: Tournament,
    standings: Standings,
    ctx: Context,
    cumulative: list[list[float]],
    players: Sequence[int],
    unrated_rating: int | None,
    tr: Translator = ENGLISH,
) -> tuple[list[list[int]], str]:
    """Each followed player's rank after each round, and how they were ranked."""
    rounds = standings.rounds
    if ctx.n * rounds <= FULL_RANKING_LIMIT:
        try:
            found = _full_ranks(tournament, standings, ctx, players, unrated_rating)
        except (CodeError, UnknownTieBreak):  # the standings' own codes: not expected
            found = None
        if found is not None:
            listed = ", ".join([tr.gettext("points"), *standings.labels])
            return found, tr.gettext("standings after that round: {listed}").format(listed=listed)
    by_round: list[list[int]] = [[] for _ in players]
    for r in range(rounds):
        ordered = sorted((row[r] for row in cumulative), reverse=True)
        first: dict[float, int] = {}
        for place, score in enumerate(ordered, 1):
            first.setdefault(score, place)
        for k, i in enumerate(players):
            by_round[k].append(first[cumulative[i][r]])
    return by_round, tr.gettext("by points alone; players level on points share the best place")


def _full_ranks(
    tournament: Tournament,
    standings: Standings,
    ctx: Context,
    players: Sequence[int],
    unrated_rating: int | None,
) -> list[list[int]] | None:
    """The ranks after each round under the standings' own list (None if a followed
    player is missing from one of them)."""
    starts = [ctx.players[i].start for i in players]
    by_round: list[list[int]] = [[] for _ in players]
    for r in range(1, standings.rounds + 1):
        after = compute(
            tournament,
            list(standings.codes),
            rules=standings.edition,
            after_round=r,
            full_order=standings.full_order,
            unrated_rating=unrated_rating,
        )
        rank = {row.start: row.rank for row in after.rows}
        for k, start in enumerate(starts):
            if start not in rank:
                return None
            by_round[k].append(rank[start])
    return by_round


def _describe(names: Sequence[str], values: Sequence[Sequence[float]], what: str) -> str:
    """The chart's data as text (its ``<desc>``): who had what after each round."""
    return "; ".join(
        f"{name}: {what} " + ", ".join(number(v) for v in row)
        for name, row in zip(names, values, strict=True)
    )


def _chart(
    key: str,
    names: Sequence[str],
    series: Sequence[Sequence[float]],
    rounds: int,
    *,
    low: float,
    high: float,
    downward: bool,
    title: str,
    desc: str,
    y_label: str,
    floor_label: str,
    x_label: str = "round",
) -> str:
    """One line chart: x the rounds, y from ``low`` to ``high`` (``downward``: low at the
    top, as rank 1), one polyline per player with its marker, and the legend."""
    plot_w = _WIDTH - _LEFT - _RIGHT
    plot_h = _HEIGHT - _TOP - _BOTTOM
    span = high - low or 1.0

    def x(r: int) -> float:
        return _LEFT + (plot_w * (r - 1) / (rounds - 1) if rounds > 1 else plot_w / 2)

    def y(v: float) -> float:
        share = (v - low) / span
        return _TOP + (share if downward else 1 - share) * plot_h

    legend_h = 18 * ((len(names) + 1) // 2) + 8
    height = _HEIGHT + legend_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {_WIDTH} {height}" '
        f'width="{_WIDTH}" height="{height}" role="img" aria-labelledby="{key}-title {key}-desc">',
        f'<title id="{key}-title">{escape(title)}</title>',
        f'<desc id="{key}-desc">{escape(desc)}</desc>',
        "<defs>",
    ]
    for k in range(len(names)):
        colour = _COLOURS[k % len(_COLOURS)]
        out.append(
            f'<marker id="{key}-m{k}" viewBox="-5 -5 10 10" markerWidth="8" markerHeight="8" '
            f'markerUnits="userSpaceOnUse" fill="{colour}" stroke="{colour}">'
            f"{_SHAPES[k % len(_SHAPES)]}</marker>"
        )
    out.append("</defs>")
    # axes, grid and labels
    bottom = _TOP + plot_h
    out.append(
        f'<g class="axes" stroke="#444" stroke-width="1">'
        f'<line x1="{_LEFT}" y1="{_TOP}" x2="{_LEFT}" y2="{bottom}"/>'
        f'<line x1="{_LEFT}" y1="{bottom}" x2="{_LEFT + plot_w}" y2="{bottom}"/></g>'
    )
    out.append('<g class="ticks" font-size="11" fill="#333">')
    step = max(1, rounds // 12 + (1 if rounds % 12 else 0)) if rounds > 12 else 1
    for r in range(1, rounds + 1, step):
        out.append(f'<text x="{_round(x(r))}" y="{bottom + 14}" text-anchor="middle">{r}</text>')
    for v in _ticks(low, high):
        label = floor_label if floor_label and v == high else number(v)
        out.append(
            f'<line x1="{_LEFT}" y1="{_round(y(v))}" x2="{_LEFT + plot_w}" y2="{_round(y(v))}" '
            f'stroke="#ddd"/><text x="{_LEFT - 5}" y="{_round(y(v) + 4)}" '
            f'text-anchor="end">{escape(label)}</text>'
        )
    out.append(
        f'<text x="{_LEFT + plot_w / 2:.0f}" y="{bottom + 28}" text-anchor="middle">{escape(x_label)}</text>'
        f'<text x="12" y="{_TOP + plot_h / 2:.0f}" text-anchor="middle" '
        f'transform="rotate(-90 12 {_TOP + plot_h / 2:.0f})">{escape(y_label)}</text></g>'
    )
    for k, (name, values) in enumerate(zip(names, series, strict=True)):
        colour = _COLOURS[k % len(_COLOURS)]
        dash = _DASHES[k % len(_DASHES)]
        points = " ".join(f"{_round(x(r))},{_round(y(v))}" for r, v in enumerate(values, 1))
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        marker = f"url(#{key}-m{k})"
        out.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"'
            f'{dashes} marker-start="{marker}" marker-mid="{marker}" marker-end="{marker}">'
            f"<title>{escape(name)}</title></polyline>"
        )
    out.append('<g class="legend" font-size="12" fill="#222">')
    for k, name in enumerate(names):
        colour = _COLOURS[k % len(_COLOURS)]
        dash = _DASHES[k % len(_DASHES)]
        lx = _LEFT + (k % 2) * (plot_w / 2)
        ly = _HEIGHT + 4 + 18 * (k // 2)
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        marker = f"url(#{key}-m{k})"
        out.append(
            f'<polyline points="{_round(lx)},{ly} {_round(lx + 14)},{ly} {_round(lx + 28)},{ly}" '
            f'fill="none" stroke="{colour}" stroke-width="2"{dashes} marker-mid="{marker}"/>'
            f'<text x="{_round(lx + 34)}" y="{ly + 4}">{escape(name)}</text>'
        )
    out.append("</g></svg>")
    return "".join(out)


def _ticks(low: float, high: float) -> list[float]:
    """At most about six round values from ``low`` to ``high``, both included."""
    span = high - low
    if span <= 0:
        return [low]
    step = 1.0
    for candidate in (1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0):
        step = candidate
        if span / candidate <= 6:
            break
    ticks = []
    v = low
    while v < high - 1e-9:
        ticks.append(v)
        v += step
    if len(ticks) > 1 and high - ticks[-1] < step / 2:
        ticks.pop()  # too close to the top label to print both
    ticks.append(high)
    return ticks


CSS: Final = """
.charts { display: flex; flex-wrap: wrap; gap: 16px; }
.charts figure { margin: 0; break-inside: avoid; }
.charts figcaption { font-size: 0.85em; color: #333; max-width: 640px; }
svg.chart { max-width: 100%; height: auto; background: #fff; }
"""
