"""chess-results pages in the languages chess-results serves (issue 16): one event, four
players, two rounds, saved in English, German, Spanish, Portuguese, French, Italian and
Russian, must read the same; plus the page's date, names ending in ")", legends that hide
their cuts and a first tie-break that needs ratings the page lacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from cr_fixtures import page

import trfkit
from trfkit.document import Document, UndecidedColumn
from trfkit.formats.chessresults.html_page import read_crhtml
from trfkit.tiebreaks import compute
from trfkit.tiebreaks.editions import resolve
from trfkit.validation.driver import validate

# Round 1: 1-3 1-0, 4-2 draw; round 2: 2-1 0-1, 3-4 0-1. Points 2, 0.5, 0, 1.5;
# Buchholz (no unplayed rounds): 1: 0.5 + 0 = 0.5, 2: 1.5 + 2 = 3.5, 3: 3.5, 4: 0.5.
CELLS = {
    1: ("3w1", "2b1", "2", "0,5"),
    2: ("4b½", "1w0", "½", "3,5"),
    3: ("1b0", "4w0", "0", "3,5"),
    4: ("2w½", "3b1", "1½", "0,5"),
}
NAMES = {1: "Alpha, Anna", 2: "Beta, Bert", 3: "Gamma, Gus", 4: "Delta, Dora"}
RATINGS = {1: "2000", 2: "1900", 3: "1800", 4: "1700"}

#: language -> (header cells, annotation, legend label, Buchholz in that language,
#: date label, date value, organiser label)
LANGUAGES = {
    "en": (
        ["Rk.", "SNo", "", "Name", "FED", "Rtg", "1.Rd", "2.Rd", "Pts.", "TB1"],
        "Annotation",
        "Tie Break",
        "Buchholz",
        "Date",
        "2021/10/01 to 2021/10/03",
        "Organizer(s)",
    ),
    "de": (
        ["Rg.", "Snr", "", "Name", "Land", "Elo", "1.Rd", "2.Rd", "Pkt.", "Wtg1"],
        "Anmerkung",
        "Wertung",
        "Buchholz",
        "Datum",
        "01.10.2021 bis 03.10.2021",
        "Veranstalter",
    ),
    "es": (
        ["Rk.", "No.", "", "Nombre", "FED", "Elo", "1.Rd", "2.Rd", "Pts.", "Des1"],
        "Anotación",
        "Desempate",
        "Buchholz",
        "Fecha",
        "2021/10/01 al 2021/10/03",
        "Organizador(es)",
    ),
    "pt": (
        ["Clas.", "Nº", "", "Nome", "FED", "Elo", "1.Rd", "2.Rd", "Pts.", "Desp1"],
        "Anotação",
        "Desempate",
        "Buchholz",
        "Data",
        "2021/10/01 a 2021/10/03",
        "Organizador(es)",
    ),
    "fr": (
        ["Rg.", "No.", "", "Nom", "Féd.", "Elo", "1.Rd", "2.Rd", "Pts.", "Dép1"],
        "Remarque",
        "Départage",
        "Buchholz",
        "Date",
        "01/10/2021 au 03/10/2021",
        "Organisateur(s)",
    ),
    "it": (
        ["Pos.", "N.", "", "Nome", "FED", "Elo", "1.Rd", "2.Rd", "Punti", "Sp1"],
        "Annotazione",
        "Spareggio",
        "Buchholz",
        "Data",
        "01/10/2021 - 03/10/2021",
        "Organizzatore(i)",
    ),
    "ru": (
        ["Мст.", "Ст.ном.", "", "Имя", "Фед.", "Рейт.", "1 тур", "2 тур", "Очки", "Доп1"],
        "Аннотация",
        "Доп. показатель",
        "Бухгольц",
        "Дата",
        "2021/10/01 - 2021/10/03",
        "Организатор(ы)",
    ),
}


def event(
    lang: str, *, ratings: bool = True, legend: str | None = None, names: dict[int, str] = NAMES
) -> bytes:
    header, annotation, label, buchholz, date_label, date, organiser = LANGUAGES[lang]
    rows = [header if ratings else [c for i, c in enumerate(header) if i != 5]]
    order = sorted(CELLS, key=lambda s: -float(CELLS[s][2].replace("½", ".5") or 0))
    for rank, start in enumerate(order, 1):
        r1, r2, pts, tb = CELLS[start]
        row = [str(rank), str(start), "", names[start], "AUT", RATINGS[start], r1, r2, pts, tb]
        rows.append(row if ratings else [c for i, c in enumerate(row) if i != 5])
    text = legend if legend is not None else f"{label}1: {buchholz}"
    return page(
        rows,
        f"{annotation}:<br/>{text}",
        title="Herbstopen 2021",
        facts=((date_label, date), (organiser, "Schachklub Graz")),
    )


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_language_reads_the_same_event(lang: str) -> None:
    doc = read_crhtml(event(lang), path=f"{lang}.html")
    t = doc.tournament
    assert not [d for d in doc.diagnostics if d.code in ("T629", "T626", "T104")], doc.diagnostics
    by = t.by_start()
    assert {s: p.name for s, p in by.items()} == NAMES
    assert {s: p.rating for s, p in by.items()} == {1: 2000, 2: 1900, 3: 1800, 4: 1700}
    assert {s: p.points for s, p in by.items()} == {1: 2.0, 2: 0.5, 3: 0.0, 4: 1.5}
    assert {s: p.rank for s, p in by.items()} == {1: 1, 4: 2, 2: 3, 3: 4}
    assert [(e.opponent, e.color, e.result) for e in by[2].rounds] == [(4, "b", "="), (1, "w", "0")]
    assert t.header.tiebreaks == ("BH",)
    assert [(d.code, d.value) for d in by[2].declared] == [("BH", 3.5)]
    h = t.header
    assert h.start_date is not None and h.start_date.iso == "2021-10-01"
    assert h.end_date is not None and h.end_date.iso == "2021-10-03"
    assert h.organiser == "Schachklub Graz"
    assert not [d for d in validate(doc) if d.code in ("T503", "T401")]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_rules_auto_follows_the_page_date_not_today(lang: str) -> None:
    t = read_crhtml(event(lang)).tournament
    assert resolve("auto", t).name == "fide-2009"  # a 2021 event: the rules before 2023
    assert compute(t, None, rules="auto").edition.name == "fide-2009"


def test_a_page_without_a_date_row_keeps_no_date() -> None:
    rows = [["Rk.", "SNo", "Name", "1.Rd"], ["1", "1", "A", "2w1"], ["2", "2", "B", "1b0"]]
    t = read_crhtml(page(rows)).tournament
    assert t.header.start_date is None and t.header.end_date is None


def test_a_trailing_parenthesis_is_part_of_the_name() -> None:
    names = {
        **NAMES,
        1: "Xiao Tong(Qd)",
        2: "Ogunshola Olugbemiga (Ben)",
        3: "Gamma, Gus *",
        4: "Delta, Dora)",
    }
    by = read_crhtml(event("en", names=names)).tournament.by_start()
    assert [by[s].name for s in (1, 2, 3, 4)] == [
        "Xiao Tong(Qd)",
        "Ogunshola Olugbemiga (Ben)",
        "Gamma, Gus",
        "Delta, Dora",
    ]


HIDDEN = "Tie Break1: Buchholz Tie-Breaks (variabel with parameter)"


def load_page(data: bytes, path: str = "") -> Document:
    """A page as :func:`trfkit.loads` gives it: the reader, then the load path, which
    settles the columns the reader left undecided (a reader computes no tie-break)."""
    return trfkit.loads(data, fmt="chess-results-html", path=path)


def test_the_reader_leaves_a_hidden_cut_undecided_and_computes_nothing() -> None:
    doc = read_crhtml(event("en", legend=HIDDEN))
    assert doc.undecided == (
        UndecidedColumn(1, "BH", ("BH", "BH/C1", "BH/M1", "BH/C2", "BH/M2"), 0),
    )
    assert doc.tournament.header.tiebreaks == ("BH",)
    assert not [d for d in doc.diagnostics if d.code in ("T634", "T635")]
    assert load_page(event("en", legend=HIDDEN)).undecided == ()


def test_a_legend_that_hides_the_cut_is_settled_by_the_page_values() -> None:
    """TB1 declares 0.5, 3.5, 3.5, 0.5: plain BH. With the values of BH/C1 (the worst
    opponent cut: 1: 0.5, 2: 2, 3: 2, 4: 0.5) the column is read as BH/C1."""
    plain = load_page(event("en", legend=HIDDEN))
    assert plain.tournament.header.tiebreaks == ("BH",)
    assert [d.code for d in plain.diagnostics].count("T634") == 1
    cut = bytes(event("en", legend=HIDDEN)).replace(b"<td>3,5</td>", b"<td>2</td>")
    doc = load_page(cut)
    assert doc.tournament.header.tiebreaks == ("BH/C1",)
    (note,) = [d for d in doc.diagnostics if d.code == "T634"]
    assert "BH/C1" in note.message
    assert not [d for d in validate(doc) if d.code == "T503"]


def test_the_commands_read_a_hidden_cut_through_the_load_path(tmp_path: Path) -> None:
    """``trfkit check`` reads with :func:`trfkit.reading.read_document`: the column is
    settled there too (T634 named, no T503 on the BH/C1 values)."""
    from click.testing import CliRunner

    from trfkit.cli import cli

    path = tmp_path / "cut.html"
    path.write_bytes(bytes(event("en", legend=HIDDEN)).replace(b"<td>3,5</td>", b"<td>2</td>"))
    result = CliRunner().invoke(cli, ["check", "-v", str(path)])
    assert f"{path}:1:1: T634 tie-break 1: the legend does not show its settings" in result.output
    assert "values are those of BH/C1" in result.output and "T503" not in result.output


def test_two_columns_under_one_hidden_text_are_settled_each_by_its_values() -> None:
    """TB1 holds BH/C1 (0.5, 2, 2, 0.5), TB2 plain BH (0.5, 3.5, 3.5, 0.5), both printed
    as the same variable Buchholz: each column gets its own code, in the header's list
    and in the players' declared values."""
    cuts = {1: "0,5", 2: "2", 3: "2", 4: "0,5"}
    rows = [LANGUAGES["en"][0] + ["TB2"]]
    for rank, start in enumerate((1, 4, 2, 3), 1):
        r1, r2, pts, tb = CELLS[start]
        rows.append([str(rank), str(start), "", NAMES[start], "AUT", RATINGS[start], r1, r2, pts])
        rows[-1] += [cuts[start], tb]
    legend = f"Annotation:<br/>{HIDDEN}<br/>{HIDDEN.replace('Break1', 'Break2')}"
    doc = load_page(page(rows, legend))
    t = doc.tournament
    assert t.header.tiebreaks == ("BH/C1", "BH")
    assert {(d.slot, d.code, d.value) for d in t.by_start()[2].declared} == {
        ("TB1", "BH/C1", 2.0),
        ("TB2", "BH", 3.5),
    }
    notes = [d.message for d in doc.diagnostics if d.code == "T634"]
    assert [n.split("those of ")[1] for n in notes] == [
        "BH/C1, which is used for it",
        "BH, which is used for it",
    ]
    assert not [d for d in validate(doc) if d.code == "T503"]


