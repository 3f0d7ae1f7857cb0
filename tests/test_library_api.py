"""The small public API of ``import trfkit`` (issue 14, Library): what ``has_errors``
means, what ``load`` and ``compute_tiebreaks`` accept, and short reprs."""

from __future__ import annotations

import trfkit

# Two players who both had White in round 1 (a colour conflict, T303); the reader is happy.
CONFLICT = (
    "012 Colour clash\n"
    "XXR 1\n"
    "001    1      Alpha,A                           2000                             1.0    1"
    "     2 w 1\n"
    "001    2      Beta,B                            1900                             0.0    2"
    "     1 w 0\n"
)


def test_has_errors_covers_the_rules_not_only_the_reader() -> None:
    doc = trfkit.loads(CONFLICT)
    assert not doc.has_reader_errors  # the reader found nothing wrong
    assert "T303" in {d.code for d in trfkit.validate(doc)}
    assert doc.has_errors is True and not trfkit.is_valid(doc)
    clean = trfkit.loads(CONFLICT.replace("     1 w 0", "     1 b 0"))
    assert clean.has_errors is False
