"""Bytes in, text out: the one place that knows about character sets and line ends.

TRF files arrive as UTF-8, UTF-8 with a byte-order mark, the legacy code page of the
federation's Windows or DOS (cp1252, cp1250, cp1251, KOI8-R, cp866, ISO-8859-x, ...)
and, rarely, UTF-16. Columns in TRF are counted in *characters*, so decoding must
happen before any field is sliced (TRF.md §10). The order is:

1. an explicit ``encoding=`` wins (an unknown name is reported and ignored);
2. a UTF-8 BOM is stripped (``T003``), a UTF-16 BOM selects UTF-16;
3. strict UTF-8 (pure ASCII is reported as ``ascii``);
4. otherwise ``fallback=`` when given (``T002``, info), else the code page whose reading
   of the names is the most plausible (:mod:`trfkit.codepages`, on a *bounded* sample of
   the lines holding non-ASCII bytes): ``T002`` names it with the confidence, and is a
   warning naming the runner-up when another reading is nearly as plausible;
5. NUL bytes mean binary junk: ``T001`` and empty text, never an exception.

A UTF-8 file with a few lines in another code page (pasted from another program) keeps
its UTF-8 lines; only the other lines are decoded with the fallback or detected code page.

Line ends: CR, LF and CRLF are all accepted and normalised to ``"\\n"``; the dominant
one is remembered so that writers can reproduce it, and a mix is reported (``T004``).
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, replace
from typing import Final

from .diagnostics import Diagnostic, Severity, make

__all__ = ["Decoded", "decode", "SAMPLE_LIMIT"]

#: At most this many bytes of non-ASCII lines are looked at to choose a code page.
SAMPLE_LIMIT: Final = 64 * 1024

_UTF8_BOM: Final = codecs.BOM_UTF8
_UTF16_BOMS: Final = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


@dataclass(frozen=True, slots=True)
class Decoded:
    """Decoded text with what was learnt about the bytes.

    ``text`` has every line end normalised to ``"\\n"``; ``newline`` is the dominant
    original line end (``"\\n"`` for input without any). A ``guessed`` encoding has a
    ``confidence`` (0-1) and, when another code page read the names nearly as well, that
    ``alternative``. A UTF-8 file with a few lines in another code page has ``mixed`` set
    to that code page (``encoding`` stays ``utf-8``).
    """

    text: str
    encoding: str
    bom: bool = False
    newline: str = "\n"
    guessed: bool = False
    diagnostics: tuple[Diagnostic, ...] = ()
    confidence: float | None = None
    alternative: str = ""
    mixed: str = ""


def decode(data: bytes, encoding: str | None = None, fallback: str | None = None) -> Decoded:
    """Decode ``data`` following the rules of the module docstring. Never raises.

    ``fallback`` is the code page of input that is not UTF-8 (``--fallback-encoding``):
    unlike ``encoding`` it leaves UTF-8 files alone.
    """
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

    encoding = _known(encoding, "encoding", diags)
    fallback = _known(fallback, "fallback encoding", diags)
    nul_free = False
    guess: _Guess | None = None
    mixed = ""
    if encoding is not None:
        text, name, guessed = _decode_forced(data, encoding, diags)
    elif data.startswith(_UTF16_BOMS):
        text, name, guessed = _decode_forced(data, "utf-16", diags)
        bom = True
    elif b"\x00" in data or _looks_binary(data):
        utf16 = _utf16_without_bom(data)
        diags.append(
            make(
                "T001",
                f"every other byte of the input is NUL, as in {utf16} text "
                f"without a byte-order mark: pass --encoding {utf16}"
                if utf16
                else "the input holds NUL or control bytes: it is binary data, not a text file",
            )
        )
        return Decoded("", "binary", bom, "\n", False, tuple(diags))
    else:
        text, name, guess, mixed = _decode_auto(data, fallback, diags)
        # Strict UTF-8 makes U+0000 only of a 00 byte, refused above: no text scan needed.
        nul_free = name in ("ascii", "utf-8") and guess is None
        if bom and name == "ascii":
            name = "utf-8"  # the byte-order mark declares UTF-8
        guessed = guess is not None

    confidence, alternative = (guess.confidence, guess.alternative) if guess else (None, "")
    if not nul_free and "\x00" in text:
        diags.append(
            make("T001", "the decoded text holds NUL characters: binary data, not a text file")
        )
        return Decoded("", name, bom, "\n", guessed, tuple(diags), confidence, alternative, mixed)
    text, newline = _normalise_newlines(text, diags)
    return Decoded(text, name, bom, newline, guessed, tuple(diags), confidence, alternative, mixed)


@dataclass(frozen=True, slots=True)
class _Guess:
    """How sure a detected code page is, and the close runner-up ("" when none)."""

    confidence: float
    alternative: str = ""


def _known(name: str | None, what: str, diags: list[Diagnostic]) -> str | None:
    """``name`` if Python has such a codec; else None and a T001 saying it was ignored."""
    if name is None:
        return None
    try:
        codecs.lookup(name)
    except LookupError:
        diags.append(make("T001", f"unknown {what} {name!r} ignored; the encoding was detected"))
        return None
    return name


#: Control bytes that never occur in text files (tab, LF, FF, CR and Ctrl-Z are allowed).
_CONTROL: Final = bytes(b for b in range(32) if b not in (9, 10, 12, 13, 26))


def _looks_binary(data: bytes) -> bool:
    """At least 16 control bytes, over 5 % of the first 8 KB: an image, archive or database.

    The floor keeps a stray control character in a tiny text file from making it binary.
    """
    head = data[:8192]
    controls = len(head) - len(head.translate(None, _CONTROL))
    return controls >= 16 and controls * 20 > len(head)


def _utf16_without_bom(data: bytes) -> str:
    """``utf-16-le`` or ``utf-16-be`` when the NUL bytes of ``data``'s head sit where that
    encoding puts them in mostly ASCII text (every other byte), else ``""``.

    Only a hint for the T001 message: without a byte-order mark UTF-16 is not read on a
    guess (binary data has NUL bytes too).
    """
    head = data[:4096]
    if len(head) < 32:
        return ""
    even, odd = head[0::2], head[1::2]
    for name, zeros, letters in (("utf-16-le", odd, even), ("utf-16-be", even, odd)):
        if zeros.count(0) * 2 >= len(zeros) and letters.count(0) * 50 <= len(letters):
            return name
    return ""


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


def _decode_auto(
    data: bytes, fallback: str | None, diags: list[Diagnostic]
) -> tuple[str, str, _Guess | None, str]:
    """Strict UTF-8, else UTF-8 lines with a few other ones, else one code page for all:
    ``fallback`` or the detected one (then with a :class:`_Guess`). The last item is the
    code page of the other lines of a mixed file ("" otherwise)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        return text, "ascii" if data.isascii() else "utf-8", None, ""
    mixed = _decode_mixed(data, fallback, diags)
    if mixed is not None:
        return mixed[0], "utf-8", mixed[1], mixed[2]
    if fallback is not None:
        name = codecs.lookup(fallback).name
        text = _decode_replacing(data, name, diags)
        diags.append(
            make("T002", f"the input is not UTF-8; decoded as {name} (--fallback-encoding)")
        )
        return text, name, None, ""
    name, guess = _detect(_non_ascii_lines(data), data[:8192])
    diags.append(_t002(name, guess))
    return _decode_replacing(data, name, diags), name, guess, ""


