"""The data sections of ``trfkit report`` (trfkit/render/report/): values checked by hand.

Fixtures: ``tests/data/report/rr4.trf`` (4 players, single round robin, a forfeit in
round 3) and ``swiss6.trf`` (6 players, 3 rounds, a forfeit, a half-point bye and a
PAB), whose crosstables are in the files themselves; ``samples/team.trf`` for teams.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit import loads
from trfkit.cli import cli
from trfkit.model import DeclaredValue, Tournament
from trfkit.ranking import individual_standings, team_standings
from trfkit.render.report import cards, charts, crosstable, standings_table
from trfkit.render.report.cards import player_cards_section
from trfkit.render.report.charts import charts_section
from trfkit.render.report.crosstable import crosstable_section
from trfkit.render.report.standings_table import standings_section, team_standings_section
from trfkit.tiebreaks import Standings
from trfkit.validation.declared import declared_tiebreak_differs

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


# ------------------------------------------------------------------ crosstable


def test_round_robin_grid_cells() -> None:
    t = load(RR4)
    html = crosstable_section(t, standings_of(t), None)
    section_of(html, "crosstable")
    rows = parsed(html).rows["crosstable grid"]
    assert rows[0][:3] == ["Rank", "Pl.", "Name"]
    body = {row[2]: row[3:] for row in rows[1:]}
    # places 1..4 = start 1..4 (2.5, 2, 1.5, 0); cells: the row player's colour and result
    assert body["Ash, Anna"] == ["×", "○½", "●1", "○1", "2.5", ""]
    assert body["Birch, Bea"] == ["●½", "×", "○½", "○+", "2", ""]
    assert body["Cedar, Carl"] == ["○0", "●½", "×", "●1", "1.5", ""]
    assert body["Dogwood, Dee"] == ["●0", "●−", "○0", "×", "0", ""]


def test_double_round_robin_cells_hold_both_games() -> None:
    # the four players meet again in rounds 4-6 with colours reversed
    t = load(RR4)
    extra = {
        1: ((4, "b", "="), (2, "b", "0"), (3, "w", "1")),
        2: ((3, "b", "1"), (1, "w", "1"), (4, "b", "=")),
        3: ((2, "w", "0"), (4, "w", "="), (1, "b", "0")),
        4: ((1, "w", "="), (3, "b", "="), (2, "w", "=")),
    }
    players = tuple(
        replace(
            p,
            opponents=p.opponents + tuple(o for o, _, _ in extra[p.start]),
            colors=p.colors + "".join(c for _, c, _ in extra[p.start]),
            results=p.results + "".join(r for _, _, r in extra[p.start]),
        )
        for p in t.players
    )
    double = replace(t, players=players, header=replace(t.header, rounds=6))
    html = crosstable_section(double, standings_of(double), None)
    rows = {row[2]: row for row in parsed(html).rows["crosstable grid"][1:]}
    # Birch 4.5, Ash 4, Cedar 2, Dogwood 1.5: Ash is 2nd; games in round order
    assert rows["Ash, Anna"][:8] == ["2", "2", "Ash, Anna", "○½ ●0", "×", "●1 ○1", "○1 ●½", "4"]
    assert rows["Birch, Bea"][3:7] == ["×", "●½ ○1", "○½ ●1", "○+ ●½"]


def test_swiss_crosstable_cells() -> None:
    t = load(SWISS6)
    st = standings_of(t)
    assert [row.start for row in st.rows] == [1, 2, 6, 5, 4, 3]
    html = crosstable_section(t, st, None)
    rows = {row[2]: row[3:] for row in parsed(html).rows["crosstable swiss"][1:]}
    # opponent's place (4 is 5th, 6 is 3rd, 2 is 2nd), colour, result
    assert rows["Elm, Eric"] == ["5○1", "3●1", "2●½", "2.5"]
    assert rows["Gum, Gus"] == ["3○0", "4●−", "H", "0.5"]
    assert rows["Hazel, Hal"] == ["1●0", "2○0", "U", "1"]
    assert rows["Ivy, Ivo"] == ["2●½", "6○+", "3●0", "1.5"]
    assert 'href="#p4"' in html
    # a plain game is its numbers; what is not a game says what it is
    assert 'title="round 2: White vs #3 Gum, Gus, forfeit win"' in html
    assert 'title="round 3: pairing-allocated bye"' in html


def test_team_tables_and_rosters() -> None:
    t = load(TEAM)
    st = standings_of(t)
    ts = team_standings(t)
    html = crosstable_section(t, st, ts)
    tree = parsed(html)
    teams = tree.rows["crosstable teams"]
    assert teams[0] == ["Rank", "Pl.", "Team", "R1", "R2", "R3", "MP", "GP"]
    by_name = {row[2]: row for row in teams[1:]}
    # Albion: R1 beat Caledonia 1½-½, R2 lost to Cymru ½-1½, R3 beat Eire 1½-½
    albion = by_name["Albion"]
    place = {row[2]: row[1] for row in teams[1:]}
    assert albion[3:] == [
        f"{place['Caledonia']}: 2\u202f/\u202f1½",
        f"{place['Cymru']}: 0\u202f/\u202f½",
        f"{place['Eire']}: 2\u202f/\u202f1½",
        "4",
        "3.5",
    ]
    for row in ts.rows:
        line = by_name[row.name]
        assert (line[-2], line[-1]) == (f"{row.match_points:g}", f"{row.game_points:g}")
    assert {"t1", "t2", "t3", "t4"} <= set(tree.ids)
    roster = tree.rows["roster"]
    assert ["1", "1", "Adams, Alan", "2100", "2.5"] in roster
    assert "crosstable swiss" in tree.rows  # the players' own table follows


# ------------------------------------------------------------------ cards


def test_cards_aro_and_tpr_are_what_tiebreaks_prints() -> None:
    for path in (SWISS6, RR4):
        t = load(path)
        html = player_cards_section(t, standings_of(t))
        section_of(html, "players")
        got = dict(re.findall(r'id="p(\d+)".*?<dd class="aro">([^<]*)</dd>', html))
        tpr = dict(re.findall(r'id="p(\d+)".*?<dd class="tpr">([^<]*)</dd>', html))
        result = CliRunner().invoke(
            cli, ["tiebreaks", str(path), "--tb", "ARO", "--tb", "TPR", "--to", "json"]
        )
        doc = json.loads(result.stdout)
        for row in doc["players"]:
            start = str(row["start"])
            assert got[start] == f"{row['values']['ARO']:g}"
            assert tpr[start] == f"{row['values']['TPR']:g}"
    # by hand: Elm met 1900, 1700 and 2100 over the board; Ivy 2100 and 1700 (round 2 a forfeit)
    t = load(SWISS6)
    html = player_cards_section(t, standings_of(t))
    assert dict(re.findall(r'id="p(\d+)".*?<dd class="aro">([^<]*)</dd>', html))["1"] == "1900"
    assert dict(re.findall(r'id="p(\d+)".*?<dd class="aro">([^<]*)</dd>', html))["5"] == "1900"


def test_card_facts_and_rounds() -> None:
    t = load(SWISS6)
    html = player_cards_section(t, standings_of(t))
    tree = parsed(html)
    assert [f"p{s}" for s in (1, 2, 6, 5, 4, 3)] == [
        i for i in tree.ids if re.fullmatch(r"p\d+", i)
    ]
    card = html[
        html.index('<article class="card" id="p5">') : html.index('<article class="card" id="p4">')
    ]
    for fact in (
        '<dd class="rank">4</dd>',
        '<dd class="points">1.5</dd>',
        '<dd class="federation">POR</dd>',
        '<dd class="rating">1800</dd>',
        '<dd class="fide-id">91000005</dd>',
    ):
        assert fact in card
    rounds = [row for row in parsed(card).rows["card-rounds"][1:]]
    assert rounds == [
        ["1", "●", "#2 Fir, Fay", "2100", "½"],
        ["2", "○", "#3 Gum, Gus", "2000", "+"],
        ["3", "●", "#6 Juniper, Jo", "1700", "0"],
    ]
    bye = html[html.index('id="p4"') : html.index('id="p3"')]
    assert "pairing-allocated bye" in bye


# ------------------------------------------------------------------ standings


def test_every_value_opens_its_breakdown() -> None:
    t = load(SWISS6)
    st = standings_of(t)
    html = standings_section(t, st, st.diagnostics)
    section_of(html, "standings")
    tree = parsed(html)
    rows = tree.rows["standings sortable"]
    assert rows[0] == [
        "Rank",
        "No.",
        "Name",
        "Title",
        "Fed",
        "Rating",
        "Pts",
        "BH/C1",
        "BH",
        "SB",
        "DE",
    ]
    assert html.count("<details>") == len(st.rows) * len(st.codes)
    # Elm's BH: opponents 4, 6, 2 with 1 (a PAB, adjusted), 2 and 2
    start = html.index('<tr id="s1">')
    elm = html[start : html.index("</tr>", start)]
    assert "BH of #1 Elm, Eric under fide-2024" in elm
    assert "round 2: 2  (played vs #6 Juniper, Jo, whose adjusted score is 2)" in elm
    assert "total: 5</div>" in elm
    assert 'href="#p1"' in elm
    assert '<td class="num" data-sort="5.0">' in elm


def test_a_differing_declared_value_is_marked_in_its_cell() -> None:
    t = load(SWISS6)
    players = tuple(
        replace(p, declared=(DeclaredValue("BH", 4.0, "4", "tb2"),)) if p.start == 6 else p
        for p in t.players
    )
    t = replace(t, players=players)
    found = list(declared_tiebreak_differs(t))
    assert [d.message for d in found] == [
        "player 6 (Juniper, Jo): declared BH (tb2) 4, computed 4.5"
    ]
    st = standings_of(t)
    html = standings_section(t, st, found)
    start = html.index('<tr id="s6">')
    row = html[start : html.index("</tr>", start)]
    cells = parsed(row.replace('<tr id="s6">', "<table><tr>") + "</tr></table>").rows[""][0]
    bh = cells[8]  # Rank No. Name Title Fed Rating Pts BH/C1 BH
    assert bh.startswith("4.5BH of #6 Juniper, Jo") and bh.endswith("total: 4.5≠\u202f4")
    assert '<td class="num differ" data-sort="4.5"><details><summary>4.5</summary>' in row
    assert 'title="T503 player 6 (Juniper, Jo): declared BH (tb2) 4, computed 4.5"' in row
    assert html.count('class="differs"') == 1


def test_a_de_order_declared_otherwise_is_marked_on_each_member_of_the_tie() -> None:
    from tb_fixtures import tournament

    # a double round robin whose first three tie on points and SB; DE (computed) ranks
    # #3 Cid 1, #1 Ana 2, #2 Ben 3; the file's DE (points among them) says 1 > 2 > 3
    rows: list[tuple[int, str, int | None, str]] = [
        (1, "Ana", 2100, "+W4 +W2 =B3 =B4 =B2 -W3"),
        (2, "Ben", 2050, "+W3 -B1 +W4 -B3 =W1 +B4"),
        (3, "Cid", 2000, "-B2 =B4 =W1 +W2 =W4 +B1"),
        (4, "Dan", 1950, "-B1 =W3 -B2 =W1 =B3 -W2"),
    ]
    t = tournament(rows, rounds=6, type_text="Individual: Round-Robin")
    said = {1: "3", 2: "2", 3: "1"}
    t = replace(
        t,
        players=tuple(
            replace(p, declared=(DeclaredValue("DE", float(said[p.start]), said[p.start]),))
            if p.start in said
            else p
            for p in t.players
        ),
    )
    found = list(declared_tiebreak_differs(t))
    assert [d.message.split(":")[0] for d in found] == ["players 1, 2, 3, tied before DE"]
    st = individual_standings(t, ["DE"])[0]
    html = standings_section(t, st, found)
    assert html.count('class="differs"') == 3
    for start in (1, 2, 3):
        begin = html.index(f'<tr id="s{start}">')
        row = html[begin : html.index("</tr>", begin)]
        assert f"≠&#8239;{said[start]}</span></td>" in row  # in the DE cell, the last one


def test_a_differing_declared_rank_is_marked() -> None:
    text = SWISS6.read_text().replace("XXR 3", "XXR 3\n202 BH/C1,BH,SB,DE")
    # Juniper (3rd) declares rank 2, Fir (2nd) rank 3
    text = text.replace("2.0    3     3 b 1", "2.0    2     3 b 1").replace(
        "2.0    2     5 w =", "2.0    3     5 w ="
    )
    t = loads(text.encode()).tournament
    st = standings_of(t)
    t505 = [d for d in st.diagnostics if d.code == "T505"]
    assert len(t505) == 2
    html = standings_section(t, st, st.diagnostics)
    start = html.index('<tr id="s6">')
    row = html[start : html.index("</tr>", start)]
    assert '<td class="num differ" data-sort="3">3<span class="differs"' in row
    assert "declares rank 2, the computed standings give 3" in row


def test_a_large_tie_before_de_gets_the_command_instead_of_every_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a starting list: everyone level on everything, one tie of six before DE
    t = load(SWISS6)
    t = replace(
        t, players=tuple(replace(p, opponents=(), colors="", results="") for p in t.players)
    )
    st = standings_of(t)
    full = standings_section(t, st, st.diagnostics)
    assert full.count("games among them") == 6  # DE's breakdown, in full, for each
    monkeypatch.setattr(standings_table, "DE_GROUP_LIMIT", 5)
    short = standings_section(t, st, st.diagnostics)
    assert "games among them" not in short
    assert short.count("tied with 5 other players when DE is applied") == 6
    assert "trfkit explain FILE --player 3 --tb DE --order BH/C1,BH,SB,DE" in short
    assert short.count("<details>") == full.count("<details>") == 24


def test_team_standings_values_open_their_breakdown() -> None:
    t = load(TEAM)
    ts = team_standings(t)
    html = team_standings_section(t, ts, ts.diagnostics)
    section_of(html, "team-standings")
    tree = parsed(html)
    rows = tree.rows["standings team-standings sortable"]
    assert rows[0][:5] == ["Rank", "No.", "Team", "MP", "GP"]
    names = [row[2] for row in rows[1:]]
    assert names == [row.name for row in ts.rows]
    # MPvGP and BH:MP/C1 open their breakdown; EDE ranks tied teams only and has none
    assert [str(c) for c in ts.codes] == ["MPvGP", "EDE", "BH:MP/C1"]
    assert html.count("<details>") == 2 * len(ts.rows)
    start = html.index('<tr id="ts1">')
    albion = html[start : html.index("</tr>", start)]
    # Albion met Caledonia (3 MP), Cymru (2) and Eire (3); the cut drops Cymru's 2
    assert "cut: round 2, value 2\ntotal: 6</div>" in albion
    assert "round 2: loss, MP 0, GP 0.5, team 3 Cymru (MP 2, GP 2.5)" in albion
    assert 'href="#t1"' in html


def test_a_differing_declared_team_rank_is_marked() -> None:
    from trfkit.validation.declared import declared_team_rank_differs

    t = load(TEAM)
    teams = tuple(replace(team, rank=3) if team.number == 1 else team for team in t.teams)
    t = replace(t, teams=teams)
    found = list(declared_team_rank_differs(t))
    assert [d.message for d in found] == ["team 1 declares rank 3, the standings give 1"]
    ts = team_standings(t)
    html = team_standings_section(t, ts, found)
    start = html.index('<tr id="ts1">')
    row = html[start : html.index("</tr>", start)]
    assert row.startswith(
        '<tr id="ts1"><td class="num differ" data-sort="1">1<span class="differs"'
    )
    assert 'title="T319 team 1 declares rank 3, the standings give 1">≠&#8239;3</span>' in row
    assert html.count('class="differs"') == 1


# ------------------------------------------------------------------ charts


def test_charts_are_well_formed_svg_with_the_points_by_round() -> None:
    t = load(SWISS6)
    st = standings_of(t)
    html = charts_section(t, st)
    section_of(html, "charts")
    parsed(html)
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert len(svgs) == 2
    ns = "{http://www.w3.org/2000/svg}"
    for svg in svgs:
        root = ET.fromstring(svg)
        assert root.find(f"{ns}title") is not None and root.find(f"{ns}desc") is not None
        lines = [p for p in root.iter(f"{ns}polyline") if p.find(f"{ns}title") is not None]
        assert len(lines) == 6
        dashes = {p.get("stroke-dasharray") for p in lines}
        assert len(dashes) == 6  # a dash pattern per player, not a colour only
    desc = ET.fromstring(svgs[1]).find(f"{ns}desc")
    assert desc is not None and desc.text is not None
    assert "1 Elm, Eric: points 1, 2, 2.5" in desc.text
    assert "2 Fir, Fay: points 0.5, 1.5, 2" in desc.text
    assert "3 Gum, Gus: points 0, 0, 0.5" in desc.text
    rank_desc = ET.fromstring(svgs[0]).find(f"{ns}desc")
    assert rank_desc is not None and rank_desc.text is not None
    assert "1 Elm, Eric: rank " in rank_desc.text and rank_desc.text.count("rank") == 6
    # the last round's ranks are the final standings'
    last = [entry.rsplit(", ", 1)[-1].split()[-1] for entry in rank_desc.text.split("; ")]
    assert last == [str(row.rank) for row in st.rows]
    assert "standings after that round" in html
    assert "drawn on the bottom line" not in html  # nobody is below the lowest rank drawn


def test_a_large_field_is_ranked_by_points_and_says_so() -> None:
    t = load(SWISS6)
    st = standings_of(t)
    limit = charts.FULL_RANKING_LIMIT
    try:
        charts.FULL_RANKING_LIMIT = 1  # type: ignore[misc]
        html = charts_section(t, st)
    finally:
        charts.FULL_RANKING_LIMIT = limit  # type: ignore[misc]
    assert "by points alone" in html
    desc = re.search(r'<desc id="rank-desc">(.*?)</desc>', html)
    assert desc is not None
    # after round 1: Elm and Juniper won (rank 1), Fir and Ivy drew (3), Gum, Hazel lost (5)
    assert "1 Elm, Eric: rank 1, " in desc[1] and "2 Fir, Fay: rank 3, " in desc[1]
    assert "3 Gum, Gus: rank 5, " in desc[1]


# ------------------------------------------------------------------ every section


def sections(t: Tournament) -> list[str]:
    st = standings_of(t)
    found = [
        standings_section(t, st, st.diagnostics),
        crosstable_section(t, st, None),
        player_cards_section(t, st),
        charts_section(t, st),
    ]
    if t.is_team_event:
        ts = team_standings(t)
        found += [team_standings_section(t, ts, ts.diagnostics), crosstable_section(t, st, ts)]
    return found


@pytest.mark.parametrize("path", [RR4, SWISS6, TEAM], ids=lambda p: p.name)
def test_sections_are_balanced_html_and_deterministic(path: Path) -> None:
    first = sections(load(path))
    for html in first:
        parsed(html)
    assert sections(load(path)) == first


def test_names_from_the_file_stay_text() -> None:
    evil = "<script>alert(1)</script> \"Q\" & 'S'"
    t = load(SWISS6)
    players = tuple(replace(p, name=evil) if p.start in (1, 4) else p for p in t.players)
    t = replace(t, players=players)
    for html in sections(t):
        assert "<script>" not in html
        assert '"Q"' not in html and "'S'" not in html
        parsed(html)
    joined = "".join(sections(t))
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &quot;Q&quot; &amp; &#x27;S&#x27;" in joined
    assert "&amp;lt;" not in joined and "&amp;amp;" not in joined  # escaped once, not twice
    # in an attribute too: a round robin's cells are titled with the opponent's name
    rr = load(RR4)
    rr = replace(
        rr, players=tuple(replace(p, name=evil) if p.start == 1 else p for p in rr.players)
    )
    grid = crosstable_section(rr, standings_of(rr), None)
    parsed(grid)
    assert 'title="round 1: Black vs #1 &lt;script&gt;alert(1)&lt;/script&gt; &quot;Q&quot;' in grid
    assert "<script>" not in grid and "&amp;lt;" not in grid
    svg = re.findall(r"<svg.*?</svg>", sections(t)[3], re.S)
    for one in svg:
        ET.fromstring(one)


def test_every_module_exports_its_css() -> None:
    for module in (standings_table, crosstable, cards, charts):
        assert isinstance(module.CSS, str) and "{" in module.CSS
    assert "differs" in standings_table.CSS


def test_the_sort_script_orders_the_standings_by_a_column_in_chromium(tmp_path: Path) -> None:
    import shutil
    import subprocess

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("chromium is not installed")
    t = load(SWISS6)
    st = standings_of(t)
    clicks = (
        "var h = document.querySelectorAll('table.sortable thead th');"
        "h[1].click();"  # No.: ascending start numbers
        "document.body.setAttribute('data-by-start', Array.prototype.map.call("
        "document.querySelectorAll('table.sortable tbody tr'), function (r) { return r.id; })"
        ".join(' '));"
        "h[8].click(); h[8].click();"  # BH, twice: descending, undefined last, ties in order
    )
    page = tmp_path / "page.html"
    page.write_text(
        "<!doctype html><html><head><meta charset='utf-8'><style>"
        + standings_table.CSS
        + "</style></head><body>"
        + standings_section(t, st, st.diagnostics)
        + "<script>"
        + standings_table.SCRIPT
        + "</script><script>"
        + clicks
        + "</script></body></html>",
        encoding="utf-8",
    )
    run = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
    )
    dom = run.stdout
    assert 'data-by-start="s1 s2 s3 s4 s5 s6"' in dom
    order = re.findall(r'<tr id="(s\d+)">', dom)
    # BH: 5.5 (Ivy, Hazel), 5 (Elm, Fir), 4.5 (Juniper), 3 (Gum); equal keys keep the
    # order of the first sort (start numbers)
    assert order == ["s4", "s5", "s1", "s2", "s6", "s3"]
    assert 'aria-sort="descending"' in dom
