"""T503 (trfkit.validation.declared) on tournaments built in code."""

from __future__ import annotations

from trfkit.model import DeclaredValue, Player, RoundEntry, Team, Tournament
from trfkit.precision import agrees
from trfkit.validation.declared import declared_tiebreak_differs


def four(declared: dict[int, tuple[DeclaredValue, ...]]) -> Tournament:
    """1-2 1-0, 3-4 ½-½; 1-3 1-0, 2-4 0-1. BH: ½, 3½, 3½, ½."""
    games = {
        1: [RoundEntry(2, "w", "1"), RoundEntry(3, "w", "1")],
        2: [RoundEntry(1, "b", "0"), RoundEntry(4, "w", "0")],
        3: [RoundEntry(4, "w", "="), RoundEntry(1, "b", "0")],
        4: [RoundEntry(3, "b", "="), RoundEntry(2, "b", "1")],
    }
    return Tournament(
        players=tuple(
            Player.build(s, f"P{s}", rounds=tuple(games[s]), line=s, declared=declared.get(s, ()))
            for s in range(1, 5)
        )
    )


def test_matching_values_and_carried_labels_are_silent() -> None:
    t = four(
        {
            1: (
                DeclaredValue("BH", 0.5, "0,5"),
                DeclaredValue("SM#61", 9.0, "9"),
                DeclaredValue("tb4", 7.0, "7"),
            )
        }
    )
    assert list(declared_tiebreak_differs(t)) == []


def test_each_disagreement_names_both_values() -> None:
    t = four(
        {2: (DeclaredValue("BH", 3.0, "3,0", "tb1"),), 3: (DeclaredValue("BH", 3.5, "3,5", "tb1"),)}
    )
    found = list(declared_tiebreak_differs(t))
    assert [(d.code, d.line, d.message) for d in found] == [
        ("T503", 2, "player 2 (P2): declared BH (tb1) 3,0, computed 3.5")
    ]
    assert found[0].model_path == "players[1].declared[0]"


def test_declared_310_team_points_are_left_to_t319() -> None:
    """310 match and game points are T319's to compare (one message for one problem)."""
    players = tuple(
        Player.build(
            s,
            f"P{s}",
            rounds=(
                RoundEntry(s + 2 if s < 3 else s - 2, "w" if s < 3 else "b", "1" if s < 3 else "0"),
            ),
        )
        for s in range(1, 5)
    )
    teams = (
        Team(1, "Rooks", (1, 2), match_points=3.0, game_points=2.0, source="310", line=7),
        Team(2, "Knights", (3, 4), match_points=0.0, game_points=0.0, source="310", line=8),
    )
    found = list(declared_tiebreak_differs(Tournament(players=players, teams=teams)))
    assert found == []


def test_precision_follows_the_written_value() -> None:
    assert agrees(7.5, 7.5, "7,50") and agrees(26.5, 26.5, "26,5")
    assert not agrees(26.5, 26.0, "26,5") and not agrees(3.0, 3.5, "3")
    assert agrees(2324.0, 2324.0, "2324")


def test_the_validator_composes_t503_after_its_rules_with_the_selection() -> None:
    """T503 is no rule of the validator (it computes standings); validate still reports it,
    located as before, and --select/--ignore treat it as any code."""
    from trfkit import validate
    from trfkit.validation.driver import iter_diagnostics, rules

    t = four({2: (DeclaredValue("BH", 3.0, "3,0", "tb1"),)})
    assert "T503" not in rules() and "T501" not in rules() and "T024" not in rules()
    assert [(d.code, d.line, d.message) for d in validate(t, select="T503")] == [
        ("T503", 2, "player 2 (P2): declared BH (tb1) 3,0, computed 3.5")
    ]
    assert [d.code for d in validate(t, ignore="T503") if d.code == "T503"] == []
    assert [d.code for d in iter_diagnostics(t, select="T5")] == ["T503"]
    assert [d.code for d in validate(t)].count("T503") == 1
