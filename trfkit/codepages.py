"""Which legacy code page a non-UTF-8 file was written in, judged by its names.

A byte such as ``0xCF`` is ``П`` in cp1251, ``Ï`` in cp1252, ``Ď`` in cp1250 and ``о``
in KOI8-R: every single-byte code page decodes every file to *something*, and a
library's confidence figure says little on the few lines of names a TRF file holds.
What does tell them apart is whether the decoded names look like names:

* one script per word (``Mьller`` mixes Latin and Cyrillic);
* no symbols or control characters inside a word (``Ł`` read as cp1252 is ``£``, any
  byte 0x80-0x9F read as an ISO-8859 set is a C1 control);
* a sensible case pattern: the cp1251 bytes of ``Петров`` read as KOI8-R are ``оЕРПНБ``;
* Latin words with only a few accented letters (cp1251 read as cp1252 is ``Ïåòðîâ``);
* vowels in Cyrillic and Greek words, final sigma only at a word's end;
* letters of one language of the code page's region for each federation's players
  (``Dvoøák`` needs Faroese);
* the players' federations (001, 032): on a ``RUS`` line the letters should be Russian;
  a line without one (the 012 and 022, a 001 left blank) takes the file's: its 032, else
  the one most players have (a Turkish open with ASCII names and "İstanbul" in 022).

Each reading gets a score, the federation bonus less the sum of its defects; the
confidence is 1 / (1 + the sum of e^-2*margin over the other readings). Readings that
decode the file's bytes to the same text are one reading.
When the best two stay close, chardet's ranking is asked as one more piece of
evidence (only then: importing its models costs more than the rest of the reading),
and :attr:`Choice.runner_up` names the other reading. Only the text fields of the
non-ASCII lines are looked at, at most :data:`MAX_TOKENS` words.
"""

from __future__ import annotations

import codecs
import functools
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from .alphabets import CANDIDATES, FEDERATIONS, LANGUAGES, REGION, VOWELS

__all__ = ["Choice", "choose", "CLOSE", "MAX_TOKENS"]

#: At most this many non-ASCII words are scored (thousands of names say no more than hundreds).
MAX_TOKENS: Final = 400
#: Below this confidence the runner-up is named and T002 is a warning.
CLOSE: Final = 0.95
#: e^-(margin x this) is a rival reading's weight in the confidence (margins in defects).
_SHARPNESS: Final = 2.0
#: How much a poor fit of the letters to the region's languages weighs, in defects a word.
_FIT_WEIGHT: Final = 1.0
#: How much the federations weigh, in defects a word when their language fits perfectly.
_FEDERATION_WEIGHT: Final = 2.0
#: ... for at most this many words: a prior, which the names themselves outweigh.
_FEDERATION_WORDS: Final = 3
#: chardet's first choice is worth up to this many defects.
_CHARDET_WEIGHT: Final = 1.5
#: chardet names that are one of the candidates under another name.
_CHARDET_ALIASES: Final = {"cp1125": "cp866", "windows-1252": "cp1252", "ascii": "cp1252"}

#: At most this many non-ASCII lines are looked at (the words are capped again below).
_MAX_LINES: Final = 1000
_ASCII_BYTES: Final = bytes(range(128))
#: ASCII bytes that separate words inside a text field.
_SEPARATOR_BYTES: Final = b",.;:()[]{}/\\\"'`-_!?*+=<>|&#@%~^\t\r\n\x0b\x0c"
_SEPARATORS: Final = bytes.maketrans(_SEPARATOR_BYTES, b" " * len(_SEPARATOR_BYTES))


@dataclass(frozen=True, slots=True)
class Choice:
    """The chosen code page, how sure the choice is (0-1) and the close runner-up, if any."""

    encoding: str
    confidence: float
    runner_up: str = ""


