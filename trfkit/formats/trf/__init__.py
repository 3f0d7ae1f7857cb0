"""FIDE TRF16 and TRF26, with the JaVaFo, bbpPairings and Swiss-Manager dialects (TRF.md).

:mod:`.reader` reads a file line by line: :mod:`.header` the tournament records,
:mod:`.players` the ``001`` lines straight into the model's round columns, :mod:`.records`
the team and list records, :mod:`.dates` the dates as real files write them. :mod:`.writer`
writes either edition through the fixed-width renderers of :mod:`.lines`, and
:mod:`.losses` says what an edition cannot hold (T603).
"""
