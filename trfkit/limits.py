"""Size limits that keep reading a stranger's file bounded in time and memory.

trfkit reads uploads and e-mail attachments. A hostile or broken input must end in
a diagnostic within seconds, never in a machine that swaps: every input is measured
*before* the expensive work starts, and what is beyond a limit is refused or cut
with a located diagnostic instead of being parsed.

* **Bytes** (T007): at most :data:`DEFAULT_MAX_BYTES` per input (``--max-bytes``).
  trfkit never reads more than the limit plus one byte (:mod:`trfkit.reading`), so a
  10 GB file costs no more than a 100 MB one.
* **Lines** (T007, T008): a TRF file holds at most :data:`MAX_PLAYERS` players, so
  more than :data:`MAX_LINES` lines or a line longer than :data:`MAX_LINE_CHARS`
  characters (room for :data:`MAX_ROUNDS` round blocks) is not a tournament report.
* **Structure** (T007): ``json.loads`` spends ~100 bytes per value, a zip archive
  can inflate a thousandfold and Python's HTML parser is slow, so JSON inputs are
  limited by their number of values (:data:`MAX_JSON_VALUES`), workbooks by their
  declared unpacked size (:data:`MAX_UNPACKED_BYTES`) and chess-results XML/HTML by
  their number of tags and players (:data:`MAX_MARKUP_TAGS`) and of character
  references (:data:`MAX_MARKUP_REFERENCES`) before they are parsed; an XML attribute
  value is cut to :data:`MAX_ATTRIBUTE_CHARS`.
* **Model** (after reading, any format): more than :data:`MAX_ROUND_ENTRIES` round
  results is T007; a declared number of rounds beyond :data:`MAX_ROUNDS` is dropped
  with T205 (every consumer pads each player to it). Readers keep at most
  :data:`MAX_SAME_CODE` diagnostics of one code (:class:`DiagnosticCap`).

Writers have limits too: a fixed-width TRF field cannot hold a start number above
9999. :func:`trfkit.formats.trf.losses.field_overflows` (beside the TRF writer) lists
such values (T603) so that a conversion says what it could not keep instead of writing
a shifted or truncated number silently.
"""

from __future__ import annotations

import io
import re
from operator import attrgetter
from typing import Final

from .diagnostics import Diagnostic, make
from .document import Document
from .model import Source, Tournament, replace

_RESULTS: Final = attrgetter("results")

__all__ = [
    "DEFAULT_MAX_BYTES",
    "MAX_ATTRIBUTE_CHARS",
    "MAX_JSON_VALUES",
    "MAX_LINES",
    "MAX_LINE_CHARS",
    "MAX_MARKUP_REFERENCES",
    "MAX_MARKUP_TAGS",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_ROUND_ENTRIES",
    "MAX_SAME_CODE",
    "MAX_UNPACKED_BYTES",
    "DiagnosticCap",
    "json_values",
    "cap_lines",
    "long_line",
    "oversized_model",
    "parse_size",
    "refuse",
    "too_many_players",
]

