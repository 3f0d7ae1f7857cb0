"""chess-results HTML pages and Excel exports: small tables written here, plus saved pages."""

from __future__ import annotations

import datetime
import io
import sys
from pathlib import Path

import pytest
from cr_fixtures import page

from trfkit.formats import detect, read
from trfkit.formats.chessresults.excel import BACKENDS, backend, read_xlsx, sheet_rows
from trfkit.formats.chessresults.html_page import read_crhtml
from trfkit.formats.chessresults.table import berger, legend_code
from trfkit.validation.driver import validate

HTML_DIR = Path(__file__).resolve().parents[3] / "shared" / "corpus" / "chess-results" / "html"


# Same four-player event as tests/formats/test_crxml.py, German headers, "s" for Black:
# scores 2, 0, ½, 1½; BH ½, 3½, 3½, ½; SB ½, 0, ¾, ¼.
GERMAN = [
    ["Runde 2 am 2026/04/02"],
    ["Nr.", "", "Name", "Elo", "Land", "1.Rd", "2.Rd", "Pkt.", "Rg.", "Wtg1", "Wtg2"],
    ["1", "GM", "Alpha Anna", "2300", "AUT", "2w1", "3w1", "2", "1", "0,5", "0,50"],
    ["2", "", "Beta Bert", "2100", "GER", "1s0", "4w0", "0", "4", "3,5", "0,00"],
    ["3", "", "Gamma Gus", "", "AUT", "4w½", "1s0", "0,5", "3", "3,5", "0,75"],
    ["4", "IM", "Delta Dora", "1800", "SLO", "3s½", "2s1", "1,5", "2", "0,5", "0,25"],
    ["", "", "", "", "", "", "", "", "", "", ""],
]
GERMAN_LEGEND = (
    "Anmerkung:<br/>Wtg1: Buchholz Tie-Breaks (variabel with parameter)<br/>"
    "Wtg2: Sonneborn-Berger-Tie-Break variable"
)


def rounds_of(doc, start):  # type: ignore[no-untyped-def]
    return [(e.opponent, e.color, e.result) for e in doc.tournament.by_start()[start].rounds]


def test_german_crosstable_header_found_and_read() -> None:
    doc = read_crhtml(
        page(GERMAN, GERMAN_LEGEND, view="Startranglisten-Kreuztabelle"), path="de.html"
    )
    t = doc.tournament
    assert t.header.name == "Spring Open" and t.header.rounds == 2
    assert [
        (p.start, p.name, p.title, p.rating, p.federation, p.points, p.rank) for p in t.players
    ] == [
        (1, "Alpha Anna", "GM", 2300, "AUT", 2.0, 1),
        (2, "Beta Bert", "", 2100, "GER", 0.0, 4),
        (3, "Gamma Gus", "", None, "AUT", 0.5, 3),
        (4, "Delta Dora", "IM", 1800, "SLO", 1.5, 2),
    ]
    assert rounds_of(doc, 4) == [(3, "b", "="), (2, "b", "1")]
    assert [(d.code, d.value, d.slot) for d in t.players[2].declared] == [
        ("BH", 3.5, "WTG1"),
        ("SB", 0.75, "WTG2"),
    ]
    assert t.header.tiebreaks == ("BH", "SB")
    assert [p.line for p in t.players] == [6, 7, 8, 9]
    assert [
        d for d in validate(doc) if d.code.startswith(("T3", "T4", "T5")) and d.code != "T403"
    ] == []


def test_declared_disagreement_is_reported_with_both_values() -> None:
    rows = [r[:] for r in GERMAN]
    rows[3][9] = "4"  # Beta's Buchholz is 3.5
    found = [d for d in validate(read_crhtml(page(rows, GERMAN_LEGEND))) if d.code == "T503"]
    assert len(found) == 1 and "declared BH (WTG1) 4, computed 3.5" in found[0].message
    assert found[0].model_path == "players[1].declared[0]"


def test_byes_and_unfinished_cells() -> None:  # "3b": paired with 3, no result yet
    rows = [
        ["No.", "", "Name", "1.Rd", "2.Rd", "3.Rd"],
        ["1", "", "A", "-1", "2w1", "3b"],
        ["2", "", "B", "-½", "1b0", "-0"],
        ["3", "", "C", "-1", "-1", "1w"],
        ["4", "", "D", "0", "", "9w1"],
    ]
    doc = read_crhtml(page(rows))
    assert rounds_of(doc, 1) == [(None, "", "F"), (2, "w", "1"), (3, "b", " ")]  # round 3: paired
    assert rounds_of(doc, 2) == [(None, "", "H"), (1, "b", "0"), (None, "", "Z")]
    assert rounds_of(doc, 3) == [(None, "", "F"), (None, "", "U"), (1, "w", " ")]
    assert rounds_of(doc, 4) == [(None, "", "Z")]
    assert sorted(d.code for d in doc.diagnostics) == ["T623", "T630"]


