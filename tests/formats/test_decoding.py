"""Decoding: BOM, strict UTF-8, legacy code pages, --fallback-encoding, line ends.

Everything runs the real detector (:mod:`trfkit.codepages`, chardet included); the
code page matrix is in ``test_decoding_codepages.py``.
"""

from __future__ import annotations

import sys

import pytest

import trfkit.decoding as decoding
from trfkit.decoding import decode

LINE = "001    1 m    Müller, Jörg                      2100 GER     1234567 1980/01/01  1.0    1"


def codes(d: decoding.Decoded) -> list[str]:
    return [x.code for x in d.diagnostics]


def test_ascii_lf() -> None:
    d = decode(b"012 Open\n001    1\n")
    assert (d.text, d.encoding, d.bom, d.newline, d.guessed) == (
        "012 Open\n001    1\n",
        "ascii",
        False,
        "\n",
        False,
    )
    assert d.diagnostics == ()


def test_bom_on_ascii_content_still_means_utf8() -> None:
    assert decode(b"\xef\xbb\xbf012 plain\n").encoding == "utf-8"


def test_utf8_bom_is_stripped_and_reported() -> None:
    d = decode(b"\xef\xbb\xbf012 Caf\xc3\xa9\r\n")
    assert d.text == "012 Café\n"
    assert d.bom is True
    assert d.newline == "\r\n"
    assert codes(d) == ["T003"]
    assert d.diagnostics[0].severity.value == "info"


def test_cp1252_tournament_name_is_detected() -> None:
    d = decode("012 Läs Végas National Opeñ\n".encode("cp1252"))
    assert d.text == "012 Läs Végas National Opeñ\n"
    assert d.guessed and codes(d) == ["T002"]
    assert d.encoding == "cp1252" and d.confidence is not None


def test_encoding_override() -> None:
    data = "012 Ærø\n".encode()
    d = decode(data, encoding="cp1252")
    assert d.encoding == "cp1252"
    assert d.text == "012 Ã\u2020rÃ¸\n"  # 0x86 is a dagger in cp1252
    assert d.guessed is False
    assert codes(d) == []


def test_encoding_override_with_bad_bytes_reports_t001() -> None:
    d = decode(b"012 caf\xe9\n", encoding="utf-8")
    assert d.text == "012 caf\ufffd\n"
    assert codes(d) == ["T001"]


def test_unknown_encoding_name_is_reported_and_ignored() -> None:
    d = decode(b"012 x\n", encoding="no-such-codec")
    assert d.text == "012 x\n"
    assert codes(d) == ["T001"]


def test_cr_only_line_ends() -> None:
    d = decode(b"012 A\r022 B\r")
    assert d.text == "012 A\n022 B\n"
    assert d.newline == "\r"
    assert codes(d) == []


def test_mixed_line_ends_are_reported_with_the_dominant_one() -> None:
    d = decode(b"012 A\r\n022 B\r\n032 C\n042 D\r")
    assert d.text == "012 A\n022 B\n032 C\n042 D\n"
    assert d.newline == "\r\n"
    assert codes(d) == ["T004"]
    assert "2 CRLF" in d.diagnostics[0].message


def test_no_line_end_at_all() -> None:
    d = decode(b"012 A")
    assert (d.text, d.newline) == ("012 A", "\n")


@pytest.mark.parametrize("data", [b"", b"  \n\r\n", b"\xef\xbb\xbf"])
def test_empty_input(data: bytes) -> None:
    d = decode(data)
    assert d.text == ""
    assert "T005" in codes(d)
    assert d.diagnostics[-1].severity.value == "error"


def test_binary_input_gives_t001_and_no_text() -> None:
    d = decode(b"PK\x03\x04\x00\x00\x08\x00binary\xff\xfe")
    assert d.text == ""
    assert codes(d) == ["T001"]


def test_utf16_with_bom() -> None:
    d = decode("012 Zürich\r\n".encode("utf-16"))
    assert d.text == "012 Zürich\n"
    assert d.encoding == "utf-16"
    assert d.bom is True


