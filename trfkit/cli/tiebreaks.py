"""``trfkit tiebreaks`` (standings with tie-break columns) and ``trfkit explain``.

Contract (scripts depend on it): ``--to json`` prints
``{"rules": ..., "tiebreaks": [...], "players": [{"start", "name", "rank", "values"}],
"after_round": k, "rounds": n}`` (the standings are after round k of the event's n)
with the codes as written on ``--tb`` plus ``"PTS"`` as keys and ``null`` for an
undefined value. A team event (``Tournament.teams``) gives ``"teams"`` rows
(``number``, ``name``, ``rank``, ``values`` with ``MP`` and ``GP``), ``after_round`` and
``rounds`` as for players, and keeps ``"players"``
(``start``, ``name``, ``team``, ``rank``, ``values`` with ``PTS``) unless ``--players``;
``--team-bye MP,GP`` counts a team bye the file does not encode (T321); ``--to trf`` of
a team event needs ``--players``. Exit 0 clean, 1 when the input or the standings have
problems (e.g. a declared rank that differs from the standings under the file's own
list, T505; under another list it is one T506 info), 2 for usage errors and unreadable
input. ``--list`` prints ``trfkit codes`` instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, Final

import click

from ..diagnostics import Diagnostic, Severity, make
from ..finite import dumps, finite_or_none
from ..model import Tournament
from ..terminal import escape_controls
from ..tiebreaks import (
    CodeError,
    Standings,
    TieBreakCode,
    UnknownTieBreak,
    compute,
    default_codes,
    parse,
)
from ..tiebreaks.codes import MAX_RATING
from ..tiebreaks.context import Context
from ..tiebreaks.editions import EDITIONS, resolve
from .common import (
    InputError,
    exit_status,
    input_problems,
    internal_errors,
    print_diagnostics,
    read_document,
    refuse_unread,
    rule_errors,
    write_output,
)
from .options import input_options
from .outguard import refuse_overwrite
from .tbargs import (
    check_after_round,
    known_numbers,
    team_bye_option,
    team_options_need_teams,
)

RULES = ["auto", *EDITIONS]


def _number(value: float | None) -> str:
    """Short text for a value: ``11``, ``7.25``, ``12.6``; ``-`` when undefined."""
    if value is None:
        return "-"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def render_json(standings: Standings) -> str:
    doc = {
        "rules": standings.edition.name,
        "tiebreaks": standings.labels,
        "players": [
            {"start": row.start, "name": row.name, "rank": row.rank,
             "values": _finite(row.values)}
            for row in standings.rows
        ],
        "after_round": standings.rounds,
        "rounds": standings.total_rounds,
    }
    return dumps(doc)


def _finite(values: dict[str, Any]) -> dict[str, Any]:
    """Values as JSON holds them: a value that is not a finite number is undefined (null)."""
    return {label: finite_or_none(v) for label, v in values.items()}


def _csv(head: Sequence[str], rows: Iterable[Sequence[Any]], text: Sequence[int],
         raw: bool) -> str:
    """CSV rows (LF-ended) through the writer steps every trfkit CSV takes
    (:func:`~trfkit.formats.csv_writer.safe_cell`, :func:`~trfkit.formats.csv_writer.format_row`):
    the cells at ``text`` (names, federations: the file's text) made safe, the numbers
    trfkit computed written as they are. Imported here: only CSV output needs it."""
    from ..formats.csv_writer import format_row, safe_cell

    out = [format_row(head, "\n")]
    for row in rows:
        cells = list(row)
        for k in text:
            cells[k] = safe_cell(cells[k], raw)
        out.append(format_row(cells, "\n"))
    return "".join(out)


def render_csv(standings: Standings, raw: bool = False) -> str:
    head = ["rank", "start", "name", "federation", "rating", "points", *standings.labels]
    rows = ([row.rank, row.start, row.name, row.federation, row.rating or "",
             _number(row.points), *(_number(row.values[c]) if row.values[c] is not None else ""
                                    for c in standings.labels)]
            for row in standings.rows)
    return _csv(head, rows, (2, 3), raw)


def render_text(standings: Standings) -> str:
    labels = standings.labels
    head = ["Rk", "No", "Name", "Fed", "Rtg", "Pts", *labels]
    body = [[str(r.rank), str(r.start), escape_controls(r.name), escape_controls(r.federation),
             str(r.rating or ""),
             _number(r.points), *(_number(r.values[c]) for c in labels)]
            for r in standings.rows]
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=False)]
    left = {2, 3}  # name and federation are left-aligned, numbers right-aligned

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if k in left else c.rjust(w)
                         for k, (c, w) in enumerate(zip(cells, widths, strict=False))).rstrip()

    title = (f"Standings after round {_of(standings)} - rules {standings.edition.name}: "
             f"{standings.edition.title}")
    return "\n".join([title, "", line(head), *(line(b) for b in body)]) + "\n"


def _of(standings: Any) -> str:
    """``"2 of 3"``: the round the standings are after, of the event's rounds."""
    total = standings.total_rounds
    return f"{standings.rounds} of {total}" if total else str(standings.rounds)


def render_trf(tournament: Tournament, standings: Standings) -> str:
    from .. import formats

    by_start = standings.by_start()
    players = tuple(replace(p, points=by_start[p.start].points, rank=by_start[p.start].rank)
                    if p.start in by_start else p for p in tournament.players)
    listed = tuple(c.trf for c in standings.codes)
    if standings.full_order:  # the order used was the file's 212 list: keep it there
        header = replace(tournament.header, standings_tiebreaks=listed)
    else:  # a 212 list the standings did not follow would contradict the ranks written
        header = replace(tournament.header, tiebreaks=listed, standings_tiebreaks=())
    try:
        return formats.write(replace(tournament, players=players, header=header), "trf")
    except ValueError as exc:
        raise InputError(f"--to trf: {exc}") from None


def _standings(tournament: Tournament, tb: Sequence[str], rules: str, after_round: int | None,
               unrated_rating: int | None) -> Standings:
    try:
        codes = [parse(c) for c in tb] if tb else None
        if codes is None:
            from ..tiebreaks import declared_codes

            declared, _ = declared_codes(tournament)
            if declared:
                click.echo("tie-breaks from the file: "
                           f"{', '.join(c.canonical for c in declared)}", err=True)
            else:
                ctx = Context(tournament, resolve(rules, tournament), after_round=after_round)
                _, message = default_codes(ctx)
                click.echo(message, err=True)
        return compute(tournament, codes, rules=rules, after_round=after_round,
                       unrated_rating=unrated_rating)
    except (CodeError, UnknownTieBreak) as exc:
        if tb:  # the user's own --tb: a usage error (exit 2)
            raise InputError(f"T501 {exc}") from None
        problem = _file_list_unusable(exc)  # the file's list: a content problem (exit 1)
    ctx = Context(tournament, resolve(rules, tournament), after_round=after_round)
    fallback, message = default_codes(ctx)
    click.echo(message, err=True)
    standings = compute(tournament, fallback, rules=rules, after_round=after_round,
                        unrated_rating=unrated_rating)
    return replace(standings, diagnostics=(problem, *standings.diagnostics))


def _file_list_unusable(exc: Exception) -> Diagnostic:
    """T501 for a 202/212 list (or Swiss-Manager mapping) that cannot be computed."""
    return make("T501", f"the file's tie-break list cannot be computed ({exc}); "
                        "the default tie-breaks were used instead (choose others with --tb)")


def _team_standings(tournament: Tournament, tb: Sequence[str], rules: str,
                    after_round: int | None, team_bye: tuple[float, float] | None = None,
                    pab_as_draw: bool = False) -> Any:
    """Team standings (trfkit.teams) for a team event, or None when that module is absent."""
    try:
        from ..tiebreaks.team.standings import compute_teams
    except ModuleNotFoundError:
        return None
    options: dict[str, Any] = dict(rules=rules, after_round=after_round, unencoded_bye=team_bye,
                                   pab_shown_as_draw=pab_as_draw)
    try:
        codes = [parse(c) for c in tb] if tb else None
        return compute_teams(tournament, codes, **options)
    except (CodeError, UnknownTieBreak) as exc:
        if tb:
            raise InputError(f"T501 {exc}") from None
        problem = _file_list_unusable(exc)
    from ..tiebreaks.team.standings import DEFAULT_TEAM_CODES

    standings = compute_teams(tournament, list(DEFAULT_TEAM_CODES), **options)
    return replace(standings, diagnostics=(problem, *standings.diagnostics))


def render_team_json(standings: Any, players: list[dict[str, Any]] | None = None) -> str:
    doc = {
        "rules": standings.edition.name,
        "tiebreaks": standings.labels,
        "teams": [
            {"number": row.number, "name": row.name, "rank": row.rank,
             "values": _finite({"MP": row.match_points, "GP": row.game_points, **row.values})}
            for row in standings.rows
        ],
        "after_round": standings.rounds,
        "rounds": standings.total_rounds,
    }
    if players is not None:
        doc["players"] = players
    return dumps(doc)


def render_team_table(standings: Any, to: str, raw: bool = False) -> str:
    labels = standings.labels
    head = ["rank", "number", "name", "MP", "GP", *labels]
    body = [[str(r.rank), str(r.number), r.name, _number(r.match_points), _number(r.game_points),
             *(_number(r.values[c]) for c in labels)] for r in standings.rows]
    if to != "csv":  # a terminal's table: the file's control characters shown, not obeyed
        body = [[escape_controls(cell) for cell in row] for row in body]
    if to == "csv":
        return _csv(head, (["" if c == "-" else c for c in b] for b in body), (2,), raw)
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=False)]
    lines = ["  ".join(c.ljust(w) if k == 2 else c.rjust(w)
                       for k, (c, w) in enumerate(zip(row, widths, strict=False))).rstrip()
             for row in [head, *body]]
    title = (f"Team standings after round {_of(standings)} - rules {standings.edition.name}: "
             f"{standings.edition.title}")
    return "\n".join([title, "", *lines]) + "\n"


