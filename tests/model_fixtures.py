"""A tournament that sets every field of the model, for the JSON and schema tests."""

from __future__ import annotations

from trfkit.model import (
    AbnormalPoints,
    Acceleration,
    ByeRecord,
    DeclaredValue,
    ForfeitedMatch,
    Header,
    HeaderRecord,
    LineUp,
    NationalRating,
    PartialDate,
    Player,
    ProhibitedPairing,
    RawLine,
    RoundEntry,
    ScoringSystem,
    Source,
    Team,
    TeamBye,
    Tournament,
)


def full_tournament() -> Tournament:
    """A tournament that uses every model class and every kind of field value."""
    header = Header(
        records=(HeaderRecord("012", "Test Open ", 1), HeaderRecord("112", "A", 2),
                 HeaderRecord("112", "B", 3), HeaderRecord("XXR", "2", 9)),
        name="Test Open", city="Galway", federation="IRL",
        start_date=PartialDate("2024/03/02", 2024, 3, 2),
        end_date=PartialDate("03.03.2024", 2024, 3, 3),
        players_declared=129, players_played=88, rated_declared=2, teams_declared=1,
        type_text="Swiss", chief_arbiter="Arbiter, A", deputy_arbiters=("A", "B"),
        time_control="90+30", round_dates=(PartialDate("24/03/02", 2024, 3, 2), None),
        rounds=2, initial_color="w", scoring=ScoringSystem(win=3.0, draw=1.0, source="162"),
        rank_method="FIDON", pairing_controller="x", type_code="FIDE_DUTCH_2025",
        tiebreaks=("BH/C1", "SB"), standings_tiebreaks=("PTS", "BH"), time_control_code="5400+30",
        board_colors="WB", match_scoring=ScoringSystem(win=2.0, draw=1.0, source="362"),
    )
    players = (
        Player(1, "Moreau, Claire", "w", "FM", 2310, "FRA", 99100001,
               PartialDate("1990/04/12", 1990, 4, 12), 4.0, 1, (2, 0, 0), "w  ", "1U ", 5,
               (DeclaredValue("BH/C1", 6.5, "6.5", "tb1"),
                DeclaredValue("SM#36", None, "x", "tb2"))),
        Player.build(2, "Brennan, Liam", rating=None, fide_id=None, birth=PartialDate("1978", 1978),
               points=None, rank=None, rounds=(RoundEntry(1, "b", "0"), RoundEntry(None, "", "")),
               line=6),
    )
    return Tournament(
        header=header, players=players,
        teams=(Team(1, "Albion", (1, 2), "ALB", "1.5", 2.0, 1.5, 1, "310", 7,
                    (DeclaredValue("MP", 2.0),)),),
        byes=(ByeRecord("H", 2, (5, 6), 8),),
        accelerations=(Acceleration(None, 2.0, 1, 3, 1, 90, (), "250", 9),
                       Acceleration(None, None, 1, 2, 4, 4, (1.0, 0.5), "XXA", 10)),
        prohibited=(ProhibitedPairing(1, None, (1, 2, 3), "260", 11),),
        abnormal=(AbnormalPoints("", None, -1.5, None, (4,), 12),),
        lineups=(LineUp(1, 1, 2, (1, 0, 2), 13),),
        team_byes=(TeamBye(2.0, 2.0, (3, None), 14),),
        forfeited_matches=(ForfeitedMatch("+-", 2, 1, 2, 15),),
        national=(NationalRating("FRA", 1, "w", "A", "Moreau, C", 2200, "BRE", "L01854",
                                 PartialDate("1990/00/00", 1990), 16),),
        extra=(RawLine("comment", "### note", 17), RawLine("layout", "", 18),
               RawLine("unknown", "101 what", 19)),
        source=Source("trf", "trf26", "swiss-manager", "cp1252", "\r\n", True, "x.trf"),
    )