def _detect(lines: list[bytes], head: bytes) -> tuple[str, _Guess]:
    from .codepages import choose  # only for input that is not UTF-8

    choice = choose(lines, head)
    return choice.encoding, _Guess(choice.confidence, choice.runner_up)


def _t002(
    name: str,
    guess: _Guess,
    what: str = "the input is not UTF-8",
    line: int = 1,
    option: str = "--encoding",
) -> Diagnostic:
    """``T002`` for a detected code page; a warning when the runner-up is close."""
    if not guess.alternative:
        return make("T002", f"{what}; decoded as {name} (confidence {guess.confidence:.2f})", line)
    message = (
        f"{what}; decoded as {name}; {guess.alternative} also possible: pass "
        f"{option} (confidence {guess.confidence:.2f})"
    )
    return replace(make("T002", message, line), severity=Severity.WARNING)


def _decode_replacing(data: bytes, name: str, diags: list[Diagnostic]) -> str:
    """``data`` in code page ``name``; bytes it leaves undefined become U+FFFD (T001)."""
    try:
        return data.decode(name)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        diags.append(
            make(
                "T001",
                f"byte {exc.start} is not defined in {name}; undecodable bytes were replaced",
                line,
            )
        )
        return data.decode(name, errors="replace")


def _decode_mixed(
    data: bytes, fallback: str | None, diags: list[Diagnostic]
) -> tuple[str, _Guess | None, str] | None:
    """A UTF-8 file with a few lines in another code page (a line pasted from another program).

    When some non-ASCII lines are valid UTF-8 and others are not, decoding the whole
    file in one code page would garble the UTF-8 names and shift their columns; decode
    each of the other lines on its own instead (``fallback`` or the code page detected
    on them) and report them. Returns the text, the guess (None with ``fallback``) and
    the code page of those lines.
    """
    # Most files that are not UTF-8 have no UTF-8 line at all: one decoding says so.
    replaced = data.decode("utf-8", errors="replace").splitlines()
    if not any("\ufffd" not in line and not line.isascii() for line in replaced):
        return None
    lines = data.splitlines(keepends=True)
    utf8 = False
    other: list[int] = []
    for number, line in enumerate(lines, 1):
        if line.isascii():
            continue
        try:
            line.decode("utf-8")
            utf8 = True
        except UnicodeDecodeError:
            other.append(number)
    if not utf8 or not other:
        return None
    guess = None
    if fallback is not None:
        name = codecs.lookup(fallback).name
    else:
        name, guess = _detect([lines[n - 1] for n in other[:2000]], data[:8192])
    wanted = set(other)
    out = [
        line.decode(name, errors="replace") if n in wanted else line.decode("utf-8")
        for n, line in enumerate(lines, 1)
    ]
    shown = ", ".join(map(str, other[:5])) + (", ..." if len(other) > 5 else "")
    count = (
        f"1 line is not (line {shown})"
        if len(other) == 1
        else f"{len(other)} lines are not (lines {shown})"
    )
    what = f"the input mixes encodings: the rest is UTF-8, {count}"
    if guess is None:
        diags.append(make("T002", f"{what}; decoded as {name} (--fallback-encoding)", other[0]))
    else:
        diags.append(_t002(name, guess, what, other[0], "--fallback-encoding"))
    return "".join(out), guess, name


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
