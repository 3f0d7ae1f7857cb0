"""TRF writer: fixed columns, file order, newlines, idempotence, edition conversion."""

from __future__ import annotations

from pathlib import Path

import pytest
from trf_helpers import p001, read

from trfkit.formats.trf.reader import loads_trf, read_trf
from trfkit.formats.trf.writer import conversion_losses, write_trf, write_trf16, write_trf26
from trfkit.model import (
    Header,
    PartialDate,
    Player,
    RoundEntry,
    ScoringSystem,
    Source,
    Team,
    Tournament,
)

DATA = Path(__file__).parents[1] / "data" / "trf"
FIXTURES = sorted(DATA.glob("*.trf"))


def load(name: str) -> Tournament:
    return read_trf((DATA / name).read_bytes(), path=name).tournament


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
@pytest.mark.parametrize("writer", [write_trf, write_trf16, write_trf26])
def test_writer_is_idempotent(path: Path, writer: object) -> None:
    first = writer(read_trf(path.read_bytes()).tournament)  # type: ignore[operator]
    second = writer(read_trf(first.encode("utf-8")).tournament)  # type: ignore[operator]
    assert second == first


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_round_trip_keeps_the_model(path: Path) -> None:
    t = read_trf(path.read_bytes()).tournament
    again = read_trf(write_trf(t).encode("utf-8")).tournament
    assert [_player(p) for p in again.players] == [_player(p) for p in t.players]
    assert [(x.number, x.name, x.members) for x in again.teams] == [
        (x.number, x.name, x.members) for x in t.teams
    ]
    assert again.header.records == t.header.records
    assert [(r.kind, r.text) for r in again.extra] == [(r.kind, r.text) for r in t.extra]
    assert len(again.byes) == len(t.byes) and len(again.abnormal) == len(t.abnormal)
    assert again.national == t.national


def _player(p: Player) -> tuple[object, ...]:
    """Everything but the source line and the raw spelling of the birth date."""
    return (
        p.start,
        p.name,
        p.sex,
        p.title,
        p.rating,
        p.federation,
        p.fide_id,
        p.birth and p.birth.iso,
        p.points,
        p.rank,
        p.rounds,
    )


def test_player_line_columns() -> None:
    p = Player.build(
        start=12,
        name="Polgar, Judit",
        sex="w",
        title="WGM",
        rating=2735,
        federation="HUN",
        fide_id=700070,
        birth=PartialDate("1976/07/23", 1976, 7, 23),
        points=6.5,
        rank=3,
        rounds=(
            RoundEntry(14, "b", "1"),
            RoundEntry(None, "", "H"),
            RoundEntry(None, "", ""),
            RoundEntry(7, "", "-"),
            RoundEntry(9, "w", " "),
        ),
    )
    text = write_trf(Tournament(players=(p,)))
    blocks = ["  14 b 1", "0000 - H", " " * 8, "   7 - -", "   9 w"]
    assert text == (
        "001   12 wWGM Polgar, Judit                     2735 HUN      700070 1976/07/23  6.5    3"
        + "".join("  " + b for b in blocks)
        + "\n"
    )


def test_tournament_built_in_code() -> None:
    header = Header(
        name="Club Open",
        city="Oslo",
        federation="NOR",
        start_date=PartialDate("2025/01/04", 2025, 1, 4),
        rounds=5,
        initial_color="w",
        deputy_arbiters=("A", "B"),
        round_dates=(PartialDate("25/01/04", 2025, 1, 4),),
        scoring=ScoringSystem(
            win=3.0,
            forfeit_win=3.0,
            full_bye=3.0,
            pab=3.0,
            draw=1.0,
            half_bye=1.0,
            unknown=1.0,
            source="162",
        ),
    )
    t = Tournament(header=header, players=(Player(start=1, name="Solo, Han", points=0.0),))
    assert write_trf(t) == (
        "012 Club Open\n022 Oslo\n032 NOR\n042 2025/01/04\n112 A\n112 B\n"
        "132" + " " * 88 + "25/01/04\n"
        "XXR 5\nXXC white1\n"
        "XXS WW=3.0 BW=3.0 WD=1.0 BD=1.0 WL=0.0 BL=0.0 ZPB=0.0 HPB=1.0 FPB=3.0 PAB=3.0 "
        "FW=3.0 FL=0.0\n"
        "001    1      Solo, Han" + " " * 58 + "0.0\n"
    )
    text26 = write_trf26(t)
    assert "142 5\n152 W\n162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0\n" in text26
    assert read_trf(text26.encode()).tournament.header.scoring == header.scoring


