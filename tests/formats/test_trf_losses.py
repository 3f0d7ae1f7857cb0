"""TRF edition conversions say what they cannot keep and give the records of the edition asked
for (issue 15 "Data loss"): one T603 per kind with a count, 142/152/162 <-> XXR/XXC/XXS both
ways whatever edition the input was read as, teams keep their numbers, and Swiss-Manager's
national ratings survive."""

from __future__ import annotations

from pathlib import Path

from robust_helpers import invoke
from sm_writer import SmFile, SmPlayer
from trf_helpers import p001

from trfkit import formats
from trfkit.formats.trf.lines import team_310_line
from trfkit.formats.trf.losses import conversion_losses
from trfkit.model import Team

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"
SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _t603(stderr: str) -> list[str]:
    return [line.split(": T603 ", 1)[1] for line in stderr.splitlines() if ": T603 " in line]


def test_trf26_to_trf16_says_what_it_cannot_keep_once_per_kind() -> None:
    result = invoke("convert", str(DATA / "rich26.trf"), "--to", "trf16")
    # exit 1: the sample's declared points disagree with its 162 scoring (T401), and convert
    # exits as check does; the losses are warnings
    assert result.exit_code == 1 and " T401 " in result.stderr
    said = _t603(result.stderr)
    assert (
        "the nickname of 2 team(s) cannot be written in TRF16's 013 lines; left out "
        "(first: team 1 'Lyon')" in said
    )
    for kind in (
        "strength factor",
        "declared match points",
        "declared game points",
        "declared rank",
    ):
        assert (
            f"the {kind} of 2 team(s) cannot be written in TRF16's 013 lines; left out "
            "(first: team 1 'Lyon')" in said
        )
    assert "1 ### comment line(s) kept as written; TRF16 has no comment syntax" in said
    assert (
        "1 national-rating line(s) have no TRF16 counterpart; kept as written "
        "(first: FRA 1)" in said
    )
    assert "1 240 bye record(s) have no TRF16 counterpart; kept as written" in said
    assert "2 299 abnormal-points record(s) have no TRF16 counterpart; kept as written" in said
    headers = next(s for s in said if s.startswith("8 TRF26 header record(s)"))
    assert headers.endswith("(first: 172)")  # 172 182 192 202 212 222 352 362
    assert len(said) == len(set(said))  # one line per kind, never one per value
    assert invoke("convert", str(DATA / "rich26.trf"), "--to", "trf26").stderr.count("T603") == 0


def test_an_edition_round_trip_gives_the_records_of_the_edition_asked_for() -> None:
    sixteen = invoke("convert", str(SAMPLES / "trf26.trf"), "--to", "trf16").stdout
    assert {"XXR 3", "XXC white1"} <= set(sixteen.splitlines())
    back = formats.write(formats.read(sixteen.encode()).tournament, "trf26").splitlines()
    assert {"142 3", "152 W", "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0"} <= set(back)
    assert not [line for line in back if line[:3] in ("XXR", "XXC", "XXS")]
    twenty_six = invoke("convert", str(SAMPLES / "swiss.trf"), "--to", "trf26").stdout
    assert "142 5" in twenty_six.splitlines()
    again = formats.write(formats.read(twenty_six.encode()).tournament, "trf16").splitlines()
    assert "XXR 5" in again and not [line for line in again if line[:3] in ("142", "152")]


def _mixed(*teams: str) -> bytes:
    players = [
        p001(1, rounds=("   3 w 1",)),
        p001(2, rounds=("   4 b 0",)),
        p001(3, rounds=("   1 b 0",)),
        p001(4, rounds=("   2 w 1",)),
    ]
    return (
        "\n".join(["012 Mixed", "362 TW 2.0   TD 1.0   TL 0.0", *players, *teams]) + "\n"
    ).encode()


def _teams(text: str) -> list[tuple[int, str]]:
    return [(t.number, t.name) for t in formats.read(text.encode()).tournament.teams]


