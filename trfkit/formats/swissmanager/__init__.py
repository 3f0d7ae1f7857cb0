"""Swiss-Manager's native tournament files (.TUNx, .TURx, .TUMx, .TUTx; SWISS_MANAGER.md).

:mod:`.layout` knows the byte layout of the sections, :mod:`.reader` turns them into the
model, :mod:`.tiebreak_numbers` maps Swiss-Manager's tie-break numbers (also used by
chess-results' ``tbNno``) to trfkit codes.
"""
