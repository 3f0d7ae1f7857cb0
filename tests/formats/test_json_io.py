"""JSON writer and reader: lossless round trips and located diagnostics for bad input."""

from __future__ import annotations

import dataclasses
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from model_fixtures import full_tournament

import trfkit
from trfkit import formats, model
from trfkit.diagnostic_codes import CODES
from trfkit.diagnostics import TrfError
from trfkit.formats.json_io import read_json, sniff_json, to_data, write_json
from trfkit.model import (
    Player,
    Tournament,
)


def _classes_in(value: object, found: set[type]) -> set[type]:
    if isinstance(value, tuple):
        for v in value:
            _classes_in(v, found)
    elif dataclasses.is_dataclass(value):
        found.add(type(value))
        for f in dataclasses.fields(value):
            _classes_in(getattr(value, f.name), found)
        if isinstance(value, model.Player):  # the round columns, as entries
            _classes_in(value.rounds, found)
    return found


def test_fixture_uses_every_model_class() -> None:
    all_classes = {
        obj
        for obj in vars(model).values()
        if isinstance(obj, type)
        and dataclasses.is_dataclass(obj)
        and obj.__module__.startswith(model.__name__ + ".")
    }
    assert _classes_in(full_tournament(), set()) == all_classes


def test_round_trip_is_exact() -> None:
    t = full_tournament()
    doc = read_json(write_json(t).encode("utf-8"))
    assert doc.diagnostics == ()
    assert doc.tournament == t
    # and types survive, not only equality (1 == 1.0 would hide a float/int swap)
    assert type(doc.tournament.players[0].points) is float
    assert doc.tournament.header.round_dates[1] is None
    assert doc.tournament.source.newline == "\r\n"


def test_marker_version_and_derived_keys() -> None:
    data = json.loads(write_json(full_tournament()))
    assert list(data)[:3] == ["format", "version", "header"]
    assert (data["format"], data["version"]) == ("trfkit-tournament", 1)
    p1 = data["players"][0]
    assert p1["birth"] == {
        "raw": "1990/04/12",
        "year": 1990,
        "month": 4,
        "day": 12,
        "iso": "1990-04-12",
    }
    assert [r["kind"] for r in p1["rounds"]] == ["win", "pairing-allocated-bye", "zero-point-bye"]
    assert data["players"][1]["birth"]["iso"] == "1978"
    assert data["header"]["records"][0] == {"code": "012", "value": "Test Open ", "line": 1}
    assert data["header"]["start_date"]["raw"] == "2024/03/02"


def test_writer_options() -> None:
    t = Tournament(players=(Player(1, "Ørsted, Åse"),))
    compact = write_json(t, indent=None)
    assert compact.count("\n") == 1 and "Ørsted" in compact  # non-ASCII kept as is
    crlf = write_json(t, newline="\r\n")
    assert "\r\n" in crlf and "\n" not in crlf.replace("\r\n", "")


def test_missing_keys_take_model_defaults_and_ints_become_floats() -> None:
    doc = read_json(
        b'{"format": "trfkit-tournament", "version": 1,'
        b' "players": [{"start": 3, "name": "X", "points": 2}]}'
    )
    assert doc.diagnostics == ()
    assert doc.tournament == Tournament(players=(Player(3, "X", points=2.0),))
    assert type(doc.tournament.players[0].points) is float


def _codes(doc: trfkit.Document) -> list[tuple[str, int, int, str]]:
    return [(d.code, d.line, d.column, d.message) for d in doc.diagnostics]


