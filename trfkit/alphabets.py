"""What the names of each region look like: code pages, their languages' letters, federations.

:mod:`trfkit.codepages` scores every reading of a legacy (non-UTF-8) file by how much
its names look like names of the languages that code page was made for. The tables
here are that knowledge, kept apart from the scoring:

* :data:`FAMILIES`: the code pages TRF files are written in, grouped by region;
* :data:`LANGUAGES`: for each region, the non-ASCII letters of its languages with a
  weight (1 = common in names, lower = rare), and a prior for the language itself;
* :data:`FEDERATIONS`: which regions the names of a FIDE federation's players are
  written in, so that ``RUS`` in a 001 line speaks for the Cyrillic code pages.

The letters are lowercase; the scorer folds case itself.
"""

from __future__ import annotations

from typing import Final

#: region -> its code pages, most used first (the first is preferred among equals).
FAMILIES: Final[dict[str, tuple[str, ...]]] = {
    "western": ("cp1252", "iso8859-15", "iso8859-1"),
    "central": ("cp1250", "iso8859-2"),
    "cyrillic": ("cp1251", "koi8-r", "koi8-u", "cp866", "iso8859-5"),
    "greek": ("cp1253", "iso8859-7"),
    "turkish": ("cp1254", "iso8859-9"),
    "baltic": ("cp1257",),
}

#: Every candidate, in the order that breaks ties between equally good readings.
CANDIDATES: Final[tuple[str, ...]] = (
    "cp1252",
    "cp1250",
    "cp1251",
    "cp1253",
    "cp1254",
    "cp1257",
    "koi8-r",
    "koi8-u",
    "cp866",
    "iso8859-1",
    "iso8859-15",
    "iso8859-2",
    "iso8859-5",
    "iso8859-7",
    "iso8859-9",
)

#: code page -> region.
REGION: Final[dict[str, str]] = {cp: region for region, cps in FAMILIES.items() for cp in cps}


def _letters(spec: str) -> dict[str, float]:
    """``"äöü ß:.5"`` -> weights: a word of letters, optionally ``:weight`` (default 1)."""
    out: dict[str, float] = {}
    for word in spec.split():
        letters, _, weight = word.partition(":")
        for ch in letters:
            out[ch] = float(weight or 1)
    return out


#: A language: (ISO 639-1 code, prior, letter -> weight). The prior lowers languages rarely
#: met in chess files whose letters would otherwise excuse a misreading (Faroese covers
#: "Dvoøák").
Language = tuple[str, float, dict[str, float]]

_GERMAN: Final = ("de", 1.0, _letters("äöüß é:.2"))
_FRENCH: Final = ("fr", 1.0, _letters("éèàç ëïîô:.8 êâœ:.5 ùûü:.3 æÿ:.2"))
_SPANISH: Final = ("es", 1.0, _letters("áéíóúñ ü:.3"))
_PORTUGUESE: Final = ("pt", 1.0, _letters("áãçéíóú âêôõà:.5 ü:.1"))
_ITALIAN: Final = ("it", 0.9, _letters("àèéìòù:.6 íó:.2"))
_CATALAN: Final = ("ca", 0.8, _letters("àçèéíòóú ïü:.5"))
_DUTCH: Final = ("nl", 0.9, _letters("éëï:.5 öüè:.3"))
_DANISH: Final = ("da", 1.0, _letters("æøå é:.3 äöü:.2 ó:.1"))
_SWEDISH: Final = ("sv", 1.0, _letters("åäö é:.3 ü:.2"))
_FINNISH: Final = ("fi", 1.0, _letters("äö å:.3 šž:.2"))
_ICELANDIC: Final = ("is", 0.6, _letters("áðéíóúýþæö"))
_FAROESE: Final = ("fo", 0.4, _letters("áðíóúýæø"))
_ESTONIAN: Final = ("et", 0.9, _letters("äöõü šž:.5"))
_IRISH: Final = ("ga", 0.8, _letters("áéíóú"))
_ALBANIAN: Final = ("sq", 0.8, _letters("çë"))
_POLISH: Final = ("pl", 1.0, _letters("ąćęłńóśż ź:.5"))
_CZECH: Final = ("cs", 1.0, _letters("áčéěířšúůýž ďňťó:.5"))
_SLOVAK: Final = ("sk", 1.0, _letters("áčéíšúýž ďľňóôť:.6 äĺŕ:.3"))
_HUNGARIAN: Final = ("hu", 1.0, _letters("áéíóöőúüű"))
_CROATIAN: Final = ("hr", 1.0, _letters("čćđšž"))  # also Bosnian, Serbian and Montenegrin Latin
_SLOVENIAN: Final = ("sl", 1.0, _letters("čšž ćđ:.3"))
_ROMANIAN: Final = ("ro", 1.0, _letters("ăâîşţ"))  # cp1250 and ISO-8859-2 have the cedilla forms
_TURKISH: Final = ("tr", 1.0, _letters("çğıöşüİ âîû:.3"))
_LATVIAN: Final = ("lv", 1.0, _letters("āčēģīķļņšūž"))
_LITHUANIAN: Final = ("lt", 1.0, _letters("ąčęėįšųūž"))
# Cyrillic and Greek words are all non-ASCII, so their letters are weighted by how
# common they are: a reading that turns the frequent letters into rare ones (cp1251
# read as ISO-8859-5 gives "Рыхъёххт") fits worse than the right one.
_RUSSIAN: Final = ("ru", 1.0, _letters("оеаинтсрвлкмдпу яыьгзбчйхжшю:.7 цщэф:.4 ёъ:.3"))
_UKRAINIAN: Final = ("uk", 1.0, _letters("оаніивретсклдмупзя ьгбчхйжшюєї:.7 цщф:.4 ґ:.3"))
_BELARUSIAN: Final = ("be", 0.9, _letters("оаніеыртсвклдмупзя ьгбчхйжшюўэё:.7 цф:.4"))
_BULGARIAN: Final = ("bg", 0.9, _letters("оаеинтрсвлкдпмз ъяучбгьжйхшц:.7 щюф:.4"))
_SERBIAN: Final = ("sr", 0.8, _letters("оаиенрстјувдклмпз гбчшжцћњљх:.7 ђџф:.4"))
_MACEDONIAN: Final = ("mk", 0.7, _letters("оаеинртсвдклмпуј згбчшжцњљх:.7 ѓќѕџф:.4"))
_GREEK: Final = ("el", 1.0, _letters("αεοιτνσςυρηκπμλ άέίόύήώδγχθφβ:.7 ξζψω:.5 ϊϋ:.3 ΐΰ:.1"))

