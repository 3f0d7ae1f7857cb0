"""Build small tournaments for tie-break tests from the crosstable notation of the
TEC exercise book (TIEBREAKS.md §G.1), so tests need no reader and no corpus file.

Tokens per round: ``+W9`` win with White against #9, ``=B13`` draw with Black,
``-W2`` loss, ``+F9`` / ``-F11`` forfeit win / loss against the scheduled opponent,
``=BYE`` half-point bye, ``+BYE`` pairing-allocated bye, ``++BYE`` full-point bye,
``--`` absent (zero-point bye), ``..`` an empty block.
"""

from __future__ import annotations

from trfkit.model import Header, Player, RoundEntry, ScoringSystem, Tournament

_OTB = {"+": "1", "=": "=", "-": "0"}
_BYES = {"=BYE": "H", "+BYE": "U", "++BYE": "F", "--": "Z"}


def entry(token: str) -> RoundEntry:
    """One round block from one token."""
    if token == "..":
        return RoundEntry(None, "", "")
    if token in _BYES:
        return RoundEntry(None, "", _BYES[token])
    sign, side, number = token[0], token[1], int(token[2:])
    if side == "F":
        return RoundEntry(number, "w", "+" if sign == "+" else "-")
    return RoundEntry(number, side.lower(), _OTB[sign])


def tournament(
    rows: dict[int, tuple[int | None, str]],
    *,
    rounds: int | None = None,
    type_text: str = "",
    scoring: ScoringSystem | None = None,
) -> Tournament:
    """``rows``: start number -> (rating or None, space-separated round tokens)."""
    players = tuple(
        Player.build(
            start=start,
            name=f"P{start}",
            rating=rating,
            rounds=tuple(entry(t) for t in tokens.split()),
        )
        for start, (rating, tokens) in sorted(rows.items())
    )
    n = rounds if rounds is not None else max(len(p.rounds) for p in players)
    header = Header(rounds=n, type_text=type_text, scoring=scoring or ScoringSystem())
    return Tournament(header=header, players=players)


#: The TEC Swiss crosstable (16 players, 5 rounds), TIEBREAKS.md §G.1.
TEC_SWISS: dict[int, tuple[int | None, str]] = {
    1: (2200, "+W9 =B13 =W2 +B15 =W4"),
    2: (2150, "+B10 +W7 =B1 +W16 =B3"),
    3: (2100, "=W11 +B6 +W8 =B4 =W2"),
    4: (2050, "+B12 =BYE +W13 =W3 =B1"),
    5: (2000, "-W13 -B15 +W11 =B7 +W10"),
    6: (1950, "-B14 -W3 +BYE +W10 +B8"),
    7: (1900, "+W15 -B2 -B16 =W5 -B11"),
    8: (1850, "=B16 +W14 -B3 +W13 -W6"),
    9: (1800, "-B1 -W10 =BYE -F11 +BYE"),
    10: (1750, "-W2 +B9 -W15 -B6 -B5"),
    11: (1700, "=B3 -W16 -B5 +F9 +W7"),
    12: (1650, "-W4 +BYE +F14 -- --"),
    13: (1600, "+B5 =W1 -B4 -B8 -W14"),
    14: (1550, "+W6 -B8 -F12 -- +B13"),
    15: (1500, "-B7 +W5 +B10 -W1 -B16"),
    16: (1450, "=W8 +B11 +W7 -B2 +W15"),
}
