"""Choices that forgive case and suggest: every ``click.Choice`` of every command.

``--to JSON`` means ``--to json``, and ``--to jsn`` should say "did you mean 'json'?"
like ruff and git do. Rather than each command remembering to say so, the command
group hands every command it loads to :func:`harmonise`, which turns each plain
``click.Choice`` parameter into a :class:`Choice`: case-insensitive (the value the
command receives is the canonical lower-case choice, as click returns it) and with a
suggestion in its error message. An option added later anywhere gets the same.
"""

from __future__ import annotations

from typing import Any

import click

__all__ = ["Choice", "harmonise", "suggestion"]


def suggestion(value: str, possibilities: list[str]) -> str:
    """``" Did you mean 'json'?"`` for a close possibility (compared without case), else
    ``""``. (difflib is imported here: only a mistyped value needs it.)"""
    from difflib import get_close_matches  # only for a wrong choice

    lowered = {p.lower(): p for p in possibilities}
    close = get_close_matches(value.lower(), list(lowered), n=3, cutoff=0.6)
    if not close:
        return ""
    return " Did you mean " + " or ".join(repr(lowered[c]) for c in close) + "?"


class Choice(click.Choice):  # type: ignore[type-arg]  # click < 8.2 has no parameter
    """A case-insensitive choice whose error suggests the closest choices."""

    def __init__(self, choices: Any, case_sensitive: bool = False) -> None:
        super().__init__(choices, case_sensitive=case_sensitive)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            if isinstance(value, str):
                exc.message += suggestion(value, [str(c) for c in self.choices])
            raise


def harmonise(command: click.Command) -> click.Command:
    """Make every plain ``click.Choice`` of ``command`` (and its subcommands) a
    :class:`Choice`; returns ``command``."""
    for param in command.params:
        kind = param.type
        if type(kind) is click.Choice:
            param.type = Choice(kind.choices)
    for sub in getattr(command, "commands", {}).values():
        harmonise(sub)
    return command
