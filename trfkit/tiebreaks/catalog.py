"""The list of tie-break codes ``trfkit codes`` prints, and "did you mean" for a wrong one.

Each registered tie-break (:mod:`.registry`) is listed with its title, the modifiers
it takes and the rule editions whose text defines it. The editions come from the
registry's ``article`` (``C.07 ...`` is FIDE's, ``Art. 32`` the Russian rules of 2013)
and from two tables here: :data:`NEW_IN_2026`, the codes the 2026 edition of C.07 added
(TIEBREAKS.md B.3, B.4, B.7), and :data:`IN_ARTICLE_32`, the codes Article 32 uses
that the registry names by their C.07 article only. ``fide-2009`` lists every FIDE code
that is not new in 2026: the specification does not hold the pre-2023 list code by
code, and trfkit computes them all under that edition's unplayed-round rules.

:func:`suggest` answers a code trfkit does not know with the codes it probably meant:
a well-known name (``buchholz`` -> ``BH``, ``sonneborn-berger`` -> ``SB``), a modifier
glued to the name (``BHC1`` -> ``BH/C1``), else the registered names closest in
spelling (:mod:`difflib`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import get_close_matches

from ..tiebreak_codes import ALIASES, CodeError, parse
from .editions import FIDE_2009, FIDE_2024, FIDE_2026, RU_2013
from .registry import TieBreak, UnknownTieBreak, all_tiebreaks, lookup

__all__ = [
    "IN_ARTICLE_32",
    "NEW_IN_2026",
    "WELL_KNOWN",
    "CodeEntry",
    "catalog",
    "did_you_mean",
    "editions_of",
    "suggest",
]

#: Codes the 2026 edition of C.07 introduced (TIEBREAKS.md B.3 "2026 only", B.4, B.7).
NEW_IN_2026 = frozenset({"STD", "TPN", "RTNG", "EDET", "EDEB", "EDEBT", "EDEBB"})

#: Codes Article 32 uses although the registry's article names only C.07: points, and the
#: extended Sonneborn-Berger codes its 32.3.2.2 must choose from (TIEBREAKS.md A.7).
IN_ARTICLE_32 = frozenset({"PTS", "EMMSB", "EMGSB", "EGMSB", "EGGSB"})

#: Names people write for tie-breaks (letters and digits only, upper case) -> the code.
WELL_KNOWN: dict[str, str] = {
    "BUCHHOLZ": "BH",
    "BUCHHOLZCUT1": "BH/C1",
    "BUCHHOLZCUT2": "BH/C2",
    "CUT1": "BH/C1",
    "MEDIAN": "BH/M1",
    "MEDIANBUCHHOLZ": "BH/M1",
    "FOREBUCHHOLZ": "FB",
    "SONNEBORN": "SB",
    "BERGER": "SB",
    "SONNEBORNBERGER": "SB",
    "NEUSTADTL": "SB",
    "DIRECTENCOUNTER": "DE",
    "DIRECT": "DE",
    "KOYA": "KS",
    "PROGRESSIVE": "PS",
    "CUMULATIVE": "PS",
    "WINS": "WIN",
    "BLACK": "BPG",
    "BLACKGAMES": "BPG",
    "PERFORMANCE": "TPR",
    "RATING": "RTNG",
    "PAIRINGNUMBER": "TPN",
    "STARTNUMBER": "TPN",
    "MATCHPOINTS": "MPTS",
    "GAMEPOINTS": "GPTS",
    "BOARDPOINTS": "GPTS",
}

#: What may follow a name glued to it: a score type, then modifiers (``BHMPC1``).
_GLUED = re.compile(r"(MP|GP)?((?:[CM]\d+|L[+-]?\d+|P|F)*)")
_MODIFIER = re.compile(r"[CM]\d+|L[+-]?\d+|P|F")
#: name, first separator (``/``, or the legacy ``#`` and ``-``), the modifiers as written.
_SPLIT = re.compile(r"^(.*?)(?:([/#-])(.*))?$")


@dataclass(frozen=True, slots=True)
class CodeEntry:
    """One line of ``trfkit codes``."""

    code: str
    scope: str
    title: str
    editions: tuple[str, ...]
    modifiers: tuple[str, ...]
    article: str
    lower_is_better: bool
    aliases: tuple[str, ...]


def editions_of(tb: TieBreak) -> tuple[str, ...]:
    """The editions whose rules define ``tb`` (see the module docstring)."""
    out: list[str] = []
    if "C.07" in tb.article:
        fide = (FIDE_2026,) if tb.name in NEW_IN_2026 else (FIDE_2009, FIDE_2024, FIDE_2026)
        out.extend(e.name for e in fide)
    if ("Art. 32" in tb.article or tb.name in IN_ARTICLE_32) and tb.name not in NEW_IN_2026:
        out.append(RU_2013.name)
    return tuple(out)


def _aliases(name: str) -> tuple[str, ...]:
    return tuple(
        alias + (f" (= {name}/{implied})" if implied else "")
        for alias, (canonical, implied) in sorted(ALIASES.items())
        if canonical == name
    )


def catalog() -> list[CodeEntry]:
    """Every registered tie-break, individual ones first, then team ones, by code."""
    ordered = sorted(all_tiebreaks(), key=lambda t: (t.scope != "individual", t.name))
    return [
        CodeEntry(
            tb.name,
            tb.scope,
            tb.title,
            editions_of(tb),
            tuple(sorted(tb.modifiers)),
            tb.article,
            tb.ascending,
            _aliases(tb.name),
        )
        for tb in ordered
    ]


def suggest(text: str, scope: str | None = "individual") -> list[str]:
    """Codes that ``text`` (a code trfkit rejected) probably means, best first: valid in
    ``scope`` (None: in either scope, for a code rejected before its scope is known)."""
    raw = text.strip().upper()
    key = re.sub(r"[^A-Z0-9]", "", raw)
    scopes = ("individual", "team") if scope is None else (scope,)
    names = sorted({t.name for s in scopes for t in all_tiebreaks(s)} | set(ALIASES))
    found = []
    if key in WELL_KNOWN:
        found.append(WELL_KNOWN[key])
    else:
        for name in sorted(names, key=len, reverse=True):  # BHC1 -> BH/C1, BHMP -> BH:MP
            glued = _GLUED.fullmatch(key[len(name) :]) if key.startswith(name) else None
            if glued and key != name:
                found.append(
                    name
                    + (f":{glued[1]}" if glued[1] else "")
                    + "".join(f"/{m}" for m in _MODIFIER.findall(glued[2]))
                )
                break
    if not found:  # a misspelt name: keep the modifiers as written
        head, sep, rest = raw, "", ""
        parts = _SPLIT.match(raw)
        if parts is not None:  # (it always matches)
            head, sep, rest = parts[1], parts[2] or "", parts[3] or ""
        base, colon, score = head.partition(":")
        spelled = {
            **{n: n for n in names},
            **{k: v for k, v in WELL_KNOWN.items() if not (sep and "/" in v)},
        }
        tail = (colon + score if score in ("MP", "GP") else "") + (f"/{rest}" if sep else "")
        found = [
            spelled[m] + tail
            for m in get_close_matches(
                re.sub(r"[^A-Z0-9_]", "", base), list(spelled), n=3, cutoff=0.6
            )
        ]
    out: list[str] = []
    for code in found:
        if code not in out and code != raw and any(_valid(code, s) for s in scopes):
            out.append(code)
    return out[:3]


def did_you_mean(text: str, scope: str | None = "individual") -> str:
    """``"; did you mean BH/C1?"`` for a rejected code, ``""`` when nothing is close
    (then: see ``trfkit codes``)."""
    found = suggest(text, scope)
    if not found:
        return " (`trfkit codes` lists them)"
    return f"; did you mean {' or '.join(found)}?"


def _valid(code: str, scope: str) -> bool:
    """A suggestion must be a code trfkit computes in ``scope``."""
    try:
        lookup(parse(code), scope)  # the grammar's parse: no suggestion asked
    except (CodeError, UnknownTieBreak):
        return False
    return True
