"""Read FIDE TRF16 / TRF26 files (with JaVaFo, bbpPairings and Swiss-Manager dialects).

One readable loop dispatches each line on its first three characters; every record
parser reports problems as located diagnostics and the loop recovers from anything a
parser did not foresee (T901), so bad input never raises. Diagnostics come back in
file order; ``strict=True`` raises :class:`TrfError` for the first error among them.
Lines that are not modelled (comments, rulers, legends, crosstables, unknown codes)
are kept verbatim as :class:`RawLine` with their line numbers, which lets the writer
put them back where they were. See TRF.md for the format and its real-world quirks.
"""

from __future__ import annotations

import re
from operator import attrgetter
from typing import Any, Final

from ...decoding import Decoded, decode
from ...diagnostics import Diagnostic, Severity, TrfError, make
from ...document import Document
from ...limits import (
    MAX_LINE_CHARS,
    MAX_PLAYERS,
    DiagnosticCap,
    cap_lines,
    long_line,
    too_many_players,
)
from ...model import (
    Header,
    HeaderRecord,
    NationalRating,
    PartialDate,
    Player,
    RawLine,
    Source,
    Team,
    Tournament,
    replace,
)
from ..playerless import without_players
from . import records as rec
from .dates import complete_date, parse_date, parse_grid_date
from .header import (
    ENGINE_CODES,
    HEADER_CODES,
    REPEATABLE,
    TRF26_HEADER_CODES,
    parse_xxs,
    read_value,
    scoring_from_records,
)
from .lines import team_013_line
from .players import ROUND_START, parse_national, parse_player

__all__ = ["read_trf", "loads_trf", "sniff_trf", "TRF26_RECORD_CODES"]

#: Non-header records that exist only in TRF26 (their presence makes a file TRF26).
TRF26_RECORD_CODES: Final = frozenset("240 250 260 299 300 310 320 330 801 802".split())
_LIST_PARSERS: Final = {
    "240": ("byes", rec.parse_240),
    "250": ("accelerations", rec.parse_250),
    "260": ("prohibited", rec.parse_260),
    "299": ("abnormal", rec.parse_299),
    "300": ("lineups", rec.parse_300),
    "320": ("team_byes", rec.parse_320),
    "330": ("forfeited_matches", rec.parse_330),
    "XXA": ("accelerations", rec.parse_xxa),
    "XXP": ("prohibited", rec.parse_xxp),
}
#: Codes from an earlier proposal that TieBreakServer reads ("# Roberto", TRF.md §7).
_RESULTS: Final = attrgetter("results")
_LEGACY_VENDOR: Final = frozenset({"ACC", "TSE", "PAB", "FPB", "HPB", "ZPB", "MFO", "DFM"})
_SNIFF: Final = re.compile(
    rb"^(?:\xef\xbb\xbf)?(?:0[0-9][0-9]|XX[RCSZAP]|BB[WDLZFU]|###)(?: |\r|\n|$)", re.M
)
_RULER: Final = r"[0-9 ]+"  # (rare: compiled on first use)


def sniff_trf(head: bytes) -> bool:
    """True when the first bytes look like a TRF file (a record code at a line start)."""
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16: look at the characters
        head = head[:8192].decode("utf-16", errors="ignore").encode("utf-8")
    return bool(_SNIFF.search(head[:8192]))


def read_trf(
    data: bytes,
    *,
    path: str = "",
    encoding: str | None = None,
    fallback_encoding: str | None = None,
    strict: bool = False,
) -> Document:
    """Decode ``data`` (see :mod:`trfkit.decoding`; ``fallback_encoding`` for input that
    is not UTF-8) and read it as TRF."""
    if isinstance(data, str):  # be forgiving: text is read as its UTF-8 bytes
        data = data.encode("utf-8")
    decoded = decode(bytes(data), encoding, fallback_encoding)
    return _Reader(path, strict).run(decoded)


def loads_trf(text: str, *, path: str = "", strict: bool = False) -> Document:
    """Read TRF from text (line ends of any kind; a leading BOM character is dropped)."""
    bom = text.startswith("\ufeff")
    data = text[1:] if bom else text
    decoded = decode(data.encode("utf-8"))
    decoded = Decoded(
        decoded.text,
        "utf-8",
        bom,
        decoded.newline,
        False,
        tuple(d for d in decoded.diagnostics if d.code != "T003"),
    )
    return _Reader(path, strict).run(decoded)


