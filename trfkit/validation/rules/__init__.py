"""The validator's rules, one plain generator function per code.

``header`` holds T2xx, ``pairings`` T3xx, ``scores`` T4xx; :mod:`trfkit.validation.driver`
imports them on first use, and the ``@rule`` decorator registers each function.
Column positions come from :mod:`trfkit.validation.locate` only.
"""