def test_a_hidden_cut_no_variant_reproduces_is_a_warning() -> None:
    odd = bytes(event("en", legend=HIDDEN)).replace(b"<td>3,5</td>", b"<td>9</td>")
    doc = load_page(odd)
    (warning,) = [d for d in doc.diagnostics if d.code == "T635"]
    assert warning.severity.value == "warning" and doc.tournament.header.tiebreaks == ("BH",)


def test_a_hidden_cut_on_a_page_without_values_says_so() -> None:
    rows = [
        ["Rk.", "SNo", "Name", "1.Rd", "TB1"],
        ["1", "1", "A", "2w1", ""],
        ["2", "2", "B", "1b0", ""],
    ]
    doc = load_page(page(rows, f"Annotation:<br/>{HIDDEN}"))
    (warning,) = [d for d in doc.diagnostics if d.code == "T635"]
    assert "shows no values" in warning.message


def test_a_legend_that_names_its_cut_is_not_second_guessed() -> None:
    doc = load_page(
        event("en", legend="Tie Break1: Buchholz Tie-Break Variable (2023) (Gamepoints, Cut1)")
    )
    assert doc.tournament.header.tiebreaks == ("BH/C1",)
    assert not [d for d in doc.diagnostics if d.code in ("T634", "T635")]