def test_layout_lines_and_sections_keep_their_place() -> None:
    path = DATA / "rich16.trf"
    t = read_trf(path.read_bytes()).tournament
    out = write_trf(t).split("\r\n")
    src = path.read_bytes().decode("utf-8").split("\r\n")
    assert out[15:20] == src[15:20]  # blank, rulers, legend, blank
    assert out[-4:] == src[-4:]  # blank, 013 lines after the players, final empty
    assert [line[:8] for line in out[20:27]] == [
        line[:8] for line in src[20:27]
    ]  # unsorted 001 kept


def test_normalisation_of_quirks() -> None:
    t = load("rich16.trf")
    out = write_trf(t, newline="\n").splitlines()
    greta = next(line for line in out if "Greta" in line)
    assert greta[9:13] == "wWFM" and greta[69:79] == "1969/12/06"
    larsen = next(line for line in out if "Larsen" in line)
    assert larsen[10:13] == " GM" and larsen.endswith("0000 - =")
    smith = next(line for line in out if "Smith" in line)
    assert smith[48:52] == "    " and smith[57:68] == " " * 11  # rating 0000 and FIDE id 0: blank
    late = next(line for line in out if "Late, Entry" in line)
    assert late.endswith("0000 - -  0000 - +  0000 - -")  # extra block after 142 dropped


@pytest.mark.parametrize(
    "newline, expected",
    [(None, "\r\n"), ("\n", "\n"), ("\r", "\r"), ("crlf", "\r\n"), ("lf", "\n"), ("cr", "\r")],
)
def test_newline_option(newline: str | None, expected: str) -> None:
    t = load("rich16.trf")
    text = write_trf(t, newline=newline)
    assert text.count(expected) == len(text.replace("\r\n", "\n").replace("\r", "\n").splitlines())
    assert text.endswith(expected)


def test_newline_default_for_models_without_source_is_lf() -> None:
    assert write_trf(Tournament(header=Header(name="x"))) == "012 x\n"


def test_cr_only_input_is_written_back_with_cr() -> None:
    raw = (DATA / "cr_only.trf").read_bytes()
    assert write_trf(read_trf(raw).tournament).encode() == raw


def test_cp1252_input_is_written_as_utf8() -> None:
    text = write_trf(load("cp1252_crlf.trf"))
    assert "012 Château Open\r\n" in text
    assert "Bérnard, José" in text


def test_trf16_to_trf26() -> None:
    doc = read(
        "012 x",
        "XXC rank white1",
        "XXR 7",
        "XXS WW=3 BW=3 FW=3 FPB=3 WD=1 BD=1 HPB=1 PAB=3",
        f"013 {'Team':<32}   1",
        p001(1),
    )
    text = write_trf26(doc.tournament)
    lines = text.splitlines()
    assert lines[:5] == [
        "012 x",
        "152 W",
        "XXC rank",
        "142 7",
        "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0",
    ]
    assert lines[5].startswith("310   1 Team") and lines[5][73:77] == "   1"
    back = read_trf(text.encode()).tournament
    assert (
        back.header.scoring.win == 3.0
        and back.header.rounds == 7
        and back.header.initial_color == "w"
    )
    assert back.source.edition == "trf26"


def test_xxs_that_162_cannot_express_is_kept() -> None:
    doc = read("XXS WW=1 BW=1 FW=0.5")  # a forfeit win worth less than a win
    assert write_trf26(doc.tournament) == "XXS WW=1 BW=1 FW=0.5\n"


def test_trf26_to_trf16() -> None:
    t = load("rich26.trf")
    text = write_trf16(t)
    lines = text.splitlines()
    assert "XXR 2" in lines and "XXC white1" in lines
    assert any(line.startswith("XXS WW=3.0 BW=3.0") for line in lines)
    assert not any(line[:3] in ("142", "152", "162", "310") for line in lines)
    assert f"013 {'Lyon':<32}   1    2" in lines
    assert "192 FIDE_TEAM_BAKU" in lines  # no TRF16 counterpart: kept
    back = read_trf(text.encode()).tournament
    assert (
        back.header.scoring.win == 3.0
        and back.header.rounds == 2
        and back.header.initial_color == "w"
    )
    losses = conversion_losses(t, "trf16")
    assert {d.code for d in losses} == {"T603"}
    assert any("nickname" in d.message for d in losses)
    assert conversion_losses(t, "trf26") == ()


def test_write_trf_keeps_the_edition() -> None:
    t16 = load("rich16.trf")
    assert "142 3" in write_trf(t16)  # Swiss-Manager writes 142 in TRF16: kept
    assert "XXR" not in write_trf(t16)
    t26 = load("rich26.trf")
    assert write_trf(t26) == write_trf26(t26)


