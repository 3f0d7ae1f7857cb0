"""What a new user of ``trfkit tiebreaks``/``explain`` hits first (issue 14, Tie-breaks):
team events written as TRF, team codes explained, suggestions for a mistyped code,
command or choice, the code list, and case-insensitive choices."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit.cli import cli

ROOT = Path(__file__).resolve().parents[2]
TEAM = str(ROOT / "samples" / "team.trf")
SWISS = str(ROOT / "samples" / "swiss.trf")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_team_event_to_trf_is_refused_unless_players(tmp_path: Path) -> None:
    target = tmp_path / "ranked.trf"
    code, out, err = run("tiebreaks", TEAM, "--to", "trf", "-o", str(target))
    assert code == 2 and out == "" and not target.exists()
    assert "team event" in err and "--players" in err
    code, out, _ = run("tiebreaks", TEAM, "--to", "trf", "--players")
    assert code == 0 and out.startswith("012 ") and "\n202 SB,DE,WIN,KS\n" in out


def test_a_score_type_is_refused_for_individual_standings() -> None:
    """Before: ``--players --tb BH:MP`` (and ``BH:MP`` on an individual event) printed the
    players' plain Buchholz under the heading BH:MP, exit 0."""
    for args in ((TEAM, "--players", "--tb", "BH:MP/C1"), (SWISS, "--tb", "BH:GP")):
        code, out, err = run("tiebreaks", *args)
        assert code == 2 and out == ""
        assert "is for team tie-breaks (team standings)" in err
    assert "e.g. BH/C1" in run("tiebreaks", TEAM, "--players", "--tb", "BH:MP/C1")[2]
    import trfkit

    with pytest.raises(ValueError, match="team tie-breaks"):
        trfkit.compute_tiebreaks(trfkit.load(SWISS), "BH:MP")
    code, out, _ = run("tiebreaks", TEAM, "--tb", "BH:MP", "--rules", "fide-2024")
    assert code == 0 and out.splitlines()[3].split() == ["1", "1", "Albion", "4", "3.5", "8"]


def test_explain_team_breaks_a_team_code_down_and_ends_on_the_standings_value() -> None:
    code, out, err = run("explain", TEAM, "--team", "1", "--tb", "BH:MP/C1", "--rules", "fide-2024")
    assert code == 0, err
    # Albion met Caledonia (3 MP), Cymru (2), Eire (3): 8, less the lowest (2) = 6
    assert out.splitlines() == [
        "BH:MP/C1 of team 1 Albion under fide-2024",
        "  round 1: win vs team 2 Caledonia; team 2 Caledonia shows MP 3",
        "  round 2: loss vs team 3 Cymru; team 3 Cymru shows MP 2",
        "  round 3: win vs team 4 Eire; team 4 Eire shows MP 3",
        "  cut: round 2, value 2",
        "  total: 6",
    ]
    _, out, _ = run("explain", TEAM, "--team", "1", "--tb", "EMGSB", "--rules", "fide-2024")
    # opponents' MP x own GP: 3 x 1.5 + 2 x 0.5 + 3 x 1.5 = 10
    assert "x own GP 0.5 = 1" in out and out.endswith("  total: 10\n")


def test_explain_team_total_is_what_tiebreaks_prints_for_every_team() -> None:
    import json

    codes = [
        "BH:MP/C1",
        "BH:GP/M1",
        "FB:GP",
        "EMGSB",
        "EGGSB/C1",
        "SB",
        "AOB",
        "PS",
        "MPvGP",
        "KS",
        "WIN:GP",
    ]
    args = [a for c in codes for a in ("--tb", c)]
    _, out, _ = run("tiebreaks", TEAM, *args, "--rules", "fide-2026", "--to", "json")
    for team in json.loads(out)["teams"]:
        for c in codes:
            code, text, err = run(
                "explain", TEAM, "--team", str(team["number"]), "--tb", c, "--rules", "fide-2026"
            )
            total = float(text.rsplit("total: ", 1)[1])
            assert code == 0 and abs(total - team["values"][c]) < 1e-4, (team["number"], c)


def test_a_team_code_for_a_player_is_a_usage_error_naming_team() -> None:
    for tb in ("BH:MP/C1", "EDE", "MPvGP"):
        code, out, err = run("explain", TEAM, "--player", "1", "--tb", tb)
        assert code == 2 and out == "" and "--team" in err and "team tie-break" in err, tb
    code, _, err = run("explain", TEAM, "--player", "1", "--team", "1", "--tb", "BH")
    assert code == 2 and "--player" in err and "--team" in err
    code, _, err = run("explain", SWISS, "--team", "1", "--tb", "BH")
    assert code == 2 and "no teams" in err
    code, out, _ = run("explain", SWISS, "--player", "4", "--tb", "BH/C1", "--rules", "fide-2026")
    assert code == 0 and out.startswith("BH/C1 of ")  # individual codes as before


