"""Every JSON output is strict JSON valid against its schema (issue 15), whatever numbers
the input holds: a scoring value that overflows a float, NaN points, a negative start."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from trfkit.cli import cli
from trfkit.finite import MAX_NUMBER, dumps, finite_or_none
from trfkit.schema import iter_schema_errors

ROOT = Path(__file__).resolve().parents[2]
SWISS = (ROOT / "samples" / "swiss.trf").read_text()
HUGE = "9" * 400  # float(HUGE) is inf


def _strict(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise AssertionError(f"not strict JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def _with_record(record: str) -> str:
    return SWISS.replace("001    1", f"{record}\n001    1", 1)


def _run(tmp_path: Path, text: str, *args: str, name: str = "event.trf") -> Any:
    path = tmp_path / name
    path.write_text(text)
    return CliRunner().invoke(cli, [args[0], str(path), *args[1:]])


@pytest.mark.parametrize(
    "record", [f"162  W {HUGE}    D 0.5    L 0.0", f"XXS D={HUGE}", f"162  L -{HUGE}"]
)
def test_an_infinite_scoring_value_is_reported_and_json_stays_strict(
    tmp_path: Path, record: str
) -> None:
    result = _run(tmp_path, _with_record(record), "tiebreaks", "--to", "json")
    data = _strict(result.stdout)
    assert list(iter_schema_errors("standings", data)) == []
    assert "T103 scoring value" in result.stderr
    assert result.exit_code == 1
    converted = _run(tmp_path, _with_record(record), "convert", "--to", "json")
    tournament = _strict(converted.stdout)
    assert list(iter_schema_errors("tournament", tournament)) == []
    scoring = tournament["header"]["scoring"]
    # the unusable value is replaced by the default of its field, the others kept
    assert (scoring["win"], scoring["draw"], scoring["loss"]) == (1.0, 0.5, 0.0)


def test_a_huge_but_finite_scoring_value_is_refused_too(tmp_path: Path) -> None:
    result = _run(tmp_path, _with_record("162  W 1" + "0" * 300), "convert", "--to", "json")
    assert f"{MAX_NUMBER:,.0f}" in result.stderr and "T103" in result.stderr
    assert _strict(result.stdout)["header"]["scoring"]["win"] == 1.0


def _json_input(tmp_path: Path, change: Any) -> Path:
    data = _strict(
        CliRunner().invoke(cli, ["convert", str(ROOT / "samples/swiss.trf"), "--to", "json"]).stdout
    )
    change(data["players"])
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))  # Python's json writes NaN and Infinity
    return path


def _nan_points(players: list[dict[str, Any]]) -> None:
    players[0]["points"] = float("nan")


def _negative_start(players: list[dict[str, Any]]) -> None:
    players[1]["start"] = -5


def _huge_rating(players: list[dict[str, Any]]) -> None:
    players[2]["rating"] = 10**400  # a JSON integer no float holds


@pytest.mark.parametrize("change", [_nan_points, _negative_start, _huge_rating])
def test_json_inputs_with_unusable_numbers_give_schema_valid_outputs(
    tmp_path: Path, change: Any
) -> None:
    path = _json_input(tmp_path, change)
    runner = CliRunner()
    standings = runner.invoke(
        cli,
        [
            "tiebreaks",
            str(path),
            "--to",
            "json",
            "--tb",
            "ARO",
            "--tb",
            "TPR",
            "--unrated-rating",
            "1400",
        ],
    )
    assert list(iter_schema_errors("standings", _strict(standings.stdout))) == []
    assert "T103" in standings.stderr and standings.exit_code == 1
    assert f"{path}:1:1: T103" in standings.stderr  # at the JSON input, not at TRF lines
    converted = runner.invoke(cli, ["convert", str(path), "--to", "json"])
    assert list(iter_schema_errors("tournament", _strict(converted.stdout))) == []
    for args, schema in (
        (["info", str(path), "--to", "json"], "info"),
        (["playoff", str(path), "--to", "json"], "playoff"),
    ):
        assert list(iter_schema_errors(schema, _strict(runner.invoke(cli, args).stdout))) == []
    checked = runner.invoke(cli, ["check", str(path), "--output-format", "json"])
    assert list(iter_schema_errors("diagnostics", _strict(checked.stdout))) == []
    assert any(d["code"] == "T103" for d in _strict(checked.stdout)["diagnostics"])


def test_dumps_refuses_what_json_cannot_hold() -> None:
    assert dumps({"a": 1.5}) == '{\n  "a": 1.5\n}\n'
    with pytest.raises(ValueError):
        dumps({"a": float("inf")})
    assert finite_or_none(float("nan")) is None and finite_or_none(2.0) == 2.0


@pytest.mark.parametrize("tied", range(2, 14))
@pytest.mark.parametrize("flag", [[], ["--time-limited"], ["--late"]])
def test_every_play_off_plan_is_valid_against_its_schema(tied: int, flag: list[str]) -> None:
    out = CliRunner().invoke(cli, ["playoff", "--tied", str(tied), "--to", "json", *flag]).stdout
    assert list(iter_schema_errors("playoff", _strict(out))) == []


@pytest.mark.parametrize("name", ["swiss.trf", "team.trf", "trf26.trf", "cp1252.trf"])
def test_info_json_is_valid_against_its_schema(name: str) -> None:
    out = (
        CliRunner()
        .invoke(cli, ["info", str(ROOT / "samples" / name), "--to", "json", "--show-private"])
        .stdout
    )
    assert list(iter_schema_errors("info", _strict(out))) == []
    playoff = CliRunner().invoke(cli, ["playoff", str(ROOT / "samples" / name), "--to", "json"])
    assert list(iter_schema_errors("playoff", _strict(playoff.stdout))) == []


def test_a_json_scoring_value_of_400_digits_is_reported_not_a_crash(tmp_path: Path) -> None:
    data = _strict(
        CliRunner().invoke(cli, ["convert", str(ROOT / "samples/swiss.trf"), "--to", "json"]).stdout
    )
    data["header"]["scoring"]["forfeit_win"] = 10**400
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["tiebreaks", str(path), "--to", "json"])
    assert result.exit_code == 1 and "T999" not in result.stderr
    assert "T103 scoring value forfeit win inf" in result.stderr
    assert list(iter_schema_errors("standings", _strict(result.stdout))) == []
