"""A strict check of a report page: what a browser would forgive is a failure here.

:func:`check_page` parses the page twice: with html5lib in strict mode (any parse error
of the WHATWG HTML grammar raises), and with :mod:`html.parser` for what html5lib does
not judge: every element closed in order (void elements excepted), ids unique, every
``href="#x"`` pointing at an id of the page, and no resource loaded from elsewhere
(``src``, ``<link>``, ``url(`` or ``@import`` in the style sheet).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())


@dataclass
class Page:
    """What the checker saw: ids, local links, script elements, elements by tag."""

    ids: set[str] = field(default_factory=set)
    links: list[str] = field(default_factory=list)
    scripts: int = 0
    tags: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)


class _Walker(HTMLParser):
    def __init__(self, page: Page) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.stack: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        page = self.page
        page.tags[tag] = page.tags.get(tag, 0) + 1
        if tag == "script":
            page.scripts += 1
        if tag == "link" or any(name == "src" for name, _ in attrs):
            page.problems.append(f"loads a resource: <{tag} {attrs}>")
        for name, value in attrs:
            if name == "id":
                if value in page.ids:
                    page.problems.append(f"duplicate id {value!r}")
                page.ids.add(value or "")
            if name == "href" and value is not None:
                if value.startswith("#"):
                    page.links.append(value[1:])
                elif re.match(r"[a-z]+:", value):
                    page.problems.append(f"link out of the page: {value!r}")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.page.problems.append(f"end tag of a void element </{tag}>")
            return
        if not self.stack or self.stack[-1] != tag:
            self.page.problems.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
            return
        self.stack.pop()


def check_page(html: str) -> Page:
    """Parse ``html`` strictly; raise AssertionError listing every problem found."""
    import html5lib  # the test extra

    html5lib.HTMLParser(strict=True).parse(html)  # raises html5lib.html5parser.ParseError
    page = Page()
    walker = _Walker(page)
    walker.feed(html)
    walker.close()
    if walker.stack:
        page.problems.append(f"unclosed elements {walker.stack}")
    page.problems += [f"link to a missing id #{x}" for x in page.links if x not in page.ids]
    for style in re.findall(r"<style>(.*?)</style>", html, re.S):
        if "url(" in style or "@import" in style:
            page.problems.append("the style sheet loads something")
    assert not page.problems, page.problems
    return page
