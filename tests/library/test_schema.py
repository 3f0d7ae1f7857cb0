"""The published tournament schema: it matches the model, accepts real output, ships in the
wheel."""

from __future__ import annotations

import copy
import dataclasses
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from model_fixtures import full_tournament

from trfkit import model
from trfkit.formats.json_io import _field_names, to_data
from trfkit.schema import iter_schema_errors, load_schema, schema_dir, schema_names, schema_text

ROOT = Path(__file__).resolve().parents[2]
DERIVED = {"PartialDate": {"iso"}, "RoundEntry": {"kind"}}


def test_schema_is_valid_2020_12() -> None:
    schema = load_schema("tournament")
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_source_tree_fallback_finds_the_top_level_folder() -> None:
    assert "tournament" in schema_names()
    assert Path(str(schema_dir())).resolve() == ROOT / "schemas"
    assert schema_text("tournament") == (ROOT / "schemas/tournament.schema.json").read_text("utf-8")
    with pytest.raises(KeyError):
        schema_text("nope")


def _model_classes() -> dict[str, type]:
    return {
        name: obj
        for name, obj in vars(model).items()
        if isinstance(obj, type)
        and dataclasses.is_dataclass(obj)
        and obj.__module__.startswith(model.__name__ + ".")
    }


@pytest.mark.parametrize("name", sorted(set(_model_classes()) - {"Tournament"}))
def test_every_model_class_is_described_field_by_field(name: str) -> None:
    cls = _model_classes()[name]
    spec = load_schema("tournament")["$defs"][name]
    fields = dataclasses.fields(cls)
    # the document's keys: a player's round columns are one "rounds" array of entries
    assert set(spec["properties"]) == set(_field_names(cls)) | DERIVED.get(name, set())
    required = [
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    assert spec.get("required", []) == required
    assert spec["additionalProperties"] is False


def test_top_level_matches_tournament() -> None:
    schema = load_schema("tournament")
    fields = [f.name for f in dataclasses.fields(model.Tournament)]
    assert list(schema["properties"]) == ["format", "version", *fields]
    assert schema["required"] == ["format", "version"]
    assert schema["properties"]["format"] == {
        "const": "trfkit-tournament",
        "description": schema["properties"]["format"]["description"],
    }


def test_real_output_validates() -> None:
    assert list(iter_schema_errors("tournament", to_data(full_tournament()))) == []


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (
            lambda d: d["players"][0]["rounds"][0].update(result="Q"),
            "$.players[0].rounds[0].result",
        ),
        (lambda d: d["players"][0].update(rating="2310"), "$.players[0].rating"),
        (lambda d: d["players"][0]["rounds"][0].update(color="-"), "$.players[0].rounds[0].color"),
        (lambda d: d["header"].update(colour="w"), "$.header"),
        (lambda d: d.update(version=2), "$.version"),
        (lambda d: d["teams"][0].pop("members") and d["teams"][0].pop("name"), "$.teams[0]"),
    ],
)
def test_violations_are_reported(mutate: Any, where: str) -> None:
    data = copy.deepcopy(to_data(full_tournament()))
    mutate(data)
    assert [path for path, _ in iter_schema_errors("tournament", data)] == [where]


def test_schema_command_prints_the_file(runner) -> None:  # type: ignore[no-untyped-def]
    from trfkit.cli import cli

    result = runner.invoke(cli, ["schema", "tournament"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == load_schema("tournament")
    listing = runner.invoke(cli, ["schema"])
    assert "tournament" in listing.stdout.split()
    unknown = runner.invoke(cli, ["schema", "nope"])
    assert unknown.exit_code == 2
    assert "unknown schema 'nope'" in unknown.stderr


def test_wheel_ships_the_schemas(tmp_path: Path) -> None:
    """Build the wheel (fetching the build backend) and load the schema from it."""
    out = tmp_path / "wheel"
    try:  # hatchling at hand: build directly (fast); else pip fetches it into a build env
        import hatchling  # noqa: F401

        command = [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(out)]
    except ImportError:
        command = [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "-q",
            "-w",
            str(out),
        ]
    build = subprocess.run(
        command, capture_output=True, text=True, timeout=300, check=False, cwd=ROOT
    )
    if build.returncode != 0:
        pytest.skip(
            f"cannot build the wheel here (build backend unavailable?): "
            f"{build.stderr.strip().splitlines()[-1:]}"
        )
    (wheel,) = out.glob("trfkit-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {f"trfkit/schemas/{p.name}" for p in (ROOT / "schemas").glob("*.schema.json")}
    assert "trfkit/schemas/tournament.schema.json" in expected
    assert expected <= names
    # Loaded from the unpacked wheel, the packaged folder wins over any checkout.
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    probe = (
        "import sys; sys.path.insert(0, sys.argv[1]); from trfkit import schema; "
        "print(schema.schema_dir()); print(len(schema.schema_text('tournament')))"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe, str(site)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    where, size = run.stdout.split()
    assert Path(where) == site / "trfkit" / "schemas"
    assert int(size) == len((ROOT / "schemas/tournament.schema.json").read_text("utf-8"))
