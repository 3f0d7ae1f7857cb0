"""Birth dates at the edges of real files: year-only forms, and dates written one column off
(issue 16, TRF): a value the reader cannot place exactly is kept as written, never changed."""

from __future__ import annotations

import pytest
from trf_helpers import codes, p001, read

from trfkit.formats.trf.writer import write_trf
from trfkit.model import PartialDate


@pytest.mark.parametrize("raw", ["1975.  .", "1975/00/00", "1975/  /", "1975.00.", "1975-  -"])
def test_year_only_birth_dates_are_a_year(raw: str) -> None:
    doc = read(p001(birth=raw))
    birth = doc.tournament.players[0].birth
    assert birth == PartialDate(raw, 1975, None, None)
    assert birth is not None and birth.iso == "1975"
    assert codes(doc) == []


def test_year_month_with_blank_day() -> None:
    doc = read(p001(birth="1975/04/"))
    assert doc.tournament.players[0].birth == PartialDate("1975/04/", 1975, 4, None)
    assert codes(doc) == []


def test_date_one_column_late_is_read_whole_and_written_unchanged() -> None:
    good = p001(birth="1963/04/13", points="1.0")
    late = good[:69] + " " + good[69:79] + good[80:]  # date in 71-80, points still 81-84
    assert late[70:80] == "1963/04/13" and late[80:84] == " 1.0"
    doc = read(late)
    p = doc.tournament.players[0]
    assert p.birth == PartialDate("1963/04/13", 1963, 4, 13)
    assert codes(doc) == ["T108"]  # column 80 is not blank: said, and nothing else changed
    out = write_trf(doc.tournament)
    assert "1963/04/13" in out and "1963/04/01" not in out
    assert out.splitlines()[0][69:79] == "1963/04/13"


def test_date_one_column_early_is_read_whole() -> None:
    good = p001(birth="1963/04/13", fide="")
    early = good[:68] + good[69:79] + "  " + good[80:]  # date in 69-78
    assert early[68:78] == "1963/04/13"
    doc = read(early)
    assert doc.tournament.players[0].birth == PartialDate("1963/04/13", 1963, 4, 13)
    assert codes(doc) == ["T108"]


def test_date_running_into_the_points_is_kept_verbatim() -> None:
    """``1963/04/13`` in 71-80 followed by points ``10.5`` in 81-84: which characters are
    the date's cannot be told, so the field's text is kept unread, not turned into a day."""
    good = p001(birth="1963/04/13", points="10.5")
    late = good[:69] + " " + good[69:79] + good[80:]
    assert late[79:84] == "310.5"
    doc = read(late)
    p = doc.tournament.players[0]
    assert p.birth == PartialDate("1963/04/1")
    assert codes(doc) == ["T106", "T108"]
    assert p.points == 10.5
    out = write_trf(doc.tournament).splitlines()[0]
    assert out[69:79].rstrip() == "1963/04/1"  # as the file has it, not 1963/04/01
