"""Where the report marks a declared value that differs from the computed one.

The checks that compare them (:mod:`trfkit.validation.declared`: T503 for tie-break
values, T505 for ranks; T319 for a team's ranks and scores) say it in a diagnostic.
This maps each such diagnostic to the cell of the standings it is about: a player's
value by the diagnostic's model path (``players[3].declared[1]``), a rank, a team's
value or a group of players tied before DE by what the message names. The mark shows
the declared value as text next to the computed one; its title is the whole message.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from ...diagnostics import Diagnostic
from ...model import Tournament
from ...tiebreaks import CodeError, parse
from .markup import text as escape

__all__ = ["CSS", "DIFFERS", "Marks", "mark", "player_marks", "team_marks"]

#: The column of a player's or a team's rank and of its points.
RANK: Final = "#rank"
POINTS: Final = "PTS"

_PATH = re.compile(r"^players\[(\d+)\]\.declared\[(\d+)\]$")
_TEAM_PATH = re.compile(r"^teams\[(\d+)\]$")
_PLAYER_RANK = re.compile(r"^player (\d+) \(.*\) declares rank (\d+),")
_DE_GROUP = re.compile(r"^players ([\d, ]+), tied before (\S+?):")
_TEAM_RANK = re.compile(r"^team (\d+) (?:\(.*\) )?declares rank (\d+),")
_TEAM_SCORE = re.compile(r"^team (\d+) declares (\S+) (match|game) points,")


@dataclass(frozen=True, slots=True)
class Marks:
    """Marks by (row key, column): the row key is a start or team number, the column a
    label of the standings (``BH/C1``), ``PTS``/``MP``/``GP`` or :data:`RANK`; each
    mark is (the declared value as written, the diagnostic's text)."""

    cells: dict[tuple[int, str], list[tuple[str, str]]]

    def get(self, key: int, column: str) -> list[tuple[str, str]]:
        return self.cells.get((key, column), [])


#: The opening of a mark, up to its attributes.
DIFFERS: Final = '<span class="differs"'


def mark(found: Sequence[tuple[str, str]]) -> str:
    """The HTML of the marks of one cell: ``≠ 3,0`` with the message as its title."""
    return "".join(
        f'{DIFFERS} title="{escape(title)}">≠&#8239;{escape(said)}</span>' for said, title in found
    )


def _column(code: str, labels: Sequence[str]) -> str | None:
    """The standings' label for a declared code: the same canonical code, else None."""
    try:
        wanted = parse(code, hints=False).canonical
    except CodeError:
        return None
    if wanted == "PTS":
        return POINTS
    for label in labels:
        try:
            if parse(label, hints=False).canonical == wanted:
                return label
        except CodeError:
            continue
    return None


def _unique(diagnostics: Iterable[Diagnostic], codes: frozenset[str]) -> list[Diagnostic]:
    return list(dict.fromkeys(d for d in diagnostics if d.code in codes))


def player_marks(
    tournament: Tournament, labels: Sequence[str], diagnostics: Iterable[Diagnostic]
) -> Marks:
    """T503 and T505 of the players, by start number and column (a declared code
    without a column of these standings goes to the name, column ``""``)."""
    cells: dict[tuple[int, str], list[tuple[str, str]]] = {}
    players = tournament.players
    for d in _unique(diagnostics, frozenset({"T503", "T505"})):
        text = f"{d.code} {d.message}"
        if d.code == "T505":
            found = _PLAYER_RANK.match(d.message)
            if found:
                cells.setdefault((int(found[1]), RANK), []).append((found[2], text))
            continue
        path = _PATH.match(d.model_path or "")
        if path and int(path[1]) < len(players):
            player = players[int(path[1])]
            if int(path[2]) < len(player.declared):
                value = player.declared[int(path[2])]
                column = _column(value.code, labels)
                said = value.raw or (f"{value.value:g}" if value.value is not None else "")
                where = column if column is not None else ""
                shown = said if column is not None else f"{value.code} {said}"
                cells.setdefault((player.start, where), []).append((shown, text))
            continue
        group = _DE_GROUP.match(d.message)
        if group:
            column = _column(group[2], labels) or ""
            declared = {p.start: p for p in players}
            for start in (int(s) for s in group[1].split(",")):
                member = declared.get(start)
                said = (
                    next((v.raw for v in member.declared if v.code == group[2]), "")
                    if member
                    else ""
                )
                cells.setdefault((start, column), []).append((said or "order", text))
    return Marks(cells)


def team_marks(
    tournament: Tournament, labels: Sequence[str], diagnostics: Iterable[Diagnostic]
) -> Marks:
    """T503, T505 and T319 of the teams, by team number and column (``MP``, ``GP``,
    :data:`RANK` or a label)."""
    cells: dict[tuple[int, str], list[tuple[str, str]]] = {}
    teams = tournament.teams
    for d in _unique(diagnostics, frozenset({"T503", "T505", "T319"})):
        text = f"{d.code} {d.message}"
        found = _TEAM_RANK.match(d.message)
        if found:
            cells.setdefault((int(found[1]), RANK), []).append((found[2], text))
            continue
        score = _TEAM_SCORE.match(d.message)
        if score:
            column = "MP" if score[3] == "match" else "GP"
            cells.setdefault((int(score[1]), column), []).append((score[2], text))
            continue
        path = _TEAM_PATH.match(d.model_path or "")
        if d.code == "T503" and path and int(path[1]) < len(teams):
            team = teams[int(path[1])]
            for value in team.declared:
                if f": declared {value.code}" in d.message:
                    found_column = _column(value.code, labels)
                    said = value.raw or (f"{value.value:g}" if value.value is not None else "")
                    if found_column is None:
                        cells.setdefault((team.number, ""), []).append(
                            (f"{value.code} {said}", text)
                        )
                    else:
                        cells.setdefault((team.number, found_column), []).append((said, text))
                    break
    return Marks(cells)


CSS: Final = """
.differs { font-weight: bold; color: #a00; border: 1px solid #a00; border-radius: 3px;
  padding: 0 2px; margin-left: 3px; white-space: nowrap; font-size: 0.85em; }
"""
