"""The player cards of the report: one per player, its facts and its rounds.

A card (``id="p{start}"``, the target of every name link of the page) shows the name,
title, federation, rating, FIDE id, rank and points, each round (colour, opponent
linked to its card, the opponent's rating, the result) and the player's ARO and TPR.
ARO and TPR are the registry's (:func:`trfkit.tiebreaks.rating_tiebreaks.aro`,
:func:`~trfkit.tiebreaks.rating_tiebreaks.tpr`) in a run of the standings' edition and
round, so a card says what ``trfkit tiebreaks --tb ARO --tb TPR`` prints.
"""

from __future__ import annotations

from typing import Final

from ...i18n import DEFAULT, Translator
from ...model import Player, Tournament
from ...model.results import COLUMN_CODES
from ...tiebreaks import Standings, parse
from ...tiebreaks.context import Context
from .marks import CSS as MARKS_CSS
from .marks import number, result_marks
from .markup import ENGLISH
from .markup import text as escape

__all__ = ["CSS", "player_cards_section"]

#: result character -> its meaning, for a result's title
_WORDS: Final = {c: escape(code.description) for c, code in COLUMN_CODES.items()}


def player_cards_section(
    tournament: Tournament,
    standings: Standings,
    *,
    unrated_rating: int | None = None,
    tr: Translator = ENGLISH,
) -> str:
    """Every player's card, in standings order, as one ``<section id="players">``.

    ``unrated_rating`` is what the standings were computed with (``--unrated-rating``):
    the ARO and TPR shown count unrated opponents at that rating, as they do.
    """
    ctx = Context(
        tournament, standings.edition, after_round=standings.rounds, unrated_rating=unrated_rating
    )
    aro = ctx.value(parse("ARO"))
    tpr = ctx.value(parse("TPR"))
    players = ctx.players
    index = ctx.index
    scoring = tournament.header.scoring
    rounds = standings.rounds
    names = [escape(f"#{p.start} {p.name}".rstrip()) for p in players]
    ratings = [str(p.rating or "") for p in players]
    marks = result_marks(scoring)
    symbols = {"w": "○", "b": "●"}
    _ = tr.gettext
    note = _(
        "After round {rounds}. ARO: average rating of the opponents; TPR: tournament "
        "performance rating (C.07 10.1, 10.2; rules {rules}). ○ White, ● Black."
    ).format(rounds=rounds, rules=escape(standings.edition.name))
    out = [
        f'<section class="page-section" id="players"><h2>{_("Players")}</h2>',
        f'<p class="section-note">{note}</p>',
        '<div class="cards">',
    ]
    add = out.append
    heads = "".join(
        f'<th scope="col">{_(word)}</th>' for word in ("Rd", "Col", "Opponent", "Rtg", "Res")
    )
    rounds_head = f'<table class="card-rounds"><thead><tr>{heads}</tr></thead><tbody>'
    words = _WORDS if tr.lang == DEFAULT else _words(tr)
    for row in standings.rows:
        i = index.get(row.start, row.index)
        p = players[i]
        add(_card(p, row.rank, row.points, aro[i], tpr[i], tr))
        add(rounds_head)
        lines = []
        for r in range(min(rounds, len(p.results))):
            opp, colour, result = p.opponents[r], p.colors[r], p.results[r]
            j = index.get(opp) if opp and opp != p.start else None
            text, cls, game = marks.get((result, j is not None), ("", "r-none", False))
            if j is not None:
                who = f'<a href="#p{opp}">{names[j]}</a>'
                rating = ratings[j]
            else:
                who = escape(_(_no_game(result)))
                rating = ""
            title = "" if game else f' title="{words.get(result, "")}"'
            lines.append(
                f"<tr><td>{r + 1}</td><td>{symbols.get(colour, '')}</td><td>{who}</td>"
                f'<td>{rating}</td><td class="{cls}"{title}>{text}</td></tr>'
            )
        add("".join(lines))
        add("</tbody></table></article>")
    out.append("</div></section>")
    return "".join(out)


def _no_game(result: str) -> str:
    """What a round without an opponent was, for the opponent column."""
    return {
        "F": "full-point bye",
        "H": "half-point bye",
        "U": "pairing-allocated bye",
        "Z": "absent",
        " ": "absent",
        "+": "forfeit (no opponent named)",
        "-": "forfeit (no opponent named)",
    }.get(result, "not paired")


def _words(tr: Translator) -> dict[str, str]:
    """:data:`_WORDS` in the language of ``tr``."""
    return {c: escape(tr.say(code.description)) for c, code in COLUMN_CODES.items()}


def _card(
    p: Player,
    rank: int,
    points: float,
    aro: float | None,
    tpr: float | None,
    tr: Translator = ENGLISH,
) -> str:
    """The card's opening and its facts, before the rounds."""
    _ = tr.gettext
    facts = [
        ("Rank", str(rank)),
        ("Points", number(points)),
        ("Title", escape(p.title)),
        ("Federation", escape(p.federation)),
        ("Rating", str(p.rating or _("unrated"))),
        ("FIDE id", str(p.fide_id or "")),
        ("ARO", number(aro)),
        ("TPR", number(tpr)),
    ]
    shown = "".join(
        f'<div><dt>{name if name.isupper() else _(name)}</dt><dd class="{name.lower().replace(" ", "-")}">{value}</dd></div>'
        for name, value in facts
        if value
    )
    return (
        f'<article class="card" id="p{p.start}"><h3><span class="start">{p.start}</span> '
        f"{escape(p.name)}</h3><dl>{shown}</dl>"
    )


CSS: Final = (
    """
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(19em, 1fr)); gap: 10px; }
.card { border: 1px solid #999; border-radius: 4px; padding: 6px 8px; break-inside: avoid; }
.card h3 { margin: 0 0 4px; font-size: 1em; }
.card h3 .start { color: #555; font-weight: normal; }
.card dl { display: flex; flex-wrap: wrap; gap: 2px 12px; margin: 0 0 4px; font-size: 0.85em; }
.card dl div { display: flex; gap: 4px; }
.card dt { color: #555; }
.card dd { margin: 0; font-weight: bold; }
.card table.card-rounds { border-collapse: collapse; font-size: 0.85em; width: 100%; }
.card table.card-rounds td, .card table.card-rounds th { padding: 0 4px; text-align: left; }
.card table.card-rounds td:nth-child(1), .card table.card-rounds td:nth-child(4) {
  text-align: right; }
.card:target { outline: 3px solid #36c; }
"""
    + MARKS_CSS
)  # the marks' own rules: each section's CSS stands alone
