"""A player's rounds are three columns; RoundEntry is a view of one round (issue 17)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from trfkit.formats.json_io import read_json, to_data, write_json
from trfkit.formats.trf.lines import player_line
from trfkit.formats.trf.reader import loads_trf
from trfkit.model import EMPTY_ROUND, Player, RoundEntry, Tournament
from trfkit.model.results import Kind

ROOT = Path(__file__).resolve().parents[2]

ENTRIES = (
    RoundEntry(4, "w", "1"),
    RoundEntry(None, "", ""),
    RoundEntry(None, "", " "),
    RoundEntry(None, "", "U"),
    RoundEntry(7, "b", " "),
    RoundEntry(2, "", "-"),
)


def test_build_writes_each_round_into_the_columns() -> None:
    p = Player.build(3, "Xu, Oscar", rounds=ENTRIES, rating=2100)
    assert p.opponents == (4, 0, 0, 0, 7, 2)  # 0: no opponent
    assert p.colors == "w   b "  # " ": no colour
    assert p.results == "1. U -"  # ".": the empty block, " ": a blank result
    assert p.rating == 2100 and p.round_count == 6


def test_the_entries_are_views_of_the_columns() -> None:
    p = Player.build(3, "Xu, Oscar", rounds=ENTRIES)
    assert p.rounds == ENTRIES
    assert p.round(2) == EMPTY_ROUND and p.round(2).kind is Kind.NOT_PAIRED
    assert p.round(3).kind is Kind.ZERO_BYE  # blank result, no opponent
    assert p.round(5).kind is Kind.PENDING  # blank result next to an opponent
    assert p.round(7) == EMPTY_ROUND and p.round(0) == EMPTY_ROUND
    assert [p.is_empty_round(i) for i in range(6)] == [False, True, False, False, False, False]
    assert p.with_rounds(ENTRIES[:2]).results == "1."
    assert Tournament(players=(p,)).played_rounds == 6


def test_opponent_zero_is_no_opponent() -> None:
    p = Player.build(1, "A", rounds=[RoundEntry(0, "", "Z")])
    assert p.opponents == (0,) and p.round(1) == RoundEntry(None, "", "Z")


@pytest.mark.parametrize(
    "entry", [RoundEntry(2, "x", "1"), RoundEntry(2, "w", "Q"), RoundEntry(2, "w", "10")]
)
def test_build_refuses_what_a_column_cannot_hold(entry: RoundEntry) -> None:
    with pytest.raises(ValueError, match="unknown"):
        Player.build(1, "A", rounds=[entry])


def test_trf_and_json_write_the_columns_as_before() -> None:
    p = Player.build(3, "Xu, Oscar", rounds=ENTRIES)
    blocks = player_line(p)[91:]
    assert blocks == "   4 w 1            0000 -    0000 - U     7 b       2 - -"
    rounds = to_data(Tournament(players=(p,)))["players"][0]["rounds"]
    assert rounds[1] == {"opponent": None, "color": "", "result": "", "kind": "not-paired"}
    assert rounds[2] == {"opponent": None, "color": "", "result": " ", "kind": "zero-point-bye"}
    assert rounds[4] == {"opponent": 7, "color": "b", "result": " ", "kind": "paired-no-result"}
    back = read_json(write_json(Tournament(players=(p,))).encode()).tournament
    assert back.players == (p,)


def test_json_reports_a_bad_round_at_its_path() -> None:
    data = json.loads(write_json(Tournament(players=(Player.build(1, "A", rounds=ENTRIES),))))
    data["players"][0]["rounds"][3]["result"] = "Q"
    doc = read_json(json.dumps(data).encode())
    [diag] = doc.diagnostics
    assert diag.code == "T009"
    assert "players[0].rounds[3].result: unknown result code 'Q'" in diag.message


def test_trf_reader_fills_the_columns_from_the_line() -> None:
    line = (
        "001    1      A                                                          "
        "        1.0    1     2 w 1            0000 -       3 b  "
    )
    p = loads_trf(line + "\n").tournament.players[0]
    assert (p.opponents, p.colors, p.results) == ((2, 0, 0, 3), "w  b", "1.  ")


def test_importing_the_model_imports_no_other_trfkit_module() -> None:
    code = (
        "import sys, trfkit.model; print(sorted(m for m in sys.modules if m.startswith('trfkit')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    loaded = eval(out)  # noqa: S307 - our own printed list
    package = {"trfkit", "trfkit.version"}  # the root package and the version it re-exports
    assert [m for m in loaded if m not in package and not m.startswith("trfkit.model")] == []
    assert "trfkit.model.results" in loaded
