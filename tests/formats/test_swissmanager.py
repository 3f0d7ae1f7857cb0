"""Native Swiss-Manager reader on small files built by tests/sm_writer.py."""

from __future__ import annotations

import pytest
from sm_writer import BYE, SmFile, SmPlayer, five_players

from trfkit.diagnostics import TrfError
from trfkit.formats import detect, read
from trfkit.formats.json_io import write_json
from trfkit.formats.swissmanager.reader import (
    private_strings,
    read_swissmanager,
    sniff_swissmanager,
)


def entries(doc, start):  # type: ignore[no-untyped-def]
    p = doc.tournament.by_start()[start]
    return [(e.opponent, e.color, e.result) for e in p.rounds]


def codes(doc) -> list[str]:  # type: ignore[no-untyped-def]
    return [d.code for d in doc.diagnostics]


def test_players_and_header_are_decoded() -> None:
    doc = read_swissmanager(five_players().encode(), path="x.TUNX")
    t = doc.tournament
    assert [p.name for p in t.players] == [
        "Alpha, Anna",
        "Beta, Bert",
        "Gamma, Gus",
        "Delta, Dora",
        "Epsilon, Eve",
    ]
    a = t.players[0]
    assert (a.start, a.sex, a.title, a.rating, a.federation, a.fide_id) == (
        1,
        "w",
        "WGM",
        2301,
        "AUT",
        1600001,
    )
    assert a.birth is not None and a.birth.iso == "1990-05-12"
    b = t.players[1]
    assert b.birth is not None and b.birth.iso == "1985" and b.sex == "m"
    assert t.players[2].rating is None and t.players[2].fide_id is None
    h = t.header
    assert (h.name, h.city, h.federation, h.chief_arbiter, h.time_control) == (
        "Spring Open",
        "Graz",
        "AUT",
        "IA Arbiter, Anna",
        "90+30",
    )
    assert h.start_date is not None and h.start_date.iso == "2026-04-01"
    assert h.rounds == 3
    assert [d.iso for d in h.round_dates if d] == ["2026-04-01", "2026-04-02", "2026-04-03"]
    assert h.type_text == "Individual: Swiss-System" and not t.teams
    assert h.tiebreaks == ("BH", "SB", "WIN")
    assert t.source.format == "swissmanager" and doc.text is None


def test_results_become_trf_codes_and_stay_symmetric() -> None:
    doc = read_swissmanager(five_players().encode())
    assert entries(doc, 1) == [(3, "w", "1"), (2, "b", "-")]
    assert entries(doc, 2) == [(4, "b", "="), (1, "w", "+")]
    assert entries(doc, 3) == [(1, "b", "0"), (5, "w", "0")]
    assert entries(doc, 4) == [(2, "w", "="), (None, "", "H")]
    assert entries(doc, 5) == [(None, "", "U"), (3, "b", "1")]
    t = doc.tournament
    by = t.by_start()
    for p, rnd, e in t.iter_rounds():
        if e.opponent is not None:
            back = by[e.opponent].round(rnd)
            assert back.opponent == p.start and {e.color, back.color} == {"w", "b"}


def test_no_points_ranks_or_tiebreak_values_are_invented() -> None:
    t = read_swissmanager(five_players().encode()).tournament
    assert all(p.points is None and p.rank is None and p.declared == () for p in t.players)


def test_tournament_type_comes_from_the_file_not_the_extension() -> None:
    f = five_players(kind=1)
    doc = read_swissmanager(f.encode(), path="looks_like_swiss.TUNX")
    assert doc.tournament.header.type_text == "Individual: round robin"


def test_unknown_section_is_skipped_with_a_diagnostic_naming_it() -> None:
    f = five_players(extra_sections=[(0xC5, b"\x31\x00\x0e\x00\x46\x00\x47\x00")])
    doc = read_swissmanager(f.encode())
    found = [d for d in doc.diagnostics if d.code == "T620"]
    assert len(found) == 1 and "C5" in found[0].message
    assert found[0].severity.value == "warning"
    assert len(doc.tournament.players) == 5 and entries(doc, 1)[0] == (3, "w", "1")


def test_private_header_strings_stay_out_of_the_model_and_json() -> None:
    f = five_players()
    f.header.update(
        {
            23: "arbiter@example.org",
            8: r"C:\Users\someone\games.pgn",
            4: "Club Graz",
            22: "deputy@example.org",
        }
    )
    f.players[0].email = "anna@example.org"
    doc = read_swissmanager(f.encode())
    text = write_json(doc.tournament)
    for secret in ("example.org", "Users", "someone"):
        assert secret not in text
    assert doc.tournament.header.organiser == "Club Graz"  # a public event fact (issue 16)
    assert doc.tournament.header.deputy_arbiters == ()  # an address is not a name
    t624 = [d for d in doc.diagnostics if d.code == "T624"]
    assert len(t624) == 1 and "example" not in t624[0].message and "3 header" in t624[0].message
    private = dict(private_strings(f.encode()))
    assert private["e-mail"] == "arbiter@example.org" and "organiser" not in private
    assert private["PGN path"] == r"C:\Users\someone\games.pgn"