def test_unknown_codes_get_a_suggestion() -> None:
    cases = {
        "BHC1": "did you mean BH/C1?",
        "buchholz": "did you mean BH?",
        "sonneborn-berger": "did you mean SB?",
        "Berger": "did you mean SB?",
        "KOYA": "did you mean KS?",
        "DEP": "did you mean DE/P?",
        "BH:MPC1": "did you mean BH:MP/C1?",
        "bucholz/c1": "did you mean BH/C1",
    }
    for tb, hint in cases.items():
        code, out, err = run("tiebreaks", SWISS, "--tb", tb)
        assert code == 2 and out == "" and f"T501 {tb}" in err.replace("'", "")
        assert hint in err, (tb, err)
    code, _, err = run("tiebreaks", TEAM, "--tb", "EDX")
    assert code == 2 and "unknown or unsupported team tie-break 'EDX'; did you mean EDE?" in err
    # the library says the same: the message is the registry's
    import trfkit

    try:
        trfkit.compute_tiebreaks(trfkit.load(SWISS), "BHC1")
    except ValueError as exc:
        assert "did you mean BH/C1?" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("BHC1 was accepted")


def test_unknown_commands_and_choices_get_a_suggestion() -> None:
    code, _, err = run("chekc", SWISS)
    assert code == 2 and "No such command 'chekc'. Did you mean 'check'?" in err
    code, _, err = run("tiebreaks", SWISS, "--to", "jsn")
    assert code == 2 and "Did you mean 'json'?" in err
    code, _, err = run("check", SWISS, "--fail-on", "warn")
    assert code == 2 and "Did you mean 'warning'?" in err
    code, _, err = run("rule", "T5O5")
    assert code == 2 and "Did you mean" in err and "'T505'" in err


def test_choices_are_case_insensitive_everywhere() -> None:
    import json

    import click

    from trfkit.cli import COMMANDS

    code, out, _ = run("tiebreaks", SWISS, "--to", "JSON", "--rules", "FIDE-2024")
    assert code == 0 and json.loads(out)["rules"] == "fide-2024"  # the canonical value
    code, out, _ = run("check", SWISS, "--output-format", "Json")
    assert code == 0 and json.loads(out)["version"] == 1
    group = cli
    ctx = click.Context(group)
    checked = 0
    for name in COMMANDS:
        command = group.get_command(ctx, name)
        assert command is not None, name
        for param in command.params:
            if isinstance(param.type, click.Choice):
                assert param.type.case_sensitive is False, (name, param.name)
                checked += 1
    assert checked >= 10


def test_codes_lists_every_tiebreak_with_its_editions() -> None:
    import json

    code, out, _ = run("codes", "--to", "json")
    assert code == 0
    rows = {(r["code"], r["scope"]): r for r in json.loads(out)["codes"]}
    from trfkit.tiebreaks.registry import all_tiebreaks

    assert set(rows) == {(t.name, t.scope) for t in all_tiebreaks()}
    assert rows[("BH", "individual")]["editions"] == [
        "fide-2009",
        "fide-2024",
        "fide-2026",
        "ru-2013",
    ]
    assert rows[("BH", "individual")]["name"] == "Buchholz"
    assert rows[("STD", "individual")]["editions"] == ["fide-2026"]  # new in 2026 (C.07 7.7)
    assert rows[("SOBH", "individual")]["editions"] == ["ru-2013"]  # Article 32.3.1.5 only
    assert rows[("EDET", "team")]["editions"] == ["fide-2026"]
    assert rows[("REP", "individual")]["aliases"] == ["GE"]
    code, text, _ = run("codes")
    assert code == 0 and text.splitlines()[0].split() == [
        "code",
        "scope",
        "editions",
        "modifiers",
        "name",
    ]
    assert any(
        line.split()[:2] == ["TPN", "individual"] and "fide-2026" in line
        for line in text.splitlines()
    )
    # tiebreaks --list is the same list, in the same formats
    assert run("tiebreaks", "--list") == (0, text, "")
    assert run("tiebreaks", "--list", "--to", "json")[1] == out
    code, _, err = run("tiebreaks")
    assert code == 2 and "Missing argument 'INPUT'" in err


