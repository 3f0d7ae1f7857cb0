"""Start-up hygiene of the one-file commands, and what the lazy imports must not change.

A CI job checks one upload at a time, so ``trfkit check FILE`` must not pay for
what only batches, patterns, writes or other output formats use (issue 8). The
import checks run in a fresh ``python -S`` process: without ``site`` no ``.pth``
file of the environment imports pathlib or tempfile ahead of trfkit, so what is
left in ``sys.modules`` is what trfkit (and click) imported.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import click
import pytest

import trfkit
from trfkit.check_many import Job, Outcome, Settings
from trfkit.cli.convert_many import Plan, Task
from trfkit.cli.many_files import Batch
from trfkit.input_paths import Input, iter_inputs, roots
from trfkit.render.diagnostics import FileReport

SAMPLE = Path(__file__).resolve().parents[2] / "samples" / "swiss.trf"

#: Modules none of the one-file commands below needs (dataclasses is the model's own decorator).
HEAVY = (
    "pathlib",
    "tempfile",
    "zipfile",
    "glob",
    "fnmatch",
    "csv",
    "json",
    "difflib",
    "concurrent.futures",
    "multiprocessing",
    "sqlite3",
    "xlsxwriter",  # (the xlsx extra: imported to write or read a workbook only)
    "python_calamine",
    "openpyxl",
)


def _imported_by(*args: str) -> set[str]:
    """The HEAVY modules a fresh ``python -S`` process holds after ``trfkit ARGS``."""
    paths = [
        str(Path(trfkit.__file__).resolve().parents[1]),
        str(Path(click.__file__).resolve().parents[1]),
    ]
    code = (
        "import sys, runpy\n"
        f"sys.path[:0] = {paths!r}\n"
        f"sys.argv = ['trfkit', *{list(args)!r}]\n"
        "try:\n    runpy.run_module('trfkit', run_name='__main__')\n"
        "except SystemExit as exc:\n    assert exc.code in (0, None), exc.code\n"
        f"sys.stderr.write(repr(sorted(m for m in {HEAVY!r} if m in sys.modules)))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, env=env, check=True
    )
    found: list[str] = eval(out.stderr.strip().splitlines()[-1])  # noqa: S307 - our own repr
    return set(found)


@pytest.mark.skipif(not SAMPLE.is_file(), reason="samples/ not in this checkout")
@pytest.mark.parametrize(
    "args",
    [
        ("check", str(SAMPLE)),
        ("tiebreaks", str(SAMPLE)),
        ("convert", str(SAMPLE), "--to", "trf"),
        ("info", str(SAMPLE)),
        ("report", str(SAMPLE)),
    ],
)
def test_one_file_commands_import_nothing_heavy(args: tuple[str, ...]) -> None:
    assert _imported_by(*args) == set()


@pytest.mark.skipif(not SAMPLE.is_file(), reason="samples/ not in this checkout")
def test_the_output_format_asked_for_is_imported_then() -> None:
    assert _imported_by("tiebreaks", str(SAMPLE), "--to", "json") == {"json"}
    # CSV rows are formatted by trfkit's own writer (csv_writer.format_row), not csv's
    assert _imported_by("tiebreaks", str(SAMPLE), "--to", "csv") == set()


def test_roots_are_classified_and_their_base_worked_out_when_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub" / "deep").mkdir(parents=True)
    (tmp_path / "sub" / "a.trf").write_text("012 A\n")
    found = roots(["-", "sub", "sub/a.trf", "sub/*/x*.trf", "gone/b.trf", ""])
    assert [(r.arg, r.kind) for r in found] == [
        ("-", "stdin"),
        ("sub", "dir"),
        ("sub/a.trf", "file"),
        ("sub/*/x*.trf", "glob"),
        ("gone/b.trf", "missing"),
        ("", "dir"),
    ]  # "" is the current directory, as for pathlib
    assert [r.base for r in found] == [
        Path("."),
        Path("sub"),
        Path("sub"),
        Path("sub"),
        Path("gone"),
        Path("."),
    ]


def test_a_named_file_is_its_own_relative_path(tmp_path: Path) -> None:
    target = tmp_path / "club" / "Event.TRF"
    target.parent.mkdir()
    target.write_text("012 A\n")
    (item,) = iter_inputs([f"{tmp_path}/club//./Event.TRF"])
    assert (item.rel, item.missing) == ("Event.TRF", None)
    (gone,) = iter_inputs([f"{tmp_path}/nothing/"])
    assert gone.rel == "nothing" and gone.missing is not None


def test_what_workers_receive_and_send_pickles_and_compares() -> None:
    # every protocol: the pool pickles with the default one, tests and caches may not
    objects = [
        Job("a.trf", "a.trf", b"012 A\n"),
        Settings(select=("T3",), quote_lines=True),
        Plan(to="json", options={"newline": "crlf"}),
        Task(Input("a.trf", "a.trf", "a.trf"), "out/a.json", Plan()),
        Outcome(FileReport("a.trf", (), {3: "012 A"}), "written"),
        Batch(2, quiet=True),
    ]
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        assert [pickle.loads(pickle.dumps(o, protocol)) for o in objects] == objects
    assert Plan().options is not Plan().options  # a fresh dictionary each
    assert FileReport("a").lines == {} and Batch(3).processes == 3


def test_the_output_guard_knows_every_file_as_the_input_walker_does() -> None:
    from trfkit.cli import output_guard as outguard
    from trfkit.input_paths import ANY_FILE

    assert outguard.ANY_FILE == ANY_FILE


@pytest.mark.skipif(not SAMPLE.is_file(), reason="samples/ not in this checkout")
def test_a_command_writing_to_stdout_does_not_load_the_input_walker() -> None:
    code = (
        "import sys, runpy\n"
        f"sys.argv = ['trfkit', 'tiebreaks', {str(SAMPLE)!r}]\n"
        "try:\n    runpy.run_module('trfkit', run_name='__main__')\n"
        "except SystemExit:\n    pass\n"
        "sys.stderr.write('\\nwalker loaded: ' + str('trfkit.input_paths' in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stderr.strip().splitlines()[-1] == "walker loaded: False"
