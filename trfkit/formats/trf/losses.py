"""What a TRF output cannot hold, said once per kind (T603), so that no conversion loses
or strands a value without a word.

``convert --to trf16`` of a TRF26 file leaves out the nickname, strength, declared
points and rank of every ``310`` team (a ``013`` line has no room for them), keeps
records TRF16 has no place for (``###`` comments, ``192``/``202``, the ``240``...``330``
lists, national-rating lines) as written, and renumbers teams whose ``310`` numbers
are not their order (``013`` numbers teams by position). Fixed-width fields cut long
names in either edition, and a line break inside a value becomes a blank. A real file
has hundreds of such values: each kind is one diagnostic with its count, placed at the
first line concerned.
"""

from __future__ import annotations

from typing import Final

from ...diagnostics import Diagnostic, make
from ...limits import MAX_PLAYERS, MAX_ROUNDS
from ...model import Tournament
from . import lines as L
from .dates import complete_date
from .header import TRF26_HEADER_CODES

__all__ = ["conversion_losses", "field_overflows"]

#: TRF26 header records ``write_trf16`` maps to a TRF16 counterpart (XXC, XXR, XXS).
_MAPPED_TO_TRF16: Final = frozenset({"142", "152", "162"})
#: Model lists holding TRF26-only records, with the record code and what one is.
_TRF26_LISTS: Final = (
    ("byes", "240", "bye"),
    ("abnormal", "299", "abnormal-points"),
    ("lineups", "300", "line-up"),
    ("team_byes", "320", "team-bye"),
    ("forfeited_matches", "330", "forfeited-match"),
)


class _Tally:
    """Counts per kind of loss, with the first line and an example of each."""

    def __init__(self) -> None:
        self.kinds: dict[str, list[int]] = {}  # message -> [count, first line]
        self.examples: dict[str, str] = {}

    def add(self, kind: str, line: int, example: str = "") -> None:
        seen = self.kinds.setdefault(kind, [0, line])
        seen[0] += 1
        if line and (not seen[1] or line < seen[1]):
            seen[1] = line
        if example and kind not in self.examples:
            self.examples[kind] = example

    def diagnostics(self, path: str) -> tuple[Diagnostic, ...]:
        out = []
        for kind, (count, line) in self.kinds.items():
            example = f" (first: {self.examples[kind]})" if kind in self.examples else ""
            out.append(make("T603", kind.format(n=count) + example, line or 1, file=path))
        return tuple(out)


def conversion_losses(
    t: Tournament, edition: str, *, converted: bool = True
) -> tuple[Diagnostic, ...]:
    """T603 warnings, one per kind with a count, for what TRF output in ``edition``
    cannot hold. ``converted``: the writer maps records to ``edition`` (``--to
    trf16``/``trf26``, or an input of the other edition); False for ``--to trf``
    keeping the input's edition and records."""
    tally = _Tally()
    to_013 = {
        team.number
        for team in t.teams
        if (edition == "trf16" if converted else team.source != "310")
    }
    _teams(t, to_013, tally)
    _cut_fields(t, tally)
    _line_breaks(t, tally)
    if edition == "trf16" and converted:
        _trf26_only(t, tally)
    return tally.diagnostics(t.source.path)


def _teams(t: Tournament, to_013: set[int], tally: _Tally) -> None:
    for team in t.teams:
        if team.number not in to_013:
            continue
        fields = (
            ("nickname", bool(team.nickname)),
            ("strength factor", bool(team.strength)),
            ("declared match points", team.match_points is not None),
            ("declared game points", team.game_points is not None),
            ("declared rank", team.rank is not None),
        )  # the 310 columns 013 lacks
        for label, present in fields:
            if present:
                tally.add(
                    f"the {label} of {{n}} team(s) cannot be written in TRF16's 013 "
                    "lines; left out",
                    team.line,
                    f"team {team.number} {team.name!r}",
                )
    if to_013 and len(to_013) == len(t.teams):  # written in number order (trf/writer.py)
        for position, team in enumerate(sorted(t.teams, key=lambda team: team.number), 1):
            if team.number != position:
                tally.add(
                    "{n} team(s) get another number: 013 lines number teams 1, 2, ... "
                    "in their order",
                    team.line,
                    f"team {team.number} {team.name!r} becomes {position}",
                )
    for team in t.teams:
        if len(team.name) > 32:
            tally.add("{n} team name(s) cut to 32 characters", team.line, repr(team.name))


def _cut_fields(t: Tournament, tally: _Tally) -> None:
    for p in t.players:
        if len(p.name) > L.NAME_WIDTH:
            tally.add(
                f"{{n}} player name(s) cut to {L.NAME_WIDTH} characters",
                p.line,
                f"player {p.start}",
            )
        if len(p.title) > 3:
            tally.add("{n} title(s) cut to 3 characters", p.line, f"player {p.start} {p.title!r}")
        if len(p.federation.strip()) > 3:
            tally.add(
                "{n} federation(s) cut to 3 characters",
                p.line,
                f"player {p.start} {p.federation!r}",
            )
        if len(p.sex.strip()) > 1:
            tally.add("{n} sex value(s) cut to 1 character", p.line, f"player {p.start} {p.sex!r}")
        if p.birth is not None and p.birth.year is None and len(p.birth.raw) > 10:
            tally.add("{n} birth date(s) cut to 10 characters", p.line, f"player {p.start}")
    for number, day in enumerate(t.header.round_dates, 1):  # (132: see L.round_dates_value)
        if day is not None and complete_date(day) is None and len(day.raw) > 8:
            tally.add(
                "{n} round date(s) that are no real day cut to 8 characters",
                0,
                f"round {number} {day.raw!r}",
            )


