"""Write the model as TRF16 or TRF26.

Design (why it looks like this):

* **Header records are written verbatim** from :attr:`~trfkit.model.Header.records` (so vendor
  wording, trailing blanks and odd spacing survive), and typed header fields that no
  record carries (a model built in code) are rendered from the typed values.
* **Newlines**: ``newline=None`` writes the input's line end (``t.source.newline``),
  ``"\n"`` for a model without one; ``"\r\n"``, ``"\r"`` or the names ``lf``/``crlf``/``cr``
  choose. Output text is meant to be encoded as UTF-8 without a BOM.
* **Everything else is rendered** from the typed model in the fixed-width layout
  (:mod:`.lines`): the output is normalised (``f`` → ``w``, ``g`` → ``GM``, dates as
  ``YYYY/MM/DD``, ``0000 - =`` → ``0000 - H``) and therefore idempotent:
  ``write(read(write(read(x)))) == write(read(x))``.
* **Order**: every object remembers its source line, and lines are written in that
  order, so rulers, comments, blank lines and ``013`` lines after the players stay
  where they were. Objects built in code (line 0) go after the last object of their
  section.
* **Editions**: ``write_trf`` keeps the input's edition. Converting to the *other*
  edition maps the records that have a counterpart: ``XXR``↔``142``,
  ``XXC white1/black1``↔``152``, ``XXS``/``BB?``↔``162`` (when 162's letters can
  express the system), ``013``↔``310``; TRF26 output also writes 042/052/132 in the
  TRF26 date formats when the dates could be read. Records with no counterpart are
  never dropped: TRF26-only records stay in TRF16 output (TRF16 readers skip codes
  they do not know),
  and :func:`~.losses.conversion_losses` reports (T603, one line per kind) the
  values a target cannot hold (for example the nicknames and declared points of
  ``310`` teams written as ``013``).
  TRF26 output writes teams as ``310`` only: a ``013`` line that repeats a ``310`` team
  adds nothing (the reader drops such duplicates).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ...model import HeaderRecord, RawLine, ScoringSystem, Tournament
from . import lines as L
from .dates import complete_date, parse_date
from .header import format_162, format_xxs, scoring_from_records, xxc_color
from .losses import conversion_losses  # (what the output cannot hold: T603)

__all__ = ["write_trf", "write_trf16", "write_trf26", "conversion_losses", "edition_of"]

_NEWLINES: Final = {"\n": "\n", "\r\n": "\r\n", "\r": "\r", "lf": "\n", "crlf": "\r\n", "cr": "\r"}
#: Section order for objects without a source line (line 0).
_HEADER, _PLAYERS, _NATIONAL, _TEAMS, _LISTS, _EXTRA = range(6)
_TRF26_ONLY_HEADER: Final = frozenset("152 162 172 182 192 202 212 222 352 362".split())
#: Line breaks (and NUL, which readers take for binary data) inside a value from JSON,
#: XML or Swiss-Manager input would start a new record: written as blanks instead.
_ONE_LINE: Final = str.maketrans(dict.fromkeys(L.LINE_BREAKS, " "))


def _one_line(text: str) -> str:
    """``text`` without line breaks; a tab outside a comment is a blank (readers expand tabs
    to 8 columns, which would shift every field after it)."""
    one = text.translate(_ONE_LINE)
    if not one.startswith("#") and "\t" in one:
        one = one.replace("\t", " ")
    return one if one == text else one.rstrip()  # a blank made at the end would not read back


def write_trf(t: Tournament, *, newline: str | None = None) -> str:
    """TRF in the input's edition (``t.source.edition``); TRF16 unless TRF26-only data exist.

    Records are kept as the input wrote them (a Swiss-Manager TRF16 export's ``142``)."""
    return _write(t, edition_of(t), newline, asked=False)


def write_trf16(t: Tournament, *, newline: str | None = None) -> str:
    """TRF16: ``142``/``152``/``162`` (and ``310`` teams) always become their TRF16 records,
    whatever edition the input was read as (it may be a TRF16 export holding TRF26 codes)."""
    return _write(t, "trf16", newline, asked=True)


def write_trf26(t: Tournament, *, newline: str | None = None) -> str:
    """TRF26: ``XXR``/``XXC``/``XXS``/``BB?`` (and ``013`` teams) always become their TRF26
    records, whatever edition the input was read as (a TRF16 output keeps TRF26-only
    records, so reading it back says TRF26)."""
    return _write(t, "trf26", newline, asked=True)


def edition_of(t: Tournament) -> str:
    """The edition ``write_trf`` uses for ``t``."""
    if t.source.edition in ("trf16", "trf26"):
        return t.source.edition
    h = t.header
    trf26 = (
        any(r.code in _TRF26_ONLY_HEADER for r in h.records)
        or any(team.source == "310" for team in t.teams)
        or bool(
            t.byes or t.abnormal or t.lineups or t.team_byes or t.forfeited_matches or t.national
        )
        or any(a.source == "250" for a in t.accelerations)
        or any(p.source == "260" for p in t.prohibited)
        or bool(
            h.type_code
            or h.tiebreaks
            or h.standings_tiebreaks
            or h.time_control_code
            or h.board_colors
            or h.match_scoring
            or h.rank_method
            or h.pairing_controller
        )
    )
    return "trf26" if trf26 else "trf16"


def _write(t: Tournament, edition: str, newline: str | None, *, asked: bool) -> str:
    wanted = newline if newline is not None else (t.source.newline or "\n")
    nl = _NEWLINES.get(wanted, _NEWLINES.get(wanted.lower(), "\n"))
    convert = asked or t.source.edition != edition
    items: list[tuple[int, int, str]] = []  # (source line, section, text)
    for rec in _header_records(t, edition, convert):
        items.append((rec.line, _HEADER, _header_text(rec)))
    points = t.header.scoring.column_points()
    items.extend(
        (p.line, _PLAYERS, L.player_line(p, None if p.points is not None else p.score(points)))
        for p in t.players
    )
    items.extend((n.line, _NATIONAL, L.national_line(n)) for n in t.national)
    items.extend(_team_items(t, edition, convert))
    lists: Iterable[tuple[int, str]] = (
        *((b.line, L.bye_line(b)) for b in t.byes),
        *((a.line, L.acceleration_line(a)) for a in t.accelerations),
        *((p.line, L.prohibited_line(p)) for p in t.prohibited),
        *((a.line, L.abnormal_line(a)) for a in t.abnormal),
        *((u.line, L.lineup_line(u)) for u in t.lineups),
        *((b.line, L.team_bye_line(b)) for b in t.team_byes),
        *((f.line, L.forfeit_line(f)) for f in t.forfeited_matches),
    )
    items.extend((line, _LISTS, text) for line, text in lists)
    items.extend(
        (_extra_line(r, t, edition, convert), _EXTRA, r.text)
        for r in t.extra
        if not (r.kind == "legacy" and convert and edition == "trf16")
    )  # now teams
    lines = [_one_line(text) for _, text in _in_file_order(items)]
    return nl.join(lines) + nl if lines else ""


def _extra_line(raw: RawLine, t: Tournament, edition: str, convert: bool) -> int:
    """Where a kept line goes: its own line, except a ``013`` line that no ``310`` team
    repeats (the reader keeps it as a line, not a team) in TRF16 output, which goes after
    the teams: before them it would take a team's number (013 lines number by order)."""
    if (
        convert
        and edition == "trf16"
        and t.teams
        and raw.kind == "unknown"
        and raw.text.startswith("013")
    ):
        return max(raw.line, *(team.line for team in t.teams))
    return raw.line


def _team_items(t: Tournament, edition: str, convert: bool) -> list[tuple[int, int, str]]:
    """Team lines. 013 lines number teams by their order, so teams that all become 013
    (TRF16 output) take the team lines' places in the order of their numbers: a team
    keeps its number unless the numbers are not 1, 2, ... (reported, :mod:`.losses`)."""
    as_310 = [edition == "trf26" if convert else team.source == "310" for team in t.teams]
    if t.teams and not any(as_310):
        slots = sorted(team.line for team in t.teams)
        if 0 in slots:  # teams built in code: all after the section, in number order
            slots = [0] * len(slots)
        ordered = sorted(t.teams, key=lambda team: team.number)
        return [
            (line, _TEAMS, L.team_013_line(team)) for line, team in zip(slots, ordered, strict=True)
        ]
    return [
        (team.line, _TEAMS, L.team_310_line(team) if is_310 else L.team_013_line(team))
        for team, is_310 in zip(t.teams, as_310, strict=True)
    ]


def _in_file_order(
    items: list[tuple[int, int, str]],
) -> list[tuple[tuple[int, int, int, int], str]]:
    """Sort by source line; line-0 objects go after the last placed object of their section
    (or of an earlier section), keeping their relative order."""
    last_in: dict[int, int] = {}
    for line, section, _ in items:
        if line > 0:
            last_in[section] = max(last_in.get(section, 0), line)
    keyed = []
    for seq, (line, section, text) in enumerate(items):
        if line > 0:
            key = (line, 0, 0, seq)
        else:
            anchor = last_in.get(section)
            if anchor is None:
                anchor = max((v for s, v in last_in.items() if s < section), default=0)
            key = (anchor, 1, section, seq)
        keyed.append((key, text))
    keyed.sort(key=lambda kv: kv[0])
    return keyed


def _header_text(rec: HeaderRecord) -> str:
    return f"{rec.code} {rec.value}" if rec.value else rec.code


# --- header ------------------------------------------------------------------------


def _header_records(t: Tournament, edition: str, convert: bool) -> list[HeaderRecord]:
    records = list(t.header.records)
    if convert:
        records = (_to_trf26 if edition == "trf26" else _to_trf16)(records, t)
    present = {r.code for r in records}
    records.extend(_missing_records(t, edition, present))
    return records


def _to_trf26(records: list[HeaderRecord], t: Tournament) -> list[HeaderRecord]:
    codes = {r.code for r in records}
    out: list[HeaderRecord] = []
    scoring, _ = scoring_from_records(records)
    value_162 = (
        format_162(scoring) if scoring.source in ("XXS", "BB") and "162" not in codes else None
    )
    placed_162 = False
    for r in records:
        if r.code in ("042", "052", "132"):
            out.append(_trf26_date_record(r, t))
        elif r.code == "XXR":
            if "142" not in codes:
                out.append(HeaderRecord("142", r.value.strip(), r.line))
                codes.add("142")
        elif r.code == "XXC":
            color = xxc_color(r.value)
            rest = " ".join(
                tok for tok in r.value.split() if tok.lower() not in ("white1", "black1")
            )
            if color and "152" not in codes:
                out.append(HeaderRecord("152", color.upper(), r.line))
                codes.add("152")
            if rest:
                out.append(HeaderRecord("XXC", rest, r.line))
        elif value_162 is not None and (r.code == "XXS" or r.code.startswith("BB")):
            if not placed_162:
                out.append(HeaderRecord("162", value_162, r.line))
                placed_162 = True
        else:
            out.append(r)
    return out


def _trf26_date_record(r: HeaderRecord, t: Tournament) -> HeaderRecord:
    """TRF26 fixes the date formats: 042/052 ``YYYY/MM/DD``, 132 ``YY/MM/DD`` on the round grid.

    Dates that could not be read completely are kept as written.
    """
    if r.code == "132":
        dates = t.header.round_dates
        if dates and all(d is None or complete_date(d) is not None for d in dates):
            return HeaderRecord("132", L.round_dates_value(dates), r.line)
        return r
    date, _ = parse_date(r.value.strip())
    if date is not None and date.year is not None and date.month and date.day:
        return HeaderRecord(r.code, date.trf, r.line)
    return r


def _to_trf16(records: list[HeaderRecord], t: Tournament) -> list[HeaderRecord]:
    codes = {r.code for r in records}
    out: list[HeaderRecord] = []
    for r in records:
        if r.code == "142":
            if "XXR" not in codes:
                out.append(HeaderRecord("XXR", r.value.strip(), r.line))
        elif r.code == "152" and r.value.strip().upper()[:1] in ("W", "B"):
            token = "white1" if r.value.strip().upper().startswith("W") else "black1"
            xxc = next((i for i, o in enumerate(out) if o.code == "XXC"), None)
            if xxc is not None:
                if not xxc_color(out[xxc].value):
                    out[xxc] = HeaderRecord(
                        "XXC", f"{out[xxc].value.strip()} {token}".strip(), out[xxc].line
                    )
            elif not any(x.code == "XXC" and xxc_color(x.value) for x in records):
                out.append(HeaderRecord("XXC", token, r.line))
        elif r.code == "162" and not ({"XXS"} & codes or any(c.startswith("BB") for c in codes)):
            out.append(HeaderRecord("XXS", format_xxs(t.header.scoring), r.line))
        else:
            out.append(r)
    return out


def _missing_records(t: Tournament, edition: str, present: set[str]) -> list[HeaderRecord]:
    """Records for typed header values that no record carries (a model built in code)."""
    h = t.header
    out: list[HeaderRecord] = []

    def add(code: str, value: str | None, *aliases: str) -> None:
        if value and code not in present and not any(a in present for a in aliases):
            out.append(HeaderRecord(code, value, 0))

    add("012", h.name)
    add("022", h.city)
    add("032", h.federation)
    add("042", h.start_date.trf if h.start_date else None)
    add("052", h.end_date.trf if h.end_date else None)
    if h.players_declared is not None:
        played = f" ({h.players_played})" if h.players_played is not None else ""
        add("062", f"{h.players_declared}{played}")
    add("072", None if h.rated_declared is None else str(h.rated_declared))
    add("082", None if h.teams_declared is None else str(h.teams_declared))
    add("092", h.type_text)
    add("102", h.chief_arbiter)
    if "112" not in present:
        out.extend(HeaderRecord("112", name, 0) for name in h.deputy_arbiters if name)
    add("122", h.time_control)
    if any(d is not None for d in h.round_dates):
        add("132", L.round_dates_value(h.round_dates))
    rounds = None if h.rounds is None else str(h.rounds)
    if edition == "trf26":
        add("142", rounds, "XXR")
        add("152", h.initial_color.upper() or None, "XXC")
    else:
        add("XXR", rounds, "142")
        add("XXC", {"w": "white1", "b": "black1"}.get(h.initial_color), "152")
    if not h.scoring.is_default:
        value = format_162(h.scoring) if edition == "trf26" else None
        if value is not None:
            add("162", value, "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")
        else:
            add("XXS", format_xxs(h.scoring), "162", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU")
    add("172", h.rank_method)
    add("182", h.pairing_controller)
    add("192", h.type_code)
    add("202", ",".join(h.tiebreaks))
    add("212", ",".join(h.standings_tiebreaks))
    add("222", h.time_control_code)
    add("352", h.board_colors)
    if h.match_scoring is not None:
        add("362", _format_362(h.match_scoring))
    return out


def _format_362(s: ScoringSystem) -> str:
    return f"TW{s.win:4.1f}   TD{s.draw:4.1f}   TL{s.loss:4.1f}"
