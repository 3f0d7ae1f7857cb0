"""Acceptance contracts of issues 2-9, one compact test each, with real values.

These pin the interfaces scripts depend on (command names, options, JSON keys, codes,
exit statuses) on the bundled samples and small inputs made here; the detailed
behaviour is tested in the module-specific files.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from trfkit.cli import cli

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples"
SWISS = SAMPLES / "swiss.trf"
SHARED = Path(__file__).resolve().parents[2] / "shared"


def run(*args: str, stdin: bytes | None = None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=stdin)


def swiss_lines() -> list[str]:
    return SWISS.read_text(encoding="ascii").split("\n")


def player_line_no(start: int) -> int:
    """0-based index of player ``start``'s 001 line in samples/swiss.trf."""
    return next(i for i, line in enumerate(swiss_lines()) if line.startswith(f"001 {start:4d}"))


def put(line: str, col: int, text: str) -> str:
    """``line`` with ``text`` written at 1-based column ``col``."""
    return line[: col - 1] + text + line[col - 1 + len(text):]


def round_col(r: int) -> int:
    return 92 + 10 * (r - 1)


# ---- issue 2: convert / info / --version ---------------------------------------------------


@pytest.mark.parametrize("sample", sorted(p.name for p in SAMPLES.glob("*.trf")))
def test_json_is_lossless_and_trf_idempotent(sample: str, tmp_path: Path) -> None:
    src = SAMPLES / sample
    direct = run("convert", src, "--to", "trf")
    as_json = run("convert", src, "--to", "json", "-o", tmp_path / "x.json")
    assert direct.exit_code == 0 and as_json.exit_code == 0
    back = run("convert", tmp_path / "x.json", "--to", "trf")
    assert back.stdout_bytes == direct.stdout_bytes
    (tmp_path / "a.trf").write_bytes(direct.stdout_bytes)
    assert run("convert", tmp_path / "a.trf", "--to", "trf").stdout_bytes == direct.stdout_bytes


def test_convert_stdin_newline_edition_and_data_on_stdout() -> None:
    crlf = run("convert", "-", "--to", "trf", "--newline", "crlf", stdin=SWISS.read_bytes())
    assert crlf.exit_code == 0 and crlf.stderr == ""
    assert crlf.stdout_bytes.startswith(b"012 trfkit Spring Open 2024\r\n022 Galway\r\n")
    cr = run("convert", SWISS, "--to", "trf", "--newline", "cr").stdout_bytes
    assert b"\n" not in cr and cr.count(b"\r") == len(swiss_lines()) - 1
    trf16 = run("convert", SAMPLES / "trf26.trf", "--to", "trf16").stdout
    assert "\n162 " not in trf16 and "\n142 " not in trf16
    trf26 = run("convert", SWISS, "--to", "trf26").stdout
    assert "\n142    5\n" in trf26 or "\n142 5\n" in trf26


def test_csv_columns_and_round_cells() -> None:
    rows = list(csv.reader(io.StringIO(run("convert", SWISS, "--to", "csv").stdout, newline="")))
    assert rows[0] == ["start", "name", "federation", "rating", "fide_id", "points", "rank",
                       "r1", "r2", "r3", "r4", "r5"]
    assert rows[1] == ["1", "Moreau, Claire", "FRA", "2310", "99100001", "4.0", "2",
                       "6w1", "4b=", "8w1", "2b=", "5w1"]
    assert rows[7][7:] == ["2w0", "8b-", "0-Z", "9b=", "10b1"]


def test_csv_points_are_computed_when_the_input_declares_none() -> None:
    # A starting list without the Points field (as native Swiss-Manager files are read):
    # the column holds the score of the results, as the TRF writer writes it.
    lines = swiss_lines()
    lines = [put(x, 81, "    ") if x.startswith("001") else x for x in lines]
    out = run("convert", "-", "--to", "csv", stdin="\n".join(lines).encode()).stdout
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert [r[5] for r in rows[1:]] == ["4.0", "4.5", "2.5", "3.0", "2.5", "2.5", "1.5", "2.0",
                                        "1.5", "1.5"]


