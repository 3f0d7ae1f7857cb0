"""A chess-results HTML page around a hand-written table, shared by the crosstable tests."""

from __future__ import annotations


def page(
    rows: list[list[str]],
    legend: str = "",
    title: str = "Spring Open",
    view: str = "",
    facts: tuple[tuple[str, str], ...] = (),
) -> bytes:
    """The page chess-results serves: title and view headings, the event table of
    ``facts`` (label, value: "Date", "Organizer(s)"), the ``CRs1`` table of ``rows``
    (one ``<td>`` per cell) and the legend below it."""
    body = "\n".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    event = "".join(
        f'<tr><td class="CR">{label}</td><td class="CR">{value}</td></tr>' for label, value in facts
    )
    return f"""<!DOCTYPE html><html><head><title>Chess-Results Server</title></head><body>
<h2>{title}</h2><table>{event}</table><h2>{view}</h2>
<table class="CRs1">
{body}
</table>
<div>{legend}</div></body></html>""".encode()
