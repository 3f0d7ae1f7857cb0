"""Tournament records (``??2``) and engine header lines (``XX?``, ``BB?``) of TRF.

The reader keeps every header line verbatim in :attr:`Header.records`; this module
reads the typed values out of them (TRF.md §3, §8). Scoring systems come from four
places with a fixed precedence: ``162`` → ``XXS`` → ``BB?`` → the 1/½/0 default
(TRF.md §9); :func:`scoring_from_records` applies it so that the reader and the
writer's edition conversion agree.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Final

from ...model import DEFAULT_MATCH_SCORING, HeaderRecord, ScoringSystem, replace

__all__ = [
    "HEADER_CODES",
    "TRF26_HEADER_CODES",
    "ENGINE_CODES",
    "REPEATABLE",
    "HeaderProblem",
    "read_value",
    "scoring_from_records",
    "parse_162",
    "parse_362",
    "parse_xxs",
    "parse_bb",
    "format_162",
    "format_xxs",
    "xxc_color",
    "points_text",
]

#: ``??2`` codes TRF16 and TRF26 define.
HEADER_CODES: Final = frozenset(
    (
        "012 022 032 042 052 062 072 082 092 102 112 122 132 "
        "142 152 162 172 182 192 202 212 222 352 362"
    ).split()
)
#: Header codes that only exist in TRF26 (142 is excluded: Swiss-Manager writes it in TRF16).
TRF26_HEADER_CODES: Final = frozenset("152 162 172 182 192 202 212 222 352 362".split())
#: Engine lines kept as header records (XXA and XXP are list records, see trf_records).
ENGINE_CODES: Final = frozenset(
    {"XXR", "XXZ", "XXS", "XXC", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}
)
#: Records that may occur more than once.
REPEATABLE: Final = frozenset({"112", "XXZ", "XXS", "XXC"})

#: (code, message, first column, last column) of a problem in one header value.
HeaderProblem = tuple[str, str, int, int]

_NUMBER: Final = r"(-?\d+(?:[.,]\d*)?|-?[.,]\d+)"
# Scoring records are rare: compiled on first use (re caches them), not at import.
_LETTER_162: Final = r"(?<![A-Z])([WDLAPXZ])\s*" + _NUMBER
_LETTER_362: Final = r"T([WDLAPXZ])\s*" + _NUMBER
_XXS_TOKEN: Final = r"([A-Z]+)\s*=\s*" + _NUMBER
_RANK_METHODS: Final = frozenset({"FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER"})


def _float(text: str) -> float:
    return float(text.replace(",", "."))


def points_text(value: float, width: int = 4) -> str:
    """Points as TRF writes them: one decimal, right-aligned (``11.5``, `` 2.0``)."""
    return f"{value:{width}.1f}"


def _int_value(code: str, value: str, what: str) -> tuple[int | None, list[HeaderProblem]]:
    if not value.strip():
        return None, []
    text = value.strip()  # (what r"\s*(\d+)\s*" takes, without compiling it at import)
    if text.isdecimal():
        return int(text), []
    return None, [
        ("T103", f"{code} {what} {value.strip()!r} is not a whole number", 5, 4 + len(value))
    ]


def _list(value: str) -> tuple[str, ...]:
    return tuple(part for part in re.split(r"[,\s]+", value.strip()) if part)


def xxc_color(value: str) -> str:
    """Initial colour named by an ``XXC`` line (``white1``/``black1``), or ``""``."""
    tokens = value.lower().split()
    if "white1" in tokens:
        return "w"
    if "black1" in tokens:
        return "b"
    return ""


def read_value(code: str, value: str) -> tuple[dict[str, object], list[HeaderProblem]]:
    """Typed :class:`Header` fields carried by one record (132 and scoring excluded).

    Returns the fields to set and the problems found; repeatable records (112) return
    a one-element tuple that the caller appends.
    """
    handler = _READERS.get(code)
    if handler is None:
        return {}, []
    return handler(code, value)


def _text(field: str) -> Callable[[str, str], tuple[dict[str, object], list[HeaderProblem]]]:
    def read(code: str, value: str) -> tuple[dict[str, object], list[HeaderProblem]]:
        return {field: value.strip()}, []

    return read


def _integer(
    field: str, what: str
) -> Callable[[str, str], tuple[dict[str, object], list[HeaderProblem]]]:
    def read(code: str, value: str) -> tuple[dict[str, object], list[HeaderProblem]]:
        number, problems = _int_value(code, value, what)
        return ({field: number} if number is not None else {}), problems

    return read


def _players(code: str, value: str) -> tuple[dict[str, object], list[HeaderProblem]]:
    """``062 129 (88)``: Swiss-Manager adds the number who played in parentheses."""
    if not value.strip():
        return {}, []
    # r"\s*(\d+)\s*(?:\(\s*(\d+)\s*\))?\s*" read with str methods (no pattern to compile)
    before, bracket, rest = value.strip().partition("(")
    declared = before.strip()
    played = rest[:-1].strip() if rest.endswith(")") else ""
    if not declared.isdecimal() or (bracket and not played.isdecimal()):
        return {}, [
            (
                "T103",
                f"062 number of players {value.strip()!r} is not a whole number",
                5,
                4 + len(value),
            )
        ]
    fields: dict[str, object] = {"players_declared": int(declared)}
    problems: list[HeaderProblem] = []
    if bracket:
        fields["players_played"] = int(played)
        problems.append(
            (
                "T111",
                "062 carries the number of players who played in parentheses (Swiss-Manager style)",
                5,
                4 + len(value.rstrip()),
            )
        )
    return fields, problems


def _deputy(code: str, value: str) -> tuple[dict[str, object], list[HeaderProblem]]:
    return ({"deputy_arbiters": (value.strip(),)} if value.strip() else {}), []


def _color_152(code: str, value: str) -> tuple[dict[str, object], list[HeaderProblem]]:
    text = value.strip().upper()
    if not text:
        return {}, []
    if text in ("W", "WHITE"):
        return {"initial_color": "w"}, []
    if text in ("B", "BLACK"):
        return {"initial_color": "b"}, []
    return {}, [
        ("T105", f"152 initial colour {value.strip()!r} is not W or B", 5, 4 + len(value.rstrip()))
    ]


def _rounds_xxr(code: str, value: str) -> tuple[dict[str, object], list[HeaderProblem]]:
    first = value.split()[:1]
    return _integer("rounds", "number of rounds")(code, first[0] if first else "")


def _xxc(code: str, value: str) -> tuple[dict[str, object], list[HeaderProblem]]:
    problems: list[HeaderProblem] = []
    for token in value.split():
        if token.lower() not in ("white1", "black1", "rank"):
            problems.append(
                (
                    "T602",
                    f"XXC token {token!r} is not known and was ignored",
                    5,
                    4 + len(value.rstrip()),
                )
            )
    color = xxc_color(value)
    return ({"initial_color": color} if color else {}), problems


def _rank_method(code: str, value: str) -> tuple[dict[str, object], list[HeaderProblem]]:
    text = value.strip()
    problems: list[HeaderProblem] = []
    if text.upper() in _RANK_METHODS:
        problems.append(
            (
                "T111",
                "172 names the method without a federation in columns 5-7 (Sharly-Chess style)",
                5,
                4 + len(value.rstrip()),
            )
        )
    return ({"rank_method": text} if text else {}), problems


def _tiebreaks(field: str) -> Callable[[str, str], tuple[dict[str, object], list[HeaderProblem]]]:
    def read(code: str, value: str) -> tuple[dict[str, object], list[HeaderProblem]]:
        items = _list(value)
        return ({field: items} if items else {}), []

    return read


_READERS: Final[dict[str, Callable[[str, str], tuple[dict[str, object], list[HeaderProblem]]]]] = {
    "012": _text("name"),
    "022": _text("city"),
    "032": _text("federation"),
    "062": _players,
    "072": _integer("rated_declared", "number of rated players"),
    "082": _integer("teams_declared", "number of teams"),
    "092": _text("type_text"),
    "102": _text("chief_arbiter"),
    "112": _deputy,
    "122": _text("time_control"),
    "142": _integer("rounds", "number of rounds"),
    "XXR": _rounds_xxr,
    "152": _color_152,
    "XXC": _xxc,
    "172": _rank_method,
    "182": _text("pairing_controller"),
    "192": _text("type_code"),
    "202": _tiebreaks("tiebreaks"),
    "212": _tiebreaks("standings_tiebreaks"),
    "222": _text("time_control_code"),
    "352": _text("board_colors"),
}


# --- scoring systems ---------------------------------------------------------------


def parse_162(value: str, base: ScoringSystem | None = None, source: str = "162") -> ScoringSystem:
    """Scan ``162`` for letter/value pairs (tolerant of spacing, TRF.md §3.2).

    W sets win, forfeit win and full-point bye (and the PAB unless P is given); D sets
    draw and half-point bye (and unknown unless X is given); A or Z set the zero-point
    bye and the forfeit loss.
    """
    s = base or ScoringSystem()
    found = {m[1]: _float(m[2]) for m in re.finditer(_LETTER_162, value.upper())}
    return _apply_letters(s, found, source)


def _apply_letters(s: ScoringSystem, found: dict[str, float], source: str) -> ScoringSystem:
    changes: dict[str, float] = {}
    if "W" in found:
        changes.update(win=found["W"], forfeit_win=found["W"], full_bye=found["W"], pab=found["W"])
    if "D" in found:
        changes.update(draw=found["D"], half_bye=found["D"], unknown=found["D"])
    if "L" in found:
        changes["loss"] = found["L"]
    for absent in ("A", "Z"):
        if absent in found:
            changes.update(zero_bye=found[absent], forfeit_loss=found[absent])
    if "P" in found:
        changes["pab"] = found["P"]
    if "X" in found:
        changes["unknown"] = found["X"]
    return replace(s, source=source, **changes)


def parse_362(value: str) -> ScoringSystem:
    """``362 TW 2.0 TD 1.0 TL 0.0``: team match points (defaults 2/1/0)."""
    found = {m[1]: _float(m[2]) for m in re.finditer(_LETTER_362, value.upper())}
    return _apply_letters(DEFAULT_MATCH_SCORING, found, "362")


_XXS_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "WW": ("win",),
    "BW": ("win",),
    "WD": ("draw",),
    "BD": ("draw",),
    "WL": ("loss",),
    "BL": ("loss",),
    "ZPB": ("zero_bye",),
    "HPB": ("half_bye",),
    "FPB": ("full_bye",),
    "PAB": ("pab",),
    "FW": ("forfeit_win",),
    "FL": ("forfeit_loss",),
    "W": ("win", "forfeit_win", "full_bye"),
    "D": ("draw", "half_bye"),
}


def parse_xxs(value: str, base: ScoringSystem) -> tuple[ScoringSystem, list[str]]:
    """Apply one ``XXS`` line (later entries override earlier ones, JaVaFo AUM).

    Returns the system and the codes that could not be represented (unknown codes,
    or different values for a win with White and with Black).
    """
    changes: dict[str, float] = {}
    lost: list[str] = []
    values: dict[str, float] = {}
    for m in re.finditer(_XXS_TOKEN, value.upper()):
        code, number = m[1], _float(m[2])
        fields = _XXS_FIELDS.get(code)
        if fields is None:
            lost.append(code)
            continue
        values[code] = number
        for f in fields:
            changes[f] = number
    if "draw" in changes:
        changes["unknown"] = changes["draw"]  # an unknown result counts as a draw (TRF.md §3.2)
    for white, black in (("WW", "BW"), ("WD", "BD"), ("WL", "BL")):
        if white in values and black in values and values[white] != values[black]:
            lost.append(f"{white}/{black}")
    return replace(base, source="XXS", **changes), lost


_BB_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "BBW": ("win", "forfeit_win", "full_bye"),
    "BBD": ("draw", "half_bye", "unknown"),
    "BBL": ("loss",),
    "BBZ": ("zero_bye",),
    "BBF": ("forfeit_loss",),
    "BBU": ("pab",),
}


def parse_bb(records: Iterable[HeaderRecord], base: ScoringSystem) -> ScoringSystem:
    """bbpPairings ``BB?`` lines (value in columns 5-12); the PAB follows BBW unless BBU is set."""
    changes: dict[str, float] = {}
    for rec in records:
        fields = _BB_FIELDS.get(rec.code)
        m = re.search(_NUMBER, rec.value)
        if fields is None or m is None:
            continue
        for f in fields:
            changes[f] = _float(m[1])
    if "win" in changes and "pab" not in changes:
        changes["pab"] = changes["win"]
    return replace(base, source="BB", **changes)


def scoring_from_records(
    records: Iterable[HeaderRecord],
) -> tuple[ScoringSystem, ScoringSystem | None]:
    """The individual and team scoring systems declared by ``records`` (TRF.md §9 precedence)."""
    recs = list(records)
    individual = ScoringSystem()
    by_code = [r for r in recs if r.code == "162"]
    if by_code:
        individual = parse_162(by_code[0].value)
    elif any(r.code == "XXS" for r in recs):
        for rec in recs:
            if rec.code == "XXS":
                individual, _ = parse_xxs(rec.value, individual)
    elif any(r.code.startswith("BB") for r in recs):
        individual = parse_bb((r for r in recs if r.code.startswith("BB")), individual)
    team = next((parse_362(r.value) for r in recs if r.code == "362"), None)
    return individual, team


def format_162(s: ScoringSystem) -> str | None:
    """The ``162`` value for ``s``, or None when 162's letters cannot express it."""
    if not (
        s.forfeit_win == s.win == s.full_bye
        and s.half_bye == s.draw
        and s.forfeit_loss == s.zero_bye
    ):
        return None
    groups = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.zero_bye), ("P", s.pab)]
    if s.unknown != s.draw:
        groups.append(("X", s.unknown))
    # Groups of 9 columns from column 5: blank, letter, 4-column value, 3 blanks (TRF.md §3.2).
    return "".join(f" {letter}{points_text(v)}   " for letter, v in groups).rstrip()


def format_xxs(s: ScoringSystem) -> str:
    """The ``XXS`` value listing every JaVaFo code for ``s``."""
    pairs = [
        ("WW", s.win),
        ("BW", s.win),
        ("WD", s.draw),
        ("BD", s.draw),
        ("WL", s.loss),
        ("BL", s.loss),
        ("ZPB", s.zero_bye),
        ("HPB", s.half_bye),
        ("FPB", s.full_bye),
        ("PAB", s.pab),
        ("FW", s.forfeit_win),
        ("FL", s.forfeit_loss),
    ]
    return " ".join(f"{code}={value:.1f}" for code, value in pairs)
