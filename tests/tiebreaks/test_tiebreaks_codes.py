"""The TRF26 202/212 code grammar, legacy separators and TieBreakServer extras
(TIEBREAKS.md §B.6)."""

from __future__ import annotations

import pytest

from trfkit.model import PartialDate
from trfkit.tiebreak_codes import CodeError, parse, parse_list
from trfkit.tiebreaks.editions import EDITIONS, by_date, resolve


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("BH/C1", "BH/C1"),
        ("bh/c1", "BH/C1"),
        ("BH:GP#C1", "BH:GP/C1"),  # legacy '#'
        ("DE-P", "DE/P"),  # legacy '-'
        ("KS-L-1", "KS/L-1"),  # '-' separator and a negative limit
        ("KS/L+2", "KS/L+2"),
        ("EMGSB/C1/P", "EMGSB/C1/P"),
        ("GE", "REP"),  # alias before 2024-08
        ("OTHER_RU_SBH", "SOBH"),
        ("OTHER_RU_TPR400", "TPR/400"),
        ("TPR/400", "TPR/400"),
        ("AOB/F", "AOB/F"),
        ("SB/C1/U2000/V2024", "SB/C1/U2000/V2024"),
    ],
)
def test_canonical_spelling(text: str, canonical: str) -> None:
    assert parse(text).canonical == canonical


def test_fields() -> None:
    code = parse("bh:mp/m2/p")
    assert (code.name, code.score, code.median, code.cut, code.played_forfeits) == (
        "BH",
        "MP",
        2,
        0,
        True,
    )
    assert str(code) == "bh:mp/m2/p"  # str() keeps the user's spelling for output keys
    assert parse("SB/U1500").unrated == 1500


def test_equality_ignores_spelling() -> None:
    assert parse("bh/c1") == parse("BH#C1") and hash(parse("bh/c1")) == hash(parse("BH/C1"))


def test_trf_spelling_drops_tiebreakserver_extras() -> None:
    assert parse("SB/C1/U2000/V2024/R").trf == "SB/C1"


def test_list() -> None:
    assert [c.canonical for c in parse_list("EDET/P, EMGSB/C1/P,BH:MP/C1/P,MPvGP")] == [
        "EDET/P",
        "EMGSB/C1/P",
        "BH:MP/C1/P",
        "MPVGP",
    ]


@pytest.mark.parametrize("bad", ["", "BH/Q", "BH:XP", "1BH", "BH/C"])
def test_errors(bad: str) -> None:
    with pytest.raises(CodeError):
        parse(bad)


@pytest.mark.parametrize(
    "limit, expected",
    [("", 3.5), ("+1", 4.0), ("-2", 2.5), ("50", 3.5), ("+1.0", 4.5), ("60", 4.2)],
)
def test_koya_threshold(limit: str, expected: float) -> None:
    code = parse("KS" + (f"/L{limit}" if limit else ""))
    assert code.koya_threshold(7.0, 0.5) == pytest.approx(expected)


@pytest.mark.parametrize(
    "date, edition",
    [
        ((2024, 3, 31), "fide-2009"),
        ((2024, 4, 1), "fide-2024"),
        ((2026, 2, 28), "fide-2024"),
        ((2026, 3, 1), "fide-2026"),
        ((2023, None, None), "fide-2009"),
        ((2026, 3, None), "fide-2026"),
    ],
)
def test_auto_edition_by_start_date(date: tuple[int, int | None, int | None], edition: str) -> None:
    assert by_date(PartialDate("x", *date)).name == edition


def test_auto_without_date_is_current_rules() -> None:
    assert by_date(None).name == "fide-2026"
    assert resolve("auto").name == "fide-2026"


def test_editions_are_data() -> None:
    assert set(EDITIONS) == {"fide-2009", "fide-2024", "fide-2026", "ru-2013"}
    assert EDITIONS["fide-2026"].dummy_cap and not EDITIONS["fide-2024"].dummy_cap
    assert EDITIONS["ru-2013"].virtual_opponent and EDITIONS["ru-2013"].aro_divisor == "rounds"
    assert not EDITIONS["fide-2009"].vur_first and EDITIONS["fide-2024"].vur_first
    with pytest.raises(KeyError):
        resolve("fide-1999")


def test_module_names_list_exactly_what_each_module_registers() -> None:
    # A module listed in MODULE_NAMES is imported only by a lookup of one of its names,
    # so a name it registers but does not list would be unknown to such a lookup.
    import importlib

    from trfkit.tiebreaks.registry import MODULE_NAMES, MODULE_SCOPES, REGISTRY, all_tiebreaks

    all_tiebreaks()
    for module, names in MODULE_NAMES.items():
        importlib.import_module(module)
        scope = MODULE_SCOPES[module]
        registered = {
            name for (s, name), t in REGISTRY.items() if s == scope and t.func.__module__ == module
        }
        assert registered == set(names), module


def test_a_lookup_imports_a_listed_module_only_for_its_names() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from trfkit.tiebreaks import lookup, parse; lookup(parse('BH/C1')); "
        "a = 'trfkit.tiebreaks.direct_encounter' in sys.modules; lookup(parse('DE')); "
        "print(a, 'trfkit.tiebreaks.direct_encounter' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


def test_the_grammar_says_what_is_wrong_and_the_tie_break_stage_what_was_meant() -> None:
    """The grammar knows no registered code (it sits below the tie-breaks): it marks a
    misspelling, and :func:`trfkit.tiebreaks.parse` adds the codes probably meant."""
    from trfkit import tiebreaks

    with pytest.raises(CodeError) as plain:
        parse("BHC1/Q")
    assert (str(plain.value), plain.value.misspelt) == ("'BHC1/Q': unknown modifier /Q", True)
    with pytest.raises(CodeError) as hinted:
        tiebreaks.parse("BH:XP")
    assert str(hinted.value) == (
        "'BH:XP': score type must be MP or GP, not 'XP'; did you mean BH or SOBH?"
    )
    with pytest.raises(CodeError) as quiet:
        tiebreaks.parse("BH:XP", hints=False)
    assert str(quiet.value) == "'BH:XP': score type must be MP or GP, not 'XP'"
    with pytest.raises(CodeError) as ranged:  # out of range: spelt right, nothing to suggest
        tiebreaks.parse("BH/C5000")
    assert not ranged.value.misspelt and "did you mean" not in str(ranged.value)
    assert [c.canonical for c in tiebreaks.parse_list("bh/c1, SB")] == ["BH/C1", "SB"]
