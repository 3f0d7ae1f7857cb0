"""The rating list of ``trfkit check --rating-list``, read once a process for many inputs.

A FIDE players list is hundreds of MB and a batch needs a few thousand of its players.
Before the batch starts, :func:`prepare` collects the FIDE ids the inputs may hold and
reads the list once for them (:func:`trfkit.formats.rating_list.read_rating_list`), so
that worker processes, forked after it, inherit the small result. The collection looks
at the bytes: in a text input every run of digits is taken (a superset of its ids, and
cheap); a binary one (Swiss-Manager, a spreadsheet, UTF-16) is read by its reader. A
process that meets an id the list was not read for (another start method than fork, a
file changed meanwhile) reads the list again for it, so the answer never depends on
the collection.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .limits import DEFAULT_MAX_BYTES
from .model import Tournament
from .reading import ReadError, read_bytes, read_document

if TYPE_CHECKING:
    from .check_many import Job, Settings
    from .formats.rating_list import RatingList
    from .validation.driver import Check

__all__ = ["prepare", "rating_checks", "rating_key"]

#: The lists this process read: (identity, period) -> the list and the ids it was read for.
_LOADED: dict[tuple[Any, ...], RatingList] = {}

_DIGITS = re.compile(rb"\d{1,12}")


def _key(settings: Settings) -> tuple[Any, ...]:
    from .formats.rating_list import identity  # with --rating-list only

    assert settings.rating_list is not None
    return (*identity(settings.rating_list), settings.rating_period)


def rating_key(settings: Settings) -> tuple[Any, ...]:
    """What ``--cache-dir`` must know of the list: its identity (path, size, mtime), the
    period and kind options; empty without ``--rating-list``."""
    if not settings.rating_list:
        return ()
    return (*_key(settings), settings.rating_kind)


def _load(settings: Settings, ids: Iterable[int]) -> RatingList:
    """The list read for ``ids`` and for every id this process read it for before."""
    from .formats.rating_list import read_rating_list  # with --rating-list only

    key = _key(settings)
    wanted = set(ids)
    known = _LOADED.get(key)
    if known is not None:
        if known.covers(wanted):
            return known
        wanted |= known.wanted or set()
    assert settings.rating_list is not None
    _LOADED.clear()  # one list a process: the batch's
    loaded = _LOADED[key] = read_rating_list(
        settings.rating_list, wanted, period=settings.rating_period
    )
    return loaded


def _ids_in(data: bytes, path: str, settings: Settings) -> set[int]:
    if b"\x00" not in data[:4096] and not data.startswith(b"PK\x03\x04"):
        return {int(run) for run in _DIGITS.findall(data)}
    try:
        doc = read_document(
            path,
            fmt=settings.fmt,
            encoding=settings.encoding,
            data=data,
            fallback_encoding=settings.fallback_encoding,
        )
    except (ReadError, ValueError):
        return set()
    return {p.fide_id for p in doc.tournament.players if p.fide_id is not None}


def prepare(jobs: Sequence[Job], settings: Settings) -> None:
    """Read the list for the ids ``jobs`` may hold, before the batch (see the module
    docstring); raises :class:`trfkit.formats.rating_list.RatingListError`."""
    limit = DEFAULT_MAX_BYTES if settings.max_bytes is None else settings.max_bytes
    ids: set[int] = set()
    for job in jobs:
        if job.missing or job.skip or job.skipped:
            continue
        try:
            data = job.data if job.data is not None else read_bytes(job.path, limit)
        except ReadError:
            continue  # the check reports it
        ids |= _ids_in(data, job.display, settings)
    _load(settings, ids)


def rating_checks(settings: Settings, tournament: Tournament) -> tuple[tuple[str, Check], ...]:
    """The checks of :mod:`trfkit.validation.rating_list` for one tournament, with the list
    read for its ids (:func:`prepare` read it already, in a batch)."""
    from .validation.rating_list import checks  # with --rating-list only

    ids = {p.fide_id for p in tournament.players if p.fide_id is not None}
    return checks(_load(settings, ids), settings.rating_kind)