def test_encoding_found_or_forced_and_output_utf8() -> None:
    guessed = run("convert", SAMPLES / "cp1252.trf", "--to", "trf", "-v")  # T002 is an info
    assert guessed.exit_code == 0 and " T002 " in guessed.stderr
    assert "Lefèvre, Zoé" in guessed.stdout_bytes.decode("utf-8")
    forced = run("convert", SAMPLES / "cp1252.trf", "--to", "trf", "--encoding", "cp1252")
    assert forced.stderr == "" and forced.stdout_bytes == guessed.stdout_bytes
    assert run("convert", SAMPLES / "cp1252.trf", "--encoding", "no-such-codec").exit_code == 2


def test_reader_quirks_read_cleanly_and_losslessly() -> None:
    lines = swiss_lines()
    at = {int(x[4:8]): i for i, x in enumerate(lines) if x.startswith("001")}
    lines[at[1]] = put(lines[at[1]], 70, "1990.04.12")
    lines[at[2]] = put(lines[at[2]], 70, "1987      ")
    lines[at[3]] = put(lines[at[3]], 70, "05.06.2001")
    lines[at[3]] = put(lines[at[3]], round_col(5), "   9 - +")  # colourless forfeit
    lines[at[9]] = put(lines[at[9]], round_col(5), "   3 - -")
    lines[at[4]] = put(lines[at[4]], 10, "f")
    lines[at[5]] = put(lines[at[5]], 58, "          0")
    lines[5] = "062 10 (9)"
    lines.insert(11, "112 Second, Deputy")
    lines.append(lines.pop(at[3]))  # 001 lines out of order
    lines.insert(3, "")
    data = "\r".join(lines).encode()  # CR line endings
    checked = run("check", "-", stdin=data)
    assert checked.exit_code == 0, checked.stdout
    doc = json.loads(run("convert", "-", "--to", "json", stdin=data).stdout)
    players = {p["start"]: p for p in doc["players"]}
    assert [players[n]["birth"]["iso"] for n in (1, 2, 3)] == ["1990-04-12", "1987", "2001-06-05"]
    assert (players[4]["sex"], players[5]["fide_id"]) == ("w", None)
    direct = run("convert", "-", "--to", "trf", stdin=data).stdout_bytes
    assert b"\n" not in direct
    again = run("convert", "-", "--to", "trf", stdin=direct).stdout_bytes
    via_json = run("convert", "-", "--to", "trf",
                   stdin=run("convert", "-", "--to", "json", stdin=data).stdout_bytes).stdout_bytes
    assert again == direct == via_json


def test_convert_directory_mirrors_and_exit_statuses(tmp_path: Path) -> None:
    tree = tmp_path / "in" / "sub"
    tree.mkdir(parents=True)
    (tree / "a.trf").write_bytes(SWISS.read_bytes())
    out = tmp_path / "out"
    assert run("convert", tmp_path / "in", "-o", out, "--to", "json").exit_code == 0
    assert json.loads((out / "sub" / "a.json").read_text())["format"] == "trfkit-tournament"
    assert run("convert", tmp_path / "in", "--to", "json").exit_code == 2  # no -o
    assert run("convert", tmp_path / "nope.trf").exit_code == 2
    assert run("convert", SWISS, "--to", "xml").exit_code == 2
    forced = run("convert", SWISS, "--from", "json")
    assert forced.exit_code == 1 and "T006" in forced.stderr


def test_info_and_version() -> None:
    info = run("info", SWISS, "--to", "json")
    assert info.exit_code == 0
    facts = json.loads(info.stdout)
    assert (facts["name"], facts["players"], facts["rounds"], facts["teams"], facts["encoding"],
            facts["edition"]) == ("trfkit Spring Open 2024", 10, 5, 0, "ascii", "trf16")
    assert run("--version").stdout.startswith("trfkit, version ")


# ---- issue 3: check ------------------------------------------------------------------------


