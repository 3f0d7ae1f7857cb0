"""``check --cache-dir`` on a directory that cannot hold the cache: said once, then checked as without."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit.cli import cli

DATA = Path(__file__).resolve().parents[1] / "data" / "trf" / "cp1252_crlf.trf"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    copy = tmp_path / "event.trf"
    shutil.copyfile(DATA, copy)
    return copy


def _check(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["check", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_cache_dir_that_is_a_file_warns_and_checks_as_without(
    event: Path, tmp_path: Path
) -> None:
    blocker = tmp_path / "notadir"
    blocker.write_text("x\n")
    plain = _check(str(event))
    code, out, err = _check(str(event), "--cache-dir", str(blocker))
    assert (code, out) == plain[:2] and code == 1  # T306: the content's status, not a failure
    assert "T306 players 1 and 2 share FIDE id 1234567" in out
    assert err.splitlines() == [
        f"trfkit: --cache-dir {blocker}: cannot create it (File exists); checking without a cache"
    ]
    assert blocker.read_text() == "x\n"


def test_a_cache_file_that_is_no_database_warns_once(event: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / "check-results-v1.sqlite").write_text("junk\n")
    second = tmp_path / "second.trf"
    shutil.copyfile(event, second)
    code, out, err = _check(str(event), str(second), "--cache-dir", str(cache))
    assert code == 1 and out.count("T306") == 2
    assert err.splitlines()[0] == (
        f"trfkit: --cache-dir {cache}: cannot write its cache file (file is not a database);"
        " checking without a cache"
    )
    assert err.count("--cache-dir") == 1


def test_an_unusable_cache_dir_from_the_configuration_warns(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    tree.mkdir()
    shutil.copyfile(DATA, tree / "event.trf")
    (tree / "blocker").write_text("x\n")
    (tree / "trfkit.toml").write_text('cache-dir = "blocker/cache"\n')
    code, out, err = _check(str(tree / "event.trf"))
    assert code == 1 and "T306" in out
    assert err.startswith(f"trfkit: --cache-dir {tree / 'blocker' / 'cache'}: cannot create it (")
    assert err.rstrip().endswith("); checking without a cache") and err.count("\n") == 1


def test_a_usable_cache_dir_says_nothing(event: Path, tmp_path: Path) -> None:
    for _ in range(2):
        code, out, err = _check(str(event), "--cache-dir", str(tmp_path / "cache"))
        assert (code, err) == (1, "") and "T306" in out
