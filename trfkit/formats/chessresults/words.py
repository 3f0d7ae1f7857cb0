"""The words chess-results pages are written in, as data, for the languages it serves.

chess-results prints one event in the reader's language (``lan=``): the same table is
headed "Rk. SNo Name FED Rtg Pts. TB1" in English, "Rg. Snr Name Land Elo Pkt. Wtg1"
in German, "Clas. Nº Nome FED Elo Pts. Desp1" in Portuguese. :mod:`.table` looks
every header cell, view heading, legend label and tie-break name up here, so that a
page reads the same whatever language it was saved in. Each table is keyed by
language only to keep it readable; lookups use the union. Entries are compared after
:func:`norm` (case, accents, blanks and a final full stop do not matter), so they are
written here as a reader sees them.

What was checked against real saved pages (not written from memory): English (the
corpus pages); Portuguese, a final ranking list (``lan=10``, 2024: "Rk. Nº.Inic. Nome
Tipo sexo FED EloI Clube/Cidade Pts. Desp1..Desp5", heading "Classificação final após 9
rondas", legend "Anotação:" / "Desempate 1: ..."); Russian, a starting list (``lan=11``,
2026: "Ном. Имя код FIDE ФЕД. Рейт. Клуб/Город", heading "Стартовый список", links
"Положение после тура 4", "Тур1", "без пары"). The German, Spanish, French and Italian
words, and the Russian ranking and crosstable words, are not yet checked against a
saved page.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Final

__all__ = [
    "ABSENCE_VIEWS",
    "ANNOTATION",
    "COLUMNS",
    "LANGUAGES",
    "RANKING_VIEWS",
    "STARTING_VIEWS",
    "date_label",
    "legend_label",
    "mentions",
    "norm",
    "organiser_label",
    "round_column",
    "tiebreak_column",
    "tiebreak_name",
]

#: The languages whose words are in these tables (chess-results' ``lan`` names).
LANGUAGES: Final = ("en", "de", "es", "pt", "fr", "it", "ru", "fi")


def norm(text: str) -> str:
    """``text`` as the tables hold it: case-folded, without accents, single blanks, and
    without a final full stop ("Pts." and "pts" are one word; "Nº" is "no")."""
    text = text.replace("\u00a0", " ").replace("º", "o").replace("ª", "a").replace("№", "no")
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.split()).rstrip(".").strip()


def _words(table: Mapping[str, Iterable[str]]) -> frozenset[str]:
    return frozenset(norm(w) for words in table.values() for w in words)


#: Header cells of the data table, per column kind and language.
_HEADERS: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    "start": {
        "en": ("No.", "SNo", "SNo.", "Nr."),
        "de": ("Snr", "Nr.", "StartNr.", "Tln."),
        "es": ("No.", "N.", "Nº", "Nro."),
        "pt": ("Nº", "No.", "N.", "Nr.", "Nº.Inic."),
        "fr": ("No.", "N°", "Nº", "Dos."),
        "it": ("N.", "No.", "Nº"),
        "ru": ("Ном.", "Ст.ном.", "Ст.№", "№"),
        "fi": ("Nro", "Nro."),
    },
    "rank": {
        "en": ("Rk.", "Pl."),
        "de": ("Rg.", "Rang", "Platz", "Pl."),
        "es": ("Rk.", "Pos.", "Puesto", "Clas."),
        "pt": ("Clas.", "Pos.", "Cl.", "Rk."),
        "fr": ("Rg.", "Cl.", "Pl.", "Clt."),
        "it": ("Pos.", "Cl.", "Class."),
        "ru": ("Мст.", "Место", "М."),
        "fi": ("Sija",),
    },
    "name": {
        "en": ("Name",),
        "de": ("Name",),
        "es": ("Nombre",),
        "pt": ("Nome",),
        "fr": ("Nom",),
        "it": ("Nome", "Giocatore"),
        "ru": ("Имя", "Участник"),
        "fi": ("Nimi",),
    },
    "federation": {
        "en": ("FED",),
        "de": ("Land", "FED"),
        "es": ("FED",),
        "pt": ("FED",),
        "fr": ("FED", "Féd."),
        "it": ("FED", "Fed."),
        "ru": ("Фед.", "Фед"),
        "fi": ("FED",),
    },
    "rating": {
        "en": ("RtgI", "Rtg", "FIDE-Elo", "Elo FIDE"),
        "de": ("Elo", "ELO", "FIDE-Elo"),
        "es": ("Elo", "ELO FIDE"),
        "pt": ("EloI", "Elo", "Rtg", "Rating"),
        "fr": ("Elo",),
        "it": ("Elo",),
        "ru": ("Рейт.", "Рейтинг", "Рейт.М"),
        "fi": ("Elo",),
    },
    "fide_id": {
        "en": ("FideID", "FIDE-ID", "FIDE ID"),
        "de": ("FIDE-Nr.", "FIDE-ID"),
        "es": ("FideID", "ID FIDE"),
        "pt": ("FideID", "ID FIDE"),
        "fr": ("FideID", "ID FIDE"),
        "it": ("FideID", "ID FIDE"),
        "ru": ("Код FIDE", "FIDE ID"),
        "fi": ("FideID",),
    },
    "sex": {
        "en": ("Sex",),
        "de": ("Geschl.", "Sex"),
        "es": ("Sexo",),
        "pt": ("Sexo",),
        "fr": ("Sexe",),
        "it": ("Sesso",),
        "ru": ("Пол",),
        "fi": ("Sukup.",),
    },
    "points": {
        "en": ("Pts.",),
        "de": ("Pkt.", "Punkte", "Pkte."),
        "es": ("Pts.", "Ptos."),
        "pt": ("Pts.", "Pontos"),
        "fr": ("Pts.", "Points"),
        "it": ("Punti", "Pti.", "Pts."),
        "ru": ("Очки", "Очк."),
        "fi": ("P.", "Pist."),
    },
}

#: Column kind -> every header word of any language.
COLUMNS: Final[dict[str, frozenset[str]]] = {kind: _words(t) for kind, t in _HEADERS.items()}

#: "1.Rd", "2.Runde", "3 тур", "4.Rodada": the round number, then one of these.
_ROUND_WORDS: Final = {
    "en": ("Rd", "R", "Rnd", "Round"),
    "de": ("Rd", "Runde", "Rde"),
    "es": ("Rd", "Ronda", "Rda"),
    "pt": ("Rd", "Rodada", "Ronda", "Rod"),
    "fr": ("Rd", "Ronde", "Tour", "R"),
    "it": ("Rd", "Turno", "T"),
    "ru": ("Тур", "Т"),
    "fi": ("Kierros", "Kierr"),
}
_ROUND: Final = re.compile(r"^(\d+)\s*\.?\s*([^\d\s.]+)$")
_ROUND_SET: Final = _words(_ROUND_WORDS)

#: "TB1", "Wtg1", "Desp2", "Доп3": a tie-break column is one of these and its number.
_TB_PREFIXES: Final = {
    "en": ("TB",),
    "de": ("Wtg", "FW", "TB"),
    "es": ("Des", "Desemp", "TB"),
    "pt": ("Desp", "Des", "Desemp", "TB"),
    "fr": ("Dép", "Dep", "Départ", "TB"),
    "it": ("Sp", "Spar", "Spareggio", "TB"),
    "ru": ("Доп", "Д", "TB"),
    "fi": ("TB", "Lv"),
}
_TB: Final = re.compile(r"^([^\W\d_]+)\s*\.?\s*(\d+)$")
_TB_SET: Final = _words(_TB_PREFIXES)

#: Legend lines "Tie Break1: ..." / "Wertung1: ...": the label before the number.
_LEGEND_LABELS: Final = {
    "en": ("Tie Break", "Tie-Break", "TB"),
    "de": ("Wertung", "Feinwertung", "Wtg"),
    "es": ("Desempate", "Desempates"),
    "pt": ("Desempate", "Critério de desempate", "Desemp"),
    "fr": ("Départage", "Departage"),
    "it": ("Spareggio", "Spareggi"),
    "ru": ("Доп. показатель", "Дополнительный показатель", "Тай-брейк", "Доп"),
    "fi": ("Tasapisteet", "TB"),
}
_LEGEND: Final = re.compile(r"^\s*([^\W\d_][^\d:]{0,40}?)\s*(\d+)\s*:\s*(.+)$", re.DOTALL)
_LEGEND_SET: Final = _words(_LEGEND_LABELS)

#: The line that starts the legend below the table.
ANNOTATION: Final = _words(
    {
        "en": ("Annotation",),
        "de": ("Anmerkung",),
        "es": ("Anotación", "Comentario"),
        "pt": ("Anotação", "Observação", "Observações"),
        "fr": ("Annotation", "Remarque"),
        "it": ("Annotazione", "Nota", "Note"),
        "ru": ("Аннотация", "Примечание"),
        "fi": ("Huomautus",),
    }
)

_DATE_LABELS: Final = _words(
    {
        "en": ("Date",),
        "de": ("Datum",),
        "es": ("Fecha",),
        "pt": ("Data",),
        "fr": ("Date",),
        "it": ("Data",),
        "ru": ("Дата",),
        "fi": ("Päivämäärä",),
    }
)
_ORGANISER_LABELS: Final = _words(
    {
        "en": ("Organizer(s)", "Organizer"),
        "de": ("Veranstalter", "Ausrichter"),
        "es": ("Organizador(es)", "Organizador", "Organizadores"),
        "pt": ("Organizador(es)", "Organizador", "Organização"),
        "fr": ("Organisateur(s)", "Organisateur"),
        "it": ("Organizzatore(i)", "Organizzatore"),
        "ru": ("Организатор(ы)", "Организатор"),
        "fi": ("Järjestäjä(t)", "Järjestäjä"),
    }
)

#: View headings (second ``<h2>``) that list only absences, or rank the players.
ABSENCE_VIEWS: Final = _words(
    {
        "en": ("not paired",),
        "de": ("nicht ausgelost",),
        "es": ("no emparejados",),
        "pt": ("não emparceirados", "não emparelhados"),
        "fr": ("non appariés",),
        "it": ("non abbinati",),
        "ru": ("без пары", "не спарены"),
        "fi": ("ei pariutettu",),
    }
)
RANKING_VIEWS: Final = _words(
    {
        "en": ("ranking",),
        "de": ("rangliste", "endstand"),
        "es": ("clasificación",),
        "pt": ("classificação",),
        "fr": ("classement",),
        "it": ("classifica",),
        "ru": ("положение", "итоговое"),
        "fi": ("sijoitus",),
    }
)
STARTING_VIEWS: Final = _words(
    {
        "en": ("starting rank",),
        "de": ("startrang",),
        "es": ("ranking inicial", "orden inicial"),
        "pt": ("ranking inicial", "ordem inicial"),
        "fr": ("classement initial", "ordre initial"),
        "it": ("ordine iniziale", "ranking iniziale"),
        "ru": ("стартов",),
        "fi": ("lähtö",),
    }
)

#: Tie-break names of legend entries without an acronym in parentheses, per language;
#: looked up as parts of the normalised entry (first match wins: longer names first).
_TIEBREAK_NAMES: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    "en": (
        ("points (game-points)", "PTS"),
        ("matchpoints", "MPTS"),
        ("buchholz", "BH"),
        ("sonneborn", "SB"),
        ("direct encounter", "DE"),
        ("number of wins", "WIN"),
        ("number of victories", "WIN"),
        ("greater number of victories", "WIN"),
        ("progressive", "PS"),
        ("koya", "KS"),
        ("performance", "TPR"),
        ("average rating", "ARO"),
        ("rating average", "ARO"),
        ("most black", "BPG"),
    ),
    "de": (
        ("punkte (partiepunkte)", "PTS"),
        ("mannschaftspunkte", "MPTS"),
        ("buchholz", "BH"),
        ("sonneborn", "SB"),
        ("direkter vergleich", "DE"),
        ("direkte begegnung", "DE"),
        ("anzahl der siege", "WIN"),
        ("mehr siege", "WIN"),
        ("progressiv", "PS"),
        ("fortschritt", "PS"),
        ("koya", "KS"),
        ("performance", "TPR"),
        ("elo-schnitt", "ARO"),
        ("eloschnitt", "ARO"),
        ("elo-durchschnitt", "ARO"),
        ("gegnerschnitt", "ARO"),
    ),
    "es": (
        ("puntos (partidas)", "PTS"),
        ("buchholz", "BH"),
        ("sonneborn", "SB"),
        ("encuentro directo", "DE"),
        ("resultado particular", "DE"),
        ("numero de victorias", "WIN"),
        ("partidas ganadas", "WIN"),
        ("progresivo", "PS"),
        ("acumulado", "PS"),
        ("koya", "KS"),
        ("rendimiento", "TPR"),
        ("performance", "TPR"),
        ("promedio de elo", "ARO"),
        ("elo medio", "ARO"),
        ("media de elo", "ARO"),
    ),
    "pt": (
        ("pontos (partidas)", "PTS"),
        ("buchholz", "BH"),
        ("sonneborn", "SB"),
        ("confronto direto", "DE"),
        ("confronto directo", "DE"),
        ("numero de vitorias", "WIN"),
        ("progressivo", "PS"),
        ("koya", "KS"),
        ("performance", "TPR"),
        ("desempenho", "TPR"),
        ("media de rating", "ARO"),
        ("rating medio", "ARO"),
        ("media de elo", "ARO"),
    ),
    "fr": (
        ("points (parties)", "PTS"),
        ("buchholz", "BH"),
        ("sonneborn", "SB"),
        ("confrontation directe", "DE"),
        ("resultat particulier", "DE"),
        ("nombre de victoires", "WIN"),
        ("nombre de parties gagnees", "WIN"),
        ("cumulatif", "PS"),
        ("progressif", "PS"),
        ("koya", "KS"),
        ("performance", "TPR"),
        ("moyenne elo", "ARO"),
        ("elo moyen", "ARO"),
        ("moyenne des elo", "ARO"),
    ),
    "it": (
        ("punti (partite)", "PTS"),
        ("buchholz", "BH"),
        ("sonneborn", "SB"),
        ("scontro diretto", "DE"),
        ("numero di vittorie", "WIN"),
        ("progressivo", "PS"),
        ("cumulativo", "PS"),
        ("koya", "KS"),
        ("performance", "TPR"),
        ("media elo", "ARO"),
        ("elo medio", "ARO"),
    ),
    "ru": (
        ("очки (партии)", "PTS"),
        ("бухгольц", "BH"),
        ("бергер", "SB"),
        ("зоннеборн", "SB"),
        ("личная встреча", "DE"),
        ("личные встречи", "DE"),
        ("число побед", "WIN"),
        ("количество побед", "WIN"),
        ("прогресс", "PS"),
        ("койя", "KS"),
        ("перфоманс", "TPR"),
        ("турнирный рейтинг", "TPR"),
        ("средний рейтинг", "ARO"),
    ),
    "fi": (
        ("buchholz", "BH"),
        ("sonneborn", "SB"),
        ("keskinainen", "DE"),
        ("voittojen maara", "WIN"),
        ("koya", "KS"),
        ("keskivahvuus", "ARO"),
    ),
}
_NAMES: Final = tuple(
    sorted(
        {(norm(name), code) for pairs in _TIEBREAK_NAMES.values() for name, code in pairs},
        key=lambda pair: -len(pair[0]),
    )
)

#: Legend parameters: "Cut1" / "Median1" and their translations.
_CUT: Final = re.compile(r"\b(?:cut|streich\w*|corte|coupure|taglio|срез\w*|усеч\w*)\s*-?\s*(\d)")
_MEDIAN: Final = re.compile(r"\b(?:median\w*|mediano|mediana|медиан\w*)\s*-?\s*(\d)")
#: Legends of older Swiss-Manager versions name the variable tie-break without its
#: settings: "Buchholz Tie-Breaks (variabel with parameter)".
_HIDDEN: Final = re.compile(
    r"with parameter|mit parameter|con parametro|com parametro|avec parametre|"
    r"с параметр|parametrilla"
)


def mentions(text: str, words: frozenset[str]) -> bool:
    """Whether the normalised ``text`` contains one of ``words``."""
    low = norm(text)
    return any(w in low for w in words)


def round_column(header: str) -> int | None:
    """The round number of a header cell "1.Rd", "2. Runde", "3 тур", else None."""
    m = _ROUND.match(norm(header))
    if m is None or norm(m.group(2)) not in _ROUND_SET:
        return None
    return int(m.group(1))


def tiebreak_column(header: str) -> int | None:
    """The tie-break number of a header cell "TB1", "Wtg2", "Desp3", "Доп4", else None."""
    m = _TB.match(norm(header))
    if m is None or m.group(1) not in _TB_SET:
        return None
    return int(m.group(2))


def legend_label(text: str) -> tuple[int, str] | None:
    """``(number, description)`` of a legend line "Tie Break1: Buchholz ...", else None."""
    m = _LEGEND.match(text)
    if m is None or norm(m.group(1)) not in _LEGEND_SET:
        return None
    return int(m.group(2)), m.group(3).strip()


@lru_cache(maxsize=256)
def tiebreak_name(text: str) -> tuple[str | None, str, bool]:
    """The code a legend description names by words, its cut modifier (``/C1``, ``/M1``
    or ""), and whether the description says settings exist without showing them."""
    low = norm(text)
    code = next((c for name, c in _NAMES if name in low), None)
    median, cut = _MEDIAN.search(low), _CUT.search(low)
    modifier = f"/M{median.group(1)}" if median else f"/C{cut.group(1)}" if cut else ""
    hidden = bool(_HIDDEN.search(low)) and not modifier
    return code, modifier, hidden


def date_label(text: str) -> bool:
    return norm(text) in _DATE_LABELS


def organiser_label(text: str) -> bool:
    return norm(text) in _ORGANISER_LABELS
