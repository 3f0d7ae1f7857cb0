"""Format sniffers that import nothing: which reader a file needs, from its first bytes.

``formats.detect`` asks every sniffer before falling back to TRF. When the sniffers
lived in their readers, telling that a plain TRF file is *not* a Swiss-Manager,
spreadsheet, chess-results or JSON file imported all of those readers (and
``html.parser``, ``xml.parsers.expat``, ``json``) on every ``trfkit check``. Here
each is a byte test; the reader modules re-export their sniffer from this module.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = [
    "MAGIC",
    "looks_like_report",
    "sniff_crhtml",
    "sniff_crxml",
    "sniff_json",
    "sniff_swissmanager",
    "sniff_xlsx",
]

#: The first four bytes of a native Swiss-Manager file.
MAGIC: Final = b"\x93\xff\x89\x44"


def sniff_swissmanager(head: bytes) -> bool:
    """A native Swiss-Manager file starts with the header marker ``93 FF 89 44``."""
    return head[:4] == MAGIC


def sniff_xlsx(head: bytes) -> bool:
    """A zip archive whose first entries belong to a spreadsheet (``xl/...``)."""
    return head[:4] == b"PK\x03\x04" and b"xl/" in head


#: ``"<chessresults".encode("utf-16-le")`` written out: encoding it per call would
#: import the UTF-16 codec on every read of every file.
_CRXML_UTF16 = b"<\x00c\x00h\x00e\x00s\x00s\x00r\x00e\x00s\x00u\x00l\x00t\x00s\x00"


def sniff_crxml(head: bytes) -> bool:
    """A ``<chessresults`` root near the start (UTF-8 or UTF-16)."""
    return b"<chessresults" in head or _CRXML_UTF16 in head


def sniff_crhtml(head: bytes) -> bool:
    """An HTML page that names chess-results (the data table may lie beyond the head)."""
    if b"<" not in head:  # (a TRF file: no copy of its head in lower case)
        return False
    low = head.lower()
    return (b"<html" in low or b"<!doctype html" in low) and (
        b"chess-results" in low or b"crs1" in low
    )


def sniff_json(head: bytes) -> bool:
    """True when ``head`` starts (after a BOM and blanks) with a JSON object."""
    return head.lstrip(b"\xef\xbb\xbf").lstrip().startswith(b"{")


#: A TRF record at a line start: a three-digit code or an engine record (XXR ...), then a
#: blank or the line's end. Unlike the TRF reader's sniffer, a ``###`` comment does not
#: count: Markdown headings start that way too.
_TRF_RECORD: Final = re.compile(rb"^(?:\xef\xbb\xbf)?(?:[0-9]{3}|XX[RCSZAP])(?: |\r|\n|$)", re.M)


def looks_like_report(head: bytes) -> bool:
    """Whether the first bytes of a ``.txt``/``.json``/``.xml``/``.html``/``.xlsx`` file found
    in a directory hold a format trfkit reads, rather than a note, a licence, another
    program's JSON or any web page.

    A spreadsheet counts (whose sheets cannot be told apart from the head); JSON counts
    only as a trfkit tournament document; text as TRF only with a record at a line start.
    """
    if sniff_swissmanager(head) or sniff_xlsx(head) or sniff_crxml(head) or sniff_crhtml(head):
        return True
    if sniff_json(head):
        return b'"trfkit-tournament"' in head
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 text
        head = head.decode("utf-16", errors="ignore").encode("utf-8")
    return bool(_TRF_RECORD.search(head.replace(b"\r", b"\n")))  # (CR-only exports too)