#: Reader warnings that say the standings cannot follow the source's order (T636: the
#: first tie-break needs ratings a chess-results page lacks; T631: a Swiss-Manager list
#: names a tie-break twice): printed before the standings, not after them.
_BEFORE_STANDINGS: Final = frozenset({"T631", "T636"})


def _relevant(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity is not Severity.INFO]


@click.command("tiebreaks")
@click.argument("input_path", metavar="INPUT", required=False)
@click.option("--list", "list_codes", is_flag=True,
              help="List every tie-break code (as `trfkit codes`; --to text or json) and exit.")
@click.option("--tb", "tb", multiple=True, metavar="CODE",
              help="Tie-break code (TRF26 202 grammar, e.g. BH/C1, SB, DE/P); repeat for several. "
                   "Default: the file's 202/212 list, else a default for the tournament type.")
@click.option("--rules", type=click.Choice(RULES), default="auto", show_default=True,
              help="Rule edition; auto picks by the start date (042).")
@click.option("--after-round", type=int, default=None, metavar="N",
              help="Standings after round N (1..the event's rounds). Default: after the last "
                   "round with a result.")
@click.option("--unrated-rating", type=click.IntRange(0, MAX_RATING), default=None, metavar="R",
              help="Rating of unrated players for rating-based tie-breaks, 0 to "
                   f"{MAX_RATING} (default: undefined).")