def choose(lines: Sequence[bytes], head: bytes = b"") -> Choice:
    """Choose the code page of the non-ASCII ``lines`` of a file (``head``: its first KB,
    where the 032 federation is)."""
    fields, by_language = _fields(lines[:_MAX_LINES], _file_federation(head))
    words = [w for w in b" ".join(fields).translate(_SEPARATORS).split() if not w.isascii()]
    words = words[:MAX_TOKENS]
    if not words:
        return Choice("cp1252", 1.0)
    blob = b" ".join(words)
    key_bytes = bytes(sorted(b for b in set(blob) if b >= 0x80))
    scores: dict[str, float] = {}
    bounded = min(len(words), _FEDERATION_WORDS)
    same: dict[str, list[str]] = {}  # decoded high bytes -> the code pages decoding them so
    for codepage in CANDIDATES:
        fed = _federation_fit(codepage, by_language)
        scores[codepage] = fed * _FEDERATION_WEIGHT * bounded - _defects(
            codepage, blob, by_language.values(), len(words)
        )
        same.setdefault(key_bytes.decode(codepage, errors="replace"), []).append(codepage)
    ranked = _ranked(scores, same.values())
    confidence = _confidence(ranked)
    if len(ranked) > 1 and confidence < CLOSE:
        names_alone, before = ranked[0][1], confidence
        groups = list(same.values())
        rescored, trusted = _with_chardet(scores, b"\n".join(fields), groups)
        ranked = _ranked(rescored, groups)
        confidence = _confidence(ranked) if trusted else min(before, _confidence(ranked))
        if ranked[0][1] != names_alone:  # chardet against the names: never sure
            confidence = min(confidence, CLOSE - 0.01)
    if len(ranked) > 1 and confidence < CLOSE:  # shown below CLOSE, as it is
        return Choice(ranked[0][1], min(round(confidence, 2), CLOSE - 0.01), ranked[1][1])
    return Choice(ranked[0][1], round(confidence, 2))


def _ranked(scores: dict[str, float], groups: Iterable[list[str]]) -> list[tuple[float, str]]:
    """One (score, code page) per distinct reading, the best of its code pages, best first."""
    best = [max((scores[cp], -CANDIDATES.index(cp), cp) for cp in group) for group in groups]
    return [(score, cp) for score, _, cp in sorted(best, reverse=True)]


def _file_federation(head: bytes) -> str:
    """The federation of the whole file: its 032, else the one most of the players in
    ``head`` have (their names may all be ASCII while the event or city is not), else ""."""
    declared = re.search(rb"(?m)^032 +([A-Za-z]{3})", head)
    if declared:
        return declared.group(1).decode("ascii").upper()
    players = Counter(
        m.group(1).decode("ascii").upper()
        for m in re.finditer(rb"(?m)^001 .{49}([A-Za-z]{3})", head)
    )
    if not players:
        return ""
    fed, n = players.most_common(1)[0]
    return fed if 2 * n > sum(players.values()) else ""


def _fields(lines: Iterable[bytes], header_fed: str) -> tuple[list[bytes], dict[str, Counter[int]]]:
    """The text fields of TRF records (the name of a 001, the text of 012, 022, ...; any
    other line whole), and their high bytes by the language of their federation (the
    001's, else the file's: :func:`_file_federation`; ``""`` for none)."""
    fields: list[bytes] = []
    by_language: dict[str, list[bytes]] = {}
    for line in lines:
        code = line[:3]
        fed = header_fed
        if code == b"001":
            field = line[14:47]
            fed = line[53:56].decode("ascii", errors="replace").upper().strip() or header_fed
        elif code.isdigit() and line[3:4] == b" ":
            field = line[4:]
        else:
            field = line
        fields.append(field)
        language = FEDERATIONS.get(fed, "")
        by_language.setdefault(language, []).append(field.translate(None, _ASCII_BYTES))
    return fields, {language: Counter(b"".join(parts)) for language, parts in by_language.items()}


def _federation_fit(codepage: str, by_language: dict[str, Counter[int]]) -> float:
    """The share (0-1) of the high bytes of lines with a federation that ``codepage``
    decodes to letters of that federation's language."""
    _, letters = _tables(codepage)
    index = {language[0]: i for i, language in enumerate(LANGUAGES[REGION[codepage]])}
    known = total = 0
    for language, counts in by_language.items():
        if not language:
            continue
        total += sum(counts.values())
        i = index.get(language)
        if i is not None:
            known += sum(
                n
                for b, n in counts.items()
                if (letter := letters.get(b)) is not None and letter.known[i]
            )
    return known / total if total else 0.0


def _defects(codepage: str, blob: bytes, groups: Iterable[Counter[int]], words: int) -> float:
    """How implausible the words of ``blob`` are in ``codepage`` (0 = all look like names);
    ``groups``: the high bytes of the text fields, by the language of their federation."""
    table, letters = _tables(codepage)
    patterns = Counter(blob.translate(table).split())
    return sum(n * _word_defects(p) for p, n in patterns.items()) + _letter_defects(
        letters, groups, words
    )


@dataclass(frozen=True, slots=True)
class _Letter:
    """What the scorer needs of one high byte that is a letter in some code page."""

    weights: tuple[float, ...]  # prior x weight in each language of the code page's region
    known: tuple[bool, ...]  # whether each of these languages has the letter at all
    union: float  # the best of ``weights``
    vowel: bool
    latin: bool


