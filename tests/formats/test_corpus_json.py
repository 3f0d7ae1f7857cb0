"""Every TRF-like corpus file: JSON that validates, round-trips, and converts back to the same TRF.

Reads ``../shared/corpus/trf`` beside the checkout; skipped when it is absent.
The empty ``invalid.tab`` is the one file that cannot become a tournament.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import trfkit
from trfkit.cli import cli
from trfkit.formats.json_io import read_json, to_data, write_json
from trfkit.schema import iter_schema_errors

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "trf"
SUFFIXES = {".trf", ".tab", ".input"}
EMPTY = {"icu-krause/invalid.tab"}


def corpus_files() -> list[str]:
    if not CORPUS.is_dir():
        return []
    return sorted(
        str(p.relative_to(CORPUS))
        for p in CORPUS.rglob("*")
        if p.suffix in SUFFIXES and str(p.relative_to(CORPUS)) not in EMPTY
    )


FILES = corpus_files()

#: Swiss-Manager and chess-results inputs: their readers fill the same model, so JSON
#: must carry their tournaments without loss too.
OTHER_ROOT = CORPUS.parent
OTHER_SUFFIXES = {".tunx", ".xml", ".html", ".xlsx"}
OTHER_FILES = sorted(
    str(p.relative_to(OTHER_ROOT))
    for p in (OTHER_ROOT.rglob("*") if OTHER_ROOT.is_dir() else ())
    if p.suffix.lower() in OTHER_SUFFIXES and "trf" not in p.relative_to(OTHER_ROOT).parts
)


@pytest.fixture(scope="module")
def corpus(shared_dir: Path) -> Path:
    return CORPUS


def test_corpus_is_there(corpus: Path) -> None:
    assert len(FILES) >= 50  # 56 TRF-like files at the time of writing


@pytest.mark.parametrize("name", FILES or ["<no corpus>"])
def test_json_validates_and_round_trips(corpus: Path, name: str) -> None:
    doc = trfkit.load(corpus / name)
    t = doc.tournament
    assert t.players, "every corpus file except the empty one holds players"
    data = to_data(t)
    assert list(iter_schema_errors("tournament", data)) == []
    back = read_json(write_json(t).encode("utf-8"))
    assert back.diagnostics == ()
    assert back.tournament == t


@pytest.mark.parametrize("name", OTHER_FILES or ["<no corpus>"])
def test_other_formats_round_trip_through_json(corpus: Path, name: str) -> None:
    t = trfkit.load(OTHER_ROOT / name).tournament
    assert list(iter_schema_errors("tournament", to_data(t))) == []
    back = read_json(write_json(t).encode("utf-8"))
    assert back.diagnostics == ()
    assert back.tournament == t


def test_empty_file_gives_a_diagnostic_not_a_crash(corpus: Path) -> None:
    doc = trfkit.load(corpus / "icu-krause/invalid.tab")
    assert doc.has_errors
    assert doc.tournament.players == ()


@pytest.mark.parametrize("name", FILES or ["<no corpus>"])
def test_trf_via_json_is_byte_identical(corpus: Path, name: str, tmp_path: Path) -> None:
    pytest.importorskip("trfkit.formats.trf.writer")
    runner = CliRunner()
    src = str(corpus / name)
    direct = runner.invoke(cli, ["convert", src, "--to", "trf"])
    # convert exits 1 exactly when check finds an error-level problem (16 of the 55 files)
    assert direct.exit_code == runner.invoke(cli, ["check", src]).exit_code, direct.stderr
    as_json = tmp_path / "x.json"
    step = runner.invoke(cli, ["convert", src, "--to", "json", "-o", str(as_json)])
    assert step.exit_code == direct.exit_code
    back = runner.invoke(cli, ["convert", str(as_json), "--to", "trf"])
    # JSON carries no reader diagnostics of its own; what the rules find in the model makes
    # convert exit 1 exactly as it makes check exit 1 (issue 15)
    assert back.exit_code == runner.invoke(cli, ["check", str(as_json)]).exit_code, back.stderr
    assert back.stdout_bytes == direct.stdout_bytes
