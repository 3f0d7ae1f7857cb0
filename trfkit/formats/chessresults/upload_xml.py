"""Reader for chess-results upload XML (what Swiss-Manager sends to chess-results).

The format (SWISS_MANAGER.md §4.4) holds players, pairings, results, byes and
forfeits, teams and team pairings, and, unlike the native file, the sender's own
computed points, ranks and tie-break values (``tb1``..``tb6`` with their
Swiss-Manager numbers in ``tbNno``). Those are kept as declared values so that
``trfkit check`` can compare them with what trfkit computes.

Parsing is hardened without a new dependency: the document is read with expat
directly, and any DOCTYPE or entity declaration (in any letter case: expat alone would
call a lowercase ``<!doctype`` malformed) makes the reader refuse the input (T627)
before anything is expanded; external entities are never fetched. XInclude elements
are reported (T023) and never processed. An attribute value longer than any real
field (:data:`~trfkit.limits.MAX_ATTRIBUTE_CHARS`, after character references are
resolved) is cut to it (T007), so that no later step works on a megabyte-long name;
the number of character references per file is bounded in :func:`trfkit.limits.refuse`.
Element line numbers are kept for diagnostics.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final
from xml.parsers import expat

from ...document import Document
from ...limits import MAX_ATTRIBUTE_CHARS, MAX_ROUNDS
from ...model import (
    NO_COLOR,
    NO_OPPONENT,
    Block,
    DeclaredValue,
    Header,
    Player,
    Source,
    Team,
    TeamBye,
    Tournament,
    grid_columns,
)
from ..export_fields import (
    TOURNAMENT_TYPES,
    Findings,
    parse_date,
    parse_int,
    parse_number,
    public_text,
    sex_code,
)
from ..sniff import sniff_crxml
from ..swissmanager import tiebreak_numbers as smtb

__all__ = ["Element", "UnsafeXml", "parse_xml", "read_crxml", "sniff_crxml"]

TB_SLOTS: Final = 6
#: A declaration that expat would either act on (uppercase) or call malformed (lowercase).
_DECLARATION: Final = re.compile(rb"<!\s*(doctype|entity)", re.IGNORECASE)
XINCLUDE: Final = "http://www.w3.org/2001/XInclude"
PAB, NOT_PAIRED = -1, -2


class UnsafeXml(Exception):
    """The document declares a DOCTYPE or entities."""


@dataclass
class Element:
    tag: str
    attrib: dict[str, str]
    line: int
    children: list[Element] = field(default_factory=list)

    def get(self, key: str, default: str = "") -> str:
        return self.attrib.get(key, default)

    def find(self, path: str) -> Element | None:
        return next(self.iter(path), None)

    def iter(self, path: str) -> Iterator[Element]:
        """Children along a ``a/b`` path (no wildcards)."""
        head, _, rest = path.partition("/")
        for child in self.children:
            if child.tag == head:
                if rest:
                    yield from child.iter(rest)
                else:
                    yield child


@dataclass
class XmlNotes:
    """What :func:`parse_xml` saw besides the tree: cut attribute values and XInclude
    elements, each as ``(line, what)``; at most :data:`KEPT` of each are listed."""

    KEPT = 20
    cut: list[tuple[int, str]] = field(default_factory=list)
    cut_count: int = 0
    includes: list[tuple[int, str]] = field(default_factory=list)
    include_count: int = 0


def parse_xml(data: bytes, notes: XmlNotes | None = None) -> Element:
    """Parse with expat, refusing DOCTYPE and entity declarations (raises
    :class:`UnsafeXml`) and never resolving external entities. Raises
    ``expat.ExpatError`` for malformed XML. Attribute values are cut to
    :data:`~trfkit.limits.MAX_ATTRIBUTE_CHARS`; cuts and XInclude elements go to ``notes``."""
    found = _DECLARATION.search(data)
    if found is not None:
        line = data.count(b"\n", 0, found.start()) + 1
        raise UnsafeXml(f"line {line}: DOCTYPE or entity declarations are not accepted")
    notes = notes if notes is not None else XmlNotes()
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    root: list[Element] = []
    stack: list[Element] = []
    include_prefixes: set[str] = set()

    def refuse(*_args: object) -> None:
        raise UnsafeXml(
            f"line {parser.CurrentLineNumber}: DOCTYPE or entity declarations are not accepted"
        )

    def start(tag: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        for key, value in attrs.items():
            if len(value) > MAX_ATTRIBUTE_CHARS:
                attrs[key] = value[:MAX_ATTRIBUTE_CHARS]
                notes.cut_count += 1
                if len(notes.cut) < notes.KEPT:
                    notes.cut.append((line, f"<{tag} {key}> ({len(value)} characters)"))
            if value == XINCLUDE and (key == "xmlns" or key.startswith("xmlns:")):
                include_prefixes.add(key.partition(":")[2])
        prefix, _, local = tag.rpartition(":")
        if local in ("include", "fallback") and prefix in include_prefixes:
            notes.include_count += 1
            if len(notes.includes) < notes.KEPT:
                notes.includes.append((line, f"<{tag}>"))
        element = Element(tag, attrs, line)
        if stack:
            stack[-1].children.append(element)
        else:
            root.append(element)
        stack.append(element)

    def end(_tag: str) -> None:
        stack.pop()

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse  # type: ignore[assignment]
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.Parse(data, True)
    if not root:
        raise expat.ExpatError("no root element")
    return root[0]


def read_crxml(
    data: bytes,
    *,
    path: str = "",
    encoding: str | None = None,
    fallback_encoding: str | None = None,
    strict: bool = False,
) -> Document:
    """Read chess-results upload XML into a Document (``encoding`` is taken from the
    XML declaration; the argument is ignored)."""
    b = Findings(path)
    source = Source(format="chess-results-xml", dialect="swiss-manager", path=path)
    tournament = Tournament(source=source)
    notes = XmlNotes()
    try:
        root = parse_xml(data, notes)
    except UnsafeXml as exc:
        b.add("T627", str(exc))
        root = None
    except expat.ExpatError as exc:
        b.add("T001", f"not well-formed XML: {exc}", getattr(exc, "lineno", 1) or 1)
        root = None
    _report_notes(notes, b)
    if root is not None:
        if root.tag != "chessresults":
            b.add("T006", f"the XML root is <{root.tag}>, not <chessresults>", root.line)
        else:
            tournament = _tournament(root, b, tournament.source)
    return b.document(tournament, strict=strict)


def _report_notes(notes: XmlNotes, b: Findings) -> None:
    """One T007 for the cut attribute values, one T023 for the XInclude elements."""
    if notes.cut_count:
        line, first = notes.cut[0]
        b.add(
            "T007",
            f"{notes.cut_count} attribute value(s) longer than {MAX_ATTRIBUTE_CHARS} "
            f"characters, more than any field holds, were cut to that length; the "
            f"first: {first}",
            line,
        )
    if notes.include_count:
        line, first = notes.includes[0]
        b.add(
            "T023",
            f"{notes.include_count} XInclude element(s) ({first} first) were "
            "ignored: trfkit never includes other files",
            line,
        )


@dataclass(frozen=True, slots=True)
class _Slot:
    index: int  # 1..6
    number: int  # Swiss-Manager tie-break number, 0 = none
    code: str  # trfkit code, "SM#n" or "tbN"


def _slots(t: Element, team: bool, b: Findings) -> list[_Slot]:
    slots = []
    unmapped = []
    for i in range(1, TB_SLOTS + 1):
        number = parse_int(t.get(f"tb{i}no")) or 0
        if number:
            code = smtb.fide_code(number, t.get(f"tb{i}_detail"), team=team)
            if code is None:
                unmapped.append(smtb.describe(number))
                code = smtb.label(number)
        else:
            code = f"tb{i}"
        slots.append(_Slot(i, number, code))
    if unmapped:
        b.add(
            "T626",
            "tie-break(s) without a FIDE counterpart are carried, not checked: "
            + "; ".join(unmapped),
            t.line,
        )
    return slots


def _declared(e: Element, slots: list[_Slot]) -> tuple[DeclaredValue, ...]:
    out = []
    for slot in slots:
        raw = e.get(f"tb{slot.index}").strip()
        if raw:
            out.append(DeclaredValue(slot.code, parse_number(raw), raw, f"tb{slot.index}"))
    return tuple(out)


def _tournament(root: Element, b: Findings, source: Source) -> Tournament:
    t = root.find("tournamentdata/tournament") or Element("tournament", {}, root.line)
    kind = parse_int(t.get("type")) or 0
    type_text, team_event = TOURNAMENT_TYPES.get(kind, TOURNAMENT_TYPES[0])
    slots = _slots(t, team_event, b)
    player_slots = slots if not team_event else [_Slot(s.index, 0, f"tb{s.index}") for s in slots]
    pairings = _pairings(root, b)
    _board_byes(root, pairings, parse_int(t.get("playerperteam")) or 0)
    elements = list(root.iter("players/player"))
    empty = [e for e in elements if not _name(e) and (parse_int(e.get("no")) or 0) not in pairings]
    if empty:
        b.add(
            "T602",
            f"{len(empty)} empty player entries (no name, no games) were dropped",
            empty[0].line,
        )
    players = tuple(
        _player(e, pairings.get(parse_int(e.get("no")) or 0, {}), player_slots)
        for e in elements
        if e not in empty
    )
    known = {p.start for p in players}
    for start in sorted(set(pairings) - known):
        b.add("T301", f"pairings name player {start}, who is not in <players>")
    teams = tuple(_team(e, players, root, slots) for e in root.iter("teams/team"))
    rounds = [
        (parse_int(r.get("round")) or 0, parse_date(r.get("date")))
        for r in root.iter("rounds/round")
    ]
    n_rounds = parse_int(t.get("rounds")) or len(rounds) or None
    primary = "MPTS" if team_event else "PTS"
    tiebreaks = tuple(s.code for s in slots if s.number and not s.code.startswith("SM#"))
    while tiebreaks and tiebreaks[0] == primary:
        tiebreaks = tiebreaks[1:]
    chief = public_text(t.get("chiefarbiter")) or public_text(t.get("arbiter"))
    deputy = public_text(t.get("deputyarbiter"))
    header = Header(
        name=public_text(t.get("name")),
        city=public_text(t.get("location")),
        federation=public_text(t.get("federation")),
        start_date=parse_date(t.get("from")),
        end_date=parse_date(t.get("to")),
        players_declared=len(players),
        teams_declared=len(teams) or None,
        type_text=type_text,
        chief_arbiter=chief,
        deputy_arbiters=(deputy,) if deputy else (),
        time_control=" ".join(t.get("timecontrol").split()),
        round_dates=tuple(d for _, d in sorted(rounds, key=lambda r: r[0])),
        rounds=n_rounds,
        tiebreaks=tiebreaks,
    )
    return Tournament(
        header=header, players=players, teams=teams, team_byes=_team_byes(root), source=source
    )


def _name(e: Element) -> str:
    last, first = e.get("lastname").strip(), e.get("firstname").strip()
    return f"{last}, {first}" if last and first else (last or first)


def _player(e: Element, rounds: dict[int, Block], slots: list[_Slot]) -> Player:
    opponents, colors, results = grid_columns(rounds)
    return Player(
        start=parse_int(e.get("no")) or 0,
        name=_name(e),
        sex=sex_code(e.get("sex")),
        title=e.get("title").strip(),
        rating=parse_int(e.get("rtgfide")) or None,
        federation=e.get("fed").strip(),
        fide_id=parse_int(e.get("fideid")) or None,
        birth=parse_date(e.get("dob")),
        points=parse_number(e.get("pts")),
        rank=parse_int(e.get("rank")),
        opponents=opponents,
        colors=colors,
        results=results,
        line=e.line,
        declared=_declared(e, slots),
    )


def _team(e: Element, players: tuple[Player, ...], root: Element, slots: list[_Slot]) -> Team:
    number = parse_int(e.get("no")) or 0
    boards = {}
    for p_el in root.iter("players/player"):
        if parse_int(p_el.get("teamno")) == number:
            boards[parse_int(p_el.get("no")) or 0] = parse_int(p_el.get("board")) or 0
    declared = _declared(e, slots)
    game_points = next((d.value for d in declared if d.code == "GPTS"), None)
    return Team(
        number=number,
        name=e.get("teamname").strip(),
        members=tuple(sorted(boards, key=lambda s: (boards[s], s))),
        nickname=e.get("teamshort").strip(),
        match_points=parse_number(e.get("points")),
        game_points=game_points,
        rank=parse_int(e.get("rank")),
        source="chess-results-xml",
        line=e.line,
        declared=declared,
    )


def _team_byes(root: Element) -> tuple[TeamBye, ...]:
    by_round: dict[int, int] = {}
    points = set()
    for e in root.iter("teampairings/teampairing"):
        if parse_int(e.get("no2")) == PAB and 0 < (parse_int(e.get("round")) or 0) <= MAX_ROUNDS:
            by_round[parse_int(e.get("round")) or 0] = parse_int(e.get("no1")) or 0
            points.add(parse_number(e.get("res1")))
    if not by_round:
        return ()
    last = max(by_round)
    game_points = points.pop() if len(points) == 1 else None
    return (TeamBye(None, game_points, tuple(by_round.get(r) for r in range(1, last + 1))),)


def _board_byes(root: Element, pairings: dict[int, dict[int, Block]], boards: int) -> None:
    """Give the team PAB to the bye team's first ``boards`` members, as Swiss-Manager
    scores it (one point per board: its declared player points include it), so that
    the board results add up to the team's game points."""
    members: dict[int, list[tuple[int, int]]] = {}
    for e in root.iter("players/player"):
        team, board = parse_int(e.get("teamno")) or 0, parse_int(e.get("board")) or 0
        if team and board:
            members.setdefault(team, []).append((board, parse_int(e.get("no")) or 0))
    for e in root.iter("teampairings/teampairing"):
        if parse_int(e.get("no2")) != PAB:
            continue
        rnd, team = parse_int(e.get("round")) or 0, parse_int(e.get("no1")) or 0
        if not 0 < rnd <= MAX_ROUNDS:
            continue
        lineup = sorted(members.get(team, []))
        for _board, start in lineup[: boards or len(lineup)]:
            pairings.setdefault(start, {}).setdefault(rnd, (NO_OPPONENT, NO_COLOR, "U"))