@click.option("--to", "to", type=click.Choice(["text", "csv", "json", "trf"]), default="text",
              show_default=True, help="Output format.")
@click.option("-o", "--output", "output", default=None, metavar="PATH",
              help="Write here instead of stdout.")
@click.option("--players", "players", is_flag=True,
              help="In a team event, rank the individual players instead of the teams.")
@click.option("--team-bye", "team_bye", default=None, metavar="MP,GP", callback=team_bye_option,
              help="Count a team bye the file does not encode (T321, Swiss-Manager TRF16) as a PAB "
                   "worth MP match points and GP game points, e.g. 1,3. Default: as the file says, "
                   "a zero-point absence.")
@click.option("--team-pab-as-draw", "pab_as_draw", is_flag=True,
              help="Competition rule (C.07 16.6, as at Olympiads and in Swiss-Manager's team "
                   "Buchholz): a team's PAB shows to its opponents as a drawn match.")
@click.option("--raw-csv", is_flag=True,
              help="Write CSV cells as they are (no ' before = + - @ at the start of a name).")
@input_options
@internal_errors
def tiebreaks(input_path: str | None, list_codes: bool, tb: tuple[str, ...], rules: str,
              after_round: int | None,
              unrated_rating: int | None, to: str, output: str | None, players: bool,
              team_bye: tuple[float, float] | None, pab_as_draw: bool, raw_csv: bool, fmt: str,
              encoding: str | None) -> None:
    """Compute tie-breaks and standings.

    \b
    Examples:
      trfkit tiebreaks event.trf --tb BH/C1 --tb BH --tb SB
      trfkit tiebreaks event.trf --rules fide-2009 --to csv -o standings.csv
      trfkit tiebreaks event.trf --tb ARO --unrated-rating 1400 --to json
      trfkit tiebreaks --list
    """
    if list_codes:
        from .codes import FORMATS, render_codes

        if to not in FORMATS:
            raise click.UsageError(f"--list prints text or json, not --to {to}")
        write_output(render_codes(to), output)
        raise SystemExit(0)
    if input_path is None:
        raise click.UsageError("Missing argument 'INPUT'.")
    refuse_overwrite([input_path], [output])
    doc = read_document(input_path, fmt=fmt, encoding=encoding)
    check_after_round(doc.tournament, after_round)
    team_options_need_teams(team_bye, pab_as_draw,
                            "this is an individual event" if not doc.tournament.is_team_event
                            else "--players ranks the players" if players else None)
    shown = _relevant(doc.diagnostics) + rule_errors(doc, input_problems(doc, input_path))
    refuse_unread(doc, input_path, shown)
    if doc.tournament.is_team_event and not players and to == "trf":
        # The team standings shown by every other --to have no place in a TRF (TRF16 has no
        # team ranks); writing individual ranks under a list nobody chose is not what was
        # asked either, so say what would be written instead of guessing.
        raise InputError("--to trf: this is a team event and TRF holds no team standings; "
                         "use --to json, csv or text for them, or add --players to write the "
                         "individual standings (ranks, points and 202) into the TRF")
    if doc.tournament.is_team_event and not players:
        team = _team_standings(doc.tournament, tb, rules, after_round, team_bye, pab_as_draw)
        if team is not None:
            if to == "json":
                from ..tiebreaks.team.standings import player_rows

                rows = player_rows(doc.tournament, rules=rules, after_round=after_round)
                text = render_team_json(team, rows)
            else:
                text = render_team_table(team, to, raw_csv)
            write_output(text, output)
            diagnostics = shown + [d.with_file(d.file or input_path) for d in team.diagnostics]
            print_diagnostics(diagnostics)
            raise SystemExit(exit_status(diagnostics))
    standings = _standings(doc.tournament, tb, rules, after_round, unrated_rating)
    if to == "json":
        text = render_json(standings)
    elif to == "csv":
        text = render_csv(standings, raw_csv)
    elif to == "trf":
        text = render_trf(doc.tournament, standings)
    else:
        text = render_text(standings)
    first = [d for d in shown if d.code in _BEFORE_STANDINGS]
    print_diagnostics(first)  # what makes the standings below unlike the source's: said first
    write_output(text, output)
    diagnostics = shown + [d.with_file(d.file or input_path) for d in standings.diagnostics]
    print_diagnostics([d for d in diagnostics if d.code not in _BEFORE_STANDINGS])
    raise SystemExit(exit_status(diagnostics))


