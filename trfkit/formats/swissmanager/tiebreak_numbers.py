"""Swiss-Manager tie-break numbers (configuration section, chess-results ``tbNno``).

Both the native files and the chess-results upload XML name tie-breaks by Heinz
Herzog's numbers 1-92 (``SWISS_MANAGER.md`` §5). This module is the one place that
turns such a number, plus the XML's parameter string (``tbN_detail``) when there is
one, into a trfkit/TRF26 code (``BH/C1``, ``SB``, ``EDE:MP/P``). Numbers without a
FIDE counterpart map to None: readers then keep the values under ``SM#n`` and only
carry them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class SmTieBreak:
    number: int
    short: str  # Swiss-Manager's column label
    name: str
    code: str | None  # trfkit code without parameters; None = no FIDE counterpart


def _t(number: int, short: str, name: str, code: str | None = None) -> SmTieBreak:
    return SmTieBreak(number, short, name, code)


TABLE: Final[dict[int, SmTieBreak]] = {
    t.number: t
    for t in (
        _t(1, "Pts.", "points (game-points)", "PTS"),
        _t(2, "BH.", "Buchholz (all results)", "BH"),
        _t(3, "BH1.", "Buchholz (without one result)", "BH/C1"),
        _t(4, "BHm.", "Buchholz (median)", "BH/M1"),
        _t(5, "Man", "manual input"),
        _t(6, "Man", "manual input (teams)"),
        _t(7, "SB.", "Sonneborn-Berger (with real points, teams)"),
        _t(8, "Fide", "Fide tie-break"),
        _t(9, "Fide", "Fide tie-break (fine)"),
        _t(10, "rtgØ", "rating average of the opponents", "ARO"),
        _t(11, "Res.", "direct encounter", "DE"),
        _t(12, "vict", "the greater number of victories", "WIN"),
        _t(13, "MP", "match points (2/1/0)", "MPTS"),
        _t(14, "Res.", "direct encounter of teams on match points", "EDE:MP"),
        _t(15, "BT", "board tie-breaks of the whole tournament"),
        _t(16, "BH.", "Buchholz (team points of the opponents and own points)"),
        _t(17, "BH.", "Buchholz (with the real points)", "BH"),
        _t(18, "CARA", "Carasaxa"),
        _t(19, "SB.", "Sonneborn-Berger (modified points)", "SB"),
        _t(20, "ratØ", "rating average of the opponents (without one result)", "ARO/C1"),
        _t(21, "ratP", "performance", "TPR"),
        _t(22, "BH.", "Buchholz (team points of the opponents)", "BH:MP"),
        _t(23, "RtgSum", "sum of the opponents' ratings (without one result)"),
        _t(24, "BP", "BSV board tie-break"),
        _t(25, "BHs", "sum of Buchholz"),
        _t(26, "TB1", "imported tie-break 1"),
        _t(27, "TB2", "imported tie-break 2"),
        _t(28, "BH", "Buchholz (all results, special)", "BH"),
        _t(29, "BHm", "Buchholz (median, special)", "BH/M1"),
        _t(30, "BH", "Buchholz (all results with real points)", "BH"),
        _t(31, "BHm", "Buchholz (median with real points)", "BH/M1"),
        _t(32, "TB3", "imported tie-break 3"),
        _t(33, "Fide", "Fide tie-break (no points for dropped players)"),
        _t(34, "BHm", "Buchholz (median, team points)", "BH:MP/M1"),
        _t(35, "SB", "FIDE Sonneborn-Berger (teams)"),
        _t(36, "RtgØ", "rating average of the opponents (variable)", "ARO"),
        _t(37, "BH.", "Buchholz (variable with parameter)", "BH"),
        _t(38, "Pts+", "game points + 1 per match won"),
        _t(39, "Pts+", "points 3/2/1/0"),
        _t(40, "MP3", "match points 3/1/0"),
        _t(41, "ratMax", "better result against the lowest starting rank"),
        _t(42, "Pts+", "points including qualifying rounds"),
        _t(43, "Pts.", "play-off points"),
        _t(44, "MP", "match points (variable)", "MPTS"),
        _t(45, "Koya", "Koya", "KS"),
        _t(46, "Pts+MP", "game points + match points (3/1/0)"),
        _t(47, "PtsV", "points (variable)", "PTS"),
        _t(48, "MPSum", "sum of match points (variable)"),
        _t(49, "MPSum", "sum of match points without lowest result (Olympiad)"),
        _t(50, "SB", "Olympiad Sonneborn-Berger"),
        _t(51, "ECU", "ECU tie-break"),
        _t(52, "SB", "Sonneborn-Berger (variable)", "SB"),
        _t(53, "mBl", "most black", "BPG"),
        _t(54, "RecRp", "recursive rating performance"),
        _t(55, "ARPO", "average recursive rating performance"),
        _t(56, "MPSum", "Olympiad match points without lowest result (2010)"),
        _t(57, "SB", "Olympiad Sonneborn-Berger without lowest result (2010)"),
        _t(58, "Rtg/Fi", "rating sum or progressive score (Youth WCC)"),
        _t(59, "Rp2EM", "rating performance without two results (EM 2011)"),
        _t(60, "Rp", "performance (variable)", "TPR"),
        _t(61, "APkt", "Arranz system"),
        _t(62, "Games", "games ascending (board lists)"),
        _t(63, "%", "percent (board lists)"),
        _t(64, "Board", "board (board lists)"),
        _t(65, "Games", "games descending (board lists)"),
        _t(66, "Rank", "ranking of their teams (board lists)"),
        _t(67, "SB", "Olympiad Sonneborn-Berger (all results)"),
        _t(68, "vict", "the greater number of victories (variable)", "WIN"),
        _t(69, "Koya", "Koya (fine)", "KS"),
        _t(70, "BHs", "sum of Buchholz (variable)"),
        _t(71, "Berlin", "Berlin tie-break"),
        _t(72, "RtgDif", "rating difference"),
        _t(73, "Schmul", "Schmuljan"),
        _t(74, "SBOly", "Olympiad Sonneborn-Berger without lowest result (2022)"),
        _t(75, "MPOly", "Olympiad adjusted match points without lowest result (2022)"),
        _t(76, "GPts", "special game points for white and black"),
        _t(77, "AOB", "average of opponents' Buchholz", "AOB"),
        _t(78, "BC", "board count", "BC"),
        _t(79, "REP", "rounds elected to play", "REP"),
        _t(80, "ARO", "average rating of opponents", "ARO"),
        _t(81, "DE", "direct encounter", "DE"),
        _t(82, "ESB", "extended Sonneborn-Berger for teams", "EMMSB"),
        _t(83, "EDE", "extended direct encounter for teams", "EDE"),
        _t(84, "BH", "Buchholz variable (2023)", "BH"),
        _t(85, "SB", "Sonneborn-Berger variable (2023)", "SB"),
        _t(86, "PS", "progressive score", "PS"),
        _t(87, "KS", "Koya system", "KS"),
        _t(88, "TPR", "performance tie-breaks (TPR, APRO, PTP, APPO)", "TPR"),
        _t(89, "TBR", "top board results", "TBR"),
        _t(90, "BBE", "bottom board elimination", "BBE"),
        _t(91, "SSSC", "scores and schedule strength combination", "SSSC"),
        _t(92, "Kas", "Kashdan"),
    )
}


def _params(detail: str) -> list[str]:
    return [p.strip() for p in detail.replace(";", ",").split(",")] if detail.strip() else []


def _int(params: list[str], index: int) -> int:
    try:
        return int(params[index])
    except (IndexError, ValueError):
        return 0


def _flag(params: list[str], index: int, letter: str) -> bool:
    return index < len(params) and params[index].upper() == letter


def _cuts(strongest: int, weakest: int) -> str | None:
    """C.07 modifiers for 'discard n strongest, m weakest'; None if not expressible."""
    if strongest == weakest == 0:
        return ""
    if strongest == weakest:
        return f"/M{weakest}"
    if strongest == 0:
        return f"/C{weakest}"
    return None


def _score(
    team: bool, params: list[str], index: int, mp_values: tuple[str, ...] = ("1", "MP")
) -> str:
    if not team:
        return ""
    return ":MP" if index < len(params) and params[index].upper() in mp_values else ":GP"


def _bh(params: list[str], team: bool) -> str | None:
    cuts = _cuts(_int(params, 1), _int(params, 2))
    if cuts is None:
        return None
    name = "FB" if _flag(params, 4, "F") or _flag(params, 4, "1") else "BH"
    return name + _score(team, params, 0) + cuts + ("/P" if _flag(params, 3, "P") else "")


def _sb(params: list[str], team: bool) -> str | None:
    cuts = _cuts(_int(params, 1), _int(params, 2))
    return None if cuts is None else "SB" + cuts + ("/P" if _flag(params, 3, "P") else "")


def _win(params: list[str], team: bool) -> str | None:
    return ("WIN", "WON", "BWG", "BPG")[_int(params, 0)] if 0 <= _int(params, 0) <= 3 else None


def _aro(params: list[str], team: bool) -> str | None:
    cuts = _cuts(_int(params, 1), _int(params, 2))
    return None if cuts is None else "ARO" + cuts


def _de(params: list[str], team: bool) -> str | None:
    return "DE/P" if _flag(params, 0, "P") else "DE"


def _ps(params: list[str], team: bool) -> str | None:
    cut = _int(params, 1)
    return "PS" + _score(team, params, 0) + (f"/C{cut}" if cut else "")


def _ks(params: list[str], team: bool) -> str | None:
    return "KS" + _score(team, params, 0)


def _perf(params: list[str], team: bool) -> str | None:
    kind = _int(params, 0)
    return ("TPR", "APRO", "PTP", "APPO")[kind] if 0 <= kind <= 3 else None


def _aob(params: list[str], team: bool) -> str | None:
    return "AOB/F" if _flag(params, 0, "F") else "AOB"


def _esb(params: list[str], team: bool) -> str | None:
    kind = _int(params, 0)
    cuts = _cuts(_int(params, 1), _int(params, 2))
    if not 0 <= kind <= 3 or cuts is None:
        return None
    played = "/P" if _flag(params, 3, "P") else ""
    return ("EMMSB", "EMGSB", "EGMSB", "EGGSB")[kind] + cuts + played


def _ede(params: list[str], team: bool) -> str | None:
    return "EDE" + _score(True, params, 0) + ("/P" if _flag(params, 1, "P") else "")


def _sssc(params: list[str], team: bool) -> str | None:
    return "SSSC" + _score(True, params, 0) + ("/P" if _flag(params, 1, "P") else "")


#: Numbers whose parameter string changes the code (the "N" entries of the table).
_WITH_PARAMETERS: Final[dict[int, Callable[[list[str], bool], str | None]]] = {
    84: _bh,
    85: _sb,
    68: _win,
    80: _aro,
    81: _de,
    86: _ps,
    87: _ks,
    88: _perf,
    77: _aob,
    82: _esb,
    83: _ede,
    91: _sssc,
}


#: Numbers Swiss-Manager offers for individual events only (both team columns "-" in
#: its table); in a team event their values follow no documented rule.
INDIVIDUAL_ONLY: Final = frozenset(
    {
        2,
        3,
        4,
        5,
        8,
        9,
        10,
        11,
        12,
        17,
        19,
        20,
        21,
        23,
        25,
        26,
        27,
        28,
        29,
        30,
        31,
        32,
        33,
        36,
        37,
        41,
        43,
        45,
        52,
        53,
        54,
        55,
        58,
        59,
        60,
        61,
        68,
        69,
        70,
        79,
        80,
        81,
        85,
        88,
    }
)


def fide_code(number: int, detail: str = "", *, team: bool = False) -> str | None:
    """The trfkit code for Swiss-Manager tie-break ``number`` with parameters ``detail``.

    In team events #1 is the game-point total (``GP``), and codes that read a team
    score get ``:MP``/``:GP`` as the parameters say. None when the number (or its
    parameters) has no FIDE counterpart.
    """
    entry = TABLE.get(number)
    if entry is None or entry.code is None or (team and number in INDIVIDUAL_ONLY):
        return None
    if team and number in (1, 47):
        return "GPTS"
    params = _params(detail)
    handler = _WITH_PARAMETERS.get(number)
    if handler is not None and params:
        return handler(params, team)
    if team and number == 84:
        return "BH:MP"  # Swiss-Manager's default for teams (its declared values are MP sums)
    return entry.code


def label(number: int) -> str:
    """A stable label for values of a tie-break trfkit cannot compute (``SM#36``)."""
    return f"SM#{number}"


def describe(number: int) -> str:
    entry = TABLE.get(number)
    return f"#{number} {entry.name}" if entry else f"#{number} (not in Swiss-Manager's table)"


def repeated_codes(codes: list[str]) -> str:
    """What a T631 says about ``codes`` naming one tie-break more than once, or ``""``.

    Swiss-Manager lists such as 84, 84 hold two variants of one tie-break (Buchholz
    with different cuts) told apart by parameters trfkit cannot read. Collapsing them
    would move every later tie-break up one place, so both positions are kept (both
    computed alike) and the user is told that the standings may differ.
    """
    seen: dict[str, list[int]] = {}
    for position, code in enumerate(codes, 1):
        seen.setdefault(code, []).append(position)
    twice = [
        f"{code} at positions {', '.join(map(str, where))}"
        for code, where in seen.items()
        if len(where) > 1
    ]
    if not twice:
        return ""
    return (
        "the tie-break list names the same tie-break more than once ("
        + "; ".join(twice)
        + "): Swiss-Manager variants whose parameters trfkit cannot read; each position "
        "is kept and computed as the plain code, so the standings may differ from "
        "Swiss-Manager's"
    )
