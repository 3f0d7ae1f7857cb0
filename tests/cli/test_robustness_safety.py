"""Safety rules of issue 9: exit status and T999, untouched inputs, atomic and contained outputs,
spreadsheet-safe CSV, hostile XML, private header strings, consoles and file names that are not
UTF-8."""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from robust_helpers import SAMPLES, TWO, invoke, trf
from sm_writer import BYE, SmFile, SmPlayer
from trf_helpers import p001

from trfkit import formats
from trfkit.cli.io import InputError, atomic_write, contained, write_output
from trfkit.formats import json_io
from trfkit.model import Player, Tournament

# --- exit status, internal errors, --debug ------------------------------------------


def test_internal_error_is_one_line_t999_with_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "event.trf"
    path.write_bytes(TWO)

    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("simulated bug")

    def broken_blocks(*args: object, **kwargs: object) -> Iterator[str]:
        yield "{"  # the JSON writer streams: it fails half-way through the output
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(formats, "write", broken)
    monkeypatch.setattr(json_io, "iter_json", broken_blocks)
    result = invoke("convert", str(path), "--to", "json", "-o", str(tmp_path / "out.json"))
    assert not list(tmp_path.glob("*.json")) and not list(tmp_path.glob(".*.tmp"))
    assert result.exit_code == 2
    assert "T999" in result.stderr and "report a bug" in result.stderr
    assert "simulated bug" in result.stderr
    assert "Traceback" not in result.stderr
    debug = invoke("--debug", "convert", str(path), "--to", "json")
    assert debug.exit_code == 2 and "Traceback" in debug.stderr and "T999" in debug.stderr


def test_every_command_can_show_tracebacks() -> None:
    assert "--debug" in invoke("--help").stdout
    assert invoke("--debug", "rules").exit_code == 0


