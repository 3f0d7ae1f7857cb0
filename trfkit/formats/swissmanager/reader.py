"""Reader for Swiss-Manager's native tournament files (.TUNx, .TURx, .TUMx, .TUTx).

The file is chosen by content (its first four bytes), and the tournament type comes
from the configuration section, never from the extension: most files on
chess-results carry ``.TUNX`` whatever they hold. The file stores no points, ranks or
tie-break values, so the model leaves declared points and ranks ``None`` and trfkit
computes them. A game paired but not played yet is kept as the pairing with a blank
result (TRF's form of it, CSV ``12w``); unknown result codes are left out (with a
diagnostic) rather than guessed, so that the rounds stay symmetric.

Privacy: header strings hold e-mail addresses, organisers' notes and local Windows
paths. Only a whitelist (name, subtitle, city, federation, organiser, arbiters, time
control) reaches the model, and even those are dropped when they look like an address
or a path.
:func:`private_strings` returns the rest for a caller that asks (``--show-private``).

Diagnostics of this binary format use ``line`` 1 and ``column`` = byte offset + 1.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Final, TypeVar

from ...document import Document
from ...limits import MAX_ROUND_ENTRIES
from ...model import (
    Block,
    Header,
    NationalRating,
    Player,
    Source,
    Team,
    TeamBye,
    Tournament,
    grid_columns,
)
from ..export_fields import TOURNAMENT_TYPES, date_from_number, is_private, public_text
from ..sniff import MAGIC, sniff_swissmanager
from . import layout as sm
from . import tiebreak_numbers as smtb
from .rounds import ByteFindings, round_entries, split_rounds

__all__ = ["MAGIC", "private_strings", "read_swissmanager", "sniff_swissmanager"]

T = TypeVar("T")

# Header string indices whose meaning is known and which may be shown (SWISS_MANAGER.md §3.3).
_NAME, _CITY, _VENUE, _FEDERATION, _FEDERATION_2 = 0, 10, 5, 20, 25
_CHIEF_ARBITER, _ARBITER, _DEPUTY, _TIME_CONTROL = 21, 3, 22, 14
_SUBTITLE, _ORGANISER = 1, 4  # the section ("Boys U16", group "A") and who held the event
_PUBLIC: Final = frozenset(
    {
        _NAME,
        _CITY,
        _VENUE,
        _FEDERATION,
        _FEDERATION_2,
        _CHIEF_ARBITER,
        _ARBITER,
        _DEPUTY,
        _TIME_CONTROL,
        _SUBTITLE,
        _ORGANISER,
    }
)
_PRIVATE_LABELS: Final = {
    2: "remark",
    6: "other arbiters",
    7: "PGN path",
    8: "PGN path",
    9: "short name",
    11: "internal id",
    13: "age groups",
    23: "e-mail",
    24: "web site",
}


def private_strings(data: bytes) -> tuple[tuple[str, str], ...]:
    """The non-empty header strings the model leaves out, as (label, text) pairs.

    For ``trfkit info --show-private`` only; never logged or written by default.
    """
    try:
        layout = sm.locate(data)
    except sm.LayoutError:
        return ()
    out = []
    for i, text in enumerate(layout.header_strings):
        if text.strip() and (i not in _PUBLIC or not public_text(text)):
            out.append((_PRIVATE_LABELS.get(i, f"header string {i}"), text.strip()))
    return tuple(out)


def read_swissmanager(
    data: bytes,
    *,
    path: str = "",
    encoding: str | None = None,
    fallback_encoding: str | None = None,
    strict: bool = False,
) -> Document:
    """Decode a native Swiss-Manager file into a Document (``encoding`` is ignored:
    the format fixes UTF-16LE)."""
    b = ByteFindings(path)
    try:
        tournament = _read(data, b)
    except sm.LayoutError as exc:
        b.at_byte("T621", exc.message + f" (at byte {exc.offset})", exc.offset)
        tournament = Tournament(source=_source(path))
    except (IndexError, ValueError, struct.error) as exc:  # a layout check this reader lacks
        b.at_byte("T621", f"the file does not decode with the known layout ({exc})")
        tournament = Tournament(source=_source(path))
    return b.document(tournament, strict=strict)


def _source(path: str) -> Source:
    return Source(format="swissmanager", dialect="swiss-manager", encoding="utf-16-le", path=path)


def _read(data: bytes, b: ByteFindings) -> Tournament:
    layout = sm.locate(data)
    for note in layout.notes:
        b.at_byte("T621", note.message, note.offset)
    config_section = layout.first(sm.CONFIG_TAG)
    assert config_section is not None  # locate() guarantees it
    config = sm.read_config(data, config_section)
    if config.kind not in TOURNAMENT_TYPES:
        b.at_byte(
            "T901",
            f"unknown tournament type {config.kind} in the configuration; read as a Swiss",
            config_section.start + 15,
        )
    type_text, team_event = TOURNAMENT_TYPES.get(config.kind, TOURNAMENT_TYPES[0])
    for section in layout.sections:
        if section.tag not in sm.SECTION_NAMES:
            b.at_byte(
                "T620",
                f"skipped unknown section {section.label} ({section.size} bytes "
                f"at byte {section.start}); the rest of the file was read",
                section.start,
            )
    schedule = _section(data, layout, sm.SCHEDULE_TAG, sm.read_schedule, b) or ()
    players = _players(data, layout, config, b)
    pairings = _section(data, layout, sm.PAIRINGS_TAG, sm.read_pairings, b) or ()
    if len(pairings) > MAX_ROUND_ENTRIES // 2:  # each game is two round entries (trfkit.limits)
        b.at_byte(
            "T007",
            f"{len(pairings)} pairing records, more than any tournament "
            f"({MAX_ROUND_ENTRIES // 2}); the pairings were not read",
            pairings[0].offset,
        )
        pairings = ()
    rounds = split_rounds(pairings, schedule, b)
    entries = round_entries(rounds, len(players), b)
    model_players = tuple(
        _player(i, rec, entries.get(i, {}), len(rounds)) for i, rec in enumerate(players, 1)
    )
    teams: tuple[Team, ...] = ()
    team_byes: tuple[TeamBye, ...] = ()
    if team_event or layout.first(sm.TEAMS_TAG) is not None:
        teams = _teams(data, layout, players, b)
        team_byes = _team_byes(data, layout, schedule, b)
    header = _header(layout.header_strings, config, schedule, type_text, len(teams), b)
    national = tuple(
        n
        for n in (
            _national(p, rec, header.federation)
            for p, rec in zip(model_players, players, strict=True)
        )
        if n is not None
    )
    return Tournament(
        header=header,
        players=model_players,
        teams=teams,
        team_byes=team_byes,
        national=national,
        source=_source(b.path),
    )


def _section(
    data: bytes,
    layout: sm.Layout,
    tag: int,
    reader: Callable[[bytes, sm.Section], T],
    b: ByteFindings,
) -> T | None:
    section = layout.first(tag)
    if section is None:
        return None
    try:
        return reader(data, section)
    except sm.LayoutError as exc:
        b.at_byte(
            "T621",
            f"{section.name} section: {exc.message} (at byte {exc.offset}); section skipped",
            exc.offset,
        )
        return None


def _players(
    data: bytes, layout: sm.Layout, config: sm.Config, b: ByteFindings
) -> tuple[sm.PlayerRecord, ...]:
    section = layout.first(sm.PLAYERS_TAG)
    if section is None:
        if config.players:
            b.at_byte(
                "T621",
                f"the configuration announces {config.players} players but the file "
                "has no players section (A5)",
                0,
            )
        return ()
    try:
        records, used = sm.read_players(data, section, config.players)
    except sm.LayoutError as exc:
        b.at_byte(
            "T621",
            f"players section: {exc.message} (at byte {exc.offset}); no players read",
            exc.offset,
        )
        return ()
    if len(records) != config.players:
        b.at_byte(
            "T621",
            f"the configuration announces {config.players} players, the players "
            f"section holds {len(records)}",
            section.start,
        )
    elif used != "33+104":
        b.at_byte("T901", f"player records read with the {used} layout", section.start)
    return records


def _player(start: int, rec: sm.PlayerRecord, rounds: dict[int, Block], n_rounds: int) -> Player:
    last, first = rec.last_name.strip(), rec.first_name.strip()
    name = f"{last}, {first}" if last and first else (last or first)
    opponents, colors, results = grid_columns(rounds)
    return Player(
        start=start,
        name=name,
        sex={0: "m", 1: "w"}.get(rec.sex, ""),
        title=rec.title.strip(),
        rating=rec.rating or None,
        federation=rec.federation.strip(),
        fide_id=rec.fide_id or None,
        birth=date_from_number(rec.birth),
        opponents=opponents,
        colors=colors,
        results=results,
    )


def _national(p: Player, rec: sm.PlayerRecord, federation: str) -> NationalRating | None:
    """The player's national rating as a TRF26 national-rating (NRS) record, so that it
    survives into JSON and TRF26 (players unrated for FIDE are often rated nationally).
    The federation is the player's, else the tournament's; without either it has none."""
    if not rec.national_rating:
        return None
    own = p.federation if len(p.federation) == 3 and p.federation.isalpha() else ""
    fed = own or (federation if len(federation) == 3 and federation.isalpha() else "")
    if not fed:
        return None
    return NationalRating(
        federation=fed.upper(),
        start=p.start,
        sex=p.sex,
        category="",
        name=p.name,
        rating=rec.national_rating,
        origin="",
        national_id="",
        birth=p.birth,
    )


def _teams(
    data: bytes, layout: sm.Layout, players: tuple[sm.PlayerRecord, ...], b: ByteFindings
) -> tuple[Team, ...]:
    records = _section(data, layout, sm.TEAMS_TAG, sm.read_teams, b) or ()
    members: dict[int, list[tuple[int, int]]] = {}
    for start, rec in enumerate(players, 1):
        if rec.team:
            members.setdefault(rec.team, []).append((rec.board, start))
    missing = sorted(set(members) - set(range(1, len(records) + 1)))
    if missing:
        b.at_byte(
            "T621", f"players name team numbers {missing} that the teams section does not hold", 0
        )
    return tuple(
        Team(
            number=i,
            name=public_text(rec.name),
            nickname=public_text(rec.short_name),
            members=tuple(start for _, start in sorted(members.get(i, []))),
            source="swissmanager",
        )
        for i, rec in enumerate(records, 1)
    )


def _team_byes(
    data: bytes, layout: sm.Layout, schedule: tuple[sm.ScheduledRound, ...], b: ByteFindings
) -> tuple[TeamBye, ...]:
    """The team that got the bye (away team -1) in each round, from the team pairings."""
    matches = _section(data, layout, sm.MATCHES_TAG, sm.read_matches, b) or ()
    counts = [r.matches for r in schedule]
    if not matches or sum(counts) != len(matches):
        return ()
    by_round: list[int | None] = []
    pos = 0
    for n in counts:
        byes = [home for home, away in matches[pos : pos + n] if away == sm.BYE]
        by_round.append(byes[0] if byes else None)
        pos += n
    if not any(by_round):
        return ()
    return (TeamBye(None, None, tuple(by_round)),)


def _header(
    strings: tuple[str, ...],
    config: sm.Config,
    schedule: tuple[sm.ScheduledRound, ...],
    type_text: str,
    n_teams: int,
    b: ByteFindings,
) -> Header:
    def pick(*indices: int) -> str:
        for i in indices:
            value = public_text(strings[i])
            if value:
                return value
        return ""

    withheld = sum(1 for s in strings if is_private(s))
    if withheld:
        b.at_byte(
            "T624",
            f"{withheld} header string(s) hold e-mail addresses or local paths; "
            "they were not copied",
            sm.HEADER_FIXED,
        )
    team_event = TOURNAMENT_TYPES.get(config.kind, TOURNAMENT_TYPES[0])[1]
    codes = _tiebreak_codes(config.tiebreaks, team_event, b)
    deputy = pick(_DEPUTY)
    subtitle = " ".join(pick(_SUBTITLE).split())  # one line: it becomes part of 012
    return Header(
        name=_with_section(pick(_NAME), subtitle),
        subtitle=subtitle,
        organiser=" ".join(pick(_ORGANISER).split()),
        city=pick(_CITY, _VENUE),
        federation=pick(_FEDERATION, _FEDERATION_2),
        start_date=date_from_number(config.start_date),
        end_date=date_from_number(config.end_date),
        players_declared=config.players,
        teams_declared=n_teams or None,
        type_text=type_text,
        chief_arbiter=pick(_CHIEF_ARBITER, _ARBITER),
        deputy_arbiters=(deputy,) if deputy else (),
        time_control=pick(_TIME_CONTROL),
        round_dates=tuple(date_from_number(r.date) for r in schedule),
        rounds=config.rounds or len(schedule) or None,
        tiebreaks=codes,
    )


def _with_section(name: str, subtitle: str) -> str:
    """The 012 name: the event's name and its section, unless the name already says it.

    Swiss-Manager keeps one file per section under the event's name ("Circuito Sesc de
    Xadrez - 2026" with the subtitle "Absoluto e Feminino"); without the subtitle two
    sections would convert to identical 012 names.
    """
    if not subtitle or subtitle.casefold() in name.casefold():
        return name
    return f"{name} - {subtitle}" if name else subtitle


def _tiebreak_codes(numbers: tuple[int, ...], team: bool, b: ByteFindings) -> tuple[str, ...]:
    """The configured tie-breaks as trfkit codes, after the primary score (202 semantics)."""
    codes: list[str] = []
    unmapped: list[str] = []
    for number in numbers:
        code = smtb.fide_code(number, team=team)
        if code is None:
            unmapped.append(smtb.describe(number))
        else:
            codes.append(code)
    primary = "MPTS" if team else "PTS"
    while codes and codes[0] == primary:
        codes.pop(0)
    repeated = smtb.repeated_codes(codes)
    if repeated:
        b.at_byte("T631", repeated)
    if unmapped:
        b.at_byte(
            "T626",
            "Swiss-Manager tie-break(s) without a FIDE counterpart were left out of "
            "the tie-break list: " + "; ".join(unmapped),
        )
    if numbers:
        b.at_byte(
            "T625",
            "tie-break numbers "
            + ", ".join(str(n) for n in numbers)
            + " were mapped to "
            + (", ".join(codes) or "nothing")
            + "; their parameters (cuts, limits) are not stored where trfkit can read them",
        )
    return tuple(codes)
