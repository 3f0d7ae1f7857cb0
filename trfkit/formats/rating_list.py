"""FIDE's published players lists (ratings.fide.com downloads), read for the ids a check needs.

A rating officer checks a tournament file against the list of its rating period before
uploading it. FIDE publishes that list as a fixed-width TXT file (the combined
``players_list_foa.txt``, the older combined ``players_list.txt`` without the FOA column, or
one list a kind: ``standard_rating_list.txt`` with a ``SEP25``-style rating column), as XML
(``players_list_xml_foa.xml``: ``<playerslist><player><fideid>`` ...), and zips of either.
The format is told from the content, never from the file name.

A combined list holds some two million players (a few hundred MB), and a check needs a
few hundred of them, so nothing is loaded whole: the TXT is read a line at a time and a
line is decoded only when its id is wanted; the XML is read in bounded blocks, the id of
each ``<player>`` element is found by a byte pattern and only wanted elements are parsed
(with ElementTree, so entities and CDATA read as XML says). The columns of the TXT come
from its header line (each field starts where its header word starts), as FIDE has moved
them before. A file that is none of these, or an XML cut short, raises
:class:`RatingListError` with a one-line reason.
"""

from __future__ import annotations

import io
import os
import re
import zipfile
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Final
from xml.etree.ElementTree import Element, ParseError, fromstring

__all__ = [
    "KINDS",
    "ListedPlayer",
    "RatingList",
    "RatingListError",
    "identity",
    "parse_period",
    "period_label",
    "read_rating_list",
]

#: The rating kinds of FIDE's lists, in the order of :attr:`ListedPlayer.ratings`.
KINDS: Final = ("standard", "rapid", "blitz")

#: Bytes read from an XML list at a time (memory stays at a few of these).
BLOCK: Final = 1 << 22

_MONTHS: Final = (
    "jan",
    "feb",
    "mar",
    "apr",
    "may",
    "jun",
    "jul",
    "aug",
    "sep",
    "oct",
    "nov",
    "dec",
)
_MONTH_YEAR = re.compile(r"(?<![a-z])(" + "|".join(_MONTHS) + r")[-_ ]?(\d{2})(?!\d)", re.I)
_YEAR_MONTH = re.compile(r"(?<!\d)(\d{4})[-_]?(\d{2})(?!\d)")


class RatingListError(ValueError):
    """The list cannot be read: missing, not a FIDE players list, or cut short."""


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """One player of the list. ``ratings`` follow :data:`KINDS`; None is unrated (FIDE's 0)
    or not in this list; ``sex`` is ``"m"``, ``"w"`` or ``""`` as in the model."""

    fide_id: int
    name: str
    federation: str = ""
    sex: str = ""
    birth_year: int | None = None
    ratings: tuple[int | None, int | None, int | None] = (None, None, None)

    def rating(self, kind: str) -> int | None:
        """The ``kind`` (one of :data:`KINDS`) rating, None when unrated."""
        return self.ratings[KINDS.index(kind)]


@dataclass(frozen=True, slots=True)
class RatingList:
    """What was kept of a list: the wanted players found in it, and what the list is.

    ``period`` is the ``(year, month)`` the list is for, None when neither the list nor
    its name says; ``kinds`` are the ratings it holds; ``wanted`` the ids it was read for
    (None: every player was kept), so that an id missing from ``players`` is known absent.
    """

    name: str
    format: str  # "txt" | "xml"
    period: tuple[int, int] | None
    kinds: tuple[str, ...]
    players: Mapping[int, ListedPlayer]
    wanted: frozenset[int] | None = None

    def covers(self, ids: Iterable[int]) -> bool:
        """True when every id of ``ids`` was looked for, found or not."""
        return self.wanted is None or all(i in self.wanted for i in ids)


def parse_period(text: str) -> tuple[int, int] | None:
    """``(year, month)`` of ``SEP25``, ``sep25``, ``2025-09`` or ``202509`` (the first one
    in ``text``), else None."""
    found = _MONTH_YEAR.search(text)
    if found:
        return 2000 + int(found[2]), _MONTHS.index(found[1].lower()) + 1
    found = _YEAR_MONTH.search(text)
    if found and 1 <= int(found[2]) <= 12 and 1970 <= int(found[1]) <= 2100:
        return int(found[1]), int(found[2])
    return None