class _Reader:
    """State of one read: the records met so far and the diagnostics."""

    def __init__(self, path: str, strict: bool) -> None:
        self.path = path
        self.strict = strict
        self.diags: list[Diagnostic] = []
        self.records: list[HeaderRecord] = []
        self.players: list[Player] = []
        self.teams013: list[Team] = []
        self.teams310: list[Team] = []
        self.lists: dict[str, list[Any]] = {name: [] for name, _ in _LIST_PARSERS.values()}
        self.national: list[NationalRating] = []
        self.extra: list[RawLine] = []
        self.layout_lines = 0
        self.cap = DiagnosticCap()

    # -- reporting -----------------------------------------------------------------
    def report(
        self, code: str, message: str, line: int = 1, column: int = 1, end: int | None = None
    ) -> None:
        """Keep a diagnostic, at most :data:`~trfkit.limits.MAX_SAME_CODE` of one code (a
        file of 60 000 unknown lines would otherwise carry 60 000 T601 into every report)."""
        if self.cap.admit(self.diags, code, line, self.path):
            self.diags.append(make(code, message, line, column, end, file=self.path))

    # -- main loop -----------------------------------------------------------------
    def run(self, decoded: Decoded) -> Document:
        self.diags.extend(d.with_file(self.path) for d in decoded.diagnostics)
        text, cut = cap_lines(decoded.text)  # before split: bounded memory (trfkit.limits)
        if cut is not None:
            self.diags.append(cut.with_file(self.path))
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        self.loop(lines)
        tournament = self.finish(decoded)
        diags = tuple(sorted(self.diags, key=lambda d: (d.line, d.column)))  # stable: decode first
        if self.strict:
            first = next((d for d in diags if d.severity is Severity.ERROR), None)
            if first is not None:
                raise TrfError(first)
        return Document(tournament, diags, text)

    def loop(self, lines: list[str]) -> None:
        report = self.report
        players = self.players
        for lineno, line in enumerate(lines, 1):
            try:
                if "\t" in line and not line.startswith("#"):
                    line = line.expandtabs(8)
                    report(
                        "T901",
                        "tab characters expanded to 8-column tab stops",
                        lineno,
                        1,
                        len(line),
                    )
                if len(line) > MAX_LINE_CHARS:  # (tested here: a call per line shows)
                    too_long = long_line(line, lineno)
                    if too_long is not None:
                        self.diags.append(too_long.with_file(self.path))
                        continue
                if line.startswith("001"):
                    if len(players) >= MAX_PLAYERS:
                        self.diags.append(too_many_players(lineno).with_file(self.path))
                        break
                    players.append(parse_player(line.rstrip(), lineno, report))
                else:
                    self.dispatch(line, lineno)
            except Exception as exc:  # a parser bug must not lose the file: keep the line
                report(
                    "T901",
                    f"could not read this line ({type(exc).__name__}: {exc}); kept verbatim",
                    lineno,
                    1,
                    max(1, len(line)),
                )
                self.extra.append(RawLine("unknown", line, lineno))

    def dispatch(self, line: str, lineno: int) -> None:
        stripped = line.rstrip()
        if not stripped:
            self.extra.append(RawLine("layout", "", lineno))
            return
        if line.startswith("#"):
            if not line.startswith("###"):
                self.report(
                    "T601",
                    "comment line starting with '#' (TRF26 comments start with '###'); kept",
                    lineno,
                    1,
                    len(stripped),
                )
            self.extra.append(RawLine("comment", line, lineno))
            return
        code = line[:3]
        if stripped.isdigit() and len(stripped) >= 10:
            self.layout_lines += 1
            self.report(
                "T601", "ruler line (Swiss-Manager layout) kept verbatim", lineno, 1, len(stripped)
            )
            self.extra.append(RawLine("layout", line, lineno))
        elif code in HEADER_CODES or code in ENGINE_CODES:
            if len(line) > 3 and line[3] != " ":
                self.report("T108", f"column 4 of record {code} should be blank", lineno, 4, 4)
                value = line[3:]
            else:
                value = line[4:]
            self.records.append(HeaderRecord(code, value, lineno))
        elif code == "013":
            self.teams013.append(
                rec.parse_013(stripped, lineno, len(self.teams013) + 1, self.report)
            )
        elif code == "310":
            self.teams310.append(rec.parse_310(stripped, lineno, self.report))
        elif code in _LIST_PARSERS:
            name, parser = _LIST_PARSERS[code]
            self.lists[name].append(parser(stripped, lineno, self.report))
        elif code in ("801", "802"):
            self.extra.append(RawLine("crosstable", line, lineno))
        elif _is_national(stripped):
            self.national.append(parse_national(stripped, lineno, self.report))
        else:
            self.other(line, stripped, lineno)

    def other(self, line: str, stripped: str, lineno: int) -> None:
        """Rulers, legends, vendor and unknown lines: kept verbatim, reported."""
        code = stripped[:3]
        if re.fullmatch(_RULER, stripped) and (
            stripped.startswith("1234567890") or line.startswith("   ")
        ):
            self.layout_lines += 1
            self.report(
                "T601", "ruler line (Swiss-Manager layout) kept verbatim", lineno, 1, len(stripped)
            )
            self.extra.append(RawLine("layout", line, lineno))
        elif len(code) == 3 and code.isalpha() and len(set(code)) == 1 and line[3:4] == " ":
            self.layout_lines += 1
            self.report("T601", "column legend line kept verbatim", lineno, 1, len(stripped))
            self.extra.append(RawLine("layout", line, lineno))
        elif code.isdigit():
            self.report("T101", f"unknown record code {code!r}; line kept verbatim", lineno, 1, 3)
            self.extra.append(RawLine("unknown", line, lineno))
        elif code in _LEGACY_VENDOR or code.startswith(("XX", "BB")):
            self.report("T601", f"vendor record {code!r} kept verbatim", lineno, 1, 3)
            self.extra.append(RawLine("vendor", line, lineno))
        else:
            self.report(
                "T601", "line that is not a TRF record kept verbatim", lineno, 1, len(stripped)
            )
            self.extra.append(RawLine("unknown", line, lineno))

    # -- building the model ----------------------------------------------------------
    def finish(self, decoded: Decoded) -> Tournament:
        header = self.header()
        players = self.trim_extra_rounds(tuple(self.players), header.rounds)
        teams = self.teams()
        lists = {name: tuple(items) for name, items in self.lists.items()}
        edition = self.edition()
        source = Source(
            format="trf",
            edition=edition,
            dialect=self.dialect(header),
            encoding=decoded.encoding,
            newline=decoded.newline,
            bom=decoded.bom,
            path=self.path,
            encoding_confidence=decoded.confidence,
            encoding_alternative=decoded.alternative,
            encoding_mixed=decoded.mixed,
        )
        if decoded.text and not (players or teams):
            recognised = bool(
                self.records
                or self.national
                or any(lists.values())
                or any(r.kind == "crosstable" for r in self.extra)
            )
            self.diags = without_players(
                self.diags,
                recognised=recognised,
                what="the file has TRF records but no 001 player record",
                path=self.path,
            )
        return Tournament(
            header=header,
            players=players,
            teams=teams,
            byes=lists["byes"],
            accelerations=lists["accelerations"],
            prohibited=lists["prohibited"],
            abnormal=lists["abnormal"],
            lineups=lists["lineups"],
            team_byes=lists["team_byes"],
            forfeited_matches=lists["forfeited_matches"],
            national=tuple(self.national),
            extra=tuple(sorted(self.extra, key=lambda r: r.line)),
            source=source,
        )

    def header(self) -> Header:
        fields: dict[str, object] = {}
        deputies: list[str] = []
        seen: dict[str, int] = {}
        codes = {r.code for r in self.records}
        for r in self.records:
            if r.code not in REPEATABLE and r.code in seen:
                self.report(
                    "T109",
                    f"record {r.code} occurs again (first on line {seen[r.code]}); "
                    "the first one is used",
                    r.line,
                    1,
                    3,
                )
                continue
            seen.setdefault(r.code, r.line)
            if (r.code == "XXR" and "142" in codes) or (r.code == "XXC" and "152" in codes):
                continue  # the TRF26 record wins over the engine line
            if r.code in ("042", "052"):
                date, problem = parse_date(r.value)
                if problem:
                    self.report("T106", f"{r.code} {problem}", r.line, 5, 4 + len(r.value))
                if date is not None:
                    fields["start_date" if r.code == "042" else "end_date"] = date
                continue
            values, problems = read_value(r.code, r.value)
            for code, message, col, end in problems:
                self.report(code, message, r.line, col, end)
            if r.code == "112":
                deputies.extend(values.get("deputy_arbiters", ()))  # type: ignore[arg-type]
            elif r.code == "XXC" and "initial_color" in fields:
                continue
            else:
                fields.update(values)
        fields["deputy_arbiters"] = tuple(deputies)
        scoring, match_scoring = scoring_from_records(self.records)
        if scoring.source == "XXS":
            for r in self.records:
                if r.code == "XXS":
                    _, lost = parse_xxs(r.value, scoring)
                    for code in lost:
                        self.report(
                            "T602",
                            f"XXS code {code} cannot be represented and was ignored",
                            r.line,
                            5,
                            4 + len(r.value),
                        )
        fields["scoring"] = scoring
        fields["match_scoring"] = match_scoring
        fields["round_dates"] = self.round_dates(fields.get("start_date"), fields.get("end_date"))  # type: ignore[arg-type]
        return Header(records=tuple(self.records), **fields)  # type: ignore[arg-type]

    def round_dates(
        self, start: PartialDate | None, end: PartialDate | None
    ) -> tuple[PartialDate | None, ...]:
        """132: dates on the round grid; two-digit years settled by the 042/052 range."""
        record = next((r for r in self.records if r.code == "132"), None)
        if record is None:
            return ()
        line = "132 " + record.value.rstrip()
        within = tuple(d for d in (complete_date(start), complete_date(end)) if d is not None)
        dates: list[PartialDate | None] = []
        c = ROUND_START
        tokens = list(re.finditer(r"\S+", line[4:]))
        on_grid = all(
            (m.start() + 4 - ROUND_START) % 10 == 0 and m.start() + 4 >= ROUND_START for m in tokens
        )
        if not on_grid:
            self.report(
                "T108",
                "132 round dates are not on the round-block columns (92, 102, ...); read in order",
                record.line,
                5,
                len(line),
            )
            texts = [(m.group(), m.start() + 5) for m in tokens]
        else:
            texts = []
            while c < len(line):
                texts.append((line[c : c + 8], c + 1))
                c += 10
        for text, col in texts:
            date, problem = parse_grid_date(text, within if len(within) == 2 else ())
            if problem:
                self.report(
                    "T106", f"132 {problem}", record.line, col, col + len(text.rstrip()) - 1
                )
            dates.append(date)
        while dates and dates[-1] is None:
            dates.pop()
        return tuple(dates)

    def trim_extra_rounds(
        self, players: tuple[Player, ...], rounds: int | None
    ) -> tuple[Player, ...]:
        """Drop empty blocks written beyond the declared number of rounds (T112)."""
        if not rounds or not players or max(map(len, map(_RESULTS, players))) <= rounds:
            return players
        out = list(players)
        for i, p in enumerate(players):
            written = len(p.results)
            if written <= rounds:
                continue
            if not any(p.opponents[rounds:]) and not p.results[rounds:].strip(" ."):
                self.report(
                    "T112",
                    f"{written - rounds} empty round block(s) after round {rounds} dropped",
                    p.line,
                    ROUND_START + 1 + 10 * rounds,
                    ROUND_START + 10 * written - 2,
                )
                out[i] = replace(
                    p,
                    opponents=p.opponents[:rounds],
                    colors=p.colors[:rounds],
                    results=p.results[:rounds],
                )
        return tuple(out)

    def teams(self) -> tuple[Team, ...]:
        """310 teams win over 013 lines. A 013 line repeating a 310 team adds no team, but
        it is kept (``legacy``) for TRF16 readers of a TRF26 output, as the TEC sample has."""
        if not self.teams310:
            return tuple(self.teams013)
        known = {(t.name, t.members) for t in self.teams310}
        for t in self.teams013:
            if (t.name, t.members) in known:
                self.extra.append(RawLine("legacy", team_013_line(t), t.line))
            else:
                self.report(
                    "T601",
                    "013 team line differs from every 310 record; kept as an extra line",
                    t.line,
                    1,
                    3,
                )
                # Kept in the writer's 013 layout so that a later read gives the same team.
                self.extra.append(RawLine("unknown", team_013_line(t), t.line))
        return tuple(self.teams310)

    def edition(self) -> str:
        """``trf26`` when any TRF26-only record is present (142 alone is not: Swiss-Manager
        writes it in TRF16 exports), else ``trf16``."""
        lists = self.lists
        trf26 = (
            any(r.code in TRF26_HEADER_CODES for r in self.records)
            or bool(self.teams310 or self.national)
            or any(
                lists[n] for n in ("byes", "abnormal", "lineups", "team_byes", "forfeited_matches")
            )
            or any(getattr(a, "source", "") == "250" for a in lists["accelerations"])
            or any(getattr(p, "source", "") == "260" for p in lists["prohibited"])
            or any(r.kind == "crosstable" or r.text.startswith("###") for r in self.extra)
        )
        return "trf26" if trf26 else "trf16"

    def dialect(self, header: Header) -> str:
        codes = {r.code for r in self.records}
        if "lichess" in (header.city + header.federation + header.chief_arbiter).lower():
            return "lichess"
        if any(c.startswith("BB") for c in codes):
            return "bbpairings"
        if self.layout_lines or header.players_played is not None:
            return "swiss-manager"
        if any(c.startswith("XX") for c in codes) or any(
            getattr(a, "source", "") == "XXA" for a in self.lists["accelerations"]
        ):
            return "javafo"
        return "fide"


def _is_national(stripped: str) -> bool:
    """A National Rating Support line: 3 capital letters, blank, a start number in 5-8."""
    code = stripped[:3]
    return (
        len(stripped) >= 8
        and code.isalpha()
        and code.isupper()
        and stripped[3] == " "
        and stripped[4:8].strip().isdigit()
        and len(set(code)) > 1
    )
