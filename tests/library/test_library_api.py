"""The small public API of ``import trfkit`` (issue 14, Library): what ``has_errors``
means, what ``load`` and ``compute_tiebreaks`` accept, and short reprs."""

from __future__ import annotations

import inspect
import io
from pathlib import Path

import pytest

import trfkit
from trfkit.sources import looks_like_text
from trfkit.tiebreaks import Standings

# Two players who both had White in round 1 (a colour conflict, T303); the reader is happy.
CONFLICT = (
    "012 Colour clash\n"
    "XXR 1\n"
    "001    1      Alpha,A                           2000                             1.0    1"
    "     2 w 1\n"
    "001    2      Beta,B                            1900                             0.0    2"
    "     1 w 0\n"
)


def test_has_errors_covers_the_rules_not_only_the_reader() -> None:
    doc = trfkit.loads(CONFLICT)
    assert not doc.has_reader_errors  # the reader found nothing wrong
    assert "T303" in {d.code for d in trfkit.validate(doc)}
    assert doc.has_errors is True and not trfkit.is_valid(doc)
    clean = trfkit.loads(CONFLICT.replace("     1 w 0", "     1 b 0"))
    assert clean.has_errors is False


def test_has_errors_is_the_load_paths_the_readers_document_is_a_plain_record(
    tmp_path: Path,
) -> None:
    """The rules sit above the readers: a reader's Document has no ``has_errors``; every
    load path (``load``, ``loads``, ``read_document``) returns one that has it."""
    from trfkit import formats
    from trfkit.reading import LoadedDocument, read_document

    path = tmp_path / "clash.trf"
    path.write_text(CONFLICT)
    for doc in (trfkit.load(path), trfkit.loads(CONFLICT), read_document(str(path))):
        assert isinstance(doc, LoadedDocument) and isinstance(doc, trfkit.Document)
        assert doc.has_errors is True and not doc.has_reader_errors
    plain = formats.read(CONFLICT.encode())
    assert type(plain) is trfkit.Document and not hasattr(plain, "has_errors")
    assert plain.tournament == trfkit.loads(CONFLICT.encode()).tournament


SWISS = Path(__file__).resolve().parents[2] / "samples" / "swiss.trf"


def test_load_takes_a_path_bytes_text_or_a_binary_file() -> None:
    data = SWISS.read_bytes()
    by_path = trfkit.load(SWISS)
    assert by_path.tournament.source.path == str(SWISS)
    for source in (str(SWISS), data, bytearray(data), data.decode("ascii"), io.BytesIO(data)):
        doc = trfkit.load(source)
        assert doc.tournament.players == by_path.tournament.players, type(source)
        assert [p.name for p in doc.tournament.players][:2] == ["Moreau, Claire", "Brennan, Liam"]
    # text is told from a path by a line break or by a length no path can have
    assert looks_like_text("012 x\n") and looks_like_text("x" * 5000)
    assert not looks_like_text("samples/swiss.trf")
    with pytest.raises(TypeError, match="binary file"):
        trfkit.load(io.StringIO(data.decode("ascii")))


def test_compute_tiebreaks_takes_a_document_and_one_code_or_many() -> None:
    doc = trfkit.load(SWISS)
    one = trfkit.compute_tiebreaks(doc, "BH/C1", rules="fide-2024")
    assert one.labels == ["BH/C1"]  # not ["B", "H", "/", ...]
    # Brennan (start 2): opponents 7, 5, 3, 1, 4 score 1.5 2.5 2.5 4 3; less the 1.5: 12
    assert (one.rows[0].start, one.rows[0].values["BH/C1"]) == (2, 12.0)
    many = trfkit.compute_tiebreaks(doc.tournament, ["BH/C1", "SB"], rules="fide-2024")
    assert many.labels == ["BH/C1", "SB"] and many.rows[0].values["SB"] == 11.5
    assert trfkit.compute_tiebreaks(doc, "BH/C1,SB", rules="fide-2024").labels == many.labels
    assert isinstance(one, Standings)
    assert inspect.signature(trfkit.compute_tiebreaks).return_annotation == "Standings"


def test_compute_tiebreaks_raises_value_error_naming_the_choices() -> None:
    doc = trfkit.load(SWISS)
    with pytest.raises(ValueError, match="fide-2009, fide-2024, fide-2026, ru-2013"):
        trfkit.compute_tiebreaks(doc, "BH", rules="fide-2025")
    with pytest.raises(ValueError, match="BHX"):
        trfkit.compute_tiebreaks(doc, "BHX")


def test_compute_tiebreaks_refuses_what_it_cannot_rank() -> None:
    """Before: a path gave AttributeError, ``after_round=99`` was silently the last round."""
    doc = trfkit.load(SWISS)
    with pytest.raises(TypeError, match="takes a Document .* not str"):
        trfkit.compute_tiebreaks(str(SWISS), "BH")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="codes must be"):
        trfkit.compute_tiebreaks(doc, 5)  # type: ignore[arg-type]
    with pytest.raises(
        ValueError,
        match=r"after_round 99: the event has 5 round\(s\); "
        r"choose 1\.\.5",
    ):
        trfkit.compute_tiebreaks(doc, "BH", after_round=99)
    with pytest.raises(ValueError, match="after_round 0"):
        trfkit.compute_tiebreaks(doc, "BH", after_round=0)
    assert trfkit.compute_tiebreaks(doc, "BH", after_round=3).rounds == 3


def test_short_reprs_and_full_equality() -> None:
    doc = trfkit.load(SWISS)
    t = doc.tournament
    assert repr(t) == "<Tournament 'trfkit Spring Open 2024' 10 players 5 rounds>"
    assert repr(doc) == (
        f"<Document {str(SWISS)!r} trf <Tournament 'trfkit Spring Open 2024' "
        "10 players 5 rounds> 0 diagnostics>"
    )
    assert repr(t.players[3]) == "<Player 4 'Lindqvist, Astrid' 2150 SWE 3 pts>"
    standings = trfkit.compute_tiebreaks(doc, ["BH/C1", "SB"], rules="fide-2024")
    assert repr(standings) == "<Standings fide-2024 BH/C1,SB 10 rows after round 5>"
    assert repr(standings.rows[0]) == "<Row rank 1 start 2 'Brennan, Liam' 4.5 pts>"
    team = trfkit.load(SWISS.parent / "team.trf")
    assert repr(team.tournament.teams[0]) == "<Team 1 'Albion' 2 members>"
    # equality is still the dataclass one: every field, rounds included
    changed = t.players[0].with_rounds(t.players[0].rounds[:-1])
    assert changed != t.players[0] and repr(changed) == repr(t.players[0])
    assert trfkit.load(SWISS.read_bytes()).tournament.players == t.players
