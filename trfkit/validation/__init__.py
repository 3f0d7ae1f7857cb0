"""The validator: rules over the canonical model, and the driver that runs them.

:mod:`.rules` holds one plain generator function per code (T2xx header, T3xx pairings,
T4xx scores, team events), registered by :func:`.registry.rule`; they read the model and
:mod:`.facts`, and point at columns through :mod:`.locate` only. They compute no
tie-breaks: the checks that compare declared values with computed ones (:mod:`.declared`)
run after the tie-break stage. :mod:`.driver` composes both, with the selection.
"""
