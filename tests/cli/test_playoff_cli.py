"""``trfkit playoff``: the --tied form, the INPUT form, options and exit codes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from swiss_edits import cli_run

from trfkit.cli import cli
from trfkit.model import Player, RoundEntry, Tournament
from trfkit.playoff.tied import _points_only, leaders, plan_for_tournament
from trfkit.schema import iter_schema_errors

DATA = Path(__file__).resolve().parents[1] / "data" / "playoff"


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, ["playoff", *args])
    return result.exit_code, result.stdout, result.stderr


def test_tied_json(runner: CliRunner) -> None:
    code, out, _ = run(runner, "--tied", "9", "--to", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["tied"], data["clause"]) == (9, "32.5.6.8")
    assert data["stages"][0]["groups"] == [[1, 5, 9], [2, 6, 7], [3, 4, 8]]


def test_tied_text_default(runner: CliRunner) -> None:
    code, out, _ = run(runner, "--tied", "3")
    assert code == 0 and "item 32.5.6.2" in out


@pytest.mark.parametrize(
    ("args", "why"),
    [
        ((), "give either --tied N or an INPUT file"),
        (("--tied", "1"), "1 is not in the range 2<=x<=9999"),
        (("--tied", "x"), "'x' is not a valid integer"),
        (
            ("--tied", "3", "--agreed-tc", "900+10"),
            "32.5.7 applies only to a play-off of two players",
        ),
        (
            ("--tied", "2", "--agreed-tc", "900+10", "--late"),
            "contradicts --time-limited and --late",
        ),
        (
            ("--tied", "2", "--agreed-tc", "900+10", "--time-limited"),
            "contradicts --time-limited and --late",
        ),
        (("--tied", "2", "--agreed-tc", "ten minutes"), "expected BASE+INC in seconds"),
        (("--tied", "2", "--agreed-tc", "120+5"), "only a longer time control than 3 min + 5 s"),
        (("--tied", "2", "--agreed-tc", "180+5"), "only a longer time control than 3 min + 5 s"),
    ],
)
def test_usage_errors_exit_2(runner: CliRunner, args: tuple[str, ...], why: str) -> None:
    code, out, err = run(runner, *args)
    assert code == 2 and out == "" and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("Error: ") and why in err, err


def test_both_tied_and_input_is_a_usage_error(runner: CliRunner) -> None:
    code, _, err = run(runner, str(DATA / "two-tied.trf"), "--tied", "2")
    assert code == 2 and "either --tied N or an INPUT" in err


def test_agreed_control_for_two(runner: CliRunner) -> None:
    code, out, _ = run(runner, "--tied", "2", "--agreed-tc", "900+10", "--to", "json")
    assert code == 0
    stage = json.loads(out)["stages"][0]
    assert stage["clause"] == "32.5.7"
    assert stage["time_control"] == {"base_seconds": 900, "increment_seconds": 10}


def test_late_and_time_limited_flags(runner: CliRunner) -> None:
    _, out, _ = run(runner, "--tied", "2", "--late", "--to", "json")
    assert json.loads(out)["stages"][0]["format"] == "armageddon"
    _, out, _ = run(runner, "--tied", "4", "--time-limited", "--to", "json")
    first = json.loads(out)["stages"][0]
    assert (first["games"], first["time_control"]["black_seconds"]) == (1, 240)


def test_output_file(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "plan.json"
    code, out, _ = run(runner, "--tied", "5", "--to", "json", "-o", str(target))
    assert code == 0 and out == ""
    assert json.loads(target.read_text("utf-8"))["clause"] == "32.5.6.4"


# --------------------------------------------------------------- INPUT form


def test_input_two_tied_ordered_by_sonneborn_berger(runner: CliRunner) -> None:
    # two-tied.trf: Abbott (1) and Casey (3) have 2 points of 3. SB by hand:
    # Abbott beat Doyle (0.5) and drew Byrne (1.5) and Casey (2.0): 0.5 + 0.75 + 1.0 = 2.25;
    # Casey beat Byrne (1.5) and drew Doyle (0.5) and Abbott (2.0): 1.5 + 0.25 + 1.0 = 2.75.
    code, out, err = run(runner, str(DATA / "two-tied.trf"), "--tb", "SB", "--to", "json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["tied"], data["clause"]) == (2, "32.5.6.1")
    assert [(p["seed"], p["start"], p["name"], p["points"]) for p in data["players"]] == [
        (1, 3, "Casey, Cian", 2.0),
        (2, 1, "Abbott, Alan", 2.0),
    ]
    assert "tie-breaks after points: SB" in data["notes"][0]


def test_input_text_names_players(runner: CliRunner) -> None:
    code, out, _ = run(runner, str(DATA / "two-tied.trf"), "--tb", "SB")
    assert code == 0
    assert "Pairing: 1. Casey, Cian (start no. 3) v 2. Abbott, Alan (start no. 1)" in out


def test_input_twelve_tied_drops_from_ninth(runner: CliRunner) -> None:
    code, out, _ = run(runner, str(DATA / "twelve-tied.trf"), "--to", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["tied"], data["clause"], data["excluded"]) == (12, "32.5.6.10", [9, 10, 11, 12])
    assert [p["start"] for p in data["players"]] == list(range(1, 13))
    assert any("still level after the tie-breaks" in n for n in data["notes"])
    assert data["stages"][0]["pairings"] == [[1, 8], [2, 7], [3, 6], [4, 5]]


def test_input_unknown_tiebreak_is_a_usage_error(runner: CliRunner) -> None:
    code, out, err = run(runner, str(DATA / "two-tied.trf"), "--tb", "NOPE")
    assert code == 2 and out == "" and "--tb" in err


def test_input_unknown_rules_is_a_usage_error(runner: CliRunner) -> None:
    code, _, err = run(runner, str(DATA / "two-tied.trf"), "--rules", "fide-1900")
    assert code == 2 and "unknown rules" in err


def test_input_missing_file_exits_2(runner: CliRunner, tmp_path: Path) -> None:
    code, _, err = run(runner, str(tmp_path / "absent.trf"))
    assert code == 2 and "cannot read" in err


def test_input_without_a_tie(runner: CliRunner) -> None:
    code, out, err = run(runner, str(DATA / "no-tie.trf"), "--to", "json")
    assert code == 0, err
    data = json.loads(out)
    assert (data["tied"], data["clause"], data["stages"]) == (1, None, [])
    assert data["players"] == [{"seed": 1, "start": 1, "name": "Quinn, Quentin", "points": 1.0}]
    code, out, _ = run(runner, str(DATA / "no-tie.trf"))
    assert "No play-off needed: Quinn, Quentin is first alone." in out


def test_empty_input_has_no_play_off(runner: CliRunner, tmp_path: Path) -> None:
    empty = tmp_path / "empty.trf"
    empty.write_bytes(b"")
    code, out, err = run(runner, str(empty))
    assert (code, out) == (1, "") and "T005" in err and "nothing to plan" in err  # no plan


def test_points_only_fallback_orders_by_points_then_start() -> None:
    def p(start: int, *results: str) -> Player:
        return Player.build(
            start=start, name=f"P{start}", rounds=tuple(RoundEntry(9, "w", r) for r in results)
        )

    t = Tournament(players=(p(1, "=", "0"), p(2, "1", "="), p(3, "=", "1"), p(4, "0", "0")))
    assert _points_only(t) == [
        (2, "P2", 1.5, 1),
        (3, "P3", 1.5, 1),
        (1, "P1", 0.5, 3),
        (4, "P4", 0.0, 4),
    ]


def test_library_form_without_players() -> None:
    plan, diagnostics = plan_for_tournament(Tournament())
    assert (plan.tied, plan.stages, diagnostics) == (0, (), ())
    assert leaders(Tournament()).entrants == ()


# --------------------------------------------------------------- the corpus


def test_corpus_tec_round_robin_three_tied(runner: CliRunner, shared_dir: Path) -> None:
    # TIEBREAKS.md G.2: Alyx, Bruno, Charline 3.5 points; SB 9.25, 6.25, 6.25; KS 2.0, 0.5, 0.5.
    path = shared_dir / "corpus" / "trf" / "fide-tec" / "tec2023_rr.trf"
    code, out, err = run(runner, str(path), "--tb", "SB", "--tb", "KS", "--to", "json")
    assert code == 0, err  # the TEC file is clean
    data = json.loads(out)
    assert (data["tied"], data["clause"]) == (3, "32.5.6.2")
    assert [(p["seed"], p["start"], p["points"]) for p in data["players"]] == [
        (1, 1, 3.5),
        (2, 2, 3.5),
        (3, 3, 3.5),
    ]
    assert any(n.startswith("Seeds 2, 3 are still level") for n in data["notes"])
    assert data["stages"][0]["clause"] == "32.5.6.2.1"


def test_without_the_tiebreak_engine_points_only_with_a_note(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from trfkit import formats

    doc = formats.read((DATA / "two-tied.trf").read_bytes(), path="two-tied.trf")
    monkeypatch.setitem(sys.modules, "trfkit.tiebreaks", None)  # import now fails
    found = leaders(doc.tournament)
    # Abbott (start 1) and Casey (start 3) both have 2 points; without tie-breaks: start order.
    assert [(e.seed, e.start, e.points) for e in found.entrants] == [(1, 1, 2.0), (2, 3, 2.0)]
    assert "ordered by points only" in found.notes[0].text


def test_a_file_that_is_no_report_gets_no_plan(tmp_path: Path) -> None:
    """Before: a Markdown note gave "No play-off needed: the tournament has no players."
    and ``-o`` wrote that plan."""
    note = tmp_path / "notes.md"
    note.write_text("### Notes\n\nRound 3 was replayed.\n", encoding="ascii")
    target = tmp_path / "plan.json"
    code, out, err = run(CliRunner(), str(note), "--to", "json", "-o", str(target))
    assert (code, out) == (1, "") and not target.exists()
    assert err.splitlines()[-2:] == [
        f"{note}:1:1: T006 no 001 player or ??2 tournament record found: not a TRF file",
        f"{note}: nothing to plan",
    ]


def test_input_json_says_after_which_round_the_tie_was_found(runner: CliRunner) -> None:
    """As the standings' JSON does (issue 16): the tie is that of the standings after the
    last round with a result, or after --after-round; a --tied plan has no such keys."""
    code, out, _ = run(runner, str(DATA / "two-tied.trf"), "--tb", "SB", "--to", "json")
    doc = json.loads(out)
    assert (doc["after_round"], doc["rounds"]) == (3, 3)
    assert list(iter_schema_errors("playoff", doc)) == []
    code, out, _ = run(
        runner, str(DATA / "two-tied.trf"), "--tb", "SB", "--to", "json", "--after-round", "1"
    )
    assert (json.loads(out)["after_round"], json.loads(out)["rounds"]) == (1, 3)
    code, out, _ = run(runner, "--tied", "2", "--to", "json")
    assert "after_round" not in json.loads(out) and "rounds" not in json.loads(out)


ARMAGEDDON = {"white_seconds": 300, "black_seconds": 240, "draw_winner": "black"}


RAPID = {"base_seconds": 180, "increment_seconds": 5}


def _plan(*args: str) -> dict:
    result = cli_run("playoff", *args, "--to", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_playoff_json_contract() -> None:
    two = _plan("--tied", "2")
    assert set(two) >= {"tied", "clause", "stages", "excluded", "notes"}
    stage = two["stages"][0]
    assert set(stage) >= {
        "clause",
        "format",
        "groups",
        "pairings",
        "games",
        "time_control",
        "if_tied",
    }
    assert (
        two["tied"],
        two["clause"],
        stage["format"],
        stage["pairings"],
        stage["games"],
        stage["time_control"],
    ) == (2, "32.5.6.1", "match", [[1, 2]], 2, RAPID)
    assert stage["if_tied"]["stage"]["time_control"] == ARMAGEDDON
    six = _plan("--tied", "6")
    assert six["stages"][0]["groups"] == [[1, 4, 5], [2, 3, 6]]
    nine = _plan("--tied", "9")
    assert nine["stages"][0]["groups"] == [[1, 5, 9], [2, 6, 7], [3, 4, 8]]
    eight = _plan("--tied", "8")
    assert eight["stages"][0]["pairings"] == [[1, 8], [2, 7], [3, 6], [4, 5]]
    twelve = _plan("--tied", "12")
    assert (twelve["clause"], twelve["excluded"]) == ("32.5.6.10", [9, 10, 11, 12])


def test_playoff_time_limited_and_late() -> None:
    limited = _plan("--tied", "4", "--time-limited")
    assert [(s["games"], s["time_control"]) for s in limited["stages"]] == [(1, ARMAGEDDON)] * 2
    late = _plan("--tied", "2", "--late")
    assert [(s["clause"], s["format"]) for s in late["stages"]] == [("32.5.8", "armageddon")]
    assert cli_run("playoff", "--tied", "1").exit_code == 2


def test_playoff_five_players_branch_by_how_many_are_level() -> None:
    stage = _plan("--tied", "5")["stages"][0]
    assert (stage["format"], stage["groups"]) == ("round-robin", [[1, 2, 3, 4, 5]])
    branches = stage["if_tied"]["branches"]
    assert [(b["level"], b["clause"]) for b in branches] == [
        (5, "32.5.6.1.1.1"),
        (4, "32.5.6.1.1.2"),
        (3, "32.5.6.1.1.3"),
        (2, "32.5.6.1.1.4"),
    ]