def _fault(kind: str) -> bytes:
    lines = swiss_lines()
    p1, p2, p6 = player_line_no(1), player_line_no(2), player_line_no(6)
    if kind == "points":
        lines[p1] = put(lines[p1], 81, " 3.0")
    elif kind == "result":
        lines[p1] = put(lines[p1], round_col(1) + 7, "0")
    elif kind == "opponent":
        lines[p1] = put(lines[p1], round_col(1), "   7")
    elif kind == "colour":
        lines[p6] = put(lines[p6], round_col(1) + 5, "w")
    elif kind == "self":
        lines[p1] = put(lines[p1], round_col(1), "   1")
    elif kind == "dup-start":
        lines[p2] = put(lines[p2], 5, "   1")
    elif kind == "dup-id":
        lines[p2] = put(lines[p2], 58, "   99100001")
    elif kind == "bad-result":
        lines[p1] = put(lines[p1], round_col(1) + 7, "x")
    elif kind == "bad-colour":
        lines[p1] = put(lines[p1], round_col(1) + 5, "q")
    elif kind == "date":
        lines[p1] = put(lines[p1], 70, "1990/13/45")
    elif kind == "shift":
        lines[p1] = lines[p1][:90] + " " + lines[p1][90:]
    elif kind == "062":
        lines[5] = "062 12"
    elif kind == "short":
        lines[p1] = lines[p1][:40]
    elif kind == "ranks":
        lines[p1], lines[p2] = put(lines[p1], 86, "   1"), put(lines[p2], 86, "   2")
    return "\n".join(lines).encode()


@pytest.mark.parametrize(("kind", "code", "where"), [
    ("points", "T401", "13:81"), ("result", "T304", None), ("opponent", "T302", None),
    ("colour", "T303", None), ("self", "T307", "13:92"), ("dup-start", "T305", None),
    ("dup-id", "T306", None), ("bad-result", "T104", "13:99"), ("bad-colour", "T105", "13:97"),
    ("date", "T106", "13:70"), ("shift", "T107", None), ("062", "T202", "6:"),
    ("short", "T102", None), ("ranks", "T402", None),
])
def test_injected_faults_are_reported_with_their_code(
    kind: str, code: str, where: str | None
) -> None:
    result = run("check", "-", "--stdin-display-name", "ev.trf", stdin=_fault(kind))
    assert result.exit_code == 1, result.stdout
    hits = [x for x in result.stdout.splitlines() if f" {code} " in x]
    assert hits, result.stdout
    assert all(h.startswith("ev.trf:") for h in hits)
    if where:
        assert any(h.startswith(f"ev.trf:{where}") for h in hits), hits
    assert "Traceback" not in result.output


def test_bye_with_opponent_two_byes_empty_and_binary() -> None:
    lines = swiss_lines()
    p6, p7 = player_line_no(6), player_line_no(7)
    lines[p6] = put(lines[p6], round_col(3), "   7 - U")  # PAB with an opponent
    assert "T309" in run("check", "-", stdin="\n".join(lines).encode()).stdout
    lines = swiss_lines()
    lines[p7] = put(lines[p7], round_col(3), "0000 - U")  # 6 and 7 both get the PAB in round 3
    out = run("check", "-", stdin="\n".join(lines).encode())
    assert out.exit_code == 1 and " T312 " in out.stdout
    assert run("check", "-", stdin=b"").stdout.startswith("<stdin>:1:1: T005 ")
    binary = run("check", "-", stdin=bytes(range(256)) * 4)
    assert binary.exit_code == 1 and " T001 " in binary.stdout


def test_rules_listing_and_rule_explanation() -> None:
    listing = json.loads(run("rules", "--output-format", "json").stdout)
    by_code = {r["code"]: r for r in listing}
    expected = {
        "T001": "undecodable-input", "T002": "encoding-guessed", "T005": "empty-input",
        "T107": "misaligned-round-block", "T205": "round-count-mismatch",
        "T302": "asymmetric-pairing", "T312": "several-pairing-byes-in-round",
        "T313": "pairing-bye-twice", "T401": "points-mismatch", "T403": "scoring-system-assumed",
        "T503": "declared-tiebreak-differs", "T999": "internal-error",
    }
    assert {c: by_code[c]["name"] for c in expected} == expected
    assert (by_code["T002"]["severity"], by_code["T308"]["severity"]) == ("info", "warning")
    text = run("rule", "T302")
    assert text.exit_code == 0 and "Bad:" in text.stdout and "Good:" in text.stdout
    assert run("rule", "T998").exit_code == 2
    assert run("rules").stdout.startswith("T001  undecodable-input")


