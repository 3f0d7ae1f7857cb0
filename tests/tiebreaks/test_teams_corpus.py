"""Team events of the reference corpus (../shared): TieBreakServer values and official standings.

Skipped when ../shared is absent. The expected values are read from
``shared/expected/tiebreaks.json``; nothing from the corpus is copied here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import trfkit
from trfkit.cli import cli
from trfkit.team_matches import rebuild
from trfkit.team_matches.scores import team_scores
from trfkit.tiebreaks.team.standings import compute_teams

TEAM_CODES = [
    "MPTS",
    "GPTS",
    "BH:MP",
    "BH:GP",
    "BH:MP/C1",
    "BH:GP/C1",
    "PS:MP",
    "PS:GP",
    "EMMSB",
    "EMGSB",
    "EGMSB",
    "EGGSB",
    "BC",
    "AOB:MP",
    "WIN:MP",
    "KS:MP",
]
FRIENDSHIP = "trf/heltour/friendship_cup_2024.trf"
EDITIONS = {"2024": "fide-2024", "2026": "fide-2026"}


def _expected(shared: Path) -> dict:
    return json.loads((shared / "expected" / "tiebreaks.json").read_text(encoding="utf-8"))


def _team_cases(shared: Path) -> list[tuple[str, str, str, dict]]:
    cases = []
    for path, by_source in _expected(shared).items():
        for source in ("tiebreakserver", "tiebreakserver-lenient"):
            tables = by_source.get(source, {}).items() if isinstance(by_source, dict) else ()
            for edition, table in tables:
                if any(code in TEAM_CODES for values in table.values() for code in values):
                    cases.append((path, source, EDITIONS[edition], table))
    return cases


def test_tiebreakserver_values_on_every_team_file(shared_dir: Path) -> None:
    cases = _team_cases(shared_dir)
    assert {c[0] for c in cases} >= {FRIENDSHIP, "trf/sharly-chess/cr-Team_RoundRobin.trf"}
    compared = 0
    for path, source, rules, table in cases:
        tournament = trfkit.load(shared_dir / "corpus" / path).tournament
        rows = {r.number: r.values for r in compute_teams(tournament, TEAM_CODES, rules=rules).rows}
        for number, values in table.items():
            for code, want in values.items():
                if code in TEAM_CODES:
                    assert rows[int(number)][code] == pytest.approx(float(want), abs=0.005), (
                        path,
                        source,
                        rules,
                        number,
                        code,
                    )
                    compared += 1
    assert compared == 2 * (15 * 16 + 2 * 16)


def _official(shared: Path) -> dict:
    return _expected(shared)[FRIENDSHIP]["heltour-official"]["2024"]


def test_friendship_cup_bye_teams_are_the_diagnosed_ones(shared_dir: Path) -> None:
    tournament = trfkit.load(shared_dir / "corpus" / FRIENDSHIP).tournament
    ev = rebuild(tournament)
    byes = {
        int(d.message.split("team ")[1].split(" ")[0]) for d in ev.diagnostics if d.code == "T321"
    }
    assert byes == {2, 5, 6, 11, 13, 14, 15}
    official = _official(shared_dir)
    for line in team_scores(ev):
        want = official[str(line.number)]
        mp, gp = line.match_points, line.game_points
        # matches only
        assert (line.won, line.drawn, line.lost) == (want["W"], want["D"], want["L"])
        assert line.absent == (1 if line.number in byes else 0)
        if line.number in byes:
            # the file leaves the bye out; the official table gives it 1 MP and 3 GP
            assert (mp + 1, gp + 3) == (want["MP"], want["GP"] - (1 if line.number == 13 else 0))
        else:
            assert (mp, gp) == (want["MP"], want["GP"])


def test_friendship_cup_official_standings_with_the_bye_counted(shared_dir: Path) -> None:
    tournament = trfkit.load(shared_dir / "corpus" / FRIENDSHIP).tournament
    standings = compute_teams(
        tournament, ["GPTS", "BH:MP", "EGGSB"], rules="fide-2024", unencoded_bye=(1.0, 3.0)
    )
    official = _official(shared_dir)
    for row in standings.rows:
        want = official[str(row.number)]
        assert (row.rank, row.match_points, row.values["BH:MP"]) == (
            want["rank"],
            want["MP"],
            want["BH:MP"],
        )
    # Game points and EGGSB differ only around team 13: Swiss-Manager scored player 41's
    # round-7 double forfeit ("74 w -" / "41 b -") as a win for 41 (declared 1.0 points),
    # one game point more for team 13 and for the EGGSB of its opponents.
    gp = {r.number: r.game_points for r in standings.rows}
    assert {n for n in gp if gp[n] != official[str(n)]["GP"]} == {13}
    assert gp[13] + 1 == official["13"]["GP"]


def test_cli_json_has_teams_and_players(shared_dir: Path) -> None:
    result = CliRunner().invoke(
        cli, ["tiebreaks", str(shared_dir / "corpus" / FRIENDSHIP), "--tb", "BH:MP", "--to", "json"]
    )
    doc = json.loads(result.stdout)
    assert [t["number"] for t in doc["teams"]][:3] == [3, 10, 4]
    assert doc["teams"][0]["values"]["MP"] == 11 and doc["teams"][0]["values"]["BH:MP"] == 55
    assert len(doc["players"]) == 129
    assert {"start", "name", "team", "rank", "values"} <= set(doc["players"][0])
    with_bye = CliRunner().invoke(
        cli,
        [
            "tiebreaks",
            str(shared_dir / "corpus" / FRIENDSHIP),
            "--tb",
            "BH:MP",
            "--team-bye",
            "1,3",
            "--to",
            "csv",
        ],
    )
    assert "\n1,3," in with_bye.stdout and ",11,24.5,56" in with_bye.stdout
