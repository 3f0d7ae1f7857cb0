"""Low-level layout of Swiss-Manager's native tournament files (.TUNx/.TURx/.TUMx/.TUTx).

The format is undocumented by its vendor; everything here follows the layout facts
collected in ``SWISS_MANAGER.md`` §3 (little-endian integers, UTF-16LE strings with a
``uint16`` length, sections starting with ``<tag> FF 89 44``, a directory of section
offsets in the last 36 bytes). This module only cuts the file into sections and
decodes their records into plain values; :mod:`trfkit.formats.swissmanager.reader` turns
them into the canonical model. Nothing here raises on bad bytes except
:class:`LayoutError`, which the reader turns into a located diagnostic.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Final

MARKER_TAIL: Final = b"\xff\x89\x44"
HEADER_TAG, CONFIG_TAG, SCHEDULE_TAG, PLAYERS_TAG = 0x93, 0x95, 0xA3, 0xA5
PAIRINGS_TAG, TEAMS_TAG, MATCHES_TAG, DIRECTORY_TAG, END_TAG = 0xB3, 0xB5, 0xC3, 0xD3, 0xE3

#: Section names by tag; a tag outside this table is an unknown section (skipped).
SECTION_NAMES: Final = {
    HEADER_TAG: "header",
    CONFIG_TAG: "configuration",
    SCHEDULE_TAG: "schedule",
    PLAYERS_TAG: "players",
    PAIRINGS_TAG: "board pairings",
    TEAMS_TAG: "teams",
    MATCHES_TAG: "team pairings",
    DIRECTORY_TAG: "directory",
    END_TAG: "end",
}

HEADER_FIXED: Final = 108  # marker + 104 bytes before the first header string
HEADER_STRINGS: Final = 132
CONFIG_SIZE: Final = 5887  # marker included; the same in every known file
DIRECTORY_SIZE: Final = 36  # D3 marker, seven uint32 offsets, E3 marker
DIRECTORY_SLOTS: Final = 7

#: Player record layouts seen in the public decoders: (strings, numeric bytes). They
#: agree on the total while strings 18..32 are empty; the numeric fields trfkit reads
#: sit in the last 104 bytes in all three, so the layout only decides record bounds.
PLAYER_LAYOUTS: Final = ((33, 104), (30, 110), (18, 134))
PLAYER_NUMERIC: Final = 104
SCHEDULE_LAYOUT: Final = (16, 76)
TEAM_LAYOUTS: Final = ((26, 54), (27, 52), (5, 96))
PAIRING_SIZE: Final = 21
MATCH_SIZE: Final = 15

UNMARKED: Final = -1  # tag of a span that does not start with a section marker
BYE: Final = 0xFFFF  # -1 in chess-results terms
NOT_PAIRED: Final = 0xFFFE  # -2


class LayoutError(Exception):
    """The bytes do not fit the known layout at ``offset`` (absolute file position)."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


class Cursor:
    """Sequential little-endian reader over ``data[pos:end]`` with absolute offsets."""

    __slots__ = ("data", "end", "pos")

    def __init__(self, data: bytes, pos: int = 0, end: int | None = None) -> None:
        self.data = data
        self.pos = pos
        self.end = len(data) if end is None else end

    def _take(self, n: int, what: str) -> int:
        start = self.pos
        if start + n > self.end:
            raise LayoutError(f"{what} runs past the end of its section", start)
        self.pos = start + n
        return start

    def u16(self) -> int:
        value: int = struct.unpack_from("<H", self.data, self._take(2, "a 16-bit value"))[0]
        return value

    def string(self) -> str:
        """A ``uint16`` count of UTF-16 code units, then the UTF-16LE text."""
        count = self.u16()
        start = self._take(2 * count, f"a string of {count} characters")
        return self.data[start : start + 2 * count].decode("utf-16-le", "replace")

    def strings(self, n: int) -> tuple[str, ...]:
        return tuple(self.string() for _ in range(n))

    def block(self, n: int) -> bytes:
        start = self._take(n, f"a block of {n} bytes")
        return self.data[start : start + n]

    @property
    def remaining(self) -> int:
        return self.end - self.pos


def u16_at(block: bytes, offset: int) -> int:
    value: int = struct.unpack_from("<H", block, offset)[0]
    return value


def u32_at(block: bytes, offset: int) -> int:
    value: int = struct.unpack_from("<I", block, offset)[0]
    return value


def is_marker(data: bytes, offset: int) -> bool:
    return 0 <= offset and offset + 4 <= len(data) and data[offset + 1 : offset + 4] == MARKER_TAIL


