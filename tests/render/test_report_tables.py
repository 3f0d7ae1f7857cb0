"""The crosstable, player cards and charts of ``trfkit report`` (trfkit/render/report/):
cells, facts and points checked by hand on the fixtures of ``report_html``.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from dataclasses import replace

from click.testing import CliRunner
from report_html import RR4, SWISS6, TEAM, load, parsed, section_of, standings_of

from trfkit.cli import cli
from trfkit.ranking import team_standings
from trfkit.render.report import charts
from trfkit.render.report.cards import player_cards_section
from trfkit.render.report.charts import charts_section
from trfkit.render.report.crosstable import crosstable_section

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
