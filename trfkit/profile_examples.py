"""The bad and the good example of each code of a profile (T7xx, ``--profile``).

Apart from :mod:`trfkit.rule_examples` (same shape, same helpers) to keep each module
small; :mod:`trfkit.diagnostic_docs` shows both tables as one. Each example is a whole
rated report, changed in one record or field: the good one passes every profile rule.
"""

from __future__ import annotations

from typing import Final

from .rule_examples import RuleDoc, p, trf

# A report as FIDE's rating server wants it: the base of the profile's (T7xx) examples.
_RATED_HEAD = (
    "012 Club Championship",
    "022 Vienna",
    "032 AUT",
    "042 2026/03/07",
    "052 2026/03/08",
    "092 Individual: Swiss-System",
    "102 IA Jane Doe (1600010)",
    "122 90 min/40 moves + 30 min + 30 sec/move",
)


def _rated(*changes: tuple[str, str], **player: str) -> str:
    """The rated report, its header records replaced by ``changes`` (code, new line or
    ``""`` to drop it) and player 1's fields by ``player``."""
    head = list(_RATED_HEAD)
    for code, line in changes:
        head = [line if h.startswith(code) else h for h in head if line or not h.startswith(code)]
    first = {"sex": "m", "fed": "AUT", "fide": "1600028", "birth": "1990/05/17", **player}
    return trf(
        *head,
        p(1, "1.0", 1, "2 w 1", rating="1850", **first),
        p(
            2,
            "0.0",
            2,
            "1 b 0",
            rating="1720",
            sex="w",
            fed="GER",
            fide="1600036",
            birth="2001/11/02",
        ),
    )


# fmt: off
DOCS: Final[dict[str, RuleDoc]] = {
    "T701": RuleDoc("TRF marks 012, 022, 032, 042, 052 and 102 mandatory for rating, and FIDE "
                    "rates by category (standard, rapid, blitz), which 092 and 122 tell: a report "
                    "without them is sent back. 012 alone is also T201, a warning by default.",
                    _rated(("022", "")), _rated()),
    "T702": RuleDoc("The rating period is chosen by the dates of the event; a start or end without "
                    "a day cannot place it. TRF16 leaves the date style open, TRF-2026 fixes "
                    "YYYY/MM/DD. A date that cannot be read at all is T106.",
                    _rated(("052", "052 2026/03")), _rated()),
    "T703": RuleDoc("Exporters fill the records they have no data for with what they know: a "
                    "lichess export writes the tournament's URL as the city and Lichess as the "
                    "federation. A report with a web address where the city, the federation or "
                    "the chief arbiter belongs is not ready for FIDE.",
                    _rated(("022", "022 https://lichess.org/swiss/FaLp5fSD")), _rated()),
    "T704": RuleDoc("032 names the federation that submits the report, by its 3-letter FIDE "
                    "code; placeholders such as XXX or ZZZ (Swiss-Manager's) and club codes are "
                    "not federations. The table is trfkit.validation.rules.federations (its "
                    "date and source are in the module).",
                    _rated(("032", "032 XXX")), _rated()),
    "T705": RuleDoc("A player's federation is a FIDE code too; club, region or county codes "
                    "(SAR, CAT, LIM) in columns 54-56 mislabel the player. A blank field is "
                    "allowed: FIDE knows a rated player's federation.",
                    _rated(fed="CAT"), _rated()),
    "T706": RuleDoc("Columns 11-13 hold a playing title (GM IM WGM FM WIM CM WFM WCM; the "
                    "reader maps short forms such as g or wf). National categories, arbiter "
                    "and trainer titles (IA, FA, FT) and the online Arena titles (AFM, ACM) "
                    "do not belong there.", _rated(title="IA"), _rated(title="FM")),
    "T707": RuleDoc("FIDE checks that a licensed arbiter directed the event, by the chief "
                    "arbiter's FIDE id; 102 is free text, so the id is a number in it, as "
                    "Swiss-Manager writes '102 IA Jane Doe (1600010)'. A warning: the id can "
                    "also be given when the tournament is registered.",
                    _rated(("102", "102 IA Jane Doe")), _rated()),
    "T708": RuleDoc("A player without a FIDE id is entered into FIDE's database from this "
                    "report, and FIDE registers a new player only with a birth date and a sex "
                    "(a birth year alone, 1990/00/00, is accepted).",
                    _rated(fide="", birth=""), _rated(fide="")),
    "T709": RuleDoc("FIDE publishes a rating list each month and rates every game with the "
                    "list in force when it was played. A report of more than 30 days over "
                    "several lists needs each period's ratings, but TRF16 and TRF-2026 have one "
                    "rating column (49-52): report each period's rounds separately.",
                    _rated(("052", "052 2026/04/20")), _rated()),
    "T710": RuleDoc("The time control decides whether the games are rated standard, rapid or "
                    "blitz; a 122 without any time (a template's 'moves/time, increment') "
                    "cannot tell.", _rated(("122", "122 moves/time, increment")), _rated()),
}
# fmt: on