def test_round_robin_grid_uses_berger_rounds() -> None:
    rows = [
        ["No.", "", "Name", "Rtg", "1", "2", "3", "4", "Pts.", "Rk."],
        ["1", "", "A", "2000", "*", "1", "1", "1", "3", "1"],
        ["2", "", "B", "1900", "0", "*", "½", "1", "1,5", "2"],
        ["3", "", "C", "1800", "0", "½", "*", "+", "1,5", "3"],
        ["4", "", "D", "1700", "0", "0", "-", "*", "0", "4"],
    ]
    doc = read_crhtml(page(rows))
    assert rounds_of(doc, 1) == [(4, "w", "1"), (2, "w", "1"), (3, "b", "1")]
    assert rounds_of(doc, 3) == [(2, "b", "="), (4, "b", "+"), (1, "w", "0")]
    assert doc.tournament.header.rounds == 3 and "T111" in [d.code for d in doc.diagnostics]
    assert [d for d in validate(doc) if d.code.startswith(("T30", "T4")) and d.code != "T403"] == []


def test_berger_tables_match_fide() -> None:
    six = berger(6)
    assert six[frozenset((1, 6))] == (1, 1) and six[frozenset((4, 6))] == (2, 6)
    assert six[frozenset((1, 2))] == (2, 1) and six[frozenset((3, 5))] == (2, 5)
    assert len(six) == 15 and len(berger(5)) == 10


def test_pages_without_a_player_table_say_so() -> None:
    rows = [
        ["Bo.", "No.", "", "White", "Rtg", "Pts.", "Result", "Pts.", "", "Black", "Rtg", "No."],
        ["1", "1", "", "A", "2000", "0", "1 - 0", "0", "", "B", "1900", "2"],
    ]
    doc = read_crhtml(page(rows))
    assert [d.code for d in doc.diagnostics] == ["T629"] and doc.tournament.players == ()


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Buchholz Tie-Break Variable (2023) (Gamepoints, Median1)", "BH/M1"),
        ("Buchholz Tie-Break Variable (2026) (Gamepoints, Cut1)", "BH/C1"),
        ("Average Rating of Opponents (ARO) (1400, Cut1, Forfeits And Byes are ignored)", "ARO/C1"),
        ("Progressive Score, before FIDE-Tie-Break (PS)(Gamepoints)", "PS"),
        ("Number of wins including byes (WIN) (Gamepoints, Forfeited games count)", "WIN"),
        ('Koya System (KS) (Gamepoints/Limit 50")', "KS"),
        ("points (game-points)", "PTS"),
        ("Arranz System", None),
    ],
)
def test_legend_names(text: str, code: str | None) -> None:
    assert legend_code(text) == code


def test_html_selected_by_content() -> None:
    assert detect(page(GERMAN)[:8192]) == "chess-results-html"


def xlsx_bytes(rows: list[list[object]]) -> bytes:
    """A workbook of ``rows`` written by XlsxWriter (the extra's writer), else openpyxl."""
    try:
        import xlsxwriter
    except ImportError:
        openpyxl = pytest.importorskip("openpyxl")
        book = openpyxl.Workbook()
        sheet = book.active
        for row in rows:
            sheet.append(row)
        out = io.BytesIO()
        book.save(out)
        return out.getvalue()
    out = io.BytesIO()
    workbook = xlsxwriter.Workbook(out, {"in_memory": True})
    sheet = workbook.add_worksheet()
    date = workbook.add_format({"num_format": "yyyy-mm-dd hh:mm"})  # a date cell, not a number
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is not None:
                sheet.write(r, c, value, date if isinstance(value, datetime.date) else None)
    workbook.close()
    return out.getvalue()


def needs_reader() -> None:
    if backend() is None:
        pytest.skip("no workbook reader (python-calamine or openpyxl) is installed")


XLSX_ROWS: list[list[object]] = [
    ["From the Tournament-Database of Chess-Results https://chess-results.com"],
    ["Spring Open "],
    ["Last update 02.04.2026 18:00:00"],
    ["Starting rank crosstable"],
    ["No.", None, "Name", "Rtg", "FED", "1.Rd", "2.Rd", "Pts. ", "Rk.", "TB1", "TB2"],
    [1, "GM", "Alpha Anna", 2300, "AUT", "2w1", "3w1", 2, 1, 0.5, "0,50"],
    [2, None, "Beta Bert", 2100, "GER", "1b0", "4w0", 0, 4, 3.5, "0,00"],
    [3, None, "Gamma Gus", None, "AUT", "4w½", "1b0", "0,5", 3, 3.5, "0,75"],
    [4, "IM", "Delta Dora", 1800, "SLO", "3b½", "2b1", 1.5, 2, 0.5, "0,25"],
    [],
    ["Annotation:"],
    ["Tie Break1: Buchholz Tie-Break Variable (2023) (Gamepoints)"],
    ["Tie Break2: Sonneborn Berger Tie-Break Variable (2023) (Gamepoints)"],
]


