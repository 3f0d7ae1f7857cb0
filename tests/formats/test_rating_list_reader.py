"""The FIDE players-list reader (trfkit.formats.rating_list) and the comparisons of the
rating-list check (trfkit.validation.rating_list): layouts, periods, names, kinds."""

from __future__ import annotations

from pathlib import Path

import pytest

from trfkit.formats.rating_list import (
    ListedPlayer,
    RatingListError,
    parse_period,
    period_label,
    read_rating_list,
)
from trfkit.model import Header
from trfkit.validation.rating_list import event_kind, names_agree

DATA = Path(__file__).resolve().parents[1] / "data" / "rating_lists"

SOREN = ListedPlayer(90000011, "Ostergard, Soren", "DEN", "m", 1990, (2400, 2380, 2410))


@pytest.mark.parametrize("name", ["players_list_foa.txt", "players_list_xml_foa.xml"])
def test_combined_lists_hold_all_three_kinds(name: str) -> None:
    found = read_rating_list(str(DATA / name), {90000011, 90000033, 12345})
    assert (found.kinds, found.period, found.format) == (
        ("standard", "rapid", "blitz"),
        None,
        name[-3:],
    )
    assert found.players == {
        90000011: SOREN,
        90000033: ListedPlayer(90000033, "Novak, Jan", "CZE", "m", 1985, (1950, None, 1900)),
    }
    assert found.covers({12345}) and not found.covers({90000044})


def test_a_one_kind_list_takes_its_period_from_the_header() -> None:
    found = read_rating_list(str(DATA / "standard_sep25frl.txt"))
    assert (found.kinds, found.period) == (("standard",), (2025, 9))
    assert found.players[90000022] == ListedPlayer(
        90000022, "López, María", "ESP", "w", 2001, (2095, None, None)
    )
    assert found.players[90000066].ratings == (None, None, None)  # FIDE's 0: unrated


def test_a_rapid_list_is_told_by_its_name(tmp_path: Path) -> None:
    rapid = tmp_path / "rapid_oct25frl.txt"
    rapid.write_bytes((DATA / "standard_oct25frl.txt").read_bytes())
    found = read_rating_list(str(rapid), {90000011})
    assert (found.kinds, found.players[90000011].ratings) == (("rapid",), (None, 2400, None))


def test_an_overlong_title_column_shifts_the_ratings_of_its_line(tmp_path: Path) -> None:
    lines = (DATA / "players_list_foa.txt").read_bytes().split(b"\r\n")
    line = lines[1].decode()
    # FIDE's list has a few 163-character lines: OTit runs one column into FOA
    lines[1] = (line[:94] + "SI,FI,LSI,SLI,NAA" + line[111:113] + " " + line[113:]).encode()
    assert len(lines[1]) == 163
    overlong = tmp_path / "players_list_foa.txt"
    overlong.write_bytes(b"\r\n".join(lines))
    assert read_rating_list(str(overlong), {90000011}).players[90000011] == SOREN


def test_the_legacy_layout_without_foa(tmp_path: Path) -> None:
    header = (
        "ID Number      Name                                                         Fed Sex "
        "Tit  WTit OTit           SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
    )
    row = f"{90000011:<15}{'Ostergard, Soren':<61}{'DEN':<4}{'M':<4}{'IM':<5}{'':<20}"
    row += f"{2400:<6}{0:<4}{20:<3}{2380:<6}{0:<4}{20:<3}{2410:<6}{0:<4}{20:<3}{1990:<6}"
    legacy = tmp_path / "players_list.txt"
    legacy.write_text(f"{header}\n{row}\n", encoding="ascii")
    assert read_rating_list(str(legacy)).players == {90000011: SOREN}


def test_xml_entities_and_a_declaration(tmp_path: Path) -> None:
    xml = tmp_path / "list.xml"
    xml.write_bytes(
        b'<?xml version="1.0" encoding="ISO-8859-1"?>\n<playerslist>\n<player><fideid>7</fideid>'
        b"<name>O&apos;Brien, \xc9amon</name><country>IRL</country><sex>M</sex>"
        b"<rating>2001</rating><birthday>0</birthday></player>\n</playerslist>\n"
    )
    found = read_rating_list(str(xml), {7})
    assert found.players[7] == ListedPlayer(
        7, "O'Brien, Éamon", "IRL", "m", None, (2001, None, None)
    )
    assert found.kinds == ("standard",)