def test_trf26_teams_from_013_stay_013_in_same_edition() -> None:
    doc = read("362 TW 2.0   TD 1.0   TL 0.0", f"013 {'A':<32}   1    2")
    assert doc.tournament.source.edition == "trf26"
    assert write_trf(doc.tournament).splitlines()[1].startswith("013 A")


def test_299_is_written_in_the_trf26_text_layout() -> None:
    out = write_trf(load("rich26.trf")).splitlines()
    rows = [line for line in out if line.startswith("299")]
    assert rows == ["299 +   1.0   0.5    1    3", "299 -   1.0   0.5    2    4"]


def test_model_objects_without_lines_go_after_their_section() -> None:
    t = read("012 x", p001(1), "XXR 1").tournament
    extra = Player(start=2, name="New, Player")
    team = Team(1, "T", (1, 2))
    from dataclasses import replace

    out = write_trf(replace(t, players=t.players + (extra,), teams=(team,))).splitlines()
    assert [line[:3] for line in out] == ["012", "001", "001", "XXR", "013"]
    assert out[2].startswith("001    2      New, Player")


def test_empty_model_writes_nothing() -> None:
    assert write_trf(Tournament()) == ""


def test_loads_then_write_is_stable_for_source_with_bom() -> None:
    t = loads_trf("\ufeff012 A\n").tournament
    assert t.source.bom and write_trf(t) == "012 A\n"


def test_source_default_edition() -> None:
    t = Tournament(header=Header(type_code="FIDE_DUTCH_2025", rounds=3), source=Source())
    assert write_trf(t) == "142 3\n192 FIDE_DUTCH_2025\n"


_FIELD_CHARS = "0123456789 wbWB-=+HFUZhfuzdlx.,/#é"


def test_writer_idempotent_on_fuzzed_lines() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    line = st.builds(
        lambda code, body: code + body,
        st.sampled_from(
            [
                "001 ",
                "013 ",
                "240 ",
                "250 ",
                "260 ",
                "299 ",
                "300 ",
                "310 ",
                "320 ",
                "330 ",
                "XXA ",
                "XXP ",
                "FRA ",
                "132 ",
                "162 ",
                "362 ",
                "062 ",
                "042 ",
            ]
        ),
        st.text(alphabet=_FIELD_CHARS, max_size=160),
    )

    @settings(max_examples=150, deadline=None)
    @given(st.lists(line, max_size=6))
    def check(lines: list[str]) -> None:
        first = write_trf(loads_trf("\n".join(lines)).tournament)
        second = write_trf(loads_trf(first).tournament)
        assert second == first

    check()


def test_trf26_conversion_normalises_dates() -> None:
    doc = read("042 25.02.2011", "052 sometime", "132" + " " * 88 + "11.25.02  11.26.02")
    lines = write_trf26(doc.tournament).splitlines()
    assert lines[0] == "042 2011/02/25"
    assert lines[1] == "052 sometime"  # unreadable: kept as written
    assert lines[2] == "132" + " " * 88 + "11/02/25  11/02/26"
    assert write_trf16(doc.tournament).splitlines()[0] == "042 25.02.2011"  # same edition: verbatim


def test_missing_points_are_written_from_the_results() -> None:
    # Native Swiss-Manager files and starting lists declare no points; TRF needs the field.
    win = RoundEntry(2, "w", "1")
    loss = RoundEntry(1, "b", "0")
    t = Tournament(
        header=Header(name="x", scoring=ScoringSystem(win=3.0, draw=1.0, source="162")),
        players=(
            Player.build(start=1, name="A", rounds=(win, RoundEntry(None, "", "H"))),
            Player.build(start=2, name="B", rounds=(loss, RoundEntry(None, "", "U")), points=9.0),
        ),
    )
    lines = [line for line in write_trf(t).splitlines() if line.startswith("001")]
    assert lines[0][80:84] == " 3.5"  # 3 for the win, 0.5 for the half-point bye
    assert lines[1][80:84] == " 9.0"  # declared points are written as declared
    again = loads_trf(write_trf(t)).tournament
    assert [p.points for p in again.players] == [3.5, 9.0]


def test_a_missing_start_number_stays_missing() -> None:
    """A blank start number (T102) is start 0 in the model; written as "   0" it read back
    without T102, so a conversion hid the error and write-read-write was not stable."""
    text = (
        "012 t\n"
        "001           Player 1                                                           3.0\n"
        "001    2      Player 2                               GER                         0.0    2\n"
    )
    doc = loads_trf(text, path="blank.trf")
    assert [d.code for d in doc.diagnostics] == ["T102"]
    written = write_trf(doc.tournament)
    assert written.splitlines()[1][:10] == "001       "
    again = loads_trf(written, path="again.trf")
    assert [d.code for d in again.diagnostics] == ["T102"]
    assert write_trf(again.tournament) == written
