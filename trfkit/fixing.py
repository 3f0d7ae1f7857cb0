"""``trfkit fix``: the safe normalisations of a TRF file, made as edits of its own lines.

A rating officer's file is the record, so ``fix`` changes only what can be derived
from the file itself without judgement, and leaves every other character as it was
(the writer of :mod:`trfkit.formats.trf.writer` would re-render every line instead):

* the text is written as UTF-8 (decoded with the detected or given encoding), without
  a byte-order mark;
* every line ends the same way: the line end most lines of the file use (TRF's Remark
  1 says CR, but real files and the tools that read them use LF and CRLF as often, so
  a file's own consistent choice is kept), or the one asked for;
* ``062`` and ``072`` count the ``001`` records and the rated players (only the number
  is replaced: Swiss-Manager's ``(88)`` after it stays);
* the ``001`` lines stand in start-number order (in the places the ``001`` lines held:
  other lines do not move);
* the Points field (columns 81-84) holds what the results give (T401's measure), and
  the Rank field (86-89) the standings under the file's own ``202``/``212`` list, when
  there is one and every round with a pairing has its results (T505's conditions). A
  tie the list does not break keeps a declared rank that is one of the places it
  covers; the others get the remaining places in the standings' order, so no rank is
  shared that the file did not share.

Results, pairings, names and every other field are never touched. A file whose reading
is not sure enough to edit (undecodable bytes, a code page that is a close call,
round blocks off the grid, repeated start numbers...) is refused (:class:`FixRefused`);
an input that is not TRF raises :class:`NotTrf`.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from operator import attrgetter
from typing import Final

from .diagnostics import Severity
from .formats import detect
from .formats.trf.lines import int_field, points_field
from .model import Player, Tournament, replace
from .reading import LoadedDocument, load_data
from .tiebreaks import (
    CodeError,
    Standings,
    UnknownTieBreak,
    compute,
    declared_codes,
    declared_out_of_range,
    lookup,
)
from .validation.rules.scores import TOLERANCE, expected_points, rank_contradicts_points

__all__ = ["FixRefused", "Fixed", "NotTrf", "fix_trf"]

#: Reader codes after which the text or the round blocks are not read surely enough to
#: edit: undecodable or binary bytes, empty or cut input, skipped lines, unknown result
#: codes and colours (the points would be counted without them), blocks off the grid.
UNSAFE: Final = {
    "T001": "bytes that cannot be decoded",
    "T005": "no records",
    "T006": "no TRF records",
    "T007": "more than trfkit reads",
    "T008": "a line too long to be a record",
    "T009": "no document",
    "T013": "no players",
    "T104": "an unknown result code",
    "T105": "an unknown colour",
    "T107": "round blocks off the 10-column grid",
}
_NAMES: Final = {"\n": "LF", "\r\n": "CRLF", "\r": "CR"}
_LINE_END: Final = re.compile(r"\r\n|\r|\n")
_COUNT: Final = re.compile(r"(\d+)")
#: 0-based slices of the fields fix writes in a 001 line.
_POINTS: Final = slice(80, 84)
_RANK: Final = slice(85, 89)
_SHOWN: Final = 5  # changes listed by name in a message, then "..."
_START: Final = attrgetter("start")


class NotTrf(ValueError):
    """The input is another format (JSON, Swiss-Manager, chess-results): ``fix`` edits TRF
    lines only; the message says to convert it first. Also a text with no TRF record at
    all (T006): it is no tournament report, so there is nothing to convert either."""


class FixRefused(ValueError):
    """The file cannot be fixed safely; the message says why, on one line."""


@dataclass(frozen=True, slots=True)
class Fixed:
    """What :func:`fix_trf` made of a file.

    ``data`` is the file as ``fix`` writes it (the input's bytes when nothing changes);
    ``changes`` has one line per kind of change, ``notes`` what was left alone and why.
    ``before`` and ``after`` are both texts as a diff shows them: their line ends kept, a
    byte-order mark as U+FEFF.
    """

    data: bytes
    changes: tuple[str, ...]
    notes: tuple[str, ...]
    before: str
    after: str

    @property
    def changed(self) -> bool:
        """True when the output differs from the input."""
        return bool(self.changes)


def fix_trf(
    data: bytes,
    *,
    fmt: str = "auto",
    path: str = "",
    encoding: str | None = None,
    fallback_encoding: str | None = None,
    newline: str | None = None,
    max_bytes: int | None = None,
) -> Fixed:
    """Fix the TRF file ``data`` (see the module docstring); ``fmt`` is ``auto`` (sniff) or
    ``trf``, any other reader's name is :class:`NotTrf`. ``newline`` (``"\\n"``,
    ``"\\r\\n"``, ``"\\r"``) sets the line end, else the file's most used one is kept.

    Raises :class:`NotTrf` for another format or no report at all (T006) and
    :class:`FixRefused` for a file that cannot be fixed safely.
    """
    if fmt not in ("auto", "trf"):
        raise NotTrf(
            f"--from {fmt}: fix edits TRF files only; convert it first (trfkit convert FILE --to trf)"
        )
    doc = load_data(
        data,
        fmt,
        path=path,
        encoding=encoding,
        fallback_encoding=fallback_encoding,
        max_bytes=max_bytes,
    )
    t = doc.tournament
    # the reader, not the model's source: trfkit's JSON of a TRF file keeps source.format "trf"
    read_as = detect(data[:8192]) if fmt == "auto" else fmt
    if t.source.format != "trf" or read_as != "trf":
        shown = read_as if read_as != "trf" else t.source.format or "not TRF"
        raise NotTrf(
            f"{shown} input, not TRF: "
            "fix edits TRF files only; convert it first (trfkit convert FILE --to trf)"
        )
    if any(d.code == "T006" and d.severity is Severity.ERROR for d in doc.diagnostics):
        # no 001 or ??2 record at all: a note or a letter, not a report fix could make safe
        raise NotTrf("not a tournament report (T006); nothing fixed")
    _refuse_unsafe(doc, encoding is None)
    text = doc.text or ""
    lines = text.split("\n")
    final = lines[-1] == ""
    if final:
        lines.pop()
    changes: list[str] = []
    notes: list[str] = []
    _encoding_changes(t, changes)
    ends = _line_ends(data, t.source.encoding)
    nl = newline or t.source.newline or "\n"
    _newline_change(ends, nl, changes)
    _counts(t, lines, changes)
    standings, why = _own_standings(t)
    _points(t, standings is not None, lines, changes, notes)
    if standings is not None:
        _ranks(t, standings, lines, changes)
    elif why and any(not p.rank for p in t.players):
        notes.append(f"ranks left as they are: {why}")
    _sort(t, lines, changes)
    out = nl.join(lines) + (nl if final else "")
    before_lines = text.split("\n")
    before = "".join(
        line + end for line, end in zip(before_lines, [*ends, ""], strict=False)
    )  # (a last line without a line end gets "")
    if t.source.bom:
        before = "\ufeff" + before
    return Fixed(out.encode("utf-8"), tuple(changes), tuple(notes), before, out)


# --- refusals -------------------------------------------------------------------------


def _refuse_unsafe(doc: LoadedDocument, detected: bool) -> None:
    """:class:`FixRefused` when the reading is not sure enough to edit the file."""
    t = doc.tournament
    player_lines = {p.line for p in t.players}
    played = any(r.strip() for p in t.players for r in p.results)
    for d in doc.diagnostics:
        if d.code == "T102" and d.line in player_lines and played and d.end_column == 84:
            # cut before its points: the round blocks are lost, its points are not 0.0
            raise FixRefused(
                f"line {d.line}: {d.code} {d.message}: the line is cut short and its "
                "results are lost; nothing fixed"
            )
        where = f"line {d.line}: " if d.line > 1 or d.code not in ("T001", "T005") else ""
        if d.code in UNSAFE and d.severity is Severity.ERROR:
            raise FixRefused(
                f"{where}{d.code} {d.message} (the file holds {UNSAFE[d.code]}); nothing fixed"
            )
        if d.code == "T901" and not d.message.startswith("tab characters"):
            raise FixRefused(f"line {d.line}: {d.code} {d.message}; nothing fixed")
        if d.code == "T002" and d.severity is Severity.WARNING and detected:
            raise FixRefused(
                f"{d.message}: the code page is not sure enough to convert the file to "
                "UTF-8; pass --encoding; nothing fixed"
            )
        if d.code == "T103" and d.line in player_lines and d.column not in (81, 86):
            raise FixRefused(f"line {d.line}: {d.code} {d.message}; nothing fixed")
    seen: dict[int, int] = {}
    for p in t.players:
        if p.start <= 0:
            raise FixRefused(f"line {p.line}: a 001 record without a start number; nothing fixed")
        if p.start in seen:
            raise FixRefused(
                f"line {p.line}: start number {p.start} is used on line {seen[p.start]} "
                "too (T305); nothing fixed"
            )
        seen[p.start] = p.line


def _patchable(line: str, number: int) -> None:
    """:class:`FixRefused` for a line whose columns cannot be placed (a tab stop)."""
    if "\t" in line:
        raise FixRefused(
            f"line {number} holds a tab character: its points and rank columns cannot be "
            "placed (expand the tabs first); nothing fixed"
        )


# --- text-wide changes ------------------------------------------------------------------


def _encoding_changes(t: Tournament, changes: list[str]) -> None:
    source = t.source
    if source.encoding_mixed:
        changes.append(f"converted the lines in {source.encoding_mixed} to UTF-8")
    elif source.encoding not in ("ascii", "utf-8"):
        changes.append(f"converted {source.encoding} to UTF-8")
    if source.bom and not source.encoding.startswith(("utf-16", "utf-32")):  # (its own mark)
        changes.append("removed the byte-order mark")


def _line_ends(data: bytes, encoding: str) -> list[str]:
    """Each line end of ``data`` as written, in order (CR and LF are the same bytes in
    ASCII, UTF-8 and every code page trfkit reads: only UTF-16 and UTF-32 need decoding)."""
    if encoding.startswith(("utf-16", "utf-32")):
        raw = data.decode(encoding, errors="replace")
    else:
        raw = data.decode("latin-1")
    return _LINE_END.findall(raw)


def _newline_change(ends: list[str], nl: str, changes: list[str]) -> None:
    other = Counter(end for end in ends if end != nl)
    if other:
        was = ", ".join(f"{n} {_NAMES[end]}" for end, n in sorted(other.items()))
        changes.append(f"fixed line ends: {was} -> {_NAMES[nl]}")


# --- header counts ----------------------------------------------------------------------


def _counts(t: Tournament, lines: list[str], changes: list[str]) -> None:
    """062 (the first number) and 072 set to the 001 records and the rated players."""
    header = t.header
    rated = sum(1 for p in t.players if p.rating)
    for code, declared, actual in (
        ("062", header.players_declared, len(t.players)),
        ("072", header.rated_declared, rated),
    ):
        record = header.first(code)
        if record is None or declared is None or declared == actual or not record.line:
            continue
        line = lines[record.line - 1]
        found = _COUNT.search(line, 4)
        if found is None or int(found.group(1)) != declared:
            continue
        lines[record.line - 1] = line[: found.start()] + str(actual) + line[found.end() :]
        changes.append(f"fixed {code}: {declared} -> {actual}")


# --- points and ranks -------------------------------------------------------------------


def _field(line: str, where: slice, text: str) -> str:
    """``line`` with ``text`` in the columns ``where`` (blanks added to reach them)."""
    start, stop = where.start, where.stop
    line = line.ljust(stop) if len(line) < stop else line
    return line[:start] + text + line[stop:]


def _listed(items: list[str]) -> str:
    """The first few changes, then ``...``."""
    return ", ".join(items[:_SHOWN]) + (", ..." if len(items) > _SHOWN else "")


def _plural(n: int) -> str:
    return f"{n} player{'s' if n != 1 else ''}"


def _points(
    t: Tournament, ranked: bool, lines: list[str], changes: list[str], notes: list[str]
) -> None:
    """The Points field of each player whose results give another total (or none is
    written). Left alone, with a note: in a team event (a player's total may count a team
    bye the file does not encode, T321), and when ``ranked`` is false (the ranks are not
    recomputed) and the new totals would contradict the declared ranks (T402): the ranks
    were made with the declared totals, so one of the two is wrong and fix cannot tell
    which. A total the field cannot hold exactly is left too."""
    expected = expected_points(t)
    wrong = [
        (p, value)
        for p in t.players
        if (value := expected.get(p.start)) is not None
        and (p.points is None or abs(p.points - value) > TOLERANCE)
    ]
    if not wrong:
        return
    if t.is_team_event:
        notes.append(
            f"points left as they are (the results give another total for {_plural(len(wrong))}): in a "
            "team event a total may count a team bye the file does not encode"
        )
        return
    if not ranked and _contradicts_ranks(t, dict((p.start, v) for p, v in wrong)):
        notes.append(
            f"points left as they are (the results give another total for {_plural(len(wrong))}): the "
            "results' totals would contradict the declared ranks (T402), which cannot be "
            "recomputed without the file's own tie-break list; one of them is wrong"
        )
        return
    done: list[str] = []
    for p, value in wrong:
        text = points_field(value, 4)
        if abs(float(text) - value) > TOLERANCE:
            notes.append(f"player {p.start}: {value:g} points do not fit columns 81-84; left")
            continue
        line = lines[p.line - 1]
        _patchable(line, p.line)
        was = line[_POINTS].strip() or "blank"
        lines[p.line - 1] = _field(line, _POINTS, text)
        done.append(f"{p.start}: {was} -> {text.strip()}")
    if done:
        changes.append(f"fixed the points of {_plural(len(done))} ({_listed(done)})")


def _contradicts_ranks(t: Tournament, points: dict[int, float]) -> bool:
    """Whether the totals ``points`` (by start number) make T402 find more than it does now.

    Asked of the file as it is written, in start-number order (T402 takes equal ranks in
    line order), so that fixing a fixed file decides the same."""
    slots = sorted(p.line for p in t.players)
    ordered = [
        replace(p, line=slot) for slot, p in zip(slots, sorted(t.players, key=_START), strict=True)
    ]
    now = replace(t, players=tuple(ordered))
    new = tuple(replace(p, points=points[p.start]) if p.start in points else p for p in ordered)
    before = sum(1 for _ in rank_contradicts_points(now))
    return sum(1 for _ in rank_contradicts_points(replace(now, players=new))) > before


def _ranks(t: Tournament, standings: Standings, lines: list[str], changes: list[str]) -> None:
    """The Rank field from the standings under the file's own list (see the module)."""
    wanted = _places(standings, {p.start: p.rank for p in t.players})
    done: list[str] = []
    for p in t.players:
        rank = wanted.get(p.start)
        if rank is None or rank == p.rank:
            continue
        _patchable(lines[p.line - 1], p.line)
        lines[p.line - 1] = _field(lines[p.line - 1], _RANK, int_field(rank, 4))
        done.append(f"{p.start}: {p.rank or 'blank'} -> {rank}")
    if done:
        order = ", ".join(str(c) for c in standings.codes)
        changes.append(
            f"fixed the ranks of {_plural(len(done))} ({_listed(done)}; "
            f"tie-breaks {order}, rules {standings.edition.name})"
        )


