"""Tie-breaks: every C.07 / Article 32 tie-break, by rule edition, and the standings they sort.

The individual tie-breaks live here, the team ones in :mod:`.team`; ``trfkit codes`` lists
them all (:mod:`.catalog`) and ``trfkit explain`` shows one round by round (:mod:`.explain`).

Public entry point::

    from trfkit.tiebreaks import compute
    standings = compute(tournament, ["BH/C1", "SB"], rules="auto")
    for row in standings.rows:
        print(row.rank, row.start, row.points, row.values)

Layout: :mod:`trfkit.tiebreak_codes` parses the TRF26 code grammar (beside the model, so
that readers need not import this package), :mod:`.editions` holds the rule editions as
data, :mod:`.context` precomputes per-player rows once from the model's round columns,
:mod:`.unplayed` scores unplayed rounds per edition, :mod:`.registry` maps codes to
functions (:mod:`.individual`, :mod:`.rating_tiebreaks` with :mod:`.ratings`,
:mod:`.direct_encounter`, the team modules) and :mod:`.standings` sorts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..diagnostics import make
from ..i18n import phrase
from ..tiebreak_codes import CodeError, RangeError, TieBreakCode
from .context import Context, Value
from .editions import EDITIONS, Edition, resolve
from .registry import REGISTRY, UnknownTieBreak, _load, lookup, parse, parse_list, register
from .standings import PTS, Row, Standings, build_rows, rank, rank_differences

if TYPE_CHECKING:  # the model is only named in annotations here
    from ..diagnostics import Diagnostic
    from ..model import Tournament

__all__ = [
    "EDITIONS",
    "CodeError",
    "Context",
    "RangeError",
    "Edition",
    "Row",
    "Standings",
    "TieBreakCode",
    "UnknownTieBreak",
    "Value",
    "compute",
    "declared_codes",
    "declared_out_of_range",
    "default_codes",
    "is_declared_list",
    "lookup",
    "parse",
    "parse_list",
    "register",
]


def declared_codes(tournament: Tournament) -> tuple[list[TieBreakCode], bool]:
    """The file's own list: ``212`` (full order, includes PTS) or ``202`` (after PTS).

    Returns (codes, full_order). Unparsable entries raise :class:`CodeError`.
    """
    header = tournament.header
    listed, full = (
        (header.standings_tiebreaks, True)
        if header.standings_tiebreaks
        else (header.tiebreaks, False)
    )
    codes = []
    for text in listed:
        try:
            codes.append(parse(text))
        except RangeError:
            continue  # not computed: :func:`declared_out_of_range` reports it (T024)
    return codes, full if listed else False


def _declared_record(tournament: Tournament) -> tuple[str, Sequence[str], int]:
    """The record that holds the file's tie-break list (``212`` before ``202``), its codes
    and its line (1 when the list came from elsewhere, e.g. a Swiss-Manager file)."""
    header = tournament.header
    record, listed = (
        ("212", header.standings_tiebreaks)
        if header.standings_tiebreaks
        else ("202", header.tiebreaks)
    )
    return record, listed, next((r.line for r in header.records if r.code == record), 1)


def declared_out_of_range(tournament: Tournament) -> list[Diagnostic]:
    """T024 at the ``212`` (or ``202``) record for each listed code whose modifier is outside
    its range (``PTP/U50000000``): :func:`declared_codes` leaves those codes out."""

    record, listed, line = _declared_record(tournament)
    found = []
    for text in listed:
        try:
            parse(text)
        except RangeError as exc:
            found.append(make("T024", f"{record}: {exc}; this tie-break was not computed", line))
        except CodeError:
            continue  # a grammar error: T501 where the list is used
    return found


def unknown_declared(tournament: Tournament) -> list[Diagnostic]:
    """T501 at the ``212`` (or ``202``) record for each listed code that does not parse or
    names no tie-break of either scope (a team event's list may name individual codes)."""

    record, listed, line = _declared_record(tournament)
    found = []
    for text in listed:
        try:
            code = parse(text, hints=False)
        except RangeError:
            continue  # T024
        except CodeError as exc:
            found.append(make("T501", f"{record}: {exc}", line))
            continue
        problems = []
        for scope in ("individual", "team"):
            try:
                lookup(code, scope)
                break
            except UnknownTieBreak as exc:
                problems.append(str(exc))
        else:
            found.append(make("T501", f"{record}: {problems[0]}", line))
    return found


def is_declared_list(
    tournament: Tournament, listed: Sequence[TieBreakCode], full_order: bool
) -> bool:
    """True when ``listed`` is the file's own tie-break list (202/212, or the list a
    Swiss-Manager file or chess-results page declares), code for code.

    Why: the rank column of a file was made with the file's list; only against that
    list is a different rank an error (T505). Standings under any other list (trfkit's
    default, or ``--tb``) are expected to differ, which is worth an info at most (T506).
    """
    try:
        declared, declared_full = declared_codes(tournament)
    except CodeError:
        return False
    return (
        bool(declared)
        and declared_full == full_order
        and [c.canonical for c in declared] == [c.canonical for c in listed]
    )


def default_codes(ctx: Context) -> tuple[list[TieBreakCode], str]:
    """A sensible default when neither the caller nor the file names tie-breaks:
    round-robin SB, DE, WIN, KS (C.07 Annex: round-robin list); Swiss BH/C1, BH, SB, DE."""
    if ctx.round_robin:
        names = ["SB", "DE", "WIN", "KS"]
        template = "default tie-breaks for a round-robin: {codes}"
    else:
        names = ["BH/C1", "BH", "SB", "DE"]
        template = "default tie-breaks for a Swiss: {codes}"

    _load(ctx.scope)
    usable = [parse(n) for n in names if (ctx.scope, parse(n).name) in REGISTRY]
    # a phrase: `tiebreaks --lang ru` says the note in Russian
    return usable, phrase(template, codes=", ".join(c.canonical for c in usable))


def _as_codes(codes: Iterable[TieBreakCode | str]) -> list[TieBreakCode]:
    return [c if isinstance(c, TieBreakCode) else parse(c) for c in codes]


def compute(
    tournament: Tournament,
    codes: Sequence[TieBreakCode | str] | None,
    *,
    rules: str | Edition = "auto",
    after_round: int | None = None,
    unrated_rating: int | None = None,
    full_order: bool = False,
) -> Standings:
    """Compute ``codes`` for every player and rank the field.

    ``codes`` are the tie-breaks after points (``202`` semantics); with
    ``full_order=True`` they are the complete order (``212``), PTS included where it
    stands. ``None`` uses the file's list, else :func:`default_codes`. Raises
    :class:`CodeError` / :class:`UnknownTieBreak` for codes that cannot be computed
    and :class:`KeyError` for an unknown ``rules`` name.
    """
    edition = resolve(rules, tournament)
    ctx = Context(tournament, edition, after_round=after_round, unrated_rating=unrated_rating)
    return _compute(ctx, tournament, codes, full_order)


def _version_contexts(ctx: Context, codes: Sequence[TieBreakCode]) -> list[Context]:
    """The contexts of the ``/V`` editions ``codes`` name other than the run's
    (:meth:`Context.for_code`), built before any value: an unknown version is a
    :class:`CodeError` up front, and their notes join the standings' at the end."""
    out: list[Context] = []
    for code in codes:
        other = ctx.for_code(code)
        if other is not ctx and all(other is not seen for seen in out):
            out.append(other)
    return out


def _note_whole_cuts(ctx: Context, codes: Sequence[TieBreakCode]) -> None:
    """T025 for a cut or median that leaves no result (``BH/C99`` after five rounds).

    One result cut after round 1 (``BH/C1``, the usual default) is left alone: that is
    what early standings always look like, not a mistake in the code.
    """
    for code in codes:
        removed = code.cut + 2 * code.median
        if removed > 1 and removed >= ctx.rounds:
            ctx.note(
                "T025",
                f"{code} removes {removed} results per player, and the standings "
                f"have {ctx.rounds} round(s): no result is left to count, so the "
                "value is the same for every player",
            )


def _compute(
    ctx: Context,
    tournament: Tournament,
    codes: Sequence[TieBreakCode | str] | None,
    full_order: bool,
) -> Standings:
    if codes is None:
        listed, full_order = declared_codes(tournament)
        ctx.diagnostics.extend(declared_out_of_range(tournament))
        if not listed:
            listed, _ = default_codes(ctx)
            full_order = False
    else:
        listed = _as_codes(codes)
    _note_whole_cuts(ctx, listed)
    order = listed if full_order and any(c.name == "PTS" for c in listed) else [PTS, *listed]
    entries = {c: lookup(c, ctx.scope) for c in [PTS, *listed]}  # validates every code first
    contexts = _version_contexts(ctx, listed)
    values: dict[TieBreakCode, list[Value]] = {}
    for code, entry in entries.items():
        if not entry.group:
            values[code] = ctx.for_code(code).value(code)
    best_first, ranks, values = rank(ctx, order, values)
    for code, entry in entries.items():
        if entry.group and code not in values:
            values[code] = [None] * ctx.n
    labels = ["PTS", *(str(code) for code in listed)]
    columns = [values[PTS], *(values[code] for code in listed)]  # no code hashing per player
    ctx.release()  # the run's tables are done with: their memory goes to the rows
    rows = build_rows(ctx, best_first, ranks, labels, columns)
    own = is_declared_list(tournament, listed, full_order)
    # the rank column describes the file after its last round with results: standings
    # after another round (--after-round, or a file without results) are not its ranks
    same_round = 0 < ctx.rounds == ctx.scored_rounds
    # a code of the file's own list that is undefined for every player (a rating
    # tie-break on a page without ratings, T502/T636) cannot give the file's order:
    # the ranks then differ for that reason, which one note says (T506), not N errors
    blind = [
        str(c)
        for c in listed
        if not entries[c].group and ctx.n and all(v is None for v in values[c])
    ]
    diagnostics = ctx.diagnostics + (
        rank_differences(ctx, ranks, declared_list=own, undefined=blind) if same_round else []
    )
    for other in contexts:
        seen = {(d.code, d.message) for d in diagnostics}
        diagnostics += [d for d in other.diagnostics if (d.code, d.message) not in seen]
        other.release()
    return Standings(
        ctx.edition,
        tuple(listed),
        tuple(rows),
        ctx.rounds,
        tuple(diagnostics),
        full_order=order is listed,
        total_rounds=ctx.total_rounds,
    )
