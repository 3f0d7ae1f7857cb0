"""The two renderings of a play-off plan: the JSON contract and the wall announcement."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from trfkit.playoff import Options, build_plan
from trfkit.playoff.plan import Clock, Entrant
from trfkit.playoff.render import plan_json, render_json, render_text

RAPID_JSON = {"base_seconds": 180, "increment_seconds": 5}
ARMAGEDDON_JSON = {"white_seconds": 300, "black_seconds": 240, "draw_winner": "black"}
STAGE_KEYS = {"clause", "format", "groups", "pairings", "games", "time_control", "if_tied"}
FORMATS = {"match", "round-robin", "knockout", "armageddon", "groups"}


def all_stages(stages: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every stage object, including those nested in if_tied (next stage, then, branches)."""
    for stage in stages:
        yield stage
        tied = stage["if_tied"]
        if tied is None:
            continue
        nested = [tied["stage"], *tied["then"]]
        for branch in tied["branches"]:
            nested += [branch["stage"], *branch["then"]]
        yield from all_stages([s for s in nested if s is not None])


@pytest.mark.parametrize("tied", range(2, 13))
def test_json_contract(tied: int) -> None:
    data = json.loads(render_json(build_plan(tied)))
    assert {"tied", "clause", "stages", "excluded", "notes"} <= data.keys()
    assert data["tied"] == tied
    assert data["clause"].startswith("32.5.6.")
    assert data["excluded"] == (list(range(9, tied + 1)) if tied >= 11 else [])
    assert all(isinstance(n, str) for n in data["notes"])
    for stage in all_stages(data["stages"]):
        assert STAGE_KEYS <= stage.keys()
        assert stage["format"] in FORMATS
        assert stage["time_control"] in (RAPID_JSON, ARMAGEDDON_JSON)
        # 32.5.6.1 and .3: matches and knock-out matches are two rapid games; every
        # round-robin, group and Armageddon pairing is one game, an Armageddon at 5'/4'
        two = stage["format"] in ("match", "knockout") and stage["time_control"] == RAPID_JSON
        assert stage["games"] == (2 if two else 1), stage
        if stage["format"] == "armageddon":
            assert stage["time_control"] == ARMAGEDDON_JSON
        for pair in stage["pairings"] or []:
            assert len(pair) == 2
        if stage["if_tied"] is not None:
            assert isinstance(stage["if_tied"]["text"], str)


def test_json_two_players_exactly() -> None:
    data = plan_json(build_plan(2))
    (match,) = data["stages"]
    assert (
        match["clause"],
        match["format"],
        match["pairings"],
        match["groups"],
        match["games"],
    ) == ("32.5.6.1.1", "match", [[1, 2]], None, 2)
    assert match["time_control"] == RAPID_JSON
    decider = match["if_tied"]["stage"]
    assert (decider["clause"], decider["format"], decider["games"]) == (
        "32.5.6.1.2",
        "armageddon",
        1,
    )
    assert decider["time_control"] == ARMAGEDDON_JSON
    assert decider["if_tied"] is None
    assert match["if_tied"]["then"] == [] and match["if_tied"]["branches"] == []


def test_json_groups_and_branches() -> None:
    six = plan_json(build_plan(6))["stages"][0]
    assert six["format"] == "groups" and six["groups"] == [[1, 4, 5], [2, 3, 6]]
    nine = plan_json(build_plan(9))["stages"][0]
    assert nine["groups"] == [[1, 5, 9], [2, 6, 7], [3, 4, 8]]
    assert nine["group_names"] == ["A", "B", "C"]
    ten = plan_json(build_plan(10))["stages"][0]
    assert ten["groups"] == [[1, 4, 5, 8, 9], [2, 3, 6, 7, 10]] and ten["group_sizes"] == [5, 5]
    five = plan_json(build_plan(5))["stages"][0]
    levels = [(b["level"], b["clause"]) for b in five["if_tied"]["branches"]]
    assert levels == [
        (5, "32.5.6.1.1.1"),
        (4, "32.5.6.1.1.2"),
        (3, "32.5.6.1.1.3"),
        (2, "32.5.6.1.1.4"),
    ]
    four = five["if_tied"]["branches"][1]
    assert four["stage"]["pairings"] == [[1, 4], [2, 3]]
    assert [s["entrants"] for s in four["then"]] == ["the two semi-final winners"]


def test_json_options() -> None:
    data = plan_json(build_plan(2, Options(agreed=Clock(900, 10))))
    assert data["options"]["agreed_time_control"] == {"base_seconds": 900, "increment_seconds": 10}
    assert data["stages"][0]["time_control"] == {"base_seconds": 900, "increment_seconds": 10}
    late = plan_json(build_plan(4, Options(late=True)))
    assert late["options"]["late"] is True
    assert {s["time_control"]["white_seconds"] for s in late["stages"]} == {300}


def test_text_announcement_for_eight() -> None:
    text = render_text(build_plan(8))
    assert text.startswith("PLAY-OFF FOR FIRST PLACE\n")
    assert "item 32.5.6.7" in text
    assert "      - seed 1 v seed 8\n      - seed 2 v seed 7\n" in text
    assert "Time control: 3 min + 5 s per move, per player" in text
    assert "White 5 min, Black 4 min; a draw counts as a win for Black" in text
    assert text.count("STAGE ") == 3
    assert "(break of at least 10 minutes, 32.5.3)" in text
    assert "Misprints in the text:" in text and "30.5.6.1.2" in text


def test_text_names_the_players_by_seed() -> None:
    plan = build_plan(6)
    entrants = tuple(
        Entrant(seed, 10 + seed, f"Player {chr(64 + seed)}", 6.5) for seed in range(1, 7)
    )
    from dataclasses import replace

    text = render_text(replace(plan, entrants=entrants))
    assert "   1. Player A (start no. 11), 6.5 points" in text
    assert (
        "Group 1: 1. Player A (start no. 11), 4. Player D (start no. 14), "
        "5. Player E (start no. 15)" in text
    )
    assert (
        "Group 2: 2. Player B (start no. 12), 3. Player C (start no. 13), "
        "6. Player F (start no. 16)" in text
    )


def test_text_lot_numbers_are_not_seeds() -> None:
    text = render_text(build_plan(4))
    assert "Pairing numbers: drawn by lot" in text
    assert "- No. 1 v No. 4" in text and "seed" not in text.split("STAGE 1")[1].split("\n\n")[0]


def test_text_ten_players_gives_trfkits_snake_groups_as_a_reading() -> None:
    text = render_text(build_plan(10))
    assert "    Group 1: seed 1, seed 4, seed 5, seed 8, seed 9\n" in text
    assert "    Group 2: seed 2, seed 3, seed 6, seed 7, seed 10\n" in text
    silent = text.split("Where the text is silent (trfkit's reading")[1]
    assert "32.5.6.9 does not say how the ten players are split" in silent
    assert "1, 4, 5, 8, 9 and 2, 3, 6, 7, 10" in silent
    assert "Players: the winner of group 1 and the winner of group 2" in text


def test_text_knockout_rounds_are_named() -> None:
    text = render_text(build_plan(4))
    assert "Semi-finals: knock-out matches of two games (32.5.6.3, as 32.5.6.1.1)" in text
    assert "Final: knock-out matches of two games (32.5.6.3, as 32.5.6.1.1)" in text
