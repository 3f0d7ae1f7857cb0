"""The standings of ``trfkit report`` (trfkit/render/report/standings_table.py) and what
every section shares: breakdowns, declared marks, escaping, balance, determinism.

Fixtures (``report_html``): ``tests/data/report/rr4.trf`` (4 players, single round
robin, a forfeit in round 3), ``swiss6.trf`` (6 players, 3 rounds, a forfeit, a
half-point bye and a PAB) and ``samples/team.trf``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest
from report_html import RR4, SWISS6, TEAM, load, parsed, section_of, standings_of

from trfkit import loads
from trfkit.model import DeclaredValue, Tournament
from trfkit.ranking import individual_standings, team_standings
from trfkit.render.report import cards, charts, crosstable, standings_table, style
from trfkit.render.report.cards import player_cards_section
from trfkit.render.report.charts import charts_section
from trfkit.render.report.crosstable import crosstable_section
from trfkit.render.report.standings_table import standings_section, team_standings_section
from trfkit.validation.declared import declared_tiebreak_differs

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
    import sys  # the browser test's helpers live in docs/, beside the screenshot they take

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs"))
    from screenshot import chromium, dump_dom  # the one place that finds Chromium

    browser = chromium()
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
        + style.SCRIPT
        + "</script><script>"
        + clicks
        + "</script></body></html>",
        encoding="utf-8",
    )
    dom = dump_dom(browser, page)  # a fresh profile, as the browser test's pages
    assert 'data-by-start="s1 s2 s3 s4 s5 s6"' in dom
    order = re.findall(r'<tr id="(s\d+)">', dom)
    # BH: 5.5 (Ivy, Hazel), 5 (Elm, Fir), 4.5 (Juniper), 3 (Gum); equal keys keep the
    # order of the first sort (start numbers)
    assert order == ["s4", "s5", "s1", "s2", "s6", "s3"]
    assert 'aria-sort="descending"' in dom
