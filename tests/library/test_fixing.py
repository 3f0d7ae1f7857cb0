"""``trfkit.fixing.fix_trf``: each safe normalisation on a small hand-written file, with
the exact bytes it writes, and the files it refuses.

The event: four players, a round robin of three rounds. Player 1 wins every game
(3.0), players 2 and 3 draw with each other and beat player 4 once each (1.5 each),
player 4 loses every game (0.0). Under ``202 BH`` players 2 and 3 stay tied (both have
Buchholz 1.5 + 0 + 3 = 4.5), so the standings give ranks 1, 2, 2, 4 and places 2 and 3
belong to their tie.
"""

from __future__ import annotations

import pytest

from tests.trf_helpers import p001
from trfkit.fixing import Fixed, FixRefused, NotTrf, fix_trf

ROUNDS = {
    1: ("   4 w 1", "   3 b 1", "   2 w 1"),
    2: ("   3 w =", "   4 b 1", "   1 b 0"),
    3: ("   2 b =", "   1 w 0", "   4 w 1"),
    4: ("   1 b 0", "   2 w 0", "   3 b 0"),
}
POINTS = {1: "3.0", 2: "1.5", 3: "1.5", 4: "0.0"}
RANKS = {1: "1", 2: "2", 3: "3", 4: "4"}


def player(start: int, points: str | None = None, rank: str | None = None, **kw: str) -> str:
    return p001(
        start,
        name=f"Player {start}",
        fide=str(1000 + start),
        points=POINTS[start] if points is None else points,
        rank=RANKS[start] if rank is None else rank,
        rounds=ROUNDS[start],
        **kw,
    )


HEAD = ["012 Fix Test", "062 4", "072 4", "XXR 3", "202 BH"]


def trf(*lines: str, nl: str = "\n") -> bytes:
    return (nl.join(lines) + nl).encode("utf-8")


def clean(nl: str = "\n") -> bytes:
    return trf(*HEAD, *(player(s) for s in (1, 2, 3, 4)), nl=nl)


def fixed(data: bytes, **kw: object) -> Fixed:
    return fix_trf(data, path="t.trf", **kw)  # type: ignore[arg-type]


def test_a_clean_file_is_left_as_it_is() -> None:
    result = fixed(clean())
    assert result.changes == ()
    assert not result.changed
    assert result.data == clean()


def test_062_and_072_count_the_players_and_the_rated_ones() -> None:
    data = trf(
        "012 Fix Test",
        "062 7 (3)",  # Swiss-Manager's "(played)" stays as written
        "072 9",
        "XXR 3",
        "202 BH",
        player(1),
        player(2),
        player(3),
        player(4, rating=""),
    )
    result = fixed(data)
    assert result.changes == ("fixed 062: 7 -> 4", "fixed 072: 9 -> 3")
    assert result.data == data.replace(b"062 7 (3)", b"062 4 (3)").replace(b"072 9", b"072 3")


def test_001_lines_are_sorted_in_the_places_they_held() -> None:
    comment = "### a comment stays on its line"
    result = fixed(trf(*HEAD, player(2), comment, player(1), player(3), player(4)))
    assert result.changes == ("sorted 2 players by start number",)  # 3 and 4 stay
    assert result.data == trf(*HEAD, player(1), comment, player(2), player(3), player(4))


def test_points_are_set_from_the_results() -> None:
    data = trf(*HEAD, player(1), player(2, points="2.0"), player(3, points=""), player(4))
    result = fixed(data)
    assert result.changes == ("fixed the points of 2 players (2: 2.0 -> 1.5, 3: blank -> 1.5)",)
    assert result.data == clean()


def test_ranks_follow_the_standings_of_the_files_own_list() -> None:
    data = trf(*HEAD, player(1, rank="4"), player(2), player(3), player(4, rank="1"))
    result = fixed(data)
    assert result.changes == (
        "fixed the ranks of 2 players (1: 4 -> 1, 4: 1 -> 4; tie-breaks BH, rules fide-2026)",
    )
    assert result.data == clean()


