"""Robustness and safety rules of issue 9 that are not fuzzing: limits, exit status,
untouched inputs, atomic and contained outputs, spreadsheet-safe CSV, hostile XML and
private Swiss-Manager strings."""

from __future__ import annotations

import hashlib
import io
import json
import os
import signal
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from sm_writer import BYE, SmFile, SmPlayer
from trf_helpers import p001

from trfkit import formats, limits
from trfkit.cli import cli
from trfkit.cli.common import InputError, contained, read_bytes, write_output
from trfkit.diagnostics import make
from trfkit.formats.json_io import write_json
from trfkit.model import Header, Player, RoundEntry, Tournament

SAMPLES = Path(__file__).resolve().parents[1] / "samples"
READING_COMMANDS = (("check",), ("convert", "--to", "json"), ("info",), ("tiebreaks",), ("playoff",))


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def codes(result: Result) -> list[str]:
    return [line.split(": ")[1].split()[0] for line in result.stderr.splitlines() + result.stdout.splitlines()
            if line.count(":") >= 3 and ": T" in line]


def trf(*players: str, name: str = "Robust Open") -> bytes:
    return ("\n".join([f"012 {name}", *players]) + "\n").encode()


TWO = trf(p001(1, name="Alpha, Anna", points="1.0", rank="1", rounds=("   2 w 1",)),
          p001(2, name="Beta, Bert", fide="2345678", points="0.0", rank="2", rounds=("   1 b 0",)))


# --- limits -------------------------------------------------------------------------


@pytest.mark.parametrize("command", READING_COMMANDS)
def test_max_bytes_on_every_reading_command(command: tuple[str, ...], tmp_path: Path) -> None:
    path = tmp_path / "event.trf"
    path.write_bytes(TWO)
    result = invoke(*command, str(path), "--max-bytes", "100")
    assert result.exit_code == 1, result.output
    assert "T007" in result.stdout + result.stderr and "larger than 100 bytes" in result.stdout + result.stderr
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
    line = p001(1, points="0.0", rounds=rounds) + "  "  # the last block with its two separator blanks
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
    doc = formats.read(b"012 Lines\n" + b"\n" * limits.MAX_LINES)
    assert [d.code for d in doc.diagnostics] == ["T007"]


def test_more_player_records_than_start_numbers_stop_the_reader() -> None:
    lines = [p001(i % 10000 or 1, points="0.0", rank="") for i in range(1, limits.MAX_PLAYERS + 3)]
    doc = formats.read(trf(*lines))
    assert len(doc.tournament.players) == limits.MAX_PLAYERS
    t007 = [d for d in doc.diagnostics if d.code == "T007"]
    assert [d.line for d in t007] == [limits.MAX_PLAYERS + 2] and "four digits" in t007[0].message


def test_superscript_digits_are_not_numbers() -> None:
    """``str.isdigit`` accepts "²" but ``int`` does not: such fields are T103/T106, never a crash."""
    line = p001(1, rating="²000", birth="²024/01/01", points="0.0", rounds=("  ¹¹ w 1",))
    doc = formats.read(trf(line).decode().encode("cp1252"))
    found = sorted({d.code for d in doc.diagnostics} - {"T002"})
    assert found == ["T103", "T106"], doc.diagnostics
    assert doc.tournament.players[0].rating is None


def test_more_round_results_than_can_be_checked_are_not_processed() -> None:
    rounds = tuple("0000 - Z" for _ in range(500))
    lines = [p001(i, points="0.0", rank="", rounds=rounds) for i in range(1, 1002)]
    doc = formats.read(trf(*lines))
    assert [d.code for d in doc.diagnostics] == ["T007"] and "500500 round results" in doc.diagnostics[0].message
    assert doc.tournament.players == () and doc.tournament.header.name == "Robust Open"


def test_one_problem_repeated_is_reported_a_thousand_times_then_summarised() -> None:
    cap, found = limits.DiagnosticCap(), []  # type: ignore[var-annotated]
    for _ in range(limits.MAX_SAME_CODE + 50):
        if cap.admit(found, "T622", 1, "f"):
            found.append(make("T622", "again", file="f"))
    assert len(found) == limits.MAX_SAME_CODE + 1 and found[-1].code == "T901"
    assert "more than 1000 T622" in found[-1].message
    f = SmFile(header={0: "Loop"}, kind=0, rounds=1, tiebreaks=(84,), start_date=20260401, end_date=20260401,
               round_dates=[20260401], players=[SmPlayer("Alpha"), SmPlayer("Beta")],
               pairings=[[(1, 2, 99)] * 1200])
    doc = formats.read(f.encode(), "swissmanager")
    assert [d.code for d in doc.diagnostics].count("T622") == limits.MAX_SAME_CODE


