"""Directory walks and reads stay bounded: links, loops, special files, deep trees (T020-T022)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from trfkit.cli import cli
from trfkit.input_paths import MAX_DEPTH, _rel, iter_inputs

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from generate import generate_trf

pytestmark = pytest.mark.skipif(
    not hasattr(os, "symlink") or sys.platform == "win32", reason="POSIX links and FIFOs"
)

SECRET = "root:x:0:0:secret-marker:/root:/bin/bash"


def event(path: Path, seed: int = 1) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(generate_trf(6, 3, seed), encoding="utf-8")
    return path


def hostile_tree(tmp_path: Path) -> Path:
    """A tree with one good event and every link and special file a walk must not follow."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "passwd").write_text(SECRET + "\n", encoding="utf-8")
    event(outside / "far.trf", 3)
    top = tmp_path / "tree"
    event(top / "good.trf")
    event(top / "sub" / "inner.trf", 2)
    os.symlink(outside / "passwd", top / "pw.trf")  # a link out of the tree
    os.symlink("loop.trf", top / "loop.trf")  # a link to itself
    os.symlink("..", top / "sub" / "up")  # a directory loop
    os.symlink(outside, top / "away")  # a directory outside
    os.symlink("sub/inner.trf", top / "alias.trf")  # inside the tree: read
    os.mkfifo(top / "fifo.trf")
    return top


def codes(output: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in output.splitlines():
        parts = line.split(": ", 1)[0].rsplit(":", 2)
        if len(parts) == 3 and ": T" in line:
            found.setdefault(line.split(": ", 2)[1].split()[0], []).append(Path(parts[0]).name)
    return found


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trfkit", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_walk_reports_links_and_fifos_and_checks_the_rest(tmp_path: Path) -> None:
    top = hostile_tree(tmp_path)
    result = run("check", str(top), "--output-format", "full", "-q", timeout=30)
    assert "Traceback" not in result.stderr
    assert SECRET not in result.stdout and "secret-marker" not in result.stdout
    found = codes(result.stdout)
    assert sorted(found["T020"]) == ["away", "loop.trf", "pw.trf", "up"]
    assert found["T021"] == ["fifo.trf"]
    assert "T999" not in found and "T006" not in found
    assert result.returncode == 0, result.stdout + result.stderr  # warnings only
    rels = [i.rel for i in iter_inputs([str(top)]) if i.skipped is None]
    assert rels == ["alias.trf", "good.trf", "sub/inner.trf"]


def test_glob_through_link_loops_ends_and_takes_each_file_once(tmp_path: Path) -> None:
    top = hostile_tree(tmp_path)
    os.symlink(top, top / "sub" / "again")  # a second loop, by absolute path
    inputs = list(iter_inputs([f"{top}/**/*.trf"]))
    taken = sorted(i.rel for i in inputs if i.skipped is None and i.missing is None)
    assert taken == ["alias.trf", "good.trf", "sub/inner.trf"]
    skipped = sorted((i.rel, i.skipped[0]) for i in inputs if i.skipped)
    assert skipped == [
        ("away", "T020"),
        ("fifo.trf", "T021"),
        ("loop.trf", "T020"),
        ("pw.trf", "T020"),
        ("sub/again", "T020"),
        ("sub/up", "T020"),
    ]
    # a pattern that does not descend does not see the sub-directory's links
    assert [i.rel for i in iter_inputs([f"{top}/g*.trf"])] == ["good.trf"]


def test_convert_batch_skips_links_without_writing(tmp_path: Path) -> None:
    top = hostile_tree(tmp_path)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["convert", str(top), "-o", str(out), "--to", "json", "-q"])
    assert result.exit_code == 0, result.output  # the links skipped are warnings (T020, T021)
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.json"))
    assert written == ["alias.json", "good.json", "sub/inner.json"]
    assert "secret-marker" not in "".join(p.read_text() for p in out.rglob("*.json"))
    assert "T020" in result.output and "T021" in result.output