def period_label(period: tuple[int, int]) -> str:
    """FIDE's name of a period: ``(2025, 9)`` -> ``SEP25``."""
    return f"{_MONTHS[period[1] - 1].upper()}{period[0] % 100:02d}"


def identity(path: str) -> tuple[str, int, int]:
    """The list file as a cache key: its absolute path, size and modification time."""
    try:
        stat = os.stat(path)
    except OSError as exc:
        raise RatingListError(f"{path}: {exc.strerror or exc}") from None
    return os.path.abspath(path), stat.st_size, stat.st_mtime_ns


#: A zip's first four bytes: a member's header, an empty archive's end record, a split
#: archive's marker.
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")

#: How many member names a message about the zip's contents shows.
SHOWN_MEMBERS = 5


def _names(members: list[zipfile.ZipInfo]) -> str:
    """The first :data:`SHOWN_MEMBERS` names, and how many more."""
    names = ", ".join(m.filename for m in members[:SHOWN_MEMBERS])
    more = len(members) - SHOWN_MEMBERS
    return f"{names} and {more} more" if more > 0 else names


def _one_member(archive: zipfile.ZipFile) -> zipfile.ZipInfo:
    """The zip's one .txt or .xml member, or why there is none to read."""
    files = [m for m in archive.infolist() if not m.is_dir()]
    members = [m for m in files if m.filename.lower().endswith((".txt", ".xml"))]
    if not members:
        holds = f"it holds {_names(files)}" if files else "it is empty"
        raise RatingListError(f"the zip holds no .txt or .xml list ({holds})")
    if len(members) > 1:
        raise RatingListError(
            f"the zip holds {len(members)} .txt/.xml lists ({_names(members)}); "
            "a rating list zip holds one"
        )
    return members[0]


def read_rating_list(
    path: str, wanted: Collection[int] | None = None, *, period: tuple[int, int] | None = None
) -> RatingList:
    """Read the list at ``path`` (TXT, XML or a zip of one), keeping the ``wanted`` ids
    (all when None). ``period`` overrides what the list says (a one-kind TXT list's
    ``MonYY`` column), which overrides its name (the zip's member, then the file)."""
    try:
        with open(path, "rb") as raw:
            head = raw.read(4)
            raw.seek(0)
            if head in ZIP_MAGICS:  # an empty zip starts with its end record
                return _read_zip(raw, path, wanted, period)
            return _read_stream(raw, os.path.basename(path), wanted, period, None)
    except OSError as exc:
        raise RatingListError(f"{path}: {exc.strerror or exc}") from None
    except RatingListError as exc:
        raise RatingListError(f"{path}: {exc}") from None


def _read_zip(
    raw: IO[bytes], path: str, wanted: Collection[int] | None, period: tuple[int, int] | None
) -> RatingList:
    try:
        archive = zipfile.ZipFile(raw)
    except (zipfile.BadZipFile, ValueError) as exc:
        raise RatingListError(f"not a readable zip archive ({exc})") from None
    with archive:
        member = _one_member(archive)
        name = os.path.basename(member.filename)
        try:
            with archive.open(member) as stream:
                named = parse_period(os.path.basename(path))
                # a member's own readline is Python code; a buffer in front halves the time
                buffered = io.BufferedReader(stream, 1 << 20)  # type: ignore[type-var]
                return _read_stream(buffered, name, wanted, period, named)
        except (zipfile.BadZipFile, EOFError, OSError) as exc:  # a damaged member
            raise RatingListError(f"{member.filename} cannot be unpacked ({exc})") from None


def _read_stream(
    stream: IO[bytes],
    name: str,
    wanted: Collection[int] | None,
    period: tuple[int, int] | None,
    named: tuple[int, int] | None,
) -> RatingList:
    """``period``: the option; ``named``: what the zip's name says (the member's name first)."""
    head = _peek(stream)
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if not start:
        raise RatingListError("empty file, not a rating list")
    keep = None if wanted is None else frozenset(wanted)
    named = parse_period(name) or named
    if start.startswith(b"<"):
        return _read_xml(stream, name, keep, period or named)
    if start[:2].upper() == b"ID" and b"Name" in start.split(b"\n", 1)[0]:
        return _read_txt(stream, name, keep, period, named)
    raise RatingListError(
        "not a FIDE rating list (neither the TXT header 'ID Number ... Name ...' "
        "nor the XML root <playerslist>)"
    )


