"""The rating-list check from Python (``trfkit.validate(doc, extra=checks(list))``) and the
per-process list of ``check --rating-list`` (trfkit.rating_lists)."""

from __future__ import annotations

from pathlib import Path

import pytest

import trfkit
from trfkit import rating_lists
from trfkit.check_many import Job, Settings
from trfkit.formats import rating_list
from trfkit.formats.rating_list import RatingList, read_rating_list
from trfkit.validation.rating_list import checks

DATA = Path(__file__).resolve().parents[1] / "data" / "rating_lists"
DIFFERS = DATA / "event-differs.trf"


def test_validate_takes_the_checks_as_an_extra() -> None:
    doc = trfkit.load(str(DIFFERS))
    ids = {p.fide_id for p in doc.tournament.players if p.fide_id is not None}
    listed = read_rating_list(str(DATA / "players_list_foa.txt"), ids, period=(2025, 10))
    found = [
        (d.line, d.column, d.code)
        for d in trfkit.validate(doc, extra=checks(listed))
        if d.code > "T7"
    ]
    assert found == [
        (10, 15, "T751"),
        (11, 54, "T752"),
        (12, 10, "T753"),
        (12, 49, "T755"),
        (13, 70, "T754"),
        (14, 58, "T750"),
    ]
    # the selection applies to them as to the rules
    kept = trfkit.validate(doc, extra=checks(listed), ignore=["T751", "T755"])
    assert {d.code for d in kept if d.code > "T7"} == {"T750", "T752", "T753", "T754"}
    rapid = trfkit.validate(doc, extra=checks(listed, "rapid"))
    assert [(d.line, d.message) for d in rapid if d.code == "T755"][0] == (
        10,
        "rapid rating 2400 differs from the rating list's 2380 for FIDE id 90000011",
    )
    with pytest.raises(ValueError, match="unknown rating kind"):
        checks(listed, "bullet")


def test_a_process_reads_the_list_again_for_ids_it_was_not_read_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reads: list[frozenset[int] | None] = []
    real = rating_list.read_rating_list

    def counted(path: str, wanted: object = None, **kw: object) -> RatingList:
        found = real(path, wanted, **kw)  # type: ignore[arg-type]
        reads.append(found.wanted)
        return found

    monkeypatch.setattr(rating_list, "read_rating_list", counted)
    rating_lists._LOADED.clear()
    settings = Settings(rating_list=str(DATA / "standard_oct25frl.txt"))
    rating_lists.prepare([Job(str(DATA / "event.trf"), "event.trf")], settings)
    assert len(reads) == 1 and reads[0] is not None and 90000055 not in reads[0]
    # a file the collection did not see (a worker started another way than by fork)
    tournament = trfkit.load(str(DIFFERS)).tournament
    codes = [
        d.code
        for _code, check in rating_lists.rating_checks(settings, tournament)
        for d in check(tournament)
    ]
    assert len(reads) == 2 and reads[1] is not None and {90000011, 90000055} <= reads[1]
    assert "T750" in codes
    rating_lists.rating_checks(settings, tournament)  # now covered: not read a third time
    assert len(reads) == 2
    rating_lists._LOADED.clear()


def test_the_readme_example_runs() -> None:
    import re

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Checking against FIDE's rating list", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```python\n(.+?)\n```", section, flags=re.DOTALL)
    block = block.replace('"event.trf"', repr(str(DIFFERS)))
    block = block.replace('"players_list_foa.txt"', repr(str(DATA / "players_list_foa.txt")))
    namespace: dict[str, object] = {}
    exec(compile(block, "README.md", "exec"), namespace)  # noqa: S102 - our own README
    problems = namespace["problems"]
    assert isinstance(problems, list)
    assert sorted(d.code for d in problems if d.code > "T7") == [
        "T750",
        "T751",
        "T752",
        "T753",
        "T754",
        "T755",
    ]
