"""trfkit.formats.sniff.sniff_crhtml: a chess-results page in any letter case, and no TRF
file (which has no ``<`` to start an HTML tag, or one in a name only)."""

from __future__ import annotations

import pytest

from trfkit.formats import detect
from trfkit.formats.sniff import sniff_crhtml

TRF = b"012 Open\n001    1 m    Doe, John                         1800 USA                        1.0    1\n"


@pytest.mark.parametrize(
    ("head", "page"),
    [
        (b"<!DOCTYPE html><html><head><title>Chess-Results Server</title>", True),
        (b"\n  <HTML>\n<BODY>CHESS-RESULTS.COM</BODY>", True),
        (b'<html><div class="CRs1">', True),
        (b"<html><body>a club page</body></html>", False),  # no chess-results
        (TRF, False),
        (TRF.replace(b"Doe, John", b"<html> chess-results"), True),  # (text a TRF name may hold)
        (TRF.replace(b"Doe, John", b"Doe <John>"), False),
        (b"", False),
    ],
)
def test_a_chess_results_page_is_told_by_its_head(head: bytes, page: bool) -> None:
    assert sniff_crhtml(head) is page


def test_a_trf_file_is_read_as_trf() -> None:
    assert detect(TRF) == "trf"
