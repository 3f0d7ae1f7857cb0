"""One file of every format trfkit reads, as bytes: the seeds the fuzz tests mutate."""

from __future__ import annotations

from pathlib import Path

from sm_writer import BYE, SmFile, SmPlayer

from trfkit import formats
from trfkit.formats.json_io import write_json

ROOT = Path(__file__).resolve().parents[1]


def _xml() -> bytes:
    players = "".join(
        f'<player no="{i}" lastname="P{i}" firstname="" rtgfide="{2000 - i}" pts="1,0" rank="{i}"/>'
        for i in range(1, 5)
    )
    pairings = (
        '<playerpairing round="1" pairing="1" board="1" whiteno="1" blackno="2" '
        'reswhite="1.0" resblack="0.0" forfeit=""/><playerpairing round="1" pairing="2" '
        'board="2" whiteno="3" blackno="4" reswhite="0.5" resblack="0.5" forfeit=""/>'
    )
    return (
        f'<?xml version="1.0"?><chessresults><tournamentdata><tournament key="1" type="0" '
        f'name="Open" rounds="1" from="20250926" to="20250926" tb1no="37"/></tournamentdata>'
        f'<rounds><round round="1" date="20250926" time=""/></rounds>'
        f"<players>{players}</players>"
        f"<playerpairings>{pairings}</playerpairings></chessresults>"
    ).encode()


def _html() -> bytes:
    rows = "".join(
        f"<tr><td>{i}</td><td></td><td>Player {i}</td><td>GER</td><td>{2000 - i}</td>"
        f"<td>{4 - i}</td></tr>"
        for i in range(1, 4)
    )
    return (
        f'<html><body><table class="CRs1"><tr><th>Rk.</th><th></th><th>Name</th><th>FED</th>'
        f"<th>Rtg</th><th>Pts.</th></tr>{rows}</table></body></html>"
    ).encode()


def _swissmanager() -> bytes:
    return SmFile(
        header={0: "Spring Open", 10: "Graz"},
        kind=0,
        rounds=2,
        tiebreaks=(84, 68),
        start_date=20260401,
        end_date=20260402,
        round_dates=[20260401, 20260402],
        players=[
            SmPlayer("Alpha", "Anna", rating=2300),
            SmPlayer("Beta", "Bert", rating=2100),
            SmPlayer("Gamma", "Gus"),
        ],
        pairings=[[(1, 2, 1), (3, BYE, 9)]],
    ).encode()


def _seeds() -> dict[str, bytes]:
    seeds = {p.name: p.read_bytes() for p in sorted((ROOT / "samples").glob("*.trf"))}
    seeds.update(
        {p.name: p.read_bytes() for p in sorted((ROOT / "tests/data/trf").glob("rich*.trf"))}
    )
    swiss = formats.read(seeds["swiss.trf"]).tournament
    seeds["swiss.json"] = write_json(swiss).encode()
    seeds["open.xml"] = _xml()
    seeds["table.html"] = _html()
    seeds["spring.TUNX"] = _swissmanager()
    return seeds


SEEDS = _seeds()
