"""What a file holds and how it was read, as ``trfkit info`` reports it.

:func:`summary` gathers the facts as plain JSON-ready data (``--to json`` prints it,
a contract: README, ``trfkit info``); :func:`render_text` lays them out as aligned
``label: value`` lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..diagnostics import Diagnostic, Severity
from ..document import Document
from ..i18n import DEFAULT, Translator, translator
from ..model import PartialDate, Tournament
from ..model.results import Kind, column_kind
from ..terminal import escape_controls

__all__ = ["private_fields", "render_text", "summary"]

_NEWLINE_NAMES = {"\n": "lf", "\r\n": "crlf", "\r": "cr"}


def _date(d: PartialDate | None) -> str | None:
    if d is None:
        return None
    return d.iso or d.raw or None


def summary(
    doc: Document, name: str, read_as: str, problems: Sequence[Diagnostic] | None = None
) -> dict[str, Any]:
    """The facts ``info`` reports, as plain JSON-ready data.

    ``read_as`` is the reader that was used; ``format`` ... ``newline`` describe the
    original source, which differs when a JSON export of a TRF file is read. The
    counts are of ``problems`` (the CLI passes what ``check`` finds), else of the
    reader's diagnostics.
    ``encoding_confidence`` (0-1) is null unless the encoding was detected;
    ``encoding_alternative`` names a code page that read the names nearly as well;
    ``encoding_mixed`` the code page of the other lines of a UTF-8 file that mixes encodings.
    """
    t, h, s = doc.tournament, doc.tournament.header, doc.tournament.source
    found = doc.diagnostics if problems is None else problems
    counts = {sev.value: sum(d.severity is sev for d in found) for sev in Severity}
    return {
        "file": name,
        "read_as": read_as,
        "name": h.name,
        "city": h.city,
        "federation": h.federation,
        "start_date": _date(h.start_date),
        "end_date": _date(h.end_date),
        "type": h.type_text,
        "type_code": h.type_code,
        "players": len(t.players),
        "rounds": t.rounds,
        "played_rounds": t.scored_rounds,  # "with results": a round only paired is not one
        "pending_games": _pending_games(t),
        "teams": len(t.teams),
        "format": s.format,
        "edition": s.edition,
        "dialect": s.dialect,
        "encoding": s.encoding,
        "encoding_confidence": s.encoding_confidence,
        "encoding_alternative": s.encoding_alternative,
        "encoding_mixed": s.encoding_mixed,
        "bom": s.bom,
        "newline": _NEWLINE_NAMES.get(s.newline, ""),
        "diagnostics": counts,
    }


def _pending_games(t: Tournament) -> dict[str, int]:
    """Games paired without a result yet, counted per round (``{"4": 7}``): a game is
    one pair of players, whether one or both of their blocks show it."""
    games: set[tuple[int, int, int]] = set()
    for p in t.players:
        for rnd, (opponent, result) in enumerate(zip(p.opponents, p.results, strict=True), 1):
            if opponent and column_kind(result, opponent) is Kind.PENDING:
                games.add((rnd, min(p.start, opponent), max(p.start, opponent)))
    counts = Counter(rnd for rnd, _, _ in games)
    return {str(rnd): counts[rnd] for rnd in sorted(counts)}


def _pending_text(info: dict[str, Any], tr: Translator) -> str:
    pending = info.get("pending_games") or {}
    said = tr.gettext("; round {round}: {n} game(s) paired, no result yet")
    return "".join(said.format(round=rnd, n=n) for rnd, n in pending.items())


def _encoding_text(info: dict[str, Any], tr: Translator) -> str:
    _ = tr.gettext
    encoding = info["encoding"] or "-"
    if info.get("encoding_mixed"):  # the detection (or fallback) is of the other lines
        encoding += _(", other lines {encoding}").format(encoding=info["encoding_mixed"])
    if info["encoding_confidence"] is not None:  # detected, not known
        encoding += _(" (detected, confidence {confidence:.2f}").format(
            confidence=info["encoding_confidence"]
        )
        if info["encoding_alternative"]:
            encoding += _("; {encoding} also possible").format(
                encoding=info["encoding_alternative"]
            )
        encoding += ")"
    if info["bom"]:
        encoding += _(" with BOM")
    if info["newline"]:
        encoding += _(", {newline} line endings").format(newline=info["newline"].upper())
    return encoding


def summary_rows(info: dict[str, Any], tr: Translator | None = None) -> list[tuple[str, str]]:
    """The summary as ``(label, value)`` rows, as ``info`` prints them (the private strings
    last, if any), the labels in the language of ``tr`` (English by default); the values
    are the file's own text, never translated nor escaped (each renderer escapes for its
    medium: :func:`render_text` for a terminal, the HTML report for a page)."""
    tr = tr or translator(DEFAULT)
    _ = tr.gettext
    dates = " .. ".join(d for d in (info["start_date"], info["end_date"]) if d) or "-"
    kind = " / ".join(v for v in (info["type"], info["type_code"]) if v) or "-"
    fmt = info["format"] or "-"
    details = ", ".join(
        _("{key} {value}").format(key=_(k), value=info[k])
        for k in ("edition", "dialect")
        if info[k]
    )
    if info["read_as"] != info["format"]:
        read_as = _("read as {reader}").format(reader=info["read_as"])
        details = ", ".join(x for x in (read_as, details) if x)
    c = info["diagnostics"]
    rounds = _("{rounds} ({played} with results{pending})").format(
        rounds=info["rounds"], played=info["played_rounds"], pending=_pending_text(info, tr)
    )
    rows = [
        (_("file"), info["file"]),
        (_("name"), info["name"] or "-"),
        (_("place"), " ".join(v for v in (info["city"], info["federation"]) if v) or "-"),
        (_("dates"), dates),
        (_("type"), kind),
        (_("players"), str(info["players"])),
        (_("rounds"), rounds),
        (_("teams"), str(info["teams"])),
        (_("format"), f"{fmt} ({details})" if details else fmt),
        (_("encoding"), _encoding_text(info, tr)),
        (
            _("problems"),
            _("{errors} error(s), {warnings} warning(s), {infos} info").format(
                errors=c["error"], warnings=c["warning"], infos=c["info"]
            ),
        ),
    ]
    rows += [(_("private"), f"{label}: {value}") for label, value in info.get("private", [])]
    return rows


def render_text(info: dict[str, Any], tr: Translator | None = None) -> str:
    """The summary as aligned ``label: value`` lines (the private strings last, if any), in
    the language of ``tr`` (English by default); values from the file are never translated."""
    rows = summary_rows(info, tr)
    width = max(10, *(len(label) + 2 for label, _value in rows))
    return "".join(f"{label + ':':<{width}}{escape_controls(value)}\n" for label, value in rows)


def private_fields(raw: bytes, read_as: str) -> list[list[str]]:
    """Header strings a reader withheld for privacy (Swiss-Manager native files only)."""
    if read_as != "swissmanager":
        return []
    from ..formats.swissmanager.reader import private_strings  # that reader is loaded for its files

    return [[label, text] for label, text in private_strings(raw)]