def test_chardet_is_imported_lazily() -> None:
    import subprocess

    code = (
        "import sys; from trfkit.formats.trf.reader import read_trf; "
        "read_trf('012 Zürich\\n'.encode()); print('chardet' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_binary_without_nul_bytes_is_detected() -> None:
    data = bytes(range(1, 32)) * 20 + b"012 x\n"
    d = decode(data)
    assert (d.text, codes(d)) == ("", ["T001"])
    # A stray Ctrl-Z or form feed in a real text file is not binary.
    assert decode(b"012 x\x1a\n\x0c022 y\n").text == "012 x\x1a\n\x0c022 y\n"


def test_utf8_file_with_one_cp1252_line_is_decoded_per_line() -> None:
    data = "012 Zürich Open\n".encode() + "022 Genève\n".encode("cp1252") + b"032 SUI\n"
    d = decode(data)
    assert d.text == "012 Zürich Open\n022 Genève\n032 SUI\n"
    assert d.encoding == "utf-8" and d.guessed
    assert codes(d) == ["T002"] and d.diagnostics[0].line == 2
    assert d.diagnostics[0].message.startswith(
        "the input mixes encodings: the rest is UTF-8, 1 line is not (line 2); decoded as cp1252"
    )
    two = decode(data + "022 Genève\n".encode("cp1252")).diagnostics[0].message
    assert "the rest is UTF-8, 2 lines are not (lines 2, 4); decoded as " in two


RU = "001    1 m    Петров, Алексей                   2100 RUS     4100018 1980/01/01  1.0    1"


def test_utf8_names_are_not_guessed_at_all() -> None:
    data = (RU + "\n").encode("utf-8") * 3000  # large and non-ASCII
    d = decode(data)
    assert (d.encoding, d.guessed, d.confidence, d.alternative) == ("utf-8", False, None, "")
    assert d.text.splitlines()[0] == RU
    assert codes(d) == []


@pytest.mark.parametrize(
    "data, encoding, bom",
    [
        (("\ufeff" + RU + "\r\n").encode("utf-8"), "utf-8", True),
        ((RU + "\r\n").encode("utf-16"), "utf-16", True),
        ((RU + "\r\n").encode("utf-16-le"), "cp1252", False),  # no BOM: NUL bytes
    ],
)
def test_utf8_bom_and_utf16_controls(data: bytes, encoding: str, bom: bool) -> None:
    d = decode(data)
    if encoding == "cp1252":  # UTF-16 without a byte-order mark is binary, not a code page
        assert (d.text, d.encoding, codes(d)) == ("", "binary", ["T001"])
        return
    assert (d.text, d.encoding, d.bom, d.guessed) == (RU + "\n", encoding, bom, False)
    assert "T002" not in codes(d)


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_bom_is_named_in_the_t001(codec: str) -> None:
    """Refused (binary data has NUL bytes too), but the message says what to pass; and
    with that --encoding the file reads."""
    data = ("012 Первенство\n" + RU + "\n" + RU.replace("Петров", "Иванов") + "\n").encode(codec)
    d = decode(data)
    assert (d.text, [(x.code, x.message) for x in d.diagnostics]) == (
        "",
        [
            (
                "T001",
                f"every other byte of the input is NUL, as in {codec} text without a "
                f"byte-order mark: pass --encoding {codec}",
            )
        ],
    )
    assert decode(data, encoding=codec).text.splitlines()[1] == RU
    zip_like = b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + bytes(range(256)) * 4
    assert "binary data, not a text file" in decode(zip_like).diagnostics[0].message


def test_cp1251_is_detected_without_any_hint() -> None:
    d = decode(("012 Первенство Москвы\n" + RU + "\n").encode("cp1251"))
    assert d.text == "012 Первенство Москвы\n" + RU + "\n"
    assert (d.encoding, d.alternative) == ("cp1251", "")
    assert d.confidence is not None and d.confidence >= 0.95
    (t002,) = d.diagnostics
    assert (t002.code, t002.severity.value) == ("T002", "info")
    assert t002.message == "the input is not UTF-8; decoded as cp1251 (confidence 1.00)"


def test_a_close_call_is_a_warning_naming_both_code_pages() -> None:
    # One Czech name, no federation: 0xE8 is "č" in cp1250 and "è" in cp1252 ("Kovaè").
    data = "001    1 m    Kovač, Ivan                       2100         4100018\n".encode("cp1250")
    d = decode(data)
    assert d.text.startswith("001    1 m    Kovač, Ivan")
    assert (d.encoding, d.alternative) == ("cp1250", "cp1252")
    (t002,) = d.diagnostics
    assert (t002.code, t002.severity.value) == ("T002", "warning")
    assert t002.message.startswith(
        "the input is not UTF-8; decoded as cp1250; cp1252 also "
        "possible: pass --encoding (confidence 0."
    )


def test_fallback_encoding_is_used_for_input_that_is_not_utf8() -> None:
    data = (RU + "\n").encode("cp1251")
    d = decode(data, fallback="koi8-r")  # the caller's word, even against the names
    assert d.text == data.decode("koi8-r") and d.encoding == "koi8-r"
    assert (d.guessed, d.confidence) == (False, None)
    assert [x.message for x in d.diagnostics] == [
        "the input is not UTF-8; decoded as koi8-r (--fallback-encoding)"
    ]
    utf8 = decode((RU + "\n").encode("utf-8"), fallback="koi8-r")
    assert (utf8.text, utf8.encoding, codes(utf8)) == (RU + "\n", "utf-8", [])


def test_fallback_encoding_decodes_the_other_lines_of_a_mixed_file() -> None:
    data = "012 Кубок\n".encode() + (RU + "\n").encode("cp1251")
    d = decode(data, fallback="cp1251")
    assert d.text == "012 Кубок\n" + RU + "\n" and d.encoding == "utf-8"
    assert codes(d) == ["T002"] and d.diagnostics[0].line == 2
    assert "decoded as cp1251 (--fallback-encoding)" in d.diagnostics[0].message
    # Without the option the other lines' code page is detected.
    assert decode(data).text == "012 Кубок\n" + RU + "\n"


def test_unknown_fallback_encoding_is_reported_and_ignored() -> None:
    d = decode((RU + "\n").encode("cp1251"), fallback="no-such-codec")
    assert d.text == RU + "\n"
    assert codes(d) == ["T001", "T002"]
    assert "unknown fallback encoding 'no-such-codec'" in d.diagnostics[0].message


def test_the_detection_sample_is_bounded() -> None:
    line = (RU + "\n").encode("cp1251")
    lines = decoding._non_ascii_lines(line * 20000)  # ~1.8 MB of non-ASCII lines
    assert sum(map(len, lines)) <= decoding.SAMPLE_LIMIT + len(line)


def test_a_certain_detection_does_not_import_chardet() -> None:
    import subprocess

    code = (
        "import sys; from trfkit.decoding import decode; "
        f"d = decode({(RU + chr(10)).encode('cp1251') * 20!r}); "
        "print(d.encoding, 'chardet' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "cp1251 False"


def test_a_byte_cp1252_leaves_undefined_is_read_as_latin1_not_replaced() -> None:
    data = b"001    1 m    M\xfcller, J\xf6rg\x81" + b" " * 21 + b"2100 GER     4100018\n"
    d = decode(data)
    assert (d.encoding, d.text) == ("iso8859-1", data.decode("latin-1"))
    assert codes(d) == ["T002"]  # no T001: nothing was replaced