def test_teams_keep_their_numbers_in_trf16() -> None:
    beta = team_310_line(Team(1, "Beta", (3, 4), nickname="BET", source="310"))
    mixed = formats.read(_mixed(f"013 {'Alpha':<32}   1    2", beta)).tournament
    assert [(t.number, t.name) for t in mixed.teams] == [(1, "Beta")]
    assert _teams(formats.write(mixed, "trf16"))[0] == (1, "Beta")  # was (1, 'Alpha')
    assert "013 line(s) that no 310 team repeats" in " ".join(
        d.message for d in conversion_losses(mixed, "trf16")
    )
    swapped = formats.read(
        _mixed(
            team_310_line(Team(2, "Second", (3, 4), source="310")),
            team_310_line(Team(1, "First", (1, 2), source="310")),
        )
    ).tournament
    assert _teams(formats.write(swapped, "trf16")) == [(1, "First"), (2, "Second")]
    gap = formats.read(
        _mixed(
            team_310_line(Team(1, "One", (1, 2), source="310")),
            team_310_line(Team(5, "Five", (3, 4), source="310")),
        )
    ).tournament
    said = [d.message for d in conversion_losses(gap, "trf16")]
    assert (
        "1 team(s) get another number: 013 lines number teams 1, 2, ... in their order "
        "(first: team 5 'Five' becomes 2)" in said
    )


def test_swiss_manager_national_ratings_survive(tmp_path: Path) -> None:
    path = tmp_path / "club.TUNX"
    path.write_bytes(
        SmFile(
            header={0: "Club Championship", 20: "AUT"},
            rounds=1,
            players=[
                SmPlayer("Alpha", "Anna", federation="AUT", rating=0, national_rating=1716),
                SmPlayer("Beta", "Bert", federation="AUT", rating=1900, national_rating=1850),
                SmPlayer("Gamma", "Gus", federation="AUT", rating=1800),
            ],
            pairings=[[(1, 2, 1)]],
        ).encode()
    )
    t = formats.read(path.read_bytes()).tournament
    assert [(n.federation, n.start, n.rating) for n in t.national] == [
        ("AUT", 1, 1716),
        ("AUT", 2, 1850),
    ]
    back = formats.read(formats.write(t, "json").encode()).tournament
    assert [(n.start, n.rating) for n in back.national] == [(1, 1716), (2, 1850)]
    trf = invoke("convert", str(path), "--to", "trf26").stdout.splitlines()
    assert [line[:8] + line[48:52] for line in trf if line.startswith("AUT")] == [
        "AUT    11716",
        "AUT    21850",
    ]
    sixteen = invoke("convert", str(path), "--to", "trf16")
    assert "2 national-rating line(s) have no TRF16 counterpart" in sixteen.stderr


def test_corpus_trf26_round_trips_through_trf16_to_trf26_records(shared_dir: Path) -> None:
    tried = 0
    for path in sorted(p for p in (shared_dir / "corpus" / "trf").rglob("*") if p.is_file()):
        t = formats.read(path.read_bytes()).tournament
        if t.source.edition != "trf26" or not t.players:
            continue
        tried += 1
        codes = {r.code for r in t.header.records}
        sixteen = formats.read(formats.write(t, "trf16").encode()).tournament
        back = {
            r.code
            for r in formats.read(
                formats.write(sixteen, "trf26").encode()
            ).tournament.header.records
        }
        for modern, legacy in (("142", "XXR"), ("152", "XXC")):
            if modern in codes and legacy not in codes:
                assert modern in back and legacy not in back, (path, modern)
        assert [t.number for t in sixteen.teams] == sorted(t.number for t in sixteen.teams)
    assert tried == 10  # ../shared/corpus/trf holds ten TRF26 files with players


def test_losses_of_a_json_input_are_placed_at_that_input(tmp_path: Path) -> None:
    model = tmp_path / "rich.json"
    model.write_text(invoke("convert", str(DATA / "rich26.trf"), "--to", "json").stdout)
    result = invoke("convert", str(model), "--to", "trf16")
    said = [line for line in result.stderr.splitlines() if ": T603 " in line]
    assert said and all(line.startswith(f"{model}:1:1: T603 ") for line in said)


def test_013_lines_repeating_310_teams_are_kept_for_trf16_readers() -> None:
    beta = team_310_line(Team(1, "Beta", (3, 4), nickname="BET", source="310"))
    legacy = f"013 {'Beta':<32}   3    4"
    t = formats.read(_mixed(beta, legacy)).tournament
    assert [(x.number, x.name) for x in t.teams] == [(1, "Beta")]  # one team, not two
    for to in ("trf", "trf26"):
        assert formats.write(t, to).splitlines()[-2:] == [beta, legacy]
    back = formats.read(formats.write(t, "json").encode()).tournament
    assert formats.write(back, "trf") == formats.write(t, "trf")  # JSON keeps it too
    sixteen = formats.write(t, "trf16").splitlines()
    assert [line for line in sixteen if line.startswith("013")] == [legacy]  # once


