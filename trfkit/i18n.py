"""Words in the reader's language: gettext catalogs read from the ``.po`` files themselves.

The library computes and says things in English; a renderer picks the words. Two pieces
make that possible without a second copy of any text:

- :class:`Phrase`: an English string (so JSON, tests and ``--lang en`` see exactly the
  text they saw before) that remembers its template and arguments, so a renderer can say it
  again in another language. :func:`phrase` makes one; a template with no arguments is a
  fixed term (``phrase("Final")``).
- :class:`Translator`: the catalog of one language. ``gettext``/``pgettext`` look up a
  literal the renderer holds, :meth:`Translator.say` re-says a :class:`Phrase` (its
  arguments that are phrases too, recursively; plain strings, such as the players' names
  from the file, stay as they are).

The catalogs follow the ecosystem's convention: ``trfkit/locale/<lang>/LC_MESSAGES/trfkit.po``,
kept in the repository and shipped in the wheel. There is no build step: the ``.po`` is
compiled to ``.mo`` bytes in memory at first use and handed to :class:`gettext.GNUTranslations`
(stdlib only). A msgid the catalog lacks is said in English and recorded in
``Translator.missing``, which the tests read to prove every string has a translation.
"""

from __future__ import annotations

import gettext
import io
import struct
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, cast

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "Phrase",
    "Translator",
    "choose_language",
    "compile_mo",
    "joined",
    "parse_po",
    "phrase",
    "speaking",
    "translator",
]

#: The languages of ``--lang``: English (the source language, no catalog) and Russian.
LANGUAGES = ("en", "ru")
DEFAULT = "en"
#: The gettext domain, and the catalog's file name.
DOMAIN = "trfkit"


class Phrase(str):
    """English text that remembers the template and arguments it was made from.

    It *is* the English string (``==``, hashing, JSON, slicing), so the library's results
    read as before; :meth:`Translator.say` formats the translated template with the same
    arguments. Arguments keep their types, so a template may use format specs (``{v:g}``).
    """

    template: str
    args: Mapping[str, Any]
    #: False for a template that is only punctuation around its arguments (:func:`joined`)
    translated: bool = True

    def __new__(
        cls, template: str, args: Mapping[str, Any] | None = None, translated: bool = True
    ) -> Phrase:
        # a report explains thousands of values in phrases: one format, no copy of args
        self = super().__new__(cls, template.format_map(args) if args else template)
        self.template = template
        self.args = args or _NO_ARGS
        if not translated:
            self.translated = False
        return self


_NO_ARGS: Mapping[str, Any] = MappingProxyType({})


#: The translator of :func:`speaking`, None outside it.
_SPEAKING: ContextVar[Translator | None] = ContextVar("trfkit_speaking", default=None)


@contextmanager
def speaking(tr: Translator) -> Iterator[None]:
    """Within it, :func:`phrase` gives the text already said in the language of ``tr``,
    a plain string: for a renderer that makes many texts in one language and says each
    once. The HTML report explains every value of a standings table, tens of thousands
    of lines, and a :class:`Phrase` is an object with attributes the garbage collector
    walks again and again while the page is built, a ``str`` is not. Such a
    text is said: it is not given to :meth:`Translator.say` again (which would look the
    translation up as an English msgid); :meth:`Translator.known` says a fixed English
    string of the library."""
    token = _SPEAKING.set(tr)
    try:
        yield
    finally:
        _SPEAKING.reset(token)


def phrase(template: str, /, **args: Any) -> Phrase:
    """``template`` formatted with ``args`` (``str.format``), translatable later (inside
    :func:`speaking`, a plain ``str``: the text said in that language)."""
    tr = _SPEAKING.get()
    if tr is not None:
        return cast(Phrase, tr.said_now(template, args))
    return Phrase(template, args)


def joined(separator: str, items: Iterable[str]) -> Phrase:
    """``separator.join(items)`` whose items stay translatable one by one (the separator,
    punctuation, is the same in every language)."""
    parts = list(items)
    template = (
        separator.replace("{", "{{")
        .replace("}", "}}")
        .join("{p" + str(k) + "}" for k in range(len(parts)))
    )
    return Phrase(template, {f"p{k}": part for k, part in enumerate(parts)}, translated=False)


