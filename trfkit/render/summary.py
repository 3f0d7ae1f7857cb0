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
from ..model import PartialDate, Tournament
from ..model.results import Kind, column_kind
from ..terminal import escape_controls

__all__ = ["private_fields", "render_text", "summary", "summary_rows"]

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


def _pending_text(info: dict[str, Any]) -> str:
    pending = info.get("pending_games") or {}
    return "".join(
        f"; round {rnd}: {n} game(s) paired, no result yet" for rnd, n in pending.items()
    )


def summary_rows(info: dict[str, Any]) -> list[tuple[str, str]]:
    """The summary as ``(label, value)`` rows, as ``info`` prints them (the private strings
    last, if any); the values are the file's own text, not escaped (each renderer escapes
    for its medium: :func:`render_text` for a terminal, the HTML report for a page)."""
    dates = " .. ".join(d for d in (info["start_date"], info["end_date"]) if d) or "-"
    kind = " / ".join(v for v in (info["type"], info["type_code"]) if v) or "-"
    fmt = info["format"] or "-"
    details = ", ".join(f"{k} {info[k]}" for k in ("edition", "dialect") if info[k])
    if info["read_as"] != info["format"]:
        details = ", ".join(x for x in (f"read as {info['read_as']}", details) if x)
    encoding = info["encoding"] or "-"
    if info.get("encoding_mixed"):  # the detection (or fallback) is of the other lines
        encoding += f", other lines {info['encoding_mixed']}"
    if info["encoding_confidence"] is not None:  # detected, not known
        encoding += f" (detected, confidence {info['encoding_confidence']:.2f}"
        if info["encoding_alternative"]:
            encoding += f"; {info['encoding_alternative']} also possible"
        encoding += ")"
    if info["bom"]:
        encoding += " with BOM"
    if info["newline"]:
        encoding += f", {info['newline'].upper()} line endings"
    c = info["diagnostics"]
    rows = [
        ("file", info["file"]),
        ("name", info["name"] or "-"),
        ("place", " ".join(v for v in (info["city"], info["federation"]) if v) or "-"),
        ("dates", dates),
        ("type", kind),
        ("players", str(info["players"])),
        ("rounds", f"{info['rounds']} ({info['played_rounds']} with results{_pending_text(info)})"),
        ("teams", str(info["teams"])),
        ("format", f"{fmt} ({details})" if details else fmt),
        ("encoding", encoding),
        ("problems", f"{c['error']} error(s), {c['warning']} warning(s), {c['info']} info"),
    ]
    rows += [("private", f"{label}: {value}") for label, value in info.get("private", [])]
    return rows


def render_text(info: dict[str, Any]) -> str:
    """The summary as aligned ``label: value`` lines (the private strings last, if any)."""
    rows = summary_rows(info)
    return "".join(f"{label + ':':<10}{escape_controls(value)}\n" for label, value in rows)


def private_fields(raw: bytes, read_as: str) -> list[list[str]]:
    """Header strings a reader withheld for privacy (Swiss-Manager native files only)."""
    if read_as != "swissmanager":
        return []
    from ..formats.swissmanager.reader import private_strings  # that reader is loaded for its files

    return [[label, text] for label, text in private_strings(raw)]