def test_xlsx_export_is_read_and_checked() -> None:
    data = xlsx_bytes(XLSX_ROWS)
    assert detect(data[:8192]) == "xlsx"
    doc = read(data, path="x.xlsx")
    t = doc.tournament
    assert t.source.format == "xlsx" and t.header.name == "Spring Open"
    assert t.header.tiebreaks == ("BH", "SB")
    assert [(p.start, p.points, p.rank, p.rating) for p in t.players] == [
        (1, 2.0, 1, 2300),
        (2, 0.0, 4, 2100),
        (3, 0.5, 3, None),
        (4, 1.5, 2, 1800),
    ]
    assert rounds_of(doc, 3) == [(4, "w", "="), (1, "b", "0")]
    assert [p.line for p in t.players] == [6, 7, 8, 9]
    assert [
        d for d in validate(doc) if d.code.startswith(("T3", "T4", "T5")) and d.code != "T403"
    ] == []


def test_xlsx_without_row_4_and_without_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    data = xlsx_bytes(XLSX_ROWS[:3] + XLSX_ROWS[4:])
    needs_reader()
    assert len(read_xlsx(data).tournament.players) == 4
    for name in BACKENDS:  # neither reader importable: what a missing extra looks like
        monkeypatch.setitem(sys.modules, name, None)
    doc = read_xlsx(data, path="x.xlsx")
    assert [d.code for d in doc.diagnostics] == ["T628"]
    message = doc.diagnostics[0].message
    assert "pip install 'trfkit[xlsx]'" in message and "\n" not in message


@pytest.mark.parametrize("reader", list(BACKENDS))
def test_each_reader_gives_the_rows_of_text(reader: str) -> None:
    """calamine and openpyxl read one workbook to the same text, cell for cell: numbers
    (integers without ``.0``), decimal-comma strings, empty cells, date cells."""
    pytest.importorskip(reader)
    rows = [*XLSX_ROWS, [datetime.date(2026, 4, 2), datetime.datetime(2026, 4, 2, 18, 30)]]
    got = sheet_rows(xlsx_bytes(rows), reader)
    assert got[5][:11] == [
        "1", "GM", "Alpha Anna", "2300", "AUT", "2w1", "3w1", "2", "1", "0.5", "0,50"
    ]  # fmt: skip
    assert got[7][3] == "" and got[7][7] == "0,5"  # an empty rating cell; a text score
    assert [c for c in got[13] if c] == ["2026-04-02 00:00:00", "2026-04-02 18:30:00"]


def test_both_readers_agree() -> None:
    for name in BACKENDS:
        pytest.importorskip(name)
    data = xlsx_bytes(XLSX_ROWS)
    calamine, openpyxl = (sheet_rows(data, name) for name in BACKENDS)
    assert [row for row in calamine if any(row)] == [row for row in openpyxl if any(row)]
    assert len(calamine) == len(XLSX_ROWS)


def test_damaged_xlsx_is_a_diagnostic() -> None:
    needs_reader()
    doc = read_xlsx(b"PK\x03\x04xl/ not really a zip")
    assert [d.code for d in doc.diagnostics] == ["T001"]


needs_corpus = pytest.mark.skipif(
    not HTML_DIR.is_dir(), reason="reference corpus ../shared is not available"
)


@needs_corpus
def test_saved_starting_rank_crosstable() -> None:
    doc = read((HTML_DIR / "arad2026_a_crosstable.html").read_bytes())
    t = doc.tournament
    assert len(t.players) == 209 and t.header.rounds == 9
    p1 = t.players[0]
    assert (p1.start, p1.name, p1.title, p1.federation, p1.points, p1.rank) == (
        1,
        "Kovalenko Igor",
        "GM",
        "UKR",
        6.0,
        21,
    )
    assert p1.round(1).opponent == 105 and p1.round(1).result == "="
    assert t.header.tiebreaks == ("APRO", "DE", "ARO/C1", "BH/C1", "BH/M1")
    found = validate(doc)
    assert [d for d in found if d.code.startswith("T30")] == []
    assert [d for d in found if d.code == "T401"] == []


@needs_corpus
@pytest.mark.parametrize(
    "name", ["frome2026_open_crosstable", "british2026_champ_crosstable_final"]
)
def test_saved_crosstables_agree_with_their_declared_values(name: str) -> None:
    doc = read((HTML_DIR / f"{name}.html").read_bytes())
    found = validate(doc)
    assert [d for d in found if d.code in ("T503", "T401") or d.code.startswith("T30")] == []
    assert len(doc.tournament.players) == (38 if name.startswith("frome") else 108)


@needs_corpus
def test_saved_starting_list_and_pairings_page() -> None:
    t = read((HTML_DIR / "british2026_champ_startingrank.html").read_bytes()).tournament
    assert len(t.players) == 108
    assert (t.players[1].name, t.players[1].fide_id) == ("Adams, Michael", 400041)
    doc = read((HTML_DIR / "british2026_champ_r1.html").read_bytes())
    assert [d.code for d in doc.diagnostics] == ["T629"]