@pytest.mark.parametrize("lang", ["en", "pt", "ru"])
def test_cut_words_in_other_languages(lang: str) -> None:
    words = {"en": "Buchholz (Cut1)", "pt": "Buchholz (Corte 1)", "ru": "Бухгольц (Медиана 1)"}
    codes = {"en": "BH/C1", "pt": "BH/C1", "ru": "BH/M1"}
    _, _, label, *_ = LANGUAGES[lang]
    doc = read_crhtml(event(lang, legend=f"{label}1: {words[lang]}"))
    assert doc.tournament.header.tiebreaks == (codes[lang],)


def test_first_tiebreak_needing_ratings_the_page_lacks_is_a_warning() -> None:
    legend = "Tie Break1: Average Rating of Opponents (ARO) (Cut1)"
    doc = read_crhtml(event("en", ratings=False, legend=legend))
    (warning,) = [d for d in doc.diagnostics if d.code == "T636"]
    assert warning.severity.value == "warning" and "ARO/C1" in warning.message
    rated = read_crhtml(event("en", legend=legend))
    assert "T636" not in [d.code for d in rated.diagnostics]
    later = read_crhtml(
        event(
            "en",
            ratings=False,
            legend="Tie Break1: Buchholz<br/>Tie Break2: Average Rating of Opponents (ARO)",
        )
    )
    assert "T636" not in [d.code for d in later.diagnostics]