class Translator:
    """One language's catalog; English has none and says every text as it is."""

    def __init__(self, lang: str, catalog: gettext.NullTranslations, known: frozenset[str]):
        self.lang = lang
        self._catalog = catalog
        self._known = known
        #: msgids asked for but absent from the catalog (said in English instead)
        self.missing: set[str] = set()
        #: template -> its translation, for :meth:`Translator.say` (a report says thousands of
        #: phrases made from a few dozen templates)
        self._said: dict[str, str] = {}

    def _check(self, key: str) -> None:
        if self.lang != DEFAULT and key not in self._known:
            self.missing.add(key)

    def gettext(self, msgid: str) -> str:
        """The translation of the literal ``msgid``; ``msgid`` itself when there is none."""
        self._check(msgid)
        return self._catalog.gettext(msgid)

    def pgettext(self, context: str, msgid: str) -> str:
        """As :meth:`gettext`, for a msgid in ``context`` (e.g. ``"tie-break"`` for codes)."""
        self._check(f"{context}\x04{msgid}")
        return self._catalog.pgettext(context, msgid)

    def has(self, context: str, msgid: str) -> bool:
        """Whether the catalog holds ``msgid`` in ``context`` (for fallbacks)."""
        return self.lang == DEFAULT or f"{context}\x04{msgid}" in self._known

    def say(self, text: str) -> str:
        """``text``, a text of the library (a :class:`Phrase`, or a fixed English string),
        in this language. A phrase's arguments are re-said only when they are phrases too:
        a plain argument (a name from the file, a code, a number) stays as it is."""
        if self.lang == DEFAULT:
            return str(text)
        if not isinstance(text, Phrase):
            return self.gettext(text)
        return self._say(text)

    def known(self, text: str) -> str:
        """``text`` translated when it is a msgid of the catalog, else as it is (a text
        already said, inside :func:`speaking`); a :class:`Phrase` is said."""
        if isinstance(text, Phrase):
            return self.say(text)
        if self.lang == DEFAULT or text not in self._known:
            return text
        return self.gettext(text)

    def said_now(self, template: str, args: Mapping[str, Any]) -> str:
        """What :func:`phrase` gives inside :func:`speaking`: ``template`` translated and
        formatted with ``args`` (a phrase among them, made outside, said too)."""
        said = self._said.get(template)
        if said is None:
            said = self.gettext(template)
            if template in self._known:  # a missing one is recorded each time it is asked
                self._said[template] = said
        if not args:
            return said
        for value in args.values():
            if isinstance(value, Phrase):
                return said.format_map(
                    {k: self.say(v) if isinstance(v, Phrase) else v for k, v in args.items()}
                )
        return said.format_map(args)

    def _say(self, text: Phrase) -> str:
        if text.translated:
            key = text.template
            template = self._said.get(key)
            if template is None:
                template = self.gettext(key)
                if key in self._known:  # a missing one is recorded each time it is asked
                    self._said[key] = template
        else:
            template = text.template
        args = text.args
        if not args:
            return template
        for value in args.values():
            if isinstance(value, Phrase):
                break
        else:  # no argument to say again: the phrase's own (read-only) mapping
            return template.format_map(args)
        say = self._say
        return template.format_map(
            {k: say(v) if isinstance(v, Phrase) else v for k, v in args.items()}
        )


@dataclass(frozen=True, slots=True)
class Entry:
    """One message of a ``.po`` file (``msgstr`` holds one text per plural form)."""

    msgid: str
    msgstr: tuple[str, ...]
    context: str | None = None
    plural: str | None = None

    @property
    def key(self) -> str:
        """The ``.mo`` key: ``context EOT msgid``, or the msgid alone."""
        return self.msgid if self.context is None else f"{self.context}\x04{self.msgid}"


def _unquote(token: str, where: int) -> str:
    token = token.strip()
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise ValueError(f"line {where}: expected a quoted string, got {token!r}")
    import ast  # reading a catalog only: English needs none

    value = ast.literal_eval(token)  # a C-style quoted string, as the .po syntax is
    if not isinstance(value, str):  # pragma: no cover - a quoted token is a str
        raise ValueError(f"line {where}: not a string")
    return value


