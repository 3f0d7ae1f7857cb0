"""The tie-break registry: one decorated function per tie-break.

How to add a tie-break (individual or team)::

    from .registry import register
    from .context import Context, Value
    from ..tiebreak_codes import TieBreakCode

    @register("ARO", modifiers="CM", title="Average rating of opponents", article="C.07 10.1")
    def aro(ctx: Context, code: TieBreakCode) -> list[Value]:
        # one value per player, in ctx.players order; None = undefined (sorted last)
        ...

* ``name`` is the acronym after alias folding (:data:`trfkit.tiebreak_codes.ALIASES`); a team-only
  variant may register ``"BH:MP"`` — lookup tries ``NAME:SCORE`` before ``NAME``.
* ``modifiers`` lists the modifier letters the tie-break accepts: ``C`` cut, ``M``
  median, ``L`` limit, ``K`` factor, ``P`` played forfeits, ``F`` fore, ``N`` a bare
  number (``TPR/400``). TieBreakServer-only extras (``U V R D S X``) are always
  accepted; a modifier outside the list is reported as T501 instead of ignored.
* ``ascending=True`` when lower ranks higher (TPN, BC).
* ``group=True`` for type-A tie-breaks that rank only the tied players (DE, EDE):
  the function is then ``f(ctx, code, members: Sequence[int]) -> dict[int, Value]``
  and is called by the standings once per still-tied group (higher = better).
* ``scope`` is ``"individual"`` (``Context``) or ``"team"`` (the team context);
  ``ctx.scope`` selects which registry entry a code resolves to.
* Read the edition's switches from ``ctx.edition`` (never test its name), the
  precomputed arrays from ``ctx`` (see :mod:`.context`), another tie-break's values
  with ``ctx.value(parse("BH"))``, and report assumptions with ``ctx.note("T502", ...)``.

The modules holding tie-breaks are imported on first lookup (:data:`MODULES`); a
module that does not exist yet is skipped, so a partly built package still works.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import tiebreak_codes
from ..tiebreak_codes import CodeError, TieBreakCode

__all__ = [
    "MODULES",
    "REGISTRY",
    "TieBreak",
    "UnknownTieBreak",
    "all_tiebreaks",
    "evaluate",
    "lookup",
    "parse",
    "parse_list",
    "register",
]

#: Modules that register tie-breaks, imported lazily by :func:`lookup`.
MODULES: list[str] = [
    "trfkit.tiebreaks.individual",
    "trfkit.tiebreaks.rating_tiebreaks",
    "trfkit.tiebreaks.direct_encounter",
    "trfkit.tiebreaks.team.definitions",
    "trfkit.tiebreaks.team.direct",
]

#: The one scope a module registers for, when it registers for one only: a lookup
#: imports only the modules of its scope (an individual run never loads the team
#: modules and the team model behind them). A module not listed is always loaded.
MODULE_SCOPES: dict[str, str] = {
    "trfkit.tiebreaks.individual": "individual",
    "trfkit.tiebreaks.rating_tiebreaks": "individual",
    "trfkit.tiebreaks.direct_encounter": "individual",
    "trfkit.tiebreaks.team.definitions": "team",
    "trfkit.tiebreaks.team.direct": "team",
}

#: The names a module registers, for a module that registers a few known ones: a
#: lookup of any other name leaves it unimported (a run without DE never loads
#: ``direct_encounter``; one without rating tie-breaks never loads ``rating_tiebreaks``).
#: ``tests/tiebreaks/test_tiebreaks_codes.py`` holds the lists to what the modules register.
#: A module not listed is imported by every lookup of its scope.
MODULE_NAMES: dict[str, frozenset[str]] = {
    "trfkit.tiebreaks.rating_tiebreaks": frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"}),
    "trfkit.tiebreaks.direct_encounter": frozenset({"DE"}),
}

#: Modifier letters every tie-break accepts (TieBreakServer extensions; see
#: :mod:`trfkit.tiebreak_codes`).
_ALWAYS = frozenset("UVRDSX")


class UnknownTieBreak(ValueError):
    """A code whose name is not registered or whose modifiers the tie-break rejects (T501)."""


@dataclass(frozen=True, slots=True)
class TieBreak:
    """One registered tie-break: its function and how to sort by its values."""

    name: str
    func: Callable[..., Any]
    scope: str = "individual"
    modifiers: frozenset[str] = frozenset()
    ascending: bool = False
    group: bool = False
    title: str = ""
    article: str = ""

    def check(self, code: TieBreakCode) -> None:
        """Raise :class:`UnknownTieBreak` for a modifier this tie-break does not take."""
        used = set(code.flags)
        if code.cut:
            used.add("C")
        if code.median:
            used.add("M")
        if code.limit:
            used.add("L")
        if code.factor is not None:
            used.add("K")
        if code.number is not None:
            used.add("N")
        bad = used - self.modifiers - _ALWAYS
        if bad:
            listed = ", ".join("/" + b for b in sorted(bad))
            raise UnknownTieBreak(f"{code}: {self.name} does not take the modifier(s) {listed}")


REGISTRY: dict[tuple[str, str], TieBreak] = {}
_imported: set[str] = set()  # the modules of MODULES imported (or found missing) so far


def register(
    name: str,
    *,
    scope: str = "individual",
    modifiers: str = "",
    ascending: bool = False,
    group: bool = False,
    title: str = "",
    article: str = "",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorator registering ``func`` as tie-break ``name`` (see the module docstring)."""

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        key = (scope, name.upper())
        summary = (func.__doc__ or "").strip().split("\n")[0]
        REGISTRY[key] = TieBreak(
            name.upper(),
            func,
            scope,
            frozenset(modifiers.upper()),
            ascending,
            group,
            title or summary,
            article,
        )
        return func

    return decorate


