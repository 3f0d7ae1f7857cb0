"""Which diagnostic codes a run reports: ``--select``, ``--extend-select``, ``--ignore``
and ``--profile``.

Selectors are codes (``T302``) or prefixes of codes (``T3``, ``T30``, ``T``; ``ALL``
means every code). For each code the *longest* matching selector decides, as in
flake8's decision engine and ruff's rule selection, so ``--select T3 --ignore T30
--select T302`` keeps T302 and T31x but drops T301. When a selected and an ignored
selector are equally long, ignore wins. Codes matched by no selector are off.

A *profile* (:data:`PROFILES`) is a named set of extra rules that are off by default
(:data:`OPT_IN`): a rating officer's checks are noise to a pairing engine's user. A
profile switches its rules on; so does a selector that names them more narrowly than
``T``/``ALL`` (``--extend-select T701``, ``--select T7``). ``--ignore`` still wins over
either, by the same longest-selector rule.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final

from .diagnostic_codes import CODES

__all__ = [
    "DEFAULT",
    "OPT_IN",
    "PROFILES",
    "Profile",
    "Selector",
    "SelectorError",
    "parse_selectors",
    "profile_codes",
    "profiles_of",
]


class SelectorError(ValueError):
    """A selector that is no code nor prefix of one (a typo would silently select nothing)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A named set of extra rules (``trfkit check --profile NAME``), off without it.

    A federation's own profile is one more entry of :data:`PROFILES`: its name, a line
    saying whom it serves, and its codes (a federation can list FIDE's and add its own).
    """

    name: str
    summary: str
    codes: tuple[str, ...]


#: The rating officer's checks before an upload to FIDE (README "Rating-officer profile").
FIDE_RATING: Final = Profile(
    "fide-rating",
    "What FIDE's rating server needs: the rating header records, FIDE federation and "
    "title codes, new players' birth date and sex, one rating period per report.",
    ("T701", "T702", "T703", "T704", "T705", "T706", "T707", "T708", "T709", "T710"),
)

#: name -> profile; ``--profile`` takes these names (and ``profile = "..."`` in a
#: configuration feeds the same option).
PROFILES: Final[dict[str, Profile]] = {p.name: p for p in (FIDE_RATING,)}

#: Codes no run reports unless a profile, or a selector narrower than ``T``, asks for them.
OPT_IN: Final[frozenset[str]] = frozenset(c for p in PROFILES.values() for c in p.codes)


def profiles_of(code: str) -> tuple[str, ...]:
    """The names of the profiles that switch ``code`` on (none for a default code)."""
    return tuple(name for name, p in PROFILES.items() if code in p.codes)


def profile_codes(name: str | None) -> frozenset[str]:
    """The codes profile ``name`` switches on; raises :class:`SelectorError` for an unknown name."""
    if not name:
        return frozenset()
    found = PROFILES.get(name)
    if found is None:
        known = ", ".join(sorted(PROFILES))
        raise SelectorError(f"unknown profile {name!r} (known: {known})")
    return frozenset(found.codes)


def _normalise(selector: str) -> str:
    value = selector.strip().upper()
    if value == "ALL":
        return "T"
    if not value or not any(code.startswith(value) for code in CODES):
        from difflib import get_close_matches  # only for the error

        close = get_close_matches(value, list(CODES), n=3, cutoff=0.6)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise SelectorError(f"unknown code or prefix {selector!r} (try `trfkit rules`){hint}")
    return value


def parse_selectors(values: Iterable[str] | None) -> tuple[str, ...]:
    """Split comma-separated option values (``T3,T401``) into normalised selectors."""
    out: list[str] = []
    for value in values or ():
        for part in value.split(","):
            if part.strip():
                out.append(_normalise(part))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Selector:
    """A decision for every code; ``Selector()`` enables every default code, and
    ``Selector(profile="fide-rating")`` that profile's codes too."""

    select: tuple[str, ...] = ("T",)
    ignore: tuple[str, ...] = ()
    profile: str | None = None
    _cache: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        profile_codes(self.profile)  # an unknown name fails here, not at the first code

    @classmethod
    def from_options(
        cls,
        select: Iterable[str] | None = None,
        extend_select: Iterable[str] | None = None,
        ignore: Iterable[str] | None = None,
        profile: str | None = None,
    ) -> Selector:
        """Build from raw option values; ``select=None`` keeps the default (everything)."""
        chosen = parse_selectors(select) if select else ("T",)
        return cls(chosen + parse_selectors(extend_select), parse_selectors(ignore), profile)

    def enabled(self, code: str) -> bool:
        """True when the longest selector matching ``code`` is a select, not an ignore."""
        cached = self._cache.get(code)
        if cached is not None:
            return cached
        best_select = max((len(s) for s in self.select if code.startswith(s)), default=-1)
        best_ignore = max((len(s) for s in self.ignore if code.startswith(s)), default=-1)
        if code in OPT_IN and best_select <= 1 and code not in profile_codes(self.profile):
            best_select = -1  # only "T" (the default, ALL) matched: an opt-in code stays off
        result = best_select >= 0 and best_select > best_ignore
        self._cache[code] = result
        return result


DEFAULT = Selector()
