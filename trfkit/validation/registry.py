"""The registry the validator's rules enter themselves in: ``@rule("T302")``.

Apart from :mod:`trfkit.validation.driver` (the driver) so that a rule module imports only the
model, the diagnostics and this: a rule never sits above the stages that run after the
validator (the tie-break stage and the checks composed after it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..diagnostic_codes import CODES, CodeInfo
from ..diagnostics import Diagnostic
from ..model import Tournament

__all__ = ["RULES", "Rule", "RuleFunc", "rule"]

RuleFunc = Callable[[Tournament], Iterable[Diagnostic]]


@dataclass(frozen=True, slots=True)
class Rule:
    """A registered check: the code it reports and the function that finds it."""

    code: str
    func: RuleFunc

    @property
    def info(self) -> CodeInfo:
        return CODES[self.code]


#: code -> rule; filled by the ``@rule`` decorators in :mod:`trfkit.validation.rules`.
RULES: dict[str, Rule] = {}


def rule(code: str) -> Callable[[RuleFunc], RuleFunc]:
    """Register the decorated generator as the check for ``code`` (one function per code)."""
    if code not in CODES:
        raise ValueError(f"{code} is not in trfkit.diagnostic_codes; add it there first")

    def register(func: RuleFunc) -> RuleFunc:
        existing = RULES.get(code)
        if existing is not None and existing.func is not func:
            raise ValueError(f"{code} already has a rule: {existing.func.__qualname__}")
        RULES[code] = Rule(code, func)
        return func

    return register
