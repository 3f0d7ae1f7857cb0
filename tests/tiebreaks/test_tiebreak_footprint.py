"""What a tie-break run leaves behind and loads: the objects the cyclic garbage collector
must keep visiting, and the modules imported, on a generated Swiss.

Why: a run whose tie-breaks keep per-player containers alive (a sorted tuple of items
per player, for the whole run) makes the collector run more often, and its full
collection then visits the whole document; the values are the same either way, so only
these post-conditions notice.
"""

from __future__ import annotations

import gc
import math
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from trfkit import formats
from trfkit.finite import finite_or_none
from trfkit.render.standings import _finite, render_json
from trfkit.tiebreaks import compute, parse, resolve
from trfkit.tiebreaks.context import Context
from trfkit.tiebreaks.standings import build_rows

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))

from generate import generate_trf  # noqa: E402 - found through the path above
from pipeline import CODES  # noqa: E402


@pytest.fixture(scope="module")
def swiss() -> Context:
    doc = formats.read(generate_trf(300, 9, seed=5).encode(), "auto")
    t = doc.tournament
    return Context(t, resolve("fide-2024", t))


@pytest.fixture
def collector_off() -> Iterator[None]:
    """Objects counted exactly: no collection may untrack tuples in between."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize(
    ("code", "first"),
    [("SB/C1", "SB"), ("SB/C2", "SB"), ("SB/M1", "SB"), ("BPG", "PTS"), ("BWG", "PTS")],
)
def test_tiebreaks_keep_no_per_player_containers(
    swiss: Context, code: str, first: str, collector_off: None
) -> None:
    swiss.value(parse(first))  # what the code reads from the run (the adjusted table), first
    before = len(gc.get_objects())
    values = swiss.value(parse(code))
    grown = len(gc.get_objects()) - before
    # the values list and the memo's key: the sorted items of 300 players (10 containers
    # each), or a Black row and a points tuple per player, used to stay for the whole run
    assert grown < 20, grown
    assert len(values) == swiss.n == 300
    assert all(isinstance(v, float) for v in values)


def test_sb_c1_is_sb_less_the_least_significant_round(swiss: Context) -> None:
    """SB/C1 of a player without a VUR: the SB less the product of the round with the
    lowest (opponent score, product), recomputed here from the rows."""
    from trfkit.tiebreaks.unplayed import adjusted

    table = adjusted(swiss)
    sb1 = swiss.value(parse("SB/C1"))
    checked = 0
    for i in range(swiss.n):
        if True in table.vur[i]:
            continue
        pairs = sorted(zip(table.contrib[i], table.pts[i], strict=True))
        kept = [c * p for c, p in pairs[1:]]  # type: ignore[operator]
        assert sb1[i] == sum(kept, 0.0)
        checked += 1
    assert checked > 200


def test_the_24_tiebreaks_load_no_fractions() -> None:
    """The rating tie-breaks work in integers: ``fractions`` (and ``decimal``, which it
    imports) load only for a cut form's score or an explanation."""
    script = (
        "import sys\n"
        f"sys.path.insert(0, {str(BENCHMARKS)!r})\n"
        "from generate import generate_trf\n"
        "from pipeline import CODES\n"
        "from trfkit import formats\n"
        "from trfkit.tiebreaks import compute\n"
        "doc = formats.read(generate_trf(40, 5, seed=1).encode(), 'auto')\n"
        "s = compute(doc.tournament, CODES, rules='fide-2024')\n"
        "assert s.rows[0].values['PTP'] is not None\n"
        "print(sorted(m for m in ('fractions', 'decimal') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_cut_forms_still_score_in_fractions(swiss: Context) -> None:
    """PTP/C1 and TPR/C1 take a Fraction score (loaded on use): the values are the ones
    of the uncut forms for a player the cut leaves all games to, and defined elsewhere."""
    ptp1 = swiss.value(parse("PTP/C1"))
    tpr1 = swiss.value(parse("TPR/C1"))
    assert sum(v is not None for v in ptp1) > 250
    assert sum(v is not None for v in tpr1) > 250


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({"BH": 1.5, "SB": 2.25}, {"BH": 1.5, "SB": 2.25}),
        ({"BH": None, "SB": 2.0}, {"BH": None, "SB": 2.0}),
        ({"BH": math.inf, "SB": 2.0}, {"BH": None, "SB": 2.0}),
        ({"BH": math.nan, "SB": None}, {"BH": None, "SB": None}),
        ({"A": math.inf, "B": -math.inf}, {"A": None, "B": None}),
        # finite values whose sum overflows: kept, every one of them
        ({"A": 1e308, "B": 1e308}, {"A": 1e308, "B": 1e308}),
        ({"A": 3, "B": 0.5}, {"A": 3, "B": 0.5}),
    ],
)
def test_finite_row(values: dict[str, float | None], expected: dict[str, float | None]) -> None:
    got = _finite(values)
    assert got == {k: finite_or_none(v) for k, v in values.items()}
    assert repr(got) == repr(expected)


def test_standings_json_and_rows_of_the_24_tiebreaks(swiss: Context) -> None:
    standings = compute(swiss.tournament, CODES, rules="fide-2024")
    rows = standings.rows
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    assert rows[0].values["PTS"] == rows[0].points == max(swiss.score)
    assert list(rows[0].values) == ["PTS", *CODES]
    text = render_json(standings)
    assert text.count('"start": ') == 300
    with pytest.raises(ValueError, match="2 labels for 1 columns"):
        build_rows(swiss, [0], [1] * swiss.n, ["PTS", "BH"], [list(swiss.score)])
