"""Tie-breaks at the edges of real files (issue 16): 299 bonuses and penalties, and
events in progress (rounds not played yet, rounds paired without a result).

Fixtures in ``tests/data/tiebreak_edges`` are hand-made; every expected value is worked
out in the comments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit.cli import cli
from trfkit.formats.trf.reader import loads_trf
from trfkit.model import AbnormalPoints, replace
from trfkit.tiebreaks import compute

DATA = Path(__file__).resolve().parents[1] / "data" / "tiebreak_edges"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def values(path: Path, *codes: str, **options: object) -> dict[int, dict[str, float | None]]:
    t = loads_trf(path.read_text()).tournament
    return {r.start: {"rank": r.rank, **r.values} for r in compute(t, list(codes), **options).rows}  # type: ignore[arg-type]


# -- 299: abnormal points ------------------------------------------------------------------
# Results: R1 A-B 1-0, C-D ½; R2 C-A ½, B-D 1-0 (A 1.5, B 1, C 1, D 0.5 over the board).
# 299: D +1 in round 1; A -0.5 (no round: the total); C's draw of round 2 worth 0.
# Scores: A 1.0, B 1.0, C 0.5, D 1.5 (what the file declares, and T401 accepts).


def test_299_counts_in_points_and_what_is_built_on_them() -> None:
    v = values(DATA / "bonus299.trf", "BH", "SB", "PS", "STD", "TPR", rules="fide-2024")
    assert {s: v[s]["PTS"] for s in v} == {1: 1.0, 2: 1.0, 3: 0.5, 4: 1.5}
    # BH: opponents' scores with their bonuses: A = B 1 + C 0.5; B = A 1 + D 1.5;
    # C = D 1.5 + A 1; D = C 0.5 + B 1
    assert {s: v[s]["BH"] for s in v} == {1: 1.5, 2: 2.5, 3: 2.5, 4: 1.5}
    # SB: opponent's score x points of the game (a bonus is no game; C's draw scores 0):
    # A = 1 x 1 + 0.5 x 0.5; B = 1.5 x 1; C = 1.5 x 0.5 + 1 x 0; D = 0.5 x 0.5
    assert {s: v[s]["SB"] for s in v} == {1: 1.25, 2: 1.5, 3: 0.75, 4: 0.25}
    # PS: D's bonus is in its round-1 running score (0.5 + 1, then 1.5); A's penalty
    # (no round) in the last one (1, then 1.5 - 0.5)
    assert {s: v[s]["PS"] for s in v} == {1: 2.0, 2: 1.0, 3: 1.0, 4: 3.0}
    # STD and TPR read the games only: D drew 1800 and lost to 1900, 25 % -> 1850 - 193
    assert v[4]["STD"] == 0.5 and v[1]["STD"] == 1.5 and v[4]["TPR"] == 1657
    # D first on points; B before A on BH; C last
    assert sorted(v, key=lambda s: v[s]["rank"]) == [4, 2, 1, 3]


def test_299_in_explain() -> None:
    code, out, _ = run("explain", str(DATA / "bonus299.trf"), "--player", "4", "--tb", "PS")
    assert "running score 1.5" in out.splitlines()[1] and out.rstrip().endswith("total: 3")


def test_299_under_the_virtual_opponent() -> None:
    """fide-2009: a bonus is in the score shown to opponents and in the virtual
    opponent's score before the round; the penalty with no round only at the end."""
    t = loads_trf((DATA / "bonus299.trf").read_text()).tournament

    # D gets a half-point bye in round 2 instead of its game with B (B: a full-point bye)
    def bye(p, code):  # type: ignore[no-untyped-def]
        return p.with_rounds(
            (p.rounds[0], replace(p.rounds[1], opponent=None, color="", result=code))
        )

    players = tuple(
        bye(p, "H") if p.start == 4 else bye(p, "F") if p.start == 2 else p for p in t.players
    )
    s = compute(replace(t, players=players), ["BH"], rules="fide-2009").by_start()
    # D: 0.5 + 0.5 + bonus 1 = 2; shown to C as 0.5 + 0.5 (bye as a draw) + 1 = 2
    assert s[4].points == 2.0
    # D's own BH: C (0.5 + 0 shown: C's games are all played) = 0.5, plus the virtual
    # opponent of round 2: D's 1.5 before it (with the bonus) + ½ = 2.0
    assert s[4].values["BH"] == 2.5
    # C: D shown 2.0 + A 1.0 = 3.0
    assert s[3].values["BH"] == 3.0