#: region -> the languages its code pages are used for.
LANGUAGES: Final[dict[str, tuple[Language, ...]]] = {
    "western": (
        _GERMAN,
        _FRENCH,
        _SPANISH,
        _PORTUGUESE,
        _ITALIAN,
        _CATALAN,
        _DUTCH,
        _DANISH,
        _SWEDISH,
        _FINNISH,
        _ICELANDIC,
        _FAROESE,
        _ESTONIAN,
        _IRISH,
        _ALBANIAN,
    ),
    "central": (
        _POLISH,
        _CZECH,
        _SLOVAK,
        _HUNGARIAN,
        _CROATIAN,
        _SLOVENIAN,
        _ROMANIAN,
        _GERMAN,
        _ALBANIAN,
    ),
    "cyrillic": (_RUSSIAN, _UKRAINIAN, _BELARUSIAN, _BULGARIAN, _SERBIAN, _MACEDONIAN),
    "greek": (_GREEK,),
    "turkish": (
        _TURKISH,
        _GERMAN,
        _FRENCH,
        _SPANISH,
        _PORTUGUESE,
        _ITALIAN,
        _DUTCH,
        _DANISH,
        _SWEDISH,
        _FINNISH,
        _ALBANIAN,
    ),
    "baltic": (_LATVIAN, _LITHUANIAN, _ESTONIAN, _POLISH, _GERMAN, _SWEDISH, _FINNISH, _DANISH),
}

#: Vowels of the scripts whose letters are all non-ASCII: a Greek file read as Cyrillic
#: (or the other way round) gives words of consonants.
VOWELS: Final = frozenset("аеёиоуыэюяіїєАЕЁИОУЫЭЮЯІЇЄαεηιουωάέήίόύώϊϋΐΰΑΕΗΙΟΥΩΆΈΉΊΌΎΏΪΫ")


#: FIDE federation -> the language its players' names are mostly written in. Its letters
#: fit the right reading of a name from that federation best.
FEDERATIONS: Final[dict[str, str]] = {
    code: language
    for language, codes in {
        "ru": "RUS KAZ KGZ TJK UZB TKM MGL ARM GEO",
        "uk": "UKR",
        "be": "BLR",
        "bg": "BUL",
        "mk": "MKD",
        "pl": "POL",
        "cs": "CZE",
        "sk": "SVK",
        "hu": "HUN",
        "sl": "SLO",
        "hr": "CRO BIH SRB MNE",
        "ro": "ROU MDA",
        "sq": "ALB KOS",
        "el": "GRE CYP",
        "tr": "TUR AZE",
        "lv": "LAT",
        "lt": "LTU",
        "et": "EST",
        "de": "GER AUT SUI LIE LUX",
        "fr": "FRA BEL MON",
        "es": "ESP MEX ARG CHI COL PER VEN URU CUB",
        "pt": "POR BRA",
        "it": "ITA SMR",
        "ca": "AND",
        "nl": "NED",
        "da": "DEN NOR",
        "sv": "SWE",
        "fi": "FIN",
        "is": "ISL",
        "fo": "FAI",
        "ga": "IRL",
    }.items()
    for code in codes.split()
}