def test_check_selection_fail_on_exit_zero_and_formats() -> None:
    bad = _fault("points")
    # longest prefix wins: T40 ignored beats T4 selected
    assert "No problems" in run("check", "-", "--select", "T4", "--ignore", "T40", stdin=bad).stdout
    only = run("check", "-", "--ignore", "T4", "--select", "T401", stdin=bad)
    assert only.exit_code == 1 and [x.split()[1] for x in only.stdout.splitlines()[:-1]] == ["T401"]
    assert run("check", "-", "--exit-zero", stdin=bad).exit_code == 0
    clean = SWISS.read_bytes()  # only T403 (info)
    assert run("check", "-", stdin=clean).exit_code == 0
    assert run("check", "-", "--fail-on", "info", stdin=clean).exit_code == 1
    doc = json.loads(run("check", "-", "--output-format", "json", stdin=bad).stdout)
    assert set(doc) >= {"diagnostics", "summary"} and doc["summary"]["by_code"]["T401"] == 1
    gh = run("check", "-", "--output-format", "github", "--stdin-display-name", "e.trf",
             stdin=bad).stdout
    assert "::error title=T401 points-mismatch,file=e.trf,line=13,col=81," in gh
    stats = run("check", "-", "--statistics", stdin=bad).stdout
    assert any(x.split()[:2] == ["1", "T401"] for x in stats.splitlines())
    jl = run("check", "-", "--output-format", "jsonl", stdin=bad).stdout.splitlines()
    assert {json.loads(x)["code"] for x in jl} == {"T401", "T403"}


def test_sarif_is_2_1_0_with_rule_metadata() -> None:
    log = json.loads(run("check", "-", "--output-format", "sarif", stdin=_fault("points")).stdout)
    assert log["version"] == "2.1.0" and "sarif-2.1.0" in log["$schema"]
    run0 = log["runs"][0]
    rules = run0["tool"]["driver"]["rules"]
    result = next(r for r in run0["results"] if r["ruleId"] == "T401")
    assert rules[result["ruleIndex"]]["id"] == "T401" and result["level"] == "error"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (13, 81)


def test_check_directories_glob_and_workers(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "a.trf").write_bytes(_fault("points"))
    (tmp_path / "d" / "b.txt").write_bytes(_fault("points"))
    (tmp_path / "d" / "c.dat").write_bytes(_fault("points"))
    both = run("check", tmp_path / "d", "-j", "2", "--select", "T401").stdout
    names = sorted({Path(x.split(":")[0]).name for x in both.splitlines()[:-1]})
    assert names == ["a.trf", "b.txt"]
    only = run("check", tmp_path / "d", "--glob", "*.trf", "--select", "T401").stdout
    assert {Path(x.split(":")[0]).name for x in only.splitlines()[:-1]} == {"a.trf"}


def test_pre_commit_hook_runs_trfkit_check() -> None:
    text = (ROOT / ".pre-commit-hooks.yaml").read_text()
    assert "id: trfkit-check" in text and "entry: trfkit check" in text


# ---- issue 4: tiebreaks / explain ----------------------------------------------------------


def test_tiebreaks_json_contract_and_schema() -> None:
    result = run("tiebreaks", SWISS, "--tb", "BH/C1", "--tb", "SB", "--to", "json")
    doc = json.loads(result.stdout)
    assert list(doc) == ["rules", "tiebreaks", "players", "after_round", "rounds"]
    assert (doc["after_round"], doc["rounds"]) == (5, 5)
    assert doc["rules"] == "fide-2009"  # auto: starts 2024-03-02, before 2024-04-01
    assert doc["tiebreaks"] == ["BH/C1", "SB"]
    assert doc["players"][0] == {"start": 2, "name": "Brennan, Liam", "rank": 1,
                                 "values": {"PTS": 4.5, "BH/C1": 12.0, "SB": 12.0}}
    schema = json.loads((ROOT / "schemas" / "standings.schema.json").read_text())
    jsonschema.validate(doc, schema)
    undefined = json.loads(run("tiebreaks", SWISS, "--tb", "ARO", "--to", "json").stdout)
    assert undefined["players"][0]["values"]["ARO"] is None  # an unrated player in the field
    rated = json.loads(run("tiebreaks", SWISS, "--tb", "ARO", "--unrated-rating", "1400",
                           "--to", "json").stdout)
    assert rated["players"][0]["values"]["ARO"] == 2141  # (1955+2088+2204+2310+2150)/5


