"""The rating officer's profile (``fide-rating``, T701-T710): the registry, what switches its
rules on, and the rules' edges on small reports written for the case.

The fixtures of each code (``tests/data/rules/T7*.trf``) are run by
``test_validate_rules.py``; here the selection semantics and the cases between them.
"""

from __future__ import annotations

import pytest

from trfkit.diagnostic_codes import CODES
from trfkit.formats.trf.reader import loads_trf
from trfkit.selection import OPT_IN, PROFILES, Selector, SelectorError, profiles_of
from trfkit.validation.driver import rules, validate
from trfkit.validation.rules.federations import CODES as FEDERATIONS
from trfkit.validation.rules.federations import COMPILED
from trfkit.validation.rules.rating_header import is_platform

HEAD = (
    "012 Vienna Spring Open 2026",
    "022 Vienna",
    "032 AUT",
    "042 2026/03/07",
    "052 2026/03/09",
    "092 Individual: Swiss-System",
    "102 IA Maria Huber (1612345)",
    "122 90 min + 30 sec/move",
)


def _player(start: int, sex: str, title: str, name: str, fed: str, fide: str, birth: str) -> str:
    """A 001 line at TRF16's columns (TRF.md §4.1): one game, 1 beat 2."""
    points, block = ("1.0", "   2 w 1") if start == 1 else ("0.0", "   1 b 0")
    rating = "2215" if start == 1 else "2080"
    return (
        f"001 {start:>4} {sex}{title:>3} {name:<33} {rating} {fed:<3} {fide:>11} "
        f"{birth:<10} {points:>4} {start:>4}  {block}"
    )


P1 = _player(1, "m", "FM", "Huber, Lukas", "AUT", "1601012", "1994/02/11")
P2 = _player(2, "w", "WFM", "Kovacs, Anna", "HUN", "1601020", "1999/07/23")


def _report(*head: str, players: tuple[str, ...] = (P1, P2)) -> str:
    return "\n".join((*head, *players)) + "\n"


def _t7(text: str, profile: str | None = "fide-rating", **kw: object) -> list[str]:
    found = validate(loads_trf(text), profile=profile, **kw)  # type: ignore[arg-type]
    return [f"{d.line}:{d.column} {d.code}" for d in found if d.code.startswith("T7")]


def test_the_registry_names_fide_rating_with_ten_codes_all_documented() -> None:
    assert sorted(PROFILES) == ["fide-rating"]
    codes = PROFILES["fide-rating"].codes
    assert codes == tuple(f"T7{n:02d}" for n in range(1, 11))
    assert OPT_IN == frozenset(codes)
    assert all(code in CODES and code in rules() for code in codes)
    assert profiles_of("T705") == ("fide-rating",) and profiles_of("T302") == ()


def test_a_clean_rated_report_passes_the_profile() -> None:
    assert _t7(_report(*HEAD)) == []


def test_profile_rules_are_off_by_default_and_on_by_profile_or_a_narrow_selector() -> None:
    bad = _report(*HEAD[:1], *HEAD[2:])  # 022 missing
    assert _t7(bad, profile=None) == []
    assert _t7(bad) == ["1:1 T701"]
    assert _t7(bad, profile=None, select=["T701"]) == ["1:1 T701"]  # named: on
    assert _t7(bad, profile=None, select=["ALL"]) == []  # ALL is the default: off
    assert _t7(bad, ignore=["T70"]) == []  # --ignore still wins over the profile
    assert _t7(bad, select=["T3"]) == []  # and --select narrows it


def test_an_unknown_profile_is_refused_with_the_known_names() -> None:
    with pytest.raises(SelectorError, match=r"unknown profile 'ecf' \(known: fide-rating\)"):
        Selector(profile="ecf")


def test_federation_table_holds_fides_members_and_its_date() -> None:
    assert len(FEDERATIONS) == 204 and COMPILED == "2026-12-02"
    assert {"FID", "GER", "ENG", "SCO", "WLS", "GCI", "JCI", "IOM", "TPE", "KOS"} <= FEDERATIONS
    assert not {"XXX", "ZZZ", "CAT", "LIM", "SAR", "GBR", "YUG"} & FEDERATIONS
    assert all(len(code) == 3 and code.isupper() for code in FEDERATIONS)


