"""Decoding: BOM, strict UTF-8, chardet on a bounded sample, cp1252 fallback, line ends."""

from __future__ import annotations

import sys
import types

import pytest

import trfkit.decoding as decoding
from trfkit.decoding import decode

LINE = "001    1 m    Müller, Jörg                      2100 GER     1234567 1980/01/01  1.0    1"


def codes(d: decoding.Decoded) -> list[str]:
    return [x.code for x in d.diagnostics]


@pytest.fixture
def no_chardet(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Replace chardet by a recorder that fails the test when called."""
    calls: list[bytes] = []

    def detect(sample: bytes) -> dict[str, object]:
        calls.append(sample)
        raise AssertionError("chardet must not be called")

    monkeypatch.setitem(sys.modules, "chardet", types.SimpleNamespace(detect=detect))
    return calls


@pytest.fixture
def fake_chardet(monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    """A chardet that returns ``state['answer']`` and records the samples it sees."""
    state: dict[str, object] = {"answer": {"encoding": None, "confidence": 0.0}, "samples": []}

    def detect(sample: bytes) -> object:
        state["samples"].append(sample)  # type: ignore[union-attr]
        return state["answer"]

    monkeypatch.setitem(sys.modules, "chardet", types.SimpleNamespace(detect=detect))
    return state


def test_ascii_lf(no_chardet: list[bytes]) -> None:
    d = decode(b"012 Open\n001    1\n")
    assert (d.text, d.encoding, d.bom, d.newline, d.guessed) == (
        "012 Open\n001    1\n",
        "ascii",
        False,
        "\n",
        False,
    )
    assert d.diagnostics == ()


def test_valid_utf8_never_calls_chardet(no_chardet: list[bytes]) -> None:
    data = (LINE + "\n").encode("utf-8") * 3000  # large and non-ASCII
    d = decode(data)
    assert d.encoding == "utf-8"
    assert d.text.splitlines()[0] == LINE
    assert no_chardet == []
    assert codes(d) == []


def test_bom_on_ascii_content_still_means_utf8() -> None:
    assert decode(b"\xef\xbb\xbf012 plain\n").encoding == "utf-8"


def test_utf8_bom_is_stripped_and_reported(no_chardet: list[bytes]) -> None:
    d = decode(b"\xef\xbb\xbf012 Caf\xc3\xa9\r\n")
    assert d.text == "012 Café\n"
    assert d.bom is True
    assert d.newline == "\r\n"
    assert codes(d) == ["T003"]
    assert d.diagnostics[0].severity.value == "info"


def test_cp1252_fallback_when_chardet_is_unsure(fake_chardet: dict[str, object]) -> None:
    fake_chardet["answer"] = {"encoding": "Windows-1250", "confidence": 0.05}
    data = LINE.encode("cp1252") + b"\n012 plain ascii\n"
    d = decode(data)
    assert d.encoding == "cp1252"
    assert d.guessed is True
    assert d.text.splitlines()[0] == LINE
    assert codes(d) == ["T002"]
    assert "0.05" in d.diagnostics[0].message
    # Only the non-ASCII line was shown to chardet.
    assert fake_chardet["samples"] == [LINE.encode("cp1252") + b"\n"]


def test_confident_chardet_guess_is_used(fake_chardet: dict[str, object]) -> None:
    fake_chardet["answer"] = {"encoding": "KOI8-R", "confidence": 0.99}
    data = "012 Турнир\n".encode("koi8-r")
    d = decode(data)
    assert d.encoding == "koi8-r"
    assert d.text == "012 Турнир\n"
    assert codes(d) == ["T002"]


def test_latin1_guess_is_read_as_cp1252(fake_chardet: dict[str, object]) -> None:
    fake_chardet["answer"] = {"encoding": "ISO-8859-1", "confidence": 0.9}
    d = decode(b"012 \x93quoted\x94 \xe9\n")
    assert d.encoding == "cp1252"
    assert d.text == "012 \u201cquoted\u201d é\n"


def test_chardet_sample_is_bounded(fake_chardet: dict[str, object]) -> None:
    line = LINE.encode("cp1252") + b"\n"
    data = line * 20000  # ~1.8 MB of non-ASCII lines
    decode(data)
    (sample,) = fake_chardet["samples"]  # type: ignore[misc]
    assert len(sample) <= decoding.SAMPLE_LIMIT


def test_real_chardet_on_cp1252_text() -> None:
    d = decode("012 Läs Végas National Opeñ\n".encode("cp1252"))
    assert d.text == "012 Läs Végas National Opeñ\n"
    assert d.guessed and codes(d) == ["T002"]


def test_encoding_override(no_chardet: list[bytes]) -> None:
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


def test_unknown_encoding_name_is_reported_and_ignored(no_chardet: list[bytes]) -> None:
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


def test_binary_input_gives_t001_and_no_text(no_chardet: list[bytes]) -> None:
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
        "import sys; from trfkit.formats.trf_reader import read_trf; "
        "read_trf('012 Zürich\\n'.encode()); print('chardet' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_binary_without_nul_bytes_is_detected(no_chardet: list[bytes]) -> None:
    data = bytes(range(1, 32)) * 20 + b"012 x\n"
    d = decode(data)
    assert (d.text, codes(d)) == ("", ["T001"])
    # A stray Ctrl-Z or form feed in a real text file is not binary.
    assert decode(b"012 x\x1a\n\x0c022 y\n").text == "012 x\x1a\n\x0c022 y\n"


def test_utf8_file_with_one_cp1252_line_is_decoded_per_line(no_chardet: list[bytes]) -> None:
    data = "012 Zürich Open\n".encode() + "022 Genève\n".encode("cp1252") + b"032 SUI\n"
    d = decode(data)
    assert d.text == "012 Zürich Open\n022 Genève\n032 SUI\n"
    assert d.encoding == "utf-8" and d.guessed
    assert codes(d) == ["T002"] and d.diagnostics[0].line == 2
