"""TRF reader: header records, TRF26 list and team records, engine lines, layout noise."""

from __future__ import annotations

import json

import pytest
from swiss_edits import cli_run, put, round_col, swiss_lines
from trf_helpers import codes as all_codes
from trf_helpers import p001, read

from trfkit.diagnostics import TrfError
from trfkit.document import Document
from trfkit.formats.trf.reader import read_trf, sniff_trf
from trfkit.model import (
    AbnormalPoints,
    Acceleration,
    ByeRecord,
    ForfeitedMatch,
    HeaderRecord,
    LineUp,
    PartialDate,
    ProhibitedPairing,
    RawLine,
    ScoringSystem,
    Team,
    TeamBye,
)


def codes(doc: Document) -> list[str]:
    """The reader's codes but the T013 "no players" verdict: most tests here read header
    fragments without a 001 line (the verdict itself is tested in test_playerless.py)."""
    return [c for c in all_codes(doc) if c != "T013"]


HEADER16 = [
    "012 Bunratty Masters ",
    "022 Bunratty",
    "032 IRL",
    "042 25.02.2011",
    "052 27.02.2011",
    "062 129 (88)",
    "072 84",
    "082 0",
    "092 Individual: Swiss-System",
    "102 IA Chief, Arbiter",
    "112 First Deputy",
    "112 Second Deputy, Third Deputy",
    "122 90 minutes + 30 seconds",
    "132" + " " * 88 + "11.25.02  11.26.02  11.27.02",
]


def test_trf16_header_fields() -> None:
    doc = read(*HEADER16)
    h = doc.tournament.header
    assert h.name == "Bunratty Masters"
    assert (h.city, h.federation) == ("Bunratty", "IRL")
    assert h.start_date == PartialDate("25.02.2011", 2011, 2, 25)
    assert h.end_date == PartialDate("27.02.2011", 2011, 2, 27)
    assert (h.players_declared, h.players_played, h.rated_declared, h.teams_declared) == (
        129,
        88,
        84,
        0,
    )
    assert h.type_text == "Individual: Swiss-System"
    assert h.chief_arbiter == "IA Chief, Arbiter"
    assert h.deputy_arbiters == ("First Deputy", "Second Deputy, Third Deputy")
    assert h.time_control == "90 minutes + 30 seconds"
    # 132 in YY.DD.MM (ICU files): settled by the 042/052 range.
    assert [(d.year, d.month, d.day) for d in h.round_dates if d] == [
        (2011, 2, 25),
        (2011, 2, 26),
        (2011, 2, 27),
    ]
    assert codes(doc) == ["T111"]  # the "(88)" of 062


def test_header_records_are_verbatim_and_in_order() -> None:
    doc = read(*HEADER16, "XXR 3", "XXZ 4 5")
    records = doc.tournament.header.records
    assert [r.code for r in records] == [line[:3] for line in HEADER16] + ["XXR", "XXZ"]
    assert records[0] == HeaderRecord("012", "Bunratty Masters ", 1)  # trailing blank kept
    assert records[-1] == HeaderRecord("XXZ", "4 5", 16)


def test_132_yy_mm_dd_and_empty_132() -> None:
    dates = read(
        "042 2024/11/23", "052 2024/11/24", "132" + " " * 88 + "24/11/23  24/11/24"
    ).tournament
    assert dates.header.round_dates == (
        PartialDate("24/11/23", 2024, 11, 23),
        PartialDate("24/11/24", 2024, 11, 24),
    )
    doc = read("132", "112")
    assert doc.tournament.header.round_dates == () and doc.tournament.header.deputy_arbiters == ()
    assert codes(doc) == []


def test_132_off_the_grid_is_read_in_order_and_reported() -> None:
    doc = read("132" + " " * 89 + "25/09/13")
    assert doc.tournament.header.round_dates == (PartialDate("25/09/13", 2025, 9, 13),)
    assert codes(doc) == ["T108"]


