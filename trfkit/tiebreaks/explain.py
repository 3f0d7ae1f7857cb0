"""``trfkit explain``: one player's tie-break, round by round, for settling a dispute.

For the Buchholz family (BH, FB, SB and their cuts) every round shows the opponent,
the opponent's adjusted score, the dummy or virtual opponent and why, and what a
cut removed. Other tie-breaks show the per-round inputs they use and the total.

Direct encounter (DE) ranks only the players still tied when it is applied, so
its explanation needs the order of the tie-breaks: :func:`explain` takes it
(``order``, as ``trfkit tiebreaks`` uses it: PTS first unless a 212 list places
it). The tied group is found by the standings' own :func:`~.standings.rank` on
the criteria before DE, and the passes shown are the ones DE itself made
(:data:`~.direct_encounter.Trace`), so the value explained is the value the standings print.

One computation: the code is explained in the run :meth:`~.context.Context.for_code`
gives (the edition of a ``/V`` modifier, as ``trfkit tiebreaks`` computes it), its
total is that run's value (:meth:`~.context.RunMemo.value`, the standings' column)
and the parts are read from the same tables the value was summed from. Criteria
before a group tie-break are valued each in its own run, as the standings do. A
team variant plugs in the same way: a team context answers ``for_code`` and
``value`` too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import DEFAULT, Phrase, Translator, phrase, translator
from ..terminal import escape_controls
from ..tiebreak_codes import CodeError, TieBreakCode
from . import declared_codes
from .context import Context
from .cuts import Item, apply_cuts
from .explain_direct import (  # it imports Order from here for its types only
    direct_lines,
    tied_group,
)
from .individual import buchholz_items, koya_threshold, sonneborn_items
from .registry import UnknownTieBreak, lookup, parse
from .unplayed import Adjusted, adjusted, describe

if TYPE_CHECKING:
    from ..model import Tournament
    from .editions import Edition

__all__ = [
    "Explanation",
    "Order",
    "explain",
    "explanation_context",
    "first_after_points",
    "order_for",
    "place",
    "tied_group",
]


@dataclass(frozen=True, slots=True)
class Order:
    """The criteria in force, in order, and where that order came from (said in
    the explanation): e.g. ``("PTS", "BH/C1", "DE")`` from the file's 202 list."""

    codes: tuple[TieBreakCode, ...]
    source: str


def order_for(
    code: TieBreakCode, listed: Sequence[TieBreakCode], full_order: bool, source: str
) -> Order | None:
    """The order ``trfkit tiebreaks`` would use with ``listed`` (PTS first, unless a
    full 212 list places PTS itself), or None when ``listed`` does not name ``code``."""
    if code not in listed:
        return None
    placed = full_order and any(c.name == "PTS" for c in listed)  # as compute() decides
    codes = listed if placed else [parse("PTS"), *listed]
    return Order(tuple(codes), source)


def place(ctx: Context, code: TieBreakCode, given: Sequence[str]) -> Order | None:
    """Where a group tie-break (DE) stands, as ``trfkit tiebreaks`` would order it:
    ``given`` (``explain --order``: codes, repeated or comma-separated; it must name
    ``code``), else the file's 212/202 list when it names ``code`` and can be
    computed, else right after points (the explanation says which). None for a
    tie-break that is not a group one (its value does not depend on the order).
    Raises :class:`CodeError` / :class:`UnknownTieBreak` for a bad ``given``."""
    if not lookup(code, ctx.scope).group:
        return None
    if given:
        codes = [parse(c) for item in given for c in item.split(",") if c.strip()]
        for c in codes:
            lookup(c, ctx.scope)
        found = order_for(code, codes, False, phrase("from --order"))
        if found is None:
            raise CodeError(f"--order does not name {code}")
        return found

    try:
        declared, full = declared_codes(ctx.tournament)
        for c in declared:
            lookup(c, ctx.scope)
    except (CodeError, UnknownTieBreak):
        return first_after_points(code, phrase("the file's tie-break list cannot be computed"))
    found = order_for(
        code, declared, full, phrase("the file's {record} list", record=212 if full else 202)
    )
    if found is not None:
        return found
    why = (
        phrase("the file's tie-break list does not name {code}", code=str(code))
        if declared
        else phrase("the file names no tie-breaks")
    )
    return first_after_points(code, phrase("{why}; give --order to place it", why=why))