def test_an_xml_doctype_is_refused(tmp_path: Path) -> None:
    xml = tmp_path / "list.xml"
    xml.write_bytes(b'<!DOCTYPE x [<!ENTITY a "b">]><playerslist></playerslist>')
    with pytest.raises(RatingListError, match="DOCTYPE"):
        read_rating_list(str(xml))


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("OCT25", (2025, 10)),
        ("standard_sep26frl_xml.zip", (2026, 9)),
        ("players_list_foa_2026-04.txt", (2026, 4)),
        ("players_list_foa.txt", None),
        ("2025-13", None),
    ],
)
def test_periods(text: str, period: tuple[int, int] | None) -> None:
    assert parse_period(text) == period


def test_period_label() -> None:
    assert period_label((2025, 9)) == "SEP25" and period_label((2030, 1)) == "JAN30"


@pytest.mark.parametrize(
    ("written", "listed", "agree"),
    [
        ("CARLSON, Mags", "Carlson, Mags", True),
        ("Mags Carlson", "Carlson, Mags", True),
        ("Østergård, Søren", "Ostergard, Soren", True),
        ("Maria Lopez", "López, María", True),
        ("Müller-Lüdenscheidt, Hans", "Muller Ludenscheidt, Hans", True),
        ("OBrien, Eamon", "O'Brien, Éamon", True),
        ("O’Brien, Eamon", "O'Brien, Eamon", True),
        ("Ostergaard, Soren", "Ostergard, Soren", False),
        ("Lopez, Mario", "López, María", False),
        # a full 33-column TRF field holds the list's longer name cut short
        ("Abcdefghijklmno-Pqrstuv, Wxyzabc", "Abcdefghijklmno-Pqrstuv, Wxyzabcdefg", False),
        ("Abcdefghijklmno-Pqrstuv, Wxyzabcd", "Abcdefghijklmno-Pqrstuv, Wxyzabcdefg", True),
    ],
)
def test_names(written: str, listed: str, agree: bool) -> None:
    assert names_agree(written, listed) is agree


@pytest.mark.parametrize(
    ("header", "kind"),
    [
        (Header(), "standard"),
        (Header(time_control_code="5400+30"), "standard"),
        (Header(time_control_code="40/6000+30:900+30"), "standard"),
        (Header(time_control_code="900+10"), "rapid"),  # 15 min + 60 x 10 s = 25 min
        (Header(time_control_code="180+2"), "blitz"),
        (Header(time_control_code="300+5"), "blitz"),  # 5 min + 60 x 5 s: 10 minutes, still blitz
        (Header(time_control_code="600+1"), "rapid"),  # 11 minutes
        (Header(time_control_code="W300-B240"), "blitz"),
        (Header(time_control="15 min + 10 sec"), "rapid"),
        (Header(time_control="90 min + 30 sec"), "standard"),
        (Header(name="Club Blitz Night"), "blitz"),
        (Header(type_text="Individual: Swiss-System (rapid)"), "rapid"),
        (Header(name="Rapidly Rising Open", time_control="90+30"), "standard"),
    ],
)
def test_the_kind_of_an_event(header: Header, kind: str) -> None:
    assert event_kind(header) == kind


def test_the_header_month_wins_over_the_name_and_the_option_over_both(tmp_path: Path) -> None:
    misnamed = tmp_path / "standard_oct25frl.txt"
    misnamed.write_bytes((DATA / "standard_sep25frl.txt").read_bytes())  # its column: SEP25
    assert read_rating_list(str(misnamed), ()).period == (2025, 9)
    assert read_rating_list(str(misnamed), (), period=(2025, 10)).period == (2025, 10)
    combined = tmp_path / "players_list_foa_2025-11.txt"
    combined.write_bytes((DATA / "players_list_foa.txt").read_bytes())
    assert read_rating_list(str(combined), ()).period == (2025, 11)