#: Default ``--max-bytes``: far above any real tournament report (a 9999-player
#: TRF with 30 rounds is about 4 MB).
DEFAULT_MAX_BYTES: Final = 100 * 1024 * 1024
#: TRF start numbers have four digits.
MAX_PLAYERS: Final = 9999
#: Round blocks a TRF line may hold (a triple round robin of 300 players still fits).
MAX_ROUNDS: Final = 999
#: 001 line: 91 characters before the first round block, 10 per round.
MAX_LINE_CHARS: Final = 91 + 10 * MAX_ROUNDS
#: Players, their national-rating lines, team and list records, with room to spare.
MAX_LINES: Final = 200_000
#: Declared unpacked size of a zip-based input (xlsx).
MAX_UNPACKED_BYTES: Final = 256 * 1024 * 1024
#: Round entries (players x rounds) of one tournament: reading, checking, tie-breaks and
#: JSON output all grow with it (9999 players x 50 rounds, or 5000 x 99).
MAX_ROUND_ENTRIES: Final = 500_000
#: Structural values (``{``, ``[`` and separating commas, see :func:`json_values`) trfkit's
#: JSON spends on one round result (an object of four members and its comma) ...
JSON_VALUES_PER_ROUND_ENTRY: Final = 5
#: ... on one player or national-rating record without its rounds (about 20: its members,
#: birth date, lists of declared values; twice that for room) ...
JSON_VALUES_PER_PLAYER: Final = 40
#: ... and on any other line of the input (a header record, a team, a kept vendor line).
JSON_VALUES_PER_LINE: Final = 10
#: Values in a JSON input (~100 bytes of memory each once parsed). Derived from the other
#: limits, so that the JSON of any tournament trfkit accepts in another format is read
#: back: :data:`MAX_ROUND_ENTRIES` results, :data:`MAX_PLAYERS` players with as many
#: national-rating records, :data:`MAX_LINES` lines. The JSON writer of ``convert``
#: refuses (T604) what would exceed it, so nothing trfkit writes is refused on reading.
MAX_JSON_VALUES: Final = (
    JSON_VALUES_PER_ROUND_ENTRY * MAX_ROUND_ENTRIES
    + JSON_VALUES_PER_PLAYER * 2 * MAX_PLAYERS
    + JSON_VALUES_PER_LINE * MAX_LINES
)
#: Diagnostics of one code per input a reader keeps; then one note says the rest were dropped.
MAX_SAME_CODE: Final = 1000
#: Tags in chess-results inputs; every tag costs parsing time, so their number bounds it.
#: HTML: a 2000-player crosstable has ~80 000. XML: one element per player and per game
#: (9999 players x 15 rounds is ~85 000), each read and checked.
MAX_MARKUP_TAGS: Final = {"chess-results-html": 250_000, "chess-results-xml": 100_000}
#: Characters of one XML attribute value (a name, a club, a tie-break value); longer ones
#: are cut with T007, so that no later step works on a megabyte-long string.
MAX_ATTRIBUTE_CHARS: Final = 1000
#: Character and entity references (``&#65;``, ``&amp;``) in one chess-results XML input: a
#: 9999-player export with accented names written as references has a few tens of thousands.
MAX_MARKUP_REFERENCES: Final = 200_000

#: The largest ``--max-bytes``: an input is held in memory whole, so anything beyond
#: this (64 GB) cannot be read, and far beyond it the size does not even fit an index.
MAX_SIZE_OPTION: Final = 64 * 1024**3

_UNITS: Final = {
    "": 1,
    "B": 1,
    "K": 1024,
    "KB": 1024,
    "M": 1024**2,
    "MB": 1024**2,
    "G": 1024**3,
    "GB": 1024**3,
}


def parse_size(text: str) -> int:
    """``"100MB"`` / ``"64k"`` / ``"1000"`` -> bytes; raises ValueError for anything else."""
    raw = text.strip().upper().replace(" ", "")
    digits = raw.rstrip("KMGB")
    unit = raw[len(digits) :]
    if not digits.isdigit() or unit not in _UNITS:
        raise ValueError(f"{text!r} is not a size (e.g. 100MB, 512K, 1000000)")
    size = int(digits) * _UNITS[unit]
    if size > MAX_SIZE_OPTION:
        raise ValueError(
            f"{text!r} is more than any input can hold in memory; give a size "
            f"from 0 to {MAX_SIZE_OPTION // 1024**3}GB"
        )
    return size


def _human(size: int) -> str:
    for unit, factor in (("GB", 1024**3), ("MB", 1024**2), ("KB", 1024)):
        if size >= factor:
            return f"{size / factor:.1f} {unit}"
    return f"{size} bytes"


def _refused(diagnostic: Diagnostic, fmt: str, path: str) -> Document:
    return Document(Tournament(source=Source(format=fmt, path=path)), (diagnostic,), None)