def _peek(stream: IO[bytes]) -> bytes:
    """The first bytes without consuming them (files and zip members both can peek)."""
    peek = getattr(stream, "peek", None)
    return bytes(peek(512)[:512]) if peek is not None else b""


# -- TXT -----------------------------------------------------------------------------------

#: Header words of the TXT lists -> the field they head (a ``MonYY`` word: the rating of a
#: one-kind list, ``Gms``/``K`` its games and K factor, ignored).
_TXT_FIELDS: Final = {
    "ID": "id",
    "NAME": "name",
    "FED": "federation",
    "SEX": "sex",
    "B-DAY": "birth",
    "BORN": "birth",
    "SRTNG": "standard",
    "RRTNG": "rapid",
    "BRTNG": "blitz",
}
_MONTH_WORD = re.compile(r"^(" + "|".join(_MONTHS) + r")\d{2}$", re.I)


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where each field of a TXT line is: ``(start, end)`` character spans, ``end`` None
    for the last column; ``shift_from``: first column moved right by an overlong line."""

    spans: Mapping[str, tuple[int, int | None]]
    width: int
    shift_from: int
    period: tuple[int, int] | None


def _layout(header: str, kind: str) -> _Layout:
    words = [(m.start(), m.group()) for m in re.finditer(r"\S+", header)]
    if len(words) > 1 and words[0][1].upper() == "ID" and words[1][1].lower() == "number":
        del words[1]  # "ID Number" heads one column
    spans: dict[str, tuple[int, int | None]] = {}
    period = None
    for i, (start, word) in enumerate(words):
        end = words[i + 1][0] if i + 1 < len(words) else None
        field = _TXT_FIELDS.get(word.upper())
        if field is None and _MONTH_WORD.match(word):
            field, period = kind, parse_period(word)
        if field is not None and field not in spans:
            spans[field] = (start, end)
    if "id" not in spans or "name" not in spans or not any(k in spans for k in KINDS):
        raise RatingListError(
            "the first line is not the header of a FIDE rating list (it needs the ID Number, "
            "Name and a rating column)"
        )
    # an overlong OTit (titles) pushes the columns after it right on a few lines
    shift_from = min((s for f, (s, _e) in spans.items() if f in KINDS), default=0)
    return _Layout(spans, len(header.rstrip()), shift_from, period)


def _kind_of(name: str) -> str:
    lowered = name.lower()
    return "rapid" if "rapid" in lowered else "blitz" if "blitz" in lowered else "standard"


def _read_txt(
    stream: IO[bytes],
    name: str,
    wanted: frozenset[int] | None,
    period: tuple[int, int] | None,
    named: tuple[int, int] | None,
) -> RatingList:
    header = stream.readline(8192)
    layout = _layout(_text(header.rstrip(b"\r\n")), _kind_of(name))
    id_start, id_end = layout.spans["id"]
    found: dict[int, ListedPlayer] = {}
    for line in stream:
        try:
            fide_id = int(line[id_start:id_end])
        except ValueError:  # a blank or foreign line
            continue
        if wanted is None or fide_id in wanted:
            found[fide_id] = _txt_player(fide_id, _text(line.rstrip(b"\r\n")), layout)
    kinds = tuple(k for k in KINDS if k in layout.spans)
    return RatingList(name, "txt", period or layout.period or named, kinds, found, wanted)


def _text(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def _txt_player(fide_id: int, line: str, layout: _Layout) -> ListedPlayer:
    shift = max(0, len(line) - layout.width)

    def field(key: str) -> str:
        span = layout.spans.get(key)
        if span is None:
            return ""
        start, end = span
        if start >= layout.shift_from:
            start, end = start + shift, None if end is None else end + shift
        return line[start:end].strip()

    return ListedPlayer(
        fide_id,
        field("name"),
        field("federation").upper(),
        _sex(field("sex")),
        _number(field("birth")),
        (_number(field("standard")), _number(field("rapid")), _number(field("blitz"))),
    )


def _sex(text: str) -> str:
    return {"M": "m", "F": "w", "W": "w"}.get(text.upper(), "")


def _number(text: str) -> int | None:
    """A rating or a birth year; FIDE's 0 (and anything not a number) is None."""
    return (int(text) or None) if text.isdigit() else None