# Character classes, one byte each, so that a word becomes a pattern such as b"Cccccc".
_UPPER: Final = frozenset(b"ALCHGTD")
_SCRIPT: Final = {
    ord(c): script for script, letters in enumerate(("aAlL", "cChH", "gGfTtDd")) for c in letters
}
#: Cyrillic letters no word starts with (the hard and soft signs, yery).
_NOT_INITIAL: Final = frozenset("ъьыЪЬЫ")
#: The classes of the ASCII bytes, the same in every candidate.
_ASCII_CLASSES: Final = bytes(
    ord("A")
    if chr(b).isupper()
    else ord("a")
    if chr(b).isalpha()
    else ord("9")
    if chr(b).isdigit()
    else ord(" ")
    if b == 32
    else ord("p")
    for b in range(128)
)
#: Punctuation that may open or close a word in a tournament name (quotes, dashes, No.).
_PUNCTUATION: Final = frozenset("«»‘’‚“”„‹›–—…\u00a0")


@functools.cache
def _char_class(ch: str) -> int:
    """The class of a character a high byte decodes to (ASCII: :data:`_ASCII_CLASSES`):
    a/A ASCII letters, l/L other Latin, c/C Cyrillic (h/H: one no word starts with),
    g/G Greek (t/T: with an accent, d/D: with a diaeresis, f: final sigma), q edge
    punctuation, n the numero sign, s symbols, x controls and box drawing, u a byte the
    code page leaves undefined, 9 digits, p other."""
    if ch in _PUNCTUATION:
        return ord("q")
    if ch == "№":
        return ord("n")
    category = unicodedata.category(ch)
    if category in ("Lu", "Ll"):
        name = unicodedata.name(ch, "")
        upper = category == "Lu"
        if name.startswith("CYRILLIC"):
            if ch in _NOT_INITIAL:
                return ord("H" if upper else "h")
            return ord("C" if upper else "c")
        if name.startswith("GREEK"):
            if ch == "ς":
                return ord("f")
            if "DIALYTIKA" in name:
                return ord("D" if upper else "d")
            if "TONOS" in name:
                return ord("T" if upper else "t")
            return ord("G" if upper else "g")
        if name.startswith("LATIN"):
            return ord("L" if upper else "l")
    if ch == "\ufffd":
        return ord("u")
    if category.startswith("C") or "\u2500" <= ch <= "\u25ff":
        return ord("x")
    return ord("s")


class _Letters:
    """The high bytes of one code page that are letters, each made on first need (a file
    holds a few dozen of the 128)."""

    __slots__ = ("_region", "_chars", "_table", "_made")

    def __init__(self, region: str, chars: str, table: bytes) -> None:
        self._region, self._chars, self._table = region, chars, table
        self._made: dict[int, _Letter | None] = {}

    def get(self, b: int) -> _Letter | None:
        try:
            return self._made[b]
        except KeyError:
            letter = (
                _letter(self._region, self._chars[b - 0x80])
                if b >= 0x80 and self._table[b] in _SCRIPT
                else None
            )
            self._made[b] = letter
            return letter


@functools.cache
def _tables(codepage: str) -> tuple[bytes, _Letters]:
    """The byte -> class translation table of ``codepage`` and its high bytes that are letters."""
    # One character a byte: a single-byte codec replaces an undefined byte by U+FFFD.
    chars = bytes(range(0x80, 0x100)).decode(codepage, errors="replace")
    table = _ASCII_CLASSES + bytes(_char_class(ch) for ch in chars)
    return table, _Letters(REGION[codepage], chars, table)


@functools.cache
def _letter(region: str, ch: str) -> _Letter:
    """What the scorer needs of letter ``ch`` in the languages of ``region``."""
    languages = LANGUAGES[region]
    low = ch.lower() if len(ch.lower()) == 1 else ch
    weights = tuple(prior * alphabet.get(low, 0.0) for _, prior, alphabet in languages)
    known = tuple(low in alphabet for _, _, alphabet in languages)
    return _Letter(weights, known, max(weights), ch in VOWELS, _SCRIPT[_char_class(ch)] == 0)


