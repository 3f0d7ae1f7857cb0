"""trfkit: read, check, convert and tie-break chess tournament report files.

The public API is small on purpose::

    import trfkit
    doc = trfkit.load("event.trf")          # bytes -> model, with diagnostics
    doc.tournament.players[0].name
    trfkit.dumps(doc.tournament, "json")

Everything else is an implementation detail and may change.
"""

from __future__ import annotations

__version__ = "0.1.0"
