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
