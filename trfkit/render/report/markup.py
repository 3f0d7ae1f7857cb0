"""Text made safe for a page: names and messages come from strangers' files.

Every string that reaches the HTML goes through :func:`text` (or :func:`attr`, the
same), which first shows the file's control characters and bidi overrides as escapes
(:func:`trfkit.terminal.escape_controls`, as the terminal renderers do) and then
escapes ``& < > " '``, so that a name ``<script>`` stays text in an element and in an
attribute value alike.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Final

from ...diagnostic_codes import CODES
from ...diagnostics import Diagnostic, Severity
from ...i18n import DEFAULT, Translator, translator
from ...terminal import CONTROLS, escape_controls

__all__ = [
    "ENGLISH",
    "SYMBOLS",
    "attr",
    "english",
    "help_of",
    "severity_mark",
    "text",
    "text_lines",
]

#: A symbol for each severity, shown beside its colour (a page printed in black and
#: white must still tell an error from a warning).
SYMBOLS: Final = {Severity.ERROR: "\u2716", Severity.WARNING: "\u25b2", Severity.INFO: "\u2139"}
#: The symbol of a clean file.
CLEAN_SYMBOL: Final = "\u2714"


def text(value: object) -> str:
    """``value`` as HTML text, safe in an element and in a quoted attribute value."""
    return html.escape(escape_controls(str(value)), quote=True)


#: The same escaping, named for where it is used.
attr = text


def text_lines(lines: Iterable[object]) -> str:
    """``lines`` as HTML text joined by newlines (for a ``<pre>``-like block): each
    line escaped as :func:`text` escapes, the newlines between them kept."""
    items = [str(line) for line in lines]
    joined = "\n".join(items)
    if joined.count("\n") >= len(items) or CONTROLS.search(joined.replace("\n", " ")):
        return "\n".join(map(text, items))  # rare: a line holds a control character
    return html.escape(joined, quote=True)


def severity_mark(severity: Severity, tr: Translator | None = None) -> str:
    """The symbol and the word of ``severity`` (``✖ error``; the word in the language of
    ``tr``), classed for its colour."""
    word = severity.value if tr is None else tr.pgettext("severity", severity.value)
    return (
        f'<span class="sev sev-{severity.value}"><span class="sym" aria-hidden="true">'
        f"{SYMBOLS[severity]}</span> {word}</span>"
    )


def english(html_text: str, tr: Translator) -> str:
    """``html_text`` (HTML already) marked as English on a page in another language: the
    diagnostics' messages stay English, as ``check`` prints them; as it is in English."""
    return html_text if tr.lang == DEFAULT else f'<span lang="en">{html_text}</span>'


#: The English words of a page (the translator of no catalog).
ENGLISH: Final = translator(DEFAULT)


def help_of(d: Diagnostic) -> str:
    """What to do about ``d``: its hint, else its code's summary (as ``check
    --output-format full`` says it on its ``help:`` line)."""
    info = CODES.get(d.code)
    return d.hint or (info.summary if info is not None else "")
