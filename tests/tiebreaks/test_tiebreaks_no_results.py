"""A starting list (no round has a result) has standings that rank everyone first on 0
points: ``tiebreaks`` says so with a T517 warning instead of printing them as if they meant
something (issue 16: "standings after round k of n", here k = 0)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from trfkit.cli import cli

SAMPLES = Path(__file__).resolve().parents[2] / "samples"

#: two players entered, nobody paired yet (a TRF written before round 1)
STARTING_LIST = (
    "012 Spring Open\n"
    "001    1 m    Abbott, Alan                      1800 IRL    99100001 "
    "1990/04/12  0.0\n"
    "001    2 w    Byrne, Bea                        1700 IRL    99100002 "
    "1987/11/30  0.0\n"
)


def test_a_starting_list_gets_t517(tmp_path: Path) -> None:
    path = tmp_path / "start.trf"
    path.write_text(STARTING_LIST, encoding="utf-8")
    result = CliRunner().invoke(cli, ["tiebreaks", str(path), "--to", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["after_round"] == 0 and [p["rank"] for p in doc["players"]] == [1, 1]
    assert f"{path}:1:1: T517 no round has a result yet (a starting list?)" in result.stderr


def test_an_event_with_results_gets_no_t517() -> None:
    for sample in ("swiss.trf", "team.trf"):
        result = CliRunner().invoke(cli, ["tiebreaks", str(SAMPLES / sample)])
        assert result.exit_code == 0, result.output
        assert "T517" not in result.stderr, sample