def test_the_warning_is_printed_before_the_standings(tmp_path: Path, runner) -> None:  # type: ignore[no-untyped-def]
    from trfkit.cli import cli

    path = tmp_path / "aro.html"
    path.write_bytes(
        event("en", ratings=False, legend="Tie Break1: Average Rating of Opponents (ARO)")
    )
    result = runner.invoke(cli, ["tiebreaks", str(path)])
    assert " T636 " in result.stderr and "Standings" in result.stdout
    import subprocess
    import sys

    both = subprocess.run(
        [sys.executable, "-m", "trfkit", "tiebreaks", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    ).stdout
    assert both.index(" T636 ") < both.index("Standings after round 2")
    assert both.index("Standings") < both.index(" T502 ")  # the engine's notes stay after


CORPUS = ("chess-results", "html")


def corpus_page(shared_dir: Path, name: str) -> bytes:
    path = shared_dir.joinpath("corpus", *CORPUS, name)
    if not path.exists():
        pytest.skip(f"{name} is not in the corpus")
    return path.read_bytes()


def test_corpus_names_keep_their_parenthesis(shared_dir: Path) -> None:
    names = {
        p.name
        for p in read_crhtml(
            corpus_page(shared_dir, "arad2026_a_crosstable.html")
        ).tournament.players
    }
    assert "Xiao Tong(Qd)" in names and not any(n.endswith("(Qd") for n in names)
    frome = read_crhtml(corpus_page(shared_dir, "frome2026_open_crosstable.html")).tournament
    assert "Ogunshola Olugbemiga (Ben)" in {p.name for p in frome.players}


def test_corpus_page_date_and_organiser(shared_dir: Path) -> None:
    t = read_crhtml(corpus_page(shared_dir, "british2026_champ_crosstable_final.html")).tournament
    assert t.header.start_date is not None and t.header.start_date.iso == "2026-08-01"
    assert t.header.end_date is not None and t.header.end_date.iso == "2026-08-09"
    assert t.header.organiser == "English Chess Federation"


def test_corpus_first_tiebreak_without_ratings(shared_dir: Path) -> None:
    """Arad A: TB1 is APRO (1400) and the saved crosstable has no rating column."""
    doc = read_crhtml(corpus_page(shared_dir, "arad2026_a_crosstable.html"))
    assert [d.code for d in doc.diagnostics].count("T636") == 1
    rated = read_crhtml(corpus_page(shared_dir, "arad2026_a_startingrank.html"))
    assert "T636" not in [d.code for d in rated.diagnostics]


def test_excel_export_rows_give_the_date_and_read_in_spanish() -> None:
    """The Excel export is rows of cells (no openpyxl needed to build its sheet)."""
    from trfkit.formats.chessresults.excel import sheet_from_rows
    from trfkit.formats.chessresults.table import build

    header, annotation, label, buchholz, *_ = LANGUAGES["es"]
    rows = [["Chess-Results"], ["Otoño 2021"], ["Fecha", "01.10.2021 al 03.10.2021"], header]
    for rank, start in enumerate((1, 4, 2, 3), 1):
        r1, r2, pts, tb = CELLS[start]
        rows.append(
            [str(rank), str(start), "", NAMES[start], "AUT", RATINGS[start], r1, r2, pts, tb]
        )
    rows.append([f"{annotation}: {label}1: {buchholz}"])
    t, found = build(sheet_from_rows(rows, "x.xlsx"))
    assert not [d for d in found if d.code == "T629"]
    assert t.header.start_date is not None and t.header.start_date.iso == "2021-10-01"
    assert t.header.tiebreaks == ("BH",) and len(t.players) == 4


def test_header_words_of_a_real_portuguese_ranking_list() -> None:
    """The columns of a saved Portuguese page (lan=10): "Nº.Inic." is the start number,
    "EloI" the rating (before, the ranks were taken for start numbers and no rating was
    read)."""
    header = [
        "Rk.",
        "Nº.Inic.",
        "",
        "",
        "Nome",
        "Tipo",
        "sexo",
        "FED",
        "EloI",
        "Clube/Cidade",
        "1.Rd",
        "2.Rd",
        "Pts.",
        "Desp1",
    ]
    rows = [header]
    order = sorted(CELLS, key=lambda s: -float(CELLS[s][2].replace("½", ".5") or 0))
    for rank, start in enumerate(order, 1):
        r1, r2, pts, tb = CELLS[start]
        rows.append(
            [
                str(rank),
                str(start),
                "",
                "",
                NAMES[start],
                "",
                "",
                "POR",
                RATINGS[start],
                "",
                r1,
                r2,
                pts,
                tb,
            ]
        )
    doc = read_crhtml(page(rows, "Anotação:<br/>Desempate 1: Buchholz"), path="pt.html")
    by = doc.tournament.by_start()
    assert {s: (p.name, p.rating, p.rank) for s, p in by.items()} == {
        1: ("Alpha, Anna", 2000, 1),
        4: ("Delta, Dora", 1700, 2),
        2: ("Beta, Bert", 1900, 3),
        3: ("Gamma, Gus", 1800, 4),
    }
    assert [(d.code, d.value) for d in by[2].declared] == [("BH", 3.5)]
    assert not [d for d in validate(doc) if d.code in ("T503", "T401", "T302", "T304")]


def test_the_russian_not_paired_view_lists_absences_only() -> None:
    """A saved Russian page (lan=11) links the absences list as "без пары"."""
    rows = [["Ном.", "Имя", "1 тур"], ["1", "A", "2w1"], ["2", "B", "1b0"]]
    doc = read_crhtml(page(rows, view="без пары"), path="ru.html")
    assert [d.code for d in doc.diagnostics if d.code == "T602"] == ["T602"]


def test_a_ranking_list_without_results_is_not_called_inconsistent() -> None:
    """A final ranking list (the shape of the saved Portuguese page: no round columns)
    declares points and tie-breaks but holds no result: before, every player got a T401
    error ("declares 2.0 points but the results give 0.0") and every value a T503."""
    header = ["Rk.", "Nº.Inic.", "Nome", "FED", "EloI", "Pts.", "Desp1"]
    rows = [
        header,
        ["1", "1", NAMES[1], "POR", "2000", "2", "0,5"],
        ["2", "4", NAMES[4], "POR", "1700", "1½", "0,5"],
        ["3", "2", NAMES[2], "POR", "1900", "½", "3,5"],
    ]
    doc = read_crhtml(
        page(rows, "Anotação:<br/>Desempate 1: Buchholz", view="Classificação final após 2 rondas"),
        path="pt.html",
    )
    t = doc.tournament
    assert sorted((p.name, p.points) for p in t.players) == sorted(
        [(NAMES[1], 2.0), (NAMES[4], 1.5), (NAMES[2], 0.5)]
    )
    assert not [d for d in validate(doc) if d.code in ("T401", "T503")]
    hidden = load_page(
        page(
            rows,
            "Anotação:<br/>Desempate 1: Buchholz Tie-Breaks (variabel with parameter)",
            view="Classificação final",
        ),
        path="pt.html",
    )
    assert [d.message.split(": ", 1)[1] for d in hidden.diagnostics if d.code == "T635"] == [
        "the legend does not show its settings (cuts) and the page shows no results to "
        "recompute its values from; read as BH"
    ]
    # the same list with one round written is checked as before
    played = [
        header[:5] + ["1.Rd"] + header[5:],
        ["1", "1", NAMES[1], "POR", "2000", "2w1", "2", "0,5"],
        ["2", "2", NAMES[2], "POR", "1900", "1b0", "½", "3,5"],
    ]
    legend = "Anotação:<br/>Desempate 1: Buchholz"
    codes = [d.code for d in validate(read_crhtml(page(played, legend), path="pt.html"))]
    assert "T401" in codes and "T503" in codes


def test_ranks_under_a_rating_tiebreak_the_page_cannot_compute_are_one_note() -> None:
    """ARO/C1 first and no rating column: ARO is undefined for everyone, so the standings
    cannot follow the page's order; the differing ranks are one T506 info naming the code
    (before: a T505 error per player, exit 1, right after the T636 warning)."""
    legend = "Tie Break1: Average Rating of Opponents (ARO) (Cut1)"
    rows = [
        ["Rk.", "SNo", "Name", "1.Rd", "Pts.", "TB1"],
        ["1", "2", "Beta", "1b1", "1", "1800"],
        ["2", "1", "Alpha", "2w0", "0", "1900"],
        ["3", "3", "Gamma", "4w=", "½", "1700"],
        ["4", "4", "Delta", "3b=", "½", "1750"],
    ]
    t = read_crhtml(page(rows, f"Annotation:<br/>{legend}")).tournament
    codes = [
        (d.code, d.message) for d in compute(t, None).diagnostics if d.code in ("T505", "T506")
    ]
    assert len(codes) == 1 and codes[0][0] == "T506"
    assert "the file's list has ARO/C1, undefined for every player here" in codes[0][1]
