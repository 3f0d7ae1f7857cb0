"""Which diagnostic codes a run reports: ``--select``, ``--extend-select``, ``--ignore``.

Selectors are codes (``T302``) or prefixes of codes (``T3``, ``T30``, ``T``; ``ALL``
means every code). For each code the *longest* matching selector decides, as in
flake8's decision engine and ruff's rule selection, so ``--select T3 --ignore T30
--select T302`` keeps T302 and T31x but drops T301. When a selected and an ignored
selector are equally long, ignore wins. Codes matched by no selector are off.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .diagnostic_codes import CODES

__all__ = ["DEFAULT", "Selector", "SelectorError", "parse_selectors"]


class SelectorError(ValueError):
    """A selector that is no code nor prefix of one (a typo would silently select nothing)."""


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
    """A decision for every code; ``Selector()`` enables everything."""

    select: tuple[str, ...] = ("T",)
    ignore: tuple[str, ...] = ()
    _cache: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_options(
        cls,
        select: Iterable[str] | None = None,
        extend_select: Iterable[str] | None = None,
        ignore: Iterable[str] | None = None,
    ) -> Selector:
        """Build from raw option values; ``select=None`` keeps the default (everything)."""
        chosen = parse_selectors(select) if select else ("T",)
        return cls(chosen + parse_selectors(extend_select), parse_selectors(ignore))

    def enabled(self, code: str) -> bool:
        """True when the longest selector matching ``code`` is a select, not an ignore."""
        cached = self._cache.get(code)
        if cached is not None:
            return cached
        best_select = max((len(s) for s in self.select if code.startswith(s)), default=-1)
        best_ignore = max((len(s) for s in self.ignore if code.startswith(s)), default=-1)
        result = best_select >= 0 and best_select > best_ignore
        self._cache[code] = result
        return result


DEFAULT = Selector()
