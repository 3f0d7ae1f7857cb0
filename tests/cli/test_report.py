"""``trfkit report``: the command's outputs, exit statuses and guards."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from html_check import check_page
from swiss_edits import SAMPLES, SWISS, cli_run

RULES = Path(__file__).resolve().parents[1] / "data" / "rules"
T301 = RULES / "T301-unknown-opponent.trf"


def test_one_clean_input_writes_its_page_and_exits_0(tmp_path: Path) -> None:
    out = tmp_path / "swiss.html"
    result = cli_run("report", SWISS, "-o", out)
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    page = out.read_text(encoding="utf-8")
    checked = check_page(page)
    assert {"summary", "problems", "source"} <= checked.ids
    assert "verdict-clean" in page
    assert "<dt>standings</dt><dd>after round 5 of 5" in page


def test_without_output_the_page_goes_to_stdout() -> None:
    result = cli_run("report", SWISS)
    assert result.exit_code == 0
    assert result.stdout.startswith("<!DOCTYPE html>\n") and result.stdout.endswith("</html>\n")


def test_a_directory_output_for_one_input_gets_its_page_inside(tmp_path: Path) -> None:
    result = cli_run("report", SWISS, "-o", f"{tmp_path / 'out'}/")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "swiss.html").is_file()


def test_errors_in_the_input_exit_1_with_the_page_written(tmp_path: Path) -> None:
    out = tmp_path / "t301.html"
    result = cli_run("report", T301, "-o", out)
    assert result.exit_code == 1
    assert "12:112: T301" in result.stderr and "14:112: T302" in result.stderr
    page = out.read_text(encoding="utf-8")
    check_page(page)
    assert "verdict-errors" in page and "2 errors" in page
    assert len(re.findall(r'<mark class="d sev-error[^"]*" tabindex="0" data-d=', page)) == 2


def test_the_standings_options_are_those_of_tiebreaks(tmp_path: Path) -> None:
    result = cli_run(
        "report", SWISS, "--tb", "BH", "--tb", "SB", "--after-round", "3", "--rules", "fide-2024"
    )
    assert result.exit_code == 0, result.output
    assert "after round 3 of 5, rules fide-2024; tie-breaks BH, SB" in result.stdout
    assert "--unrated-rating" in cli_run("report", "--help").stdout
    assert "--team-bye" in cli_run("report", "--help").stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--after-round", "9"), "--after-round 9: the event has 5 rounds"),
        (("--tb", "XYZ"), "T501"),
        (("--team-bye", "1,3"), "only changes team standings"),
        (("--rules", "fide-1900"), "Invalid value"),
    ],
)
def test_usage_errors_exit_2_and_write_nothing(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    out = tmp_path / "x.html"
    result = cli_run("report", SWISS, "-o", out, *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_unreadable_input_exits_2_and_leaves_the_old_output(tmp_path: Path) -> None:
    out = tmp_path / "x.html"
    out.write_text("old", encoding="utf-8")
    result = cli_run("report", tmp_path / "missing.trf", "-o", out)
    assert result.exit_code == 2 and "Error:" in result.stderr
    assert out.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.html"]


def test_a_failure_while_rendering_leaves_no_half_page(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The page is made whole before anything is written: an internal error (T999, exit 2)
    leaves the previous output as it was and no temporary file."""
    from trfkit.cli import report

    def broken(*args: object) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr(report, "render_page", broken)
    out = tmp_path / "x.html"
    out.write_text("old", encoding="utf-8")
    result = cli_run("report", SWISS, "-o", out)
    assert result.exit_code == 2 and "T999" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.html"]
    assert out.read_text(encoding="utf-8") == "old"


def test_not_a_tournament_file_exits_1_and_writes_nothing(tmp_path: Path) -> None:
    note = tmp_path / "LICENSE.txt"
    note.write_text("Permission is hereby granted, free of charge, to any person\n")
    out = tmp_path / "x.html"
    result = cli_run("report", note, "-o", out)
    assert result.exit_code == 1
    assert "nothing to report" in result.stderr
    assert not out.exists()


