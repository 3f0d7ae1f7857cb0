"""chess-results upload XML: small documents written here, plus the four reference files."""

from __future__ import annotations

from pathlib import Path

import pytest

from trfkit.formats import detect, read
from trfkit.formats.chessresults.upload_xml import read_crxml
from trfkit.formats.json_io import write_json
from trfkit.validation.driver import validate

XML_DIR = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "chess-results" / "xml"


def document(
    players: str,
    pairings: str,
    *,
    tb: str = 'tb1no="37" tb2no="52"',
    kind: int = 0,
    teams: str = "",
    teampairings: str = "",
    extra: str = "",
) -> bytes:
    return f"""<?xml version="1.0"?>
<chessresults>
  <tournamentdata>
    <tournament key="1" type="{kind}" name="Club Open" location="Potsdam" rounds="2" from="20250926"
      to="20250927" federation="GER" chiefarbiter="IA Judge" mail="td@example.org"
      homepageorganiser="C:\\Users\\td\\site" {tb} {extra}/>
  </tournamentdata>
  <rounds><round round="1" date="20250926" time=""/>\
<round round="2" date="20250927" time=""/></rounds>
  <players>{players}</players>
  <teams>{teams}</teams>
  <playerpairings>{pairings}</playerpairings>
  <teampairings>{teampairings}</teampairings>
</chessresults>
""".encode()


def player(no: int, name: str, **attrs: str) -> str:
    rest = " ".join(f'{k}="{v}"' for k, v in attrs.items())
    return f'<player no="{no}" lastname="{name}" firstname="" {rest}/>'


def game(rnd: int, white: int, black: int, rw: str, rb: str, forfeit: str = "") -> str:
    return (
        f'<playerpairing round="{rnd}" pairing="1" board="1" whiteno="{white}" '
        f'blackno="{black}" reswhite="{rw}" resblack="{rb}" forfeit="{forfeit}"/>'
    )


# 4 players, 2 rounds: 1-2 1-0, 3-4 ½-½; 1-3 1-0, 2-4 0-1.
# Scores 2, 0, ½, 1½. BH: ½, 3½, 3½, ½. SB: ½, 0, ¾, ¼.
FOUR = [
    player(
        1,
        "Alpha,Anna",
        sex="W",
        rtgfide="2001",
        fideid="100",
        dob="1990",
        fed="GER",
        pts="2,0",
        rank="1",
        tb1="0,5",
        tb2="0,50",
        tb4="2",
    ),
    player(2, "Beta,Bert", sex="M", rtg="1500", pts="0,0", rank="4", tb1="3,5", tb2="0,00"),
    player(3, "Gamma,Gus", sex="m", dob="03.04.2001", pts="0,5", rank="3", tb1="3,5", tb2="0,75"),
    player(4, "Delta,Dora", sex="w", dob="20050607", pts="1,5", rank="2", tb1="0,5", tb2="0,25"),
]
FOUR_GAMES = [
    game(1, 1, 2, "1.0", "0.0"),
    game(1, 3, 4, "0.5", "0.5"),
    game(2, 1, 3, "1.0", "0.0"),
    game(2, 2, 4, "0.0", "1.0"),
]


def rounds_of(doc, start):  # type: ignore[no-untyped-def]
    return [(e.opponent, e.color, e.result) for e in doc.tournament.by_start()[start].rounds]


def test_players_results_and_declared_values() -> None:
    doc = read_crxml(document("".join(FOUR), "".join(FOUR_GAMES)), path="t.xml")
    t = doc.tournament
    a = t.players[0]
    assert (a.name, a.sex, a.rating, a.fide_id, a.points, a.rank) == (
        "Alpha,Anna",
        "w",
        2001,
        100,
        2.0,
        1,
    )
    assert a.birth is not None and a.birth.iso == "1990"
    assert t.players[1].rating is None  # only a national rating
    assert t.players[2].birth is not None and t.players[2].birth.iso == "2001-04-03"
    assert t.players[3].birth is not None and t.players[3].birth.iso == "2005-06-07"
    assert [(d.code, d.value, d.raw, d.slot) for d in a.declared] == [
        ("BH", 0.5, "0,5", "tb1"),
        ("SB", 0.5, "0,50", "tb2"),
        ("tb4", 2.0, "2", "tb4"),
    ]
    assert rounds_of(doc, 2) == [(1, "b", "0"), (4, "w", "0")]
    assert rounds_of(doc, 4) == [(3, "b", "="), (2, "b", "1")]
    h = t.header
    assert (h.name, h.city, h.federation, h.rounds, h.chief_arbiter) == (
        "Club Open",
        "Potsdam",
        "GER",
        2,
        "IA Judge",
    )
    assert h.tiebreaks == ("BH", "SB")
    assert h.start_date is not None and h.start_date.iso == "2025-09-26"
    assert [p.line for p in t.players] == [9, 9, 9, 9]  # all on one line in this document
    everything = write_json(t)  # every field of the model (its repr is a short summary)
    assert "example.org" not in everything and "Users" not in everything


