"""Tournaments for tie-break tests, written from crosstables in the compact notation
of TIEBREAKS.md §G.1: ``+W9`` win with White against #9, ``=B13`` draw with Black,
``-F11`` / ``+F9`` forfeit loss / win, ``=BYE`` HPB, ``+BYE`` PAB, ``1FPB`` full-point
bye, ``--`` absent (zero-point bye), ``..`` not paired (empty block)."""

from __future__ import annotations

from trfkit.model import Header, PartialDate, Player, RoundEntry, ScoringSystem, Tournament

_RESULT = {"+": "1", "=": "=", "-": "0"}


def entry(cell: str) -> RoundEntry:
    cell = cell.strip()
    if cell == "--":
        return RoundEntry(None, "", "Z")
    if cell == "..":
        return RoundEntry(None, "", "")
    if cell == "1FPB":
        return RoundEntry(None, "", "F")
    sign, rest = cell[0], cell[1:]
    if rest == "BYE":
        return RoundEntry(None, "", {"=": "H", "+": "U", "-": "Z"}[sign])
    colour, opp = rest[0], int(rest[1:])
    if colour == "F":
        return RoundEntry(opp, "w", "+" if sign == "+" else "-")
    return RoundEntry(opp, colour.lower(), _RESULT[sign])


def tournament(
    rows: list[tuple[int, str, int | None, str]],
    *,
    rounds: int | None = None,
    start: str | None = None,
    type_text: str = "",
    scoring: ScoringSystem | None = None,
) -> Tournament:
    """rows: (start, name, rating or None, "cell cell cell ...")."""
    players = tuple(
        Player.build(s, name, rating=rating, rounds=tuple(entry(c) for c in cells.split()), line=s)
        for s, name, rating, cells in rows
    )
    header = Header(
        rounds=rounds,
        type_text=type_text,
        start_date=PartialDate(start, *map(int, start.split("-"))) if start else None,
        scoring=scoring or ScoringSystem(),
    )
    return Tournament(header=header, players=players)


#: TEC "Exercises in Tie-Breaking" Swiss crosstable (TIEBREAKS.md §G.1).
TEC_SWISS = [
    (1, "Alyx", 2200, "+W9 =B13 =W2 +B15 =W4"),
    (2, "Bruno", 2150, "+B10 +W7 =B1 +W16 =B3"),
    (3, "Charline", 2100, "=W11 +B6 +W8 =B4 =W2"),
    (4, "David", 2050, "+B12 =BYE +W13 =W3 =B1"),
    (5, "Helene", 2000, "-W13 -B15 +W11 =B7 +W10"),
    (6, "Franck", 1950, "-B14 -W3 +BYE +W10 +B8"),
    (7, "Genevieve", 1900, "+W15 -B2 -B16 =W5 -B11"),
    (8, "Irina", 1850, "=B16 +W14 -B3 +W13 -W6"),
    (9, "Jessica", 1800, "-B1 -W10 =BYE -F11 +BYE"),
    (10, "Lais", 1750, "-W2 +B9 -W15 -B6 -B5"),
    (11, "Maria", 1700, "=B3 -W16 -B5 +F9 +W7"),
    (12, "Nick", 1650, "-W4 +BYE +F14 -- --"),
    (13, "Opal", 1600, "+B5 =W1 -B4 -B8 -W14"),
    (14, "Paul", 1550, "+W6 -B8 -F12 -- +B13"),
    (15, "Reine", 1500, "-B7 +W5 +B10 -W1 -B16"),
    (16, "Stephan", 1450, "=W8 +B11 +W7 -B2 +W15"),
]


def tec_swiss(**kw: object) -> Tournament:
    return tournament(TEC_SWISS, rounds=5, **kw)  # type: ignore[arg-type]


#: TEC round-robin (TIEBREAKS.md §G.2): #5 Franck loses round 4 by forfeit to #6 Helene.
TEC_RR = [
    (1, "Alyx", 2200, "=W5 +W2 +B3 -W4 +B6"),
    (2, "Bruno", 2150, "+W6 -B1 +W5 =W3 +B4"),
    (3, "Charline", 2100, "+W4 +B6 -W1 =B2 +W5"),
    (4, "David", 2050, "-B3 -B5 =W6 +B1 -W2"),
    (5, "Franck", 1950, "=B1 +W4 -B2 -F6 -B3"),
    (6, "Helene", 2000, "-B2 -W3 =B4 +F5 -W1"),
]


def tec_rr(**kw: object) -> Tournament:
    return tournament(TEC_RR, rounds=5, type_text="Individual: Round-Robin", **kw)  # type: ignore[arg-type]