def test_299_that_matches_nothing_is_reported_and_not_applied() -> None:
    t = loads_trf((DATA / "bonus299.trf").read_text()).tournament
    extra = (
        AbnormalPoints("W", None, 1.5, 1, (2,), line=99),  # B lost round 1
        AbnormalPoints("", None, 1.0, None, (9,), line=98),
    )  # no player 9
    s = compute(replace(t, abnormal=t.abnormal + extra), ["BH"], rules="fide-2024")
    assert s.by_start()[2].points == 1.0
    messages = [d.message for d in s.diagnostics if d.code == "T515"]
    assert len(messages) == 2 and any("no 'W' result in round 1" in m for m in messages)
    assert any("no player with start number 9" in m for m in messages)


def test_299_corpus_bonus(shared_dir: Path) -> None:
    """bbpPairings' test file: P4 lost round 1 and has a 2-point bonus in it."""
    path = shared_dir / "corpus" / "trf" / "sharly-bbppairings" / "indiv_299_bonus.input"
    if not path.is_file():
        pytest.skip("corpus file absent")
    code, out, _ = run(
        "tiebreaks", str(path), "--tb", "BH", "--tb", "SB", "--rules", "fide-2024", "--to", "json"
    )
    doc = json.loads(out)
    by = {p["start"]: p["values"] for p in doc["players"]}
    assert (doc["after_round"], doc["rounds"]) == (1, 3)
    assert by[4]["PTS"] == 2.0 and by[3]["BH"] == 2.0 and by[3]["SB"] == 2.0
    assert doc["players"][0]["start"] == 4


# -- rounds not played yet ----------------------------------------------------------------
# 142/XXR 3, two rounds played: R1 A-B 1-0, C-D 1-0; R2 C-A 0-1, B-D 1-0.
# After round 2: A 2, B 1, C 1, D 0; BH(A) = B 1 + C 1 = 2.


def test_standings_stop_at_the_last_round_with_a_result() -> None:
    code, out, err = run("tiebreaks", str(DATA / "two_of_three.trf"), "--tb", "BH", "--to", "json")
    doc = json.loads(out)
    # B and C are level on points and BH: they share rank 2, places 2 and 3; C's declared
    # rank 3 is one of them, so it is no disagreement at all (neither T505 nor T506)
    assert code == 0 and "T506" not in err and "T505" not in err
    assert (doc["after_round"], doc["rounds"]) == (2, 3)
    assert {p["start"]: p["values"]["BH"] for p in doc["players"]} == {1: 2, 2: 2, 3: 2, 4: 2}
    assert "T516 standings after round 2 of 3: round 3 has no result yet" in err
    _, text, _ = run("tiebreaks", str(DATA / "two_of_three.trf"), "--tb", "BH")
    assert text.startswith("Standings after round 2 of 3 - rules fide-2026")
    # asked for: round 3 is scored, everyone absent (fide-2026: the dummy is capped at
    # 1.5, the absences show as draws): A = 1.5 + 1.5 + 1.5
    _, out, _ = run(
        "tiebreaks",
        str(DATA / "two_of_three.trf"),
        "--tb",
        "BH",
        "--after-round",
        "3",
        "--to",
        "json",
    )
    doc = json.loads(out)
    assert doc["after_round"] == 3 and doc["players"][0]["values"]["BH"] == 4.5


def test_a_paired_round_without_result_is_no_absence() -> None:
    path = DATA / "two_of_three_paired.trf"
    assert values(path, "BH")[1]["BH"] == 2.0  # default: after round 2
    # round 3 asked for: A-D and B-C are paired, no result: the opponents count as met
    # with their scores (A: B 1 + C 1 + D 0; D: C 1 + B 1 + A 2), nobody is absent
    v = values(path, "BH", "REP", after_round=3, rules="fide-2026")
    assert {s: v[s]["BH"] for s in v} == {1: 2.0, 2: 3.0, 3: 3.0, 4: 4.0}
    assert {v[s]["REP"] for s in v} == {3.0}
    code, out, _ = run("explain", str(path), "--player", "1", "--tb", "BH", "--after-round", "3")
    assert "round 3: 0  (paired, no result yet vs #4 Delta,D" in out


