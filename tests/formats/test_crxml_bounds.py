"""Hostile chess-results XML: character-reference floods, lowercase DOCTYPE, XInclude."""

from __future__ import annotations

import time
from pathlib import Path

from click.testing import CliRunner
from swiss_edits import cli_run
from test_crxml import FOUR, FOUR_GAMES, document

from trfkit.cli import cli
from trfkit.formats.chessresults.upload_xml import read_crxml
from trfkit.limits import MAX_ATTRIBUTE_CHARS, MAX_MARKUP_REFERENCES


def flooded(count: int) -> bytes:
    """The four-player event whose tournament name is ``count`` character references."""
    return document("".join(FOUR), "".join(FOUR_GAMES)).replace(
        b'name="Club Open"', b'name="' + b"&#65;" * count + b'"'
    )


def test_a_name_of_200000_character_references_is_cut_quickly(tmp_path: Path) -> None:
    path = tmp_path / "upload.xml"
    path.write_bytes(flooded(200_000))
    runner = CliRunner()
    for args in (
        ["check", str(path)],
        ["info", str(path)],
        ["convert", str(path), "--to", "json", "-o", str(tmp_path / "out.json")],
    ):
        started = time.perf_counter()
        result = runner.invoke(cli, args)
        assert time.perf_counter() - started < 5, args  # hung past 20 s before
        assert result.exit_code == 1, (args, result.output)
        assert "T999" not in result.output and "Traceback" not in result.output
    doc = read_crxml(path.read_bytes())
    (cut,) = [d for d in doc.diagnostics if d.code == "T007"]
    assert cut.line == 4 and "<tournament name> (200000 characters)" in cut.message
    assert doc.tournament.header.name == "A" * MAX_ATTRIBUTE_CHARS
    assert len(doc.tournament.players) == 4  # the rest of the file is read as usual


def test_more_references_than_any_event_are_refused_before_parsing() -> None:
    from trfkit.formats import read

    doc = read(flooded(MAX_MARKUP_REFERENCES + 1), "auto")
    assert [d.code for d in doc.diagnostics] == ["T007"]
    assert "character or entity references" in doc.diagnostics[0].message
    assert doc.tournament.players == ()


def test_a_lowercase_doctype_is_refused_like_the_uppercase_one() -> None:
    for spelling in (b"<!DOCTYPE", b"<!doctype", b"<!DocType"):
        data = b'<?xml version="1.0"?>\n' + spelling + b' x [<!ENTITY a "b">]>\n<chessresults/>'
        (found,) = read_crxml(data).diagnostics
        assert (found.code, found.message) == (
            "T627",
            "line 2: DOCTYPE or entity declarations are not accepted",
        ), spelling


def test_xinclude_elements_are_flagged_and_never_processed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("secret-marker", encoding="utf-8")
    data = document("".join(FOUR), "".join(FOUR_GAMES)).replace(
        b"<chessresults>",
        b'<chessresults xmlns:xi="http://www.w3.org/2001/XInclude">\n'
        b'<xi:include href="' + str(secret).encode() + b'" parse="text"/>',
    )
    doc = read_crxml(data)
    (found,) = [d for d in doc.diagnostics if d.code == "T023"]
    assert found.line == 3 and "1 XInclude element(s) (<xi:include> first)" in found.message
    assert found.severity.value == "warning"
    assert len(doc.tournament.players) == 4
    result = CliRunner().invoke(cli, ["convert", "-", "--to", "json"], input=data)
    assert "secret-marker" not in result.output and "T023" in result.output
    # an element named include outside the XInclude namespace is just an unknown element
    plain = document("".join(FOUR), "".join(FOUR_GAMES), teams="<include/>")
    assert not [d for d in read_crxml(plain).diagnostics if d.code == "T023"]


def test_xml_with_entities_is_refused() -> None:
    bomb = (
        b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]>\n'
        b"<chessresults><tournamentdata><tournament name='&b;'/></tournamentdata>"
        b"</chessresults>\n"
    )
    result = cli_run("info", "-", "--from", "chess-results-xml", stdin=bomb)
    assert result.exit_code == 1 and " T627 " in result.stderr and "aaaa" not in result.output