# -- XML -----------------------------------------------------------------------------------

_ROOT = re.compile(rb"<playerslist[\s>/]")
_PROLOG = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*(<\?xml[^>]*\?>)?(?:\s|<!--.*?-->)*", re.S)
_FIDEID = re.compile(rb"<fideid>\s*(\d+)\s*</fideid>")
_END = b"</playerslist>"


def _read_xml(
    stream: IO[bytes], name: str, wanted: frozenset[int] | None, period: tuple[int, int] | None
) -> RatingList:
    buffer = stream.read(BLOCK)
    prolog = _PROLOG.match(buffer)
    declaration = prolog[1] if prolog and prolog[1] else b""
    at = prolog.end() if prolog else 0
    if buffer[at : at + 9].upper() == b"<!DOCTYPE":
        raise RatingListError("the XML declares a DOCTYPE; it was refused (entity expansion)")
    if not _ROOT.match(buffer, at):
        raise RatingListError("not a FIDE rating list (the XML root is not <playerslist>)")
    found: dict[int, ListedPlayer] = {}
    kinds: set[str] | None = None  # the rating tags of the first player: what the list holds
    while True:
        block = stream.read(BLOCK)
        buffer += block
        cut = buffer.rfind(b"</player>")
        cut = cut + len(b"</player>") if cut >= 0 else 0  # whole elements only
        if kinds is None and cut:
            first = next(_players(buffer[:cut], None, declaration), None)
            kinds = set() if first is None else _held(first)
        for element in _players(buffer[:cut], wanted, declaration):
            player = _xml_player(element)
            found[player.fide_id] = player
        if not block:
            break
        buffer = buffer[cut:]
        if len(buffer) > 16 * BLOCK:
            raise RatingListError("no </player> in 64 MB: not a FIDE players list")
    if _END not in buffer:
        raise RatingListError("the XML ends before </playerslist> (a truncated download?)")
    own = _kind_of(name)
    if not kinds or kinds == {"standard"}:  # a one-kind list: its <rating> is its kind
        if own != "standard":
            found = {i: _moved(p, own) for i, p in found.items()}
        return RatingList(name, "xml", period, (own,), found, wanted)
    return RatingList(name, "xml", period, tuple(k for k in KINDS if k in kinds), found, wanted)


def _players(text: bytes, wanted: frozenset[int] | None, declaration: bytes) -> Iterator[Element]:
    """The ``<player>`` elements of ``text`` (whole elements only) with a wanted id, parsed."""
    for match in _FIDEID.finditer(text):
        if wanted is not None and int(match[1]) not in wanted:
            continue
        start = text.rfind(b"<player>", 0, match.start())
        end = text.find(b"</player>", match.end())
        if start < 0 or end < 0:
            raise RatingListError("a <fideid> outside a <player> element")
        try:
            yield fromstring(declaration + text[start : end + len(b"</player>")])
        except ParseError as exc:
            raise RatingListError(f"malformed <player> element ({exc})") from None


_XML_RATINGS: Final = {"rating": "standard", "rapid_rating": "rapid", "blitz_rating": "blitz"}


def _held(element: Element) -> set[str]:
    return {kind for tag, kind in _XML_RATINGS.items() if element.find(tag) is not None}


def _xml_player(element: Element) -> ListedPlayer:
    def text(tag: str) -> str:
        return (element.findtext(tag) or "").strip()

    return ListedPlayer(
        int(text("fideid")),
        text("name"),
        text("country").upper(),
        _sex(text("sex")),
        _number(text("birthday")),
        (_number(text("rating")), _number(text("rapid_rating")), _number(text("blitz_rating"))),
    )


def _moved(player: ListedPlayer, kind: str) -> ListedPlayer:
    ratings: list[int | None] = [None, None, None]
    ratings[KINDS.index(kind)] = player.ratings[0]
    return ListedPlayer(
        player.fide_id,
        player.name,
        player.federation,
        player.sex,
        player.birth_year,
        (ratings[0], ratings[1], ratings[2]),
    )