def test_swiss_manager_pairings_beyond_the_limit_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from trfkit.formats import swissmanager

    monkeypatch.setattr(swissmanager, "MAX_ROUND_ENTRIES", 20)
    f = SmFile(header={0: "Many"}, kind=0, rounds=1, tiebreaks=(84,), start_date=20260401, end_date=20260401,
               round_dates=[20260401], players=[SmPlayer("Alpha"), SmPlayer("Beta")],
               pairings=[[(1, 2, 1)] * 11])
    doc = formats.read(f.encode(), "swissmanager")
    assert "T007" in [d.code for d in doc.diagnostics]
    assert all(p.rounds == () for p in doc.tournament.players)


@contextmanager
def within(seconds: int) -> Iterator[None]:
    """Fail instead of hanging the suite when a loop runs over a declared huge number."""
    def expired(*_: object) -> None:
        raise TimeoutError(f"took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


HUGE_XML = (b'<chessresults><tournamentdata><tournament name="X" rounds="1000000000"/></tournamentdata>'
            b'<players><player no="1" lastname="A"/><player no="999999999" lastname="B"/></players>'
            b"</chessresults>")


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
        for command in (("check",), ("convert", "--to", "csv"), ("convert", "--to", "trf"),
                        ("tiebreaks", "--to", "json"), ("playoff",), ("info",)):
            result = invoke(*command, str(path))
            assert result.exit_code == 1, (command, result.stderr)
        if kind != "trf":
            assert "T316" in invoke("check", str(path)).stdout


HUGE_ROUND_XML = (b'<chessresults><tournamentdata><tournament name="X" rounds="2"/></tournamentdata><players>'
                  b'<player no="1" lastname="A"/><player no="2" lastname="B"/></players><playerpairings>'
                  b'<playerpairing round="1000000000" whiteno="1" blackno="2" reswhite="1.0" resblack="0.0"/>'
                  b"</playerpairings></chessresults>")
HUGE_ROUND_HTML = (b'<html><body><table class="CRs1"><tr><th>Rk.</th><th>SNo</th><th>Name</th><th>1.Rd</th>'
                   b"<th>999999999.Rd</th><th>Pts.</th></tr><tr><td>1</td><td>1</td><td>A</td><td>2w1</td>"
                   b"<td>2b1</td><td>2</td></tr><tr><td>2</td><td>2</td><td>B</td><td>1b0</td><td>1w0</td>"
                   b"<td>0</td></tr></table></body></html>")


@pytest.mark.parametrize("data", [HUGE_ROUND_XML, HUGE_ROUND_HTML], ids=["xml", "html"])
def test_a_round_number_of_a_billion_in_a_game_is_not_padded_to(data: bytes) -> None:
    with within(20):
        doc = formats.read(data)
        assert all(len(p.rounds) <= 1 for p in doc.tournament.players)


def test_json_unpaired_surrogates_are_t009_not_a_crash_when_writing(tmp_path: Path) -> None:
    text = write_json(Tournament(players=(Player(1, "NAME"),)))
    paired = formats.read(text.replace("NAME", "\\ud83d\\ude00").encode(), "json")
    assert not paired.diagnostics and paired.tournament.players[0].name == "\U0001F600"
    path = tmp_path / "surrogate.json"
    path.write_text(text.replace("NAME", "\\ud800X"))
    assert [d.code for d in formats.read(path.read_bytes()).diagnostics] == ["T009"]
    for command in (("convert", "--to", "trf"), ("convert", "--to", "json"), ("tiebreaks", "--to", "csv")):
        result = invoke(*command, str(path))
        assert result.exit_code == 1 and "T999" not in result.stderr, (command, result.stderr)


def test_json_with_millions_of_values_is_not_parsed() -> None:
    data = b'{"format": "trfkit-tournament", "x": [' + b"0," * limits.MAX_JSON_VALUES + b"0]}"
    doc = formats.read(data, "json")
    assert [d.code for d in doc.diagnostics] == ["T007"] and "values" in doc.diagnostics[0].message
    many = Tournament(players=tuple(Player(i, "P") for i in range(1, 2 * limits.MAX_PLAYERS + 2)))
    doc = formats.read(write_json(many, indent=None).encode(), "json")
    assert [d.code for d in doc.diagnostics] == ["T007"] and "19999 start numbers" in doc.diagnostics[0].message


@pytest.mark.parametrize("fmt", ["chess-results-xml", "chess-results-html"])
def test_markup_with_more_tags_than_any_tournament_is_not_parsed(fmt: str) -> None:
    limit = limits.MAX_MARKUP_TAGS[fmt]
    data = b'<?xml version="1.0"?><chessresults><players>' + b"<x/>" * limit + b"</players></chessresults>"
    doc = formats.read(data, fmt)
    assert [d.code for d in doc.diagnostics] == ["T007"] and f"({limit})" in doc.diagnostics[0].message
    players = b"".join(b'<player no="%d"/>' % i for i in range(limits.MAX_PLAYERS + 1))
    doc = formats.read(b"<chessresults><players>" + players + b"</players></chessresults>", "chess-results-xml")
    assert [d.code for d in doc.diagnostics] == ["T007"] and "10000 players" in doc.diagnostics[0].message


def test_a_zip_bomb_workbook_is_not_unpacked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_UNPACKED_BYTES", 1024 * 1024)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b"0" * (2 * 1024 * 1024))
    doc = formats.read(buffer.getvalue(), "xlsx")
    assert [d.code for d in doc.diagnostics] == ["T007"] and "zip bomb" in doc.diagnostics[0].message


def test_numbers_beyond_trf_fields_are_reported_when_converting(tmp_path: Path) -> None:
    big = Tournament(players=(Player(12345, "Wide, Start", rating=2000, rounds=(RoundEntry(10001, "w", "1"),)),))
    assert [d.code for d in limits.field_overflows(big)] == ["T603", "T603"]
    path = tmp_path / "big.json"
    path.write_text(write_json(big))
    result = invoke("convert", str(path), "--to", "trf")
    assert result.exit_code == 0  # T603 is a warning: the output is written, the loss is said
    assert "start number 12345 does not fit" in result.stderr and "opponent 10001" in result.stderr
    assert not limits.field_overflows(formats.read(TWO).tournament)


# --- exit status, internal errors, --debug ------------------------------------------


def test_internal_error_is_one_line_t999_with_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "event.trf"
    path.write_bytes(TWO)

    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(formats, "write", broken)
    result = invoke("convert", str(path), "--to", "json")
    assert result.exit_code == 2
    assert "T999" in result.stderr and "report a bug" in result.stderr and "simulated bug" in result.stderr
    assert "Traceback" not in result.stderr
    debug = invoke("--debug", "convert", str(path), "--to", "json")
    assert debug.exit_code == 2 and "Traceback" in debug.stderr and "T999" in debug.stderr


def test_every_command_can_show_tracebacks() -> None:
    assert "--debug" in invoke("--help").stdout
    assert invoke("--debug", "rules").exit_code == 0


def test_crash_outside_a_command_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    import trfkit.cli as cli_module

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("outside")

    monkeypatch.setattr(cli_module.cli, "main", boom)
    with pytest.raises(SystemExit) as exit_info:
        cli_module.main(["check", "x"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "T999" in err and "report a bug" in err and "Traceback" not in err
    with pytest.raises(SystemExit) as exit_info:
        cli_module.main(["--debug", "check", "x"])
    assert exit_info.value.code == 2 and "Traceback" in capsys.readouterr().err


def test_a_tie_break_list_in_the_file_that_cannot_be_computed_is_content(tmp_path: Path) -> None:
    path = tmp_path / "event.trf"
    path.write_bytes(TWO.replace(b"012 Robust Open\n", b"012 Robust Open\n202 XYZZY\n"))
    result = invoke("tiebreaks", str(path), "--to", "json")
    assert result.exit_code == 1 and "T501" in result.stderr
    assert [p["start"] for p in json.loads(result.stdout)["players"]] == [1, 2]
    assert invoke("tiebreaks", str(path), "--tb", "XYZZY").exit_code == 2  # the user's own option


# --- inputs untouched, outputs atomic and contained ---------------------------------


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_inputs_are_never_modified(tmp_path: Path) -> None:
    tree = tmp_path / "in"
    tree.mkdir()
    (tree / "a.trf").write_bytes(TWO)
    (tree / "b.trf").write_bytes(b"\x00\xff garbage")
    before = {p.name: _digest(p) for p in tree.iterdir()}
    for command in (("check", str(tree)), ("convert", str(tree), "-o", str(tmp_path / "out"), "--to", "trf"),
                    ("tiebreaks", str(tree / "a.trf"), "--to", "trf"),
                    ("convert", str(tree / "a.trf"), "-o", str(tree / "a.trf"))):
        invoke(*command)
    assert {p.name: _digest(p) for p in tree.iterdir()} == before
    refused = invoke("convert", str(tree / "a.trf"), "-o", str(tree / "a.trf"))
    assert refused.exit_code == 2 and "refusing to overwrite" in refused.stderr


def test_outputs_are_written_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out.json"
    out.write_text("old")
    write_output("new", str(out))
    assert out.read_text() == "new" and sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]

    def failing_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(InputError, match="cannot write"):
        write_output("newer", str(out))
    assert out.read_text() == "new"  # never half a file, and no temporary left behind
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json"]


def test_directory_output_cannot_escape_through_a_symbolic_link(tmp_path: Path) -> None:
    tree, out, outside = tmp_path / "in", tmp_path / "out", tmp_path / "outside"
    (tree / "sub").mkdir(parents=True)
    (tree / "sub" / "a.trf").write_bytes(TWO)
    (tree / "b.trf").write_bytes(TWO)
    out.mkdir()
    outside.mkdir()
    (out / "sub").symlink_to(outside, target_is_directory=True)
    result = invoke("convert", str(tree), "-o", str(out), "--to", "json")
    assert result.exit_code == 2 and "outside the output directory" in result.stderr
    assert list(outside.iterdir()) == []  # nothing written through the link
    assert (out / "b.json").is_file()  # the other file was converted


def test_directory_output_cannot_escape_through_dot_dot(tmp_path: Path) -> None:
    root = tmp_path / "out"
    root.mkdir()
    assert contained(root, root / "x" / "a.json") == root / "x" / "a.json"
    for escape in (root / ".." / "a.json", root / "x" / ".." / ".." / "a.json", root):
        with pytest.raises(InputError, match="outside the output directory"):
            contained(root, escape)


# --- spreadsheet-safe CSV -----------------------------------------------------------

FORMULAS = ('=HYPERLINK("http://x","y")', "+SUM(1,2)", "-2+3+cmd|' /C calc'!A0", "@SUM(1)")


def _formula_trf() -> bytes:
    players = [p001(i, name=name, points="0.0", rank=str(i)) for i, name in enumerate(FORMULAS, 1)]
    return trf(*players, name="=1+1")


@pytest.mark.parametrize("command", [("convert", "--to", "csv"), ("tiebreaks", "--to", "csv", "--tb", "BH")])
def test_csv_cells_cannot_become_formulas(command: tuple[str, ...], tmp_path: Path) -> None:
    path = tmp_path / "formula.trf"
    path.write_bytes(_formula_trf())
    safe = invoke(command[0], str(path), *command[1:])
    assert safe.exit_code in (0, 1), safe.stderr
    import csv

    names = [row[2 if command[0] == "tiebreaks" else 1] for row in csv.reader(io.StringIO(safe.stdout))][1:]
    assert sorted(names) == sorted("'" + f for f in FORMULAS)
    raw = invoke(command[0], str(path), *command[1:], "--raw-csv")
    raw_names = [row[2 if command[0] == "tiebreaks" else 1] for row in csv.reader(io.StringIO(raw.stdout))][1:]
    assert sorted(raw_names) == sorted(FORMULAS)


def test_csv_writer_neutralises_tab_and_carriage_return_but_not_numbers() -> None:
    t = Tournament(players=(Player(1, "\tTab", rating=2000), Player(2, "\rReturn"), Player(3, "Plain")))
    rows = formats.write(t, "csv").split("\r\n")
    assert rows[1].startswith("1,'\tTab,,2000") and rows[2].startswith('2,"\'\rReturn"')
    assert rows[3].startswith("3,Plain,")


def test_team_standings_csv_is_neutralised_too(tmp_path: Path) -> None:
    text = (SAMPLES / "team.trf").read_bytes().replace(b"013 Albion    ", b"013 =Albion   ")
    path = tmp_path / "team.trf"
    path.write_bytes(text)
    result = invoke("tiebreaks", str(path), "--to", "csv")
    assert "'=Albion" in result.stdout, result.stdout
    assert "\n=Albion" not in result.stdout and ",=Albion" not in result.stdout


# --- hostile XML and private strings --------------------------------------------------

LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
""" + b"".join(f' <!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">\n'.encode() for i in range(1, 10)).replace(
    b"&lol0;", b"&lol;") + b"""]>
<chessresults><tournamentdata><tournament name="&lol9;"/></tournamentdata>
<players><player no="1" lastname="&lol9;"/></players></chessresults>"""

EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE chessresults [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]>
<chessresults><players><player no="1" lastname="&xxe;"/></players></chessresults>"""


@pytest.mark.parametrize("data", [LAUGHS, EXTERNAL], ids=["billion-laughs", "external-entity"])
def test_hostile_xml_is_refused_without_expansion(data: bytes, tmp_path: Path) -> None:
    for fmt in ("auto", "chess-results-xml"):
        doc = formats.read(data, fmt)
        assert [d.code for d in doc.diagnostics] == ["T627"] and doc.tournament.players == ()
    path = tmp_path / "hostile.xml"
    path.write_bytes(data)
    for command in (("check",), ("convert", "--to", "json"), ("tiebreaks", "--to", "json")):
        result = invoke(*command, str(path))
        assert result.exit_code == 1 and "T627" in result.stdout + result.stderr
        assert "lollol" not in result.stdout + result.stderr and "root:" not in result.stdout + result.stderr


def test_character_references_in_xml_cannot_inject_trf_records() -> None:
    xml = (b'<?xml version="1.0"?><chessresults><tournamentdata><tournament name="Open" rounds="1"/>'
           b'</tournamentdata><players><player no="1" lastname="Evil&#10;012 Injected&#13;001    2" '
           b'firstname=""/></players></chessresults>')
    doc = formats.read(xml)
    assert len(doc.tournament.players) == 1
    again = formats.read(formats.write(doc.tournament, "trf").encode())
    assert len(again.tournament.players) == 1 and "Injected" not in again.tournament.header.name


def test_private_swiss_manager_strings_appear_in_no_output(tmp_path: Path) -> None:
    f = SmFile(header={0: "Spring Open", 10: "Graz", 23: "arbiter@example.org", 8: r"C:\Users\someone\g.pgn",
                       4: "Club Graz", 22: "deputy@example.org"},
               kind=0, rounds=2, tiebreaks=(84, 68), start_date=20260401, end_date=20260402,
               round_dates=[20260401, 20260402],
               players=[SmPlayer("Alpha", "Anna", rating=2300), SmPlayer("Beta", "Bert", rating=2100),
                        SmPlayer("Gamma", "Gus")],
               pairings=[[(1, 2, 1), (3, BYE, 9)]])
    f.players[0].email = "anna@example.org"
    path = tmp_path / "spring.TUNX"
    path.write_bytes(f.encode())
    outputs = []
    for command in (("check", "--output-format", "full"), ("info", "--to", "json"), ("convert", "--to", "json"),
                    ("convert", "--to", "trf26"), ("convert", "--to", "csv"), ("tiebreaks", "--to", "json")):
        result = invoke(*command, str(path))
        assert result.exit_code in (0, 1), (command, result.stderr)
        outputs.append(result.stdout + result.stderr)
    assert "T624" in outputs[0]
    for secret in ("example.org", "Users", "someone", "Club Graz"):
        assert not any(secret in text for text in outputs), secret


def test_private_chess_results_xml_attributes_appear_in_no_output(tmp_path: Path) -> None:
    xml = (b'<?xml version="1.0"?><chessresults><tournamentdata><tournament key="1" type="0" name="Open" '
           b'rounds="1" mail="td@example.org" homepageorganiser="C:\\Users\\td\\site" '
           b'chiefarbiter="arbiter@example.org"/></tournamentdata><players>'
           b'<player no="1" lastname="Alpha" firstname="Anna"/><player no="2" lastname="Beta" firstname="Bert"/>'
           b'</players><playerpairings><playerpairing round="1" pairing="1" board="1" whiteno="1" blackno="2" '
           b'reswhite="1.0" resblack="0.0" forfeit=""/></playerpairings></chessresults>')
    path = tmp_path / "upload.xml"
    path.write_bytes(xml)
    for command in (("check", "--output-format", "full"), ("info", "--to", "json"), ("convert", "--to", "json"),
                    ("convert", "--to", "trf26"), ("convert", "--to", "csv"), ("tiebreaks", "--to", "json")):
        result = invoke(*command, str(path))
        assert result.exit_code in (0, 1), (command, result.stderr)
        assert "example.org" not in result.stdout + result.stderr and "Users" not in result.stdout + result.stderr


def test_an_entity_bomb_inside_a_workbook_is_not_expanded() -> None:
    pytest.importorskip("openpyxl")
    main = "http://schemas.openxmlformats.org"
    entities = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    parts = {
        "[Content_Types].xml": f'<Types xmlns="{main}/package/2006/content-types"><Default Extension="xml" '
                               'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
                               'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.'
                               'main+xml"/></Types>',
        "_rels/.rels": f'<Relationships xmlns="{main}/package/2006/relationships"><Relationship Id="rId1" '
                       f'Type="{main}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
                       "</Relationships>",
        "xl/workbook.xml": f'<workbook xmlns="{main}/spreadsheetml/2006/main" '
                           f'xmlns:r="{main}/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" '
                           'r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{main}/package/2006/relationships"><Relationship '
                                      f'Id="rId1" Type="{main}/officeDocument/2006/relationships/worksheet" '
                                      'Target="worksheets/sheet1.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": f'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY l0 "lol">{entities}]>'
                                    f'<worksheet xmlns="{main}/spreadsheetml/2006/main"><sheetData><row r="1">'
                                    '<c r="A1" t="inlineStr"><is><t>&l9;</t></is></c></row></sheetData></worksheet>',
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    doc = formats.read(buffer.getvalue())
    assert [d.code for d in doc.diagnostics] == ["T001"] and doc.tournament.players == ()
    assert "lollol" not in doc.diagnostics[0].message


def test_a_console_that_cannot_show_a_name_does_not_make_an_internal_error(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = tmp_path / "greek.trf"
    path.write_bytes(trf(p001(1, name="\u0391\u03bb\u03c6\u03b1, \u0391", points="0.0"), name="\u039f\u03bc\u03ad\u03b3\u03b1")
                     .replace(b"1980/01/01", b"1980/13/01"))
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    for command in (("check", "--output-format", "full"), ("info",), ("tiebreaks",)):
        done = subprocess.run([sys.executable, "-m", "trfkit", *command, str(path)], capture_output=True,
                              env=env, timeout=60, check=False)
        assert done.returncode in (0, 1), (command, done.stderr)
        assert b"T999" not in done.stderr and b"Traceback" not in done.stderr


def test_a_file_name_that_is_not_utf8_does_not_make_an_internal_error(tmp_path: Path) -> None:
    import subprocess
    import sys

    if os.name != "posix":
        pytest.skip("byte file names are a POSIX matter")
    (tmp_path / "in").mkdir()
    raw = os.fsencode(tmp_path / "in") + b"/\xff\xfename.trf"
    with open(raw, "wb") as fh:
        fh.write(TWO)
    for command in (("info", "--to", "json"), ("convert", "--to", "json"), ("check", "--output-format", "json")):
        done = subprocess.run([sys.executable.encode(), b"-m", b"trfkit", *(c.encode() for c in command), raw],
                              capture_output=True, timeout=60, check=False)
        assert done.returncode == 0, (command, done.stderr)
        json.loads(done.stdout)
    report, out = tmp_path / "report.json", tmp_path / "out"
    for command in ((b"check", b"--report", os.fsencode(report), raw),
                    (b"convert", os.fsencode(tmp_path / "in"), b"-o", os.fsencode(out), b"--to", b"json")):
        done = subprocess.run([sys.executable.encode(), b"-m", b"trfkit", *command], capture_output=True,
                              timeout=60, check=False)
        assert done.returncode == 0 and b"T999" not in done.stderr, (command, done.stderr)
    assert json.loads(report.read_text())["summary"]["files"] == 1
    assert len(list(out.iterdir())) == 1