@pytest.mark.parametrize(("date", "edition"), [
    ("2024/03/31", "fide-2009"), ("2024/04/01", "fide-2024"), ("2026/02/28", "fide-2024"),
    ("2026/03/01", "fide-2026"), (None, "fide-2026"),
])
def test_rules_auto_by_start_date(date: str | None, edition: str) -> None:
    lines = [x for x in swiss_lines() if not x.startswith(("042", "052", "132"))]
    if date:
        lines.insert(3, f"042 {date}")
    doc = json.loads(run("tiebreaks", "-", "--tb", "BH", "--to", "json",
                         stdin="\n".join(lines).encode()).stdout)
    assert doc["rules"] == edition
    assert edition in run("tiebreaks", "-", "--tb", "BH", stdin="\n".join(lines).encode()).stdout


CODES = ["PS", "PS/C1", "KS", "KS/L-1", "KS/L+1", "WIN", "WON", "BPG", "DE", "BH", "BH/M1", "BH/M2",
         "BH/C1", "BH/C2", "SOBH", "SB", "ARO", "ARO/C1", "TPR", "TPR/400", "PTS", "AOB", "AOB/F",
         "FB", "BWG", "REP", "STD", "TPN", "RTNG", "PTP", "APRO", "APPO", "SB/C1", "BH/P", "DE/P"]


@pytest.mark.parametrize("rules", ["fide-2009", "fide-2024", "fide-2026", "ru-2013"])
def test_every_individual_code_is_accepted_under_every_edition(rules: str) -> None:
    args = [x for c in CODES for x in ("--tb", c)]
    result = run("tiebreaks", SWISS, *args, "--rules", rules, "--unrated-rating", "1400",
                 "--to", "json")
    assert result.exit_code in (0, 1), result.output
    doc = json.loads(result.stdout)
    assert doc["rules"] == rules and doc["tiebreaks"] == CODES
    brennan = doc["players"][0]["values"]
    assert brennan["PTS"] == 4.5 and brennan["WIN"] == 4 and brennan["TPN"] == 2
    assert brennan["RTNG"] == 2295 and brennan["ARO"] == 2141


def test_tiebreaks_values_by_hand_under_fide_2024() -> None:
    doc = json.loads(run("tiebreaks", SWISS, "--rules", "fide-2024", "--tb", "BH", "--tb", "SB",
                         "--tb", "BH/C1", "--to", "json").stdout)
    brennan = doc["players"][0]["values"]
    # opponents 7, 5, 3, 1, 4 with 1.5 + 2.5 + 2.5 + 4 + 3 = 13.5; SB 1.5+2.5+2.5+2+3 = 11.5
    assert (brennan["BH"], brennan["SB"], brennan["BH/C1"]) == (13.5, 11.5, 12.0)


def test_tiebreaks_csv_trf_and_rank_disagreement() -> None:
    out = run("tiebreaks", SWISS, "--tb", "BH/C1", "--tb", "SB", "--to", "csv").stdout
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert rows[0] == ["rank", "start", "name", "federation", "rating", "points", "BH/C1", "SB"]
    assert rows[1] == ["1", "2", "Brennan, Liam", "IRL", "2295", "4.5", "12", "12"]
    trf = run("tiebreaks", SWISS, "--tb", "BH/C1", "--tb", "SB", "--to", "trf").stdout
    assert "\n202 BH/C1,SB" in trf
    ranks = {x[4:8].strip(): x[85:89].strip()
             for x in run("tiebreaks", SWISS, "--tb", "SB", "--to", "trf").stdout.splitlines()
             if x.startswith("001")}
    assert (ranks["7"], ranks["9"], ranks["10"]) == ("10", "8", "9")  # written from the standings
    differs = run("tiebreaks", SWISS, "--tb", "SB")  # SB alone reorders 7, 9, 10
    # ... but the file declares no list: its ranks are not checked against SB (T506, info)
    assert differs.exit_code == 0 and " T505 " not in differs.stderr
    assert " T506 3 declared rank(s) differ" in differs.stderr


