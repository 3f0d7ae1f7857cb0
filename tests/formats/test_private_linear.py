"""Detecting e-mail addresses and local paths in header strings takes linear time."""

from __future__ import annotations

import re
import time

from sm_writer import SmFile, five_players

from trfkit.formats.export_fields import has_email, is_private, public_text
from trfkit.formats.swissmanager.reader import read_swissmanager

#: The rule as it was written first (quadratic: it restarts at every character).
REFERENCE = re.compile(r"[^\s@<>\"']+@[^\s@<>\"']+\.[A-Za-z]{2,}")


def test_megabyte_header_strings_are_classified_in_well_under_a_second() -> None:
    mega = 1_000_000
    cases = {
        "a" * mega: False,  # no @ at all
        "x@" * (mega // 2): False,  # a million @ without a domain
        "a" * mega + "@b" + "c" * mega: False,  # a domain without a dot
        "." * mega + "@" + "." * mega: False,
        "a" * mega + " reach us at td@club.org": True,
        "td@" + "d" * mega + ".at": True,  # the dot and the country at the very end
        "a" * mega + " C:\\Users\\td\\event.tunx": True,
        "Spring Open " * 80_000: False,
    }
    for text, private in cases.items():
        started = time.perf_counter()
        assert is_private(text) is private, text[:40]
        assert time.perf_counter() - started < 0.5, text[:40]  # quadratic took hours


def test_linear_detection_agrees_with_the_regex_on_small_strings() -> None:
    alphabet = 'ab@. "<Xy\t'
    count = 0
    # every string of up to five characters over the alphabet that matters
    texts = [""]
    for _ in range(5):
        texts = [t + c for t in texts for c in alphabet]
        for text in texts:
            assert has_email(text) == bool(REFERENCE.search(text)), repr(text)
            count += 1
    assert count > 100_000
    assert public_text("  mail: td@club.org ") == "" and public_text("Spring Open") == "Spring Open"


def test_a_file_full_of_long_header_strings_is_read_quickly() -> None:
    f: SmFile = five_players()
    for index in range(1, 9):  # 65 535 characters each: the most a native string holds
        f.header[index] = "x" * 65_535
    f.header[23] = "n" * 65_000 + " td@club.org"
    started = time.perf_counter()
    doc = read_swissmanager(f.encode())
    assert time.perf_counter() - started < 2
    assert any(d.code == "T624" for d in doc.diagnostics)
    # (the subtitle is public: issue 16 appends it to the 012 name)
    assert doc.tournament.header.name.startswith("Spring Open")