@pytest.mark.parametrize(
    "raw, parts",
    [
        ("May 29, 2020", (2020, 5, 29)),
        ("11.09.26", (2011, 9, 26)),
        ("28. 07. 2005", (2005, 7, 28)),
        ("2008-02-01", (2008, 2, 1)),
        ("24/09/2010", (2010, 9, 24)),
    ],
)
def test_start_date_styles(raw: str, parts: tuple[int, int, int]) -> None:
    d = read(f"042 {raw}").tournament.header.start_date
    assert d is not None and (d.year, d.month, d.day) == parts and d.raw == raw


def test_invalid_start_date() -> None:
    doc = read("042 sometime in May")
    assert doc.tournament.header.start_date == PartialDate("sometime in May")
    assert [(d.code, d.column) for d in doc.diagnostics if d.code != "T013"] == [("T106", 5)]


def test_not_numeric_header_value() -> None:
    doc = read("062 many")
    assert doc.tournament.header.players_declared is None
    assert codes(doc) == ["T103"]


def test_duplicate_singleton_record() -> None:
    doc = read("012 First", "012 Second", p001())
    assert doc.tournament.header.name == "First"
    (d,) = doc.diagnostics
    assert (d.code, d.line, d.severity.value) == ("T109", 2, "error")
    assert len(doc.tournament.header.records) == 2


def test_rounds_colour_and_engine_lines() -> None:
    h = read("XXR 9", "XXC white1").tournament.header
    assert (h.rounds, h.initial_color) == (9, "w")
    h = read("XXC rank black1", "XXR 7").tournament.header
    assert (h.rounds, h.initial_color) == (7, "b")
    # The TRF26 records win over the engine lines wherever they appear.
    h = read("XXR 9", "XXC white1", "142 11", "152 B").tournament.header
    assert (h.rounds, h.initial_color) == (11, "b")


def test_bad_initial_colour() -> None:
    doc = read("152 X")
    assert doc.tournament.header.initial_color == ""
    assert codes(doc) == ["T105"]


def test_162_scoring_system() -> None:
    s = read("162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0").tournament.header.scoring
    assert (s.win, s.draw, s.loss, s.zero_bye, s.pab, s.forfeit_win, s.half_bye, s.source) == (
        3.0,
        1.0,
        0.0,
        0.0,
        3.0,
        3.0,
        1.0,
        "162",
    )
    s = read("162  P 5.0").tournament.header.scoring  # Sharly-Chess: only the PAB
    assert (s.win, s.pab) == (1.0, 5.0)


def test_xxs_scoring_system() -> None:
    doc = read("XXS WW=3 BW=3 WD=1 BD=1", "XXS ZPB=0.5 PAB=2.0")
    s = doc.tournament.header.scoring
    assert (s.win, s.draw, s.zero_bye, s.pab, s.forfeit_win, s.source) == (
        3.0,
        1.0,
        0.5,
        2.0,
        1.0,
        "XXS",
    )
    assert codes(doc) == []


def test_xxs_shortcuts_and_lost_codes() -> None:
    doc = read("XXS W=2 D=1 WW=2 BW=1.5")
    s = doc.tournament.header.scoring
    assert (s.win, s.full_bye, s.forfeit_win, s.draw, s.half_bye) == (1.5, 2.0, 2.0, 1.0, 1.0)
    assert codes(doc) == ["T602"]  # a win with White worth more than with Black


def test_bb_scoring_system() -> None:
    s = read("BBW  3.0", "BBD  1.0", "BBZ  0.0").tournament.header.scoring
    assert (s.win, s.draw, s.pab, s.source) == (3.0, 1.0, 3.0, "BB")
    assert read("BBW  3.0", "BBU  1.0").tournament.header.scoring.pab == 1.0


def test_scoring_precedence_162_over_xxs() -> None:
    s = read("XXS WW=2 BW=2", "162  W 3.0").tournament.header.scoring
    assert (s.win, s.source) == (3.0, "162")
    assert read("012 x").tournament.header.scoring == ScoringSystem()


