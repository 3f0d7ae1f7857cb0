"""A report page in a real browser: Debian's headless Chromium loads it, runs its script
and draws it (skipped where Chromium is not installed; ``.ci/run`` installs it)."""

from __future__ import annotations

import re
import struct
import sys
import zlib
from pathlib import Path

import pytest
from swiss_edits import SWISS, cli_run

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs"))

from screenshot import chromium, dump_dom, print_pdf, screenshot  # noqa: E402 - found through the path above

RULES = Path(__file__).resolve().parents[1] / "data" / "rules"
T301 = RULES / "T301-unknown-opponent.trf"

BROWSER = chromium()
pytestmark = pytest.mark.skipif(BROWSER is None, reason="chromium is not installed")


def png_pixels(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and the raw (filtered) scanlines of a PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, width, height, idat = 8, 0, 0, b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    return width, height, zlib.decompress(idat)


def _page(tmp_path: Path, source: Path, name: str) -> Path:
    out = tmp_path / name
    assert cli_run("report", source, "-o", out).exit_code in (0, 1)
    return out


def test_the_dom_has_every_section_and_the_marks(tmp_path: Path) -> None:
    assert BROWSER is not None
    dom = dump_dom(BROWSER, _page(tmp_path, T301, "t301.html"))
    for section in ('id="summary"', 'id="problems"', 'id="source"'):
        assert section in dom
    assert len(re.findall(r'<mark class="d sev-error[^"]*" tabindex="0" data-d=', dom)) == 2
    assert "T302" in dom


def test_the_script_lights_the_related_field_and_sorts_a_table(tmp_path: Path) -> None:
    """Focus on T302's field lights the related field (line 12); a click on the count
    column of the codes table sorts it. Events are dispatched by a test script added
    after the page's own."""
    assert BROWSER is not None
    page = _page(tmp_path, T301, "t301.html")
    driver = (
        "<script>"
        'var m=[].slice.call(document.querySelectorAll("mark.d")).filter(function(x){'
        'return x.textContent.indexOf("T302")>=0})[0];'
        'm.dispatchEvent(new FocusEvent("focusin",{bubbles:true}));'
        'document.querySelectorAll("table.codes thead th")[3].click();'
        "</script></body>"
    )
    page.write_text(page.read_text(encoding="utf-8").replace("</body>", driver), encoding="utf-8")
    dom = dump_dom(BROWSER, page)
    line12 = dom.split('<span id="L12"></span>')[1].split("\n")[0]
    assert 'class="rel hl"' in line12  # " w 1", only related to T302
    assert 'aria-sort="ascending"' in dom


def test_the_screenshot_is_a_drawn_page(tmp_path: Path) -> None:
    assert BROWSER is not None
    png = tmp_path / "swiss.png"
    screenshot(BROWSER, _page(tmp_path, SWISS, "swiss.html"), png, "1280,2000")
    width, height, raw = png_pixels(png.read_bytes())
    assert (width, height) == (1280, 2000)
    assert len(set(raw)) > 16  # text, a badge and a grid: far from one flat colour


def test_printed_on_a4_with_the_grid_landscape_and_page_sections_on_their_own(
    tmp_path: Path,
) -> None:
    """Header and problems on an A4 page, the file's grid on a landscape A4 page, and each
    section of class ``page-section`` (standings, crosstable) on a page of its own."""
    from trfkit.reading import read_document
    from trfkit.render.report.page import Report, Section, render_page
    from trfkit.validation.driver import validate

    assert BROWSER is not None

    def section(name: str) -> Section:
        return Section(
            lambda r: f'<section id="{name}" class="page-section"><h2>{name}</h2></section>'
        )

    doc = read_document(str(T301))
    html = render_page(
        Report(doc, "t301.trf", "trf", tuple(validate(doc))),
        (section("standings"), section("crosstable")),
    )
    page, pdf = tmp_path / "t301.html", tmp_path / "t301.pdf"
    page.write_text(html, encoding="utf-8")
    print_pdf(BROWSER, page, pdf)
    boxes = re.findall(rb"/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]", pdf.read_bytes())
    shapes = ["portrait" if float(h) > float(w) else "landscape" for w, h in boxes]
    assert shapes == ["portrait", "landscape", "portrait", "portrait"]
    assert {round(float(w)) for w, _ in boxes} == {595, 842}  # A4: 210 x 297 mm
