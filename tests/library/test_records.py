"""Every record of trfkit is a standard ``@dataclass(frozen=True, slots=True)`` (issue 17):
no hand-written ``__init__`` records, no NamedTuple or plain dataclass unless the class
is listed below with the reason it must differ."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "trfkit"

#: module:class -> why it is not a frozen slotted dataclass.
EXCEPTIONS = {
    # mutable by design: filled while a file is read
    "formats/chessresults/upload_xml.py:Element": "the XML tree, children appended as parsed",
    "formats/chessresults/upload_xml.py:XmlNotes": "what the parser saw, counted as it goes",
    "formats/export_fields.py:Findings": "the diagnostics of one read, added as found",
    "team_matches/rebuild.py:_Side": "one team's round, aligned board by board",
    # a tuple on purpose
    "tiebreaks/cuts.py:Item": "sorted as plain tuples (NamedTuple keeps tuple order)",
}


def _decorator(node: ast.ClassDef) -> ast.expr | None:
    for d in node.decorator_list:
        name = d.func if isinstance(d, ast.Call) else d
        if isinstance(name, ast.Name) and name.id == "dataclass":
            return d
    return None


def _flags(decorator: ast.expr) -> dict[str, object]:
    if not isinstance(decorator, ast.Call):
        return {}
    return {k.arg: ast.literal_eval(k.value) for k in decorator.keywords if k.arg}


def _records() -> dict[str, str]:
    """module:class -> what kind of record it is, for every record-like class."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            key = f"{path.relative_to(PACKAGE).as_posix()}:{node.name}"
            bases = {ast.unparse(b) for b in node.bases}
            decorator = _decorator(node)
            if decorator is not None:
                flags = _flags(decorator)
                if flags.get("frozen") is True and flags.get("slots") is True:
                    found[key] = "frozen slotted dataclass"
                else:
                    found[key] = f"dataclass {flags}"
            elif "NamedTuple" in bases:
                found[key] = "NamedTuple"
            elif _assigns_only(node):
                found[key] = "hand-written __init__ that only stores its arguments"
    return found


def _assigns_only(node: ast.ClassDef) -> bool:
    """A class whose only method is an ``__init__`` made of ``self.x = ...`` lines: a
    record written by hand."""
    methods = [f for f in node.body if isinstance(f, ast.FunctionDef)]
    if [f.name for f in methods] != ["__init__"] or node.bases:
        return False
    return all(
        isinstance(s, (ast.Assign, ast.AnnAssign))
        and all(
            isinstance(t, ast.Attribute) and ast.unparse(t.value) == "self"
            for t in (s.targets if isinstance(s, ast.Assign) else [s.target])
        )
        for s in methods[0].body
    )


def test_every_record_is_a_frozen_slotted_dataclass_or_says_why_not() -> None:
    others = {
        key: kind
        for key, kind in _records().items()
        if kind != "frozen slotted dataclass" and key not in EXCEPTIONS
    }
    assert others == {}


def test_the_exceptions_are_still_there() -> None:
    """A listed class that became a frozen slotted dataclass (or went) leaves the list."""
    records = _records()
    stale = [
        key
        for key in EXCEPTIONS
        if records.get(key, "frozen slotted dataclass") == "frozen slotted dataclass"
    ]
    assert stale == []


def test_the_model_is_all_frozen_slotted_dataclasses() -> None:
    model = {k: v for k, v in _records().items() if k.startswith("model/")}
    assert len(model) >= 15 and set(model.values()) == {"frozen slotted dataclass"}