@pytest.mark.parametrize(
    "line", ["362 TW 2.0   TD 1.0   TL 0.0", "362 TW  2.0   TD  1.0   TL  0.0"]
)
def test_362_both_spacings(line: str) -> None:
    m = read(line).tournament.header.match_scoring
    assert m is not None and (m.win, m.draw, m.loss, m.source) == (2.0, 1.0, 0.0, "362")
    m = read("362 TW 3.0   TD 1.0   TL 0.0").tournament.header.match_scoring
    assert m is not None and m.win == 3.0


def test_trf26_header_records() -> None:
    doc = read(
        "172 FRA FIDON",
        "182 Sharly Chess",
        "192 FIDE_DUTCH_2025",
        "202 EDET/P,EMGSB/C1/P,BH:MP/C1/P",
        "212 PTS,WIN,BH,AOB",
        "222 40/6000+30:900+30",
        "352 WBWB",
    )
    h = doc.tournament.header
    assert h.rank_method == "FRA FIDON"
    assert h.pairing_controller == "Sharly Chess"
    assert h.type_code == "FIDE_DUTCH_2025"
    assert h.tiebreaks == ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P")
    assert h.standings_tiebreaks == ("PTS", "WIN", "BH", "AOB")
    assert h.time_control_code == "40/6000+30:900+30"
    assert h.board_colors == "WBWB"
    assert doc.tournament.source.edition == "trf26"
    assert codes(doc) == []


def test_172_without_federation_is_reported() -> None:
    doc = read("172 NIDOF")
    assert doc.tournament.header.rank_method == "NIDOF"
    assert codes(doc) == ["T111"]


def test_013_lines_become_teams_with_their_members() -> None:
    t = read(f"013 {'Team A':<32}   1    2   13  104", f"013 {'Team B':<32}   3").tournament
    assert t.teams == (
        Team(1, "Team A", (1, 2, 13, 104), source="013", line=1),
        Team(2, "Team B", (3,), source="013", line=2),
    )


def test_team_310_and_duplicate_013() -> None:
    line310 = (
        "310   1 India                            IND     2486   15.0   28.0  11"
        "     1    5   15   28   44"
    )
    doc = read(line310, "013 India                              1    5   15   28   44")
    (team,) = doc.tournament.teams
    assert team == Team(
        1,
        "India",
        (1, 5, 15, 28, 44),
        nickname="IND",
        strength="2486",
        match_points=15.0,
        game_points=28.0,
        rank=11,
        source="310",
        line=1,
    )
    # no second team, but the line is kept for TRF16 readers of a TRF26 output (and JSON)
    assert [(r.kind, r.text, r.line) for r in doc.tournament.extra] == [
        ("legacy", "013 India                              1    5   15   28   44", 2)
    ]
    assert codes(doc) == []


def test_310_left_aligned_number() -> None:
    (team,) = read("310 1   Team1" + " " * 60 + "1").tournament.teams
    assert (team.number, team.name, team.members) == (1, "Team1", (1,))


def test_240_to_330_records_are_read_into_their_model_records() -> None:
    t = read(
        "240 H   2    4   39",
        "250  2.0        1   1    1    2",
        "260   1  14    1   11   16",
        "300   1  16   4  242    0  243  244",
        "320  1.0  2.0          50  49      46",
        "330 +-   4  23  33",
    ).tournament
    assert t.byes == (ByeRecord("H", 2, (4, 39), line=1),)
    assert t.accelerations == (Acceleration(2.0, None, 1, 1, 1, 2, line=2),)
    assert t.prohibited == (ProhibitedPairing(1, 14, (1, 11, 16), line=3),)
    assert t.lineups == (LineUp(1, 16, 4, (242, 0, 243, 244), line=4),)
    assert t.team_byes == (TeamBye(1.0, 2.0, (None, None, 50, 49, None, 46), line=5),)
    assert t.forfeited_matches == (ForfeitedMatch("+-", 4, 23, 33, line=6),)


