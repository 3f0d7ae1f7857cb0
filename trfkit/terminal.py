"""Text for people's terminals: control characters of a file shown, never obeyed.

Names, file names and messages come from the files trfkit reads, and a stranger's
file can hold anything: an ANSI or OSC escape sequence rewrites the reader's
terminal or plants a link, BEL and backspace hide text, a newline or carriage
return forges a line of output (a fake diagnostic, a fake standings row), a bidi
override reverses what is read. Every text renderer (diagnostic lines, ``check
--output-format full``, ``info``, ``tiebreaks``, ``explain``, ``playoff``) passes the
text it got from a file through :func:`escape_controls`, which writes such
characters as escapes the way ``ls`` and ``git`` do (``\\x1b``, ``\\n``, ``\\u202e``).
JSON output needs nothing of this: the JSON writer escapes control characters itself.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["CONTROLS", "escape_controls"]

#: C0 controls (tab and newline included: inside a name or message they are data), DEL,
#: C1 controls and the bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069).
CONTROLS: Final = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

_NAMED: Final = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """``text`` with every character of :data:`CONTROLS` written as an escape (a backslash
    already there stays as it is); text without one is returned as it is (one search)."""
    if CONTROLS.search(text) is None:
        return text
    return CONTROLS.sub(_escape, text)