@pytest.mark.parametrize(
    ("rank2", "rank3", "want2", "want3"),
    [
        ("3", "2", "3", "2"),  # both inside the tie's places: kept
        ("2", "", "2", "3"),  # the blank one gets the free place
        ("4", "2", "3", "2"),  # 4 is outside places 2-3: the free place 3
        ("2", "2", "2", "3"),  # a repeated place: the second gets the free one
    ],
)
def test_a_tie_covers_its_places(rank2: str, rank3: str, want2: str, want3: str) -> None:
    data = trf(*HEAD, player(1), player(2, rank=rank2), player(3, rank=rank3), player(4))
    result = fixed(data)
    want = trf(*HEAD, player(1), player(2, rank=want2), player(3, rank=want3), player(4))
    assert result.data == want


def test_ranks_need_the_files_own_list() -> None:
    head = [line for line in HEAD if not line.startswith("202")]
    data = trf(*head, player(1, rank=""), player(2), player(3), player(4))
    result = fixed(data)
    assert result.changes == ()
    assert result.notes == (
        "ranks left as they are: the file declares no tie-break list (202/212) to rank by",
    )


def test_points_that_would_contradict_ranks_nobody_recomputes_are_left() -> None:
    # player 4 declares 2.0 points and rank 2: with his 0.0 rank 2 would be wrong (T402)
    head = [line for line in HEAD if not line.startswith("202")]
    data = trf(
        *head,
        player(1),
        player(4, points="2.0", rank="2"),
        player(2, rank="3"),
        player(3, rank="4"),
    )
    result = fixed(data)
    assert result.changes == ("sorted 3 players by start number",)
    assert result.notes == (
        "points left as they are (the results give another total for 1 player): the "
        "results' totals would contradict the declared ranks (T402), which cannot be "
        "recomputed without the file's own tie-break list; one of them is wrong",
    )


def test_a_code_page_becomes_utf8() -> None:
    data = clean().replace(b"Player 2  ", "Müller 2  ".encode("cp1252"))
    result = fixed(data, encoding="cp1252")
    assert result.changes == ("converted cp1252 to UTF-8",)
    assert result.data == clean().replace(b"Player 2  ", "Müller 2  ".encode())


def test_the_byte_order_mark_goes() -> None:
    result = fixed(b"\xef\xbb\xbf" + clean())
    assert result.changes == ("removed the byte-order mark",)
    assert result.data == clean()
    assert result.before == "\ufeff" + clean().decode()


def test_line_ends_become_the_files_most_used_one() -> None:
    data = clean("\r\n").replace(b"072 4\r\n", b"072 4\n").replace(b"XXR 3\r\n", b"XXR 3\r")
    result = fixed(data)
    assert result.changes == ("fixed line ends: 1 LF, 1 CR -> CRLF",)
    assert result.data == clean("\r\n")


def test_newline_chooses_the_line_end() -> None:
    result = fixed(clean("\r\n"), newline="\n")
    assert result.changes == ("fixed line ends: 9 CRLF -> LF",)
    assert result.data == clean()


def test_a_missing_last_line_end_stays_missing() -> None:
    data = clean()[:-1].replace(b"062 4", b"062 5")
    assert fixed(data).data == clean()[:-1]


def test_fixing_twice_is_fixing_once() -> None:
    lines = [*HEAD, player(4, rank=""), player(2, points="9.0"), player(1), player(3)]
    once = fixed(trf(*lines).replace(b"062 4", b"062 1"), newline="\r\n")
    assert once.changed
    again = fixed(once.data)
    assert again.changes == ()
    assert again.data == once.data == clean("\r\n")


def test_repeated_start_numbers_are_refused() -> None:
    data = trf(*HEAD, player(1), player(2), player(3), player(3))
    with pytest.raises(FixRefused, match=r"^line 9: start number 3 is used on line 8 too"):
        fixed(data)


def test_unknown_result_codes_are_refused() -> None:
    data = clean().replace(b"   4 w 1", b"   4 w Q", 1)
    with pytest.raises(FixRefused, match="T104"):
        fixed(data)


