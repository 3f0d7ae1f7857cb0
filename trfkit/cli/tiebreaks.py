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

from collections.abc import Sequence
from typing import Final

import click

from ..diagnostics import Diagnostic, Severity
from ..formats.sheets import team_cells
from ..i18n import translator
from ..model import Tournament
from ..ranking import (
    individual_standings,
    is_individual_code,
    is_team_code,
    team_context,
    team_standings,
)
from ..render.standings import (
    render_csv,
    render_json,
    render_team_json,
    render_team_table,
    render_text,
    render_trf,
    standings_table,
    team_table,
)
from ..tiebreak_codes import MAX_RATING
from ..tiebreaks import CodeError, Standings, TieBreakCode, UnknownTieBreak, parse
from ..tiebreaks.editions import resolve
from .io import (
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
from .options import input_options, lang_option
from .output_guard import refuse_overwrite
from .spreadsheet import csv_options, csv_style, refuse_xlsx, workbook
from .tiebreak_options import (
    AFTER_ROUND,
    RULES,
    check_after_round,
    known_numbers,
    standings_options,
    team_bye_option,
    team_options,
    team_options_need_teams,
)


def _trf(tournament: Tournament, standings: Standings) -> str:
    try:
        return render_trf(tournament, standings)
    except ValueError as exc:
        raise InputError(f"--to trf: {exc}") from None


#: Reader warnings that say the standings cannot follow the source's order (T636: the
#: first tie-break needs ratings a chess-results page lacks; T631: a Swiss-Manager list
#: names a tie-break twice): printed before the standings, not after them.
_BEFORE_STANDINGS: Final = frozenset({"T631", "T636"})


def _relevant(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity is not Severity.INFO]


_AFTER_ROUND = AFTER_ROUND


@click.command("tiebreaks")
@click.argument("input_path", metavar="INPUT", required=False)
@click.option(
    "--list",
    "list_codes",
    is_flag=True,
    help="List every tie-break code (as `trfkit codes`; --to text or json) and exit.",
)
@standings_options
@click.option(
    "--to",
    "to",
    type=click.Choice(["text", "csv", "json", "trf", "xlsx"]),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option(
    "-o", "--output", "output", default=None, metavar="PATH", help="Write here instead of stdout."
)
@click.option(
    "--players",
    "players",
    is_flag=True,
    help="In a team event, rank the individual players instead of the teams.",
)
@team_options
@click.option(
    "--raw-csv",
    is_flag=True,
    help="Write CSV cells as they are (no ' before = + - @ at the start of a name); "
    "xlsx text cells too.",
)
@csv_options
@input_options
@lang_option
@internal_errors
def tiebreaks(
    input_path: str | None,
    list_codes: bool,
    tb: tuple[str, ...],
    rules: str,
    after_round: int | None,
    unrated_rating: int | None,
    to: str,
    output: str | None,
    players: bool,
    team_bye: tuple[float, float] | None,
    pab_as_draw: bool,
    raw_csv: bool,
    delimiter: str | None,
    bom: bool,
    fmt: str,
    encoding: str | None,
    lang: str,
) -> None:
    """Compute tie-breaks and standings.

    \b
    Examples:
      trfkit tiebreaks event.trf --tb BH/C1 --tb BH --tb SB
      trfkit tiebreaks event.trf --rules fide-2009 --to csv -o standings.csv
      trfkit tiebreaks event.trf --to csv --delimiter ';' --bom -o standings.csv
      trfkit tiebreaks event.trf --to xlsx -o standings.xlsx
      trfkit tiebreaks event.trf --tb ARO --unrated-rating 1400 --to json
      trfkit tiebreaks event.trf --lang ru
      trfkit tiebreaks --list
    """
    if list_codes:
        # Each branch imports what it alone needs (the code catalogue, the team engine,
        # the explanations): a command loads only what its run uses.
        from ..render.codes import FORMATS, render_codes

        if to not in FORMATS:
            raise click.UsageError(f"--list prints text or json, not --to {to}")
        write_output(render_codes(to), output)
        raise SystemExit(0)
    if input_path is None:
        raise click.UsageError("Missing argument 'INPUT'.")
    style = csv_style(to, delimiter, bom, raw_csv)
    refuse_xlsx(to, output)
    refuse_overwrite([input_path], [output])
    doc = read_document(input_path, fmt=fmt, encoding=encoding)
    check_after_round(doc.tournament, after_round)
    team_options_need_teams(
        team_bye,
        pab_as_draw,
        "this is an individual event"
        if not doc.tournament.is_team_event
        else "--players ranks the players"
        if players
        else None,
    )
    shown = _relevant(doc.diagnostics) + rule_errors(doc, input_problems(doc, input_path))
    refuse_unread(doc, input_path, shown)
    if doc.tournament.is_team_event and not players and to == "trf":
        # The team standings shown by every other --to have no place in a TRF (TRF16 has no
        # team ranks); writing individual ranks under a list nobody chose is not what was
        # asked either, so say what would be written instead of guessing.
        raise InputError(
            "--to trf: this is a team event and TRF holds no team standings; "
            "use --to json, csv or text for them, or add --players to write the "
            "individual standings (ranks, points and 202) into the TRF"
        )
    text: str | bytes
    if doc.tournament.is_team_event and not players:
        try:
            team = team_standings(
                doc.tournament,
                tb,
                rules=rules,
                after_round=after_round,
                team_bye=team_bye,
                pab_as_draw=pab_as_draw,
            )
        except (CodeError, UnknownTieBreak) as exc:  # the user's own --tb: exit 2
            raise InputError(f"T501 {exc}") from None
        if to == "json":
            from ..tiebreaks.team.standings import player_rows  # a team event only

            rows = player_rows(doc.tournament, rules=rules, after_round=after_round)
            text = render_team_json(team, rows)
        elif to == "xlsx":  # the teams, and the players (ranked on points, as in the JSON)
            from ..tiebreaks import compute  # a team event's workbook only

            board = compute(doc.tournament, [], rules=rules, after_round=after_round)
            sheets = [
                team_table(team),
                standings_table(board, team_cells(doc.tournament), "Players"),
            ]
            text = workbook(sheets, raw=raw_csv)
        else:
            text = render_team_table(team, to, style=style, tr=translator(lang))
        write_output(text, output)
        diagnostics = shown + [d.with_file(d.file or input_path) for d in team.diagnostics]
        print_diagnostics(diagnostics)
        raise SystemExit(exit_status(diagnostics))
    try:
        standings, notes = individual_standings(
            doc.tournament, tb, rules=rules, after_round=after_round, unrated_rating=unrated_rating
        )
    except (CodeError, UnknownTieBreak) as exc:  # the user's own --tb: exit 2
        raise InputError(f"T501 {exc}") from None
    for note in notes:  # which list the standings follow, when the user named none
        click.echo(translator(lang).say(note), err=True)
    teams = team_cells(doc.tournament)  # a team event's players (--players): their team too
    if to == "json":
        text = render_json(standings)
    elif to == "csv":
        text = render_csv(standings, style=style, teams=teams)
    elif to == "xlsx":
        text = workbook([standings_table(standings, teams)], raw=raw_csv)
    elif to == "trf":
        text = _trf(doc.tournament, standings)
    else:
        text = render_text(standings, translator(lang))
    first = [d for d in shown if d.code in _BEFORE_STANDINGS]
    print_diagnostics(first)  # what makes the standings below unlike the source's: said first
    write_output(text, output)
    diagnostics = shown + [d.with_file(d.file or input_path) for d in standings.diagnostics]
    print_diagnostics([d for d in diagnostics if d.code not in _BEFORE_STANDINGS])
    raise SystemExit(exit_status(diagnostics))


@click.command("explain")
@click.argument("input_path", metavar="INPUT")
@click.option("--player", "player", type=int, default=None, metavar="N", help="Start number.")
@click.option(
    "--team",
    "team",
    type=int,
    default=None,
    metavar="N",
    help="Team number (013/310 order), for team tie-breaks such as BH:MP/C1.",
)
@click.option("--tb", "tb", required=True, metavar="CODE", help="Tie-break code, e.g. BH/C1.")
@click.option(
    "--order",
    "order",
    multiple=True,
    metavar="CODE",
    help="For DE: the tie-break list as given to `trfkit tiebreaks --tb` (repeat, or "
    "comma-separated), naming the tie-break explained. Default: the file's 202/212 "
    "list if it names it, else DE right after points.",
)
@click.option("--rules", type=click.Choice(RULES), default="auto", show_default=True)
@_AFTER_ROUND
@click.option("--unrated-rating", type=click.IntRange(0, MAX_RATING), default=None, metavar="R")
@click.option(
    "--team-bye",
    "team_bye",
    default=None,
    metavar="MP,GP",
    callback=team_bye_option,
    help="With --team: as for `trfkit tiebreaks --team-bye`.",
)
@click.option(
    "--team-pab-as-draw",
    "pab_as_draw",
    is_flag=True,
    help="With --team: as for `trfkit tiebreaks --team-pab-as-draw`.",
)
@input_options
@lang_option
@internal_errors
def explain(
    input_path: str,
    player: int | None,
    team: int | None,
    tb: str,
    order: tuple[str, ...],
    rules: str,
    after_round: int | None,
    unrated_rating: int | None,
    team_bye: tuple[float, float] | None,
    pab_as_draw: bool,
    fmt: str,
    encoding: str | None,
    lang: str,
) -> None:
    """Show how one player's (or team's) tie-break is made up, round by round.

    \b
    Examples:
      trfkit explain event.trf --player 4 --tb BH/C1 --rules fide-2026
      trfkit explain event.trf --player 4 --tb DE --order BH/C1,BH,SB,DE
      trfkit explain team.trf --team 2 --tb BH:MP/C1
    """
    from ..tiebreaks.explain import explain as explain_one  # `explain` only
    from ..tiebreaks.explain import explanation_context, place

    if (player is None) == (team is None):
        raise click.UsageError(
            "give one of --player N (a player's tie-break) or --team N (a team's)"
        )
    code = _explained_code(tb, team is not None)
    doc = read_document(input_path, fmt=fmt, encoding=encoding)
    t = doc.tournament
    check_after_round(t, after_round)
    team_options_need_teams(
        team_bye, pab_as_draw, "--player explains a player's value" if team is None else None
    )
    # The reader's problems are reported as by ``tiebreaks``: the exit status follows
    # the input (0 or 1 for any content), so a binary or empty file is not exit 2.
    diagnostics = _relevant(doc.diagnostics) + rule_errors(doc, input_problems(doc, input_path))
    if team is not None:
        _explain_team(t, team, code, rules, after_round, team_bye, pab_as_draw, diagnostics, lang)
    assert player is not None
    ctx = explanation_context(
        t, resolve(rules, t), after_round=after_round, unrated_rating=unrated_rating
    )
    if player not in ctx.index:
        if exit_status(diagnostics):
            print_diagnostics(diagnostics)
            raise SystemExit(exit_status(diagnostics))
        raise InputError(f"no player with start number {player}{known_numbers(ctx.index)}")
    try:
        result = explain_one(ctx, ctx.index[player], code, place(ctx, code, order))
    except (CodeError, UnknownTieBreak) as exc:
        raise InputError(f"T501 {exc}") from None
    write_output(result.render(translator(lang)), None)  # render() escapes control characters
    # the computation's own notes (T502 "undefined: unrated players", ...), as tiebreaks
    # prints them: an "undefined" total is never left without its reason
    notes = list(dict.fromkeys(d.with_file(d.file or input_path) for d in ctx.diagnostics))
    print_diagnostics([*diagnostics, *notes])
    raise SystemExit(exit_status([*diagnostics, *notes]))


def _explained_code(tb: str, for_team: bool) -> TieBreakCode:
    """``--tb`` parsed; a team tie-break asked for a player is a usage error naming --team
    (``BH:MP`` would otherwise be computed as the player's own Buchholz)."""
    try:
        code = parse(tb)
    except CodeError as exc:
        raise InputError(f"T501 {exc}") from None
    if for_team:
        return code
    if not is_individual_code(code) and is_team_code(code):
        raise click.UsageError(
            f"{code} is a team tie-break: explain it with --team N (a team number), not --player"
        )
    return code


def _explain_team(
    t: Tournament,
    number: int,
    code: TieBreakCode,
    rules: str,
    after_round: int | None,
    team_bye: tuple[float, float] | None,
    pab_as_draw: bool,
    diagnostics: list[Diagnostic],
    lang: str = "en",
) -> None:
    """``explain --team``: the team's rounds (see :mod:`trfkit.tiebreaks.team.explain`); exits."""
    from ..tiebreaks.team.explain import explain_team  # a team event only

    if not t.is_team_event:
        if exit_status(diagnostics):
            print_diagnostics(diagnostics)
            raise SystemExit(exit_status(diagnostics))
        raise InputError("--team: this file has no teams (013/310 records); use --player N")
    ctx = team_context(
        t, rules=rules, after_round=after_round, team_bye=team_bye, pab_as_draw=pab_as_draw
    )
    if number not in ctx.index:
        raise InputError(f"no team with number {number}{known_numbers(ctx.index)}")
    try:
        result = explain_team(ctx, ctx.index[number], code)
    except (CodeError, UnknownTieBreak) as exc:
        raise InputError(f"T501 {exc}") from None
    write_output(result.render(translator(lang)), None)
    print_diagnostics(diagnostics)
    raise SystemExit(exit_status(diagnostics))
