"""trfkit: read, check, convert and tie-break chess tournament report files.

The public API is small on purpose::

    import trfkit
    doc = trfkit.load("event.trf")          # bytes -> model, with diagnostics
    doc.tournament.players[0].name
    trfkit.dumps(doc.tournament, "json")

Everything else is an implementation detail and may change.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from typing import IO, TYPE_CHECKING, Any, Union

from .version import __version__

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .diagnostics import Diagnostic, Severity, TrfError
    from .document import Document  # (the API loads on first use)
    from .model import Tournament
    from .reading import LoadedDocument
    from .sources import Loadable
    from .tiebreaks import Standings, TieBreakCode
    from .validation.driver import is_valid, iter_diagnostics, validate

#: Public classes, imported on first use (PEP 562): building the model's dataclasses
#: is most of trfkit's import time, and `trfkit --version` must stay fast.
_LAZY = {
    "Diagnostic": "diagnostics",
    "Severity": "diagnostics",
    "TrfError": "diagnostics",
    "Document": "document",
    "Tournament": "model",
    "validate": "validation.driver",
    "iter_diagnostics": "validation.driver",
    "is_valid": "validation.driver",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "Diagnostic",
    "Document",
    "Severity",
    "Tournament",
    "TrfError",
    "__version__",
    "compute_tiebreaks",
    "dump",
    "dumps",
    "is_valid",
    "iter_diagnostics",
    "load",
    "loads",
    "validate",
]

PathOrFile = Union[str, "os.PathLike[str]", IO[bytes]]


def load(
    source: Loadable,
    *,
    encoding: str | None = None,
    fmt: str = "auto",
    strict: bool = False,
    max_bytes: int | None = None,
    fallback_encoding: str | None = None,
) -> LoadedDocument:
    """Read a tournament from a path, its bytes, its text or a binary file object.

    A ``str`` is text when it holds a line break or is longer than any path can be
    (4096 characters), else a path (:mod:`trfkit.sources`). Bytes are decoded by trfkit
    (``encoding`` overrides; ``fallback_encoding`` is used for input that is not UTF-8
    instead of detecting its code page). Bad content never raises: it is reported in
    ``Document.diagnostics``; ``strict=True`` raises :class:`TrfError` instead.
    At most ``max_bytes`` + 1 bytes are read (default 100 MB, :mod:`trfkit.limits`):
    a larger input is T007.
    """
    # the API's modules load on first use: `import trfkit` (and `--version`) stays fast
    from .limits import DEFAULT_MAX_BYTES
    from .reading import load_data
    from .sources import read_source

    limit = DEFAULT_MAX_BYTES if max_bytes is None else max_bytes
    data, path, decoded = read_source(source, limit)
    return load_data(
        data,
        fmt,
        path=path,
        encoding=decoded or encoding,
        strict=strict,
        max_bytes=limit,
        fallback_encoding=fallback_encoding,
    )


def loads(
    data: str | bytes,
    *,
    encoding: str | None = None,
    fmt: str = "auto",
    strict: bool = False,
    path: str = "",
    max_bytes: int | None = None,
    fallback_encoding: str | None = None,
) -> LoadedDocument:
    """Read a tournament from text or bytes (text is taken as already decoded)."""
    from .reading import load_data  # (on first use, as in load)

    if isinstance(data, str):
        data, encoding = data.encode("utf-8"), "utf-8"
    return load_data(
        data,
        fmt,
        path=path,
        encoding=encoding,
        strict=strict,
        max_bytes=max_bytes,
        fallback_encoding=fallback_encoding,
    )


def compute_tiebreaks(
    subject: Document | Tournament,
    codes: str | TieBreakCode | Iterable[str | TieBreakCode] | None = None,
    *,
    rules: str = "auto",
    after_round: int | None = None,
    unrated_rating: int | None = None,
) -> Standings:
    """Individual standings with tie-break values (see :func:`trfkit.tiebreaks.compute`;
    a team event's team standings: :func:`trfkit.tiebreaks.team.standings.compute_teams`).

    ``subject`` is a :class:`Document` (from :func:`load`) or its ``tournament``.
    ``codes``: one code (``"BH/C1"``, or a 202-style list ``"BH/C1,SB"``), several
    (``["BH/C1", "SB"]``), or None for the file's 202/212 list, else a default.
    An unknown code or ``rules`` name raises :class:`ValueError` naming the choices.
    """

    from .document import Document  # (the API loads on first use)
    from .model import Tournament
    from .tiebreaks import TieBreakCode, compute, parse_list
    from .tiebreaks.editions import resolve

    tournament = subject.tournament if isinstance(subject, Document) else subject
    if not isinstance(tournament, Tournament):
        raise TypeError(
            "compute_tiebreaks() takes a Document (from trfkit.load) or a "
            f"Tournament, not {type(subject).__name__}"
        )
    listed: list[str | TieBreakCode] | None
    if isinstance(codes, str):
        listed = list(parse_list(codes))
    elif isinstance(codes, TieBreakCode):
        listed = [codes]
    elif codes is None:
        listed = None
    else:
        listed = list(codes) if isinstance(codes, Iterable) else [codes]
        if not all(isinstance(c, (str, TieBreakCode)) for c in listed):
            raise TypeError("codes must be a code ('BH/C1'), a list of codes or None")
    total = tournament.rounds
    if after_round is not None and not 1 <= after_round <= total:  # not clamped silently
        raise ValueError(
            f"after_round {after_round}: the event has {total} round(s); choose 1..{total}"
            if total
            else f"after_round {after_round}: the event has no rounds"
        )
    try:
        edition = resolve(rules, tournament)
    except KeyError as exc:
        raise ValueError(exc.args[0]) from None
    return compute(
        tournament, listed, rules=edition, after_round=after_round, unrated_rating=unrated_rating
    )


def dumps(tournament: Tournament, to: str = "trf", **options: Any) -> str:
    """Render ``tournament`` as ``to`` (trf, trf16, trf26, json, csv) text."""
    from . import formats  # (on first use)

    return formats.write(tournament, to, **options)


def dump(tournament: Tournament, fp: PathOrFile | IO[str], to: str = "trf", **options: Any) -> None:
    """Write ``tournament`` as ``to`` to a path (UTF-8) or an open text or binary file."""
    text = dumps(tournament, to, **options)
    if isinstance(fp, (str, os.PathLike)):
        with open(fp, "wb") as fh:
            fh.write(text.encode("utf-8"))
        return
    stream: Any = fp  # text or binary: decided at run time
    if "b" in getattr(stream, "mode", "") or not hasattr(stream, "encoding"):
        stream.write(text.encode("utf-8"))
    else:
        stream.write(text)
