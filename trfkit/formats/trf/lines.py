"""Fixed-width rendering of one TRF record each: the inverse of the record parsers.

Each function returns one line without its line end and without trailing blanks.
Column positions are those of TRF.md §4-§6 and of :mod:`.players` /
:mod:`.records`; a value too wide for its field is cut to the field, so that a
line never shifts the columns after it (the writer reports such cuts as T603).
"""

from __future__ import annotations

from typing import Final

from ...model import (
    EMPTY_BLOCK,
    NO_COLOR,
    AbnormalPoints,
    Acceleration,
    ByeRecord,
    ForfeitedMatch,
    LineUp,
    NationalRating,
    PartialDate,
    Player,
    ProhibitedPairing,
    RoundEntry,
    Team,
    TeamBye,
)
from .dates import complete_date

__all__ = [
    "player_line",
    "national_line",
    "team_013_line",
    "team_310_line",
    "round_block",
    "round_dates_value",
    "bye_line",
    "acceleration_line",
    "prohibited_line",
    "abnormal_line",
    "lineup_line",
    "team_bye_line",
    "forfeit_line",
    "NAME_WIDTH",
    "LINE_BREAKS",
    "FIELD_BLANKS",
    "int_field",
    "points_field",
]

NAME_WIDTH: Final = 33


#: Characters a reader takes for a line break (or, NUL, for binary data): a value from JSON,
#: XML or Swiss-Manager holding one would start a new record, so they are written as blanks.
LINE_BREAKS: Final = "\r\n\x00\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
#: ... and, inside a field, a tab stop (readers expand it) and the unit separator.
FIELD_BLANKS: Final = "\t\x1f" + LINE_BREAKS
_BLANKS: Final = str.maketrans(dict.fromkeys(FIELD_BLANKS, " "))


def _field(text: str, width: int) -> str:
    """A text field as a reader will read it back: no breaks or tabs, no blanks at either end.

    Readers strip fields, so a value from JSON or XML with edge blanks (or a title cut
    to ``"Du "``) would read back different and make write-read-write unstable.
    """
    return text.translate(_BLANKS).strip()[:width].strip()


def _int(value: int | None, width: int) -> str:
    """``value`` right-aligned in ``width`` columns; blank when it does not fit: its last
    digits would be another number (rating 123456 read back as 3456, opponent 12345 as
    player 2345), a blank field is read as "none" (the writer reports it, T603)."""
    text = f"{'' if value is None else value:>{width}}"
    return " " * width if len(text) > width else text


def _num(value: float | None, width: int) -> str:
    """One decimal when it fits, else none, else the largest value the field can hold."""
    if value is None:
        return " " * width
    text = f"{value:{width}.1f}"
    if len(text) > width:
        text = f"{value:{width}.0f}"
    if len(text) > width:
        text = ("-" if value < 0 else "") + "9" * (width - (value < 0))
    return text


#: Public names for what the writer makes of a number (the T603 messages say it).
int_field: Final = _int
points_field: Final = _num


def _date(value: PartialDate | None) -> str:
    return "" if value is None else value.trf[:10]


#: A colours-column character as a round block writes it.
_COLOR_CHAR: Final = {"w": "w", "b": "b", NO_COLOR: "-"}


def round_block(entry: RoundEntry) -> str:
    """``OOOO C R``: opponent (``0000`` for none), colour (``-`` for none), result."""
    return _block(entry.opponent or 0, entry.color or NO_COLOR, entry.result or EMPTY_BLOCK)


def _block(opponent: int, color: str, result: str) -> str:
    """:func:`round_block` of one round of the columns."""
    if result == EMPTY_BLOCK:
        if not opponent and color == NO_COLOR:
            return " " * 8
        result = " "
    # 0 reads back as none
    return f"{'0000' if not opponent else _int(opponent, 4)} {_COLOR_CHAR[color]} {result}"


def _fixed(
    code: str,
    start: int,
    sex: str,
    title: str,
    name: str,
    rating: int | None,
    federation: str,
    ident: str,
    birth: PartialDate | None,
) -> str:
    """Columns 1-79 shared by 001 and National Rating Support lines (an id too long for
    its 11 columns is left blank, as :func:`_int` leaves a number). Start number 0 is the
    model's "none" (a blank field, T102): written blank, so that a missing start number
    stays missing instead of reading back as a silent ``0``."""
    ident = ident if len(ident) <= 11 else ""
    return (
        f"{code:<3} {_int(start or None, 4)} {sex[:1] or ' '}{_field(title, 3):>3} "
        f"{_field(name, NAME_WIDTH):<{NAME_WIDTH}} "
        f"{_int(rating or None, 4)} {_field(federation, 3):<3} {ident:>11} {_date(birth):<10}"
    )


