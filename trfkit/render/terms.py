"""The names of tie-breaks in the reader's language, beside their FIDE codes.

A code stays the column's label in every language (``BH/C1``: what a script and an
arbiter both recognise); a translated table adds a legend that names each column with the
catalog's term, in Russian the words of Article 32 ("Усечённый Бухгольц - 1"). Terms live
in the catalog under the context ``tie-break``, keyed by the canonical code (``BH/C1``),
then by that code without a team score type (``BH:MP/C1`` as ``BH/C1``), then by the name
with its kind of cut (``BH/C``, ``BH/M``), then by the bare name: a code
with a modifier the Article does not name (``BH/C3``, ``SB/P``) gets the term of its family.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..i18n import DEFAULT, Translator
from ..tiebreak_codes import CodeError, TieBreakCode, parse

__all__ = ["CONTEXT", "legend", "term"]

#: The gettext context of the tie-break terms.
CONTEXT = "tie-break"


def _keys(code: TieBreakCode) -> list[str]:
    keys = [code.canonical]
    if code.score:  # a team code's score type (BH:MP/C1) names no other term than BH/C1's
        keys.append(replace(code, score="").canonical)
    if code.cut:
        keys.append(f"{code.name}/C")
    if code.median:
        keys.append(f"{code.name}/M")
    return [*keys, code.name]


def term(code: TieBreakCode | str, tr: Translator) -> str:
    """The catalog's term for ``code`` (a code or its spelling); the code itself when
    ``code`` does not parse."""
    if isinstance(code, str):
        try:
            parsed = parse(code)
        except CodeError:
            return code
    else:
        parsed = code
    keys = _keys(parsed)
    key = next((k for k in keys if tr.has(CONTEXT, k)), keys[-1])
    return tr.pgettext(CONTEXT, key)


def legend(labels: Sequence[str], tr: Translator) -> list[str]:
    """``Label  term`` lines under a translated table (none in English: the codes say it)."""
    if tr.lang == DEFAULT or not labels:
        return []
    width = max(map(len, labels))
    return [tr.gettext("Tie-breaks:"), *(f"  {x:<{width}}  {term(x, tr)}" for x in labels)]
