"""chess-results.com exports: the upload XML, saved HTML pages and the Excel export.

:mod:`.upload_xml` reads what Swiss-Manager uploads; :mod:`.html_page` and :mod:`.excel`
read the public tables, which :mod:`.table` turns into the model in any of the page
languages of :mod:`.words`; :mod:`.event_facts` recovers what a page prints around its
table. What a page leaves out and only computed tie-breaks can tell (the cuts an older
legend hides) the reader leaves undecided for the load path (:mod:`trfkit.hidden_settings`).
"""
