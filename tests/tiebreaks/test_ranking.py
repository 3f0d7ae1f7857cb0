"""The standings a command asks for (trfkit.ranking) and their renderers (trfkit.render),
as library calls: the CLI only picks the options and writes the text."""

from __future__ import annotations

import json

import pytest

from trfkit.formats.trf.reader import loads_trf
from trfkit.ranking import individual_standings, is_individual_code, is_team_code
from trfkit.render.standings import render_csv, render_json, render_text
from trfkit.tiebreaks import CodeError, UnknownTieBreak, parse

# An all-play-all of four written by hand: 1 beats everyone, 2 beats 3 and 4, 3 beats 4.
TRF = (
    "012 Four\n"
    "{list}"
    "001    1      Alpha,A                           2000                             3.0    1"
    "     2 w 1     3 b 1     4 w 1\n"
    "001    2      Beta,B                            1900                             2.0    2"
    "     1 b 0     4 w 1     3 b 1\n"
    "001    3      Gamma,C                           1800                             1.0    3"
    "     4 w 1     1 w 0     2 w 0\n"
    "001    4      Delta,D                           1700                             0.0    4"
    "     3 b 0     2 b 0     1 b 0\n"
)


def _read(listed: str = "") -> object:
    return loads_trf(TRF.format(list=listed)).tournament


def test_the_codes_given_are_computed_without_a_note() -> None:
    standings, notes = individual_standings(_read(), ["WIN"])  # type: ignore[arg-type]
    assert notes == []
    assert [(r.start, r.rank, r.values["WIN"]) for r in standings.rows] == [
        (1, 1, 3),
        (2, 2, 2),
        (3, 3, 1),
        (4, 4, 0),
    ]
    with pytest.raises((CodeError, UnknownTieBreak)):
        individual_standings(_read(), ["XYZ"])  # type: ignore[arg-type]


def test_the_file_list_is_named_and_an_unusable_one_falls_back_with_t501() -> None:
    _, notes = individual_standings(_read("202 WIN\n"))  # type: ignore[arg-type]
    assert notes == ["tie-breaks from the file: WIN"]
    standings, notes = individual_standings(_read("202 NOPE\n"))  # type: ignore[arg-type]
    assert notes[0] == "tie-breaks from the file: NOPE"
    assert notes[1].startswith("default tie-breaks for a round-robin: ") and len(notes) == 2
    first = standings.diagnostics[0]
    assert first.code == "T501" and "the default tie-breaks were used instead" in first.message


def test_renderers_are_library_functions_with_the_cli_contract() -> None:
    standings, _ = individual_standings(_read(), ["WIN"])  # type: ignore[arg-type]
    doc = json.loads(render_json(standings))
    assert (doc["tiebreaks"], doc["after_round"], doc["rounds"]) == (["WIN"], 3, 3)
    assert [(p["start"], p["rank"], p["values"]) for p in doc["players"]] == [
        (1, 1, {"PTS": 3.0, "WIN": 3}),
        (2, 2, {"PTS": 2.0, "WIN": 2}),
        (3, 3, {"PTS": 1.0, "WIN": 1}),
        (4, 4, {"PTS": 0.0, "WIN": 0}),
    ]
    assert render_csv(standings).splitlines()[:2] == [
        "rank,start,name,federation,rating,points,WIN",
        '1,1,"Alpha,A",,2000,3,3',
    ]
    lines = render_text(standings).splitlines()
    assert lines[0].startswith("Standings after round 3 of 3 - rules ")
    assert lines[2].split() == ["Rk", "No", "Name", "Fed", "Rtg", "Pts", "WIN"]
    assert lines[3].split() == ["1", "1", "Alpha,A", "2000", "3", "3"]


def test_a_team_code_is_told_from_a_players_code() -> None:
    assert is_team_code(parse("BH:MP")) and not is_individual_code(parse("BH:MP"))
    assert is_individual_code(parse("BH")) and not is_team_code(parse("ARO"))


def test_the_tiebreaks_command_holds_no_renderer_and_builds_no_context() -> None:
    from trfkit.cli import tiebreaks as command

    assert not hasattr(command, "Context") and not hasattr(command, "TeamContext")
    assert {name for name in vars(command) if name.startswith("render_")} <= {
        "render_codes",
        "render_csv",
        "render_json",
        "render_team_json",
        "render_team_table",
        "render_text",
        "render_trf",
    }
    assert all(
        getattr(command, name).__module__.startswith("trfkit.render.")
        for name in vars(command)
        if name.startswith("render_")
    )
