"""Numeric tie-break options and modifiers are checked against their ranges before any work."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import SAMPLES

from trfkit import load
from trfkit.cli import cli
from trfkit.tiebreaks import RangeError, compute, parse
from trfkit.validation.driver import validate

SWISS = SAMPLES / "swiss.trf"  # 10 players, 5 rounds, no 202 record


def tiebreaks(*args: str) -> tuple[int, str]:
    started = time.perf_counter()
    result = CliRunner().invoke(cli, ["tiebreaks", *args])
    assert time.perf_counter() - started < 10, args  # 10**9 took 167 s and 24 GB
    assert "T999" not in result.output and "Traceback" not in result.output
    return result.exit_code, result.output


def json_out(*args: str) -> dict[str, object]:
    """The JSON document ``tiebreaks --to json`` prints on stdout."""
    result = CliRunner().invoke(cli, ["tiebreaks", *args, "--to", "json"])
    document: dict[str, object] = json.loads(result.stdout)
    return document


@pytest.mark.parametrize("value", ["50000000", "-100000", "4001"])
def test_unrated_rating_outside_0_to_4000_is_a_usage_error(value: str) -> None:
    status, output = tiebreaks(
        str(SWISS), "--tb", "KS/L+0", "--tb", "PS/C99", "--tb", "APPO", "--unrated-rating", value
    )
    assert status == 2
    assert f"Invalid value for '--unrated-rating': {value} is not in the range 0<=x<=4000" in output
    result = CliRunner().invoke(
        cli, ["explain", str(SWISS), "--player", "1", "--tb", "APPO", "--unrated-rating", value]
    )
    assert result.exit_code == 2 and "0<=x<=4000" in result.output


def test_the_limits_themselves_are_accepted() -> None:
    doc = json_out(
        str(SWISS),
        "--tb",
        "APPO",
        "--tb",
        "PTP",
        "--tb",
        "RTNG",
        "--tb",
        "ARO",
        "--unrated-rating",
        "4000",
    )
    values = {p["start"]: p["values"] for p in doc["players"]}  # type: ignore[index]
    assert values[2]["APPO"] is not None and values[2]["PTP"] is not None
    # Silva (10) is unrated and counts 4000; Okafor (5) met 10, 2, 4, 8, 1:
    # ARO (4000 + 2295 + 2150 + 1890 + 2310) / 5 = 2529
    assert (values[10]["RTNG"], values[5]["ARO"]) == (4000, 2529)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("PTP/U50000000", "/U (the rating of unrated players) must be from 0 to 4000"),
        ("APRO/U4001", "/U (the rating of unrated players) must be from 0 to 4000"),
        ("TPR/4001", "the rating modifier must be from 0 to 4000"),
        ("BH/C1000", "/C must be from 0 to 999 results"),
        ("BH/M1000", "/M must be from 0 to 999 results"),
        ("KS/L+1999", "/L in half points must be from 0 to 1998"),
        ("KS/L-1999", "/L in half points must be from 0 to 1998"),
        ("KS/L+999.5", "/L in points must be from 0 to 999"),
        ("KS/L101", "/L as a percentage must be from 0 to 100"),
        ("SSSC/K1001", "/K must be from 0 to 1000"),
        ("BH/V20260", "/V names a year of four digits"),
    ],
)
def test_modifiers_outside_their_range_name_the_range(code: str, message: str) -> None:
    with pytest.raises(RangeError) as caught:
        parse(code)
    assert str(caught.value) == f"{code!r}: {message}"
    status, output = tiebreaks(str(SWISS), "--tb", code)
    assert status == 2 and f"T501 {code!r}: {message}" in output


def test_modifiers_at_their_limits_parse() -> None:
    for code in (
        "PTP/U4000",
        "APRO/U0",
        "BH/C999",
        "BH/M999",
        "KS/L+1998",
        "KS/L-0",
        "KS/L+999.0",
        "KS/L100",
        "SSSC/K1000",
        "BH/V2026",
        "TPR/400",
    ):
        assert parse(code).canonical.split("/")[0] == code.split("/")[0]


def with_record(tmp_path: Path, record: str) -> Path:
    lines = SWISS.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("092"))
    path = tmp_path / "event.trf"
    path.write_text(
        "\n".join([*lines[: at + 1], record, *lines[at + 1 :]]) + "\n", encoding="utf-8"
    )
    return path


def test_a_202_code_out_of_range_is_located_and_not_computed(tmp_path: Path) -> None:
    path = with_record(tmp_path, "202 PTP/U50000000, BH")
    line = 1 + path.read_text(encoding="utf-8").splitlines().index("202 PTP/U50000000, BH")
    status, output = tiebreaks(str(path), "--to", "json")
    assert status == 1
    expected = (
        f"{path}:{line}:1: T024 202: 'PTP/U50000000': /U (the rating of unrated "
        "players) must be from 0 to 4000; this tie-break was not computed"
    )
    assert expected in output
    assert json_out(str(path))["tiebreaks"] == ["BH"]  # BH still computed, PTP left out
    found = [d for d in validate(load(path)) if d.code == "T024"]
    assert [(d.line, d.severity.value) for d in found] == [(line, "error")]


def test_a_cut_that_leaves_nothing_is_noted(tmp_path: Path) -> None:
    from trfkit import loads

    t = loads(SWISS.read_bytes()).tournament
    noted = [d for d in compute(t, ["BH/C99", "BH/C1", "BH/M2"]).diagnostics if d.code == "T025"]
    assert [d.message.split(" removes")[0] for d in noted] == ["BH/C99"]
    assert "removes 99 results per player, and the standings have 5 round(s)" in noted[0].message
    early = compute(t, ["BH/C1", "BH/M1"], after_round=2).diagnostics
    assert [d.message.split(" ")[0] for d in early if d.code == "T025"] == ["BH/M1"]
    assert not [d for d in compute(t, ["BH/C1"], after_round=1).diagnostics if d.code == "T025"]


def test_a_player_rating_beyond_any_scale_makes_rating_tiebreaks_undefined(tmp_path: Path) -> None:
    from trfkit import loads
    from trfkit.formats import write

    doc = json.loads(write(loads(SWISS.read_bytes()).tournament, "json"))
    players = doc["players"] if "players" in doc else doc["tournament"]["players"]
    players[0]["rating"] = 50_000_000
    path = tmp_path / "event.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, output = tiebreaks(
        str(path), "--tb", "PTP", "--tb", "APPO", "--unrated-rating", "1400", "--to", "json"
    )
    assert "has the rating 50000000, outside any rating scale (0 to 9999)" in output
    document = json_out(str(path), "--tb", "PTP", "--tb", "APPO", "--unrated-rating", "1400")
    values = document["players"][0]["values"]  # type: ignore[index]
    assert values["PTP"] is None and values["APPO"] is None


def test_playoff_and_team_bye_numbers_are_bounded() -> None:
    runner = CliRunner()
    started = time.perf_counter()
    result = runner.invoke(cli, ["playoff", "--tied", "1000000000"])  # hung, using gigabytes
    assert time.perf_counter() - started < 5
    assert result.exit_code == 2
    assert "Invalid value for '--tied': 1000000000 is not in the range 2<=x<=9999" in result.output
    for value in ("nan,1", "1,inf", "-1,2", "101,3"):
        result = runner.invoke(cli, ["tiebreaks", str(SAMPLES / "team.trf"), "--team-bye", value])
        assert result.exit_code == 2, value
        assert "match and game points must be from 0 to 100" in result.output


def test_size_and_job_options_are_bounded() -> None:
    runner = CliRunner()
    data = SWISS.read_bytes()
    for size in ("50G", "64GB"):  # read(n) allocated n bytes first: a MemoryError (T999)
        result = runner.invoke(cli, ["check", "-", "--max-bytes", size], input=data)
        assert result.exit_code == 0 and "T999" not in result.output, size
    result = runner.invoke(cli, ["check", "-", "--max-bytes", "99999999999999999999G"], input=data)
    assert result.exit_code == 2
    assert "is more than any input can hold in memory; give a size from 0 to 64GB" in result.output
    result = runner.invoke(cli, ["check", "-", "--max-bytes", "100"], input=data)
    assert result.exit_code == 1 and "T007" in result.output
    result = runner.invoke(cli, ["check", str(SWISS), "-j", "100000"])
    assert result.exit_code == 2
    assert (
        "Invalid value for '-j' / '--jobs': 100000 is not in the range 1<=x<=256" in result.output
    )


@pytest.mark.parametrize(
    ("code", "again", "first"),
    [
        ("BH/C1/C2", "/C2", "/C1"),
        ("BH-C1-C2", "/C2", "/C1"),
        ("KS/L+0/L+1", "/L+1", "/L+0"),
        ("ARO/U1400/U1500", "/U1500", "/U1400"),
        ("SB/V2009/V2026", "/V2026", "/V2009"),
    ],
)
def test_a_modifier_given_twice_is_refused_not_the_last_one_kept(
    code: str, again: str, first: str
) -> None:
    # 'BH/C1/C2' was computed as BH/C2 without a word
    status, output = tiebreaks(str(SWISS), "--tb", code)
    assert status == 2
    assert f"T501 '{code}': {again} repeats a modifier already given ({first})" in output
    assert parse("BH/C1/M1").cut == 1 and parse("BH/C1/M1").median == 1  # two different ones