def test_deep_tree_is_bounded_and_the_shallow_files_are_checked(tmp_path: Path) -> None:
    top = tmp_path / "deep"
    event(top / "a" / "top.trf")
    here = os.getcwd()
    os.chdir(top / "a")  # build 980 levels relatively: the absolute path outgrows PATH_MAX
    try:
        for _ in range(980):
            os.mkdir("d")
            os.chdir("d")
        Path("bottom.trf").write_text(generate_trf(4, 2, 1), encoding="utf-8")
    finally:
        os.chdir(here)
    inputs = list(iter_inputs([str(top)]))
    assert [i.rel for i in inputs if i.skipped is None] == ["a/top.trf"]
    (deepest,) = [i for i in inputs if i.skipped]
    assert deepest.skipped is not None and deepest.skipped[0] == "T022"
    assert deepest.rel.count("/") == MAX_DEPTH  # a/ + 64 x d: the first level not walked
    result = run("check", str(top), "-q")
    try:
        assert result.returncode == 0 and "T022" in result.stdout
        assert "Traceback" not in result.stderr
    finally:
        _remove_chain(top / "a")


def _remove_chain(folder: Path) -> None:
    """Remove the 980 nested ``d`` folders bottom-up, one level at a time: pytest's cleanup
    of old temporary directories (``shutil.rmtree``, recursive) would exceed the recursion
    limit on them in a later run."""
    here = os.getcwd()
    os.chdir(folder)
    depth = 0
    try:
        while os.path.isdir("d"):
            os.chdir("d")
            depth += 1
        for name in os.listdir("."):
            os.unlink(name)
        for _ in range(depth):
            os.chdir("..")
            os.rmdir("d")
    finally:
        os.chdir(here)


def test_a_named_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "event.trf"
    os.mkfifo(fifo)
    good = event(tmp_path / "good.trf")
    result = run("check", str(fifo), str(good), timeout=20)
    assert result.returncode == 2
    # (an unreadable input is a located T014 in the output, issue 14)
    assert f"{fifo}:1:1: T014 cannot read: a FIFO, not a regular file" in result.stdout
    assert "2 files read" in result.stderr and "1 unreadable" in result.stderr  # both tried


def test_a_fifo_swapped_in_after_the_walk_does_not_block(tmp_path: Path) -> None:
    """The walk saw a regular file; the read meets a FIFO (the batch's view of a race)."""
    code = (
        "import os, sys; from trfkit.check_many import Job, Settings, check_job; "
        f"p = {str(tmp_path / 'x.trf')!r}; os.mkfifo(p); "
        "r = check_job(Job(p, p), Settings()); print(r.error)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=20, check=False
    )
    assert "a FIFO, not a regular file" in result.stdout, result.stderr


def test_a_link_named_on_the_command_line_is_still_read(tmp_path: Path) -> None:
    target = event(tmp_path / "elsewhere" / "real.trf")
    link = tmp_path / "link.trf"
    os.symlink(target, link)
    result = CliRunner().invoke(cli, ["check", str(link)])
    assert result.exit_code == 0 and "T020" not in result.output


@pytest.mark.parametrize(
    ("path", "base", "rel"),
    [
        ("many/x.trf", "many", "x.trf"),
        ("many/sub/x.trf", "many", "sub/x.trf"),
        ("/a/b/c.trf", "/a", "b/c.trf"),
        ("/x.trf", "/", "x.trf"),
        ("a.trf", ".", "a.trf"),
        ("manyx/y.trf", "many", "y.trf"),  # not below base: its name (a prefix is no parent)
        ("other/x.trf", "many", "x.trf"),
    ],
)
def test_a_walked_file_is_named_relative_to_its_root(path: str, base: str, rel: str) -> None:
    assert _rel(Path(path), Path(base)) == rel