def refuse(
    fmt: str, data: bytes, *, path: str = "", max_bytes: int | None = DEFAULT_MAX_BYTES
) -> Document | None:
    """A Document holding one T007 when ``data`` must not be parsed as ``fmt``, else None.

    ``data`` may be the first ``max_bytes + 1`` bytes of a larger input (the CLI
    stops reading there), so the message says "more than", not the exact size.
    """
    if max_bytes is not None and len(data) > max_bytes:
        exact = f" ({max_bytes} bytes)" if max_bytes >= 1024 else ""
        return _refused(
            make(
                "T007",
                f"the input is larger than {_human(max_bytes)}{exact}; it was not read",
                file=path,
            ),
            fmt,
            path,
        )
    if fmt == "json":
        values = json_values(data)
        if values > MAX_JSON_VALUES:
            return _refused(
                make(
                    "T007",
                    f"the JSON input holds about {values} values, more than "
                    f"{MAX_JSON_VALUES}; it was not parsed",
                    file=path,
                    hint="",
                ),
                fmt,
                path,
            )
        starts = data.count(b'"start"')  # players and their national-rating records
        if starts > 2 * MAX_PLAYERS:
            return _refused(
                make(
                    "T007",
                    f"the JSON input holds {starts} start numbers, more than "
                    f"any tournament ({MAX_PLAYERS} players); it was not "
                    "parsed",
                    file=path,
                    hint="",
                ),
                fmt,
                path,
            )
    elif fmt in MAX_MARKUP_TAGS:
        tags = data.count(b"<")
        players = data.count(b"<player ") if fmt == "chess-results-xml" else 0
        references = data.count(b"&") if fmt == "chess-results-xml" else 0
        if references > MAX_MARKUP_REFERENCES:
            return _refused(
                make(
                    "T007",
                    f"the {fmt} input holds {references} character or "
                    f"entity references, more than any tournament "
                    f"({MAX_MARKUP_REFERENCES}); it was not parsed",
                    file=path,
                    hint="",
                ),
                fmt,
                path,
            )
        if tags > MAX_MARKUP_TAGS[fmt] or players > MAX_PLAYERS:
            what = f"{players} players" if players > MAX_PLAYERS else f"about {tags} tags"
            limit = MAX_PLAYERS if players > MAX_PLAYERS else MAX_MARKUP_TAGS[fmt]
            return _refused(
                make(
                    "T007",
                    f"the {fmt} input holds {what}, more than any tournament "
                    f"({limit}); it was not parsed",
                    file=path,
                    hint="",
                ),
                fmt,
                path,
            )
    elif fmt == "xlsx" and data.startswith(b"PK"):
        unpacked = _unpacked_size(data)
        if unpacked > MAX_UNPACKED_BYTES:
            return _refused(
                make(
                    "T007",
                    f"the workbook unpacks to {_human(unpacked)}, more than "
                    f"{_human(MAX_UNPACKED_BYTES)} (a zip bomb?); it was not "
                    "read",
                    file=path,
                    hint="",
                ),
                fmt,
                path,
            )
    return None


def json_values(data: bytes, *, exact: bool = False) -> int:
    """About how many values ``data`` (JSON) holds: its ``{``, ``[`` and commas.

    Counted over the raw bytes (fast), and only when that exceeds :data:`MAX_JSON_VALUES`
    again with the strings blanked out, so that commas inside names and vendor lines
    (``"Müller, Zoë"``) do not count: a legal file is never refused for its spelling.
    """
    raw = data.count(b",") + data.count(b"{") + data.count(b"[")
    if raw <= MAX_JSON_VALUES and not exact:
        return raw

    bare = re.sub(rb'"[^"\\]*(?:\\.[^"\\]*)*"', b'""', data, flags=re.DOTALL)
    return bare.count(b",") + bare.count(b"{") + bare.count(b"[")


def _unpacked_size(data: bytes) -> int:
    """Sum of the sizes a zip archive declares (zipfile never inflates past them); 0 if
    unreadable.

    :mod:`zipfile` is imported here, not at the top: only workbook formats get this far,
    and a one-file TRF check should not pay for it."""
    import zipfile  # workbooks only (see the docstring)

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return 0  # the reader itself reports the damaged archive


