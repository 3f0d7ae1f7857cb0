"""The validator's rules, one plain generator function per code.

:mod:`.header` holds T2xx, :mod:`.pairings` T3xx, :mod:`.scores` T4xx, :mod:`.teams` the
team-event rules (T317-T325), :mod:`.rating_header` and :mod:`.rating_players` the rating
officer's profile (T701-T710, off unless ``--profile fide-rating``; FIDE's federation codes
are the data of :mod:`.federations`); :mod:`trfkit.validation.driver` imports them on first use,
and the ``@rule`` decorator (:mod:`trfkit.validation.registry`) registers each function.
Column positions come from :mod:`trfkit.validation.locate` only.
"""
