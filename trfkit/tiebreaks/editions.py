"""Rule editions as data: what changes between fide-2009, fide-2024, fide-2026 and ru-2013.

Tie-break functions never compare edition *names*; they read the flags of the
:class:`Edition` in the context. A new edition (or a federation variant) is one
more constant here plus an entry in :data:`EDITIONS` (TIEBREAKS.md §B.1, §B.7, §C).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the model is only named in annotations here
    from ..model import PartialDate, Tournament

__all__ = [
    "EDITIONS",
    "FIDE_2009",
    "FIDE_2024",
    "FIDE_2026",
    "RU_2013",
    "Edition",
    "by_date",
    "by_version",
    "resolve",
]


@dataclass(frozen=True, slots=True)
class Edition:
    """One rule set. Every field is a switch some tie-break reads.

    ``unplayed``: ``"virtual"`` (pre-2023 virtual opponent, §C.1) or ``"dummy"``
    (2023+ dummy opponent, §C.2). ``dummy_cap``: the 2026 cap on the dummy's
    score (§C.3). ``vur_first``: low cuts take voluntary unplayed rounds first
    (16.5). ``sb_cut_lowest_product``: among opponents tied on the least
    significant score, cut the lowest product (2024-08) rather than the worst
    result (2023; the two coincide for 1/½/0 scoring). ``rr_forfeits_played``:
    in round-robins forfeits are played games (15.2); ``rr_forfeits_unplayed_for_ratings``
    and ``rr_forfeit_losses_unplayed_for_own`` are the 2026 exceptions to it.
    ``aro_divisor``: ``"games"`` (C.07 10.1) or ``"rounds"`` (Art. 32.4.1).
    ``tpr_elected_rule``: Art. 32.4.3, a player who elected not to play three or
    more rounds has a TPR below everyone who completed the event.
    ``de_rule``: ``"c07"`` (Art. 6 with partial encounters and recursion) or
    ``"complete-only"`` (Art. 32.1.6 / pre-2023: decides only when all tied players met).
    ``first_rating``: 2026, a player with several ratings counts with the first.
    ``koya_steps``: how ``KS/L+n`` / ``KS/L-n`` move the threshold: ``"half-points"``
    (C.07 14.5) or ``"score-groups"`` (Art. 32.1.3: whole score groups that exist).
    ``rating_cut_unplayed_first``: in the cut and median forms of the rating
    tie-breaks (ARO/C1, TPR/M1, ...) each unplayed round uses up one cut before an
    opponent is cut, low cuts first. The pre-2023 text is silent; Swiss-Manager's
    published values (2021 World Blitz) and TieBreakServer's 2022 rules do so.
    """

    name: str
    title: str
    unplayed: str = "dummy"
    dummy_cap: bool = False
    vur_first: bool = True
    sb_cut_lowest_product: bool = True
    rr_forfeits_played: bool = True
    rr_forfeits_unplayed_for_ratings: bool = False
    rr_forfeit_losses_unplayed_for_own: bool = False
    aro_divisor: str = "games"
    tpr_elected_rule: bool = False
    de_rule: str = "c07"
    first_rating: bool = False
    koya_steps: str = "half-points"
    rating_cut_unplayed_first: bool = False

    @property
    def virtual_opponent(self) -> bool:
        return self.unplayed == "virtual"

    def __str__(self) -> str:
        return self.name


FIDE_2009 = Edition(
    name="fide-2009",
    title="FIDE tie-break rules before 2023 (virtual opponent, 2009 SPP decision)",
    unplayed="virtual",
    vur_first=False,
    sb_cut_lowest_product=False,
    de_rule="complete-only",
    rating_cut_unplayed_first=True,
)
FIDE_2024 = Edition(
    name="fide-2024",
    title="FIDE C.07 2023 as amended 2024-08-01 (dummy opponent, VUR cut first)",
)
FIDE_2026 = Edition(
    name="fide-2026",
    title="FIDE C.07 in force from 2026-03-01 (dummy opponent capped)",
    dummy_cap=True,
    rr_forfeits_unplayed_for_ratings=True,
    rr_forfeit_losses_unplayed_for_own=True,
    first_rating=True,
)
#: Article 32 treats unplayed rounds as the pre-2023 FIDE rules do; it differs in 32.4.
RU_2013 = replace(
    FIDE_2009,
    name="ru-2013",
    title="Article 32, Russian chess rules of 2013 (virtual opponent, ARO over rounds)",
    aro_divisor="rounds",
    tpr_elected_rule=True,
    koya_steps="score-groups",
    rating_cut_unplayed_first=False,  # 32.4.2 divides by rounds: its own rule
)

EDITIONS: dict[str, Edition] = {e.name: e for e in (FIDE_2009, FIDE_2024, FIDE_2026, RU_2013)}

#: ``auto`` switch dates (inclusive lower bounds), TIEBREAKS.md §B.1.
_SWITCHES: tuple[tuple[tuple[int, int, int], Edition], ...] = (
    ((2026, 3, 1), FIDE_2026),
    ((2024, 4, 1), FIDE_2024),
)


def by_date(date: PartialDate | None) -> Edition:
    """The edition in force at ``date``: before 2024-04-01 fide-2009, before 2026-03-01
    fide-2024, else fide-2026; an unknown date gives fide-2026 (the current rules).

    A partial date (year or year-month only) is compared with the missing parts as
    the first day, so ``2024`` alone counts as before April 2024.
    """
    if date is None or date.year is None:
        return FIDE_2026
    key = (date.year, date.month or 1, date.day or 1)
    for since, edition in _SWITCHES:
        if key >= since:
            return edition
    return FIDE_2009


#: The ``/V`` modifier of one code (TieBreakServer's ``/V2022``, ``/V2024``, ``/V2026``
#: or ``/V0``..``/V2``; Swiss-Manager's legend names its variants "(2023)" and "(2026)")
#: -> the edition that code is computed under, whatever the run's rules.
_VERSIONS: dict[str, Edition] = {
    **dict.fromkeys(("0", "2009", "2022"), FIDE_2009),
    **dict.fromkeys(("1", "2023", "2024"), FIDE_2024),
    **dict.fromkeys(("2", "2026"), FIDE_2026),
}


def by_version(version: str) -> Edition:
    """The edition a code's ``/V`` modifier names: ``2022`` (or ``0``) the pre-2023
    rules, ``2023``/``2024`` (or ``1``) the 2023 rules as amended in 2024, ``2026``
    (or ``2``) the 2026 rules. Why per code: one chess-results list can hold the
    same tie-break twice under two editions (Swiss-Manager's "Buchholz Tie-Break
    Variable (2023)" and "(2026)"). Raises :class:`KeyError` for any other version.
    """
    try:
        return _VERSIONS[version]
    except KeyError:
        raise KeyError(
            f"unknown rules version /V{version}; choose one of {', '.join(sorted(_VERSIONS))}"
        ) from None


def resolve(rules: str | Edition, tournament: Tournament | None = None) -> Edition:
    """``"auto"`` by the tournament's start date (042), else the named edition.

    Raises :class:`KeyError` with the list of known names for an unknown name.
    """
    if isinstance(rules, Edition):
        return rules
    name = rules.strip().lower()
    if name == "auto":
        return by_date(tournament.header.start_date if tournament is not None else None)
    try:
        return EDITIONS[name]
    except KeyError:
        raise KeyError(f"unknown rules {rules!r}; choose auto, {', '.join(EDITIONS)}") from None
