"""A tiny writer of Swiss-Manager native files, for building test fixtures in code.

It writes the layout that :mod:`trfkit.formats.swissmanager.layout` reads (SWISS_MANAGER.md §3):
header marker + 104 bytes + 132 strings, a 5887-byte configuration, schedule,
players (33 strings + 104 bytes), 21-byte pairings, optional teams / team pairings /
extra sections, and the 36-byte directory. Only the fields trfkit reads get values;
everything else is zero, like an unused field in a real file.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

MARK = b"\xff\x89\x44"
BYE, NOT_PAIRED = 0xFFFF, 0xFFFE


def string(text: str) -> bytes:
    raw = text.encode("utf-16-le")
    return struct.pack("<H", len(raw) // 2) + raw


def marker(tag: int) -> bytes:
    return bytes([tag]) + MARK


@dataclass
class SmPlayer:
    last: str
    first: str = ""
    title: str = ""
    federation: str = ""
    sex: int = 0
    rating: int = 0
    national_rating: int = 0
    birth: int = 0  # YYYYMMDD
    fide_id: int = 0
    team: int = 0
    board: int = 0
    email: str = ""  # string 19: must never reach the model
    extra_strings: dict[int, str] = field(default_factory=dict)

    def encode(self) -> bytes:
        texts = [""] * 33
        texts[0], texts[1], texts[3] = self.last, self.first, f"{self.first[:1]}. {self.last}"
        texts[4], texts[10] = self.title, self.federation
        texts[17] = "FIDE"
        texts[19] = self.email
        for i, t in self.extra_strings.items():
            texts[i] = t
        numbers = bytearray(104)
        numbers[0] = self.sex
        struct.pack_into("<HH", numbers, 2, self.rating, self.national_rating)
        struct.pack_into("<I", numbers, 8, self.birth)
        struct.pack_into("<IHH", numbers, 18, self.fide_id, self.team, self.board)
        return b"".join(string(t) for t in texts) + bytes(numbers)


@dataclass
class SmFile:
    header: dict[int, str] = field(default_factory=dict)  # header string index -> text
    kind: int = 0
    rounds: int = 0
    tiebreaks: tuple[int, ...] = ()
    start_date: int = 0
    end_date: int = 0
    players: list[SmPlayer] = field(default_factory=list)
    # per round: list of (white, black, result byte)
    pairings: list[list[tuple[int, int, int]]] = field(default_factory=list)
    round_dates: list[int] = field(default_factory=list)
    teams: list[tuple[str, str]] = field(default_factory=list)  # (name, short name)
    matches: list[list[tuple[int, int]]] = field(default_factory=list)  # per round (home, away)
    extra_sections: list[tuple[int, bytes]] = field(default_factory=list)  # (tag, body)
    with_directory: bool = True
    players_declared: int | None = None

    def config(self) -> bytes:
        block = bytearray(5887)
        block[0:4] = marker(0x95)
        struct.pack_into("<H", block, 4, self.rounds)
        struct.pack_into("<H", block, 15, self.kind)
        n = len(self.players) if self.players_declared is None else self.players_declared
        struct.pack_into("<H", block, 23, n)
        struct.pack_into("<H", block, 27, self.rounds)
        struct.pack_into("<H", block, 31, len(self.tiebreaks))
        for i, code in enumerate(self.tiebreaks):
            struct.pack_into("<H", block, 33 + 2 * i, code)
        struct.pack_into("<II", block, 4 + 0x47, self.start_date, self.end_date)
        return bytes(block)

    def schedule(self) -> bytes:
        out = bytearray(marker(0xA3))
        for r in range(self.rounds):
            games = self.pairings[r] if r < len(self.pairings) else []
            matches = self.matches[r] if r < len(self.matches) else []
            out += string("10:00") + string("") * 15
            numbers = bytearray(76)
            date = self.round_dates[r] if r < len(self.round_dates) else 0
            struct.pack_into("<IHHH", numbers, 0, date, 1 if games else 0, len(games), len(matches))
            out += numbers
        return bytes(out)

    def encode(self) -> bytes:
        head = bytearray(108)
        head[0:4] = marker(0x93)
        struct.pack_into("<II", head, 28, 20250319, 1234567)
        texts = [self.header.get(i, "") for i in range(132)]
        out = bytearray(head) + b"".join(string(t) for t in texts) + self.config()
        offsets: list[int] = []

        def add(tag: int, body: bytes) -> None:
            offsets.append(len(out))
            out.extend(marker(tag) + body)

        add(0xA3, self.schedule()[4:])
        add(0xA5, b"".join(p.encode() for p in self.players))
        add(
            0xB3,
            b"".join(
                struct.pack("<HHB", w, b, r) + bytes(16) for rnd in self.pairings for w, b, r in rnd
            ),
        )
        if self.teams:
            add(
                0xB5,
                b"".join(
                    string(name) + string(short) + string("") * 24 + bytes(54)
                    for name, short in self.teams
                ),
            )
            add(
                0xC3,
                b"".join(
                    struct.pack("<HH", h, a) + bytes(11) for rnd in self.matches for h, a in rnd
                ),
            )
        for tag, body in self.extra_sections:
            add(tag, body)
        if self.with_directory:
            offsets.append(len(out))
            slots = (offsets + [0] * 7)[:7]
            out += marker(0xD3) + struct.pack("<7I", *slots) + marker(0xE3)
        return bytes(out)


def five_players(**kw: object) -> SmFile:
    """Five players, two rounds: games, a PAB, a forfeit, a not-paired half point."""
    f = SmFile(
        header={0: "Spring Open", 10: "Graz", 20: "AUT", 21: "IA Arbiter, Anna", 14: "90+30"},
        kind=0,
        rounds=3,
        tiebreaks=(84, 85, 68),
        start_date=20260401,
        end_date=20260403,
        round_dates=[20260401, 20260402, 20260403],
        players=[
            SmPlayer(
                "Alpha",
                "Anna",
                title="WGM",
                federation="AUT",
                sex=1,
                rating=2301,
                birth=19900512,
                fide_id=1600001,
            ),
            SmPlayer(
                "Beta", "Bert", federation="GER", rating=2100, birth=19850000, fide_id=4600002
            ),
            SmPlayer("Gamma", "Gus", federation="AUT", rating=0),
            SmPlayer("Delta", "Dora", federation="SLO", sex=1, rating=1800),
            SmPlayer("Epsilon", "Eve", federation="AUT", sex=1, rating=1700),
        ],
        pairings=[
            [(1, 3, 1), (4, 2, 2), (5, BYE, 9)],
            [(2, 1, 4), (3, 5, 3), (4, NOT_PAIRED, 2)],
        ],
    )
    for key, value in kw.items():
        setattr(f, key, value)
    return f
