"""chess-results tables (saved HTML pages and the Excel export) into the model.

Both exports are one table with a header row somewhere near the top, data rows, and
a footer whose "Annotation" lines name the tie-break columns (SWISS_MANAGER.md
§4.2-4.3). :mod:`.html_page` and :mod:`.excel` only turn their input into a
:class:`Sheet` of text cells; this module finds the header row by its names
(English, German, Russian, Finnish synonyms), never by position, and reads three
views: starting-rank crosstables (``12w1`` cells), round-robin grids (opponent
columns ``1..n``) and starting lists. Declared points, ranks and ``TBn`` values are
kept for ``trfkit check`` to compare.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Final

from ...diagnostics import Diagnostic
from ...document import UndecidedColumn
from ...limits import MAX_ROUNDS
from ...model import (
    NO_COLOR,
    NO_OPPONENT,
    Block,
    DeclaredValue,
    Header,
    Player,
    Source,
    Tournament,
    grid_columns,
)
from ...model import replace as renew
from ...tiebreak_codes import trf_spelling
from ..export_fields import Findings, parse_int, parse_number, public_text, sex_code
from .event_facts import event_facts, ratings_missing
from .words import (
    ABSENCE_VIEWS,
    COLUMNS,
    RANKING_VIEWS,
    STARTING_VIEWS,
    legend_label,
    mentions,
    norm,
    round_column,
    tiebreak_column,
    tiebreak_name,
)

__all__ = [
    "Sheet",
    "build",
    "find_header",
    "legend_code",
    "legend_entry",
    "legend_unrated",
    "legend_version",
]

_RATING_PREFERENCE: Final = tuple(
    norm(w)
    for w in ("RtgI", "EloI", "Rtg", "Elo", "FIDE-Elo", "Elo FIDE", "Rating", "Рейт.", "Рейтинг")
)
_CELL: Final = re.compile(r"^(?P<opp>\d+)(?P<col>[wbs])?(?P<res>1|0|½|=|\+|-)?$")
_RESULT: Final = {"1": "1", "0": "0", "½": "=", "=": "=", "+": "+", "-": "-"}
_LONE: Final = {"-½": "H", "-=": "H", "-0": "Z", "0": "Z", "-": "Z", "-+": "F"}
_ACRONYMS: Final = frozenset(
    {
        "APRO",
        "ARO",
        "DE",
        "WIN",
        "WON",
        "PS",
        "KS",
        "BH",
        "SB",
        "TPR",
        "PTP",
        "APPO",
        "AOB",
        "BPG",
        "BWG",
        "REP",
        "FB",
        "EDE",
        "ESB",
        "BC",
        "TBR",
        "BBE",
        "SSSC",
    }
)


@dataclass(frozen=True, slots=True)
class Sheet:
    """A table as text cells: ``rows`` holds (cells, source line or row number)."""

    rows: list[tuple[list[str], int]]
    title: str = ""
    view: str = ""
    legend: list[str] = field(default_factory=list)
    format: str = "chess-results-html"
    path: str = ""
    #: Label -> value pairs of the page's event table ("Date", "Organizer(s)", ...).
    facts: list[tuple[str, str]] = field(default_factory=list)


def legend_code(text: str) -> str | None:
    """The trfkit code for a legend entry such as "Buchholz Tie-Break Variable (2023)
    (Gamepoints, Cut1)" -> ``BH/C1``: the acronym in parentheses first, then the name
    in any language of :mod:`.words`, then the cut or median the entry names."""
    return legend_entry(text)[0]


def legend_entry(text: str) -> tuple[str | None, bool]:
    """:func:`legend_code` and whether the entry hides its settings ("Buchholz
    Tie-Breaks (variabel with parameter)" of older Swiss-Manager versions)."""
    code = None
    for group in re.findall(r"\(([^()]*)\)", text):
        if group.strip().upper() in _ACRONYMS:
            code = group.strip().upper()
            break
    named, modifier, hidden = tiebreak_name(text)
    code = code or named
    if code is None:
        return None, False
    return code + modifier, hidden and code.split("/")[0] in _CUTTABLE


#: Codes whose hidden settings can be a cut (older legends print none of them).
_CUTTABLE: Final = frozenset({"BH", "ARO", "SB", "AOB"})
#: The variants a column whose legend hides its settings may be, plain first: the load
#: path takes the first one the page's values agree with (:mod:`trfkit.hidden_settings`).
CANDIDATES: Final = ("", "/C1", "/M1", "/C2", "/M2")


def _with(code: str, modifier: str) -> str:
    """``ARO/U1400`` + ``/C1`` -> ``ARO/C1/U1400`` (the cut right after the name)."""
    name, _, rest = code.partition("/")
    return name + modifier + ("/" + rest if rest else "")


def legend_version(text: str) -> str:
    """The rules edition a legend entry names, as a ``/V`` modifier (``"/V2026"``), or "".

    Swiss-Manager offers its C.07 tie-breaks in two variants, "Buchholz Tie-Break
    Variable (2023)" (C.07 2023/2024: dummy opponent with the player's own score)
    and "(2026)" (the 2026 cap, TIEBREAKS.md §C.3), and a list may use both. The
    year decides the values whatever the event's date, so declared values are
    compared under it."""
    m = re.search(r"\((2009|202[2346])\)", text)
    return f"/V{m.group(1)}" if m else ""


#: Rating tie-breaks whose legend entry starts its parameters with the rating given
#: to unrated players: "(APRO) (1400)", "(ARO) (1400, Cut1, ...)".
_RATED: Final = frozenset({"ARO", "APRO", "TPR", "PTP", "APPO"})


def legend_unrated(code: str, text: str) -> str:
    """The rating of unrated players a rating tie-break's legend names, as a ``/U``
    modifier (``"/U1400"``), or "".

    Why: Swiss-Manager's #80 (ARO) and #88 (TPR/APRO/PTP/APPO) take a "minimum
    rating" parameter, printed first in the legend's parameters; a list computed
    with it is only comparable under the same rule (C.07 10 lets the regulations
    rate unrated players). ``/U`` is TieBreakServer's spelling, which
    :mod:`trfkit.tiebreaks` already honours per code."""
    if code.split("/")[0] not in _RATED:
        return ""
    m = re.search(r"\(\s*(\d{3,4})\s*[,)]", text)
    return f"/U{m.group(1)}" if m else ""


@dataclass(frozen=True, slots=True)
class _Columns:
    header_row: int
    start: int | None
    rank: int | None
    name: int
    title: int | None
    federation: int | None
    rating: int | None
    fide_id: int | None
    sex: int | None
    points: int | None
    rounds: tuple[tuple[int, int], ...]  # (round number, column)
    grid: tuple[tuple[int, int], ...]  # (opponent number, column) of a round-robin grid
    tiebreaks: tuple[tuple[int, int, str], ...]  # (index, column, header text)


def find_header(rows: list[tuple[list[str], int]]) -> _Columns | None:
    """The first row naming a name column and a number or rank column."""
    for i, (cells, _) in enumerate(rows):
        names = [norm(c) for c in cells]
        if not any(n in COLUMNS["name"] for n in names):
            continue
        if not any(n in COLUMNS["start"] or n in COLUMNS["rank"] for n in names):
            continue
        return _classify(i, names)
    return None


def _classify(row: int, names: list[str]) -> _Columns:
    def first(kind: str) -> int | None:
        return next((j for j, n in enumerate(names) if n in COLUMNS[kind]), None)

    name = first("name")
    assert name is not None
    blanks = [j for j in range(name) if not names[j]]
    rating = None
    for wanted in _RATING_PREFERENCE:
        rating = next((j for j, n in enumerate(names) if n == wanted), None)
        if rating is not None:
            break
    rounds: list[tuple[int, int]] = []
    grid: list[tuple[int, int]] = []
    tiebreaks: list[tuple[int, int, str]] = []
    for j, n in enumerate(names):
        # round columns beyond trfkit.limits.MAX_ROUNDS are not rounds
        if (rnd := round_column(n)) is not None and 0 < rnd <= MAX_ROUNDS:
            rounds.append((rnd, j))
        elif j > name and n.isdecimal():  # int() rejects "³"
            grid.append((int(n), j))
        elif (index := tiebreak_column(n)) is not None:
            tiebreaks.append((index, j, n))
    return _Columns(
        row,
        first("start"),
        first("rank"),
        name,
        blanks[-1] if blanks else None,
        first("federation"),
        rating,
        first("fide_id"),
        first("sex"),
        first("points"),
        tuple(rounds),
        tuple(grid),
        tuple(tiebreaks),
    )


def _cell(cells: list[str], j: int | None) -> str:
    return cells[j].strip() if j is not None and j < len(cells) else ""


def build(sheet: Sheet, b: Findings | None = None) -> tuple[Tournament, list[Diagnostic]]:
    """The tournament a chess-results table describes, and what was odd about it."""
    b = b or Findings(sheet.path)
    source = Source(format=sheet.format, dialect="chess-results", path=sheet.path)
    cols = find_header(sheet.rows)
    if cols is None:
        b.add(
            "T629",
            "no table header row with a name column and a number or rank column was "
            "found (is this a crosstable or starting list of chess-results?)",
        )
        empty = Tournament(header=Header(name=public_text(sheet.title)), source=source)
        return empty, b.diagnostics
    data = _data_rows(sheet.rows[cols.header_row + 1 :], cols)
    by_rank = cols.start is None or (
        cols.rank is not None
        and cols.rank < cols.start
        and mentions(sheet.view, RANKING_VIEWS)
        and not mentions(sheet.view, STARTING_VIEWS)
    )
    key_col = cols.rank if by_rank else cols.start
    keys = {parse_int(_cell(cells, key_col)) or 0: (cells, line) for cells, line in data}
    if by_rank and cols.rounds:
        b.add(
            "T111",
            "opponent numbers in this ranking crosstable are ranks; players were "
            "numbered by rank (a starting-rank crosstable keeps the real starting numbers)",
            sheet.rows[cols.header_row][1],
        )
    hidden: set[int] = set()
    codes = _legend_codes(sheet.legend, b, hidden)
    if cols.rounds and mentions(sheet.view, ABSENCE_VIEWS):
        b.add(
            "T602",
            f"the view {sheet.view!r} lists absences only; its round columns were not read",
            sheet.rows[cols.header_row][1],
        )
        cols = replace(cols, rounds=())
    if cols.rounds:
        entries = _swiss_entries(keys, cols, b)
    elif cols.grid:
        entries = _grid_entries(keys, cols, b, sheet.rows[cols.header_row][1])
    else:
        entries = {}
    rounds = max((r for r, _ in cols.rounds), default=0) or (
        _grid_rounds(len(cols.grid)) if cols.grid else 0
    )
    facts = event_facts(sheet.facts)
    header = Header(
        name=public_text(sheet.title),
        rounds=rounds or None,
        type_text="Individual: round robin" if cols.grid and not cols.rounds else "",
        **facts,
    )

    players = tuple(
        _player(k, cells, line, cols, codes, entries.get(k, {}))
        for k, (cells, line) in keys.items()
    )
    listed = [i for i in sorted(codes) if codes[i] != "PTS"]
    tournament = Tournament(
        header=renew(
            header,
            players_declared=len(players),
            tiebreaks=tuple(trf_spelling(codes[i]) for i in listed),
        ),
        players=players,
        source=source,
    )
    # a legend that hides a column's cuts: only its tie-break values can tell, and a
    # reader computes none, so the load path settles it (trfkit.hidden_settings)
    b.undecided.extend(
        UndecidedColumn(n, codes[n], tuple(_with(codes[n], m) for m in CANDIDATES), listed.index(n))
        for n in sorted(hidden)
    )
    ratings_missing(tournament, codes, b, sheet.rows[cols.header_row][1])
    return tournament, b.diagnostics


def _data_rows(
    rows: Iterable[tuple[list[str], int]], cols: _Columns
) -> list[tuple[list[str], int]]:
    out: list[tuple[list[str], int]] = []
    key = cols.start if cols.start is not None else cols.rank
    for cells, line in rows:
        if parse_int(_cell(cells, key)) is None or not _cell(cells, cols.name):
            if out:
                break  # the footer starts after the first row that is not a player
            continue
        out.append((cells, line))
    return out


def _legend_codes(legend: list[str], b: Findings, hidden_settings: set[int]) -> dict[int, str]:
    """Tie-break number -> code, with the ``/U`` unrated rating and the ``/V`` edition
    the legend names (the header lists the codes without them: see :func:`_player`
    and :func:`build`). Numbers whose entry hides its settings are added to ``hidden``."""
    codes = {}
    for text in legend:
        entry = legend_label(text)
        if entry is None:
            continue
        number, description = entry
        code, hidden = legend_entry(description)
        if code is None:
            b.add(
                "T626",
                f"tie-break {number} ({description}) has no FIDE "
                "counterpart; its values are carried, not checked",
            )
        else:
            codes[number] = code + legend_unrated(code, description) + legend_version(description)
            if hidden:
                hidden_settings.add(number)
    return codes


def _player(
    start: int,
    cells: list[str],
    line: int,
    cols: _Columns,
    codes: dict[int, str],
    rounds: dict[int, Block],
) -> Player:
    declared = []
    points = parse_number(_cell(cells, cols.points)) if cols.points is not None else None
    for index, j, label in cols.tiebreaks:
        raw = _cell(cells, j)
        if not raw:
            continue
        code = codes.get(index, label.upper())
        if code == "PTS" and cols.points is None:
            points = parse_number(raw)
            continue
        declared.append(DeclaredValue(code, parse_number(raw), raw, label.upper()))
    opponents, colors, results = grid_columns(rounds)
    return Player(
        start=start,
        name=_name(_cell(cells, cols.name)),
        sex=sex_code(_cell(cells, cols.sex)),
        title=_cell(cells, cols.title),
        rating=parse_int(_cell(cells, cols.rating)) or None,
        federation=_cell(cells, cols.federation),
        fide_id=parse_int(_cell(cells, cols.fide_id)) or None,
        points=points,
        rank=parse_int(_cell(cells, cols.rank)) if cols.rank is not None else None,
        opponents=opponents,
        colors=colors,
        results=results,
        line=line,
        declared=tuple(declared),
    )


def _name(text: str) -> str:
    """The name cell without a trailing marker ``*`` and without a ``)`` that closes
    nothing; "Xiao Tong(Qd)" keeps its parentheses."""
    name = text.rstrip("* ").strip() or text
    if name.endswith(")") and name.count(")") > name.count("("):
        name = name[:-1].rstrip()
    return name


def _swiss_entries(
    keys: dict[int, tuple[list[str], int]], cols: _Columns, b: Findings
) -> dict[int, dict[int, Block]]:
    out: dict[int, dict[int, Block]] = {}
    full_byes: dict[int, list[int]] = {}
    for key, (cells, line) in keys.items():
        slot = out.setdefault(key, {})
        for rnd, j in cols.rounds:
            text = _cell(cells, j).replace(" ", "").replace("\u00a0", "")
            if not text or text == "*":
                continue
            if text in ("-1", "-+"):
                full_byes.setdefault(rnd, []).append(key)
                slot[rnd] = (NO_OPPONENT, NO_COLOR, "F")
                continue
            if text in _LONE:
                slot[rnd] = (NO_OPPONENT, NO_COLOR, _LONE[text])
                continue
            m = _CELL.match(text)
            if m is None:
                b.add("T104", f"round {rnd}: cell {text!r} of player {key} cannot be read", line)
                continue
            opponent = int(m.group("opp"))
            if opponent not in keys:
                b.add("T630", f"round {rnd}: player {key} meets {opponent}, who has no row", line)
                continue
            color = {"w": "w", "b": "b", "s": "b"}.get(m.group("col") or "", NO_COLOR)
            if m.group("res") is None:  # paired, not played yet: kept as the pairing
                if key < opponent:
                    b.add(
                        "T623",
                        f"round {rnd}: the game {key}-{opponent} has no result; kept as a pairing",
                        line,
                    )
                slot[rnd] = (opponent, color, " ")
                continue
            slot[rnd] = (opponent, color, _RESULT[m.group("res")])
    for rnd, players in full_byes.items():
        if len(players) == 1:  # one "-1" in a round: the pairing-allocated bye
            out[players[0]][rnd] = (NO_OPPONENT, NO_COLOR, "U")
    return out


def _grid_rounds(n: int) -> int:
    return n - 1 if n % 2 == 0 else n


def berger(n: int) -> dict[frozenset[int], tuple[int, int]]:
    """FIDE Berger tables: {pair: (round, white)} for ``n`` players (a bye slot when odd)."""
    size = n + (n % 2)
    half = size // 2
    pairs = [(i, size + 1 - i) for i in range(1, half + 1)]
    out: dict[frozenset[int], tuple[int, int]] = {}
    for rnd in range(1, size):
        for white, black in pairs:
            if max(white, black) <= n:
                out[frozenset((white, black))] = (rnd, white)
        step = []
        for white, black in pairs:
            white, black = (_rotate(white, size, half), _rotate(black, size, half))
            if size in (white, black):
                other = black if white == size else white
                white, black = (size, other) if rnd % 2 == 1 else (other, size)
            step.append((white, black))
        pairs = step
    return out


def _rotate(x: int, size: int, half: int) -> int:
    return x if x == size else (x - 1 + half) % (size - 1) + 1


def _grid_entries(
    keys: dict[int, tuple[list[str], int]], cols: _Columns, b: Findings, header_line: int
) -> dict[int, dict[int, Block]]:
    """Round-robin grid cells placed in the rounds of the FIDE Berger tables."""
    n = len(cols.grid)
    schedule = berger(n)
    b.add(
        "T111",
        "a round-robin grid has no round numbers: games were placed in the rounds and "
        "colours of the FIDE Berger tables",
        header_line,
    )
    out: dict[int, dict[int, Block]] = {k: {} for k in keys}
    for key, (cells, line) in keys.items():
        for opponent, j in cols.grid:
            text = _cell(cells, j).replace(" ", "")
            if not text or text == "*" or opponent == key:
                continue
            if (
                text not in _RESULT
                or opponent not in keys
                or frozenset((key, opponent)) not in schedule
            ):
                b.add(
                    "T104",
                    f"grid cell {text!r} of player {key} against {opponent} cannot be read",
                    line,
                )
                continue
            rnd, white = schedule[frozenset((key, opponent))]
            out[key][rnd] = (opponent, "w" if white == key else "b", _RESULT[text])
    return out
