"""``trfkit tiebreaks`` (standings with tie-break columns) and ``trfkit explain``.

Contract (scripts depend on it): ``--to json`` prints
``{"rules": ..., "tiebreaks": [...], "players": [{"start", "name", "rank", "values"}]}``
with the codes as written on ``--tb`` plus ``"PTS"`` as keys and ``null`` for an
undefined value. A team event (``Tournament.teams``) gives ``"teams"`` rows
(``number``, ``name``, ``rank``, ``values`` with ``MP`` and ``GP``) and keeps ``"players"``
(``start``, ``name``, ``team``, ``rank``, ``values`` with ``PTS``) unless ``--players``;
``--team-bye MP,GP`` counts a team bye the file does not encode (T321). Exit 0 clean,
1 when the input or the standings have problems (e.g. a declared rank that differs,
T505), 2 for usage errors and unreadable input.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

import click

from ..diagnostics import Diagnostic, Severity, make
from ..frozen import replace
from ..model import Tournament
from ..tiebreaks import CodeError, Standings, UnknownTieBreak, compute, default_codes, parse
from ..tiebreaks.codes import MAX_RATING
from ..tiebreaks.context import Context
from ..tiebreaks.editions import EDITIONS, resolve
from .common import (
    InputError,
    exit_status,
    internal_errors,
    print_diagnostics,
    read_document,
    write_output,
)
from .options import input_options

RULES = ["auto", *EDITIONS]
#: ``--team-bye``: points of one match (a team of 100 boards is far beyond any event).
MAX_BYE_POINTS = 100


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
            {"start": row.start, "name": row.name, "rank": row.rank, "values": row.values}
            for row in standings.rows
        ],
    }
    import json  # only for --to json: not the text table a terminal asks for

    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def _cells(cells: Iterable[Any], raw: bool) -> list[Any]:
    """A CSV row: NUL dropped from text (see csv_writer.printable), text made inert for
    spreadsheets (see csv_writer.neutralise) unless ``raw``; numbers stay numbers.

    The csv writer module is imported here, once a row, not at the top: only CSV output
    needs it (and :mod:`csv`), and the text table is what a terminal asks for.
    """
    from ..formats.csv_writer import neutralise, printable

    row = []
    for cell in cells:
        if isinstance(cell, str):
            cell = printable(cell)
            if not raw:
                try:
                    float(cell)
                except ValueError:
                    cell = neutralise(cell)
        row.append(cell)
    return row


def render_csv(standings: Standings, raw: bool = False) -> str:
    import csv

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["rank", "start", "name", "federation", "rating", "points", *standings.labels])
    for row in standings.rows:
        cells = [row.rank, row.start, row.name, row.federation, row.rating or "",
                 _number(row.points), *(_number(row.values[c]) if row.values[c] is not None else ""
                                        for c in standings.labels)]
        w.writerow(_cells(cells, raw))
    return buf.getvalue()


def render_text(standings: Standings) -> str:
    labels = standings.labels
    head = ["Rk", "No", "Name", "Fed", "Rtg", "Pts", *labels]
    body = [[str(r.rank), str(r.start), r.name, r.federation, str(r.rating or ""),
             _number(r.points), *(_number(r.values[c]) for c in labels)]
            for r in standings.rows]
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=False)]
    left = {2, 3}  # name and federation are left-aligned, numbers right-aligned

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.ljust(w) if k in left else c.rjust(w)
                         for k, (c, w) in enumerate(zip(cells, widths, strict=False))).rstrip()

    title = (f"Standings after round {standings.rounds} - rules {standings.edition.name}: "
             f"{standings.edition.title}")
    return "\n".join([title, "", line(head), *(line(b) for b in body)]) + "\n"


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
        from ..teams.standings import compute_teams
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
    from ..teams.standings import DEFAULT_TEAM_CODES

    standings = compute_teams(tournament, list(DEFAULT_TEAM_CODES), **options)
    return replace(standings, diagnostics=(problem, *standings.diagnostics))


def render_team_json(standings: Any, players: list[dict[str, Any]] | None = None) -> str:
    doc = {
        "rules": standings.edition.name,
        "tiebreaks": standings.labels,
        "teams": [
            {"number": row.number, "name": row.name, "rank": row.rank,
             "values": {"MP": row.match_points, "GP": row.game_points, **row.values}}
            for row in standings.rows
        ],
    }
    if players is not None:
        doc["players"] = players
    import json

    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def render_team_table(standings: Any, to: str, raw: bool = False) -> str:
    labels = standings.labels
    head = ["rank", "number", "name", "MP", "GP", *labels]
    body = [[str(r.rank), str(r.number), r.name, _number(r.match_points), _number(r.game_points),
             *(_number(r.values[c]) for c in labels)] for r in standings.rows]
    if to == "csv":
        import csv

        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(head)
        w.writerows([_cells(["" if c == "-" else c for c in b], raw) for b in body])
        return buf.getvalue()
    widths = [max(len(x) for x in col) for col in zip(head, *body, strict=False)]
    lines = ["  ".join(c.ljust(w) if k == 2 else c.rjust(w)
                       for k, (c, w) in enumerate(zip(row, widths, strict=False))).rstrip()
             for row in [head, *body]]
    title = (f"Team standings after round {standings.rounds} - rules {standings.edition.name}: "
             f"{standings.edition.title}")
    return "\n".join([title, "", *lines]) + "\n"


def _team_bye_option(ctx: click.Context, param: click.Parameter,
                     value: str | None) -> tuple[float, float] | None:
    """``--team-bye 1,3`` -> (1.0, 3.0)."""
    if value is None:
        return None
    try:
        mp, gp = (float(part) for part in value.split(","))
    except ValueError:
        raise click.BadParameter("give match points and game points, e.g. 1,3") from None
    if not (0 <= mp <= MAX_BYE_POINTS and 0 <= gp <= MAX_BYE_POINTS):  # also NaN
        raise click.BadParameter(f"match and game points must be from 0 to {MAX_BYE_POINTS}")
    return mp, gp


def _relevant(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity is not Severity.INFO]


@click.command("tiebreaks")
@click.argument("input_path", metavar="INPUT")
@click.option("--tb", "tb", multiple=True, metavar="CODE",
              help="Tie-break code (TRF26 202 grammar, e.g. BH/C1, SB, DE/P); repeat for several. "
                   "Default: the file's 202/212 list, else a default for the tournament type.")
@click.option("--rules", type=click.Choice(RULES), default="auto", show_default=True,
              help="Rule edition; auto picks by the start date (042).")
@click.option("--after-round", type=click.IntRange(min=0), default=None, metavar="N",
              help="Standings after round N.")
@click.option("--unrated-rating", type=click.IntRange(0, MAX_RATING), default=None, metavar="R",
              help="Rating of unrated players for rating-based tie-breaks, 0 to "
                   f"{MAX_RATING} (default: undefined).")
@click.option("--to", "to", type=click.Choice(["text", "csv", "json", "trf"]), default="text",
              show_default=True, help="Output format.")
@click.option("-o", "--output", "output", default=None, metavar="PATH",
              help="Write here instead of stdout.")
@click.option("--players", "players", is_flag=True,
              help="In a team event, rank the individual players instead of the teams.")
@click.option("--team-bye", "team_bye", default=None, metavar="MP,GP", callback=_team_bye_option,
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
def tiebreaks(input_path: str, tb: tuple[str, ...], rules: str, after_round: int | None,
              unrated_rating: int | None, to: str, output: str | None, players: bool,
              team_bye: tuple[float, float] | None, pab_as_draw: bool, raw_csv: bool, fmt: str,
              encoding: str | None) -> None:
    """Compute tie-breaks and standings.

    \b
    Examples:
      trfkit tiebreaks event.trf --tb BH/C1 --tb BH --tb SB
      trfkit tiebreaks event.trf --rules fide-2009 --to csv -o standings.csv
      trfkit tiebreaks event.trf --tb ARO --unrated-rating 1400 --to json
    """
    doc = read_document(input_path, fmt=fmt, encoding=encoding)
    if doc.tournament.is_team_event and not players and to != "trf":
        team = _team_standings(doc.tournament, tb, rules, after_round, team_bye, pab_as_draw)
        if team is not None:
            if to == "json":
                from ..teams.standings import player_rows

                rows = player_rows(doc.tournament, rules=rules, after_round=after_round)
                text = render_team_json(team, rows)
            else:
                text = render_team_table(team, to, raw_csv)
            write_output(text, output)
            diagnostics = _relevant(doc.diagnostics) + [d.with_file(d.file or input_path)
                                                        for d in team.diagnostics]
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
    write_output(text, output)
    diagnostics = _relevant(doc.diagnostics) + [d.with_file(d.file or input_path)
                                                for d in standings.diagnostics]
    print_diagnostics(diagnostics)
    raise SystemExit(exit_status(diagnostics))


@click.command("explain")
@click.argument("input_path", metavar="INPUT")
@click.option("--player", "player", type=int, required=True, metavar="N", help="Start number.")
@click.option("--tb", "tb", required=True, metavar="CODE", help="Tie-break code, e.g. BH/C1.")
@click.option("--order", "order", multiple=True, metavar="CODE",
              help="For DE: the tie-break list as given to `trfkit tiebreaks --tb` (repeat, or "
                   "comma-separated), naming the tie-break explained. Default: the file's 202/212 "
                   "list if it names it, else DE right after points.")
@click.option("--rules", type=click.Choice(RULES), default="auto", show_default=True)
@click.option("--after-round", type=click.IntRange(min=0), default=None, metavar="N")
@click.option("--unrated-rating", type=click.IntRange(0, MAX_RATING), default=None, metavar="R")
@input_options
@internal_errors
def explain(input_path: str, player: int, tb: str, order: tuple[str, ...], rules: str,
            after_round: int | None, unrated_rating: int | None, fmt: str,
            encoding: str | None) -> None:
    """Show how one player's tie-break is made up, round by round.

    \b
    Examples:
      trfkit explain event.trf --player 4 --tb BH/C1 --rules fide-2026
      trfkit explain event.trf --player 4 --tb DE --order BH/C1,BH,SB,DE
    """
    from ..tiebreaks.explain import explain as explain_one
    from ..tiebreaks.explain import place

    doc = read_document(input_path, fmt=fmt, encoding=encoding)
    t = doc.tournament
    ctx = Context(t, resolve(rules, t), after_round=after_round, unrated_rating=unrated_rating)
    # The reader's problems are reported as by ``tiebreaks``: the exit status follows
    # the input (0 or 1 for any content), so a binary or empty file is not exit 2.
    diagnostics = _relevant(doc.diagnostics)
    if player not in ctx.index:
        if exit_status(diagnostics):
            print_diagnostics(diagnostics)
            raise SystemExit(exit_status(diagnostics))
        raise InputError(f"no player with start number {player}")
    try:
        code = parse(tb)
        result = explain_one(ctx, ctx.index[player], code, place(ctx, code, order))
    except (CodeError, UnknownTieBreak) as exc:
        raise InputError(f"T501 {exc}") from None
    write_output(result.render(), None)
    print_diagnostics(diagnostics)
    raise SystemExit(exit_status(diagnostics))