def test_team_rank_differences_are_t505_only_under_the_files_own_list() -> None:
    from dataclasses import replace

    import trfkit
    from trfkit.tiebreaks.team.standings import DEFAULT_TEAM_CODES, compute_teams

    t = trfkit.load(TEAM).tournament
    # the computed order is Albion, Caledonia = Eire, Cymru; every team declares rank 1 (310)
    ranked = replace(t, teams=tuple(replace(team, rank=1) for team in t.teams))
    by_default = compute_teams(ranked, None, rules="fide-2024")
    assert [
        (d.code, d.severity.value) for d in by_default.diagnostics if d.code in ("T505", "T506")
    ] == [("T506", "info")]
    assert "3 declared rank(s) differ" in next(
        d.message for d in by_default.diagnostics if d.code == "T506"
    )
    own = replace(ranked, header=replace(t.header, tiebreaks=DEFAULT_TEAM_CODES))
    found = [
        d.message
        for d in compute_teams(own, None, rules="fide-2024").diagnostics
        if d.code == "T505"
    ]
    assert found == [
        "team 2 (Caledonia) declares rank 1, the computed standings give 2",
        "team 3 (Cymru) declares rank 1, the computed standings give 4",
        "team 4 (Eire) declares rank 1, the computed standings give 2",
    ]


def test_the_readme_examples_exit_0_on_the_bundled_sample() -> None:
    # the sample declares ranks but no 202 list: standings under BH/C1, BH, SB, DE
    # (fide-2024 puts Silva 9th and Novak 10th) do not make the file wrong
    for args in (
        ("--tb", "BH/C1", "--tb", "BH", "--tb", "SB", "--tb", "DE", "--rules", "fide-2024"),
        (),
    ):
        code, out, err = run("tiebreaks", SWISS, *args)
        assert code == 0 and " T505 " not in err, err
    code, _, err = run(
        "tiebreaks",
        SWISS,
        "--tb",
        "BH/C1",
        "--tb",
        "BH",
        "--tb",
        "SB",
        "--tb",
        "DE",
        "--rules",
        "fide-2024",
    )
    assert (
        "T506 2 declared rank(s) differ from these standings (player 9 declares rank 9, "
        "the standings give 10)" in err
    )


def test_tiebreaks_of_a_file_that_is_no_report_writes_nothing(tmp_path: Path) -> None:
    """Before: a Markdown note gave an empty table (exit 1), and ``--to trf -o`` wrote the
    note's lines back with a ``202`` record added."""
    note = tmp_path / "notes.md"
    note.write_text("### Notes\n\nRound 3 was replayed.\n", encoding="ascii")
    target = tmp_path / "ranked.trf"
    for to in ("text", "json", "csv", "trf"):
        code, out, err = run("tiebreaks", str(note), "--to", to, "-o", str(target))
        assert (code, out) == (1, "") and not target.exists()
        assert err.splitlines()[-2:] == [
            f"{note}:1:1: T006 no 001 player or ??2 tournament record found: not a TRF file",
            f"{note}: nothing to rank",
        ]
    header = tmp_path / "header.trf"
    header.write_text("012 Club Championship\n", encoding="ascii")
    code, out, err = run("tiebreaks", str(header))
    assert (code, out) == (1, "") and f"{header}:1:1: T013 " in err


def test_explain_of_an_unknown_number_names_the_numbers_there_are() -> None:
    code, _, err = run("explain", SWISS, "--player", "99", "--tb", "BH")
    assert code == 2 and "no player with start number 99 (the file has 1..10)" in err
    code, _, err = run("explain", TEAM, "--team", "9", "--tb", "BH:MP")
    assert code == 2 and "no team with number 9 (the file has 1..4)" in err


def test_team_options_on_individual_standings_are_usage_errors() -> None:
    """Before: ``--team-bye`` on an individual event (or with ``--players``) was ignored."""
    code, out, err = run("tiebreaks", SWISS, "--team-bye", "1,2")
    assert (code, out) == (2, "")
    assert "--team-bye only changes team standings; this is an individual event" in err
    code, _, err = run("tiebreaks", TEAM, "--players", "--team-bye", "1,2", "--team-pab-as-draw")
    assert code == 2
    assert (
        "--team-bye and --team-pab-as-draw only change team standings; --players ranks the players"
    ) in err
    code, _, err = run("explain", TEAM, "--player", "1", "--tb", "BH", "--team-pab-as-draw")
    assert code == 2 and "--player explains a player's value" in err
    assert run("tiebreaks", TEAM, "--team-bye", "1,2")[0] == 0
