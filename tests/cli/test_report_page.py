"""The report page as the library renders it (:mod:`trfkit.render.report`): its sections,
the grid with every diagnosed field marked, escaping, determinism and validity."""

from __future__ import annotations

import random
import re
from pathlib import Path

from html_check import check_page
from swiss_edits import SWISS, put, swiss_lines

from trfkit.diagnostics import Location, make
from trfkit.reading import read_document
from trfkit.render.report.page import Report, Section, ordered, render_page
from trfkit.render.report.source import source_section
from trfkit.validation.driver import validate

RULES = Path(__file__).resolve().parents[1] / "data" / "rules"
T301 = RULES / "T301-unknown-opponent.trf"
SCRIPT_NAME = "<script>alert(1)</script>"


def page_of(path: Path, data: bytes | None = None, sections: tuple[Section, ...] = ()) -> str:
    doc = read_document(str(path), data=data)
    found = tuple(validate(doc))
    return render_page(Report(doc, str(path), "trf", found), sections)


def marks(page: str) -> list[tuple[str, str, str]]:
    """(data-d, data-of, text) of every marked piece of the grid, in order."""
    return [
        (d, of, re.sub(r"<span class=\"tip\".*", "", inner, flags=re.S))
        for d, of, inner in re.findall(
            r'<mark class="d sev-\w+(?: tip-left)?" tabindex="0" data-d="([\d ]+)"(?: data-of="([\d ]+)")?>'
            r"(.*?)</mark>",
            page,
            flags=re.S,
        )
    ]


def test_a_clean_sample_has_every_section_and_the_clean_badge() -> None:
    page = page_of(SWISS)
    checked = check_page(page)
    assert {"summary", "problems", "source", "L13"} - checked.ids == {"L13"}  # no mark: no anchor
    assert "<h1>trfkit Spring Open 2024</h1>" in page
    assert "<dt>players</dt><dd>10</dd>" in page
    assert "<dt>rounds</dt><dd>5 (5 with results)</dd>" in page
    assert '<span class="verdict verdict-clean">' in page and "0 errors, 0 warnings, 1 info" in page
    assert "T403" in page  # the info is listed (whole file), not drawn
    assert "the whole file" in page
    assert "<mark" not in page.split('<div class="grid"')[1]
    assert checked.scripts == 1


def test_every_diagnosed_field_is_marked_with_its_code_and_the_related_field() -> None:
    """T301 at 12:112-115 ("   7", player 1's round 3 opponent) and T302 at 14:112-115
    whose related field is 12:112-119 ("   7 w 1"): the piece "   7" of line 12 is T301's
    own and T302's related field, " w 1" only the related field."""
    page = page_of(T301)
    check_page(page)
    diagnostics = ordered(validate(read_document(str(T301))))
    numbers = {d.code: k for k, d in enumerate(diagnostics, 1)}
    t301, t302 = numbers["T301"], numbers["T302"]
    line12 = page.split('<span id="L12"></span>')[1].split("\n")[0]
    assert marks(line12) == [(str(t301), str(t302), "   7")]
    assert f'<span class="rel" data-of="{t302}"> w 1</span>' in line12
    line14 = page.split('<span id="L14"></span>')[1].split("\n")[0]
    (own,) = [m for m in marks(line14) if m[2] == "   1"]
    assert own[0] == str(t302)
    tip = line14.split('<span class="tip" role="tooltip">')[-1]
    assert "T302</b> error" in tip and "line 14, columns 112-115" in tip
    assert "related: line 12, columns 112-119" in tip
    assert "A lists B as opponent but B does not list A." in tip  # the hint
    assert '<mark class="d sev-error tip-left"' in line14  # far right: the tip opens leftwards
    assert '<span class="g-error">12 \u2716</span>' in page  # the gutter: a symbol too
    assert '<a href="#L12">line 12, columns 112-115</a>' in page  # the problem list