def test_syntax_error_is_located() -> None:
    doc = read_json(b'{"format": "trfkit-tournament",\n  "version": 1,,\n}', path="bad.json")
    assert [(d.code, d.line, d.column, d.file) for d in doc.diagnostics] == [
        ("T009", 2, 16, "bad.json")
    ]
    assert doc.tournament == Tournament()
    assert doc.has_reader_errors


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["players"][0]["rounds"][1].update(opponent="7"),
            "players[0].rounds[1].opponent: expected integer, found string",
        ),
        (
            lambda d: d["players"][0]["rounds"][0].update(result="Q"),
            "players[0].rounds[0].result: unknown result code 'Q'",
        ),
        (
            lambda d: d["players"][0]["rounds"][0].update(color="W"),
            "players[0].rounds[0].color: unknown colour 'W' (expected 'w', 'b' or '')",
        ),
        (
            lambda d: d["players"][1].update(start=True),
            "players[1].start: expected integer, found boolean",
        ),
        (lambda d: d["header"].update(colour="w"), "header: unknown key 'colour'"),
        (lambda d: d["teams"][0].pop("name"), "teams[0]: missing key 'name'"),
        (lambda d: d.update(players={}), "players: expected array, found object"),
        (
            lambda d: d["header"].update(round_dates=[None, 5]),
            "header.round_dates[1]: expected object, found integer",
        ),
        (lambda d: d.update(version=2), "version: unsupported version 2 (this trfkit reads 1)"),
    ],
)
def test_schema_violations_name_the_json_path(mutate, message) -> None:  # type: ignore[no-untyped-def]
    data = to_data(full_tournament())
    mutate(data)
    doc = read_json(json.dumps(data).encode())
    assert [(d.code, d.message) for d in doc.diagnostics] == [("T009", message)]
    assert doc.tournament == Tournament()


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (b"", "T005"),
        (b"  \n ", "T005"),
        (b"\xff\xfe{", "T001"),
        (b"[1, 2]", "T006"),
        (b"012 Test Open\n", "T006"),
        (b'{"format": "something-else", "version": 1}', "T006"),
        (b'{"a":' + b"[" * 100000, "T009"),
    ],
)
def test_unusable_input_gives_one_error(data: bytes, code: str) -> None:
    doc = read_json(data)
    assert [d.code for d in doc.diagnostics] == [code]
    assert doc.has_reader_errors


def test_strict_raises_the_diagnostic() -> None:
    with pytest.raises(TrfError) as info:
        read_json(b"{", strict=True)
    assert info.value.diagnostic.code == "T009"


def test_bom_is_skipped() -> None:
    text = write_json(full_tournament())
    assert read_json(b"\xef\xbb\xbf" + text.encode()).tournament == full_tournament()


def test_sniff_and_dispatch() -> None:
    assert sniff_json(b'  \n{"format": "trfkit-tournament"')
    assert sniff_json(b"\xef\xbb\xbf{")
    assert not sniff_json(b"012 Test\n001    1")
    assert formats.detect(write_json(full_tournament()).encode()[:100]) == "json"
    doc = formats.read(write_json(full_tournament()).encode())
    assert doc.tournament == full_tournament()


def test_public_api_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    t = full_tournament()
    assert trfkit.loads(trfkit.dumps(t, "json")).tournament == t
    path = tmp_path / "t.json"
    trfkit.dump(t, path, to="json")
    assert trfkit.load(path).tournament == t
    with open(path, "rb") as fh:
        assert trfkit.load(fh).tournament == t
    with open(path, encoding="utf-8") as text_fh, pytest.raises(TypeError, match="binary"):
        trfkit.load(text_fh)  # type: ignore[arg-type]


def test_non_finite_numbers_become_null() -> None:
    t = Tournament(
        players=(Player(1, "A", points=float("nan")), Player(2, "B", points=float("inf")))
    )
    text = write_json(t)
    assert "NaN" not in text and "Infinity" not in text
    assert [p.points for p in read_json(text.encode()).tournament.players] == [None, None]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_raise(data: bytes) -> None:
    doc = read_json(data)
    # random bytes are never a tournament: one error, a known code, located in the input
    assert doc.has_reader_errors and doc.tournament.players == ()
    lines = data.count(b"\n") + 1
    assert all(d.code in CODES and 1 <= (d.line or 1) <= lines for d in doc.diagnostics), [
        (d.code, d.line) for d in doc.diagnostics
    ]


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["header", "players", "teams", "source", "extra", "x"]),
        json_values,
        max_size=4,
    )
)
def test_random_documents_never_raise(body: dict) -> None:  # type: ignore[type-arg]
    data = json.dumps({"format": "trfkit-tournament", "version": 1, **body}).encode()
    doc = read_json(data)
    assert all(d.code == "T009" for d in doc.diagnostics)
