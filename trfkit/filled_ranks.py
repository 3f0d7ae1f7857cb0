"""Ranks for a TRF written from a file that stores none (Swiss-Manager, starting lists).

A Swiss-Manager tournament file keeps results and its tie-break list but no standings;
a TRF with a blank rank column is incomplete for a rating officer and hides what the
event's own order was. ``convert --to trf`` therefore ranks the field with the file's
own list (:func:`trfkit.tiebreaks.compute` with the declared codes, ``--rules auto``)
and says so (T632); when the list cannot be computed the ranks stay blank and T633
says why, so a blank column is never silent. Files that declare any rank keep theirs.
"""

from __future__ import annotations

from .diagnostics import Diagnostic, make
from .model import Tournament, replace

__all__ = ["fill_ranks"]

#: Source formats that never hold ranks.
_NO_RANKS = frozenset({"swissmanager"})


def fill_ranks(t: Tournament) -> tuple[Tournament, list[Diagnostic]]:
    """``t`` with every player's rank from the standings, and the diagnostic saying how.

    Only for formats that store no ranks (Swiss-Manager's own files, also read back from
    trfkit's JSON of one): a TRF or chess-results input with a blank rank column is
    written as it is (``check`` reports it, T113). Unchanged (no diagnostic) when a
    player declares a rank, when no round has a result, and in team events (players
    are ranked with their team there).
    """
    if (
        t.source.format not in _NO_RANKS
        or not t.players
        or t.is_team_event
        or any(p.rank for p in t.players)
        or not any(p.results.strip(" .") for p in t.players)
    ):  # "." an empty block
        return t, []
    from .tiebreaks import CodeError, UnknownTieBreak, compute  # only for an input without ranks

    path = t.source.path
    try:
        standings = compute(t, None, rules="auto")
    except (CodeError, UnknownTieBreak, KeyError, ValueError) as exc:
        return t, [
            make(
                "T633",
                f"the file declares no ranks and its tie-break list cannot be "
                f"computed ({exc}); the rank column was left blank",
                file=path,
            )
        ]
    ranks = {row.start: row.rank for row in standings.rows}
    players = tuple(replace(p, rank=ranks.get(p.start)) for p in t.players)
    order = (
        ", ".join(["PTS", *standings.labels])
        if not standings.full_order
        else ", ".join(standings.labels)
    )
    message = (
        f"the file declares no ranks: the rank column holds the standings after round "
        f"{standings.rounds} computed with the file's tie-breaks {order} "
        f"(rules {standings.edition.name})"
    )
    return replace(t, players=players), [make("T632", message, file=path)]
