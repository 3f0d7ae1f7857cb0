"""Swiss-Manager files at the edges real events reach (issue 16): a round paired but not
played yet, ranks, long names, the subtitle and organiser, a tie-break number named twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from sm_writer import SmFile, SmPlayer

from trfkit.cli import cli
from trfkit.formats import read
from trfkit.formats.csv_writer import write_csv
from trfkit.formats.json_io import write_json
from trfkit.formats.swissmanager.reader import read_swissmanager
from trfkit.formats.trf.writer import write_trf


def four(**kw: object) -> SmFile:
    """Four players, three rounds: round 1 played, round 2 paired (results byte 0), round 3
    not paired yet."""
    f = SmFile(
        header={0: "Club Open"},
        kind=0,
        rounds=3,
        tiebreaks=(84, 85),
        start_date=20260401,
        end_date=20260403,
        players=[
            SmPlayer("Alpha", "Anna", rating=2000),
            SmPlayer("Beta", "Bert", rating=1900),
            SmPlayer("Gamma", "Gus", rating=1800),
            SmPlayer("Delta", "Dora", rating=1700),
        ],
        pairings=[[(1, 3, 1), (4, 2, 2)], [(2, 1, 0), (3, 4, 0)]],
    )
    for key, value in kw.items():
        setattr(f, key, value)
    return f


def test_paired_round_without_results_stays_in_every_output() -> None:
    doc = read_swissmanager(four().encode(), path="club.TUNX")
    t = doc.tournament
    by = t.by_start()
    assert by[1].rounds[1] == by[1].round(2)
    assert [(e.opponent, e.color, e.result) for e in by[1].rounds] == [(3, "w", "1"), (2, "b", " ")]
    assert [(e.opponent, e.color, e.result) for e in by[4].rounds] == [(2, "w", "="), (3, "b", " ")]
    assert [d.code for d in doc.diagnostics].count("T623") == 2
    rows = write_csv(t).splitlines()
    assert rows[1].split(",")[-3:] == ["3w1", "2b", ""]  # round 2: 2, Black, no result yet
    data = json.loads(write_json(t))
    pending = data["players"][0]["rounds"][1]
    assert (pending["opponent"], pending["color"], pending["result"]) == (2, "b", " ")
    line = next(x for x in write_trf(t).splitlines() if x.startswith("001    1"))
    assert line[91:99] == "   3 w 1" and line[101:].rstrip() == "   2 b"
    back = read(write_trf(t).encode(), "trf").tournament.by_start()[1]
    assert [(e.opponent, e.color, e.result) for e in back.rounds] == [(3, "w", "1"), (2, "b", " ")]


def corpus(shared_dir: Path, name: str) -> bytes:
    path = shared_dir / "corpus" / "swiss-manager" / "tunx" / name
    if not path.exists():
        pytest.skip(f"{name} is not in the corpus")
    return path.read_bytes()


def test_corpus_round_four_pairings_are_kept(shared_dir: Path) -> None:
    data = corpus(shared_dir, "esp_1385606.TUNX")
    t = read_swissmanager(data).tournament
    by = t.by_start()
    # round 4 of the Baleares championship: 1-2, 3-6, 8-4, 5-10, 13-9, 7-11, 12-14, no results
    assert [(e.opponent, e.color, e.result) for e in (by[1].round(4), by[2].round(4))] == [
        (2, "w", " "),
        (1, "b", " "),
    ]
    assert (by[8].round(4).opponent, by[8].round(4).color) == (4, "w")
    assert sum(1 for p in t.players if p.round(4).opponent is not None) == 14
    assert (t.played_rounds, t.scored_rounds) == (4, 3)  # round 4 is paired, not played


def test_info_counts_rounds_with_results_not_paired_ones(tmp_path: Path, runner: CliRunner) -> None:
    path = tmp_path / "club.TUNX"
    path.write_bytes(four().encode())
    result = runner.invoke(cli, ["info", str(path)])
    assert "rounds:   3 (1 with results; round 2: 2 game(s) paired, no result yet)" in result.stdout


def test_a_name_longer_than_the_trf_field_is_cut_with_t603(
    tmp_path: Path, runner: CliRunner
) -> None:
    long = SmPlayer("Wolfeschlegelsteinhausenbergerdorff", "Hubert Blaine", rating=1600)
    f = four(players=[*four().players[:3], long])
    source = tmp_path / "long.TUNX"
    source.write_bytes(f.encode())
    result = runner.invoke(cli, ["convert", str(source), "--to", "trf"])
    assert result.exit_code == 0, result.output
    line = next(x for x in result.stdout.splitlines() if x.startswith("001    4"))
    assert line[14:47] == "Wolfeschlegelsteinhausenbergerdor"  # 33 characters, then the rating
    t603 = [x for x in result.stderr.splitlines() if " T603 " in x]
    assert len(t603) == 1 and "1 player name(s) cut to 33 characters (first: player 4" in t603[0]
    json_out = runner.invoke(cli, ["convert", str(source), "--to", "json"])
    assert " T603 " not in json_out.stderr  # JSON holds the whole name


def played(**kw: object) -> SmFile:
    """``four`` with both rounds played: 1-3 1-0, 4-2 =, then 2-1 0-1, 3-4 0-1."""
    return four(pairings=[[(1, 3, 1), (4, 2, 2)], [(2, 1, 3), (3, 4, 3)]], rounds=2, **kw)


def test_trf_from_swiss_manager_gets_the_ranks_of_its_own_tiebreak_list(
    tmp_path: Path, runner: CliRunner
) -> None:
    """Points 1: 2, 4: 1.5, 2: 0.5, 3: 0. Ranks by points alone are 1, 4, 2, 3."""
    source = tmp_path / "club.TUNX"
    source.write_bytes(played().encode())
    result = runner.invoke(cli, ["convert", str(source), "--to", "trf", "-v"])  # T632: info
    assert result.exit_code == 0, result.output
    ranks = {
        int(x[4:8]): x[85:89].strip() for x in result.stdout.splitlines() if x.startswith("001")
    }
    assert ranks == {1: "1", 4: "2", 2: "3", 3: "4"}
    (note,) = [x for x in result.stderr.splitlines() if " T632 " in x]
    assert "PTS, BH, SB" in note and "after round 2" in note
    out = tmp_path / "club.trf"
    out.write_text(result.stdout, encoding="utf-8")
    check = runner.invoke(cli, ["check", str(out)])
    assert "T113" not in check.output


def test_ranks_split_on_the_file_list_not_on_start_numbers(
    tmp_path: Path, runner: CliRunner
) -> None:
    """1-2 =, 3-4 =, then 1-3 1-0, 2-4 0-1: 1 and 4 have 1.5, BH 0.5+0.5 = 1, SB 0.25+0.5
    = 0.75; 2 and 3 have 0.5, BH 3, SB 0.75. The file's list (BH, SB) leaves both pairs
    level, so they share ranks 1 and 3 (no order by start number is invented)."""
    f = four(pairings=[[(1, 2, 2), (3, 4, 2)], [(1, 3, 1), (2, 4, 3)]], rounds=2)
    source = tmp_path / "tied.TUNX"
    source.write_bytes(f.encode())
    result = runner.invoke(cli, ["convert", str(source), "--to", "trf"])
    ranks = {
        int(x[4:8]): x[85:89].strip() for x in result.stdout.splitlines() if x.startswith("001")
    }
    assert ranks == {1: "1", 4: "1", 2: "3", 3: "3"}


def test_blank_ranks_when_the_list_cannot_be_computed_are_said(
    tmp_path: Path, runner: CliRunner
) -> None:
    from trfkit.filled_ranks import fill_ranks
    from trfkit.model import replace

    t = read_swissmanager(played().encode(), path="x.TUNX").tournament
    broken = replace(t, header=replace(t.header, tiebreaks=("NOSUCH",)))
    same, notes = fill_ranks(broken)
    assert same is broken and [d.code for d in notes] == ["T633"]
    assert "NOSUCH" in notes[0].message


def test_check_reports_a_blank_rank_column_of_a_finished_event(
    tmp_path: Path, runner: CliRunner
) -> None:
    t = read_swissmanager(played().encode(), path="x.TUNX").tournament
    path = tmp_path / "blank.trf"
    path.write_text(write_trf(t), encoding="utf-8")  # the writer alone fills no ranks
    check = runner.invoke(cli, ["check", str(path)])
    assert (
        " T113 the event is finished (round 2 of 2 has results) but no player has a rank"
        in check.output
    )
    assert check.exit_code == 0  # a warning
    again = runner.invoke(cli, ["convert", str(path), "--to", "trf"])  # TRF in: as written
    assert " T632 " not in again.stderr
    assert all(x[85:89].strip() == "" for x in again.stdout.splitlines() if x.startswith("001"))


def test_a_tiebreak_number_named_twice_keeps_both_positions_and_warns() -> None:
    doc = read_swissmanager(four(tiebreaks=(81, 84, 84, 85)).encode())
    assert doc.tournament.header.tiebreaks == ("DE", "BH", "BH", "SB")
    (warning,) = [d for d in doc.diagnostics if d.code == "T631"]
    assert warning.severity.value == "warning"
    assert "BH at positions 2, 3" in warning.message
    single = read_swissmanager(four(tiebreaks=(81, 84, 85)).encode())
    assert "T631" not in [d.code for d in single.diagnostics]


def test_corpus_baleares_list_keeps_six_positions(shared_dir: Path) -> None:
    doc = read_swissmanager(corpus(shared_dir, "esp_1385606.TUNX"))
    assert doc.tournament.header.tiebreaks == ("DE", "BH", "BH", "SB", "WIN", "WIN")
    assert [d.code for d in doc.diagnostics].count("T631") == 1


def test_section_and_organiser_are_kept_and_sections_get_distinct_012_names() -> None:
    names = []
    for section in ("Boys U16", "Girls U16"):
        f = four()
        f.header.update({0: "National Youth 2026", 1: section, 4: "Chess Club Graz"})
        t = read_swissmanager(f.encode()).tournament
        assert (t.header.subtitle, t.header.organiser) == (section, "Chess Club Graz")
        data = json.loads(write_json(t))["header"]
        assert (data["subtitle"], data["organiser"]) == (section, "Chess Club Graz")
        names.append(write_trf(t).splitlines()[0])
    assert names == ["012 National Youth 2026 - Boys U16", "012 National Youth 2026 - Girls U16"]


def test_a_subtitle_the_name_already_holds_is_not_repeated() -> None:
    f = four()
    f.header.update({0: "Open 2026 Group A", 1: "group a"})
    assert read_swissmanager(f.encode()).tournament.header.name == "Open 2026 Group A"
    f.header.update({0: "Open 2026", 1: "Group A\r\n(rated)"})
    assert read_swissmanager(f.encode()).tournament.header.name == "Open 2026 - Group A (rated)"


def test_an_organiser_field_holding_an_address_stays_private() -> None:
    f = four()
    f.header.update({4: "orga@example.org", 1: r"D:\Turniere\open.TUNX"})
    doc = read_swissmanager(f.encode())
    h = doc.tournament.header
    assert (h.organiser, h.subtitle, h.name) == ("", "", "Club Open")
    assert "example.org" not in write_json(doc.tournament)
    assert any(d.code == "T624" and "2 header" in d.message for d in doc.diagnostics)


def test_corpus_sections_of_one_event_convert_to_distinct_names(shared_dir: Path) -> None:
    """sample.TUNX and abs_fem_1378181.TUNX name the event and the section apart."""
    t = read_swissmanager(corpus(shared_dir, "abs_fem_1378181.TUNX")).tournament
    assert t.header.name == "Circuito Sesc de Xadrez - 2026 - Absoluto e Feminino"
    assert t.header.organiser == "FEXPAR, SESC"
    cro = read_swissmanager(corpus(shared_dir, "cro_1386483.TUNX")).tournament
    assert cro.header.subtitle == 'Kadetski "B" turnir'


def test_corpus_long_names_and_ranks_on_conversion(
    shared_dir: Path, tmp_path: Path, runner: CliRunner
) -> None:
    """sample.TUNX (the Circuito Sesc, 7 rounds played): two names longer than 33
    characters, no ranks in the file."""
    source = tmp_path / "sample.TUNX"
    source.write_bytes(corpus(shared_dir, "sample.TUNX"))
    result = runner.invoke(cli, ["convert", str(source), "--to", "trf", "-v"])  # T632: info
    assert result.exit_code == 0, result.stderr
    cut = [x for x in result.stderr.splitlines() if " T603 " in x and "name" in x]
    assert len(cut) == 1 and "2 player name(s) cut to 33 characters" in cut[0]
    lines = [x for x in result.stdout.splitlines() if x.startswith("001")]
    ranks = sorted(int(x[85:89]) for x in lines)
    assert ranks[0] == 1 and all(r <= len(lines) for r in ranks) and len(ranks) == len(lines)
    assert " T632 " in result.stderr
    check = tmp_path / "sample.trf"
    check.write_text(result.stdout, encoding="utf-8")
    assert " T113 " not in runner.invoke(cli, ["check", str(check)]).output