@pytest.mark.parametrize(
    ("text", "place", "expected"),
    [
        ("https://lichess.org/swiss/FaLp5fSD", True, True),
        ("Lichess", False, True),
        ("chess-results.com", True, True),
        ("Swiss-Manager", False, True),
        ("Vega", False, True),  # the program, as a federation or an arbiter
        ("Vega", True, False),  # the Norwegian island, as a city
        ("Michael Germaine, mlgermaine@eircom.net", False, False),  # an e-mail, not a site
        ("Frankfurt (Main) /GER", True, False),
        ("IA Mikel Larreategi Arana (22232540)", False, False),
    ],
)
def test_platform_names_and_urls_are_told_from_places_and_people(
    text: str, place: bool, expected: bool
) -> None:
    assert is_platform(text, place=place) is expected


@pytest.mark.parametrize(
    ("arbiter", "found"),
    [
        ("102 IA Saša Stanković, 14511436", []),
        ("102 ИА Зоран Станимировић (ФИДЕ ИД 951803)", []),  # six digits, Cyrillic around
        ("102 FA Stefanatos Charalampos", ["7:5 T707"]),
        ("102 Gerry Graham 2011", ["7:5 T707"]),  # a year is no id
    ],
)
def test_chief_arbiter_fide_id_is_a_number_of_six_or_more_digits(
    arbiter: str, found: list[str]
) -> None:
    assert _t7(_report(*HEAD[:6], arbiter, HEAD[7])) == found


@pytest.mark.parametrize(
    ("start", "end", "found"),
    [
        ("2026/01/01", "2026/01/31", []),  # 31 days under one list
        ("2026/03/07", "2026/04/05", []),  # 30 days over two lists
        ("2026/03/07", "2026/04/06", ["5:5 T709"]),  # 31 days over two lists
        ("2010/09/13", "2011/03/13", ["5:5 T709"]),  # a league season (armstrong_2011)
    ],
)
def test_one_rating_across_periods_needs_more_than_30_days_and_two_lists(
    start: str, end: str, found: list[str]
) -> None:
    head = (*HEAD[:3], f"042 {start}", f"052 {end}", *HEAD[5:])
    assert _t7(_report(*head)) == found


def test_t709_message_counts_days_and_periods() -> None:
    head = (*HEAD[:3], "042 2010/09/13", "052 2011/03/13", *HEAD[5:])
    [d] = [
        d for d in validate(loads_trf(_report(*head)), profile="fide-rating") if d.code == "T709"
    ]
    assert d.message == (
        "the event lasts 182 days (2010-09-13 to 2011-03-13) over 7 rating periods "
        "(2010-09 to 2011-03), but the file holds one rating per player"
    )


def test_trf26_dates_must_be_slashed_trf16_dates_may_not() -> None:
    dotted = (*HEAD[:3], "042 07.03.2026", "052 09.03.2026", *HEAD[5:])
    assert _t7(_report(*dotted)) == []
    trf26 = (*dotted, "192 FIDE_DUTCH_2025")  # a TRF-2026 record makes the file TRF-2026
    assert _t7(_report(*trf26)) == ["4:5 T702", "5:5 T702"]


def test_a_new_player_needs_birth_year_and_sex_a_known_one_neither() -> None:
    unknown_day = P2.replace("1601020", "       ").replace("1999/07/23", "1999/00/00")
    assert _t7(_report(*HEAD, players=(P1, unknown_day))) == []
    no_sex = unknown_day[:9] + " " + unknown_day[10:]
    assert _t7(_report(*HEAD, players=(P1, no_sex))) == ["10:10 T708"]
    known_no_sex = P2[:9] + " " + P2[10:].replace("1999/07/23", "          ")
    assert _t7(_report(*HEAD, players=(P1, known_no_sex))) == []


def test_titles_playing_titles_pass_others_are_named_for_what_they_are() -> None:
    arbiter = P1.replace(" FM ", " IA ")
    found = validate(loads_trf(_report(*HEAD, players=(arbiter, P2))), profile="fide-rating")
    assert [d.message for d in found if d.code == "T706"] == [
        "player 1: title 'IA' is an arbiter title, not a playing title"
    ]