@dataclass(frozen=True, slots=True)
class Section:
    """One tagged section: ``start`` is the marker's offset, ``end`` the next marker's."""

    tag: int
    start: int
    end: int

    @property
    def label(self) -> str:
        """``C5`` for a tagged section, ``unmarked bytes`` for a span without a marker."""
        return "unmarked bytes" if self.tag == UNMARKED else f"{self.tag:02X}"

    @property
    def name(self) -> str:
        return SECTION_NAMES.get(self.tag, f"unknown section {self.label}")

    @property
    def body(self) -> int:
        """Offset of the first byte after the marker."""
        return self.start + 4

    @property
    def size(self) -> int:
        return self.end - self.start


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the sections are, plus what was odd about finding them."""

    sections: tuple[Section, ...]
    header_strings: tuple[str, ...]
    notes: tuple[LayoutError, ...] = ()

    def first(self, tag: int) -> Section | None:
        for s in self.sections:
            if s.tag == tag:
                return s
        return None


def locate(data: bytes) -> Layout:
    """Cut ``data`` into sections: header and configuration by their fixed sizes, the
    rest from the directory (read markers, never slot meanings), or by scanning for
    markers when the directory is damaged. Raises :class:`LayoutError` if even the
    header cannot be read."""
    if not is_marker(data, 0) or data[0] != HEADER_TAG:
        raise LayoutError(
            "the file does not start with a Swiss-Manager header marker (93 FF 89 44)", 0
        )
    cur = Cursor(data, HEADER_FIXED)
    strings = cur.strings(HEADER_STRINGS)
    config_start = cur.pos
    if not is_marker(data, config_start) or data[config_start] != CONFIG_TAG:
        raise LayoutError(
            "the configuration section (95) does not follow the 132 header strings", config_start
        )
    config_end = config_start + CONFIG_SIZE
    if config_end > len(data):
        raise LayoutError(
            f"the file ends inside the configuration section ({len(data)} bytes)", config_start
        )
    notes: list[LayoutError] = []
    starts = _directory(data, config_end, notes)
    if starts is None:
        starts = _scan(data, config_end)
    sections = [Section(HEADER_TAG, 0, config_start), Section(CONFIG_TAG, config_start, config_end)]
    bounds = sorted(set(starts))
    for i, start in enumerate(bounds):
        end = bounds[i + 1] if i + 1 < len(bounds) else len(data)
        sections.append(Section(data[start] if is_marker(data, start) else UNMARKED, start, end))
    return Layout(tuple(sections), strings, tuple(notes))


def _directory(data: bytes, config_end: int, notes: list[LayoutError]) -> list[int] | None:
    """Section starts from the trailing directory, or None if it cannot be trusted."""
    where = len(data) - DIRECTORY_SIZE
    if (
        where < config_end
        or not is_marker(data, where)
        or data[where] != DIRECTORY_TAG
        or not is_marker(data, len(data) - 4)
        or data[-4] != END_TAG
    ):
        notes.append(
            LayoutError(
                "no section directory (D3 ... E3) at the end of the file; "
                "sections were found by scanning for markers",
                max(0, where),
            )
        )
        return None
    offsets = struct.unpack_from(f"<{DIRECTORY_SLOTS}I", data, where + 4)
    starts = {config_end, where, len(data) - 4}
    for slot, offset in enumerate(offsets, 1):
        if offset == 0:
            continue
        if not (config_end <= offset <= where) or not is_marker(data, offset):
            notes.append(
                LayoutError(
                    f"directory slot {slot} points at byte {offset}, where no "
                    "section marker is; sections were found by scanning",
                    where,
                )
            )
            return None
        starts.add(offset)
    if not is_marker(data, config_end):
        notes.append(
            LayoutError("no section marker right after the configuration section", config_end)
        )
        return None
    return sorted(starts)


def _scan(data: bytes, start: int) -> list[int]:
    """Every marker from ``start`` on (used only when the directory is unusable)."""
    found = []
    pos = data.find(MARKER_TAIL, start + 1)
    while pos != -1:
        found.append(pos - 1)
        pos = data.find(MARKER_TAIL, pos + 4)
    if not found or found[0] != start:
        found.insert(0, start)
    return found


# --------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class Config:
    """The parts of the configuration section whose meaning is known (§3.1, §3.3)."""

    kind: int  # 0 Swiss, 1 round robin, 2 team round robin, 3 team Swiss
    rounds: int
    players: int
    tiebreaks: tuple[int, ...]
    start_date: int  # YYYYMMDD, 0 = unknown
    end_date: int
    fide_event: int


def read_config(data: bytes, section: Section) -> Config:
    if section.size < CONFIG_SIZE:
        raise LayoutError(
            f"the configuration section holds {section.size} bytes, not {CONFIG_SIZE}",
            section.start,
        )
    block = data[section.start : section.start + CONFIG_SIZE]
    count = min(u16_at(block, 31), 10)
    codes = tuple(u16_at(block, 33 + 2 * i) for i in range(count))
    return Config(
        kind=u16_at(block, 15),
        rounds=u16_at(block, 27),
        players=u16_at(block, 23),
        tiebreaks=tuple(c for c in codes if c),
        start_date=u32_at(block, 4 + 0x47),
        end_date=u32_at(block, 4 + 0x4B),
        fide_event=u32_at(block, 1275),
    )


@dataclass(frozen=True, slots=True)
class ScheduledRound:
    date: int  # YYYYMMDD or 0
    time: str
    pairings: int  # number of B3 records of this round
    matches: int  # number of C3 records of this round (team events)


def read_schedule(data: bytes, section: Section) -> tuple[ScheduledRound, ...]:
    cur = Cursor(data, section.body, section.end)
    n_strings, n_bytes = SCHEDULE_LAYOUT
    rounds = []
    while cur.remaining > 0:
        texts = cur.strings(n_strings)
        block = cur.block(n_bytes)
        rounds.append(
            ScheduledRound(u32_at(block, 0), texts[0].strip(), u16_at(block, 6), u16_at(block, 8))
        )
    return tuple(rounds)


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player card: the strings trfkit uses and the 104-byte numeric tail."""

    offset: int
    strings: tuple[str, ...]  # the first 18 strings (the ones every decoder agrees on)
    numbers: bytes

    @property
    def last_name(self) -> str:
        return self.strings[0]

    @property
    def first_name(self) -> str:
        return self.strings[1]

    @property
    def title(self) -> str:
        return self.strings[4]

    @property
    def federation(self) -> str:
        return self.strings[10]

    @property
    def sex(self) -> int:
        return self.numbers[0]

    @property
    def rating(self) -> int:
        return u16_at(self.numbers, 2)

    @property
    def national_rating(self) -> int:
        return u16_at(self.numbers, 4)

    @property
    def birth(self) -> int:
        return u32_at(self.numbers, 8)

    @property
    def fide_id(self) -> int:
        return u32_at(self.numbers, 18)

    @property
    def team(self) -> int:
        return u16_at(self.numbers, 22)

    @property
    def board(self) -> int:
        return u16_at(self.numbers, 24)