def test_overlapping_fields_nest_properly() -> None:
    """Columns 3-8 ("234567") and 6-10 ("56789") of one line: cut before columns 3, 6, 9
    and after 10, each piece naming the diagnostics that cover it."""
    text = "0123456789abcdef\n"
    found = [make("T301", "one", 1, 3, 8), make("T401", "two", 1, 6, 10)]
    section = source_section(text, found)
    check_page(f"<!DOCTYPE html><html><head><title>x</title></head><body>{section}</body></html>")
    assert [(d, t) for d, _, t in marks(section)] == [("1", "234"), ("1 2", "567"), ("2", "89")]
    assert "tip-left" not in section


def test_a_field_past_the_end_of_its_line_is_shown_as_blanks() -> None:
    section = source_section("001 short\n", [make("T301", "missing", 1, 12, 14)])
    assert [t for _, _, t in marks(section)] == ["   "]


def test_control_characters_keep_their_columns() -> None:
    """A tab and an ESC are one column each, shown as control pictures, so the field
    after them is marked over the right characters."""
    section = source_section("a\tb\x1bc FIELD\n", [make("T301", "x", 1, 7, 11)])
    assert "a\u2409b\u241bc " in section
    assert [t for _, _, t in marks(section)] == ["FIELD"]


def _hostile() -> bytes:
    lines = swiss_lines()
    lines[0] = f"012 {SCRIPT_NAME} \"Open\" 'A&B'"
    p1 = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    lines[p1] = put(lines[p1], 15, f"{SCRIPT_NAME:<33}")
    lines[p1] = put(lines[p1], 92, "   7")  # an error on that line: it is marked
    return "\n".join(lines).encode()


def test_names_from_the_file_stay_text_everywhere() -> None:
    page = page_of(SWISS, _hostile())
    checked = check_page(page)
    assert checked.scripts == 1  # the page's own
    assert SCRIPT_NAME not in page and "alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &quot;Open&quot; &#x27;A&amp;B&#x27;" in page
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; &quot;Open&quot;" in page
    import html5lib

    tree = html5lib.parse(page, namespaceHTMLElements=False)
    assert len(tree.findall(".//script")) == 1
    assert SCRIPT_NAME in "".join(tree.find(".//pre[@class='text']").itertext())


def test_the_page_is_the_same_bytes_whatever_the_order_of_the_diagnostics() -> None:
    doc = read_document(str(T301))
    found = list(validate(doc)) + [
        make("T302", "x", 3, 1, 3, related=Location("", 2, 1, 2)),
        make("T101", "y", 3, 1, 3),
    ]
    pages = set()
    for seed in range(5):
        random.Random(seed).shuffle(found)
        pages.add(render_page(Report(doc, "a.trf", "trf", tuple(found))))
    assert len(pages) == 1


def test_given_sections_come_after_the_grid_with_their_css_and_a_contents_link() -> None:
    def extra(report: Report) -> str:
        return f'<section id="standings" class="page-section"><h2>Standings of {len(report.tournament.players)}</h2></section>'

    page = page_of(SWISS, sections=(Section(extra, ".x{color:red}"), Section(lambda r: "")))
    check_page(page)
    assert page.index('id="source"') < page.index('id="standings"')
    assert ".x{color:red}" in page and '<a href="#standings">Standings of 10</a>' in page


def test_a_clean_2000_line_file_is_two_text_blocks() -> None:
    """No element per line: the grid of a clean file holds no tag besides its blocks."""
    text = "".join(f"001 {n:4d} line\n" for n in range(1, 2001))
    section = source_section(text, [])
    grid = section.split('<div class="grid"', 1)[1]
    assert grid.count("<") == 6  # <pre> </pre> <pre> </pre> </div> </section>
    assert section.count("\n") >= 4000


def test_an_input_without_text_says_so() -> None:
    section = source_section(None, [make("T301", "x", 3, 1, 3)], "swissmanager")
    assert "swissmanager file, not text" in section and "<pre" not in section


def test_a_diagnostic_outside_the_file_is_listed_not_drawn() -> None:
    doc = read_document("x.trf", data=SWISS.read_bytes())
    found = (make("T301", "far away", 99, 5, 6),)
    page = render_page(Report(doc, "x.trf", "trf", found))
    check_page(page)
    assert "far away" in page and 'tabindex="0" data-d=' not in page