def _score(text: str) -> str:
    """``1.0``/``1``/``0,5``/``0`` -> ``"1"``, ``"="``, ``"0"``; "" when blank or odd."""
    value = parse_number(text)
    return {1.0: "1", 0.5: "=", 0.0: "0"}.get(value, "") if value is not None else ""


_FORFEIT: Final = {"1": "+", "0": "-", "=": "="}
_UNRATED: Final = {"1": "W", "0": "L", "=": "D"}


def _pairings(root: Element, b: Findings) -> dict[int, dict[int, Block]]:
    """start number -> round -> entry."""
    out: dict[int, dict[int, Block]] = {}

    def put(start: int, rnd: int, entry: Block, line: int) -> None:
        slot = out.setdefault(start, {})
        if rnd in slot:
            b.add(
                "T901",
                f"round {rnd}: player {start} is paired twice; the second pairing was ignored",
                line,
            )
        else:
            slot[rnd] = entry

    for e in root.iter("playerpairings/playerpairing"):
        rnd = parse_int(e.get("round")) or 0
        white, black = parse_int(e.get("whiteno")) or 0, parse_int(e.get("blackno")) or 0
        rw, rb = _score(e.get("reswhite")), _score(e.get("resblack"))
        forfeit = e.get("forfeit").strip().upper()
        if not 0 < rnd <= MAX_ROUNDS:  # a round 10**9 would pad every player to it (trfkit.limits)
            b.add("T103", f"a playerpairing has no round number from 1 to {MAX_ROUNDS}", e.line)
            continue
        if white > 0 and black in (PAB, NOT_PAIRED):
            put(white, rnd, (NO_OPPONENT, NO_COLOR, _lone(black, rw)), e.line)
        elif white > 0 and black > 0:
            pair = _game(rw, rb, forfeit)
            if pair is None:  # paired, not played yet: kept as the pairing (blank result)
                b.add(
                    "T623",
                    f"round {rnd}: the game {white}-{black} has no result; kept as a pairing",
                    e.line,
                )
                pair = (" ", " ")
            put(white, rnd, (black, "w", pair[0]), e.line)
            put(black, rnd, (white, "b", pair[1]), e.line)
        elif (white > 0) != (black > 0) and min(white, black) == 0:
            start, result = (white, rw) if white > 0 else (black, rb)
            lone = {"1": "+", "0": "-", "=": "H"}.get(result, "Z")
            put(start, rnd, (NO_OPPONENT, NO_COLOR, lone), e.line)
        elif white or black:
            b.add("T621", f"round {rnd}: a pairing of {white} and {black} cannot be read", e.line)
    return out


def _lone(black: int, result: str) -> str:
    if black == PAB:
        return {"1": "U", "=": "H", "0": "Z"}.get(result, "U")
    return {"1": "F", "=": "H"}.get(result, "Z")


def _game(rw: str, rb: str, forfeit: str) -> tuple[str, str] | None:
    if forfeit == "D":
        return ("-", "-")
    if not rw or not rb:
        return None
    if forfeit == "K":
        return (_FORFEIT[rw], _FORFEIT[rb])
    if forfeit == "U":
        return (_UNRATED[rw], _UNRATED[rb])
    if forfeit == "H":  # adjourned: no result yet
        return None
    return (rw, rb)