def test_byes_forfeits_and_unfinished_games() -> None:
    players = "".join(player(i, f"P{i}") for i in range(1, 8))
    pairings = "".join(
        [
            game(1, 1, 2, "1.0", "0.0", "K"),  # forfeit win for white
            game(1, 3, 4, "0.0", "0.0", "D"),  # double forfeit
            game(1, 5, -1, "1.0", "0.0", "K"),  # pairing-allocated bye
            game(1, 6, -2, "", ""),  # not paired
            game(1, 7, -2, "0.5", ""),  # half-point bye
            game(2, 1, 3, "", ""),  # not played yet
            game(2, 2, 4, "1.0", "0.0", "U"),  # unrated result
        ]
    )
    doc = read_crxml(document(players, pairings, tb=""))
    assert rounds_of(doc, 1) == [(2, "w", "+"), (3, "w", " ")]  # round 2: paired, no result
    assert rounds_of(doc, 2) == [(1, "b", "-"), (4, "w", "W")]
    assert rounds_of(doc, 3) == [(4, "w", "-"), (1, "b", " ")]
    assert rounds_of(doc, 5) == [(None, "", "U")]
    assert rounds_of(doc, 6) == [(None, "", "Z")]
    assert rounds_of(doc, 7) == [(None, "", "H")]
    assert [d.code for d in doc.diagnostics] == ["T623"]


def test_declared_values_are_checked_against_computed_ones() -> None:
    clean = read(document("".join(FOUR), "".join(FOUR_GAMES)))
    assert [d for d in validate(clean) if d.code in ("T503", "T401")] == []
    wrong = [FOUR[0], FOUR[1], FOUR[2], FOUR[3].replace('tb2="0,25"', 'tb2="0,50"')]
    doc = read(document("".join(wrong), "".join(FOUR_GAMES)))
    found = [d for d in validate(doc) if d.code == "T503"]
    assert len(found) == 1
    assert "player 4" in found[0].message and "declared SB (tb2) 0,50" in found[0].message
    assert "computed 0.25" in found[0].message


def test_dangerous_xml_is_refused_without_expansion() -> None:
    bomb = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<chessresults><players><player no="1" lastname="&lol2;"/></players></chessresults>"""
    doc = read_crxml(bomb)
    assert [d.code for d in doc.diagnostics] == ["T627"] and doc.tournament.players == ()
    external = b"""<?xml version="1.0"?>
