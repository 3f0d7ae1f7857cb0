"""What a file declares about its tie-breaks, checked against the tie-break engine.

These checks run after the validator's rules, in the tie-break stage: they compute
standings, which no rule of :mod:`trfkit.validation.rules` does. :func:`trfkit.validate` (and so
``trfkit check`` and every command's exit status) composes them after the rules, with
the same selection (``--select``/``--ignore``) and the same protection against a crash.

* T024, T501: the codes of the ``202``/``212`` list the engine refuses (a modifier out of
  its range; a code that does not parse or names no tie-break).
* T319 (its rank part): a team's declared ``310`` rank against the standings under the
  file's own list (its match and game points are a rule's: they need no standings).
* T503: tie-break values an input declares against the ones trfkit computes.
  chess-results upload XML (``tb1``..``tb6``) and chess-results tables (``TB1``..,
  ``Wtg1``..) carry the sending program's own numbers. They are kept in the model
  (:class:`~trfkit.model.DeclaredValue`) and compared here, one diagnostic per
  disagreement with both values, so an arbiter sees where Swiss-Manager (or a hand
  edit) and the FIDE rules part ways. Values whose code trfkit cannot compute
  (``SM#36``, unlabelled ``tb4``) are carried, never compared. A team's own match and
  game points (``Team.match_points``/``game_points``: the 310 columns, chess-results'
  ``points``) are not compared here: T319 checks them against the rebuilt matches, and
  one wrong total must give one diagnostic, not two.

The engine is imported where a file declares something to compare: most files declare
nothing, and ``trfkit check`` of such a file never loads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from operator import attrgetter

from ..diagnostics import Diagnostic, make
from ..model import DeclaredValue, Tournament
from ..precision import agrees
from . import locate

__all__ = ["CHECKS", "agrees"]

_DECLARED = attrgetter("declared")

#: A computed table: code -> {row key (start or team number) -> value}.
Table = dict[str, dict[int, float | None]]


def _fmt(value: float | None) -> str:
    """A value in a message: as short as it is written (``2.5``, ``1842``), or ``none``."""
    return "none" if value is None else f"{value:g}"


def _computable(codes: Sequence[str], compute: Callable[[list[str]], Table]) -> Table:
    """Compute every code that the engine accepts; codes it refuses are skipped."""
    from ..tiebreaks import (  # the tie-breaks: only for a file that declares values
        CodeError,
        UnknownTieBreak,
    )

    wanted = list(dict.fromkeys(codes))
    try:
        return compute(wanted)
    except (CodeError, UnknownTieBreak):
        pass
    table: Table = {}
    for code in wanted:
        try:
            table.update(compute([code]))
        except (CodeError, UnknownTieBreak):
            continue
    return table


def _individual(t: Tournament, groups: dict[str, dict[int, tuple[object, ...]]]) -> Table:
    """Every declared code trfkit can compute, by start number. For a DE code,
    ``groups[code]`` also gets each tied player's group key (points and the values
    listed before DE): DE is compared as an order inside each group (:func:`_de_orders`)."""
    from ..tiebreaks import compute, parse  # the tie-breaks: only for declared values

    codes = [d.code for p in t.players for d in p.declared if _parsable(d.code)]
    if not codes:
        return {}
    if not any(p.rating for p in t.players):
        # ``/U<R>`` (a chess-results legend's "(1400)") rates only the unrated; an input
        # that names no rating at all (a crosstable has no rating column) would make
        # every opponent R: those columns cannot be recomputed from it.
        codes = [c for c in codes if parse(c).unrated is None]

    def run(selected: list[str]) -> Table:
        kept = [c for c in selected if parse(c).name != "PTS"]
        parsed = [parse(c) for c in kept]
        standings = compute(t, parsed)
        out: Table = {c: {} for c in selected}
        for row in standings.rows:
            for c, code in zip(kept, parsed, strict=True):
                out[c][row.start] = _number(row.values.get(str(code)))
            if "PTS" in out:
                out["PTS"][row.start] = row.points
        for at, (c, code) in enumerate(zip(kept, parsed, strict=True)):
            if code.name == "DE":
                before = [str(x) for x in parsed[:at]]
                groups[c] = {
                    row.start: (row.points, *(row.values.get(b) for b in before))
                    for row in standings.rows
                    if row.values.get(str(code)) is not None
                }
        return out

    return _computable(codes, run)


def _team_values(t: Tournament) -> dict[int, list[DeclaredValue]]:
    """Per team: the declared tie-break values T503 compares.

    A declared MPTS or GPTS that is the team's own ``match_points``/``game_points``
    (chess-results writes its game points both as a tie-break column and as the
    team's score) is the value T319 already compares, so it is left out here."""
    out: dict[int, list[DeclaredValue]] = {}
    for team in t.teams:
        owned = {"MPTS": team.match_points, "GPTS": team.game_points}
        out[team.number] = [d for d in team.declared if _parsable(d.code) and not _owned(d, owned)]
    return out


def _owned(d: DeclaredValue, owned: dict[str, float | None]) -> bool:
    """The declared value is the team's own score, which T319 compares already."""
    score = owned.get(d.code)
    return score is not None and d.value == score


def _teams(t: Tournament, declared: dict[int, list[DeclaredValue]]) -> Table:
    """The computed value of every declared team code (MPTS/GPTS are the team's scores)."""
    from ..tiebreaks import parse  # the tie-breaks: only for declared values
    from ..tiebreaks.team.standings import compute_teams  # team events only

    codes = [d.code for values in declared.values() for d in values]
    if not codes:
        return {}

    # Swiss-Manager's team Buchholz (#84) shows a team PAB to the opponents as a drawn
    # match (a C.07 16.6 competition rule); compare its values under that rule.
    sm = t.source.dialect == "swiss-manager"

    def run(selected: list[str]) -> Table:
        standings = compute_teams(
            t, [parse(c) for c in selected if c not in ("MPTS", "GPTS")], pab_shown_as_draw=sm
        )
        out: Table = {c: {} for c in selected}
        for row in standings.rows:
            for c in selected:
                if c == "MPTS":
                    out[c][row.number] = row.match_points
                elif c == "GPTS":
                    out[c][row.number] = row.game_points
                else:
                    out[c][row.number] = _number(row.values.get(str(parse(c))))
        return out

    return _computable(codes, run)


def _parsable(code: str) -> bool:
    """A code trfkit can compute; Swiss-Manager numbers and unnamed columns cannot be compared."""
    from ..tiebreaks import CodeError, parse  # the tie-breaks: only for a declared list

    if code.startswith(("SM#", "tb", "TB")):
        return False
    try:
        parse(code, hints=False)  # asked per player: no suggestions for a code left out
    except CodeError:
        return False
    return True


def _number(value: object) -> float | None:
    """A computed value as a number to compare, or None (undefined; a flag is no value)."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def declared_tiebreak_differs(t: Tournament) -> Iterator[Diagnostic]:
    """T503: each declared value trfkit computes otherwise, with both numbers."""
    undefined: dict[str, list[str]] = {}
    # most files declare nothing per player; a list without any round holds no result
    # to recompute the declared values from
    declaring = any(map(_DECLARED, t.players)) and any(p.rounds for p in t.players)
    groups: dict[str, dict[int, tuple[object, ...]]] = {}
    table = _individual(t, groups) if declaring else {}
    for i, p in enumerate(t.players if declaring else ()):
        for j, d in enumerate(p.declared):
            if d.code in groups:  # DE: compared group by group below
                computed = table.get(d.code, {})
                if p.start in computed and computed[p.start] is None and d.value:
                    undefined.setdefault(d.code, []).append(f"player {p.start}")
                continue
            yield from _compare(
                d,
                table.get(d.code, {}),
                p.start,
                f"player {p.start} ({p.name})",
                p.line,
                undefined,
                f"players[{i}].declared[{j}]",
            )
    for code, keys in groups.items():
        yield from _de_orders(t, code, keys, table.get(code, {}))
    declared = _team_values(t)
    team_table = _teams(t, declared) if any(declared.values()) else {}
    for i, team in enumerate(t.teams):
        for d in declared.get(team.number, []):
            yield from _compare(
                d,
                team_table.get(d.code, {}),
                team.number,
                f"team {team.number} ({team.name})",
                team.line,
                undefined,
                f"teams[{i}]",
            )
    for code in _unrateable(t) if declaring else ():
        yield make(
            "T503",
            f"declared {code} values cannot be recomputed: the input names no "
            "player's rating (a chess-results crosstable has no rating column; its "
            "starting list has them)",
            1,
        )
    for code, who in undefined.items():
        shown = ", ".join(who[:5]) + (f" and {len(who) - 5} more" if len(who) > 5 else "")
        yield make(
            "T503",
            f"declared {code} values cannot be recomputed (the tie-break is "
            f"undefined here, e.g. unrated opponents without a rating rule): {shown}",
            1,
        )


def _de_orders(
    t: Tournament, code: str, keys: dict[int, tuple[object, ...]], ranks: dict[int, float | None]
) -> Iterator[Diagnostic]:
    """One T503 per tied group whose declared DE orders the players otherwise than
    trfkit's DE.

    Why an order: Swiss-Manager (and so chess-results) prints DE as the points each
    player scored against the others tied with him (higher is better; 0 for everyone
    when DE separates nobody), trfkit as a rank inside the group (1 = best, 0 for
    everyone when not separated), so the numbers differ where the standings agree.
    The group is the players tied on points and on the tie-breaks listed before DE.
    """
    declared: dict[int, tuple[int, DeclaredValue]] = {}
    for i, p in enumerate(t.players):
        for d in p.declared:
            if d.code == code and d.value is not None:
                declared[p.start] = (i, d)
    by_key: dict[tuple[object, ...], list[int]] = {}
    for start, key in keys.items():
        if start in declared:
            by_key.setdefault(key, []).append(start)
    players = {p.start: p for p in t.players}
    for members in by_key.values():
        if len(members) < 2:
            continue
        said = _tiers(members, lambda s: -declared[s][1].value)  # type: ignore[operator]
        done = _tiers(members, lambda s: ranks.get(s) or 0.0)
        if said == done:
            continue
        members.sort(key=lambda s: (-declared[s][1].value, s))  # type: ignore[operator]
        first, d = declared[members[0]]
        where = f" ({d.slot})" if d.slot else ""
        listed = ", ".join(
            f"{s} {declared[s][1].raw or _fmt(declared[s][1].value)}" for s in members
        )
        computed = ", ".join(
            f"{s} {_fmt(ranks.get(s))}"
            for s in sorted(members, key=lambda s: (ranks.get(s) or 0.0, s))
        )
        yield make(
            "T503",
            f"players {', '.join(map(str, sorted(members)))}, tied before "
            f"{code}: declared {code}{where} (points among the tied players) "
            f"{listed} orders them {_order(said)}; computed {code} (rank in the "
            f"group, 0 = not separated) {computed} orders them {_order(done)}",
            players[members[0]].line or 1,
            model_path=f"players[{first}].declared",
        )


def _tiers(members: Sequence[int], key: Callable[[int], float]) -> list[list[int]]:
    """``members`` in tiers of equal ``key``, best (lowest key) first; a rank of 0
    (not separated) puts everyone in one tier."""
    tiers: list[list[int]] = []
    last: float | None = None
    for s in sorted(members, key=lambda s: (key(s), s)):
        if last is not None and abs(key(s) - last) < 1e-9:
            tiers[-1].append(s)
        else:
            tiers.append([s])
            last = key(s)
    return tiers


def _order(tiers: list[list[int]]) -> str:
    """Tiers of start numbers as a message shows them: ``3 > 1=2 > 4``."""
    return " > ".join("=".join(map(str, tier)) for tier in tiers)


def _unrateable(t: Tournament) -> list[str]:
    """Declared codes with a ``/U`` rating that :func:`_individual` left out because no
    player has a rating (one summary each, instead of silence)."""
    from ..tiebreaks import parse  # the tie-breaks: only for declared values

    if any(p.rating for p in t.players):
        return []
    codes = [d.code for p in t.players for d in p.declared if _parsable(d.code)]
    return [c for c in dict.fromkeys(codes) if parse(c).unrated is not None]


def _compare(
    d: DeclaredValue,
    computed: dict[int, float | None],
    key: int,
    who: str,
    line: int,
    undefined: dict[str, list[str]],
    path: str,
) -> Iterator[Diagnostic]:
    """One T503 when the values differ; a computed None (a group tie-break such as DE
    outside a tie, which chess-results prints as 0, or an undefined value) is collected
    into one summary per code instead of one line per player."""
    if d.value is None or key not in computed:
        return
    value = computed[key]
    if value is None:
        if d.value != 0:
            undefined.setdefault(d.code, []).append(who.split(" (")[0])
        return
    if not agrees(d.value, value, d.raw):
        where = f" ({d.slot})" if d.slot else ""
        yield make(
            "T503",
            f"{who}: declared {d.code}{where} {d.raw or _fmt(d.value)}, computed {_fmt(value)}",
            line or 1,
            model_path=path,
        )


def tiebreak_list_unknown(t: Tournament) -> Iterator[Diagnostic]:
    """T501: a 202/212 code trfkit cannot read or does not know, at its record:
    ``tiebreaks`` falls back to its default list for such a file, so ``check`` must not
    call it clean."""
    if not (t.header.tiebreaks or t.header.standings_tiebreaks):
        return
    from ..tiebreaks import unknown_declared  # the tie-breaks: only for a declared list

    yield from unknown_declared(t)


def tiebreak_parameter_out_of_range(t: Tournament) -> Iterator[Diagnostic]:
    """T024: a 202/212 code with a modifier outside its range (``PTP/U50000000``), at
    its record."""
    if not (t.header.tiebreaks or t.header.standings_tiebreaks):
        return
    from ..tiebreaks import declared_out_of_range  # the tie-breaks: only for a declared list

    yield from declared_out_of_range(t)


def declared_team_rank_differs(t: Tournament) -> Iterator[Diagnostic]:
    """T319 (ranks): the ranks declared in 310 against the standings under the file's own
    tie-break list."""
    if not t.is_team_event or not any(team.rank is not None for team in t.teams):
        return
    from ..tiebreaks.team.standings import compute_teams  # team events only

    try:
        standings = compute_teams(t, None)
    except ValueError:  # the file's 202/212 list cannot be computed: T501 elsewhere
        return
    ranks = {row.number: row.rank for row in standings.rows}
    for position, team in enumerate(t.teams):
        if team.rank is not None and ranks.get(team.number) != team.rank:
            yield locate.at(
                "T319",
                f"team {team.number} declares rank {team.rank}, the standings "
                f"give {ranks.get(team.number)}",
                team.line,
                locate.WHOLE_LINE,
                model_path=f"teams[{position}]",
            )


StageCheck = Callable[[Tournament], Iterator[Diagnostic]]

#: (code, check) in code order: what :func:`trfkit.validation.driver.iter_diagnostics` runs
#: after the rules.
CHECKS: tuple[tuple[str, StageCheck], ...] = (
    ("T024", tiebreak_parameter_out_of_range),
    ("T319", declared_team_rank_differs),
    ("T501", tiebreak_list_unknown),
    ("T503", declared_tiebreak_differs),
)