@pytest.mark.parametrize(
    "command", [["tiebreaks"], ["explain", "--player", "1", "--tb", "BH"], ["playoff"]]
)
@pytest.mark.parametrize("round_", ["0", "4", "-1"])
def test_after_round_names_a_round_of_the_event(command: list[str], round_: str) -> None:
    code, _, err = run(
        command[0], str(DATA / "two_of_three.trf"), *command[1:], "--after-round", round_
    )
    assert code == 2 and "choose 1..3" in err


def test_playoff_after_round() -> None:
    # after round 1: A (beat B) and C (beat D) lead with 1 point
    code, out, _ = run(
        "playoff", str(DATA / "two_of_three.trf"), "--after-round", "1", "--to", "json"
    )
    doc = json.loads(out)
    assert [e["start"] for e in doc["players"]] == [1, 3]
    assert any("after round 1 of 3" in n for n in doc["notes"])


def test_pairing_engine_input_is_scored_after_its_last_round(shared_dir: Path) -> None:
    """bbpPairings' Dutch C9 input: XXR 3, round 1 played. TieBreakServer scores rounds
    2-3 as absences (BH 3.0 for #1); trfkit by default gives the standings after round 1
    (#1 beat #3, who has 0) and the checker's value only when asked for round 3."""
    path = shared_dir / "corpus" / "trf" / "bbppairings" / "dutch_2025_C9.input"
    if not path.is_file():
        pytest.skip("corpus file absent")
    assert values(path, "BH", rules="fide-2024")[1]["BH"] == 0.0
    assert values(path, "BH", rules="fide-2024", after_round=3)[1]["BH"] == 3.0


# -- declared direct encounter (T503) -----------------------------------------------------
# A chess-results crosstable (Swiss-Manager): r1 1-3 1-0, 2-4 1-0; r2 1-2 1-0, 3-4 ½;
# r3 4-1 1-0, 2-3 ½. Points 2, 1.5, 1, 1.5: #2 and #4 are tied, #2 beat #4.
# Swiss-Manager's DE is the points among the tied players: #2 1, #4 0 (0 for the
# others); trfkit's DE is the rank in the group: #2 1, #4 2.


def _de_t503(html: bytes) -> list[str]:
    from trfkit.formats.chessresults.html_page import read_crhtml
    from trfkit.validation.driver import validate

    return [d.message for d in validate(read_crhtml(html)) if d.code == "T503"]


def _de_page(de2: str, de4: str) -> bytes:
    html = (DATA / "de_crosstable.html").read_text(encoding="utf-8")
    row2 = "<td>3w½</td><td>1,5</td><td>2</td><td>1</td>"
    row4 = "<td>1w1</td><td>1,5</td><td>3</td><td>0</td>"
    assert row2 in html and row4 in html
    html = html.replace(row2, row2[: -len("<td>1</td>")] + f"<td>{de2}</td>")
    return html.replace(row4, row4[: -len("<td>0</td>")] + f"<td>{de4}</td>").encode()


def test_declared_de_in_the_same_order_agrees() -> None:
    assert _de_t503((DATA / "de_crosstable.html").read_bytes()) == []


def test_declared_de_in_another_order_is_reported_once_per_group() -> None:
    assert _de_t503(_de_page("0", "1")) == [
        "players 2, 4, tied before DE: declared DE (TB1) (points among the tied players) "
        "4 1, 2 0 orders them 4 > 2; computed DE (rank in the group, 0 = not separated) "
        "2 1, 4 2 orders them 2 > 4"
    ]
    assert _de_t503(_de_page("0", "0")) == [
        "players 2, 4, tied before DE: declared DE (TB1) (points among the tied players) "
        "2 0, 4 0 orders them 2=4; computed DE (rank in the group, 0 = not separated) "
        "2 1, 4 2 orders them 2 > 4"
    ]


