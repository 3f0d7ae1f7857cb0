"""The validator driver, the registry and selection, on tournaments built in code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from trfkit.diagnostics import Diagnostic, Severity, TrfError, make
from trfkit.document import Document
from trfkit.model import (
    Header,
    HeaderRecord,
    Player,
    RoundEntry,
    ScoringSystem,
    Source,
    Team,
    Tournament,
)
from trfkit.selection import Selector, SelectorError
from trfkit.validation.driver import RULES, is_valid, iter_diagnostics, rule, rules, validate


def player(
    start: int,
    points: float | None,
    rank: int | None,
    *blocks: tuple[int | None, str, str],
    line: int = 0,
    fide: int | None = None,
    rating: int | None = None,
) -> Player:
    return Player.build(
        start=start,
        name=f"P{start}",
        points=points,
        rank=rank,
        fide_id=fide,
        rating=rating,
        rounds=tuple(RoundEntry(*b) for b in blocks),
        line=line or 10 + start,
    )


def game() -> tuple[Player, Player]:
    return (player(1, 1.0, 1, (2, "w", "1")), player(2, 0.0, 2, (1, "b", "0")))


def tournament(*players: Player, **header: object) -> Tournament:
    scoring = header.pop("scoring", ScoringSystem(source="162"))
    return Tournament(
        header=Header(name="Test", scoring=scoring, **header),  # type: ignore[arg-type]
        players=players,
        source=Source(path="t.trf"),
    )


def codes(t: Tournament, **kw: object) -> list[tuple[str, int, int]]:
    return [(d.code, d.line, d.column) for d in validate(t, **kw)]  # type: ignore[arg-type]


def test_a_consistent_game_is_valid() -> None:
    t = tournament(*game())
    assert validate(t) == []
    assert is_valid(t)


def test_diagnostics_carry_the_file_and_the_related_side() -> None:
    a, b = game()
    t = tournament(a, b.with_rounds((RoundEntry(1, "w", "0"),)))
    [d] = validate(t)
    assert (d.code, d.file, d.line, d.column, d.end_column) == ("T303", "t.trf", 12, 97, 97)
    assert d.related is not None and (d.related.file, d.related.line, d.related.column) == (
        "t.trf",
        11,
        97,
    )
    assert d.model_path == "players[1].rounds[0]"
    assert d.severity is Severity.ERROR and d.name == "color-conflict"


def test_asymmetric_pairing_is_reported_on_each_inconsistent_side() -> None:
    # 1 lists 2; 2 lists 3; 3 lists 2: 1->2 and nothing else is wrong on 2/3's side
    t = tournament(
        player(1, 1.0, 1, (2, "w", "1")),
        player(2, 0.0, 2, (3, "b", "0")),
        player(3, 1.0, 1, (2, "w", "1")),
    )
    found = [
        (d.code, d.line, d.column, d.related.line if d.related else None)
        for d in validate(t, select="T302")
    ]
    assert found == [("T302", 11, 92, 12)]


def test_pending_game_on_both_sides_is_fine_but_one_sided_result_conflicts() -> None:
    pending = tournament(player(1, 0.0, 1, (2, "w", "")), player(2, 0.0, 1, (1, "b", "")))
    assert validate(pending, select="T3") == []
    half = tournament(player(1, 1.0, 1, (2, "w", "1")), player(2, 0.0, 2, (1, "b", "")))
    assert [(d.code, d.line, d.column) for d in validate(half)] == [("T304", 12, 99)]


def test_points_use_the_declared_scoring_system() -> None:
    three = ScoringSystem(win=3.0, draw=1.0, forfeit_win=3.0, full_bye=3.0, pab=3.0, source="162")
    t = tournament(
        player(1, 3.0, 1, (2, "w", "1")), player(2, 1.0, 2, (1, "b", "0")), scoring=three
    )
    [d] = validate(t)
    assert (d.code, d.line, d.column, d.end_column) == ("T401", 12, 81, 84)
    assert "declares 1.0 points but the results give 0.0" in d.message


def test_scoring_assumed_only_when_nothing_declares_it() -> None:
    t = tournament(*game(), scoring=ScoringSystem())
    assert codes(t) == [("T403", 1, 1)]
    assert [d.severity for d in validate(t)] == [Severity.INFO]


def test_ranks_copying_start_numbers_are_not_standings() -> None:
    t = tournament(player(1, 0.0, 1, (2, "w", "0")), player(2, 1.0, 2, (1, "b", "1")))
    assert codes(t) == []
    swapped = tournament(player(1, 0.0, 2, (2, "w", "0")), player(2, 1.0, 3, (1, "b", "1")))
    assert codes(swapped) == [("T402", 11, 86)]


def test_header_counts_point_at_their_record() -> None:
    t = tournament(
        *game(),
        players_declared=3,
        rated_declared=1,
        records=(
            HeaderRecord("012", "Test", 1),
            HeaderRecord("062", "3", 4),
            HeaderRecord("072", "1", 5),
        ),
    )
    assert codes(t) == [("T202", 4, 5), ("T203", 5, 5)]


def test_team_membership_rules_point_at_the_member_column() -> None:
    teams = (Team(1, "A", (1, 9), line=30), Team(2, "B", (2, 1), line=31))
    t = Tournament(
        header=Header(name="x", scoring=ScoringSystem(source="162")), players=game(), teams=teams
    )
    found = [(d.code, d.line, d.column, d.end_column) for d in validate(t, select=["T310", "T311"])]
    assert found == [("T310", 30, 42, 45), ("T311", 31, 42, 45)]


def test_pab_rules_apply_to_individual_events() -> None:
    u = (None, "", "U")
    t = tournament(player(1, 2.0, 1, u, u), player(2, 1.0, 2, u, (None, "", "Z")))
    assert codes(t, select="T31") == [("T313", 11, 109), ("T312", 12, 99)]


def test_a_rule_that_raises_becomes_t999_and_the_others_still_run() -> None:
    rules()
    saved = RULES.pop("T206")
    try:

        @rule("T206")
        def broken(t: Tournament) -> Iterator[Diagnostic]:
            yield make("T206", "before the crash", 3, 5)
            raise RuntimeError("boom")

        a, b = game()
        t = tournament(a, b.with_rounds((RoundEntry(1, "w", "0"),)))
        found = validate(t)
    finally:
        RULES["T206"] = saved
    assert [(d.code, d.line) for d in found] == [("T999", 1), ("T206", 3), ("T303", 12)]
    assert "rule T206 (unknown-tournament-type) failed with RuntimeError: boom" in found[0].message
    assert "report a bug" in found[0].message


def test_registering_a_second_function_for_a_code_is_refused() -> None:
    rules()
    with pytest.raises(ValueError, match="already has a rule"):
        rule("T302")(lambda t: iter(()))
    with pytest.raises(ValueError, match="not in trfkit.diagnostic_codes"):
        rule("T998")


def test_strict_raises_the_first_error() -> None:
    a, _ = game()
    t = tournament(a, player(2, 1.0, 2, (1, "b", "1")))
    with pytest.raises(TrfError) as info:
        validate(t, strict=True)
    assert info.value.diagnostic.code == "T304"
    assert not is_valid(t)
    assert is_valid(t, ignore="T304")


def test_iter_diagnostics_is_lazy_and_in_rule_order() -> None:
    t = tournament(player(1, 5.0, 1, (1, "w", "1")))
    stream = iter_diagnostics(t)
    assert next(stream).code == "T307"
    assert [d.code for d in stream] == ["T401"]


def test_document_diagnostics_are_merged_and_fatal_input_skips_the_rules() -> None:
    t = tournament(player(1, 5.0, 1, (None, "", "Z")))
    reader = make("T101", "unknown", 7, 1, file="t.trf")
    merged = validate(Document(t, (reader,)))
    assert [d.code for d in merged] == ["T101", "T401"]
    empty = make("T005", "empty", file="t.trf")
    assert [d.code for d in validate(Document(t, (empty,)))] == ["T005"]


@pytest.mark.parametrize(
    ("select", "extend", "ignore", "on", "off"),
    [
        (None, None, None, ["T001", "T302", "T999"], []),
        (["T3"], None, None, ["T302", "T313"], ["T401", "T001"]),
        (["T3"], None, ["T30"], ["T310", "T313"], ["T302", "T401"]),
        (["T3", "T302"], None, ["T30"], ["T302", "T310"], ["T301", "T303"]),
        (["T4"], ["T302"], None, ["T401", "T302"], ["T301"]),
        (["ALL"], None, ["T4", "T403"], ["T302"], ["T401", "T403"]),
        (["t30"], None, ["T30"], [], ["T302"]),  # equal length: ignore wins
        (["T3,T4"], None, ["T308,T403"], ["T302", "T401"], ["T308", "T403"]),
    ],
)
def test_longest_prefix_wins(
    select: list[str] | None,
    extend: list[str] | None,
    ignore: list[str] | None,
    on: list[str],
    off: list[str],
) -> None:
    chosen = Selector.from_options(select, extend, ignore)
    assert [c for c in on if chosen.enabled(c)] == on
    assert [c for c in off if chosen.enabled(c)] == []


def test_unknown_selector_is_an_error() -> None:
    with pytest.raises(SelectorError, match="T77"):
        Selector.from_options(["T77"])


def test_code_table_is_well_formed() -> None:
    import re

    from trfkit.diagnostic_codes import CODES

    names = [info.name for info in CODES.values()]
    assert len(names) == len(set(names)), "every name is used once"
    for code, info in CODES.items():
        assert re.fullmatch(r"T[0-9]{3}", code) and info.code == code
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", info.name), info.name
        assert info.severity in ("error", "warning", "info")
        assert info.summary.endswith("."), code


def test_every_rule_reports_its_own_code() -> None:
    for code, registered in rules().items():
        assert registered.code == code
        assert registered.info.stage in ("validate", "tiebreak"), code


def test_non_trf_sources_are_located_by_model_path_only() -> None:
    a, b = game()
    bad = b.with_rounds((RoundEntry(1, "w", "0"),))
    t = Tournament(
        header=Header(name="x", scoring=ScoringSystem(source="162")),
        players=(a, bad),
        source=Source(format="swissmanager", path="e.TUNX"),
    )
    [d] = validate(t)
    assert (d.code, d.file, d.line, d.column, d.end_column, d.related) == (
        "T303",
        "e.TUNX",
        1,
        1,
        None,
        None,
    )
    assert d.model_path == "players[1].rounds[0]"


def test_142_and_xxr_must_agree() -> None:
    records = (
        HeaderRecord("012", "Test", 1),
        HeaderRecord("142", "5", 2),
        HeaderRecord("XXR", "7", 3),
    )
    t = tournament(*game(), rounds=5, records=records)
    [d] = validate(t)
    assert (d.code, d.line, d.column, d.end_column) == ("T205", 3, 5, 5)
    assert d.related is not None and d.related.line == 2
    same = tournament(*game(), rounds=5, records=records[:2] + (HeaderRecord("XXR", "5", 3),))
    assert validate(same) == []
