"""In-process conformance: trfkit's individual tie-breaks against ../shared/expected/tiebreaks.json.

Mirrors shared/tools/conformance.py (same sources, same tolerance, null only equals
null) but calls :func:`trfkit.tiebreaks.compute` directly, one test per file and
edition. Team events (the model has teams) are left to the team tests. Skipped when
the shared folder is absent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from trfkit import formats
from trfkit.tiebreaks import compute

SHARED = Path(__file__).resolve().parents[3] / "shared"
EXPECTED = SHARED / "expected" / "tiebreaks.json"
CORPUS = SHARED / "corpus"
SOURCES = ("tiebreakserver", "tiebreakserver-lenient", "sharly-tec")
EDITIONS = {"2024": ["fide-2024"], "2026": ["fide-2026"], "both": ["fide-2024", "fide-2026"]}
INDIVIDUAL = set(
    "PTS BH BH/C1 BH/C2 BH/M1 BH/M2 FB SB SB/C1 PS PS/C1 WIN WON BPG BWG REP "
    "ARO ARO/C1 TPR PTP APRO APPO AOB KS STD TPN".split()
)

#: Known disagreements, with the reason (kept honest: the test fails if they start agreeing).
KNOWN: dict[str, str] = {}


def _cases() -> list[Any]:
    if not EXPECTED.is_file():
        return []
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    out = []
    for path, by_source in sorted(expected.items()):
        if path.startswith("_") or path.startswith("local:"):
            continue
        merged: dict[str, dict[str, dict[str, Any]]] = {}
        for source in SOURCES:
            for edition, entries in by_source.get(source, {}).items():
                for rules in EDITIONS.get(edition, []):
                    table = merged.setdefault(rules, {})
                    for ident, values in entries.items():
                        for code, value in values.items():
                            if code in INDIVIDUAL and str(value).strip() != "-0":
                                table.setdefault(str(ident), {}).setdefault(code, value)
        for rules, table in sorted(merged.items()):
            if table:
                marks = (
                    [pytest.mark.xfail(reason=KNOWN[path], strict=True)] if path in KNOWN else []
                )
                out.append(pytest.param(path, rules, table, id=f"{path}-{rules}", marks=marks))
    return out


def _number(v: Any) -> float | None:
    if v is None or isinstance(v, bool):
        return None
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


@pytest.mark.skipif(not EXPECTED.is_file(), reason="shared expected values not available")
@pytest.mark.parametrize("path, rules, table", _cases())
def test_conformance(path: str, rules: str, table: dict[str, dict[str, Any]]) -> None:
    data = (CORPUS / path).read_bytes()
    tournament = formats.read(data, path=path).tournament
    if tournament.is_team_event:
        pytest.skip("team event: compared by the team tests")
    codes = sorted({c for values in table.values() for c in values})
    # TieBreakServer scores every declared round (142/XXR), the rounds not played yet as
    # zero-point absences; trfkit's default stops at the last round with a result (issue
    # 16). Asked for the declared round, trfkit must give the checker's values.
    got = {
        str(r.start): r.values
        for r in compute(tournament, codes, rules=rules, after_round=tournament.rounds).rows
    }
    misses = []
    for ident, values in table.items():
        for code, want in values.items():
            have = got.get(ident, {}).get(code)
            w, h = _number(want), _number(have)
            if want is None and have is None:
                continue
            if w is not None and h is not None and abs(w - h) <= 0.005 + 1e-9:
                continue
            misses.append(f"#{ident} {code}: expected {want}, got {have}")
    assert not misses, "\n".join(misses[:40])