@pytest.mark.parametrize(
    "name", ["ussa2026_roundrobin_crosstable", "frome2026_open_crosstable", "arad2026_a_crosstable"]
)
def test_corpus_declared_de_agrees(shared_dir: Path, name: str) -> None:
    """ussa: #2, #4 and #6 tied on 5 beat one another in a cycle; Swiss-Manager prints 0
    for all (not separated), as trfkit's DE does."""
    path = shared_dir / "corpus" / "chess-results" / "html" / f"{name}.html"
    if not path.is_file():
        pytest.skip("corpus file absent")
    assert [m for m in _de_t503(path.read_bytes()) if " DE" in m] == []


# -- rating cuts and unplayed rounds before 2023 --------------------------------------------
# 5 players, 3 rounds, one PAB a round: #1 (2000) beat #2 (1900) and #3 (1800), PAB in
# round 3. Before 2023 (Swiss-Manager's 2021 World Blitz values, TieBreakServer's 2022
# rules) the unplayed round takes the cut: ARO/C1(#1) = (1900 + 1800) / 2 = 1850; the
# 2023+ rules cut the lowest-rated opponent: 1900.


def test_pre_2023_rating_cuts_are_taken_by_unplayed_rounds_first() -> None:
    path = DATA / "rating_cut_bye.trf"
    old = values(path, "ARO/C1", "ARO/M1", "TPR/C1", rules="fide-2009")
    assert old[1]["ARO/C1"] == 1850
    assert old[1]["ARO/M1"] == 1800  # the PAB takes the low cut, 1900 the high one
    assert old[1]["TPR/C1"] == 2650  # 2 of 2 against 1850: + 800
    # #3 played all three rounds (1700 ½, 2000 0, 1600 1): the lowest opponent is cut
    assert old[3]["ARO/C1"] == 1850 and old[3]["ARO/M1"] == 1700
    new = values(path, "ARO/C1", "ARO/M1", "TPR/C1", rules="fide-2024")
    assert new[1]["ARO/C1"] == 1900 and new[1]["ARO/M1"] is None and new[1]["TPR/C1"] == 2700
    # auto: 042 is 2021-12-29, the pre-2023 rules
    assert values(path, "ARO/C1")[1]["ARO/C1"] == 1850


# -- a game paired without a result has its own kind ----------------------------------------


def test_a_paired_game_without_result_is_its_own_kind_not_a_bye(tmp_path: Path) -> None:
    path = DATA / "two_of_three_paired.trf"
    code, out, _ = run("convert", str(path), "--to", "json")
    doc = json.loads(out)
    alpha = next(p for p in doc["players"] if p["start"] == 1)
    assert [(r["opponent"], r["result"], r["kind"]) for r in alpha["rounds"]] == [
        (2, "1", "win"),
        (3, "1", "win"),
        (4, " ", "paired-no-result"),
    ]
    # a blank result without an opponent is still an absence
    absent = (
        path.read_text()
        .replace("     4 w  \n", "  0000 - Z\n")
        .replace("     1 b  \n", "          \n")
    )
    t = loads_trf(absent).tournament
    assert [e.kind.value for e in (t.by_start()[1].round(3), t.by_start()[4].round(3))] == [
        "zero-point-bye",
        "not-paired",
    ]
    # a JSON file written before the kind existed (it said zero-point-bye) still reads
    for r in alpha["rounds"]:
        r["kind"] = "zero-point-bye"
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    code, out, err = run("convert", str(old), "--to", "json")
    assert code == 0, err
    back = next(p for p in json.loads(out)["players"] if p["start"] == 1)
    assert back["rounds"][2]["kind"] == "paired-no-result"
    # CSV: the opponent and colour, no result
    _, csv_out, _ = run("convert", str(path), "--to", "csv")
    assert csv_out.splitlines()[1].split(",")[-3:] == ["2w1", "3b1", "4w"]


def test_info_counts_the_games_paired_without_result() -> None:
    path = DATA / "two_of_three_paired.trf"
    _, out, _ = run("info", str(path))
    assert "rounds:   3 (2 with results; round 3: 2 game(s) paired, no result yet)" in out
    _, out, _ = run("info", str(path), "--to", "json")
    doc = json.loads(out)
    assert (doc["played_rounds"], doc["pending_games"]) == (2, {"3": 2})
    _, out, _ = run("info", str(DATA / "two_of_three.trf"), "--to", "json")
    assert json.loads(out)["pending_games"] == {}


