"""Inputs without players are refused: T006 (not a report at all) or T013 (no players).

Before, a Markdown note or a LICENSE read as TRF passed ``check`` with one info per
line and ``convert`` turned it into JSON; a Swiss-Manager team template read as an
empty tournament of 150 rounds and passed too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import trfkit
from trfkit.cli import cli
from trfkit.formats import read
from trfkit.formats.json_io import write_json
from trfkit.validation.driver import validate

NOTE = "### Release notes\n\nThe pairing bug is fixed.\nSee the changelog.\n"
LICENSE = (
    "MIT License\n\nCopyright (c) 2026 Someone\n\nPermission is hereby granted, free of "
    "charge, to any person obtaining a copy\n"
)
PGN = '[Event "Club"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n'
HEADER_ONLY = "012 Club Championship\n022 Galway\n042 2026/04/12\n"


@pytest.mark.parametrize("text", [NOTE, LICENSE, PGN], ids=["markdown", "license", "pgn"])
def test_a_text_that_is_no_report_gets_one_t006_and_exit_1(tmp_path: Path, text: str) -> None:
    path = tmp_path / "notes.trf"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "--output-format", "json"])
    found = json.loads(result.stdout)["diagnostics"]
    assert result.exit_code == 1
    assert [(d["code"], d["location"]) for d in found] == [("T006", {"row": 1, "column": 1})]


@pytest.mark.parametrize("text", [NOTE, HEADER_ONLY], ids=["markdown", "header"])
def test_convert_writes_nothing_for_an_input_without_players(tmp_path: Path, text: str) -> None:
    path = tmp_path / "in.trf"
    path.write_text(text, encoding="utf-8")
    out = tmp_path / "out.json"
    result = CliRunner().invoke(cli, ["convert", str(path), "--to", "json", "-o", str(out)])
    assert result.exit_code == 1
    assert not out.exists()
    assert "nothing to convert" in result.stderr


@pytest.mark.parametrize(
    ("name", "data", "code"),
    [
        ("bad.json", b'{"format": "trfkit-tournament", bad', "T009"),
        (
            "evil.xml",
            b'<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "b">]>\n'
            b"<chessresults><a>&a;</a></chessresults>\n",
            "T627",
        ),
    ],
    ids=["malformed-json", "unsafe-xml"],
)
def test_an_input_the_reader_refused_gets_no_rule_findings(
    tmp_path: Path, name: str, data: bytes, code: str
) -> None:
    """Before: the rules ran on the empty model beside the reader's error (a T201 "no
    name" warning after a JSON syntax error)."""
    path = tmp_path / name
    path.write_bytes(data)
    result = CliRunner().invoke(cli, ["check", str(path), "--output-format", "json"])
    assert result.exit_code == 1
    assert [d["code"] for d in json.loads(result.stdout)["diagnostics"]] == [code]


def test_a_header_without_players_is_t013_and_keeps_its_own_findings() -> None:
    doc = trfkit.loads(HEADER_ONLY.replace("2026/04/12", "sometime"), fmt="trf")
    assert [(d.code, d.line) for d in validate(doc)] == [("T013", 1), ("T106", 3)]
    assert doc.tournament.header.name == "Club Championship"


def test_a_trf26_comment_alone_is_not_a_report() -> None:
    doc = trfkit.loads("### a TRF-2026 comment\n### and another\n", fmt="trf")
    assert [d.code for d in doc.diagnostics] == ["T006"]


def test_a_json_document_without_players_is_t013(samples_dir: Path) -> None:
    data = json.loads(write_json(trfkit.load(samples_dir / "swiss.trf").tournament))
    data["players"] = []
    doc = read(json.dumps(data).encode("utf-8"), "json", path="e.json")
    assert [d.code for d in doc.diagnostics] == ["T013"]
    assert "trfkit JSON document holds no player and no team" in doc.diagnostics[0].message


def test_strict_reading_raises_on_no_players() -> None:
    with pytest.raises(trfkit.TrfError) as info:
        trfkit.loads(HEADER_ONLY, fmt="trf", strict=True)
    assert info.value.diagnostic.code == "T013"


def test_swiss_manager_team_template_is_refused_as_empty(shared_dir: Path) -> None:
    path = shared_dir / "corpus" / "swiss-manager" / "tunx" / "cro_1386026.TUNX"
    result = CliRunner().invoke(cli, ["check", str(path)])
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith(
        f"{path}:1:1: T013 no players: this Swiss-Manager file "
        "(Team: round robin, an empty template?) holds no player and no team"
    )


def test_real_reports_are_never_refused_as_playerless(shared_dir: Path, samples_dir: Path) -> None:
    """The corpus's reports and the samples have players; only its LICENSE/MANIFEST texts,
    the empty file and the Swiss-Manager template are refused."""
    corpus = shared_dir / "corpus"
    refused = []
    for path in sorted([*corpus.rglob("*"), *samples_dir.iterdir()]):
        if path.is_file():
            doc = read(path.read_bytes(), path=path.name)
            if any(d.code in ("T006", "T013") for d in doc.diagnostics):
                refused.append(path.name)
    assert sorted(refused) == sorted(
        [
            "MANIFEST.md",
            "LICENSE.markjonleonard-chess-results.MIT.txt",
            "LICENSE.sharly-chess.AGPL-3.0.md",
            "LICENSE.echecsjs-tunx.MIT.txt",
            "cro_1386026.TUNX",
        ]
    )
