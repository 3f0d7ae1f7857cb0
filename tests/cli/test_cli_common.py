"""The shared CLI helpers other commands build on (trfkit.cli.io / options)."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from trfkit.cli.io import (
    InputError,
    atomic_write,
    display_name,
    exit_status,
    read_document,
)
from trfkit.cli.options import NEWLINES, input_options, newline_option, output_options
from trfkit.diagnostics import make

SWISS = Path(__file__).resolve().parents[2] / "samples" / "swiss.trf"


def test_exit_status_thresholds() -> None:
    info, warning, error = make("T002", "x"), make("T004", "x"), make("T005", "x")
    assert exit_status([]) == 0
    assert exit_status([info, warning]) == 0
    assert exit_status([info, error]) == 1
    assert exit_status([warning], fail_on="warning") == 1
    assert exit_status([info], fail_on="warning") == 0
    assert exit_status([info], fail_on="info") == 1


def test_read_document_names_the_file_in_every_diagnostic(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"{")
    doc = read_document(str(bad))
    assert [(d.code, d.file) for d in doc.diagnostics] == [("T009", str(bad))]
    assert display_name("-") == "<stdin>"
    with pytest.raises(InputError, match="is a directory"):
        read_document(str(tmp_path))
    with pytest.raises(InputError, match="unknown encoding"):
        read_document(str(SWISS), encoding="no-such-codec")


def test_atomic_write_leaves_nothing_behind_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.txt"
    target.write_bytes(b"old")

    def fail(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", fail)
    with pytest.raises(OSError):
        atomic_write(target, b"new")
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]
    assert target.read_bytes() == b"old"


def test_option_bundles_give_the_documented_parameters() -> None:
    seen: dict[str, object] = {}

    @click.command()
    @input_options
    @output_options(formats=("text", "json"), default="text")
    @newline_option
    def probe(**kwargs: object) -> None:
        seen.update(kwargs)

    result = CliRunner().invoke(
        probe,
        ["--from", "trf", "--encoding", "cp1252", "-o", "x", "--to", "json", "--newline", "crlf"],
    )
    assert result.exit_code == 0, result.output
    assert seen == {
        "fmt": "trf",
        "encoding": "cp1252",
        "output": "x",
        "to": "json",
        "newline": "\r\n",
    }
    CliRunner().invoke(probe, [])
    assert seen == {"fmt": "auto", "encoding": None, "output": None, "to": "text", "newline": None}
    assert NEWLINES == {"cr": "\r", "lf": "\n", "crlf": "\r\n"}
    assert CliRunner().invoke(probe, ["--to", "csv"]).exit_code == 2
