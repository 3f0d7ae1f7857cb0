"""The shared facts pass (trfkit.validation.facts) and the rule registry's module list.

The facts pass checks colours and results of a game once, from the lower start
number, and walks only the blocks outside clean games; these cases put the problem
on the side that is *not* checked first, or where that shortcut does not hold
(duplicate start numbers, rounds of different lengths, repeats).
"""

from __future__ import annotations

import importlib
import pkgutil

import trfkit.validation.rules
from trfkit.model import Header, Player, RoundEntry, ScoringSystem, Source, Tournament
from trfkit.validation.driver import CHECK_MODULES, CHECK_PACKAGE, RULES, rules, validate
from trfkit.validation.facts import CLEAN, facts

Block = tuple[int | None, str, str]


def player(start: int, line: int, *blocks: Block) -> Player:
    return Player.build(
        start=start, name=f"P{start}", rounds=tuple(RoundEntry(*b) for b in blocks), line=line
    )


def found(*players: Player, select: str = "T3") -> list[tuple[str, int, int, int | None]]:
    t = Tournament(
        header=Header(name="Test", scoring=ScoringSystem(source="162")),
        players=players,
        source=Source(path="t.trf"),
    )
    return [
        (d.code, d.line, d.column, d.related.line if d.related else None)
        for d in validate(t, select=select)
    ]


def test_clean_games_leave_no_odd_blocks() -> None:
    t = Tournament(
        players=(
            player(1, 11, (2, "w", "1"), (3, "b", "=")),
            player(2, 12, (1, "b", "0"), (None, "", "H")),
            player(3, 13, (None, "", "Z"), (1, "w", "=")),
        )
    )
    f = facts(t)
    assert (f.games, f.pairs, f.one_sided, f.repeats) == ((), (), (), ())
    assert ("w", "1", "b", "0") in CLEAN and ("b", "-", "w", "-") in CLEAN
    assert ("w", "=", "b", "1") not in CLEAN and ("w", "H", "b", "0") not in CLEAN
    assert ("w", "", "", "b") not in CLEAN  # would be "wb", a pending game, if joined


def test_colour_clash_is_reported_on_the_later_line_even_if_the_higher_number_comes_first() -> None:
    assert found(player(2, 11, (1, "w", "0")), player(1, 12, (2, "w", "1"))) == [
        ("T303", 12, 97, 11)
    ]


def test_result_clash_seen_from_the_lower_number_marks_both_sides() -> None:
    assert found(player(1, 11, (2, "w", "1")), player(2, 12, (1, "b", "1"))) == [
        ("T304", 12, 99, 11)
    ]


def test_colourless_game_is_reported_on_both_sides() -> None:
    assert found(player(1, 11, (2, "", "1")), player(2, 12, (1, "", "0"))) == [
        ("T314", 11, 97, None),
        ("T314", 12, 97, None),
    ]


def test_bye_named_against_a_game_is_a_bye_with_opponent_only() -> None:
    assert found(player(1, 11, (2, "w", "H")), player(2, 12, (1, "b", "0"))) == [
        ("T309", 11, 92, None)
    ]


def test_self_pairing() -> None:
    assert found(player(1, 11, (1, "w", "1")), player(2, 12, (None, "", "U"))) == [
        ("T307", 11, 92, None)
    ]


def test_repeat_of_a_clean_game_and_of_an_unknown_opponent() -> None:
    assert found(
        player(1, 11, (2, "w", "1"), (99, "b", "0"), (2, "b", "="), (99, "w", "1")),
        player(2, 12, (1, "b", "0"), (None, "", "U"), (1, "w", "="), (None, "", "H")),
        select="T301,T308",
    ) == [
        ("T301", 11, 102, None),
        ("T308", 11, 112, 11),
        ("T301", 11, 122, None),
        ("T308", 11, 122, 11),
    ]


def test_opponent_with_fewer_rounds_is_one_sided() -> None:
    assert found(player(1, 11, (None, "", "H"), (2, "w", "1")), player(2, 12, (None, "", "H"))) == [
        ("T302", 11, 102, 12)
    ]


def test_duplicate_start_number_keeps_checking_every_record() -> None:
    # Both records with start 2 name player 1, who names 2 back; the second one clashes.
    assert found(
        player(1, 11, (2, "w", "1")), player(2, 12, (1, "b", "0")), player(2, 13, (1, "w", "0"))
    ) == [("T305", 13, 5, 12), ("T303", 13, 97, 11)]


def test_every_rule_module_of_the_package_is_in_the_registry_list() -> None:
    listed = {f"{CHECK_PACKAGE}.{name}" for name in CHECK_MODULES}
    rules()
    for module in pkgutil.iter_modules(trfkit.validation.rules.__path__):
        importlib.import_module(f"{CHECK_PACKAGE}.{module.name}")
    assert {r.func.__module__ for r in RULES.values()} == listed