def test_the_output_is_never_the_input(tmp_path: Path) -> None:
    copy = tmp_path / "event.trf"
    copy.write_bytes(SWISS.read_bytes())
    result = cli_run("report", copy, "-o", copy)
    assert result.exit_code == 2 and "refusing to overwrite the input" in result.stderr
    assert copy.read_bytes() == SWISS.read_bytes()


def test_two_runs_write_the_same_bytes(tmp_path: Path) -> None:
    first = cli_run("report", T301).stdout_bytes
    assert first == cli_run("report", T301).stdout_bytes
    assert cli_run("report", SAMPLES / "team.trf").stdout_bytes == (
        cli_run("report", SAMPLES / "team.trf").stdout_bytes
    )


def test_a_team_event_names_its_team_standings() -> None:
    result = cli_run("report", SAMPLES / "team.trf", "--team-bye", "1,2")
    assert result.exit_code == 0, result.output
    assert "<dt>teams</dt><dd>ranked by MP after round 3 of 3" in result.stdout


def test_several_inputs_need_a_directory() -> None:
    result = cli_run("report", SWISS, T301)
    assert result.exit_code == 2 and "need -o DIR" in result.stderr


def test_many_inputs_write_a_page_each_and_an_index(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli_run("report", SAMPLES, T301, tmp_path / "missing.trf", "-o", out)
    assert result.exit_code == 2  # the worst: one input is missing
    assert "missing.trf: no such file or directory" in result.stderr
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        "T301-unknown-opponent.html",
        "cp1252.html",
        "index.html",
        "roundrobin.html",
        "swiss.html",
        "team.html",
        "trf26.html",
    ]
    index = (out / "index.html").read_text(encoding="utf-8")
    checked = check_page(index)
    assert checked.tags["tr"] == 1 + 7  # the head and one row per input
    for name in names:
        if name != "index.html":
            assert f'<a href="{name}">' in index
            check_page((out / name).read_text(encoding="utf-8"))
    row = index.split('<a href="T301-unknown-opponent.html">')[1].split("</tr>")[0]
    assert "verdict-errors" in row
    row = index.split('<a href="swiss.html">')[1].split("</tr>")[0]
    assert "verdict-clean" in row
    assert "no page" in index.split("missing.trf")[1].split("</tr>")[0]


def test_many_clean_inputs_exit_0(tmp_path: Path) -> None:
    result = cli_run("report", SWISS, SAMPLES / "trf26.trf", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html", "swiss.html", "trf26.html"]


def test_two_inputs_with_one_page_name_are_refused(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.trf").write_bytes(SWISS.read_bytes())
    (src / "a.TRF").write_bytes(SWISS.read_bytes())
    result = cli_run("report", src, "-o", tmp_path / "out")
    assert result.exit_code == 2 and "one page name" in result.stderr
    assert not (tmp_path / "out").exists()


def test_an_input_named_index_does_not_replace_the_index(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "index.trf").write_bytes(SWISS.read_bytes())
    (src / "b.trf").write_bytes(SWISS.read_bytes())
    result = cli_run("report", src, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert sorted(os.listdir(tmp_path / "out")) == ["b.html", "index.html", "index.trf.html"]
    assert '<a href="index.trf.html">' in (tmp_path / "out" / "index.html").read_text()


def test_the_output_directory_must_not_be_inside_an_input_tree(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    (src / "a.trf").write_bytes(SWISS.read_bytes())
    result = cli_run("report", src, "-o", src / "reports")
    assert result.exit_code == 2
    assert sorted(os.listdir(src)) == ["a.trf"]


def test_a_strange_file_name_stays_text_and_a_working_link(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    name = "a\"b'<c>&d.trf"
    (src / name).write_bytes(SWISS.read_bytes())
    result = cli_run("report", src, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    check_page(index)
    import html5lib

    tree = html5lib.parse(index, namespaceHTMLElements=False)
    (link,) = tree.findall(".//tbody//a")
    from urllib.parse import unquote

    assert (tmp_path / "out" / unquote(link.get("href"))).is_file()
    assert link.text == str(src / name)
