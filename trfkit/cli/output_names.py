"""The name of each output of ``convert DIR -o OUT``: a pure function of the input's
relative path, so that what a file becomes never depends on what else the folder holds.

The rule (README "convert"): the extension of a format trfkit writes (``.trf``,
``.json``, ``.csv``, in any case) is replaced by the new one; any other name keeps
its extension and gets the new one appended::

    event.trf  -> event.json        event.TRF   -> event.json
    event.tab  -> event.tab.json    event.TUNX  -> event.TUNX.json
    event      -> event.json        event.json  -> event.trf  (--to trf)

Two inputs can still map to one output (``a.trf`` and ``a.json``, or ``a.trf`` and
``A.TRF`` on a case-sensitive disk). That is refused before anything is converted
(:func:`collisions`), never settled by renaming one of them.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Extensions replaced by the output's (lower-cased): those of the formats trfkit writes.
REPLACED = (".trf", ".json", ".csv")


def output_name(rel: str, extension: str) -> str:
    """The output path (``/``-separated, relative to OUT) of the input at ``rel``."""
    folder, _, name = rel.rpartition("/")
    stem, dot, ext = name.rpartition(".")
    if dot and stem and f".{ext.lower()}" in REPLACED:
        name = stem
    return f"{folder}/{name}{extension}" if folder else f"{name}{extension}"


def collisions(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    """``(output, [inputs...])`` for every output that more than one input maps to,
    given ``(input display name, output)`` pairs; in the order the outputs first occur."""
    seen: dict[str, list[str]] = {}
    for source, target in pairs:
        seen.setdefault(target, []).append(source)
    return [(target, sources) for target, sources in seen.items() if len(sources) > 1]
