"""Small helpers shared by the Swiss-Manager and chess-results readers.

Numbers in chess-results exports come as ``26,5``, ``7.50``, ``½`` or ``3½``; dates
as ``YYYYMMDD``, ``dd.mm.yyyy`` or a bare year; and any free-text field may hold an
e-mail address or a local path that must not reach the model (SWISS_MANAGER.md §3.7).
Each of those rules lives here once, as do the tournament-type numbers both Swiss-Manager
formats use and the capped diagnostic list every one of these readers fills and
turns into its Document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from ..diagnostics import Diagnostic, Severity, TrfError, make
from ..document import Document, UndecidedColumn
from ..limits import DiagnosticCap
from ..model import PartialDate, Tournament

#: ``local@domain.tld``, anchored at the ``@``: the local part is only looked at through
#: the one character before the ``@``, so each search attempt at a character that is not
#: an ``@`` fails at once, and the domain run after an ``@`` ends at the next ``@``: linear
#: time. (``[^@]+@...`` restarted its scan at every character: quadratic on a long
#: header string without an address.)
_EMAIL: Final = re.compile(r"(?<=[^\s@<>\"'])@[^\s@<>\"']+\.[A-Za-z]{2}")
_PATH: Final = re.compile(r"(^|[\s\"'(])([A-Za-z]:[\\/]|\\\\[^\\]|/(home|Users|tmp|var)/)")
_NUMBER: Final = re.compile(r"^[+-]?(\d+)?(?:[.,](\d+))?(½)?$")

#: Swiss-Manager tournament type (native configuration, upload XML ``type``) ->
#: (TRF 092 wording, is a team event).
TOURNAMENT_TYPES: Final = {
    0: ("Individual: Swiss-System", False),
    1: ("Individual: round robin", False),
    2: ("Team: round robin", True),
    3: ("Team: Swiss-System", True),
}


@dataclass
class Findings:
    """The diagnostics of one read, at most ``MAX_SAME_CODE`` of each code.

    A damaged export can repeat one problem millions of times; the cap is asked
    before a diagnostic is built, so the readers share this one place for it.
    """

    path: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    cap: DiagnosticCap = field(default_factory=DiagnosticCap)
    #: Columns the reader leaves to the load path (:attr:`Document.undecided`).
    undecided: list[UndecidedColumn] = field(default_factory=list)

    def add(self, code: str, message: str, line: int = 1, column: int = 1) -> None:
        if self.cap.admit(self.diagnostics, code, line, self.path):
            self.diagnostics.append(make(code, message, line, column, file=self.path))

    def document(
        self, tournament: Tournament, text: str | None = None, *, strict: bool = False
    ) -> Document:
        """What the reader returns; with ``strict`` the first error is raised instead."""
        if strict:
            first = next((d for d in self.diagnostics if d.severity is Severity.ERROR), None)
            if first is not None:
                raise TrfError(first)
        return Document(tournament, tuple(self.diagnostics), text, tuple(self.undecided))


def has_email(text: str) -> bool:
    """True when ``text`` holds an e-mail address (see :data:`_EMAIL`)."""
    return _EMAIL.search(text) is not None


def is_private(text: str) -> bool:
    """True when ``text`` holds an e-mail address or a local file path."""
    return has_email(text) or bool(_PATH.search(text))


def public_text(text: str | None) -> str:
    """``text`` stripped, or "" when it is private (see :func:`is_private`) or holds no
    letter or digit at all (placeholders such as ``.`` or ``-``)."""
    text = (text or "").strip()
    return "" if is_private(text) or not any(c.isalnum() for c in text) else text


def parse_number(text: str | float | None) -> float | None:
    """``"26,5"`` -> 26.5, ``"3½"`` -> 3.5, ``"½"`` -> 0.5, numbers as they are; else None."""
    if text is None or isinstance(text, bool):
        return None
    if isinstance(text, (int, float)):
        return float(text)
    s = text.strip().replace("\u00a0", "").replace(" ", "")
    m = _NUMBER.match(s)
    if not s or m is None or not (m.group(1) or m.group(2) or m.group(3)):
        return None
    whole = float(m.group(1) or 0)
    if m.group(2):
        whole += float("0." + m.group(2))
    if m.group(3):
        whole += 0.5
    return -whole if s.startswith("-") else whole


def parse_int(text: str | float | None) -> int | None:
    value = parse_number(text)
    return int(value) if value is not None and value == int(value) else None


def date_from_number(value: int) -> PartialDate | None:
    """``20250926`` -> 2025-09-26 (zero month/day = unknown); 0 -> None."""
    if value <= 0:
        return None
    year, month, day = value // 10000, value // 100 % 100, value % 100
    return PartialDate(
        f"{year:04d}/{month:02d}/{day:02d}", year or None, month or None, day or None
    )


def parse_date(text: str | None) -> PartialDate | None:
    """``YYYYMMDD``, ``dd.mm.yyyy``, ``yyyy-mm-dd`` or a bare year; None when blank or
    unreadable."""
    s = (text or "").strip()
    if not s:
        return None
    if re.fullmatch(r"\d{8}", s):
        return date_from_number(int(s))
    if re.fullmatch(r"\d{4}", s):
        return PartialDate(s, int(s))
    m = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", s)
    if m:
        return PartialDate(s, int(m.group(3)), int(m.group(2)) or None, int(m.group(1)) or None)
    m = re.fullmatch(r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})", s)
    if m:
        return PartialDate(s, int(m.group(1)), int(m.group(2)) or None, int(m.group(3)) or None)
    return None


def sex_code(text: str | None) -> str:
    """``m``/``M`` -> "m", ``w``/``f`` -> "w", anything else (computer, blank) -> ""."""
    s = (text or "").strip().lower()
    return {"m": "m", "w": "w", "f": "w"}.get(s, "")
