"""What the commands print, made by the library: text, CSV and JSON of computed results.

Beside :mod:`trfkit.render.diagnostics` (diagnostics) and :mod:`trfkit.formats` (tournament files):
:mod:`~trfkit.render.standings` for standings tables, :mod:`~trfkit.render.summary` for
``info``'s facts about a file, :mod:`~trfkit.render.codes` for the list of tie-break codes.
A renderer takes what the library computed and returns text; it reads no option and
writes nothing, so the CLI only chooses which one to call and where the text goes.
"""