def test_explain_reports_contributions_and_exits_by_the_input() -> None:
    result = run("explain", SWISS, "--player", "2", "--tb", "BH", "--rules", "fide-2024")
    assert result.exit_code == 0
    assert "round 1: 1.5  (played vs #7 Rossi, Giulia, whose adjusted score is 1.5)" in (
        result.stdout)
    assert result.stdout.endswith("total: 13.5\n")
    assert run("explain", SWISS, "--player", "99", "--tb", "BH").exit_code == 2
    binary = run("explain", "-", "--player", "1", "--tb", "BH", stdin=bytes(range(256)))
    assert binary.exit_code == 1 and " T001 " in binary.stderr


# ---- issue 5: teams ------------------------------------------------------------------------

TEAM_CODES = ["MPTS", "GPTS", "MPvGP", "BH:MP", "BH:GP/C1", "PS:MP", "PS:GP", "EMMSB", "EMGSB",
              "EGMSB", "EGGSB/C1", "EDE", "EDE/P", "EDET", "EDEB", "EDEBT", "EDEBB", "BC", "TBR",
              "BBE", "SSSC", "AOB:MP", "WIN:MP", "KS:MP"]


def test_team_json_has_teams_and_keeps_players() -> None:
    args = [x for c in TEAM_CODES for x in ("--tb", c)]
    result = run("tiebreaks", SAMPLES / "team.trf", *args, "--rules", "fide-2026", "--to", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["rules"] == "fide-2026" and len(doc["players"]) == 8
    assert set(doc["players"][0]) >= {"start", "name", "rank", "values"}
    first = doc["teams"][0]
    assert set(first) >= {"number", "name", "rank", "values"}
    assert (first["name"], first["rank"], first["values"]["MPTS"], first["values"]["GPTS"]) == \
        ("Albion", 1, 4.0, 3.5)
    assert [t["rank"] for t in doc["teams"]] == [1, 2, 3, 4]
    level = json.loads(run("tiebreaks", SAMPLES / "team.trf", "--tb", "MPTS", "--to", "json")
                       .stdout)
    assert [t["rank"] for t in level["teams"]] == [1, 2, 2, 4]  # still tied: shared rank


# ---- issue 6: other readers ----------------------------------------------------------------


def test_from_forces_a_reader() -> None:
    as_json = run("convert", SWISS, "--to", "json").stdout
    assert run("convert", "-", "--from", "json", "--to", "csv",
               stdin=as_json.encode()).exit_code == 0
    assert run("convert", SWISS, "--from", "swissmanager", "--to", "json").exit_code == 1


def test_native_swiss_manager_file_converts(tmp_path: Path) -> None:
    tunx = SHARED / "corpus" / "swiss-manager" / "tunx" / "sample.TUNX"
    if not tunx.is_file():
        pytest.skip("reference corpus ../shared is not available")
    trf = run("convert", tunx, "--to", "trf26", "-o", tmp_path / "s.trf")
    assert trf.exit_code == 0
    assert run("check", tmp_path / "s.trf").exit_code == 0
    rows = list(csv.reader(io.StringIO(run("convert", tunx, "--to", "csv").stdout, newline="")))
    assert rows[1][:6] == ["1", "Aloisio, Ponti Lopes", "BRA", "1959", "2108372", "4.5"]
    assert "C:\\Users" not in run("convert", tunx, "--to", "json").stdout
    assert "C:\\Users" not in run("info", tunx).stdout
    assert "C:\\Users" in run("info", tunx, "--show-private").stdout


# ---- issue 7: playoff ----------------------------------------------------------------------

ARMAGEDDON = {"white_seconds": 300, "black_seconds": 240, "draw_winner": "black"}
RAPID = {"base_seconds": 180, "increment_seconds": 5}


def _plan(*args: str) -> dict:
    result = run("playoff", *args, "--to", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_playoff_json_contract() -> None:
    two = _plan("--tied", "2")
    assert set(two) >= {"tied", "clause", "stages", "excluded", "notes"}
    stage = two["stages"][0]
    assert set(stage) >= {"clause", "format", "groups", "pairings", "games", "time_control",
                          "if_tied"}
    assert (two["tied"], two["clause"], stage["format"], stage["pairings"], stage["games"],
            stage["time_control"]) == (2, "32.5.6.1", "match", [[1, 2]], 2, RAPID)
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
    assert run("playoff", "--tied", "1").exit_code == 2


# ---- issue 9: limits and spreadsheet safety ------------------------------------------------


def test_max_bytes_on_every_reading_command() -> None:
    for cmd in (["check"], ["info"], ["convert", "--to", "json"], ["tiebreaks"]):
        result = run(*cmd, SWISS, "--max-bytes", "100")
        assert result.exit_code == 1, cmd
        assert " T007 " in result.output and "Traceback" not in result.output
    assert run("info", SWISS, "--max-bytes", "lots").exit_code == 2


def test_csv_neutralises_formulas_unless_raw() -> None:
    lines = swiss_lines()
    p1 = player_line_no(1)
    lines[p1] = put(lines[p1], 15, '=HYPERLINK("x")'.ljust(33))
    data = "\n".join(lines).encode()
    convert = run("convert", "-", "--to", "csv", stdin=data).stdout
    assert '"\'=HYPERLINK(""x"")"' in convert
    raw = run("convert", "-", "--to", "csv", "--raw-csv", stdin=data).stdout
    assert '"=HYPERLINK(""x"")"' in raw and "'=" not in raw
    standings = run("tiebreaks", "-", "--tb", "BH", "--to", "csv", stdin=data).stdout
    assert '"\'=HYPERLINK(""x"")"' in standings


def test_csv_drops_nul_characters_from_json_input() -> None:
    # Python 3.10's csv module raises on a NUL (exit 2, T999); 3.11+ writes it raw.
    doc = json.loads(run("convert", SWISS, "--to", "json").stdout)
    doc["players"][0]["name"] = "Mo\u0000reau"
    data = json.dumps(doc).encode()
    for args in (["convert", "-", "--to", "csv"], ["convert", "-", "--to", "csv", "--raw-csv"],
                 ["tiebreaks", "-", "--to", "csv"], ["tiebreaks", "-", "--to", "csv", "--raw-csv"]):
        result = run(*args, stdin=data)
        assert result.exit_code in (0, 1), (args, result.output)
        assert "\x00" not in result.stdout and "Moreau" in result.stdout


def test_playoff_five_players_branch_by_how_many_are_level() -> None:
    stage = _plan("--tied", "5")["stages"][0]
    assert (stage["format"], stage["groups"]) == ("round-robin", [[1, 2, 3, 4, 5]])
    branches = stage["if_tied"]["branches"]
    assert [(b["level"], b["clause"]) for b in branches] == [
        (5, "32.5.6.1.1.1"), (4, "32.5.6.1.1.2"), (3, "32.5.6.1.1.3"), (2, "32.5.6.1.1.4")]


def test_xml_with_entities_is_refused() -> None:
    bomb = (b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]>\n'
            b"<chessresults><tournamentdata><tournament name='&b;'/></tournamentdata>"
            b"</chessresults>\n")
    result = run("info", "-", "--from", "chess-results-xml", stdin=bomb)
    assert result.exit_code == 1 and " T627 " in result.stderr and "aaaa" not in result.output


def test_directory_output_cannot_escape_through_a_symlink(tmp_path: Path) -> None:
    (tmp_path / "in" / "sub").mkdir(parents=True)
    (tmp_path / "in" / "sub" / "a.trf").write_bytes(SWISS.read_bytes())
    (tmp_path / "out").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "out" / "sub").symlink_to(tmp_path / "elsewhere")
    result = run("convert", tmp_path / "in", "-o", tmp_path / "out", "--to", "json")
    assert result.exit_code == 2 and list((tmp_path / "elsewhere").iterdir()) == []