@pytest.mark.parametrize(
    "line, layout_info",
    [
        ("299           2.0    1    4", False),  # TRF26 text layout
        ("299 +  2.0  2.5   1    1", True),  # TEC sample, one column to the left
    ],
)
def test_299_both_layouts(line: str, layout_info: bool) -> None:
    doc = read(line)
    (a,) = doc.tournament.abnormal
    if layout_info:
        assert a == AbnormalPoints("+", 2.0, 2.5, 1, (1,), line=1)
    else:
        assert a == AbnormalPoints("", None, 2.0, 1, (4,), line=1)
    assert codes(doc) == (["T111"] if layout_info else [])


def test_330_alias_and_bad_result() -> None:
    doc = read("330 WL   4  23  33", "330 ??   4  23  33")
    assert [f.result for f in doc.tournament.forfeited_matches] == ["+-", "??"]
    assert codes(doc) == ["T111", "T104"]


def test_xxa_and_xxp_are_read_as_javafo_acceleration_and_prohibition() -> None:
    t = read("XXA    7  1.0  1.0  0.5", "XXP 3 17 22").tournament
    assert t.accelerations == (Acceleration(None, None, 1, 3, 7, 7, (1.0, 1.0, 0.5), "XXA", 1),)
    assert t.prohibited == (ProhibitedPairing(None, None, (3, 17, 22), "XXP", 2),)
    assert t.source.dialect == "javafo"


def test_national_rating_line() -> None:
    doc = read("FRA   14 m  A Test0014 Player0014               2700 BRE      L01854 1990/00/00")
    (n,) = doc.tournament.national
    assert (
        n.federation,
        n.start,
        n.sex,
        n.category,
        n.name,
        n.rating,
        n.origin,
        n.national_id,
    ) == ("FRA", 14, "m", "A", "Test0014 Player0014", 2700, "BRE", "L01854")
    assert n.birth == PartialDate("1990/00/00", 1990, None, None)


def test_comments_crosstables_and_layout_lines() -> None:
    lines = [
        "### a comment",
        "# a non-standard comment",
        "",
        "         1         2",
        "1234567890123456789012",
        "DDD SSSS sTTT NNNN",
        "801  1 IND   15 28.0  14 b =0=1 1234",
        "802   1 IND     15   28.0   14 b  2.0",
        "ACC 1 2",
    ]
    doc = read(*lines)
    kinds = [(r.kind, r.line) for r in doc.tournament.extra]
    assert kinds == [
        ("comment", 1),
        ("comment", 2),
        ("layout", 3),
        ("layout", 4),
        ("layout", 5),
        ("layout", 6),
        ("crosstable", 7),
        ("crosstable", 8),
        ("vendor", 9),
    ]
    assert all(r.text == lines[r.line - 1] for r in doc.tournament.extra)
    assert codes(doc) == ["T601"] * 5  # '#' comment, two rulers, legend, vendor line
    assert all(d.severity.value == "info" for d in doc.diagnostics if d.code != "T013")


def test_unknown_numeric_code_is_an_error_and_kept() -> None:
    doc = read("012 x", "101    7      Player 7", p001())
    assert doc.tournament.extra == (RawLine("unknown", "101    7      Player 7", 2),)
    (d,) = doc.diagnostics
    assert (d.code, d.line, d.column, d.end_column, d.severity.value) == ("T101", 2, 1, 3, "error")


def test_strict_raises_the_first_error() -> None:
    with pytest.raises(TrfError) as info:
        read("012 x", "101 unknown", "062 many", p001(), strict=True)
    assert info.value.diagnostic.code == "T101"
    read("012 x", "# info only", p001(), strict=True)  # info diagnostics do not raise


def test_not_a_trf_file() -> None:
    doc = read("hello world", "this is prose")
    assert all_codes(doc) == ["T006"]  # one verdict, not one T601 per line


def test_the_source_records_format_edition_dialect_encoding_newline_bom_and_path() -> None:
    data = b"\xef\xbb\xbf012 Open\r\nXXR 5\r\n" + p001().encode() + b"\r\n"
    src = read_trf(data, path="in.trf").tournament.source
    assert (src.format, src.edition, src.dialect, src.encoding, src.newline, src.bom, src.path) == (
        "trf",
        "trf16",
        "javafo",
        "utf-8",
        "\r\n",
        True,
        "in.trf",
    )