def test_a_tab_in_a_line_to_patch_is_refused() -> None:
    data = trf(*HEAD, player(1), player(2, points="2.0") + "\t", player(3), player(4))
    with pytest.raises(FixRefused, match="line 7 holds a tab character"):
        fixed(data)


def test_a_close_code_page_call_is_refused_unless_the_encoding_is_given() -> None:
    # one Czech name without a federation: cp1250 and cp1252 read it nearly as well
    name = "Kovač, Ivan".encode("cp1250")
    data = b"001    1      " + name + b" " * (33 - len(name)) + b"\n"
    with pytest.raises(FixRefused, match="not sure enough.*pass --encoding"):
        fixed(data)
    assert (
        fixed(data, encoding="cp1250").data
        == "001    1      Kovač, Ivan".encode() + b" " * 22 + b"\n"
    )


def test_other_formats_are_not_trf() -> None:
    with pytest.raises(NotTrf, match="convert it first"):
        fixed(b'{"format": "trfkit-tournament", "version": 1}')


def test_the_rank_guard_decides_on_the_sorted_file() -> None:
    # T402 takes equal ranks (players 1 and 2 declare 3) in line order: asked of the
    # file as written (player 1 after player 2), the guard would leave player 4's 2.0 and
    # sort; asked again of the sorted file, it would fix it: fix decides on the sorted order
    head = [line for line in HEAD if not line.startswith("202")]
    data = trf(
        *head,
        player(4, points="2.0", rank="2"),
        player(2, rank="3"),
        player(3, rank="4"),
        player(1, rank="3"),
    )
    once = fixed(data)
    assert once.changes == (
        "fixed the points of 1 player (4: 2.0 -> 0.0)",
        "sorted 2 players by start number",
    )
    assert fixed(once.data).changes == ()


def test_a_212_list_ranks_too() -> None:
    head = [line if line != "202 BH" else "212 PTS,BH" for line in HEAD]
    data = trf(*head, player(1, rank="2"), player(2, rank="1"), player(3), player(4))
    result = fixed(data)
    assert result.changes == (
        "fixed the ranks of 2 players (1: 2 -> 1, 2: 1 -> 2; tie-breaks PTS, BH, rules fide-2026)",
    )
    assert result.data == trf(*head, *(player(s) for s in (1, 2, 3, 4)))


def test_a_round_in_progress_ranks_after_the_last_round_with_results() -> None:
    # round 4 is paired (1-2, 3-4) without results yet: the rank column is the standings
    # after round 3, as T505 compares it
    head = [line if line != "XXR 3" else "XXR 4" for line in HEAD]
    paired = {1: "   2 w  ", 2: "   1 b  ", 3: "   4 w  ", 4: "   3 b  "}
    ranks = {1: "4", 4: ""}

    def lines(ranks: dict[int, str]) -> list[str]:
        return [player(s, rank=ranks.get(s)) + "  " + paired[s] for s in (1, 2, 3, 4)]

    result = fixed(trf(*head, *lines(ranks)))
    assert result.changes == (
        "fixed the ranks of 2 players (1: 4 -> 1, 4: blank -> 4; tie-breaks BH, rules fide-2026)",
    )
    assert result.data == trf(*head, *lines({}))


def test_a_001_line_cut_before_its_points_is_refused_once_games_are_played() -> None:
    """A line ending before column 84 (T102) has lost its round blocks: fix wrote its
    points as 0.0, which hid T102 and left the opponents' games pointing at nothing."""
    cut = player(4)[:60]
    with pytest.raises(
        FixRefused, match=r"^line 9: T102 001 record ends at column \d+, .*cut short"
    ):
        fixed(trf(*HEAD, player(1), player(2), player(3), cut))


def test_a_starting_list_of_short_lines_is_still_fixed() -> None:
    """Before round 1 no line has results, so a line ending at the birth date has lost
    nothing: the other fixes (here the 062 count) are made."""
    head = ["012 Fix Test", "062 3", "072 2"]
    lines = [p001(s, name=f"Player {s}", fide=str(1000 + s))[:79].rstrip() for s in (1, 2)]
    result = fixed(trf(*head, *lines))
    assert result.changes == ("fixed 062: 3 -> 2",)