def _load(scope: str | None = None, names: tuple[str, ...] | None = None) -> None:
    """Import the modules that register tie-breaks of ``scope`` (None: every module),
    leaving out those whose :data:`MODULE_NAMES` do not include one of ``names``
    (None: no module is left out)."""
    for module in MODULES:
        if module in _imported:
            continue
        if scope is not None and MODULE_SCOPES.get(module, scope) != scope:
            continue
        known = MODULE_NAMES.get(module)
        if names is not None and known is not None and known.isdisjoint(names):
            continue
        _imported.add(module)
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise


def all_tiebreaks(scope: str | None = None) -> list[TieBreak]:
    """Every registered tie-break (of ``scope``), sorted by name."""
    _load(scope)
    return sorted((t for (s, _), t in REGISTRY.items() if scope in (None, s)), key=lambda t: t.name)


def lookup(code: TieBreakCode, scope: str = "individual") -> TieBreak:
    """The tie-break for ``code`` in ``scope`` (``NAME:SCORE`` first, then ``NAME``).

    A score type (``:MP``, ``:GP``) says which team score a team tie-break uses; a player
    has one score, so an individual ``BH:MP`` is refused rather than read as ``BH``."""
    if code.score and scope == "individual":
        raise UnknownTieBreak(
            f"{code}: the score type :{code.score} is for team tie-breaks "
            "(team standings); a player's tie-break has none, e.g. "
            f"{code.trf.replace(':' + code.score, '')}"
        )
    entry = REGISTRY.get((scope, code.base))  # registered already: nothing to import
    if entry is None:
        _load(scope, (code.base, code.name))
        entry = REGISTRY.get((scope, code.base)) or REGISTRY.get((scope, code.name))
    if entry is None:
        from .catalog import did_you_mean  # (difflib: only for an unknown code)

        raise UnknownTieBreak(
            f"{code}: unknown or unsupported {scope} tie-break {code.name!r}"
            + did_you_mean(str(code), scope)
        )
    entry.check(code)
    return entry


def parse(text: str, *, hints: bool = True) -> TieBreakCode:
    """The grammar's :func:`trfkit.tiebreak_codes.parse`; a code it does not know (a
    misspelt name, score type or modifier) gets the registered codes probably meant
    (:func:`.catalog.did_you_mean`) unless ``hints`` is False (a code asked for only to
    be reported, where the suggestion would be noise)."""
    try:
        return tiebreak_codes.parse(text)
    except CodeError as exc:
        if not (hints and exc.misspelt):
            raise
        from .catalog import did_you_mean  # (difflib: only for a code that does not parse)

        raise CodeError(f"{exc}{did_you_mean(text.strip(), None)}", misspelt=True) from None


def parse_list(text: str) -> list[TieBreakCode]:
    """A comma-separated ``202``/``212`` list, each code as :func:`parse` reads it."""
    return [parse(part) for part in text.split(",") if part.strip()]


def evaluate(ctx: Any, code: TieBreakCode) -> list[Any]:
    """Values of a non-group tie-break for every player/team of ``ctx``."""
    entry = lookup(code, getattr(ctx, "scope", "individual"))
    if entry.group:
        raise UnknownTieBreak(f"{code}: {entry.name} ranks tied groups only; use it in standings")
    values: Sequence[Any] = entry.func(ctx, code)
    return list(values)