@functools.cache
def _word_defects(pattern: bytes) -> float:
    """The defects of one word, from its class pattern (see :func:`_char_class`)."""
    letters = [c for c in pattern if c in _SCRIPT]
    # An undefined byte costs more than a control character: of two readings that are
    # otherwise equal, the one that can decode every byte wins (cp1252 leaves 0x81 undefined,
    # ISO-8859-1 reads it as a control character).
    defects = 2.5 * pattern.count(b"u") + 2.0 * pattern.count(b"x") + 1.0 * pattern.count(b"s")
    defects += 1.0 * pattern[1:-1].count(b"q")
    if pattern[:1] == b"q" and pattern[1:2] in (b"a", b"l", b"c", b"g"):
        defects += 0.5  # a quote before a lowercase letter: a misread capital
    if b"n" in pattern:  # "№ 5" and "№5", never a letter next to it
        defects += 1.0 * len(re.findall(rb"[aAlLcChHgGfTtDd]n|n[aAlLcChHgGfTtDd]", pattern))
    scripts = {_SCRIPT[c] for c in letters}
    if len(scripts) > 1:
        return defects + 1.5
    if not letters:
        return defects
    case = "".join("U" if c in _UPPER else "l" for c in letters)
    if not _GOOD_CASE.fullmatch(case):
        defects += 1.0
    script = scripts.pop()
    if script == 0:  # Latin: few accented letters
        high = sum(c in b"lL" for c in letters)
        if high >= 3 and high / len(letters) > 0.5:
            defects += (high / len(letters) - 0.5) * 2.5
    elif script == 1:
        defects += letters[0] in b"hH"
    else:  # Greek: final sigma at the end; one accent in a word not in capitals
        defects += 1.0 * len(re.findall(rb"f(?=[gGfTtDd])", pattern))
        defects += 1.5 * (letters[0] in b"dD")  # a diaeresis parts a vowel from the one before
        accents = sum(c in b"tT" for c in letters)
        if len(letters) >= 4 and accents != 1 and "l" in case and b"d" not in pattern:
            defects += 0.7
    return defects


#: All capitals, all small, or capitalised parts (``Petrov``, ``McDonald``).
_GOOD_CASE: Final = re.compile(r"U+|l+|(?:Ul+)+")


def _letter_defects(letters: _Letters, groups: Iterable[Counter[int]], words: int) -> float:
    """Defects of the file's non-ASCII letters: how well one language of the code page's
    region covers the letters of each group of lines (the players of one federation
    write one language; a file may hold several), and (Cyrillic, Greek) whether words
    have vowels."""
    misfit = total = union = vowels = script = 0.0
    for counts in groups:
        found = [(n, letter) for b, n in counts.items() if (letter := letters.get(b)) is not None]
        if not found:
            continue
        sums = [0.0] * len(found[0][1].weights)
        group = union = 0.0
        for n, letter in found:
            for i, w in enumerate(letter.weights):
                sums[i] += n * w
            union += n * letter.union
            group += n
            if not letter.latin:
                script += n
                vowels += n * letter.vowel
        misfit += group - 0.6 * max(sums) - 0.4 * union  # letter occurrences a language lacks
        total += group
    if not total:
        return 0.0
    # A rare letter costs at least a third of a defect, however long the words are.
    defects = misfit * max(words / total, 1 / 3) * _FIT_WEIGHT
    if script >= 6 and vowels / script < 0.28:
        defects += (0.28 - vowels / script) / 0.28 * words * script / total
    return defects


def _confidence(ranked: Sequence[tuple[float, str]]) -> float:
    """How much better the best reading is than all others (1 / (1 + sum of e^-margin))."""
    best = ranked[0][0]
    return 1.0 / (
        1.0 + sum(math.exp(max(-50.0, (score - best) * _SHARPNESS)) for score, _ in ranked[1:])
    )


def _with_chardet(
    scores: dict[str, float], sample: bytes, groups: Sequence[list[str]]
) -> tuple[dict[str, float], bool]:
    """Add chardet's ranking to the scores of close readings; and whether it may make a
    close call sure (chardet 7 and later, whose ranking the tests check on single names;
    earlier ones may only reorder the readings).

    Its first reading (every code page that reads the file as its choice does) gains up
    to :data:`_CHARDET_WEIGHT`, scaled by how far ahead of its next different reading
    chardet puts it: on a line or two its figures are often all but equal.
    """
    try:
        import chardet  # slow to import: only when the code page is in doubt
    except ImportError:  # pragma: no cover - chardet is a declared dependency
        return scores, False
    trusted = int(chardet.__version__.split(".")[0]) >= 7
    group_of = {cp: i for i, group in enumerate(groups) for cp in group}
    ranked: list[tuple[int, float]] = []  # (group, chardet's confidence), best first
    for result in chardet.detect_all(sample, ignore_threshold=True):
        name = (result.get("encoding") or "").lower()
        try:
            name = _CHARDET_ALIASES.get(name, codecs.lookup(name).name if name else "")
        except LookupError:
            continue
        name = _CHARDET_ALIASES.get(name, name)
        if name in group_of and group_of[name] not in (g for g, _ in ranked):
            ranked.append((group_of[name], float(result.get("confidence") or 0.0)))
    if not ranked or ranked[0][1] <= 0:
        return scores, trusted
    first, top = ranked[0]
    lead = 1.0 - (ranked[1][1] / top if len(ranked) > 1 else 0.0)
    out = dict(scores)
    for cp in groups[first]:
        out[cp] += _CHARDET_WEIGHT * lead
    return out, trusted
