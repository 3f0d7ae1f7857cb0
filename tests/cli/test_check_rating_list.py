"""``trfkit check --rating-list``: the players against FIDE's players list (T750-T758).

The fixtures in tests/data/rating_lists/ are invented: a 4-player event that matches the
lists (names spelt with other accents and another order), the same event with one
disagreement a field (event-differs.trf), and the lists in FIDE's layouts: the combined
TXT and XML (no period), one-kind TXT lists of OCT25 and SEP25 (SEP25: ratings 5 lower).
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit.cli import cli

DATA = Path(__file__).resolve().parents[1] / "data" / "rating_lists"
EVENT = DATA / "event.trf"
DIFFERS = DATA / "event-differs.trf"
OCT25 = DATA / "standard_oct25frl.txt"

#: event-differs.trf against the OCT25 standard list: one finding a field, at its columns.
EXPECTED = [
    "10:15: T751 name 'Ostergaard, Soren' differs from the rating list's 'Ostergard, Soren' "
    "for FIDE id 90000011",
    "11:54: T752 federation POR differs from the rating list's ESP for FIDE id 90000022",
    "12:10: T753 sex w differs from the rating list's m for FIDE id 90000033",
    "12:49: T755 standard rating 1960 differs from the rating list's 1950 for FIDE id 90000033",
    "13:70: T754 birth year 1998 differs from the rating list's 1999 for FIDE id 90000044",
    "14:58: T750 FIDE id 90000055 (Brown, Tom) is not in the rating list {list}",
]


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(cli, ["check", *args])
    return result.exit_code, result.stdout, result.stderr


def lines(out: str, path: Path) -> list[str]:
    prefix = f"{path}:"
    return [line.removeprefix(prefix) for line in out.splitlines() if line.startswith(prefix)]


def expected(list_name: str) -> list[str]:
    return [e.replace("{list}", list_name) for e in EXPECTED]


def test_each_disagreement_is_reported_at_its_field(runner: CliRunner) -> None:
    status, out, _ = run(runner, str(DIFFERS), "--rating-list", str(OCT25))
    assert status == 1
    assert lines(out, DIFFERS) == expected("standard_oct25frl.txt")
    assert "Found 6 problems (5 errors, 1 warning)" in out


def test_a_matching_file_is_silent(runner: CliRunner) -> None:
    # Østergård/Ostergard, "Maria Lopez"/"López, María": case, accents and order do not count
    status, out, _ = run(runner, str(EVENT), "--rating-list", str(OCT25), "-v")
    assert status == 0
    assert [line for line in lines(out, EVENT) if " T75" in line] == []


def test_the_rules_are_off_without_a_list(runner: CliRunner) -> None:
    status, out, _ = run(runner, str(DIFFERS), "-v")
    assert status == 0 and " T75" not in out


@pytest.mark.parametrize("name", ["players_list_foa.txt", "players_list_xml_foa.xml"])
def test_both_combined_formats_give_identical_diagnostics(runner: CliRunner, name: str) -> None:
    status, out, _ = run(
        runner, str(DIFFERS), "--rating-list", str(DATA / name), "--rating-period", "2025-10"
    )
    assert status == 1
    assert lines(out, DIFFERS) == expected(name)


def test_a_list_without_a_period_says_so_once(runner: CliRunner) -> None:
    status, out, _ = run(runner, str(EVENT), "--rating-list", str(DATA / "players_list_foa.txt"))
    assert status == 0 and " T75" not in out  # an info: hidden by default
    _, out, _ = run(runner, str(EVENT), "--rating-list", str(DATA / "players_list_foa.txt"), "-v")
    assert [line for line in lines(out, EVENT) if " T75" in line] == [
        "4:5: T758 the rating list players_list_foa.txt does not say its period: its standard "
        "ratings were compared as those of OCT25 (--rating-period YYYY-MM names it)"
    ]


def test_a_list_of_another_period_is_one_diagnostic(runner: CliRunner) -> None:
    sep25 = DATA / "standard_sep25frl.txt"  # every rating differs: none is flagged
    status, out, _ = run(runner, str(DIFFERS), "--rating-list", str(sep25))
    assert lines(out, DIFFERS) == [
        "4:5: T756 the rating list standard_sep25frl.txt is for SEP25, the tournament starts "
        "2025-10-04 (period OCT25): ratings were not compared",
        *[e for e in expected("standard_sep25frl.txt") if "T755" not in e],
    ]
    assert status == 1


def test_a_list_without_the_events_kind(runner: CliRunner) -> None:
    status, out, _ = run(runner, str(EVENT), "--rating-list", str(OCT25), "--rating-kind", "rapid")
    assert (status, lines(out, EVENT)) == (
        0,
        [
            "4:5: T757 the rating list standard_oct25frl.txt holds standard ratings, the "
            "tournament is rapid: ratings were not compared"
        ],
    )


def test_the_kind_comes_from_the_time_control(runner: CliRunner, tmp_path: Path) -> None:
    rapid = tmp_path / "rapid.trf"
    rapid.write_text(
        EVENT.read_text(encoding="utf-8").replace("092 ", "222 900+10\n092 "), encoding="utf-8"
    )
    combined = str(DATA / "players_list_foa.txt")
    status, out, _ = run(
        runner, str(rapid), "--rating-list", combined, "--rating-period", "2025-10"
    )
    assert status == 1
    assert lines(out, rapid) == [
        "11:49: T755 rapid rating 2400 differs from the rating list's 2380 for FIDE id 90000011",
        "12:49: T755 rapid rating 2100 differs from the rating list's 2050 for FIDE id 90000022",
        "13:49: T755 rapid rating 1950 differs from the rating list's unrated for FIDE id 90000033",
        "14:49: T755 rapid rating 1800 differs from the rating list's 1750 for FIDE id 90000044",
    ]


def test_a_zipped_list_reads_as_its_member(runner: CliRunner, tmp_path: Path) -> None:
    for member in ("players_list_foa.txt", "players_list_xml_foa.xml"):
        archive = tmp_path / f"{member}.zip"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
            z.write(DATA / member, member)
        status, out, _ = run(
            runner, str(DIFFERS), "--rating-list", str(archive), "--rating-period", "2025-10"
        )
        assert (status, lines(out, DIFFERS)) == (1, expected(member))


def test_a_zip_names_the_period(runner: CliRunner, tmp_path: Path) -> None:
    archive = tmp_path / "standard_sep25frl.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(DATA / "players_list_foa.txt", "players_list_foa.txt")  # no period of its own
    _, out, _ = run(runner, str(EVENT), "--rating-list", str(archive))
    assert " T756 the rating list players_list_foa.txt is for SEP25," in out


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (None, "No such file or directory"),
        (b"", "empty file, not a rating list"),
        (b"012 Autumn Open\n001    1 ...\n", "not a FIDE rating list"),
        (b"<chessresults/>", "the XML root is not <playerslist>"),
        (b"PK\x03\x04garbage", "not a readable zip archive"),
        (b"ID Number Name Fed\n1 Lee ENG\n", "not the header of a FIDE rating list"),
    ],
)
def test_a_bad_list_is_a_one_line_error(
    runner: CliRunner, tmp_path: Path, content: bytes | None, why: str
) -> None:
    bad = tmp_path / "list.txt"
    if content is not None:
        bad.write_bytes(content)
    status, out, err = run(runner, str(EVENT), "--rating-list", str(bad))
    assert status == 2 and out == ""
    assert err.startswith(f"Error: --rating-list: {bad}: ") and why in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize(
    ("members", "why"),
    [
        ([], "the zip holds no .txt or .xml list (it is empty)"),
        (["sub/"], "the zip holds no .txt or .xml list (it is empty)"),
        (
            ["readme.pdf", "logo.png"],
            "the zip holds no .txt or .xml list (it holds readme.pdf, logo.png)",
        ),
        (
            ["a.txt", "sub/b.XML"],
            "the zip holds 2 .txt/.xml lists (a.txt, sub/b.XML); a rating list zip holds one",
        ),
    ],
)
def test_a_zip_without_one_list_says_what_it_holds(
    runner: CliRunner, tmp_path: Path, members: list[str], why: str
) -> None:
    archive = tmp_path / "list.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for member in members:
            z.writestr(member, "" if member.endswith("/") else "x\n")
    status, out, err = run(runner, str(EVENT), "--rating-list", str(archive))
    assert (status, out) == (2, "")
    assert err == f"Error: --rating-list: {archive}: {why}\n"


def test_a_truncated_xml_list_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    whole = (DATA / "players_list_xml_foa.xml").read_bytes()
    cut = tmp_path / "players_list_xml_foa.xml"
    cut.write_bytes(whole[: len(whole) * 2 // 3])
    status, _, err = run(runner, str(EVENT), "--rating-list", str(cut))
    assert status == 2
    assert err == (
        f"Error: --rating-list: {cut}: the XML ends before </playerslist> (a truncated download?)\n"
    )


def test_a_bad_period_option_is_a_usage_error(runner: CliRunner) -> None:
    status, _, err = run(
        runner, str(EVENT), "--rating-list", str(OCT25), "--rating-period", "10/25"
    )
    assert status == 2 and "is not a year and month (YYYY-MM)" in err
    status, _, err = run(runner, str(EVENT), "--rating-kind", "rapid")
    assert status == 2 and "need --rating-list" in err


def test_many_files_read_the_list_once(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trfkit import rating_lists
    from trfkit.formats import rating_list

    for i in range(3):
        shutil.copy(DIFFERS, tmp_path / f"differs{i}.trf")
        shutil.copy(EVENT, tmp_path / f"event{i}.trf")
    reads: list[frozenset[int] | None] = []
    real = rating_list.read_rating_list

    def counted(path: str, wanted: object = None, **kw: object) -> rating_list.RatingList:
        found = real(path, wanted, **kw)  # type: ignore[arg-type]
        reads.append(found.wanted)
        return found

    monkeypatch.setattr(rating_list, "read_rating_list", counted)
    rating_lists._LOADED.clear()
    status, out, _ = run(
        runner, str(tmp_path), "--rating-list", str(OCT25), "--output-format", "json"
    )
    assert status == 1
    assert len(reads) == 1  # once, for the ids of the six files
    assert reads[0] is not None and {90000011, 90000055} <= reads[0]
    reports = json.loads(out)["diagnostics"]
    by_file: dict[str, list[str]] = {}
    for d in (d for d in reports if d["code"].startswith("T75")):
        by_file.setdefault(Path(d["filename"]).name, []).append(d["code"])
    assert by_file == {
        f"differs{i}.trf": ["T751", "T752", "T753", "T755", "T754", "T750"] for i in range(3)
    }


def test_many_files_in_worker_processes(runner: CliRunner, tmp_path: Path) -> None:
    for i in range(4):
        shutil.copy(DIFFERS if i % 2 else EVENT, tmp_path / f"f{i}.trf")
    one = run(runner, str(tmp_path), "--rating-list", str(OCT25))
    two = run(runner, str(tmp_path), "-j", "2", "--rating-list", str(OCT25))
    assert one[0] == two[0] == 1
    assert one[1] == two[1]
    assert lines(two[1], tmp_path / "f1.trf") == expected("standard_oct25frl.txt")


def test_the_cache_knows_the_list(runner: CliRunner, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    lst = tmp_path / "standard_oct25frl.txt"
    shutil.copy(OCT25, lst)
    first = run(runner, str(DIFFERS), "--rating-list", str(lst), "--cache-dir", str(cache))
    assert lines(first[1], DIFFERS) == expected("standard_oct25frl.txt")
    # the list changes (the id of Brown is added): the cached report must not be reused
    listed = lst.read_bytes()
    lst.write_bytes(listed + listed.splitlines(keepends=True)[1].replace(b"90000011", b"90000055"))
    second = run(runner, str(DIFFERS), "--rating-list", str(lst), "--cache-dir", str(cache))
    assert " T750 " not in second[1] and " T751 " in second[1]
    without = run(runner, str(DIFFERS), "--cache-dir", str(cache))
    assert " T75" not in without[1]


def test_a_json_input_is_compared_too(runner: CliRunner, tmp_path: Path) -> None:
    converted = tmp_path / "event-differs.json"
    result = runner.invoke(cli, ["convert", str(DIFFERS), "--to", "json", "-o", str(converted)])
    assert result.exit_code == 0, result.stderr
    status, out, _ = run(
        runner, str(converted), "--rating-list", str(OCT25), "--output-format", "json"
    )
    found = [
        (d["code"], d["location"], d["model_path"])
        for d in json.loads(out)["diagnostics"]
        if d["code"].startswith("T75")
    ]
    top = {"row": 1, "column": 1}  # a JSON model has no TRF columns: the path says where
    assert (status, sorted(found)) == (
        1,
        [
            ("T750", top, "players[4].fide_id"),
            ("T751", top, "players[0].name"),
            ("T752", top, "players[1].federation"),
            ("T753", top, "players[2].sex"),
            ("T754", top, "players[3].birth"),
            ("T755", top, "players[2].rating"),
        ],
    )
