"""The ``index.html`` of a report directory: one row per input, linking its page with
its verdict, or saying why the input has no page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

from ...i18n import Translator
from ...version import __version__
from .markup import ENGLISH, text
from .style import BASE_CSS, SCRIPT
from .verdict import Verdict, badge

__all__ = ["Entry", "render_index"]


@dataclass(frozen=True, slots=True)
class Entry:
    """One input: its display ``name``; its page (``href``, relative to the index, ``/``
    separated), the tournament's ``title``, players and rounds, and the ``verdict``; or,
    with no page, the ``error`` that says why."""

    name: str
    href: str | None = None
    title: str = ""
    players: int = 0
    rounds: int = 0
    verdict: Verdict | None = None
    error: str | None = None


def _row(entry: Entry, tr: Translator) -> str:
    if entry.href is None or entry.verdict is None:
        return (
            f'<tr><td>{text(entry.name)}</td><td colspan="3">{tr.gettext("no page")}</td>'
            f'<td data-sort="3">{text(entry.error or "")}</td></tr>'
        )
    order = {"errors": 2, "warnings": 1, "clean": 0}[entry.verdict.word]
    return (
        f'<tr><td><a href="{text(quote(entry.href))}">{text(entry.name)}</a></td>'
        f'<td>{text(entry.title)}</td><td class="num">{entry.players}</td>'
        f'<td class="num">{entry.rounds}</td><td data-sort="{order}">{badge(entry.verdict, tr)}</td>'
        "</tr>"
    )


def render_index(entries: Sequence[Entry], tr: Translator = ENGLISH) -> str:
    """The index page of ``entries`` (in the order given: the inputs' order), its words
    in the language of ``tr``; the reasons an input has no page stay English."""
    _ = tr.gettext
    rows = "\n".join(_row(e, tr) for e in entries)
    with_page = sum(e.href is not None for e in entries)
    title = _("trfkit reports")
    heads = "".join(
        f'<th scope="col" tabindex="0">{_(word)}</th>'
        for word in ("input", "tournament", "players", "rounds", "verdict")
    )
    count = _("{pages} page(s) for {inputs} input(s).").format(pages=with_page, inputs=len(entries))
    made = _("Made by trfkit {version}.").format(version=text(__version__))
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{tr.lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="trfkit {text(__version__)}">\n'
        f"<title>{title}</title>\n<style>{BASE_CSS}</style>\n</head>\n<body>\n"
        f'<section id="index"><h1>{title}</h1><p>{count}</p>\n'
        f'<table class="sortable index"><thead><tr>{heads}</tr></thead>\n'
        f"<tbody>\n{rows}\n</tbody></table></section>\n"
        f"<footer><p>{made}</p></footer>\n"
        f"<script>{SCRIPT}</script>\n</body>\n</html>\n"
    )