def first_after_points(code: TieBreakCode, why: str) -> Order:
    """The order when nothing says where ``code`` stands: right after points."""
    return Order(
        (parse("PTS"), code),
        phrase("{code} taken as the first tie-break after points: {why}", code=str(code), why=why),
    )


@dataclass(frozen=True, slots=True)
class Explanation:
    player: str
    code: str
    edition: str
    lines: tuple[str, ...]
    total: float | None
    #: The counted values the total is the sum of (Buchholz family, after the cuts);
    #: empty for tie-breaks whose total is not a sum of per-round parts.
    parts: tuple[float, ...] = ()

    def render(self, tr: Translator | None = None) -> str:
        """The explanation as text, in the language of ``tr`` (English by default)."""
        tr = tr or translator(DEFAULT)
        _ = tr.gettext
        head = _("{code} of {player} under {edition}").format(
            code=self.code,
            player=tr.say(self.player) if isinstance(self.player, Phrase) else self.player,
            edition=self.edition,
        )
        total = _("undefined") if self.total is None else f"{self.total:g}"
        lines = [
            head,
            *("  " + tr.say(line) for line in self.lines),
            "  " + _("total: {total}").format(total=total),
        ]
        return "\n".join(map(escape_controls, lines)) + "\n"  # names are the file's text


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:g}"


def explanation_context(
    tournament: Tournament,
    edition: Edition,
    *,
    after_round: int | None = None,
    unrated_rating: int | None = None,
) -> Context:
    """The run :func:`explain` reads, built as :func:`trfkit.tiebreaks.compute` builds its
    own (same players, same rounds), so that player indices and values agree."""
    return Context(tournament, edition, after_round=after_round, unrated_rating=unrated_rating)


def explain(run: Context, i: int, code: TieBreakCode, order: Order | None = None) -> Explanation:
    """Explain ``code`` for player index ``i`` of ``run``. ``order`` matters only for a
    group tie-break (DE): without it DE is taken as the first tie-break after points."""
    entry = lookup(code, run.scope)
    ctx = run.for_code(code)  # the run the standings compute this code in (/V)
    lines: list[str] = []
    total: float | None
    parts: tuple[float, ...] = ()
    if entry.name in ("BH", "FB", "SB"):
        fore = entry.name == "FB" or code.fore
        table = adjusted(ctx, fore=fore, played_forfeits=code.played_forfeits)
        items, rounds = _round_lines(
            ctx, table, i, (fore, code.played_forfeits, entry.name == "SB")
        )
        lines.extend(rounds)
        low, high = code.cut + code.median, code.median
        kept, cut = apply_cuts(items, low, high, ctx.edition.vur_first)
        parts = tuple(it.value for it in kept)
        for it in cut:
            first = it.vur and ctx.edition.vur_first
            note = phrase(" (voluntary unplayed round, cut first)") if first else ""
            lines.append(
                phrase(
                    "cut: round {round}, value {value:g}{note}",
                    round=it.round + 1,
                    value=it.value,
                    note=note,
                )
            )
        total = ctx.value(code)[i]
    elif entry.group:
        if entry.name != "DE" or ctx.scope != "individual":
            raise UnknownTieBreak(
                f"{code}: {entry.name} ranks the tied players among themselves; "
                "see their games against each other in the standings"
            )
        lines, total = direct_lines(
            run, i, code, order or first_after_points(code, phrase("no order given"))
        )
    else:
        extra = _extra_lines(ctx, i, code, entry.name)
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            opp = (
                phrase("{player} (score {score:g})", player=ctx.player_label(o), score=ctx.score[o])
                if o >= 0
                else phrase("no opponent")
            )
            lines.append(
                phrase(
                    "round {round}: {kind}, {points:g} points, {opponent}{extra}",
                    round=r + 1,
                    kind=phrase(ctx.kind[i][r].value),
                    points=ctx.pts[i][r],
                    opponent=opp,
                    extra=extra.get(r, ""),
                )
            )
        if -1 in extra:
            lines.append(extra[-1])
        total = ctx.value(code)[i]
    return Explanation(ctx.player_label(i), str(code), ctx.edition.name, tuple(lines), total, parts)


