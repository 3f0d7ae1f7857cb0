"""The indented JSON of the commands is ``json.dumps``'s text, byte for byte.

:func:`trfkit.jsontext.indented` lays the document out with the C encoder; these
tests hold it to the standard library's pure-Python encoder on documents of every
shape the commands write (standings of a generated Swiss with non-ASCII names,
diagnostics) and on the values where encoders differ most (halves, 1e-07, 1e+16,
integers beyond 64 bits, escapes, empty and nested containers), and check that
what it does not lay out itself (non-string keys, subclasses, NaN, cycles) comes out
or fails exactly as ``json.dumps`` does.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from trfkit.finite import dumps
from trfkit.jsontext import indented

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate_trf  # noqa: E402


def stdlib(data: Any, indent: int = 2) -> str:
    return json.dumps(data, ensure_ascii=False, indent=indent, allow_nan=False)


ODD_VALUES: list[Any] = [
    0.5,
    1e-7,
    1e16,
    1e22,
    -0.0,
    0.1 + 0.2,
    2**64 + 1,
    -(10**30),
    1.7976931348623157e308,
    5e-324,
    True,
    False,
    None,
    0,
    "",
    "Müller, Jürgen",
    "Åsa Ødegård",
    "Ζαχαρίας",
    "李小龍",
    "tab\there",
    'quote " and \\ backslash',
    "line\nbreak",
    "\x00\x1f\x7f",
    "\u2028\u2029",
    "\ud800",
    "emoji \U0001f600",
]


@pytest.mark.parametrize(
    "data",
    [
        {},
        [],
        (),
        1,
        "x",
        None,
        {"a": {}, "b": [], "c": [[]], "d": [{}], "e": {"f": {"g": []}}},
        {"values": dict(zip(map(str, range(len(ODD_VALUES))), ODD_VALUES, strict=True))},
        ODD_VALUES,
        [ODD_VALUES, {"k": ODD_VALUES}, [[[ODD_VALUES]]], (1, (2, (3,)))],
        {'name with "quotes"\n': [1, {"ü": None}], "": ""},
    ],
)
def test_every_shape_is_laid_out_as_the_standard_library_does(data: Any) -> None:
    for indent in (2, 0, 4):
        assert indented(data, indent) == stdlib(data, indent)


def test_the_standings_of_a_generated_swiss_are_byte_identical() -> None:
    """The JSON of ``tiebreaks --to json``, built from a real computation."""
    import trfkit
    from trfkit.render.standings import render_json
    from trfkit.tiebreaks import compute

    text = generate_trf(300, 9, 7)
    names = iter(["Ødegård, Åsa", "Müller, Jürgen", "Παπαδόπουλος, Γιώργος", "王, 小明"] * 100)
    lines = [
        f"{line[:14]}{next(names):<33}{line[47:]}" if line.startswith("001") else line
        for line in text.splitlines()
    ]
    tournament = trfkit.loads("\n".join(lines) + "\n").tournament
    standings = compute(
        tournament, ["BH/C1", "SB", "ARO", "TPR", "PTP", "APRO", "AOB", "KS"], rules="fide-2024"
    )
    out = render_json(standings)
    doc = json.loads(out)
    assert len(doc["players"]) == 300 and doc["players"][0]["name"]
    assert any("ø" in p["name"] or "ü" in p["name"] for p in doc["players"])
    assert out == stdlib(doc) + "\n"


def test_what_it_does_not_lay_out_is_left_to_the_standard_library() -> None:
    class Tagged(dict):  # type: ignore[type-arg]
        pass

    for data in ({1: "a", None: [1], 2.5: {}}, [{1: 2}], [Tagged(a=[1])], {"a": [True, 1.5]}):
        assert indented(data) == stdlib(data)
    for bad in ([float("nan")], {"x": [float("inf")]}, [{"x": {1, 2}}], [object()]):
        with pytest.raises((ValueError, TypeError)) as ours:
            indented(bad)
        with pytest.raises((ValueError, TypeError)) as theirs:
            stdlib(bad)
        assert type(ours.value) is type(theirs.value) and str(ours.value) == str(theirs.value)
    loop: list[Any] = [1]
    loop.append([loop])
    with pytest.raises(ValueError, match="Circular reference detected"):
        indented(loop)


def test_dumps_ends_with_a_newline_and_compact_stays_compact() -> None:
    assert dumps({"a": [1, 2]}) == '{\n  "a": [\n    1,\n    2\n  ]\n}\n'
    assert dumps({"a": [1, 2]}, indent=None) == '{"a": [1, 2]}\n'
    with pytest.raises(ValueError):
        dumps({"a": float("nan")})


def test_standings_values_that_are_not_finite_numbers_are_written_as_null() -> None:
    from trfkit.render.standings import _finite

    clean = {"PTS": 5.5, "BH": 20.0, "ARO": None, "RTNG": 2100}
    assert _finite(clean) == clean
    assert _finite({"PTS": 5.5, "TPR": float("inf"), "SB": float("nan"), "ARO": None}) == {
        "PTS": 5.5,
        "TPR": None,
        "SB": None,
        "ARO": None,
    }
    assert dumps({"values": _finite({"TPR": float("-inf"), "BH": 1.5})}) == (
        '{\n  "values": {\n    "TPR": null,\n    "BH": 1.5\n  }\n}\n'
    )


def test_diagnostics_are_printed_in_one_write_sorted_by_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import click

    from trfkit.cli.io import print_diagnostics
    from trfkit.diagnostics import make

    written: list[tuple[str, bool]] = []
    monkeypatch.setattr(click, "echo", lambda text, err=False: written.append((text, err)))
    found = [
        make("T504", text, line).with_file("a.trf")
        for text, line in (("third", 9), ("first", 2), ("second", 5))
    ]
    print_diagnostics(found)
    assert len(written) == 1 and written[0][1] is True
    assert [line.split(": ", 1)[1] for line in written[0][0].split("\n")] == [
        "T504 first",
        "T504 second",
        "T504 third",
    ]
    print_diagnostics([])
    assert len(written) == 1  # nothing to say: nothing written


def test_convert_to_json_streams_the_standard_librarys_text() -> None:
    """``iter_json`` (``convert --to json``) in blocks, the players made as they are
    written: joined, the text ``json.dumps(to_data(t), indent=2)`` writes, also with
    CRLF line ends and with a player whose name only the standard library may write."""
    import trfkit
    from trfkit.formats.json_io import iter_json, to_data, write_json

    tournament = trfkit.loads(generate_trf(400, 9, 3)).tournament
    blocks = list(iter_json(tournament))
    assert len(blocks) > 3 and max(map(len, blocks[:-1])) < 2 * 65_536
    expected = stdlib(to_data(tournament)) + "\n"
    assert "".join(blocks) == expected
    assert write_json(tournament, newline="\r\n") == expected.replace("\n", "\r\n")
    assert (
        write_json(tournament, indent=None)
        == json.dumps(to_data(tournament), ensure_ascii=False) + "\n"
    )
    from dataclasses import replace

    odd = replace(
        tournament,
        players=(replace(tournament.players[0], name="\ud800 lone"), *tournament.players[1:3]),
    )
    assert write_json(odd) == stdlib(to_data(odd)) + "\n"


# --------------------------------------------------------------- with orjson (trfkit[fast])

try:
    import orjson
except ImportError:  # pragma: no cover - the extra is not installed
    orjson = None

needs_orjson = pytest.mark.skipif(orjson is None, reason="trfkit[fast] (orjson) not installed")


@needs_orjson
@pytest.mark.parametrize(
    "data",
    [
        {"values": dict(zip(map(str, range(len(ODD_VALUES))), ODD_VALUES, strict=True))},
        ODD_VALUES,
        [ODD_VALUES, {"k": ODD_VALUES}, [[[ODD_VALUES]]], (1, (2, (3,)))],
        {},
        [],
        {"a": {}, "b": [[]], "c": [{}]},
        [1e-4, 1e-5, 0.00012, 1.234e-5, 9.999e15, 1e15, 2.0**60, 123456789.125, -1e-7, 3e-310],
    ],
)
def test_the_fast_path_writes_the_standard_librarys_text_or_steps_aside(data: Any) -> None:
    assert indented(data, finite=True) == stdlib(data)


@needs_orjson
def test_the_fast_path_writes_generated_standings_itself() -> None:
    """On real standings orjson's text is taken (not handed back), and it is the same."""
    import trfkit
    from trfkit.jsontext import _orjson
    from trfkit.render.standings import render_json
    from trfkit.tiebreaks import compute

    tournament = trfkit.loads(generate_trf(200, 9, 11)).tournament
    standings = compute(tournament, ["BH/C1", "SB", "ARO", "TPR", "APRO", "PTP"], rules="fide-2024")
    out = render_json(standings)
    doc = json.loads(out)
    assert _orjson(doc, 2) is not None  # the fast path was used for this document
    assert out == stdlib(doc) + "\n"