@pytest.mark.parametrize(
    "lines, dialect",
    [
        (["022 https://lichess.org/swiss/x", "032 Lichess"], "lichess"),
        (["BBW  1.0"], "bbpairings"),
        (["062 12 (10)"], "swiss-manager"),
        (["1234567890123456789"], "swiss-manager"),
        (["XXR 5"], "javafo"),
        (["012 plain"], "fide"),
    ],
)
def test_dialect_guess(lines: list[str], dialect: str) -> None:
    assert read(*lines).tournament.source.dialect == dialect


def test_sniff() -> None:
    assert sniff_trf(b"012 Open\n001    1")
    assert sniff_trf(b"\xef\xbb\xbf012 Open")
    assert sniff_trf(b"XXR 9\r\n")
    assert not sniff_trf(b'{"players": []}')
    assert not sniff_trf(b"<?xml version='1.0'?>")


def test_garbage_is_read_into_located_diagnostics_of_known_codes() -> None:
    """Random record text and random bytes never raise: each read gives a Document
    whose every diagnostic is a code trfkit documents, located on a line of the input."""
    import random

    from trfkit.diagnostic_codes import CODES

    rng = random.Random(7)
    alphabet = "0123456789 wb-=+HFUZ.#/XBT\t\r\n\xe9"
    for _ in range(200):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 400)))
        for data in (
            ("001" + text).encode("utf-8", "replace"),
            ("013" + text).encode(),
            rng.randbytes(rng.randrange(0, 300)),
        ):
            doc = read_trf(data)
            lines = max(1, data.count(b"\n") + data.count(b"\r") + 1)
            for d in doc.diagnostics:
                assert d.code in CODES, d
                assert 1 <= d.line <= lines and d.column >= 1, (d, data)


def test_sniff_utf16() -> None:
    assert sniff_trf("012 Open\r\n".encode("utf-16"))
    doc = read_trf("012 Zürich\r\n".encode("utf-16"))
    assert doc.tournament.header.name == "Zürich" and doc.tournament.source.encoding == "utf-16"


def test_reader_quirks_read_cleanly_and_losslessly() -> None:
    lines = swiss_lines()
    at = {int(x[4:8]): i for i, x in enumerate(lines) if x.startswith("001")}
    lines[at[1]] = put(lines[at[1]], 70, "1990.04.12")
    lines[at[2]] = put(lines[at[2]], 70, "1987      ")
    lines[at[3]] = put(lines[at[3]], 70, "05.06.2001")
    lines[at[3]] = put(lines[at[3]], round_col(5), "   9 - +")  # colourless forfeit
    lines[at[9]] = put(lines[at[9]], round_col(5), "   3 - -")
    lines[at[4]] = put(lines[at[4]], 10, "f")
    lines[at[5]] = put(lines[at[5]], 58, "          0")
    lines[5] = "062 10 (9)"
    lines.insert(11, "112 Second, Deputy")
    lines.append(lines.pop(at[3]))  # 001 lines out of order
    lines.insert(3, "")
    data = "\r".join(lines).encode()  # CR line endings
    checked = cli_run("check", "-", stdin=data)
    assert checked.exit_code == 0, checked.stdout
    doc = json.loads(cli_run("convert", "-", "--to", "json", stdin=data).stdout)
    players = {p["start"]: p for p in doc["players"]}
    assert [players[n]["birth"]["iso"] for n in (1, 2, 3)] == ["1990-04-12", "1987", "2001-06-05"]
    assert (players[4]["sex"], players[5]["fide_id"]) == ("w", None)
    direct = cli_run("convert", "-", "--to", "trf", stdin=data).stdout_bytes
    assert b"\n" not in direct
    again = cli_run("convert", "-", "--to", "trf", stdin=direct).stdout_bytes
    as_json = cli_run("convert", "-", "--to", "json", stdin=data).stdout_bytes
    via_json = cli_run("convert", "-", "--to", "trf", stdin=as_json).stdout_bytes
    assert again == direct == via_json
