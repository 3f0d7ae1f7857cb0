"""trfkit.i18n: phrases, the .po read and compiled in memory, the language choice, and the
Russian catalog against the source (every msgid translated) and the seed text (exact quotes)."""

from __future__ import annotations

import ast
import gettext
import io
import json
import pickle
import re
from pathlib import Path

import pytest

from trfkit.i18n import (
    Phrase,
    choose_language,
    compile_mo,
    joined,
    parse_po,
    phrase,
    speaking,
    translator,
)

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "trfkit" / "locale" / "ru" / "LC_MESSAGES" / "trfkit.po"


def entries() -> dict[str, tuple[str, ...]]:
    return {e.key: e.msgstr for e in parse_po(PO.read_text(encoding="utf-8")) if e.msgid}


# ---------------------------------------------------------------- phrases


def test_a_phrase_is_its_english_text() -> None:
    p = phrase("round {round}: {value:g} points", round=3, value=2.5)
    assert p == "round 3: 2.5 points" and isinstance(p, str)
    assert json.dumps({"note": p}) == '{"note": "round 3: 2.5 points"}'
    assert (p.template, dict(p.args)) == (
        "round {round}: {value:g} points",
        {"round": 3, "value": 2.5},
    )
    assert pickle.loads(pickle.dumps(p)) == "round 3: 2.5 points"


def test_say_translates_the_template_and_nested_phrases_but_not_plain_arguments() -> None:
    ru = translator("ru")
    line = phrase(
        "round {round}: {kind}, {points:g} points, {opponent}{extra}",
        round=2,
        kind=phrase("draw"),
        points=0.5,
        opponent="#4 Lindqvist, Astrid",  # the file's text: never translated
        extra=phrase("; counts"),
    )
    assert ru.say(line) == "тур 2: ничья, очки 0.5, #4 Lindqvist, Astrid; учитывается"
    assert translator("en").say(line) == "round 2: draw, 0.5 points, #4 Lindqvist, Astrid; counts"


def test_joined_keeps_each_part_translatable() -> None:
    parts = joined("; ", [phrase("no game"), phrase("did not meet {who}", who="#3 X")])
    assert parts == "no game; did not meet #3 X"
    assert translator("ru").say(parts) == "нет партий; не встречался с #3 X"


# ---------------------------------------------------------------- .po and .mo


def test_parse_po_reads_context_plural_continuations_and_escapes() -> None:
    text = r"""
# a comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

msgctxt "tie-break"
msgid "BH"
msgstr "Коэффициент Бухгольца"

msgid "a \"quoted\" "
"word"
msgstr "«слово»"

msgid "{n} game"
msgid_plural "{n} games"
msgstr[0] "{n} партия"
msgstr[1] "{n} партии"
msgstr[2] "{n} партий"
"""
    found = parse_po(text)
    assert [(e.context, e.msgid) for e in found] == [
        (None, ""),
        ("tie-break", "BH"),
        (None, 'a "quoted" word'),
        (None, "{n} game"),
    ]
    catalog = gettext.GNUTranslations(io.BytesIO(compile_mo(found)))
    assert catalog.pgettext("tie-break", "BH") == "Коэффициент Бухгольца"
    assert catalog.gettext('a "quoted" word') == "«слово»"
    assert [catalog.ngettext("{n} game", "{n} games", n) for n in (1, 3, 5, 21)] == [
        "{n} партия",
        "{n} партии",
        "{n} партий",
        "{n} партия",
    ]
    assert catalog.gettext("absent") == "absent"


def test_parse_po_refuses_a_malformed_line() -> None:
    with pytest.raises(ValueError, match="line 1: unknown keyword"):
        parse_po('msgfoo "x"\n')
    with pytest.raises(ValueError, match="line 1: expected a quoted string"):
        parse_po("msgid x\n")


def test_the_shipped_catalog_has_no_empty_or_duplicate_translation() -> None:
    found = [e for e in parse_po(PO.read_text(encoding="utf-8")) if e.msgid]
    keys = [e.key for e in found]
    assert len(keys) == len(set(keys))
    assert all(e.msgstr and all(e.msgstr) for e in found)


def test_every_placeholder_of_a_msgid_is_in_its_translation() -> None:
    field = re.compile(r"\{[^{}]*\}")
    for key, (text, *_rest) in entries().items():
        msgid = key.split("\x04")[-1]
        assert sorted(field.findall(msgid)) == sorted(field.findall(text)), msgid


def test_a_missing_msgid_is_said_in_english_and_recorded() -> None:
    ru = translator("ru")
    assert ru.gettext("no such message, ever") == "no such message, ever"
    assert "no such message, ever" in ru.missing
    ru.missing.discard("no such message, ever")


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language 'de'"):
        translator("de")


# ---------------------------------------------------------------- the source against the .po


