"""Limits of issue 9: inputs beyond the size, line, player, round and structure limits end in a
located diagnostic at once (T007, T008, T205), whatever reader they reach."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from robust_helpers import TWO, invoke, trf, within
from sm_writer import SmFile, SmPlayer
from swiss_edits import SWISS, cli_run
from trf_helpers import p001

from trfkit import formats, limits
from trfkit.cli.io import read_bytes
from trfkit.diagnostics import make
from trfkit.formats.json_io import write_json
from trfkit.formats.trf.losses import field_overflows
from trfkit.model import Header, Player, RoundEntry, Tournament

READING_COMMANDS = (
    ("check",),
    ("convert", "--to", "json"),
    ("info",),
    ("tiebreaks",),
    ("playoff",),
    ("report",),
)


# --- limits -------------------------------------------------------------------------


@pytest.mark.parametrize("command", READING_COMMANDS)
def test_max_bytes_on_every_reading_command(command: tuple[str, ...], tmp_path: Path) -> None:
    path = tmp_path / "event.trf"
    path.write_bytes(TWO)
    result = invoke(*command, str(path), "--max-bytes", "100")
    assert result.exit_code == 1, result.output
    output = result.stdout + result.stderr
    assert "T007" in output and "larger than 100 bytes" in output
    assert invoke(*command, str(path), "--max-bytes", str(len(TWO))).exit_code == 0
    assert "--max-bytes" in invoke(command[0], "--help").stdout


def test_max_bytes_accepts_units_and_rejects_nonsense(tmp_path: Path) -> None:
    assert limits.parse_size("100MB") == 100 * 1024 * 1024 and limits.parse_size("64k") == 65536
    assert limits.parse_size("1000") == 1000
    path = tmp_path / "event.trf"
    path.write_bytes(TWO)
    bad = invoke("check", str(path), "--max-bytes", "lots")
    assert bad.exit_code == 2 and "not a size" in bad.stderr


def test_reading_stops_after_the_limit(tmp_path: Path) -> None:
    """A huge file costs no more than the limit: only limit + 1 bytes are read."""
    path = tmp_path / "huge.trf"
    path.write_bytes(b"x" * 5000)
    assert len(read_bytes(str(path), 1000)) == 1001
    doc = formats.read(b"x" * 11, max_bytes=10)
    assert [d.code for d in doc.diagnostics] == ["T007"] and doc.tournament.players == ()
    assert limits.DEFAULT_MAX_BYTES == 100 * 1024 * 1024


def test_the_python_api_reads_no_more_than_the_limit_either(tmp_path: Path) -> None:
    import trfkit

    path = tmp_path / "huge.trf"
    path.write_bytes(TWO + b"x" * 1000)
    assert [d.code for d in trfkit.load(path, max_bytes=len(TWO)).diagnostics] == ["T007"]
    assert "T007" not in [d.code for d in trfkit.load(path).diagnostics]  # default: 100 MB
    assert [d.code for d in trfkit.loads(TWO, max_bytes=10).diagnostics] == ["T007"]
    assert trfkit.loads(TWO).tournament.players[0].name == "Alpha, Anna"


def test_a_line_longer_than_any_record_is_skipped_with_t008() -> None:
    blob = "001    3 " + "x" * (limits.MAX_LINE_CHARS + 10)
    doc = formats.read(TWO.replace(b"\n001    2", ("\n" + blob + "\n001    2").encode()))
    t008 = [d for d in doc.diagnostics if d.code == "T008"]
    assert [(d.line, d.column) for d in t008] == [(3, limits.MAX_LINE_CHARS + 1)]
    assert [p.start for p in doc.tournament.players] == [1, 2]


def test_check_full_quotes_a_long_line_only_up_to_the_caret(tmp_path: Path) -> None:
    path = tmp_path / "long.trf"
    path.write_bytes(b"012 Long\n001 " + b"x" * 200_000 + b"\n")
    result = invoke("check", str(path), "--output-format", "full")
    assert result.exit_code == 1 and "T008" in result.stdout
    assert len(result.stdout) < 3 * limits.MAX_LINE_CHARS


def test_a_full_line_of_999_rounds_is_still_read() -> None:
    rounds = tuple("0000 - Z" for _ in range(limits.MAX_ROUNDS))
    # the last block with its two separator blanks
    line = p001(1, points="0.0", rounds=rounds) + "  "
    assert len(line) == limits.MAX_LINE_CHARS
    doc = formats.read(trf(line))
    assert "T008" not in [d.code for d in doc.diagnostics]
    assert len(doc.tournament.players[0].rounds) == limits.MAX_ROUNDS


def test_too_many_lines_are_cut_before_splitting() -> None:
    text, diagnostic = limits.cap_lines("a\nb\nc\nd\n", 2)
    assert text == "a\nb\n" and diagnostic is not None and diagnostic.code == "T007"
    assert diagnostic.line == 3 and "4 lines" in diagnostic.message
    assert limits.cap_lines("a\nb\n", 2) == ("a\nb\n", None)
    assert limits.cap_lines("a\nb", 2) == ("a\nb", None)
    text, diagnostic = limits.cap_lines("a\nb\nc", 2)  # as many line breaks as the limit
    assert text == "a\nb\n" and diagnostic is not None and "3 lines" in diagnostic.message
    doc = formats.read(b"012 Lines\n" + b"\n" * limits.MAX_LINES)
    assert [d.code for d in doc.diagnostics] == ["T007"]


def test_more_player_records_than_start_numbers_stop_the_reader() -> None:
    lines = [p001(i % 10000 or 1, points="0.0", rank="") for i in range(1, limits.MAX_PLAYERS + 3)]
    doc = formats.read(trf(*lines))
    assert len(doc.tournament.players) == limits.MAX_PLAYERS
    t007 = [d for d in doc.diagnostics if d.code == "T007"]
    assert [d.line for d in t007] == [limits.MAX_PLAYERS + 2] and "four digits" in t007[0].message


def test_superscript_digits_are_not_numbers() -> None:
    """``str.isdigit`` accepts "²" but ``int`` does not: such fields are T103/T106, never a
    crash."""
    line = p001(1, rating="²000", birth="²024/01/01", points="0.0", rounds=("  ¹¹ w 1",))
    doc = formats.read(trf(line).decode().encode("cp1252"))
    found = sorted({d.code for d in doc.diagnostics} - {"T002"})
    assert found == ["T103", "T106"], doc.diagnostics
    assert doc.tournament.players[0].rating is None


def test_more_round_results_than_can_be_checked_are_not_processed() -> None:
    rounds = tuple("0000 - Z" for _ in range(500))
    lines = [p001(i, points="0.0", rank="", rounds=rounds) for i in range(1, 1002)]
    doc = formats.read(trf(*lines))
    assert [d.code for d in doc.diagnostics] == ["T007"]
    assert "500500 round results" in doc.diagnostics[0].message
    assert doc.tournament.players == () and doc.tournament.header.name == "Robust Open"


def test_one_problem_repeated_is_reported_a_thousand_times_then_summarised() -> None:
    cap, found = limits.DiagnosticCap(), []  # type: ignore[var-annotated]
    for _ in range(limits.MAX_SAME_CODE + 50):
        if cap.admit(found, "T622", 1, "f"):
            found.append(make("T622", "again", file="f"))
    assert len(found) == limits.MAX_SAME_CODE + 1 and found[-1].code == "T901"
    assert "more than 1000 T622" in found[-1].message
    f = SmFile(
        header={0: "Loop"},
        kind=0,
        rounds=1,
        tiebreaks=(84,),
        start_date=20260401,
        end_date=20260401,
        round_dates=[20260401],
        players=[SmPlayer("Alpha"), SmPlayer("Beta")],
        pairings=[[(1, 2, 99)] * 1200],
    )
    doc = formats.read(f.encode(), "swissmanager")
    assert [d.code for d in doc.diagnostics].count("T622") == limits.MAX_SAME_CODE


def test_swiss_manager_pairings_beyond_the_limit_are_not_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from trfkit.formats.swissmanager import reader as swissmanager

    monkeypatch.setattr(swissmanager, "MAX_ROUND_ENTRIES", 20)
    f = SmFile(
        header={0: "Many"},
        kind=0,
        rounds=1,
        tiebreaks=(84,),
        start_date=20260401,
        end_date=20260401,
        round_dates=[20260401],
        players=[SmPlayer("Alpha"), SmPlayer("Beta")],
        pairings=[[(1, 2, 1)] * 11],
    )
    doc = formats.read(f.encode(), "swissmanager")
    assert "T007" in [d.code for d in doc.diagnostics]
    assert all(p.rounds == () for p in doc.tournament.players)


HUGE_XML = (
    b'<chessresults><tournamentdata><tournament name="X" rounds="1000000000"/>'
    b"</tournamentdata>"
    b'<players><player no="1" lastname="A"/><player no="999999999" lastname="B"/></players>'
    b"</chessresults>"
)


@pytest.mark.parametrize("kind", ["json", "xml", "trf"])
def test_declared_huge_numbers_do_not_drive_loops(kind: str, tmp_path: Path) -> None:
    """Rounds and start numbers of 10**9 from a header, JSON or XML end in a diagnostic at once."""
    if kind == "json":
        big = Tournament(header=Header(rounds=10**10), players=(Player(1, "A"), Player(10**9, "B")))
        data = write_json(big).encode()
    elif kind == "xml":
        data = HUGE_XML
    else:
        data = TWO.replace(b"012 Robust Open\n", b"012 Robust Open\nXXR 11111111113\n")
    path = tmp_path / f"huge.{kind}"
    path.write_bytes(data)
    with within(20):
        doc = formats.read(data)
        assert doc.tournament.header.rounds is None
        assert "T205" in [d.code for d in doc.diagnostics]
        for command in (
            ("check",),
            ("convert", "--to", "csv"),
            ("convert", "--to", "trf"),
            ("tiebreaks", "--to", "json"),
            ("playoff",),
            ("info",),
            ("report",),
        ):
            result = invoke(*command, str(path))
            assert result.exit_code == 1, (command, result.stderr)
        if kind != "trf":
            assert "T316" in invoke("check", str(path)).stdout


HUGE_ROUND_XML = (
    b'<chessresults><tournamentdata><tournament name="X" rounds="2"/>'
    b"</tournamentdata><players>"
    b'<player no="1" lastname="A"/><player no="2" lastname="B"/></players>'
    b"<playerpairings>"
    b'<playerpairing round="1000000000" whiteno="1" blackno="2" reswhite="1.0" '
    b'resblack="0.0"/>'
    b"</playerpairings></chessresults>"
)
HUGE_ROUND_HTML = (
    b'<html><body><table class="CRs1"><tr><th>Rk.</th><th>SNo</th><th>Name</th>'
    b"<th>1.Rd</th>"
    b"<th>999999999.Rd</th><th>Pts.</th></tr><tr><td>1</td><td>1</td><td>A</td><td>2w1</td>"
    b"<td>2b1</td><td>2</td></tr><tr><td>2</td><td>2</td><td>B</td><td>1b0</td><td>1w0</td>"
    b"<td>0</td></tr></table></body></html>"
)


@pytest.mark.parametrize("data", [HUGE_ROUND_XML, HUGE_ROUND_HTML], ids=["xml", "html"])
def test_a_round_number_of_a_billion_in_a_game_is_not_padded_to(data: bytes) -> None:
    with within(20):
        doc = formats.read(data)
        assert all(len(p.rounds) <= 1 for p in doc.tournament.players)


def test_json_unpaired_surrogates_are_t009_not_a_crash_when_writing(tmp_path: Path) -> None:
    text = write_json(Tournament(players=(Player(1, "NAME"),)))
    paired = formats.read(text.replace("NAME", "\\ud83d\\ude00").encode(), "json")
    assert not paired.diagnostics and paired.tournament.players[0].name == "\U0001f600"
    path = tmp_path / "surrogate.json"
    path.write_text(text.replace("NAME", "\\ud800X"))
    assert [d.code for d in formats.read(path.read_bytes()).diagnostics] == ["T009"]
    for command in (
        ("convert", "--to", "trf"),
        ("convert", "--to", "json"),
        ("tiebreaks", "--to", "csv"),
    ):
        result = invoke(*command, str(path))
        assert result.exit_code == 1 and "T999" not in result.stderr, (command, result.stderr)


def test_json_with_millions_of_values_is_not_parsed() -> None:
    data = b'{"format": "trfkit-tournament", "x": [' + b"0," * limits.MAX_JSON_VALUES + b"0]}"
    doc = formats.read(data, "json")
    assert [d.code for d in doc.diagnostics] == ["T007"] and "values" in doc.diagnostics[0].message
    many = Tournament(players=tuple(Player(i, "P") for i in range(1, 2 * limits.MAX_PLAYERS + 2)))
    doc = formats.read(write_json(many, indent=None).encode(), "json")
    assert [d.code for d in doc.diagnostics] == ["T007"]
    assert "19999 start numbers" in doc.diagnostics[0].message


@pytest.mark.parametrize("fmt", ["chess-results-xml", "chess-results-html"])
def test_markup_with_more_tags_than_any_tournament_is_not_parsed(fmt: str) -> None:
    limit = limits.MAX_MARKUP_TAGS[fmt]
    data = (
        b'<?xml version="1.0"?><chessresults><players>'
        + b"<x/>" * limit
        + b"</players></chessresults>"
    )
    doc = formats.read(data, fmt)
    assert [d.code for d in doc.diagnostics] == ["T007"]
    assert f"({limit})" in doc.diagnostics[0].message
    players = b"".join(b'<player no="%d"/>' % i for i in range(limits.MAX_PLAYERS + 1))
    doc = formats.read(
        b"<chessresults><players>" + players + b"</players></chessresults>", "chess-results-xml"
    )
    assert [d.code for d in doc.diagnostics] == ["T007"]
    assert "10000 players" in doc.diagnostics[0].message


def test_a_zip_bomb_workbook_is_not_unpacked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_UNPACKED_BYTES", 1024 * 1024)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"0" * (2 * 1024 * 1024))
    doc = formats.read(buffer.getvalue(), "xlsx")
    assert [d.code for d in doc.diagnostics] == ["T007"]
    assert "zip bomb" in doc.diagnostics[0].message


def test_numbers_beyond_trf_fields_are_reported_when_converting(tmp_path: Path) -> None:
    big = Tournament(
        players=(
            Player.build(12345, "Wide, Start", rating=2000, rounds=(RoundEntry(10001, "w", "1"),)),
        )
    )
    assert [d.code for d in field_overflows(big)] == ["T603", "T603"]
    path = tmp_path / "big.json"
    path.write_text(write_json(big))
    result = invoke("convert", str(path), "--to", "trf")
    # T603 is a warning: the output is written, the loss is said; the exit status is check's
    # (the model has no player 10001, T301: an error, issue 15)
    assert result.exit_code == 1 and "T301" in result.stderr and result.stdout
    assert "start number 12345 does not fit" in result.stderr and "opponent 10001" in result.stderr
    assert not field_overflows(formats.read(TWO).tournament)


def test_the_trf_reader_keeps_at_most_1000_diagnostics_of_one_code() -> None:
    lines = ["012 Capped Open", *(f"ZZZ vendor line {i}" for i in range(1500))]
    doc = formats.read(("\n".join(lines) + "\n").encode(), "trf")
    codes = [d.code for d in doc.diagnostics]
    assert codes.count("T601") == 1000  # was 1500: one per line, into every report
    [note] = [d for d in doc.diagnostics if d.code == "T901"]
    assert (
        note.message == "more than 1000 T601 diagnostics in this input; the rest are not reported"
    )
    assert note.line == 1002  # the first line not reported (the 012 is line 1)
    assert len(doc.tournament.extra) == 1500  # the lines themselves are all kept


def test_max_bytes_on_the_sample_and_a_bad_size() -> None:
    for cmd in (["check"], ["info"], ["convert", "--to", "json"], ["tiebreaks"]):
        result = cli_run(*cmd, SWISS, "--max-bytes", "100")
        assert result.exit_code == 1, cmd
        assert " T007 " in result.output and "Traceback" not in result.output
    assert cli_run("info", SWISS, "--max-bytes", "lots").exit_code == 2