def player_line(p: Player, computed_points: float | None = None) -> str:
    """A ``001`` line with one block per round (round r at column 92 + 10(r-1)).

    TRF needs the Points field (81-84). A model without declared points (native
    Swiss-Manager files and starting lists store none) gets ``computed_points``, the
    score of its results, so the written file is complete and reads back the same.
    """
    head = _fixed(
        "001",
        p.start,
        p.sex,
        p.title,
        p.name,
        p.rating,
        p.federation,
        "" if not p.fide_id else str(p.fide_id),  # 0 reads back as "no id"
        p.birth,
    )
    points = p.points if p.points is not None else computed_points
    line = f"{head} {_num(points, 4)} {_int(p.rank or None, 4)}"  # rank 0 reads back as none
    if p.results:
        line += "".join(["  " + block for block in map(_block, p.opponents, p.colors, p.results)])
    return line.rstrip()


def national_line(n: NationalRating) -> str:
    return _fixed(
        n.federation, n.start, n.sex, n.category, n.name, n.rating, n.origin, n.national_id, n.birth
    ).rstrip()


def team_013_line(t: Team) -> str:
    """``013``: name in 5-36, members from column 37 (no blank before the first)."""
    return (f"013 {_field(t.name, 32):<32}" + " ".join(_int(m, 4) for m in t.members)).rstrip()


def team_310_line(t: Team) -> str:
    """``310``: number, name, nickname, strength, MP, GP, rank, members from column 74."""
    line = (
        f"310 {_int(t.number, 3)} {_field(t.name, 32):<32} {t.nickname[:5]:<5} {t.strength[:6]:>6} "
        f"{_num(t.match_points, 6)} {_num(t.game_points, 6)} {_int(t.rank, 3)}  "
    )
    return (line + " ".join(_int(m, 4) for m in t.members)).rstrip()


def round_dates_value(dates: tuple[PartialDate | None, ...]) -> str:
    """The value of a ``132`` record: ``YY/MM/DD`` on the round grid (columns 92, 102, …).

    Only a real day is rewritten so: an impossible one (day 66 from a damaged
    Swiss-Manager file) would read back as another style's real day (``26/04/66`` as
    26 April 2066), so it is kept as written, like a partial date.
    """
    cells = []
    for d in dates:
        if d is None:
            cells.append(" " * 8)
            continue
        day = complete_date(d)
        if day is None:
            cells.append(f"{d.raw[:8]:<8}")
        else:
            cells.append(f"{day[0] % 100:02d}/{day[1]:02d}/{day[2]:02d}")
    return (" " * 87 + "  ".join(cells)).rstrip()


def bye_line(b: ByeRecord) -> str:
    return (
        f"240 {b.kind[:1] or 'Z'} {_int(b.round, 3)} " + " ".join(_int(p, 4) for p in b.players)
    ).rstrip()


def acceleration_line(a: Acceleration) -> str:
    if a.source == "XXA":
        return f"XXA {_int(a.first_player, 4)}" + "".join(f" {_num(v, 4)}" for v in a.per_round)
    return (
        f"250 {_num(a.match_points, 4)} {_num(a.game_points, 4)} {_int(a.first_round, 3)} "
        f"{_int(a.last_round, 3)} {_int(a.first_player, 4)} {_int(a.last_player, 4)}"
    ).rstrip()


def prohibited_line(p: ProhibitedPairing) -> str:
    if p.source == "XXP":
        return "XXP " + " ".join(str(i) for i in p.players)
    return (
        f"260 {_int(p.first_round, 3)} {_int(p.last_round, 3)} "
        + " ".join(_int(i, 4) for i in p.players)
    ).rstrip()


def abnormal_line(a: AbnormalPoints) -> str:
    """``299`` in the TRF26 text layout: type 5, MP 8-11, points 14-17, round 20-22, ids 24-."""
    return (
        f"299 {a.kind[:1] or ' '}  {_num(a.match_points, 4)}  {_num(a.points, 4)}  "
        f"{_int(a.round, 3)} " + " ".join(_int(p, 4) for p in a.players)
    ).rstrip()


def lineup_line(u: LineUp) -> str:
    return (
        f"300 {_int(u.round, 3)} {_int(u.team, 3)} {_int(u.opponent_team, 3)} "
        + " ".join(_int(p, 4) for p in u.players)
    ).rstrip()


def team_bye_line(b: TeamBye) -> str:
    teams = " ".join("   " if t is None else _int(t, 3) for t in b.teams_by_round)
    return f"320 {_num(b.match_points, 4)} {_num(b.game_points, 4)} {teams}".rstrip()


def forfeit_line(f: ForfeitedMatch) -> str:
    teams = f"{_int(f.white_team, 3)} {_int(f.black_team, 3)}"
    return f"330 {f.result[:2]:<2} {_int(f.round, 3)} {teams}".rstrip()
