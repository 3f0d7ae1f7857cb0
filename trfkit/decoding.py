"""Bytes in, text out: the one place that knows about character sets and line ends.

TRF files arrive as UTF-8, UTF-8 with a byte-order mark, cp1252/latin-1 (older Irish
and German exports) and, rarely, UTF-16. Columns in TRF are counted in *characters*,
so decoding must happen before any field is sliced (TRF.md §10). The order is:

1. an explicit ``encoding=`` wins (an unknown name is reported and ignored);
2. a UTF-8 BOM is stripped (``T003``), a UTF-16 BOM selects UTF-16;
3. strict UTF-8 (pure ASCII is reported as ``ascii``);
4. otherwise chardet on a *bounded* sample of the lines holding non-ASCII bytes
   (chardet is slow, never run it on a whole large file), cp1252 when its guess is
   weak or does not decode the data (``T002`` with the confidence);
5. NUL bytes mean binary junk: ``T001`` and empty text, never an exception.

Line ends: CR, LF and CRLF are all accepted and normalised to ``"\\n"``; the dominant
one is remembered so that writers can reproduce it, and a mix is reported (``T004``).
"""

from __future__ import annotations

import codecs
from typing import Final

from .diagnostics import Diagnostic, make
from .frozen import frozen_dataclass

__all__ = ["Decoded", "decode", "SAMPLE_LIMIT", "MIN_CONFIDENCE"]

#: At most this many bytes of non-ASCII lines are shown to chardet.
SAMPLE_LIMIT: Final = 64 * 1024
#: Below this chardet confidence the cp1252 fallback is used instead of the guess.
MIN_CONFIDENCE: Final = 0.6
#: chardet names that cp1252 decodes at least as well (cp1252 is a superset of latin-1
#: for printable characters, TRF.md §10.3).
_CP1252_ALIASES: Final = frozenset({"ascii", "iso-8859-1", "latin-1", "windows-1252", "cp1252"})

_UTF8_BOM: Final = codecs.BOM_UTF8
_UTF16_BOMS: Final = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


@frozen_dataclass
class Decoded:
    """Decoded text with what was learnt about the bytes.

    ``text`` has every line end normalised to ``"\\n"``; ``newline`` is the dominant
    original line end (``"\\n"`` for input without any).
    """

    text: str
    encoding: str
    bom: bool = False
    newline: str = "\n"
    guessed: bool = False
    diagnostics: tuple[Diagnostic, ...] = ()


def decode(data: bytes, encoding: str | None = None) -> Decoded:
    """Decode ``data`` following the rules of the module docstring. Never raises."""
    diags: list[Diagnostic] = []
    bom = False
    if data.startswith(_UTF8_BOM):
        data = data[len(_UTF8_BOM) :]
        bom = True
        diags.append(make("T003", "the input starts with a UTF-8 byte-order mark; it was removed"))
    if not data.strip():
        diags.append(
            make("T005", "the input is empty" if not data else "the input holds only blank lines")
        )
        return Decoded("", encoding or "utf-8", bom, "\n", False, tuple(diags))

    if encoding is not None:
        try:
            codecs.lookup(encoding)
        except LookupError:
            diags.append(
                make("T001", f"unknown encoding {encoding!r} ignored; the encoding was detected")
            )
            encoding = None
    nul_free = False
    if encoding is not None:
        text, name, guessed = _decode_forced(data, encoding, diags)
    elif data.startswith(_UTF16_BOMS):
        text, name, guessed = _decode_forced(data, "utf-16", diags)
        bom = True
    elif b"\x00" in data or _looks_binary(data):
        diags.append(
            make("T001", "the input holds NUL or control bytes: it is binary data, not a text file")
        )
        return Decoded("", "binary", bom, "\n", False, tuple(diags))
    else:
        text, name, guessed = _decode_auto(data, diags)
        # Strict UTF-8 makes U+0000 only of a 00 byte, refused above: no text scan needed.
        nul_free = not guessed
        if bom and name == "ascii":
            name = "utf-8"  # the byte-order mark declares UTF-8

    if not nul_free and "\x00" in text:
        diags.append(
            make("T001", "the decoded text holds NUL characters: binary data, not a text file")
        )
        return Decoded("", name, bom, "\n", guessed, tuple(diags))
    text, newline = _normalise_newlines(text, diags)
    return Decoded(text, name, bom, newline, guessed, tuple(diags))


#: Control bytes that never occur in text files (tab, LF, FF, CR and Ctrl-Z are allowed).
_CONTROL: Final = bytes(b for b in range(32) if b not in (9, 10, 12, 13, 26))


def _looks_binary(data: bytes) -> bool:
    """At least 16 control bytes, over 5 % of the first 8 KB: an image, archive or database.

    The floor keeps a stray control character in a tiny text file from making it binary.
    """
    head = data[:8192]
    controls = len(head) - len(head.translate(None, _CONTROL))
    return controls >= 16 and controls * 20 > len(head)