def read_players(
    data: bytes, section: Section, expected: int
) -> tuple[tuple[PlayerRecord, ...], str]:
    """Player cards under the first layout that fills the section exactly with
    ``expected`` records (else the first that fills it at all). Returns the records
    and the layout used, as ``"33+104"``."""
    failure: LayoutError | None = None
    fallback: tuple[tuple[PlayerRecord, ...], str] | None = None
    for n_strings, n_bytes in PLAYER_LAYOUTS:
        try:
            records = _player_records(data, section, n_strings, n_bytes)
        except LayoutError as exc:
            failure = failure or exc
            continue
        label = f"{n_strings}+{n_bytes}"
        if len(records) == expected:
            return records, label
        fallback = fallback or (records, label)
    if fallback is not None:
        return fallback
    assert failure is not None
    raise failure


def _player_records(
    data: bytes, section: Section, n_strings: int, n_bytes: int
) -> tuple[PlayerRecord, ...]:
    cur = Cursor(data, section.body, section.end)
    records = []
    while cur.remaining > 0:
        start = cur.pos
        texts = cur.strings(n_strings)
        cur.block(n_bytes)
        records.append(PlayerRecord(start, texts[:18], data[cur.pos - PLAYER_NUMERIC : cur.pos]))
    return tuple(records)


@dataclass(frozen=True, slots=True)
class Pairing:
    offset: int
    white: int
    black: int
    result: int


def read_pairings(data: bytes, section: Section) -> tuple[Pairing, ...]:
    size = section.size - 4
    if size % PAIRING_SIZE:
        raise LayoutError(
            f"the board pairings section holds {size} bytes, not a multiple of {PAIRING_SIZE}",
            section.start,
        )
    return tuple(
        Pairing(pos, u16_at(data, pos), u16_at(data, pos + 2), data[pos + 4])
        for pos in range(section.body, section.end, PAIRING_SIZE)
    )


@dataclass(frozen=True, slots=True)
class TeamRecord:
    offset: int
    name: str
    short_name: str
    federation: str


def read_teams(data: bytes, section: Section) -> tuple[TeamRecord, ...]:
    failure: LayoutError | None = None
    for n_strings, n_bytes in TEAM_LAYOUTS:
        cur = Cursor(data, section.body, section.end)
        teams = []
        try:
            while cur.remaining > 0:
                start = cur.pos
                texts = cur.strings(n_strings)
                cur.block(n_bytes)
                short_name = texts[3] if n_strings > 3 else ""
                teams.append(TeamRecord(start, texts[0], texts[1], short_name))
        except LayoutError as exc:
            failure = failure or exc
            continue
        return tuple(teams)
    assert failure is not None
    raise failure


def read_matches(data: bytes, section: Section) -> tuple[tuple[int, int], ...]:
    size = section.size - 4
    if size % MATCH_SIZE:
        raise LayoutError(
            f"the team pairings section holds {size} bytes, not a multiple of {MATCH_SIZE}",
            section.start,
        )
    return tuple(
        (u16_at(data, p), u16_at(data, p + 2)) for p in range(section.body, section.end, MATCH_SIZE)
    )