@needs_orjson
def test_the_fast_path_is_never_asked_to_write_what_the_standard_library_refuses() -> None:
    with pytest.raises(ValueError):  # without finite=True NaN still raises
        dumps({"a": [float("nan")]})
    # orjson writes NaN as null: that is why only finite=True documents may go to it
    assert indented([float("nan")], finite=True) == "[\n  null\n]"


try:
    from hypothesis import given
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    given = None

if given is not None and orjson is not None:
    _plain = (
        st.none()
        | st.booleans()
        | st.integers()
        | st.text()
        | st.floats(allow_nan=False, allow_infinity=False)
    )
    _docs = st.recursive(
        _plain,
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        ),
        max_leaves=20,
    )

    @given(_docs)
    def test_any_finite_document_comes_out_as_the_standard_library_writes_it(data: Any) -> None:
        assert indented(data, finite=True) == stdlib(data)


@needs_orjson
@pytest.mark.parametrize(
    ("data", "taken"),
    [
        ({"rules": "fide-2024", "v": [83.5, 0.5]}, True),  # an e before a digit, after a letter
        ({"v": [1e-7]}, False),  # orjson 1e-7, json.dumps 1e-07
        # orjson before 3.10 or so 2.5e16, json.dumps (and later orjson) 2.5e+16
        ({"v": [2.5e16]}, None),
        ({"v": [0.00001]}, False),  # orjson 0.00001, json.dumps 1e-05
        ({"name": "Team 3e5"}, False),  # such text in a string only costs the fast path
    ],
)
def test_orjson_text_is_taken_unless_it_may_differ(data: Any, taken: bool | None) -> None:
    """``taken`` None: it depends on the installed orjson, taken exactly when its bytes
    are the standard library's."""
    from trfkit.jsontext import _orjson

    text = _orjson(data, 2)
    if taken is None:
        raw = orjson.dumps(data, option=orjson.OPT_INDENT_2).decode()
        taken = raw == stdlib(data)
    assert (text is not None) is taken
    if text is not None:
        assert text == stdlib(data)
