"""``trfkit explain --tb DE``: the tied group, the games among it, DE's passes and the value.

Two fixtures written for these tests (notation of tests/tb_fixtures.py), values by hand:

DOUBLE_RR, a 4-player double round-robin. #1, #2 and #3 finish on 3.5, #4 on 1.5.
Pairs among the three, each met twice (own points per game):
  #1-#2: round 2 1, round 5 0.5 (#1 1.5, #2 0.5); #1-#3: round 3 0.5, round 6 0 (#1 0.5, #3 1.5);
  #2-#3: round 1 1, round 4 0 (1 each).
C.07 6.1.2 averages: #1 0.75 + 0.25 = 1, #2 0.25 + 0.5 = 0.75, #3 0.75 + 0.5 = 1.25, so
DE #3 1, #1 2, #2 3. Art. 32.1.6 (fide-2009) sums: #1 2, #2 1.5, #3 2.5: the same ranks.

SWISS, 8 players, 5 rounds. #1 #2 #3 #4 finish on 3 points; among them #1 beat #2, #3, #4,
#3 beat #2 and drew #4; #2 and #4 never met. Sub-table: #1 3, #3 1.5, #4 0.5, #2 0; missing
games: #2 1, #4 1; best possible: #2 1, #4 1.5, #3 1.5. C.07 6.3: #1 is first whatever
happens (3 > 1.5); #3 is not (1.5 is not above #4's 1.5); among #2 #3 #4 (pass 2) the
sub-table is the same without #1, so they stay tied: DE #1 1, #2 #3 #4 2. Under fide-2009
not all met: no decision, 0 for all four. #7 and #8 (2 points) met once, #7 won: 1 and 2.
#5 (1.5) and #6 (2.5) are tied with nobody: no DE value (the standings print -).

FORFEIT, a 4-player Swiss of 3 rounds, everyone on 1.5: #1-#2 ½, #1-#3 forfeit won by #3,
#1-#4 1-0, #2-#3 ½, #2-#4 ½, #3-#4 0-1. Without /P the forfeit is not a game: #1 1.5 and #3
0.5 each miss one game (best possible 2.5 and 1.5), #2 and #4 have 1.5; #1 is not above 1.5:
nobody placed, 0 for all. With /P it counts: everyone 1.5, all met: 0 for all.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from tb_fixtures import tournament

from trfkit import formats
from trfkit.cli import cli
from trfkit.model import Tournament, replace
from trfkit.tiebreaks import compute, parse
from trfkit.tiebreaks.context import Context
from trfkit.tiebreaks.editions import resolve
from trfkit.tiebreaks.explain import Order, explain, first_after_points, order_for, place

DOUBLE_RR = [
    (1, "Ana", 2100, "+W4 +W2 =B3 =B4 =B2 -W3"),
    (2, "Ben", 2050, "+W3 -B1 +W4 -B3 =W1 +B4"),
    (3, "Cid", 2000, "-B2 =B4 =W1 +W2 =W4 +B1"),
    (4, "Dan", 1950, "-B1 =W3 -B2 =W1 =B3 -W2"),
]

SWISS = [
    (1, "Eve", 2200, "+W2 +W3 +W4 -B5 -B6"),
    (2, "Fay", 2150, "-B1 +W5 +B6 -W3 +B8"),
    (3, "Gus", 2100, "+W5 -B1 =B7 +B2 =W4"),
    (4, "Hal", 2050, "+W6 +B7 -B1 =W8 =B3"),
    (5, "Ivy", 2000, "-B3 -B2 -W8 +W1 =B7"),
    (6, "Jon", 1950, "-B4 =W8 -W2 +B7 +W1"),
    (7, "Kim", 1900, "+W8 -W4 =W3 -W6 =W5"),
    (8, "Lou", 1850, "-B7 =B6 +B5 =B4 -W2"),
]

FORFEIT = [
    (1, "Mia", 2000, "=W2 -F3 +W4"),
    (2, "Ned", 1990, "=B1 =W4 =W3"),
    (3, "Ola", 1980, "-W4 +F1 =B2"),
    (4, "Pim", 1970, "+B3 =B2 -B1"),
]


def forfeit() -> Tournament:
    return tournament(FORFEIT, rounds=3, type_text="Swiss")


def double_rr() -> Tournament:
    return tournament(DOUBLE_RR, rounds=6, type_text="Individual: Round-Robin")


def swiss() -> Tournament:
    return tournament(SWISS, rounds=5)


def context(t: Tournament, rules: str) -> Context:
    return Context(t, resolve(rules, t))


def de_of(t: Tournament, start: int, rules: str, order: Order | None = None) -> float | None:
    ctx = context(t, rules)
    return explain(ctx, ctx.index[start], parse("DE"), order).total


# ------------------------------------------------------------------ values by hand


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026", "fide-2009", "ru-2013"])
def test_round_robin_all_met(rules: str) -> None:
    assert [de_of(double_rr(), s, rules) for s in (1, 2, 3, 4)] == [2.0, 3.0, 1.0, None]


def test_round_robin_lines_average_or_sum_the_repeated_games() -> None:
    ctx = context(double_rr(), "fide-2024")
    lines = explain(ctx, 0, parse("DE")).lines
    assert (
        "  #1 Ana: rounds 2, 5 vs #2 Ben 1 + 0.5, average 0.75; "
        "rounds 3, 6 vs #3 Cid 0.5 + 0, average 0.25 -> 1" in lines
    )
    assert (
        "pass 1 on the group: every pair met; sub-table #3 Cid 1.25, #1 Ana 1, #2 Ben 0.75" in lines
    )
    assert (
        lines[-1] == "DE ranks in the group (1 = best, shared while tied): "
        "#3 Cid 1, #1 Ana 2, #2 Ben 3"
    )
    old = context(double_rr(), "fide-2009")
    lines = explain(old, 0, parse("DE")).lines
    assert (
        "  #1 Ana: rounds 2, 5 vs #2 Ben 1 + 0.5 = 1.5; "
        "rounds 3, 6 vs #3 Cid 0.5 + 0 = 0.5 -> 2" in lines
    )
    assert any(line.startswith("rule: Art. 32.1.6") for line in lines)


@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026"])
def test_swiss_first_whatever_the_missing_games(rules: str) -> None:
    t = swiss()
    assert [de_of(t, s, rules) for s in range(1, 9)] == [1.0, 2.0, 2.0, 2.0, None, None, 1.0, 2.0]
    ctx = context(t, rules)
    lines = explain(ctx, 2, parse("DE")).lines
    assert "  #2 Fay: round 1 vs #1 Eve 0; round 4 vs #3 Gus 0; did not meet #4 Hal -> 0" in lines
    assert (
        "  sub-table (best possible, every missing game won): "
        "#1 Eve 3 (3), #3 Gus 1.5 (1.5), #4 Hal 0.5 (1.5), #2 Fay 0 (1)" in lines
    )
    assert "  placed: #1 Eve, 3 > 1.5, the best possible of #3 Gus" in lines
    assert "  not placed: #3 Gus, 1.5 is not above 1.5, the best possible of #4 Hal" in lines
    assert "  -> the others form a smaller group: the procedure restarts on them (6.3)" in lines
    second = [line for line in lines if line.startswith("pass 2 on the players still tied")]
    assert second == [
        "pass 2 on the players still tied (#2 Fay, #3 Gus, #4 Hal): not every pair "
        "met: C.07 6.3, a player is placed only if first whatever the outcome of "
        "the missing games"
    ]
    assert "  -> nobody can be placed: not separated" in lines


@pytest.mark.parametrize("rules", ["fide-2009", "ru-2013"])
def test_swiss_old_rule_needs_everyone_to_have_met(rules: str) -> None:
    t = swiss()
    assert [de_of(t, s, rules) for s in (1, 2, 3, 4, 7, 8)] == [0.0, 0.0, 0.0, 0.0, 1.0, 2.0]
    lines = explain(context(t, rules), 0, parse("DE")).lines
    assert (
        "pass 1 on the group: not every pair met (games missing: #2 Fay 1, #4 Hal 1): "
        "Art. 32.1.6 makes no decision" in lines
    )


def test_forfeit_among_the_group_counts_only_with_p() -> None:
    ctx = context(forfeit(), "fide-2024")
    lines = explain(ctx, 0, parse("DE")).lines
    assert (
        "  not counted: round 2, #1 Mia vs #3 Ola: forfeit-loss "
        "(not a game over the board, C.07 6.1.1)" in lines
    )
    assert (
        "  #1 Mia: round 1 vs #2 Ned 0.5; round 3 vs #4 Pim 1; did not meet #3 Ola -> 1.5" in lines
    )
    assert "  not placed: #1 Mia, 1.5 is not above 1.5, the best possible of #2 Ned" in lines
    assert [explain(ctx, i, parse("DE")).total for i in range(4)] == [0.0] * 4
    lines = explain(ctx, 0, parse("DE/P")).lines
    assert not any("not counted" in line for line in lines)
    assert (
        "  #1 Mia: round 1 vs #2 Ned 0.5; round 2 vs #3 Ola 0; round 3 vs #4 Pim 1 -> 1.5" in lines
    )
    assert (
        "pass 1 on the group: every pair met; sub-table "
        "#1 Mia 1.5, #2 Ned 1.5, #3 Ola 1.5, #4 Pim 1.5" in lines
    )


def test_not_tied_has_no_value() -> None:
    result = explain(context(swiss(), "fide-2024"), 5, parse("DE"))  # #6 Jon, alone on 2.5
    assert result.total is None
    assert (
        result.lines[1] == "not tied with anyone when DE is applied (level on PTS 2.5): "
        "DE does not apply (the standings show -)"
    )
    assert result.render().endswith("  total: undefined\n")


def test_the_order_decides_the_group() -> None:
    # BH before DE: #1 Eve's opponents scored 3+3+3+1.5+2.5 = 13; #2 Fay 3+1.5+2.5+3+2 = 12;
    # #3 Gus 1.5+3+2+3+3 = 12.5; #4 Hal 2.5+2+3+2+3 = 12.5. Only #3 and #4 stay tied;
    # they drew: DE separates nobody, 0 each.
    t = swiss()
    order = order_for(parse("DE"), [parse("BH"), parse("DE")], False, "test")
    assert order is not None and [c.canonical for c in order.codes] == ["PTS", "BH", "DE"]
    assert [de_of(t, s, "fide-2024", order) for s in (1, 2, 3, 4)] == [None, None, 0.0, 0.0]
    lines = explain(context(t, "fide-2024"), 2, parse("DE"), order).lines
    assert list(lines[:2]) == [
        "order: PTS, BH, DE (test)",
        "tied group (2 players level on PTS 3, BH 12.5): #3 Gus with #4 Hal",
    ]


# ------------------------------------------------- the value equals the standings'


@pytest.mark.parametrize("make", [double_rr, swiss, forfeit])
@pytest.mark.parametrize("rules", ["fide-2024", "fide-2026", "fide-2009", "ru-2013"])
@pytest.mark.parametrize(
    "listed",
    [
        ["DE"],
        ["SB", "DE"],
        ["BH", "DE"],
        ["BH/C1", "BH", "SB", "DE"],
        ["WIN", "DE", "SB"],
        ["DE/P"],
    ],
)
def test_same_value_as_the_standings(make: object, rules: str, listed: list[str]) -> None:
    t = make()  # type: ignore[operator]
    codes = [parse(c) for c in listed]
    de = next(c for c in codes if c.name == "DE")
    standings = compute(t, codes, rules=rules)
    order = order_for(de, codes, False, "test")
    ctx = context(t, rules)
    for row in standings.rows:
        assert explain(ctx, ctx.index[row.start], de, order).total == row.values[str(de)], row.start


def test_order_from_the_file_list() -> None:
    t = swiss()
    with_202 = replace(t, header=replace(t.header, tiebreaks=("BH", "DE")))
    ctx = context(with_202, "fide-2024")
    order = place(ctx, parse("DE"), ())
    assert order is not None and order.source == "the file's 202 list"
    assert [c.canonical for c in order.codes] == ["PTS", "BH", "DE"]
    with_212 = replace(t, header=replace(t.header, standings_tiebreaks=("PTS", "DE", "BH")))
    order = place(context(with_212, "fide-2024"), parse("DE"), ())
    assert order is not None and [c.canonical for c in order.codes] == ["PTS", "DE", "BH"]
    # the file names other tie-breaks only: DE right after points, and said so
    other = replace(t, header=replace(t.header, tiebreaks=("BH",)))
    order = place(context(other, "fide-2024"), parse("DE"), ())
    assert order == first_after_points(
        parse("DE"), "the file's tie-break list does not name DE; give --order to place it"
    )
    assert place(ctx, parse("BH"), ()) is None  # not a group tie-break: the order is irrelevant


# ------------------------------------------------------------------ the command


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture()
def swiss_file(tmp_path: Path) -> Path:
    path = tmp_path / "swiss.trf"
    path.write_text(formats.write(swiss(), "trf"), encoding="utf-8")
    return path


def test_cli_explains_de(swiss_file: Path) -> None:
    path = str(swiss_file)
    code, out, err = run("explain", path, "--player", "3", "--tb", "DE", "--rules", "fide-2024")
    assert code == 0, err
    assert out.startswith(
        "DE of #3 Gus under fide-2024\n  order: PTS, DE (DE taken as the first "
        "tie-break after points: the file names no tie-breaks; give --order "
        "to place it)\n"
    )
    assert out.endswith("  total: 2\n")
    code, out, _ = run(
        "explain", path, "--player", "3", "--tb", "de", "--order", "BH,de", "--rules", "fide-2024"
    )
    assert code == 0 and "  order: PTS, BH, DE (from --order)\n" in out
    assert out.endswith("  total: 0\n")
    code, out, _ = run(
        "tiebreaks", path, "--tb", "BH", "--tb", "DE", "--rules", "fide-2024", "--to", "csv"
    )
    assert code == 0 and "\n2,3,Gus,,2100,3,12.5,0\n" in out


def test_cli_order_must_name_the_tiebreak(swiss_file: Path) -> None:
    path = str(swiss_file)
    code, _, err = run("explain", path, "--player", "3", "--tb", "DE", "--order", "BH")
    assert code == 2 and "--order does not name DE" in err
    code, _, err = run("explain", path, "--player", "3", "--tb", "DE", "--order", "XYZ,DE")
    assert code == 2 and "T501" in err


def test_explaining_de_for_every_player_ranks_the_field_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A report explains DE for each player of a field: the tied groups before DE are
    # one ranking of the run, not one per player (a 2000-player field took seconds).
    import trfkit.tiebreaks.explain_direct as explain_module

    calls: list[int] = []
    real = explain_module.rank

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(explain_module, "rank", counting)
    t = swiss()
    order = order_for(parse("DE"), [parse("BH"), parse("DE")], False, "test")
    ctx = context(t, "fide-2024")
    totals = [explain(ctx, ctx.index[s], parse("DE"), order).total for s in (1, 2, 3, 4)]
    assert totals == [None, None, 0.0, 0.0]
    assert len(calls) == 1


def test_the_buchholz_family_describes_each_round_once_per_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # BH, BH/C1 and SB of one player read one adjusted table: a report explaining every
    # column describes each round once, and every explanation still shows all rounds.
    import trfkit.tiebreaks.explain as explain_module

    calls: list[int] = []
    real = explain_module.describe

    def counting(*args: object) -> str:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(explain_module, "describe", counting)
    ctx = context(swiss(), "fide-2024")
    found = [explain(ctx, 0, parse(code)) for code in ("BH", "BH/C1", "SB")]
    assert len(calls) == 5
    assert [len([x for x in e.lines if x.startswith("round")]) for e in found] == [5, 5, 5]
    assert found[0].lines[0] == found[1].lines[0]
    # Eve beat #2, #3, #4 (3 points each) and lost to #5 (1.5) and #6 (2.5)
    assert [e.total for e in found] == [13.0, 11.5, 9.0]


def test_tied_group_is_the_group_explain_takes_apart() -> None:
    from trfkit.tiebreaks.explain import tied_group

    t = swiss()
    order = order_for(parse("DE"), [parse("BH"), parse("DE")], False, "test")
    assert order is not None
    ctx = context(t, "fide-2024")
    # #3 Gus and #4 Hal are level on 3 points and BH 12.5 (see above); #1 Eve is alone
    assert list(tied_group(ctx, 2, parse("DE"), order)) == [2, 3]
    assert list(tied_group(ctx, 0, parse("DE"), order)) == [0]


def test_a_large_tie_is_explained_once_per_group(monkeypatch: pytest.MonkeyPatch) -> None:
    # DE for every member of one tie: the group's games and passes are worked out once
    import trfkit.tiebreaks.direct_encounter as de_module

    calls: list[int] = []
    real = de_module.group_tiers

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(de_module, "group_tiers", counting)
    t = double_rr()
    ctx = context(t, "fide-2024")
    found = [explain(ctx, i, parse("DE")) for i in range(4)]
    assert [e.total for e in found] == [2.0, 3.0, 1.0, None]
    assert len(calls) == 1
    assert found[0].lines[2:] == found[1].lines[2:]  # after the order and the group line
