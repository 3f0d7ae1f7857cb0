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


#: Elements that hold no end tag.
_VOID = frozenset("area base br col embed hr img input link meta source track wbr".split())


class _Text(HTMLParser):
    """The text a reader of the page meets: text nodes and ``title``/``aria-label``
    values, without the style sheet, the script and what is marked ``lang="en"``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []
        self.out: list[str] = []

    def _hidden(self) -> bool:
        return any(tag in ("script", "style") or english for tag, english in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        english = found.get("lang") == "en" and tag != "html"
        if tag not in _VOID:
            self.stack.append((tag, english))
        if not self._hidden() and not english:
            self.out.extend(v for k in ("title", "aria-label") if (v := found.get(k)))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not self._hidden():
            self.out.append(data)


def page_text(html: str) -> str:
    """The page's text as a reader meets it (one piece a line), leaving out the parts
    marked English (``lang="en"``: the diagnostics' messages) and the style and script."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "\n".join(parser.out)
