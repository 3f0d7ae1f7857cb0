"""Data-driven rule fixtures: ``tests/data/rules/<CODE>-<name>[.clean].trf`` + ``.expected``.

Each ``.expected`` lists every diagnostic as ``line:col CODE`` in output order,
written down from the TRF layout (player s of the base file sits on line 11+s,
round r's block starts at column 92+10(r-1)). Team-event rules (T317-T329) belong
to the team checks and are left out, so that these fixtures pin the rules they name.
A profile's code (T7xx) is checked with its profile on (``--profile fide-rating``), and
its fixtures report no profile code without it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trfkit.diagnostic_codes import CODES
from trfkit.formats import read
from trfkit.selection import OPT_IN, profiles_of
from trfkit.validation.driver import rules, validate

DATA = Path(__file__).resolve().parents[1] / "data" / "rules"
FIXTURES = sorted(DATA.glob("*.trf"))
TEAM_RULES = tuple(code for code in CODES if "T317" <= code <= "T329")
MY_MODULES = (
    "trfkit.validation.rules.header",
    "trfkit.validation.rules.pairings",
    "trfkit.validation.rules.scores",
    "trfkit.validation.rules.rating_header",
    "trfkit.validation.rules.rating_players",
)


def _expected(path: Path) -> list[str]:
    return path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()


def _found(path: Path, *, with_profile: bool = True) -> list[str]:
    doc = read(path.read_bytes(), "trf", path=path.name)
    profile = next(iter(profiles_of(_code(path))), None) if with_profile else None
    found = validate(doc, ignore=TEAM_RULES, profile=profile)
    return [f"{d.line}:{d.column} {d.code}" for d in found]


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_fixture_gives_exactly_the_expected_diagnostics(path: Path) -> None:
    assert _found(path) == _expected(path)


def _code(path: Path) -> str:
    return path.name.split("-", 1)[0]


@pytest.mark.parametrize("path", [p for p in FIXTURES if _code(p) in OPT_IN], ids=lambda p: p.stem)
def test_profile_fixture_reports_no_profile_code_without_the_profile(path: Path) -> None:
    without = _found(path, with_profile=False)
    assert without == [line for line in _expected(path) if line.split()[1] not in OPT_IN]


@pytest.mark.parametrize(
    "path", [p for p in FIXTURES if ".clean" not in p.name], ids=lambda p: p.stem
)
def test_triggering_fixture_reports_its_own_code(path: Path) -> None:
    assert any(line.endswith(" " + _code(path)) for line in _expected(path))
    name = path.stem.split("-", 1)[1]
    assert name.startswith(CODES[_code(path)].name), "fixture named after its code's name"


@pytest.mark.parametrize("path", [p for p in FIXTURES if ".clean" in p.name], ids=lambda p: p.stem)
def test_clean_fixture_does_not_report_its_code(path: Path) -> None:
    assert not any(line.endswith(" " + _code(path)) for line in _expected(path))


def test_every_rule_and_every_issue_code_has_a_triggering_and_a_clean_fixture() -> None:
    issue_codes = {
        "T001",
        "T002",
        "T003",
        "T004",
        "T005",
        "T006",
        "T013",
        "T101",
        "T102",
        "T103",
        "T104",
        "T105",
        "T106",
        "T107",
        "T109",
    }
    mine = {code for code, r in rules().items() if r.func.__module__ in MY_MODULES}
    wanted = issue_codes | mine
    triggering = {_code(p) for p in FIXTURES if ".clean" not in p.name}
    clean = {_code(p) for p in FIXTURES if ".clean" in p.name}
    assert wanted - triggering == set()
    assert wanted - clean == set()


def test_validator_rules_cover_the_issue_list() -> None:
    issue = {
        "T201",
        "T202",
        "T203",
        "T204",
        "T205",
        "T301",
        "T302",
        "T303",
        "T304",
        "T305",
        "T306",
        "T307",
        "T308",
        "T309",
        "T310",
        "T311",
        "T312",
        "T313",
        "T401",
        "T402",
        "T403",
    }
    assert issue <= set(rules())


@pytest.mark.parametrize(
    "path", [p for p in FIXTURES if ".clean" not in p.name], ids=lambda p: p.stem
)
def test_the_right_stage_emits_the_code(path: Path) -> None:
    """T0xx/T1xx come from the reader, T2xx-T4xx from the validator's rules (STYLE.md §4)."""
    code = _code(path)
    doc = read(path.read_bytes(), "trf", path=path.name)
    from_reader = code in {d.code for d in doc.diagnostics}
    assert from_reader == (CODES[code].stage in ("decode", "parse"))
    if not from_reader:
        profile = next(iter(profiles_of(code)), None)
        assert code in {d.code for d in validate(doc, profile=profile)}
