"""What the report section tests share: the fixtures and an HTML checker."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

from trfkit import loads
from trfkit.model import Tournament
from trfkit.ranking import individual_standings
from trfkit.tiebreaks import Standings

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "report"
RR4 = DATA / "rr4.trf"
SWISS6 = DATA / "swiss6.trf"
TEAM = ROOT / "samples" / "team.trf"

#: HTML elements without an end tag.
VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr", "col", "source"})
#: SVG elements written self-closed (``<line/>``).
SVG_EMPTY = frozenset({"line", "polyline", "circle", "rect", "path", "use"})


def load(path: Path) -> Tournament:
    return loads(path.read_bytes()).tournament


def standings_of(t: Tournament) -> Standings:
    return individual_standings(t)[0]


class Tree(HTMLParser):
    """Checks that every element closes where it should and collects the text of cells:
    ``rows[table class]`` is a list of rows, each a list of the cells' text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.rows: dict[str, list[list[str]]] = {}
        self.tables: list[str] = []
        self.cell: list[str] | None = None
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.append(str(found["id"]))
        if tag in VOID:
            return
        self.stack.append(tag)
        if tag == "table":
            self.tables.append(str(found.get("class") or ""))
            self.rows.setdefault(self.tables[-1], [])
        elif tag == "tr" and self.tables:
            self.rows[self.tables[-1]].append([])
        elif tag in ("td", "th") and self.tables:
            self.cell = []

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        assert tag in SVG_EMPTY | VOID, tag

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (tag, self.stack[-5:])
        self.stack.pop()
        if tag in ("td", "th") and self.cell is not None and self.tables:
            self.rows[self.tables[-1]][-1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "table":
            self.tables.pop()

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def parsed(html: str) -> Tree:
    tree = Tree()
    tree.feed(html)
    tree.close()
    assert tree.stack == []
    return tree


def section_of(html: str, section_id: str) -> None:
    assert html.startswith(f'<section class="page-section" id="{section_id}"><h2>')
    assert html.endswith("</section>")
