"""Every legacy code page TRF files come in, read by the real detector (no fakes).

Files are written here in each code page from the name lists of
``tests/codepage_names.py``: long ones (200 players, at least 50 of them with non-ASCII
names) must come back exactly, with an info-level T002; short ones (one non-ASCII name
among ASCII ones) must come back nearly always with the federation column, and a wrong
reading must never pass silently: it is a T002 warning naming another code page.
"""

from __future__ import annotations

import codecs

import pytest
from codepage_names import LANGUAGES, Language, players

from trfkit.decoding import Decoded, decode

#: (language, code page) for every pair the name lists are written in.
PAIRS = [
    (name, codecs.lookup(cp).name) for name, lang in LANGUAGES.items() for cp in lang.codepages
]


def player_line(start: int, name: str, federation: str) -> str:
    """A TRF16 001 line with the name at 15-47 and the federation at 54-56."""
    return (
        f"001 {start:>4} {'mf'[start % 2]}    {name:<33} {1500 + 7 * start % 900:>4} "
        f"{federation:<3} {4100000 + start:>11} {1970 + start % 40}/01/01 "
        f"{start % 5:>4.1f} {start:>4}"
    )


def trf(names: list[str], federation: str, event: str = "Open") -> str:
    lines = [f"012 {event}", *(player_line(i, n, federation) for i, n in enumerate(names, 1))]
    return "\n".join(lines) + "\n"


def encodable(lang: Language, codepage: str, count: int, ascii: bool = False) -> list[str]:
    """Up to ``count`` distinct names of ``lang`` that ``codepage`` can write (only the
    non-ASCII ones unless ``ascii``)."""
    out: list[str] = []
    for name in players(lang, 4 * count):
        try:
            name.encode(codepage)
        except UnicodeEncodeError:
            continue
        if (ascii or not name.isascii()) and name not in out:
            out.append(name)
    return out[:count]


def same_reading(data: bytes, a: str, b: str) -> bool:
    return data.decode(a, errors="replace") == data.decode(b, errors="replace")


def t002(d: Decoded) -> tuple[str, str]:
    (diag,) = [x for x in d.diagnostics if x.code == "T002"]
    return diag.severity.value, diag.message


@pytest.mark.parametrize("federation", [True, False], ids=["federation", "no-federation"])
@pytest.mark.parametrize("language, codepage", PAIRS)
def test_long_file_is_read_right(language: str, codepage: str, federation: bool) -> None:
    lang = LANGUAGES[language]
    names = encodable(lang, codepage, 200, ascii=True)
    assert len(names) == 200
    assert sum(not n.isascii() for n in names) >= 50  # far more than the ten the issue asks
    text = trf(names, lang.federation if federation else "")
    data = text.encode(codepage)
    d = decode(data)
    assert d.text == text
    # The detected code page is the one written, or one that reads these bytes the same.
    assert same_reading(data, d.encoding, codepage)
    assert d.guessed and d.confidence is not None
    severity, message = t002(d)
    assert (severity, d.alternative) == ("info", ""), message
    assert (
        message == f"the input is not UTF-8; decoded as {d.encoding} (confidence "
        f"{d.confidence:.2f})"
    )


@pytest.mark.parametrize("language, codepage", PAIRS)
def test_ten_non_ascii_names_are_enough(language: str, codepage: str) -> None:
    """The issue's bar: ten non-ASCII names, whatever the code page, with or without the
    federation column, are read right (a close call may still warn)."""
    lang = LANGUAGES[language]
    names = encodable(lang, codepage, 60)
    for start in range(0, len(names) - 9, 10):
        for fed in (lang.federation, ""):
            text = trf(["Smith, John", *names[start : start + 10], "Brown, Robert"], fed)
            d = decode(text.encode(codepage))
            assert d.text == text, (names[start : start + 10], fed, d.encoding)


@pytest.mark.parametrize("language, codepage", PAIRS)
def test_single_non_ascii_name(language: str, codepage: str) -> None:
    lang = LANGUAGES[language]
    right = silent = total = 0
    for fed in (lang.federation, ""):
        for name in encodable(lang, codepage, 40):
            text = trf(["Smith, John", name, "Brown, Robert"], fed)
            data = text.encode(codepage)
            d = decode(data)
            total += 1
            if d.text == text:
                right += fed != ""
                continue
            severity, message = t002(d)
            # Wrong: always a warning that names another reading.
            silent += severity != "warning" or f"; {d.alternative} also possible" not in message
    assert silent == 0
    assert right >= 0.95 * total / 2  # with the federation column: nearly all