<!DOCTYPE x SYSTEM "file:///etc/passwd"><chessresults/>"""
    assert [d.code for d in read_crxml(external).diagnostics] == ["T627"]


def test_malformed_xml_and_wrong_root() -> None:
    assert [d.code for d in read_crxml(b"<chessresults><players>").diagnostics] == ["T001"]
    assert [d.code for d in read_crxml(b"<other/>").diagnostics] == ["T006"]


def test_team_event_with_team_bye_scored_per_board() -> None:
    players = "".join(
        player(i, f"P{i}", teamno=str((i - 1) // 3 + 1), board=str((i - 1) % 3 + 1))
        for i in range(1, 10)
    )
    teams = "".join(
        f'<team no="{n}" teamname="Team {n}" teamshort=" T{n}" rank="{n}" points="{p}" '
        f'tb1="{p}" tb2="{g}"/>'
        for n, p, g in ((1, 2, "3,5"), (2, 0, "0,5"), (3, 2, "3,0"))
    )
    pairings = "".join(
        [game(1, 1, 4, "1.0", "0.0"), game(1, 5, 2, "0.0", "1.0"), game(1, 3, 6, "0.5", "0.5")]
    )
    teampairings = (
        '<teampairing round="1" pairing="1" no1="1" no2="2" res1="2.5" res2="0.5"/>'
        '<teampairing round="1" pairing="2" no1="3" no2="-1" res1="2.0" res2="0.0"/>'
    )
    doc = read_crxml(
        document(
            players,
            pairings,
            tb='tb1no="13" tb2no="1"',
            kind=3,
            teams=teams,
            teampairings=teampairings,
            extra='playerperteam="2"',
        )
    )
    t = doc.tournament
    assert [(tm.number, tm.members, tm.match_points, tm.game_points) for tm in t.teams] == [
        (1, (1, 2, 3), 2.0, 3.5),
        (2, (4, 5, 6), 0.0, 0.5),
        (3, (7, 8, 9), 2.0, 3.0),
    ]
    assert t.team_byes[0].teams_by_round == (3,) and t.team_byes[0].game_points == 2.0
    assert rounds_of(doc, 7) == [(None, "", "U")] and rounds_of(doc, 9) == []
    assert t.header.tiebreaks == ("GPTS",) and t.header.type_text == "Team: Swiss-System"


def test_selected_by_content() -> None:
    data = document("".join(FOUR), "".join(FOUR_GAMES))
    assert detect(data[:8192]) == "chess-results-xml"


needs_corpus = pytest.mark.skipif(
    not XML_DIR.is_dir(), reason="reference corpus ../shared is not available"
)


@needs_corpus
@pytest.mark.parametrize("name", ["Single_SwissSystem", "Single_RoundRobin"])
def test_reference_files_computed_values_equal_declared(name: str) -> None:
    from trfkit.tiebreaks import compute

    doc = read((XML_DIR / f"{name}.xml").read_bytes())
    diagnostics = validate(doc)
    assert [d for d in diagnostics if d.code in ("T503", "T401", "T999")] == []
    t = doc.tournament
    checked = {d.code for p in t.players for d in p.declared}
    assert {"BH", "SB"} <= checked if name == "Single_SwissSystem" else {"SB", "WIN"} <= checked
    # Swiss-Manager writes the number of wins unlabelled in tb4 of the Swiss file
    if name == "Single_SwissSystem":
        wins = {row.start: row.values["WIN"] for row in compute(t, ["WIN"]).rows}
        tb4 = {p.start: d.value for p in t.players for d in p.declared if d.slot == "tb4"}
        assert len(tb4) == 21 and tb4 == wins


@needs_corpus
def test_reference_team_files_give_the_declared_match_and_game_points() -> None:
    from trfkit.tiebreaks.team.standings import compute_teams

    for name, teams in (("Team_SwissSystem", 11), ("Team_RoundRobin", 2)):
        doc = read((XML_DIR / f"{name}.xml").read_bytes())
        t = doc.tournament
        rows = {r.number: r for r in compute_teams(t, []).rows}
        assert len(rows) == teams
        for team in t.teams:
            assert rows[team.number].match_points == team.match_points
            assert rows[team.number].game_points == team.game_points
        # Swiss-Manager's team Buchholz (#84) shows a team PAB to the opponents as a
        # drawn match (a C.07 16.6 competition rule); under it every declared value agrees.
        assert [d for d in validate(doc) if d.code in ("T503", "T401")] == []


@needs_corpus
def test_swiss_manager_team_buchholz_is_fide_with_the_pab_shown_as_a_draw() -> None:
    from trfkit.tiebreaks.team.standings import compute_teams

    t = read((XML_DIR / "Team_SwissSystem.xml").read_bytes()).tournament
    declared = {
        tm.number: next(d.value for d in tm.declared if d.code == "BH:MP") for tm in t.teams
    }
    sm = {
        r.number: r.values["BH:MP"]
        for r in compute_teams(t, ["BH:MP"], pab_shown_as_draw=True).rows
    }
    fide = {r.number: r.values["BH:MP"] for r in compute_teams(t, ["BH:MP"]).rows}
    assert sm == declared
    # Team 1 never had the bye; four of its opponents did, each shown 1 MP lower.
    assert (declared[1], fide[1]) == (54.0, 58.0)