def _decode_forced(data: bytes, encoding: str, diags: list[Diagnostic]) -> tuple[str, str, bool]:
    """Decode with a caller-chosen codec; bad bytes become U+FFFD and are reported."""
    name = codecs.lookup(encoding).name
    try:
        return data.decode(encoding), name, False
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        diags.append(
            make(
                "T001",
                f"byte {exc.start} is not valid {name}; undecodable bytes were replaced",
                line,
            )
        )
        return data.decode(encoding, errors="replace"), name, False


def _decode_auto(data: bytes, diags: list[Diagnostic]) -> tuple[str, str, bool]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return text, "ascii" if data.isascii() else "utf-8", False
    mixed = _decode_mixed(data, diags)
    if mixed is not None:
        return mixed, "utf-8", True
    guess, confidence = _guess(data)
    for candidate in (guess, "cp1252"):
        if candidate is None:
            continue
        try:
            text = data.decode(candidate)
        except (UnicodeDecodeError, LookupError):
            continue
        name = codecs.lookup(candidate).name
        how = (
            f"chardet confidence {confidence:.2f}"
            if candidate == guess
            else (f"fallback; chardet said {guess or 'nothing'} with confidence {confidence:.2f}")
        )
        diags.append(make("T002", f"the input is not UTF-8; decoded as {name} ({how})"))
        return text, name, True
    # cp1252 leaves five bytes undefined; latin-1 decodes anything.
    diags.append(
        make(
            "T002",
            f"the input is not UTF-8 and not cp1252; decoded as latin-1 "
            f"(chardet confidence {confidence:.2f})",
        )
    )
    return data.decode("latin-1"), "latin-1", True


def _decode_mixed(data: bytes, diags: list[Diagnostic]) -> str | None:
    """A UTF-8 file with a few lines in cp1252 (a line pasted from another program).

    When some non-ASCII lines are valid UTF-8 and others are not, decoding the whole
    file as cp1252 would garble the UTF-8 names and shift their columns; decode each
    line on its own instead and report the lines that were not UTF-8.
    """
    lines = data.splitlines(keepends=True)
    utf8 = 0
    other: list[int] = []
    out: list[str] = []
    for number, line in enumerate(lines, 1):
        if line.isascii():
            out.append(line.decode("ascii"))
            continue
        try:
            out.append(line.decode("utf-8"))
            utf8 += 1
        except UnicodeDecodeError:
            out.append(line.decode("cp1252", errors="replace"))
            other.append(number)
    if not utf8 or not other:
        return None
    shown = ", ".join(map(str, other[:5])) + (", ..." if len(other) > 5 else "")
    diags.append(
        make(
            "T002",
            f"the input mixes encodings: {len(other)} line(s) are not UTF-8 and were decoded "
            f"as cp1252 (lines {shown}); the rest is UTF-8",
            other[0],
        )
    )
    return "".join(out)


def _guess(data: bytes) -> tuple[str | None, float]:
    """Ask chardet about the non-ASCII lines only, at most :data:`SAMPLE_LIMIT` bytes.

    Returns ``(None, confidence)`` when the guess is weak or is a cp1252 subset, so
    that the caller falls back to cp1252. chardet is imported here, on first need.
    """
    sample = b"".join(_non_ascii_lines(data))
    try:
        import chardet
    except ImportError:  # pragma: no cover - chardet is a declared dependency
        return None, 0.0
    result = chardet.detect(bytes(sample[:SAMPLE_LIMIT]))
    name = (result.get("encoding") or "").lower()
    confidence = float(result.get("confidence") or 0.0)
    if not name or confidence < MIN_CONFIDENCE or name in _CP1252_ALIASES:
        return None, confidence
    return name, confidence


def _non_ascii_lines(data: bytes) -> list[bytes]:
    """The lines holding non-ASCII bytes, stopping once :data:`SAMPLE_LIMIT` bytes were seen."""
    out: list[bytes] = []
    seen = 0
    start = 0
    size = len(data)
    while start < size and seen < SAMPLE_LIMIT:
        end = data.find(b"\n", start)
        end = size if end < 0 else end + 1
        line = data[start:end]
        if not line.isascii():
            out.append(line)
            seen += len(line)
        start = end
    return out


def _normalise_newlines(text: str, diags: list[Diagnostic]) -> tuple[str, str]:
    if "\r" not in text:  # LF only (or no line end): one scan instead of three counts
        return text, "\n"
    crlf = text.count("\r\n")
    cr = text.count("\r") - crlf
    lf = text.count("\n") - crlf
    counts = {"\r\n": crlf, "\n": lf, "\r": cr}
    used = [nl for nl, n in counts.items() if n]
    if not used:
        return text, "\n"
    newline = max(used, key=lambda nl: counts[nl])
    if len(used) > 1:
        names = {"\r\n": "CRLF", "\n": "LF", "\r": "CR"}
        detail = ", ".join(f"{counts[nl]} {names[nl]}" for nl in used)
        diags.append(
            make("T004", f"the input mixes line endings ({detail}); read as {names[newline]}")
        )
    if crlf:
        text = text.replace("\r\n", "\n")
    if cr:
        text = text.replace("\r", "\n")
    return text, newline