def source_msgids() -> dict[str, str]:
    """Every literal first argument of ``phrase(...)``, ``_(...)`` and ``*.gettext(...)`` in
    trfkit, with the file it is in: the strings a translation must cover."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "trfkit").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            first, func = node.args[0], node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in ("phrase", "_", "gettext") and isinstance(first, ast.Constant):
                if isinstance(first.value, str):
                    found.setdefault(first.value, path.relative_to(ROOT).as_posix())
    return found


def test_the_scan_finds_the_calls_it_is_meant_to_find() -> None:
    found = source_msgids()
    assert found["PLAY-OFF FOR FIRST PLACE"] == "trfkit/playoff/render.py"
    assert found["Rk"] == "trfkit/render/standings.py"
    assert found["{code} ranks in the group ({note}): {shown}"] == (
        "trfkit/tiebreaks/explain_direct.py"
    )
    assert len(found) > 150


def test_every_msgid_of_the_source_has_a_russian_translation() -> None:
    known = entries()
    missing = {m: where for m, where in source_msgids().items() if m not in known}
    assert missing == {}


# ---------------------------------------------------------------- the Article quoted


def _seed_text(shared: Path) -> str:
    """The seed's Article 32 as running text: anchors and headings' marks dropped, each
    link replaced by its text, paragraphs joined by one space."""
    raw = (shared / "seed" / "article-32.ru.md").read_text(encoding="utf-8")
    lines = []
    for line in raw.splitlines():
        line = re.sub(r'<a id="[^"]*"></a>', "", line)
        line = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", line)
        lines.append(re.sub(r"^#+\s*", "", line).strip())
    return " ".join(x for x in lines if x)


def test_the_quoted_clauses_are_the_seed_text_word_for_word(shared_dir: Path) -> None:
    seed = _seed_text(shared_dir)
    quotes = {k.split("\x04")[1]: v[0] for k, v in entries().items() if k.startswith("article\x04")}
    expected = ["32.5", *(f"32.5.{n}" for n in range(1, 9))]
    expected += [f"32.5.6.{n}" for n in range(1, 11)]
    expected += ["32.5.6.1.1", "32.5.6.1.2", "32.5.6.2.1", "32.5.6.2.2", "32.5.6.2.3"]
    expected += [f"32.5.6.1.1.{n}" for n in range(1, 5)]
    assert sorted(quotes) == sorted(expected)
    for clause, quote in quotes.items():
        assert f"{clause}. {quote}" in seed or f"{clause} {quote}" in seed, clause
    # the provisions (32.5-32.5.6, Armageddon's clock) are quoted in the notes too, and a
    # note that cites the Article's words puts them between « »: word for word
    notes = [v[0] for k, v in entries().items() if re.match(r"32\.5(\.\d)*: «", v[0])]
    cited = {note.split(":")[0] for note in notes}
    assert cited >= {"32.5", *(f"32.5.{n}" for n in range(1, 7)), "32.5.6.1.2"}
    for note in notes:
        inner = note.split("«", 1)[1].split("»", 1)[0]
        assert inner in seed, note


# ---------------------------------------------------------------- the language chosen


@pytest.mark.parametrize(
    ("given", "environ", "terminal", "expected"),
    [
        (None, {}, True, "en"),
        ("ru", {}, False, "ru"),
        ("EN", {"TRFKIT_LANG": "ru"}, True, "en"),  # the option wins
        (None, {"TRFKIT_LANG": "ru"}, False, "ru"),
        (None, {"LANG": "ru_RU.UTF-8"}, True, "ru"),
        (None, {"LANG": "ru_RU.UTF-8"}, False, "en"),  # a pipe or a file: English
        (None, {"LC_ALL": "de_DE.UTF-8", "LANG": "ru_RU.UTF-8"}, True, "en"),  # LC_ALL first
        (None, {"LC_MESSAGES": "ru_RU.KOI8-R", "LANG": "en_US.UTF-8"}, True, "ru"),
        (None, {"LC_ALL": "", "LANG": "ru"}, True, "ru"),  # an empty variable does not count
        (None, {"LANG": "uk_UA.UTF-8"}, True, "en"),
    ],
)
def test_choose_language(
    given: str | None, environ: dict[str, str], terminal: bool, expected: str
) -> None:
    assert choose_language(given, environ, terminal) == expected


def test_choose_language_names_where_an_unknown_language_came_from() -> None:
    with pytest.raises(ValueError, match=r"^--lang: unknown language 'fr' \(choose en or ru\)$"):
        choose_language("fr", {}, False)
    with pytest.raises(ValueError, match="^TRFKIT_LANG: unknown language 'xx'"):
        choose_language(None, {"TRFKIT_LANG": "xx"}, False)


def test_phrase_instances_are_str() -> None:
    assert isinstance(phrase("x"), Phrase) and str(phrase("x")) == "x"


def test_inside_speaking_a_phrase_is_made_already_said() -> None:
    ru = translator("ru")
    outside = phrase("tie-breaks from the file: {listed}", listed="BH, SB")
    with speaking(ru):
        made = phrase("order: {codes} ({source})", codes="PTS, DE", source=outside)
        inner = phrase(
            "order: {codes} ({source})", codes="BH", source=phrase("the standings' list")
        )
    assert type(made) is str and type(inner) is str  # no template kept: a plain string
    assert made == "порядок: PTS, DE (дополнительные показатели из файла: BH, SB)"
    assert inner == "порядок: BH (список дополнительных показателей положения)"
    assert ru.known(inner) == inner  # a said text is not looked up again
    assert ru.known("the standings' list") == "список дополнительных показателей положения"
    assert type(phrase("order: {codes} ({source})", codes="x", source="y")) is Phrase  # after it