def parse_po(text: str) -> list[Entry]:
    """The messages of a ``.po`` file (comments and fuzzy flags ignored; the header
    entry, msgid ``""``, included). Raises ``ValueError`` on a malformed line."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    last = ""

    def flush() -> None:
        if "msgid" in fields:
            forms = sorted(k for k in fields if k.startswith("msgstr"))
            entries.append(
                Entry(
                    fields["msgid"],
                    tuple(fields[k] for k in forms),
                    fields.get("msgctxt"),
                    fields.get("msgid_plural"),
                )
            )
        fields.clear()

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if not last:
                raise ValueError(f"line {number}: a continuation with nothing to continue")
            fields[last] += _unquote(line, number)
            continue
        keyword, _, rest = line.partition(" ")
        keyword = keyword.replace("[", "_").rstrip("]")  # msgstr[1] -> msgstr_1
        if keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr") and not (
            keyword.startswith("msgstr_") and keyword[7:].isdigit()
        ):
            raise ValueError(f"line {number}: unknown keyword {keyword!r}")
        if keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in fields):
            flush()
        fields[keyword] = _unquote(rest, number)
        last = keyword
    flush()
    return entries


def compile_mo(entries: list[Entry]) -> bytes:
    """The GNU ``.mo`` bytes of ``entries`` (no hash table: gettext reads the sorted
    tables), as ``msgfmt`` would write them; untranslated entries are left out."""
    pairs = sorted(
        (
            e.key + ("\0" + e.plural if e.plural is not None else ""),
            "\0".join(e.msgstr),
        )
        for e in entries
        if any(e.msgstr)
    )
    ids = [k.encode() for k, _ in pairs]
    strs = [v.encode() for _, v in pairs]
    count = len(pairs)
    start = 7 * 4 + 16 * count  # header, then the two offset tables
    table_ids: list[tuple[int, int]] = []
    table_strs: list[tuple[int, int]] = []
    blob = b""
    for data, table in ((ids, table_ids), (strs, table_strs)):
        for item in data:
            table.append((len(item), start + len(blob)))
            blob += item + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, count, 28, 28 + 8 * count, 0, 0)
    out += b"".join(struct.pack("<2I", *t) for t in table_ids + table_strs)
    return out + blob


def _catalog_text(lang: str) -> str:
    from importlib import resources  # it imports pathlib and tempfile: a translation only

    path = resources.files("trfkit").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")
    return path.read_text(encoding="utf-8")


@cache
def translator(lang: str) -> Translator:
    """The translator for ``lang`` (one of :data:`LANGUAGES`), its catalog read once."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose {' or '.join(LANGUAGES)}")
    if lang == DEFAULT:
        return Translator(lang, gettext.NullTranslations(), frozenset())
    entries = parse_po(_catalog_text(lang))
    catalog = gettext.GNUTranslations(io.BytesIO(compile_mo(entries)))
    known = frozenset(e.key for e in entries if e.msgid and any(e.msgstr))
    return Translator(lang, catalog, known)


def _locale_language(environ: Mapping[str, str]) -> str:
    """The language of the POSIX locale (the first of LC_ALL, LC_MESSAGES, LANG that is
    set, as the C library reads them): ``ru`` for ``ru_RU.UTF-8``."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return value.split(".")[0].split("@")[0].split("_")[0].lower()
    return ""


def choose_language(given: str | None, environ: Mapping[str, str], is_terminal: bool) -> str:
    """The output language: ``given`` (``--lang``), else ``TRFKIT_LANG``, else Russian
    when the locale's language is Russian and the output is a terminal, else English.
    Raises ``ValueError`` naming where an unknown language came from."""
    for value, where in ((given, "--lang"), (environ.get("TRFKIT_LANG"), "TRFKIT_LANG")):
        if value:
            lang = value.strip().lower()
            if lang not in LANGUAGES:
                raise ValueError(
                    f"{where}: unknown language {value!r} (choose {' or '.join(LANGUAGES)})"
                )
            return lang
    if is_terminal and _locale_language(environ) == "ru":
        return "ru"
    return DEFAULT