def _line_breaks(t: Tournament, tally: _Tally) -> None:
    """Values from JSON, XML or Swiss-Manager holding a line break or a tab: a TRF record is
    one line with fixed columns, so the writer puts blanks there (a changed value)."""
    kind = "{n} value(s) hold line breaks or tabs, written as blanks: a TRF record is one line"

    def broken(text: str, blanks: str = L.FIELD_BLANKS) -> bool:
        return any(char in text for char in blanks)

    for p in t.players:
        if broken(p.name) or broken(p.title) or broken(p.federation):
            tally.add(kind, p.line, f"player {p.start} {p.name!r}")
    for team in t.teams:
        if broken(team.name) or broken(team.nickname):
            tally.add(kind, team.line, f"team {team.number} {team.name!r}")
    for n in t.national:
        if broken(n.name):
            tally.add(kind, n.line, f"{n.federation} {n.start} {n.name!r}")
    for rec in t.header.records:
        if broken(rec.value):
            tally.add(kind, rec.line, f"{rec.code} {rec.value!r}")
    for raw in t.extra:  # (a kept comment keeps its tabs)
        if broken(raw.text, L.LINE_BREAKS if raw.text.startswith("#") else L.FIELD_BLANKS):
            tally.add(kind, raw.line, repr(raw.text))


def _trf26_only(t: Tournament, tally: _Tally) -> None:
    """Records TRF16 has no place for: written as they are (TRF16 readers skip them)."""
    for rec in t.header.records:
        if rec.code in TRF26_HEADER_CODES and rec.code not in _MAPPED_TO_TRF16:
            tally.add(
                "{n} TRF26 header record(s) have no TRF16 counterpart; kept as written",
                rec.line,
                rec.code,
            )
    for raw in t.extra:
        if raw.kind == "unknown" and raw.text.startswith("013") and t.teams:
            tally.add(
                "{n} 013 line(s) that no 310 team repeats are written after the teams; "
                "TRF16 readers take them for teams numbered after those",
                raw.line,
            )
        elif raw.kind == "comment" and raw.text.startswith("###"):
            tally.add(
                "{n} ### comment line(s) kept as written; TRF16 has no comment syntax", raw.line
            )
        elif raw.kind == "crosstable":
            tally.add(
                "{n} 801/802 crosstable line(s) have no TRF16 counterpart; kept as written",
                raw.line,
            )
    for name, code, what in _TRF26_LISTS:
        for item in getattr(t, name):
            tally.add(
                f"{{n}} {code} {what} record(s) have no TRF16 counterpart; kept as written",
                item.line,
            )
    for a in t.accelerations:
        if a.source == "250":
            tally.add(
                "{n} 250 acceleration record(s) have no TRF16 counterpart; kept as written", a.line
            )
    for p in t.prohibited:
        if p.source == "260":
            tally.add(
                "{n} 260 prohibited-pairing record(s) have no TRF16 counterpart; kept as written",
                p.line,
            )
    for n in t.national:
        tally.add(
            "{n} national-rating line(s) have no TRF16 counterpart; kept as written",
            n.line,
            f"{n.federation} {n.start}",
        )


def field_overflows(t: Tournament) -> list[Diagnostic]:
    """T603 for numbers that TRF's fixed-width fields cannot hold (the writer cuts them).

    Start numbers, opponents, ranks and ratings have four columns; more rounds than
    :data:`MAX_ROUNDS` make a line no reader accepts. Names cut to their 33 columns are
    counted with the other losses of a conversion (:func:`conversion_losses`).
    """
    found: list[Diagnostic] = []
    path = t.source.path

    def lost(message: str, line: int) -> None:
        found.append(make("T603", message, line, file=path))

    def written(value: int, width: int) -> str:
        shown = L.int_field(value, width).strip()
        return f"written as {shown}" if shown else "left blank"

    for p in t.players:
        for label, value in (("start number", p.start), ("rank", p.rank), ("rating", p.rating)):
            if value is not None and not 0 <= value <= MAX_PLAYERS:
                lost(
                    f"player {p.start}: {label} {value} "
                    f"does not fit TRF's four-digit field; {written(value, 4)}",
                    p.line,
                )
        if p.fide_id is not None and not 0 <= p.fide_id < 10**11:
            lost(
                f"player {p.start}: FIDE id {p.fide_id} does not fit TRF's 11-digit field; "
                f"{written(p.fide_id, 11)}",
                p.line,
            )
        if p.points is not None and float(L.points_field(p.points, 4)) != p.points:
            lost(
                f"player {p.start}: points {p.points:g} do not fit TRF's four-column field; "
                f"written as {L.points_field(p.points, 4).strip()}",
                p.line,
            )
        if len(p.results) > MAX_ROUNDS:
            lost(
                f"player {p.start}: {len(p.results)} rounds, more than a TRF line holds "
                f"({MAX_ROUNDS})",
                p.line,
            )
        bad = sorted(o for o in set(p.opponents) if not 0 <= o <= MAX_PLAYERS)
        if bad:
            lost(
                f"player {p.start}: opponent {bad[0]} does not fit TRF's four-digit field; "
                f"{written(bad[0], 4)}",
                p.line,
            )
    return found