def oversized_model(doc: Document) -> Document | None:
    """The Document made safe to check and rank, or None when it already is.

    A bound on bytes alone is not enough: 50 MB of TRF can hold 5000 players x 999
    rounds, and the checks and JSON output of five million entries take gigabytes
    (T007, the players are dropped); a declared number of rounds beyond
    :data:`MAX_ROUNDS` (XXR, JSON, XML, Swiss-Manager) is dropped with T205.
    """
    t = doc.tournament
    entries = sum(map(len, map(_RESULTS, t.players)))
    if entries > MAX_ROUND_ENTRIES:
        found = make(
            "T007",
            f"the input holds {entries} round results ({len(t.players)} players), "
            f"more than {MAX_ROUND_ENTRIES}; it was not processed "
            "further",
            file=t.source.path,
            hint="",
        )
        return Document(Tournament(header=t.header, source=t.source), (found,), doc.text)
    declared = t.header.rounds
    if declared is not None and not 0 <= declared <= MAX_ROUNDS:
        # Every consumer pads each player to the declared rounds: 10**10 of them is a hang.
        line = next((r.line for r in t.header.records if r.code in ("142", "XXR")), 1)
        found = make(
            "T205",
            f"the input declares {declared} rounds, more than any tournament "
            f"({MAX_ROUNDS}); the rounds were counted from the results "
            "instead",
            line,
            file=t.source.path,
        )
        header = replace(t.header, rounds=None)
        return replace(
            doc, tournament=replace(t, header=header), diagnostics=(*doc.diagnostics, found)
        )
    return None


class DiagnosticCap:
    """Keeps at most :data:`MAX_SAME_CODE` diagnostics of each code, then notes the rest once.

    A damaged binary file can repeat one problem millions of times; reporting each
    costs more memory than the file and helps nobody.
    """

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def admit(self, found: list[Diagnostic], code: str, line: int = 1, file: str = "") -> bool:
        """Count one ``code`` diagnostic; True when the caller should build and keep it.

        Asked *before* the diagnostic is built: making millions of them is the cost.
        """
        n = self.counts[code] = self.counts.get(code, 0) + 1
        if n == MAX_SAME_CODE + 1:
            found.append(
                make(
                    "T901",
                    f"more than {MAX_SAME_CODE} {code} diagnostics in this "
                    "input; the rest are not reported",
                    line,
                    file=file,
                    hint="",
                )
            )
        return n <= MAX_SAME_CODE


def cap_lines(text: str, limit: int = MAX_LINES) -> tuple[str, Diagnostic | None]:
    """``text`` cut after its ``limit``-th line, with a T007 when something was cut.

    Cutting *before* ``str.split`` matters: splitting 60 MB of one-character lines
    makes thirty million string objects.
    """
    newlines = text.count("\n")  # (one C pass: nearly every text is far below the limit)
    if newlines < limit or (newlines == limit and text.endswith("\n")):
        return text, None
    pos = -1
    for _ in range(limit):
        pos = text.find("\n", pos + 1)
        if pos < 0:
            return text, None
    if pos + 1 >= len(text):
        return text, None
    rest = text.count("\n", pos + 1) + (not text.endswith("\n"))
    diagnostic = make(
        "T007",
        f"the input has {limit + rest} lines, more than any tournament "
        f"report ({limit}); only the first {limit} were read",
        limit + 1,
        hint="",
    )
    return text[: pos + 1], diagnostic


def long_line(line: str, lineno: int, limit: int = MAX_LINE_CHARS) -> Diagnostic | None:
    """T008 for a line longer than any record (binary data or a damaged file), else None."""
    if len(line) <= limit:
        return None
    return make(
        "T008",
        f"line of {len(line)} characters, longer than any TRF record ({limit}, "
        f"{MAX_ROUNDS} rounds); it was skipped",
        lineno,
        limit + 1,
    )


def too_many_players(lineno: int) -> Diagnostic:
    """T007 for the 001 record after the :data:`MAX_PLAYERS`-th: start numbers have four digits."""
    return make(
        "T007",
        f"more than {MAX_PLAYERS} player records (start numbers have four digits); "
        "the rest of the input was not read",
        lineno,
        hint="",
    )