@click.command("explain")
@click.argument("input_path", metavar="INPUT")
@click.option("--player", "player", type=int, default=None, metavar="N", help="Start number.")
@click.option("--team", "team", type=int, default=None, metavar="N",
              help="Team number (013/310 order), for team tie-breaks such as BH:MP/C1.")
@click.option("--tb", "tb", required=True, metavar="CODE", help="Tie-break code, e.g. BH/C1.")
@click.option("--order", "order", multiple=True, metavar="CODE",
              help="For DE: the tie-break list as given to `trfkit tiebreaks --tb` (repeat, or "
                   "comma-separated), naming the tie-break explained. Default: the file's 202/212 "
                   "list if it names it, else DE right after points.")
@click.option("--rules", type=click.Choice(RULES), default="auto", show_default=True)
@click.option("--after-round", type=int, default=None, metavar="N",
              help="Standings after round N (1..the event's rounds). Default: after the last "
                   "round with a result.")
@click.option("--unrated-rating", type=click.IntRange(0, MAX_RATING), default=None, metavar="R")
@click.option("--team-bye", "team_bye", default=None, metavar="MP,GP", callback=team_bye_option,
              help="With --team: as for `trfkit tiebreaks --team-bye`.")
@click.option("--team-pab-as-draw", "pab_as_draw", is_flag=True,
              help="With --team: as for `trfkit tiebreaks --team-pab-as-draw`.")