def test_unfinished_games_are_kept_as_pairings_and_unknown_results_left_out() -> None:
    f = five_players(pairings=[[(1, 2, 0), (3, 4, 17), (5, BYE, 9)]])
    doc = read_swissmanager(f.encode())
    assert entries(doc, 1) == [(2, "w", " ")] and entries(doc, 2) == [(1, "b", " ")]
    assert entries(doc, 3) == [] and entries(doc, 5) == [(None, "", "U")]
    assert codes(doc).count("T623") == 1 and codes(doc).count("T622") == 1
    assert "17" in next(d.message for d in doc.diagnostics if d.code == "T622")


def test_rounds_split_by_repeat_when_schedule_counts_disagree() -> None:
    f = five_players()
    raw = bytearray(f.encode())
    # break the schedule: claim 5 pairing records in round 1 (the file has 3 + 3)
    start = raw.index(b"\xa3\xff\x89\x44") + 4
    count_at = start + (2 + 2 * 5) + 2 * 15 + 6  # "10:00", 15 empty strings, then +6
    raw[count_at] = 5
    doc = read_swissmanager(bytes(raw))
    assert "T901" in codes(doc)
    assert entries(doc, 1) == [(3, "w", "1"), (2, "b", "-")]


def test_truncated_and_garbage_input_never_raises() -> None:
    data = five_players().encode()
    for cut in range(0, len(data), 97):
        doc = read_swissmanager(data[:cut])
        # a cut file is never taken for a whole one: an error says what is missing
        assert doc.has_reader_errors, (cut, codes(doc))
    doc = read_swissmanager(data[:5000])
    assert "T621" in codes(doc)
    doc = read_swissmanager(b"\x93\xff\x89\x44" + b"\xff" * 300)
    assert codes(doc) == ["T621"]


def test_strict_mode_raises_on_a_malformed_file() -> None:
    with pytest.raises(TrfError):
        read_swissmanager(b"\x93\xff\x89\x44" + b"\x00" * 50, strict=True)


def test_missing_directory_falls_back_to_scanning() -> None:
    doc = read_swissmanager(five_players(with_directory=False).encode())
    assert "T621" in codes(doc)
    assert entries(doc, 2) == [(4, "b", "="), (1, "w", "+")]


def test_player_count_mismatch_is_reported() -> None:
    doc = read_swissmanager(five_players(players_declared=7).encode())
    assert any(d.code == "T621" and "7 players" in d.message for d in doc.diagnostics)


def test_team_swiss_reads_teams_members_and_team_bye() -> None:
    players = [SmPlayer(f"P{i}", "X", team=(i - 1) // 2 + 1, board=2 - i % 2) for i in range(1, 7)]
    players[0], players[1] = (
        SmPlayer("P1", "X", team=1, board=2),
        SmPlayer("P2", "X", team=1, board=1),
    )
    f = SmFile(
        header={0: "Team Cup"},
        kind=3,
        rounds=1,
        players=players,
        teams=[("Rooks", "R"), ("Knights", "K"), ("Bishops", "B")],
        pairings=[[(2, 3, 1), (4, 1, 2), (0, 0, 0)]],
        matches=[[(1, 2), (3, BYE)]],
        tiebreaks=(13, 1, 84),
    )
    doc = read_swissmanager(f.encode())
    t = doc.tournament
    assert [(tm.number, tm.name, tm.members) for tm in t.teams] == [
        (1, "Rooks", (2, 1)),
        (2, "Knights", (3, 4)),
        (3, "Bishops", (5, 6)),
    ]
    assert t.header.type_text == "Team: Swiss-System" and t.header.teams_declared == 3
    assert t.team_byes and t.team_byes[0].teams_by_round == (3,)
    assert t.header.tiebreaks == ("GPTS", "BH:MP")
    assert entries(doc, 2) == [(3, "w", "1")] and entries(doc, 5) == []


def test_empty_board_forfeit_in_a_team_match() -> None:
    players = [SmPlayer("A", "a", team=1, board=1), SmPlayer("B", "b", team=2, board=1)]
    f = SmFile(
        kind=3,
        rounds=1,
        players=players,
        teams=[("T1", ""), ("T2", "")],
        pairings=[[(1, 0, 4), (0, 2, 5)]],
        matches=[[(1, 2)]],
    )
    doc = read_swissmanager(f.encode())
    assert entries(doc, 1) == [(None, "", "+")] and entries(doc, 2) == [(None, "", "+")]


def test_unmapped_tiebreak_is_reported_and_left_out() -> None:
    doc = read_swissmanager(five_players(tiebreaks=(61, 37)).encode())
    assert doc.tournament.header.tiebreaks == ("BH",)
    assert any(d.code == "T626" and "#61" in d.message for d in doc.diagnostics)


def test_selected_by_content() -> None:
    data = five_players().encode()
    assert sniff_swissmanager(data[:8192]) and detect(data[:8192]) == "swissmanager"
    assert not sniff_swissmanager(b"012 Open\n")
    doc = read(data, path="whatever.txt")
    assert len(doc.tournament.players) == 5