def test_line_breaks_inside_values_are_said_when_written_as_blanks(tmp_path: Path) -> None:
    import json

    doc = json.loads(invoke("convert", str(SAMPLES / "swiss.trf"), "--to", "json").stdout)
    doc["players"][0]["name"] = "Moreau,\nClaire"
    doc["players"][1]["name"] = "Brennan,\r\nLiam"
    doc["teams"] = []
    src = tmp_path / "broken.json"
    src.write_text(json.dumps(doc))
    result = invoke("convert", str(src), "--to", "trf")
    said = _t603(result.stderr)
    assert said == [
        "2 value(s) hold line breaks or tabs, written as blanks: a TRF record is "
        "one line (first: player 1 'Moreau,\\nClaire')"
    ]
    assert "001    1 w FM Moreau, Claire" in result.stdout  # one record, the break a blank
    assert len(result.stdout.splitlines()) == len(
        invoke("convert", str(SAMPLES / "swiss.trf"), "--to", "trf").stdout.splitlines()
    )
    assert _t603(invoke("convert", str(SAMPLES / "swiss.trf"), "--to", "trf").stderr) == []


def test_a_number_too_wide_for_its_field_is_left_blank_not_cut_to_another(tmp_path: Path) -> None:
    import json

    doc = json.loads(invoke("convert", str(SAMPLES / "swiss.trf"), "--to", "json").stdout)
    players = doc["players"]
    players[0]["rating"] = 123456  # its last digits, 3456, were written: another rating
    players[1]["fide_id"] = 123456789012
    players[2]["points"] = 10000.5  # was written as 9999 without a word
    players[3]["rank"] = 99999
    players[4]["federation"] = "ABCDEF"  # was cut to ABC without a word
    players[6]["rounds"][0]["opponent"] = 12345  # was written as 2345: another player
    src = tmp_path / "wide.json"
    src.write_text(json.dumps(doc))
    result = invoke("convert", str(src), "--to", "trf")
    said = _t603(result.stderr)
    assert "player 1: rating 123456 does not fit TRF's four-digit field; left blank" in said
    assert "player 2: FIDE id 123456789012 does not fit TRF's 11-digit field; left blank" in said
    assert "player 3: points 10000.5 do not fit TRF's four-column field; written as 9999" in said
    assert "player 4: rank 99999 does not fit TRF's four-digit field; left blank" in said
    assert "player 7: opponent 12345 does not fit TRF's four-digit field; left blank" in said
    assert "1 federation(s) cut to 3 characters (first: player 5 'ABCDEF')" in said
    lines = {int(line[4:8]): line for line in result.stdout.splitlines() if line[:3] == "001"}
    assert lines[1][48:52] == "    " and lines[2][57:68] == " " * 11
    assert lines[4][85:89] == "    " and lines[7][91:95] == "    "
    assert "3456" not in lines[1] and "2345" not in lines[7]


def test_an_impossible_round_date_is_kept_as_written_and_said() -> None:
    """A damaged Swiss-Manager file's round date 2026/04/66 (found by the fuzz test) was
    written as ``26/04/66``, which reads back as 26 April 2066: a second write differed.
    Only a real day is written YY/MM/DD; the other is cut to its cell, with a T603."""
    from dataclasses import replace

    from trfkit.model import PartialDate

    t = formats.read((SAMPLES / "swiss.trf").read_bytes(), "trf").tournament
    days = (PartialDate("2024/03/02", 2024, 3, 2), PartialDate("2024/03/66", 2024, 3, 66))
    records = tuple(r for r in t.header.records if r.code != "132")  # as a Swiss-Manager file
    t = replace(t, header=replace(t.header, round_dates=days, records=records))
    first = formats.write(t, "trf26")
    (record,) = [line for line in first.splitlines() if line.startswith("132")]
    assert record[91:].split() == ["24/03/02", "2024/03/"]
    again = formats.read(first.encode("utf-8"), "trf").tournament
    assert formats.write(again, "trf26") == first
    said = [d.message for d in conversion_losses(t, "trf26")]
    assert (
        "1 round date(s) that are no real day cut to 8 characters (first: round 2 '2024/03/66')"
        in said
    )