def test_absences_given_with_the_pairings_do_not_make_the_round_played(tmp_path: Path) -> None:
    """two_of_three_paired plus a fifth player absent in every round (``0000 - Z``): the
    Z of round 3 is written with the pairings (chess-results shows such "0-Z" before
    the round is played); round 3 has no game result, so the standings stay after round
    2 (before, any result in round 3 made it a played round)."""
    text = (DATA / "two_of_three_paired.trf").read_text() + (
        "001    5      Epsilon,E                         1600                             "
        "0.0    5  0000 - Z  0000 - Z  0000 - Z\n"
    )
    path = tmp_path / "absent.trf"
    path.write_text(text)
    t = loads_trf(text).tournament
    assert (t.scored_rounds, t.played_rounds) == (2, 3)
    code, out, err = run("tiebreaks", str(path), "--tb", "BH", "--to", "json")
    assert (json.loads(out)["after_round"], json.loads(out)["rounds"]) == (2, 3)
    assert "T516 standings after round 2 of 3: round 3 has no result yet and is not scored" in err
    _, out, _ = run("info", str(path))
    assert "rounds:   3 (2 with results; round 3: 2 game(s) paired, no result yet)" in out
    # one game of round 3 finished: the round is in progress, so it is scored
    done = text.replace("     4 w  \n", "     4 w 1\n").replace("     1 b  \n", "     1 b 0\n")
    assert loads_trf(done).tournament.scored_rounds == 3


def test_declared_ranks_are_checked_only_against_the_files_own_round() -> None:
    """samples/trf26.trf ranks its players after its last round under its own 202 list:
    standings after round 1 (--after-round) are not what that column describes, so they
    raise no T505 (before: three errors and exit 1); the full standings still match."""
    sample = Path(__file__).resolve().parents[2] / "samples" / "trf26.trf"
    code, _, err = run("tiebreaks", str(sample), "--after-round", "1")
    assert (code, " T505 " in err) == (0, False)
    code, _, err = run("tiebreaks", str(sample))
    assert (code, " T505 " in err) == (0, False)
    t = loads_trf(sample.read_text()).tournament
    wrong = replace(
        t, players=tuple(replace(p, rank=9 if p.start == 2 else p.rank) for p in t.players)
    )
    assert [d.code for d in compute(wrong, None).diagnostics].count("T505") == 1
    assert "T505" not in [d.code for d in compute(wrong, None, after_round=1).diagnostics]


def test_a_declared_rank_inside_a_tie_is_no_disagreement() -> None:
    """Players the list cannot separate share a rank; the file, which must print one
    order, may give them consecutive places: a declared rank inside the tie's places is
    fine, one outside them still differs. two_of_three --tb BH: B and C share rank 2 and
    C declares 3 (before: a T506). The Frome Open crosstable (chess-results, DE then PS)
    declares 2 and 3 for two players level on points, DE and PS (before: 10 T505 errors,
    exit 1)."""
    from trfkit.tiebreaks.standings import outside_ties

    # ranks computed 1, 2, 2, 4: the tie of 2 covers places 2 and 3
    assert outside_ties([1, 2], [3, 2], [1, 2, 2, 4]) == []
    assert outside_ties([1, 2, 3], [4, 2, 3], [1, 2, 2, 4]) == [1, 3]
    code, _, err = run("tiebreaks", str(DATA / "two_of_three.trf"), "--tb", "BH")
    assert (code, " T505 " in err, " T506 " in err) == (0, False, False)


def test_corpus_page_with_ties_the_list_leaves_has_no_rank_errors(shared_dir: Path) -> None:
    page = shared_dir / "corpus" / "chess-results" / "html" / "frome2026_open_crosstable.html"
    if not page.exists():
        pytest.skip("frome2026_open_crosstable.html is not in the corpus")
    code, _, err = run("tiebreaks", str(page))
    assert (code, " T505 " in err) == (0, False)