def _round_lines(
    ctx: Context, table: Adjusted, i: int, mode: tuple[bool, bool, bool]
) -> tuple[list[Item], tuple[Phrase, ...]]:
    """The counted items of player ``i`` in ``table`` and one line per round, the same
    for every code of the Buchholz family read from that table (BH, BH/C1, BH/M1 share
    theirs; SB shows its products): kept per run, so that explaining a whole standings
    table describes each round once per table rather than once per code. ``mode`` is
    (fore, played forfeits, SB): what ``table`` was made for, and whether the lines
    show SB's products."""
    sb = mode[2]
    memo: dict[int, tuple[list[Item], tuple[Phrase, ...]]] = ctx.memo(
        ("explain-rounds", mode), dict
    )
    found = memo.get(i)
    if found is not None:
        return found
    items = (sonneborn_items if sb else buchholz_items)(ctx, table, i)  # Items already
    by_round = {it.round: it for it in items}
    lines = []
    whys: dict[int, list[str]] = ctx.memo(("explain-whys", mode[:2]), dict)  # BH's for SB
    if i not in whys:
        whys[i] = [describe(ctx, table, i, r) for r in range(ctx.rounds)]
    for r, why in enumerate(whys[i]):
        it = by_round.get(r)
        if it is None:
            lines.append(phrase("round {round}: {why}", round=r + 1, why=why))
            continue
        product = f" x {table.pts[i][r]:g} = {it.value:g}" if sb else ""
        lines.append(
            phrase(
                "round {round}: {value}{product}  ({why})",
                round=r + 1,
                value=_fmt(table.contrib[i][r]),
                product=product,
                why=why,
            )
        )
    found = memo[i] = (items, tuple(lines))
    return found


def _extra_lines(ctx: Context, i: int, code: TieBreakCode, name: str) -> dict[int, Phrase]:
    """Per-round notes (key = round index, -1 = a closing line) for tie-breaks that
    need more than the results: running scores (PS), the Koya threshold (KS), the
    opponents' Buchholz (AOB, SOBH)."""
    out: dict[int, Phrase] = {}
    if name == "PS":
        running = 0.0
        bonus = ctx.bonus.get(i)  # a 299 bonus or penalty counts from its round on
        for r in range(ctx.rounds):
            running += ctx.pts[i][r] + (bonus[r] if bonus else 0.0)
            cut = phrase(" (cut)") if r < code.cut else ""
            out[r] = phrase("; running score {score:g}{cut}", score=running, cut=cut)
    elif name in ("AOB", "SOBH"):
        inner = parse(("FB" if code.fore else "BH") + ("/P" if code.played_forfeits else ""))
        bh = ctx.value(inner)
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            if o >= 0 and ctx.otb[i][r]:
                out[r] = phrase("; their {code} {value}", code=inner.canonical, value=_fmt(bh[o]))
    elif name == "KS":
        threshold = koya_threshold(ctx, code)
        for r in range(ctx.rounds):
            o = ctx.opp[i][r]
            if o >= 0:
                counted = ctx.score[o] >= threshold - 1e-9
                out[r] = phrase("; counts") if counted else phrase("; below the threshold")
        out[-1] = phrase("threshold: {threshold:g} points", threshold=threshold)
    return out
