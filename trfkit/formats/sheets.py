"""Tables for spreadsheets: typed rows written as CSV text or as an xlsx sheet.

A :class:`Table` holds the cells as values (``int``, ``float``, ``str`` or ``None`` for
an empty cell), so that one table gives both outputs: CSV writes every cell as text
(:func:`csv_text`), xlsx writes numbers as numbers and text as text
(:mod:`.xlsx_writer`). The columns named in :attr:`Table.text` hold the file's text
(names, federations, round cells): those are the cells made inert for spreadsheets
(:func:`safe_cell`) unless ``raw``.

:class:`CsvStyle` is what the CLI's ``--delimiter``, ``--bom`` and ``--raw-csv`` ask
for: Excel in locales whose decimal separator is a comma (ru, de, fr) splits a CSV on
``;``, and opens UTF-8 as UTF-8 only when the file starts with a byte order mark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..model import Tournament

__all__ = [
    "BOM",
    "DELIMITERS",
    "Cell",
    "CsvStyle",
    "TEAM_HEAD",
    "Table",
    "csv_text",
    "delimiter_of",
    "format_row",
    "neutralise",
    "printable",
    "safe_cell",
    "team_cells",
    "team_columns",
]

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralise(cell: str) -> str:
    """``cell`` made inert for spreadsheets (leading ``'`` before a formula character)."""
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


def printable(cell: str) -> str:
    """``cell`` without NUL characters: Python 3.10's csv module cannot write them (it
    raises), later versions write them raw, and no spreadsheet wants them. A NUL can only
    come from a JSON input; the TRF writer drops it too."""
    return cell.replace("\x00", "") if "\x00" in cell else cell


def safe_cell(cell: str, raw: bool = False) -> str:
    """A text cell taken from a file, ready for a spreadsheet: NUL dropped
    (:func:`printable`) and, unless ``raw``, made inert (:func:`neutralise`). Whether it
    looks like a number does not matter: ``-inf`` or ``+1e3`` as a name is text."""
    cell = printable(cell)
    return cell if raw else neutralise(cell)


def format_row(cells: Iterable[Any], newline: str, delimiter: str = ",") -> str:
    """One CSV row ended by ``newline``, cells separated by ``delimiter``: a cell holding
    the delimiter, a quote, a CR or an LF is quoted (quotes doubled, RFC 4180) whatever
    ``newline`` is; others are written as they are."""
    quoted = (delimiter, '"', "\r", "\n")
    out = []
    for cell in cells:
        text = "" if cell is None else str(cell)
        if any(c in text for c in quoted):
            text = '"' + text.replace('"', '""') + '"'
        out.append(text)
    if out == [""]:
        out = ['""']  # a row of one empty cell is not an empty line
    return delimiter.join(out) + newline


#: A cell's value: a number, a text, or None for an empty cell.
Cell = int | float | str | None

#: The byte order mark written first by ``--bom`` (as text: it is encoded with the rest).
BOM = "\ufeff"

#: ``--delimiter`` values -> the separator written (``tab`` and ``\\t`` both mean a tab).
DELIMITERS: Mapping[str, str] = {",": ",", ";": ";", "tab": "\t", "\\t": "\t", "\t": "\t"}


def delimiter_of(value: str) -> str:
    """The separator ``--delimiter value`` asks for; :class:`ValueError` for another one."""
    try:
        return DELIMITERS[value.lower() if value.isalpha() else value]
    except KeyError:
        raise ValueError(f"{value!r}: use ',', ';' or tab ('\\t')") from None


@dataclass(frozen=True, slots=True)
class CsvStyle:
    """How a CSV is written: separator, byte order mark, formula guard (``raw``: off)."""

    delimiter: str = ","
    bom: bool = False
    raw: bool = False


@dataclass(frozen=True, slots=True)
class Table:
    """One sheet: the column heads and the rows of values.

    ``text`` lists the columns holding the file's text (neutralised unless raw); None
    means every column (the crosstable, whose every cell comes from the file).
    """

    name: str
    head: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    text: frozenset[int] | None = None

    def is_text(self, column: int) -> bool:
        return self.text is None or column in self.text


def _as_text(value: Cell, number: Callable[[float], str]) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return number(value)
    return str(value)


def csv_text(table: Table, style: CsvStyle, *, number: Callable[[float], str], newline: str) -> str:
    """``table`` as CSV: floats through ``number``, ints as digits, None empty; the text
    columns made safe (:func:`safe_cell`) unless ``style.raw``."""
    end, sep = newline, style.delimiter
    out = [BOM if style.bom else "", format_row(table.head, end, sep)]
    for row in table.rows:
        cells = [
            safe_cell(_as_text(v, number), style.raw) if table.is_text(k) else _as_text(v, number)
            for k, v in enumerate(row)
        ]
        out.append(format_row(cells, end, sep))
    return "".join(out)


#: The heads of the team columns a team event's player rows get after the name.
TEAM_HEAD = ("team", "team_name")


def team_cells(t: Tournament) -> dict[int, tuple[int, str]] | None:
    """Start number -> (team number, team name) in a team event (None in an individual
    one: its rows get no team columns); a player listed in two teams stays with the
    first (:func:`~trfkit.team_matches.records.team_of`), one in none has no entry."""
    if not t.is_team_event:
        return None
    from ..team_matches.records import team_of  # team events only: not for every CSV or run

    names = {team.number: team.name for team in reversed(t.teams)}  # the first of a number
    return {start: (number, names[number]) for start, number in team_of(t).items()}


def team_columns(teams: Mapping[int, tuple[int, str]] | None, start: int) -> tuple[Cell, ...]:
    """The ``team, team_name`` cells of player ``start``: none when ``teams`` is None
    (an individual event), empty cells for a player of no team."""
    if teams is None:
        return ()
    return teams.get(start, (None, ""))