def test_crash_outside_a_command_is_reported_not_raised(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
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
    for command in (
        ("check", str(tree)),
        ("convert", str(tree), "-o", str(tmp_path / "out"), "--to", "trf"),
        ("tiebreaks", str(tree / "a.trf"), "--to", "trf"),
        ("convert", str(tree / "a.trf"), "-o", str(tree / "a.trf")),
    ):
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


@pytest.mark.parametrize(
    "command", [("convert", "--to", "csv"), ("tiebreaks", "--to", "csv", "--tb", "BH")]
)
def test_csv_cells_cannot_become_formulas(command: tuple[str, ...], tmp_path: Path) -> None:
    path = tmp_path / "formula.trf"
    path.write_bytes(_formula_trf())
    safe = invoke(command[0], str(path), *command[1:])
    assert safe.exit_code == 1, safe.stderr  # T306: the four players share the FIDE id 1234567
    import csv

    column = 2 if command[0] == "tiebreaks" else 1
    names = [row[column] for row in csv.reader(io.StringIO(safe.stdout))][1:]
    assert sorted(names) == sorted("'" + f for f in FORMULAS)
    raw = invoke(command[0], str(path), *command[1:], "--raw-csv")
    raw_names = [row[column] for row in csv.reader(io.StringIO(raw.stdout))][1:]
    assert sorted(raw_names) == sorted(FORMULAS)


def test_csv_writer_neutralises_tab_and_carriage_return_but_not_numbers() -> None:
    t = Tournament(
        players=(Player(1, "\tTab", rating=2000), Player(2, "\rReturn"), Player(3, "Plain"))
    )
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

LAUGHS = (
    b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
"""
    + b"".join(
        f' <!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">\n'.encode() for i in range(1, 10)
    ).replace(b"&lol0;", b"&lol;")
    + b"""]>
<chessresults><tournamentdata><tournament name="&lol9;"/></tournamentdata>
<players><player no="1" lastname="&lol9;"/></players></chessresults>"""
)

EXTERNAL = (
    b'<?xml version="1.0"?>\n'
    b'<!DOCTYPE chessresults [<!ENTITY xxe SYSTEM "file:///etc/passwd">'
    b'<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]>\n'
    b'<chessresults><players><player no="1" lastname="&xxe;"/></players></chessresults>'
)


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
        output = result.stdout + result.stderr
        assert "lollol" not in output and "root:" not in output


def test_character_references_in_xml_cannot_inject_trf_records() -> None:
    xml = (
        b'<?xml version="1.0"?><chessresults><tournamentdata>'
        b'<tournament name="Open" rounds="1"/></tournamentdata><players>'
        b'<player no="1" lastname="Evil&#10;012 Injected&#13;001    2" '
        b'firstname=""/></players></chessresults>'
    )
    doc = formats.read(xml)
    assert len(doc.tournament.players) == 1
    again = formats.read(formats.write(doc.tournament, "trf").encode())
    assert len(again.tournament.players) == 1 and "Injected" not in again.tournament.header.name


def test_private_swiss_manager_strings_appear_in_no_output(tmp_path: Path) -> None:
    f = SmFile(
        header={
            0: "Spring Open",
            10: "Graz",
            23: "arbiter@example.org",
            8: r"C:\Users\someone\g.pgn",
            4: "Club Graz",
            22: "deputy@example.org",
        },
        kind=0,
        rounds=2,
        tiebreaks=(84, 68),
        start_date=20260401,
        end_date=20260402,
        round_dates=[20260401, 20260402],
        players=[
            SmPlayer("Alpha", "Anna", rating=2300),
            SmPlayer("Beta", "Bert", rating=2100),
            SmPlayer("Gamma", "Gus"),
        ],
        pairings=[[(1, 2, 1), (3, BYE, 9)]],
    )
    f.players[0].email = "anna@example.org"
    path = tmp_path / "spring.TUNX"
    path.write_bytes(f.encode())
    outputs = []
    for command in (
        ("check", "--output-format", "full", "-v"),
        ("info", "--to", "json"),
        ("convert", "--to", "json"),
        ("convert", "--to", "trf26"),
        ("convert", "--to", "csv"),
        ("tiebreaks", "--to", "json"),
    ):
        result = invoke(*command, str(path))
        assert result.exit_code == 0, (command, result.stderr)
        # the outputs carrying players do carry them: the secrets are left out, not everything
        assert ("Alpha" in result.stdout) == (command[0] in ("convert", "tiebreaks")), command
        outputs.append(result.stdout + result.stderr)
    assert "T624" in outputs[0]
    for secret in ("example.org", "Users", "someone"):
        assert not any(secret in text for text in outputs), secret
    assert '"organiser": "Club Graz"' in outputs[2]  # a public event fact (issue 16)


def test_private_chess_results_xml_attributes_appear_in_no_output(tmp_path: Path) -> None:
    xml = (
        b'<?xml version="1.0"?><chessresults><tournamentdata>'
        b'<tournament key="1" type="0" name="Open" '
        b'rounds="1" mail="td@example.org" homepageorganiser="C:\\Users\\td\\site" '
        b'chiefarbiter="arbiter@example.org"/></tournamentdata><players>'
        b'<player no="1" lastname="Alpha" firstname="Anna"/>'
        b'<player no="2" lastname="Beta" firstname="Bert"/>'
        b"</players><playerpairings>"
        b'<playerpairing round="1" pairing="1" board="1" whiteno="1" blackno="2" '
        b'reswhite="1.0" resblack="0.0" forfeit=""/></playerpairings></chessresults>'
    )
    path = tmp_path / "upload.xml"
    path.write_bytes(xml)
    for command in (
        ("check", "--output-format", "full", "-v"),
        ("info", "--to", "json"),
        ("convert", "--to", "json"),
        ("convert", "--to", "trf26"),
        ("convert", "--to", "csv"),
        ("tiebreaks", "--to", "json"),
    ):
        result = invoke(*command, str(path))
        assert result.exit_code == 0, (command, result.stderr)
        assert ("Alpha" in result.stdout) == (command[0] in ("convert", "tiebreaks")), command
        output = result.stdout + result.stderr
        assert "example.org" not in output and "Users" not in output


def test_an_entity_bomb_inside_a_workbook_is_not_expanded() -> None:
    from trfkit.formats.chessresults.excel import backend

    if backend() is None:
        pytest.skip("no workbook reader (python-calamine or openpyxl) is installed")
    main = "http://schemas.openxmlformats.org"
    entities = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    parts = {
        "[Content_Types].xml": f'<Types xmlns="{main}/package/2006/content-types"><Default Extension="xml" '
        'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.'
        'main+xml"/></Types>',
        "_rels/.rels": f'<Relationships xmlns="{main}/package/2006/relationships"><Relationship Id="rId1" '
        f'Type="{main}/officeDocument/2006/relationships/officeDocument" '
        'Target="xl/workbook.xml"/>'
        "</Relationships>",
        "xl/workbook.xml": f'<workbook xmlns="{main}/spreadsheetml/2006/main" '
        f'xmlns:r="{main}/officeDocument/2006/relationships"><sheets>'
        '<sheet name="S" sheetId="1" '
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
    alpha, omega = "\u0391\u03bb\u03c6\u03b1, \u0391", "\u039f\u03bc\u03ad\u03b3\u03b1"
    path.write_bytes(
        trf(p001(1, name=alpha, points="0.0"), name=omega).replace(b"1980/01/01", b"1980/13/01")
    )
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    for command in (("check", "--output-format", "full"), ("info",), ("tiebreaks",)):
        done = subprocess.run(
            [sys.executable, "-m", "trfkit", *command, str(path)],
            capture_output=True,
            env=env,
            timeout=60,
            check=False,
        )
        assert done.returncode == 1, (command, done.stderr)  # T106 (month 13), not T999
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
    for command in (
        ("info", "--to", "json"),
        ("convert", "--to", "json"),
        ("check", "--output-format", "json"),
    ):
        done = subprocess.run(
            [sys.executable.encode(), b"-m", b"trfkit", *(c.encode() for c in command), raw],
            capture_output=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, (command, done.stderr)
        json.loads(done.stdout)
    report, out = tmp_path / "report.json", tmp_path / "out"
    for command in (
        (b"check", b"--report", os.fsencode(report), raw),
        (b"convert", os.fsencode(tmp_path / "in"), b"-o", os.fsencode(out), b"--to", b"json"),
    ):
        done = subprocess.run(
            [sys.executable.encode(), b"-m", b"trfkit", *command],
            capture_output=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0 and b"T999" not in done.stderr, (command, done.stderr)
    assert json.loads(report.read_text())["summary"]["files"] == 1
    assert len([p for p in out.iterdir() if not p.name.startswith(".")]) == 1  # + its record


def test_output_to_a_device_or_pipe_is_written_in_place_not_replaced(tmp_path: Path) -> None:
    # `-o /dev/null` once turned /dev/null into a regular file (rename over the node).
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    atomic_write(fifo, b"012 x\n")
    reader.join(timeout=10)
    assert received == [b"012 x\n"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["pipe"]  # no temporary file left