@input_options
@internal_errors
def explain(input_path: str, player: int | None, team: int | None, tb: str,
            order: tuple[str, ...], rules: str, after_round: int | None,
            unrated_rating: int | None, team_bye: tuple[float, float] | None, pab_as_draw: bool,
            fmt: str, encoding: str | None) -> None:
    """Show how one player's (or team's) tie-break is made up, round by round.

    \b
    Examples:
      trfkit explain event.trf --player 4 --tb BH/C1 --rules fide-2026
      trfkit explain event.trf --player 4 --tb DE --order BH/C1,BH,SB,DE
      trfkit explain team.trf --team 2 --tb BH:MP/C1
    """
    from ..tiebreaks.explain import explain as explain_one
    from ..tiebreaks.explain import explanation_context, place

    if (player is None) == (team is None):
        raise click.UsageError("give one of --player N (a player's tie-break) or --team N "
                               "(a team's)")
    code = _explained_code(tb, team is not None)
    doc = read_document(input_path, fmt=fmt, encoding=encoding)
    t = doc.tournament
    check_after_round(t, after_round)
    team_options_need_teams(team_bye, pab_as_draw,
                            "--player explains a player's value" if team is None else None)
    # The reader's problems are reported as by ``tiebreaks``: the exit status follows
    # the input (0 or 1 for any content), so a binary or empty file is not exit 2.
    diagnostics = _relevant(doc.diagnostics) + rule_errors(doc, input_problems(doc, input_path))
    if team is not None:
        _explain_team(t, team, code, rules, after_round, team_bye, pab_as_draw, diagnostics)
    assert player is not None
    ctx = explanation_context(t, resolve(rules, t), after_round=after_round,
                              unrated_rating=unrated_rating)
    if player not in ctx.index:
        if exit_status(diagnostics):
            print_diagnostics(diagnostics)
            raise SystemExit(exit_status(diagnostics))
        raise InputError(f"no player with start number {player}{known_numbers(ctx.index)}")
    try:
        result = explain_one(ctx, ctx.index[player], code, place(ctx, code, order))
    except (CodeError, UnknownTieBreak) as exc:
        raise InputError(f"T501 {exc}") from None
    write_output(result.render(), None)  # render() escapes the file's control characters
    # the computation's own notes (T502 "undefined: unrated players", ...), as tiebreaks
    # prints them: an "undefined" total is never left without its reason
    notes = list(dict.fromkeys(d.with_file(d.file or input_path) for d in ctx.diagnostics))
    print_diagnostics([*diagnostics, *notes])
    raise SystemExit(exit_status([*diagnostics, *notes]))


def _explained_code(tb: str, for_team: bool) -> TieBreakCode:
    """``--tb`` parsed; a team tie-break asked for a player is a usage error naming --team
    (``BH:MP`` would otherwise be computed as the player's own Buchholz)."""
    from ..tiebreaks.registry import lookup

    try:
        code = parse(tb)
    except CodeError as exc:
        raise InputError(f"T501 {exc}") from None
    if for_team:
        return code
    try:
        lookup(code, "individual")
        individual = not code.score
    except UnknownTieBreak:
        individual = False
    if not individual and _is_team_code(code):
        raise click.UsageError(f"{code} is a team tie-break: explain it with --team N "
                               "(a team number), not --player")
    return code


def _is_team_code(code: TieBreakCode) -> bool:
    from ..tiebreaks.registry import lookup

    try:
        lookup(code, "team")
    except UnknownTieBreak:
        return False
    return True


def _explain_team(t: Tournament, number: int, code: TieBreakCode, rules: str,
                  after_round: int | None, team_bye: tuple[float, float] | None,
                  pab_as_draw: bool, diagnostics: list[Diagnostic]) -> None:
    """``explain --team``: the team's rounds (see :mod:`trfkit.tiebreaks.team.explain`); exits."""
    from ..tiebreaks.team.context import TeamContext
    from ..tiebreaks.team.explain import explain_team

    if not t.is_team_event:
        if exit_status(diagnostics):
            print_diagnostics(diagnostics)
            raise SystemExit(exit_status(diagnostics))
        raise InputError("--team: this file has no teams (013/310 records); use --player N")
    ctx = TeamContext(t, resolve(rules, t), after_round=after_round, unencoded_bye=team_bye,
                      pab_shown_as_draw=pab_as_draw)
    if number not in ctx.index:
        raise InputError(f"no team with number {number}{known_numbers(ctx.index)}")
    try:
        result = explain_team(ctx, ctx.index[number], code)
    except (CodeError, UnknownTieBreak) as exc:
        raise InputError(f"T501 {exc}") from None
    write_output(result.render(), None)
    print_diagnostics(diagnostics)
    raise SystemExit(exit_status(diagnostics))
