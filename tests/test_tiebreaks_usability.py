"""What a new user of ``trfkit tiebreaks``/``explain`` hits first (issue 14, Tie-breaks):
team events written as TRF, team codes explained, suggestions for a mistyped code,
command or choice, the code list, and case-insensitive choices."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from trfkit.cli import cli

ROOT = Path(__file__).resolve().parents[1]
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


def test_explain_team_breaks_a_team_code_down_and_ends_on_the_standings_value() -> None:
    code, out, err = run("explain", TEAM, "--team", "1", "--tb", "BH:MP/C1",
                         "--rules", "fide-2024")
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

    codes = ["BH:MP/C1", "BH:GP/M1", "FB:GP", "EMGSB", "EGGSB/C1", "SB", "AOB", "PS", "MPvGP",
             "KS", "WIN:GP"]
    args = [a for c in codes for a in ("--tb", c)]
    _, out, _ = run("tiebreaks", TEAM, *args, "--rules", "fide-2026", "--to", "json")
    for team in json.loads(out)["teams"]:
        for c in codes:
            code, text, err = run("explain", TEAM, "--team", str(team["number"]), "--tb", c,
                                  "--rules", "fide-2026")
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
