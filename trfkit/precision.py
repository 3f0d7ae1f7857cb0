"""A number a file declares against the one trfkit computes, within the written precision.

Used where a declared tie-break value meets a computed one: T503 compares them, and the
chess-results reader tells an unlabelled column by the values it agrees with.
"""

from __future__ import annotations

__all__ = ["agrees"]


def _decimals(raw: str) -> int:
    text = raw.strip().replace(",", ".")
    return len(text.split(".", 1)[1]) if "." in text else 0


def agrees(declared: float, computed: float, raw: str = "") -> bool:
    """Equal within the precision the declared value was written with (``7,50``
    matches 7.5; ``26,5`` matches 26.45..26.55 would be too lax, so half a unit of
    the last written decimal); integers must match exactly."""
    places = _decimals(raw) if raw else 6
    tolerance = 0.5 * 10**-places + 1e-9 if places else 1e-9
    return abs(declared - computed) <= tolerance
