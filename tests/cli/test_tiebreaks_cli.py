"""``trfkit tiebreaks`` and ``trfkit explain``: the output contract scripts depend on, exit
codes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from swiss_edits import ROOT, SWISS, cli_run, swiss_lines

from trfkit.cli import cli

# A 4-player Swiss written by hand: 1 and 2 on 2 points, 3 and 4 on 1; declared ranks.
# Each player line is split before its round blocks (implicit concatenation, same text).
TRF = (
    "012 Tiny Swiss\n"
    "042 2025/05/01\n"
    "092 Swiss\n"
    "XXR 3\n"
    "001    1      Alpha,A                           2000                             2.0    {r1}"
    "     3 w 1     2 b 0     4 w 1\n"
    "001    2      Beta,B                            1900                             2.0    {r2}"
    "     4 b 0     1 w 1     3 b 1\n"
    "001    3      Gamma,C                           1800                             1.0    3"
    "     1 b 0     4 w 1     2 w 0\n"
    "001    4      Delta,D                           1700                             1.0    4"
    "     2 w 1     3 b 0     1 b 0\n"
)


@pytest.fixture()
def tiny(tmp_path: Path) -> Path:
    path = tmp_path / "tiny.trf"
    path.write_text(TRF.format(r1="1", r2="2"), encoding="ascii")
    return path


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_tiebreaks_json_has_the_documented_keys_and_values(tiny: Path) -> None:
    code, out, err = run(
        "tiebreaks", str(tiny), "--tb", "bh", "--tb", "TPN", "--rules", "fide-2024", "--to", "json"
    )
    doc = json.loads(out)
    assert list(doc) == ["rules", "tiebreaks", "players", "after_round", "rounds"]
    assert doc["rules"] == "fide-2024" and doc["tiebreaks"] == ["bh", "TPN"]
    first = doc["players"][0]
    assert list(first) == ["start", "name", "rank", "values"]
    # Alpha met C (1), B (2), D (1): BH 4; tied with Beta on points and BH, first on TPN
    assert first == {
        "start": 1,
        "name": "Alpha,A",
        "rank": 1,
        "values": {"PTS": 2.0, "bh": 4.0, "TPN": 1.0},
    }
    assert code == 0, err  # the declared ranks agree


def test_rank_disagreement_exit_1_only_against_the_files_own_list(tmp_path: Path) -> None:
    path = tmp_path / "swapped.trf"
    path.write_text(TRF.format(r1="2", r2="1"), encoding="ascii")
    # --tb TPN is not the file's list: the ranks were made with another one (T506, info)
    code, out, err = run("tiebreaks", str(path), "--tb", "TPN", "--to", "json")
    assert code == 0 and "T505" not in err
    assert "T506 2 declared rank(s) differ" in err and json.loads(out)["players"][0]["start"] == 1
    # the same list declared by the file (202 TPN): players 1 and 2 declare 2 and 1 (T505)
    path.write_text(
        TRF.format(r1="2", r2="1").replace("XXR 3\n", "XXR 3\n202 TPN\n"), encoding="ascii"
    )
    for args in ((), ("--tb", "tpn")):  # the file's list, or --tb naming exactly it
        code, out, err = run("tiebreaks", str(path), *args, "--to", "json")
        assert code == 1 and err.count(" T505 ") == 2 and "T506" not in err


def test_null_for_undefined(tiny: Path) -> None:
    _, out, _ = run("tiebreaks", str(tiny), "--tb", "ARO", "--to", "json")
    by_start = {p["start"]: p["values"] for p in json.loads(out)["players"]}
    assert by_start[1]["ARO"] == 1800  # (1800 + 1900 + 1700) / 3
    assert by_start[2]["ARO"] == 1833  # (1700 + 2000 + 1800) / 3 = 1833.3
    from trfkit.formats.trf.reader import loads_trf
    from trfkit.render.standings import render_json
    from trfkit.tiebreaks import compute

    none_played = compute(loads_trf(tiny.read_text()).tournament, ["AOB"], after_round=0)
    assert json.loads(render_json(none_played))["players"][0]["values"]["AOB"] is None


def test_tiebreaks_csv_has_the_player_columns_then_one_a_code(tiny: Path) -> None:
    _, out, _ = run("tiebreaks", str(tiny), "--tb", "BH/C1", "--tb", "SB", "--to", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0] == ["rank", "start", "name", "federation", "rating", "points", "BH/C1", "SB"]
    # BH/C1 3 for both leaders; SB: Beta beat Alpha (2) and Gamma (1) = 3, Alpha 1 + 1 = 2
    assert rows[1] == ["1", "2", "Beta,B", "", "1900", "2", "3", "3"]
    assert rows[2] == ["2", "1", "Alpha,A", "", "2000", "2", "3", "2"]


def test_text_states_the_edition(tiny: Path) -> None:
    _, out, _ = run("tiebreaks", str(tiny), "--tb", "BH")
    assert "rules fide-2024" in out.splitlines()[0]  # auto: 042 is 2025-05-01
    _, out, _ = run("tiebreaks", str(tiny), "--tb", "BH", "--rules", "ru-2013")
    assert "rules ru-2013" in out.splitlines()[0]


def test_default_list_is_announced(tiny: Path) -> None:
    code, out, err = run("tiebreaks", str(tiny), "--to", "json")
    assert "default tie-breaks for a Swiss" in err
    assert json.loads(out)["tiebreaks"][0] == "BH/C1"


def test_bad_code_is_usage_error(tiny: Path) -> None:
    code, _, err = run("tiebreaks", str(tiny), "--tb", "BH/Q9")
    assert code == 2 and "T501" in err and "Traceback" not in err


def test_unreadable_input_exit_2(tmp_path: Path) -> None:
    code, _, err = run("tiebreaks", str(tmp_path / "missing.trf"))
    assert code == 2 and "Traceback" not in err


def test_explain_shows_the_rounds_and_total_of_one_player_and_refuses_an_unknown_one(
    tiny: Path,
) -> None:
    code, out, _ = run("explain", str(tiny), "--player", "1", "--tb", "SB", "--rules", "fide-2024")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "SB of #1 Alpha,A under fide-2024"
    assert "round 2: 2 x 0 = 0" in out and lines[-1].strip() == "total: 2"
    code, _, err = run("explain", str(tiny), "--player", "9", "--tb", "SB")
    assert code == 2 and "no player" in err


def test_json_output_matches_the_schema(tiny: Path) -> None:
    from trfkit.schema import iter_schema_errors

    _, out, _ = run("tiebreaks", str(tiny), "--tb", "BH/C1", "--tb", "ARO", "--to", "json")
    assert list(iter_schema_errors("standings", json.loads(out))) == []
    broken = json.loads(out)
    broken["players"][0]["values"]["BH/C1"] = "11"
    assert list(iter_schema_errors("standings", broken)) != []


def test_trf_output_carries_computed_ranks_and_202(tiny: Path) -> None:
    code, out, err = run("tiebreaks", str(tiny), "--tb", "BH/C1", "--tb", "SB", "--to", "trf")
    lines = out.splitlines()
    assert "202 BH/C1,SB" in lines
    players = [ln for ln in lines if ln.startswith("001")]
    # Beta is first on SB (3 against 2), Delta third (SB 2 against Gamma's 1)
    assert [int(ln[84:89]) for ln in players] == [2, 1, 4, 3]
    # the input declared other ranks, made with no declared list: noted once, exit 0
    assert code == 0 and "T505" not in err and "T506 4 declared rank(s)" in err


def test_explain_koya_and_progressive(tiny: Path) -> None:
    _, out, _ = run("explain", str(tiny), "--player", "3", "--tb", "KS", "--rules", "fide-2024")
    # Gamma: lost to Alpha (2) and Beta (2), beat Delta (1); threshold 1.5 of 3
    assert "threshold: 1.5 points" in out and out.count("; counts") == 2
    assert out.rstrip().endswith("total: 0")
    _, out, _ = run("explain", str(tiny), "--player", "1", "--tb", "PS/C1", "--rules", "fide-2024")
    assert "running score 1 (cut)" in out and out.rstrip().endswith("total: 3")


def test_tiebreaks_json_contract_and_schema() -> None:
    result = cli_run("tiebreaks", SWISS, "--tb", "BH/C1", "--tb", "SB", "--to", "json")
    doc = json.loads(result.stdout)
    assert list(doc) == ["rules", "tiebreaks", "players", "after_round", "rounds"]
    assert (doc["after_round"], doc["rounds"]) == (5, 5)
    assert doc["rules"] == "fide-2009"  # auto: starts 2024-03-02, before 2024-04-01
    assert doc["tiebreaks"] == ["BH/C1", "SB"]
    assert doc["players"][0] == {
        "start": 2,
        "name": "Brennan, Liam",
        "rank": 1,
        "values": {"PTS": 4.5, "BH/C1": 12.0, "SB": 12.0},
    }
    schema = json.loads((ROOT / "schemas" / "standings.schema.json").read_text())
    jsonschema.validate(doc, schema)
    undefined = json.loads(cli_run("tiebreaks", SWISS, "--tb", "ARO", "--to", "json").stdout)
    assert undefined["players"][0]["values"]["ARO"] is None  # an unrated player in the field
    rated = json.loads(
        cli_run(
            "tiebreaks", SWISS, "--tb", "ARO", "--unrated-rating", "1400", "--to", "json"
        ).stdout
    )
    assert rated["players"][0]["values"]["ARO"] == 2141  # (1955+2088+2204+2310+2150)/5


@pytest.mark.parametrize(
    ("date", "edition"),
    [
        ("2024/03/31", "fide-2009"),
        ("2024/04/01", "fide-2024"),
        ("2026/02/28", "fide-2024"),
        ("2026/03/01", "fide-2026"),
        (None, "fide-2026"),
    ],
)
def test_rules_auto_by_start_date(date: str | None, edition: str) -> None:
    lines = [x for x in swiss_lines() if not x.startswith(("042", "052", "132"))]
    if date:
        lines.insert(3, f"042 {date}")
    doc = json.loads(
        cli_run(
            "tiebreaks", "-", "--tb", "BH", "--to", "json", stdin="\n".join(lines).encode()
        ).stdout
    )
    assert doc["rules"] == edition
    text = cli_run("tiebreaks", "-", "--tb", "BH", stdin="\n".join(lines).encode()).stdout
    assert edition in text


EVERY_INDIVIDUAL_CODE = [
    "PS",
    "PS/C1",
    "KS",
    "KS/L-1",
    "KS/L+1",
    "WIN",
    "WON",
    "BPG",
    "DE",
    "BH",
    "BH/M1",
    "BH/M2",
    "BH/C1",
    "BH/C2",
    "SOBH",
    "SB",
    "ARO",
    "ARO/C1",
    "TPR",
    "TPR/400",
    "PTS",
    "AOB",
    "AOB/F",
    "FB",
    "BWG",
    "REP",
    "STD",
    "TPN",
    "RTNG",
    "PTP",
    "APRO",
    "APPO",
    "SB/C1",
    "BH/P",
    "DE/P",
]


@pytest.mark.parametrize("rules", ["fide-2009", "fide-2024", "fide-2026", "ru-2013"])
def test_every_individual_code_is_accepted_under_every_edition(rules: str) -> None:
    args = [x for c in EVERY_INDIVIDUAL_CODE for x in ("--tb", c)]
    result = cli_run(
        "tiebreaks", SWISS, *args, "--rules", rules, "--unrated-rating", "1400", "--to", "json"
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["rules"] == rules and doc["tiebreaks"] == EVERY_INDIVIDUAL_CODE
    brennan = doc["players"][0]["values"]
    assert brennan["PTS"] == 4.5 and brennan["WIN"] == 4 and brennan["TPN"] == 2
    assert brennan["RTNG"] == 2295 and brennan["ARO"] == 2141


def test_tiebreaks_values_by_hand_under_fide_2024() -> None:
    doc = json.loads(
        cli_run(
            "tiebreaks",
            SWISS,
            "--rules",
            "fide-2024",
            "--tb",
            "BH",
            "--tb",
            "SB",
            "--tb",
            "BH/C1",
            "--to",
            "json",
        ).stdout
    )
    brennan = doc["players"][0]["values"]
    # opponents 7, 5, 3, 1, 4 with 1.5 + 2.5 + 2.5 + 4 + 3 = 13.5; SB 1.5+2.5+2.5+2+3 = 11.5
    assert (brennan["BH"], brennan["SB"], brennan["BH/C1"]) == (13.5, 11.5, 12.0)


def test_tiebreaks_csv_trf_and_rank_disagreement() -> None:
    out = cli_run("tiebreaks", SWISS, "--tb", "BH/C1", "--tb", "SB", "--to", "csv").stdout
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert rows[0] == ["rank", "start", "name", "federation", "rating", "points", "BH/C1", "SB"]
    assert rows[1] == ["1", "2", "Brennan, Liam", "IRL", "2295", "4.5", "12", "12"]
    trf = cli_run("tiebreaks", SWISS, "--tb", "BH/C1", "--tb", "SB", "--to", "trf").stdout
    assert "\n202 BH/C1,SB" in trf
    ranks = {
        x[4:8].strip(): x[85:89].strip()
        for x in cli_run("tiebreaks", SWISS, "--tb", "SB", "--to", "trf").stdout.splitlines()
        if x.startswith("001")
    }
    assert (ranks["7"], ranks["9"], ranks["10"]) == ("10", "8", "9")  # written from the standings
    differs = cli_run("tiebreaks", SWISS, "--tb", "SB")  # SB alone reorders 7, 9, 10
    # ... but the file declares no list: its ranks are not checked against SB (T506, info)
    assert differs.exit_code == 0 and " T505 " not in differs.stderr
    assert " T506 3 declared rank(s) differ" in differs.stderr


def test_explain_reports_contributions_and_exits_by_the_input() -> None:
    result = cli_run("explain", SWISS, "--player", "2", "--tb", "BH", "--rules", "fide-2024")
    assert result.exit_code == 0
    assert "round 1: 1.5  (played vs #7 Rossi, Giulia, whose adjusted score is 1.5)" in (
        result.stdout
    )
    assert result.stdout.endswith("total: 13.5\n")
    assert cli_run("explain", SWISS, "--player", "99", "--tb", "BH").exit_code == 2
    binary = cli_run("explain", "-", "--player", "1", "--tb", "BH", stdin=bytes(range(256)))
    assert binary.exit_code == 1 and " T001 " in binary.stderr
