"""The validator on the reference corpus in ../shared (skipped when it is absent).

Known-bad files must get the codes their names promise; every other TRF file must
get no error-severity diagnostic, except the files listed in KNOWN_ERRORS, whose
errors are real inconsistencies of the file (each with the reason). The list is
exact both ways: a new error or a vanished one fails the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfkit.diagnostics import Severity
from trfkit.formats import read
from trfkit.validation.driver import validate

SHARED = Path(__file__).resolve().parents[3] / "shared"
TRF = SHARED / "corpus" / "trf"

#: deliberately broken files -> the code their name promises
PROMISED = {
    "py4swiss/incompatible_color.trf": "T303",
    "py4swiss/incompatible_result.trf": "T304",
    "py4swiss/incorrect_points.trf": "T401",
    "py4swiss/invalid_code.trf": "T101",
    "py4swiss/missing_result.trf": "T302",
    "py4swiss/missing_starting_number.trf": "T316",
    "py4swiss/too_many_results.trf": "T205",
    "icu-krause/invalid.tab": "T005",
}

_HALF_BYES = (
    "T401: blank-result byes (`0000 -  `) are worth 1/2 in the declared totals, but TRF "
    "says a blank result is a zero-point bye (TRF.md 11.5, 11.9)"
)

#: real files with real inconsistencies: path -> {code: reason}
KNOWN_ERRORS: dict[str, dict[str, str]] = {
    "heltour/friendship_cup_2024.trf": {
        "T401": "Swiss-Manager declares 1.0 for player 41, who has a double forfeit and no win "
        "(TRF.md 11.9)",
        "T306": "players 54 and 127 are one person registered twice (Angeliki / Aggeliki) with "
        "the same FIDE id",
    },
    "heltour/poa_kritis_team_championship_2025.trf": {
        "T401": "declared totals of non-playing reserves do not match their rounds (MANIFEST)",
    },
    "icu-krause/bunratty_challengers_2011.tab": {"T401": _HALF_BYES},
    "icu-krause/bunratty_major_2011.tab": {"T401": _HALF_BYES},
    "icu-krause/bunratty_masters_2011.tab": {"T401": _HALF_BYES},
    "icu-krause/irish_intermediate_champs_2011.tab": {"T401": _HALF_BYES},
    "icu-krause/irish_junior_champs_2011.tab": {"T401": _HALF_BYES},
    "icu-krause/bunratty_minor_2011.tab": {
        "T401": _HALF_BYES,
        "T402": "the Rank column is not the final standing (rank 3 with 3.5 points, rank 5 "
        "with 4.0)",
    },
    "sharly-chess/trf-team-import-test.trf": {
        "T401": "its 162 makes the PAB worth 5.0, but the declared totals count the board "
        "byes (U) as 0",
    },
    # Deliberately broken files may show consequences of their fault as well.
    "py4swiss/incompatible_result.trf": {
        "T402": "the flipped result gives player 3 more points than the ranks above",
    },
}


def _files() -> list[str]:
    if not TRF.is_dir():
        return []
    return sorted(str(p.relative_to(TRF)) for p in TRF.rglob("*") if p.is_file())


def _errors(name: str) -> set[str]:
    path = TRF / name
    doc = read(path.read_bytes(), "trf", path=name)
    return {d.code for d in validate(doc) if d.severity is Severity.ERROR}


@pytest.fixture(autouse=True)
def _needs_shared() -> None:
    if not TRF.is_dir():
        pytest.skip("reference corpus ../shared is not available")


@pytest.mark.parametrize("name", sorted(PROMISED))
def test_known_bad_files_get_the_promised_code(name: str) -> None:
    assert PROMISED[name] in _errors(name)


@pytest.mark.parametrize("name", _files() or ["(corpus absent)"])
def test_no_unexplained_errors(name: str) -> None:
    expected = set(KNOWN_ERRORS.get(name, {}))
    if name in PROMISED:
        expected.add(PROMISED[name])
    assert _errors(name) == expected


def test_the_corpus_is_there() -> None:
    assert len(_files()) >= 50


def _everything() -> list[str]:
    root = SHARED / "corpus"
    if not root.is_dir():
        return []
    return sorted(
        str(p.relative_to(root))
        for p in root.rglob("*")
        if p.is_file() and not p.name.startswith(("LICENSE", "MANIFEST"))
    )


@pytest.mark.parametrize("name", _everything() or ["(corpus absent)"])
def test_no_rule_crashes_on_any_corpus_file(name: str) -> None:
    """Every reader's model (TRF, Swiss-Manager, chess-results) goes through the rules."""
    path = SHARED / "corpus" / name
    doc = read(path.read_bytes(), "auto", path=name)
    assert [str(d) for d in validate(doc) if d.code == "T999"] == []