@pytest.mark.parametrize(
    "language, codepage",
    [
        ("russian", "koi8-r"),
        ("ukrainian", "koi8-u"),
        ("polish", "iso8859-2"),
        ("greek", "iso8859-7"),
        ("french", "iso8859-15"),
        ("estonian", "iso8859-15"),
    ],
)
def test_close_pairs_are_told_apart(language: str, codepage: str) -> None:
    """The ISO-8859 and KOI8 twins of a Windows code page: only their differing bytes
    tell them apart (C1 controls, symbols in names, box drawing)."""
    lang = LANGUAGES[language]
    names = encodable(lang, codepage, 200)
    data = trf(names, lang.federation).encode(codepage)
    twin = {
        "koi8-r": "koi8-u",
        "koi8-u": "koi8-r",
        "iso8859-2": "cp1250",
        "iso8859-7": "cp1253",
        "iso8859-15": "cp1252",
    }[codepage]
    d = decode(data)
    assert d.encoding == codepage or same_reading(data, d.encoding, codepage)
    if not same_reading(data, codepage, twin):
        assert d.encoding == codepage


def test_cp1251_read_as_koi8_is_inverted_case() -> None:
    """The classic misreading: "Петров" in cp1251 bytes read as KOI8-R is "оЕРПНБ"
    (KOI8 has the small letters where cp1251 has the capitals)."""
    data = trf(["Петров, Алексей"], "").encode("cp1251")
    assert data.decode("koi8-r").split()[5] == "оЕРПНБ,"
    d = decode(data)
    assert (d.encoding, d.text.split()[5]) == ("cp1251", "Петров,")


def test_tournament_strings_count_too() -> None:
    """A file whose only non-ASCII text is in 012/022 records (no player names)."""
    text = "012 Первенство Санкт-Петербурга\n022 Санкт-Петербург\n032 RUS\n"
    for codepage in ("cp1251", "koi8-r", "cp866", "iso8859-5"):
        d = decode(text.encode(codepage))
        assert (d.text, d.encoding) == (text, codepage)


@pytest.mark.parametrize("form", ["utf-8", "utf-8-sig", "utf-16", "utf-16-be-bom"])
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_unicode_controls_are_never_guessed(language: str, form: str) -> None:
    """The same long files in UTF-8, UTF-8 with BOM and UTF-16 (either byte order, with its
    BOM) come back exactly, with no T002 and no confidence: detection never touches them."""
    lang = LANGUAGES[language]
    text = trf(players(lang, 200), lang.federation, "Первенство · Ελλάδα · Türkiye")
    data = (
        codecs.BOM_UTF16_BE + text.encode("utf-16-be")
        if form == "utf-16-be-bom"
        else text.encode(form)
    )
    d = decode(data)
    expected = {"utf-8": "utf-8", "utf-8-sig": "utf-8"}.get(form, "utf-16")
    assert (d.text, d.encoding, d.bom, d.guessed, d.confidence, d.alternative) == (
        text,
        expected,
        form != "utf-8",
        False,
        None,
        "",
    )
    assert [x.code for x in d.diagnostics] == (["T003"] if form == "utf-8-sig" else [])


@pytest.mark.parametrize("language, codepage", PAIRS)
def test_the_032_federation_speaks_for_players_without_one(language: str, codepage: str) -> None:
    """A national event: 032 names the federation, the 001 lines leave theirs blank. The
    032 is then every player's federation, and a single non-ASCII name is read right."""
    lang = LANGUAGES[language]
    for name in encodable(lang, codepage, 40):
        text = f"032 {lang.federation}\n" + trf(["Smith, John", name, "Brown, Robert"], "")
        d = decode(text.encode(codepage))
        assert d.text == text, (name, d.encoding)


@pytest.mark.parametrize(
    "city, codepage, federation",
    [
        ("İstanbul", "cp1254", "TUR"),
        ("Kraków", "cp1250", "POL"),
        ("Łódź", "iso8859-2", "POL"),
        ("Αθήνα", "cp1253", "GRE"),
        ("Rīga", "cp1257", "LAT"),
        ("Київ", "cp1251", "UKR"),
    ],
)
def test_the_players_federations_speak_for_the_event_lines(
    city: str, codepage: str, federation: str
) -> None:
    """ASCII names, a non-ASCII city (022) and no 032: the federation most players have is
    the file's, so the city is read in that federation's code page, and for sure."""
    text = trf(["Smith, John", "Brown, Robert", "Green, Tom"], federation)
    text = text.replace("012 Open\n", f"012 Open\n022 {city}\n")
    d = decode(text.encode(codepage))
    assert (d.text, d.alternative) == (text, "")
    assert same_reading(text.encode(codepage), d.encoding, codepage)
    # Most players, not all: a guest from abroad does not change the file's federation.
    guest = text.replace(f"1521 {federation}", "1521 ENG").replace(
        f"1507 {federation}", f"1507 {federation.lower()}"
    )  # case does not matter
    assert guest != text
    d = decode(guest.encode(codepage))
    assert (d.text, d.alternative) == (guest, "")
