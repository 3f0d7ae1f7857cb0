"""Every output trfkit writes for every corpus file stays byte-identical across refactors.

The recorded SHA-256 digests (``tests/data/corpus_outputs.json``) were taken before issue 17
rebuilt the model and the readers; a change of any byte of any output (TRF, JSON, CSV,
standings, diagnostics) or of an exit status shows up here. The corpus path is replaced
by ``<corpus>`` before hashing, so the digests do not depend on where the checkout is.

A workbook (``.xlsx``) is recorded as read without the ``xlsx`` extra (its readers blocked,
whatever is installed) and, under ``|with-xlsx-reader`` keys, as read with it (compared
where a reader is installed; python-calamine and openpyxl give the same bytes).

When an output is meant to change, record again and say why in the commit:
``python3 tests/cli/test_corpus_outputs.py --record``. Skipped without ``../shared``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit.cli import cli, configured
from trfkit.formats.chessresults.excel import BACKENDS, backend
from trfkit.render.diagnostics import ci

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"
RECORD = ROOT / "tests" / "data" / "corpus_outputs.json"
SUFFIXES = {".trf", ".tab", ".input", ".tunx", ".xml", ".html", ".xlsx", ".txt"}

#: The commands whose output is recorded, by name.
COMMANDS: dict[str, tuple[str, ...]] = {
    "convert-json": ("convert", "{}", "--to", "json"),
    "convert-trf": ("convert", "{}", "--to", "trf"),
    "convert-trf16": ("convert", "{}", "--to", "trf16"),
    "convert-trf26": ("convert", "{}", "--to", "trf26"),
    "convert-csv": ("convert", "{}", "--to", "csv"),
    "tiebreaks": ("tiebreaks", "{}"),
    "tiebreaks-json": ("tiebreaks", "{}", "--to", "json"),
    "check-json": ("check", "{}", "--output-format", "json"),
    "check-text": ("check", "{}"),
    "check-sarif": ("check", "{}", "--output-format", "sarif"),
    "info-json": ("info", "{}", "--to", "json"),
}


def corpus_files() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)


#: Key suffix of the digests of a workbook read with the ``xlsx`` extra installed.
WITH_READER = "|with-xlsx-reader"


@contextmanager
def without_xlsx_reader(path: Path) -> Iterator[None]:
    """For a workbook, no reader importable (as without the ``xlsx`` extra) while inside:
    the plain digests of a workbook are those, whatever this machine has installed."""
    if path.suffix.lower() != ".xlsx":
        yield
        return
    saved = {name: sys.modules.get(name) for name in BACKENDS}
    sys.modules.update(dict.fromkeys(BACKENDS))  # None: "cannot be imported"
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is None:
                del sys.modules[name]
            else:
                sys.modules[name] = module


def digest(path: Path, command: str, *, reader: bool = False) -> str:
    """``exit status:sha256`` of what the command writes (stdout and stderr) for ``path``
    (a workbook read without the extra, unless ``reader``)."""
    args = [a.format(path) for a in COMMANDS[command]]
    # SARIF's helpUri comes from the installed package's metadata: the digests are taken
    # without it, so they do not depend on how (or from which checkout) trfkit was installed;
    # nor on a trfkit.toml or [tool.trfkit] above the corpus or the working directory
    with (
        pytest.MonkeyPatch.context() as patch,
        nullcontext() if reader else without_xlsx_reader(path),
    ):
        patch.setattr(ci, "documentation_url", lambda: None)
        patch.setattr(configured.Finder, "config_of", lambda self, directory: None)
        result = CliRunner().invoke(cli, args, catch_exceptions=False)
    text = (result.stdout + "\0" + result.stderr).replace(str(CORPUS), "<corpus>")
    return f"{result.exit_code}:{hashlib.sha256(text.encode()).hexdigest()}"


def record() -> dict[str, str]:
    """Every digest; a workbook's with its reader too when one is installed (else the
    recorded ones are kept)."""
    found = {f"{p.relative_to(CORPUS)}|{c}": digest(p, c) for p in corpus_files() for c in COMMANDS}
    old = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.is_file() else {}
    for p in corpus_files():
        if p.suffix.lower() != ".xlsx":
            continue
        for c in COMMANDS:
            key = f"{p.relative_to(CORPUS)}|{c}{WITH_READER}"
            if backend() is not None:
                found[key] = digest(p, c, reader=True)
            elif key in old:
                found[key] = old[key]
    return found


FILES = corpus_files()
#: Without the corpus one skipped case saying why (an empty list skips as "got empty
#: parameter set", which names no reason).
CASES = [pytest.param(p, id=str(p.relative_to(CORPUS))) for p in FILES] or [
    pytest.param(None, marks=pytest.mark.skip(reason="reference corpus ../shared is not available"))
]


@pytest.mark.parametrize("path", CASES)
def test_outputs_unchanged(path: Path, shared_dir: Path) -> None:
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    name = str(path.relative_to(CORPUS))
    changed = {c: (recorded.get(f"{name}|{c}"), digest(path, c)) for c in COMMANDS}
    if path.suffix.lower() == ".xlsx" and backend() is not None:  # read with the extra too
        for c in COMMANDS:
            changed[c + WITH_READER] = (
                recorded.get(f"{name}|{c}{WITH_READER}"),
                digest(path, c, reader=True),
            )
    changed = {c: pair for c, pair in changed.items() if pair[0] != pair[1]}
    assert not changed, f"outputs changed for {name}: {sorted(changed)}"


def test_record_covers_the_corpus(shared_dir: Path) -> None:
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))
    assert len(FILES) >= 100
    assert {k.split("|")[0] for k in recorded} == {str(p.relative_to(CORPUS)) for p in FILES}


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    RECORD.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