def _own_standings(t: Tournament) -> tuple[Standings | None, str]:
    """The standings under the file's own list, or None and why they cannot give its ranks."""
    if t.is_team_event:
        return None, ""  # players are ranked with their team
    try:
        listed, _ = declared_codes(t)
    except CodeError as exc:
        return None, f"the file's tie-break list cannot be read ({exc})"
    if not listed:
        return None, "the file declares no tie-break list (202/212) to rank by"
    if declared_out_of_range(t):
        return None, "a tie-break of the file's list is out of range (T024)"
    try:
        standings = compute(t, None)
    except (CodeError, UnknownTieBreak, KeyError, ValueError) as exc:
        return None, f"the file's tie-break list cannot be computed ({exc})"
    if not 0 < standings.rounds == t.scored_rounds:
        return None, "no round has results, or results go beyond the rounds the file declares"
    for code in standings.codes:
        if not lookup(code, "individual").group and all(
            row.values.get(str(code)) is None for row in standings.rows
        ):
            return None, f"{code} of the file's list is undefined for every player"
    return standings, ""


def _places(standings: Standings, declared: dict[int, int | None]) -> dict[int, int]:
    """Start number -> rank: a tie the list leaves (players sharing a rank) covers the
    places from that rank on; a declared rank that is one of them stays, the others get
    the free ones in the standings' order."""
    groups: dict[int, list[int]] = {}
    for row in standings.rows:
        groups.setdefault(row.rank, []).append(row.start)
    out: dict[int, int] = {}
    for first, starts in groups.items():
        places = range(first, first + len(starts))
        kept: set[int] = set()
        for start in starts:
            rank = declared.get(start)
            if rank is not None and rank in places and rank not in kept:
                out[start] = rank
                kept.add(rank)
        free = iter(r for r in places if r not in kept)
        for start in starts:
            if start not in out:
                out[start] = next(free)
    return out


# --- order ------------------------------------------------------------------------------


def _sort(t: Tournament, lines: list[str], changes: list[str]) -> None:
    """The 001 lines in start-number order, in the places 001 lines held."""
    slots = sorted(p.line for p in t.players)
    ordered: list[Player] = sorted(t.players, key=_START)
    moved = [p for slot, p in zip(slots, ordered, strict=True) if p.line != slot]
    if not moved:
        return
    texts = {p.line: lines[p.line - 1] for p in t.players}
    for slot, p in zip(slots, ordered, strict=True):
        lines[slot - 1] = texts[p.line]
    changes.append(f"sorted {_plural(len(moved))} by start number")
