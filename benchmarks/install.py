"""trfkit as users run it: a wheel of this tree, installed into a fresh virtual environment.

    python benchmarks/install.py [--cache-dir DIR]   # prints the venv's trfkit and python

An editable install, ``PYTHONPATH`` or ``python -m trfkit`` from the checkout measure
something no user runs: modules found through other paths, bytecode compiled or not,
a different launcher. :func:`installed` builds a wheel of the tree
(``pip wheel --no-deps``), installs it non-editable (its dependencies from the package
index, as ``pip install trfkit`` would) into a virtual environment under a cache
directory, and returns the environment's console script and its interpreter resolved
to the real executable, so that the baseline runs on the very binary trfkit runs on
(never a version manager's shim, which is a shell script in front of it).

The environment is keyed by a digest of the tree's packaged files: a rerun on an
unchanged tree reuses it, a changed tree gets a new one.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: What the wheel is built from: a change to any of these is a new install.
PACKAGED = ("trfkit", "schemas", "pyproject.toml", "README.md")
#: Variables that would make the installed trfkit not the one that runs, or change how
#: its bytecode is found (a pycache prefix hides the compiled files of the install).
FOREIGN = (
    "PYTHONPATH",
    "PYTHONHOME",
    "PYTHONPYCACHEPREFIX",
    "PYTHONDONTWRITEBYTECODE",
    "PYTHONSTARTUP",
    "PYTHONPROFILEIMPORTTIME",
    "VIRTUAL_ENV",
)


@dataclass(frozen=True)
class Installed:
    venv: Path
    trfkit: str  # the console script of the environment
    python: str  # the environment's interpreter resolved to the real executable (no venv paths)
    digest: str  # of the tree the wheel was built from

    def env(self) -> dict[str, str]:
        """The environment every benchmarked process runs in: this one, less :data:`FOREIGN`."""
        return {k: v for k, v in os.environ.items() if k not in FOREIGN}


def tree_digest(root: Path = ROOT) -> str:
    """SHA-256 (first 16 hex digits) of the packaged files' paths and bytes."""
    h = hashlib.sha256()
    for name in PACKAGED:
        top = root / name
        for path in sorted(top.rglob("*")) if top.is_dir() else [top]:
            if path.is_file() and "__pycache__" not in path.parts:
                h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:16]


#: Environments kept in the cache (the newest): a tree under work makes one per change.
KEEP = 6
#: Seconds an environment stays after its last use whatever :data:`KEEP` says: another
#: run sharing the cache (a second worktree benchmarking at the same time) may be timing
#: it, and removing it would end that run with a missing ``trfkit``.
IDLE = 3600.0


def _prune(cache: Path, keep: int, idle: float = IDLE) -> None:
    """Remove all but the ``keep`` most recently used environments (and unpacked trees),
    sparing any used within the last ``idle`` seconds."""
    now = time.time()
    for pattern in ("venv-*", "tree-*"):
        built = sorted(cache.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in built[keep:]:
            if now - old.stat().st_mtime > idle:
                shutil.rmtree(old, ignore_errors=True)


def _used(path: Path) -> None:
    """Mark ``path`` as used now (its modification time), for :func:`_prune`."""
    try:
        os.utime(path)
    except OSError:
        pass


def default_cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "trfkit-bench"


def _run(command: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")


def installed(
    cache: Path | None = None, python: str = sys.executable, root: Path = ROOT, extras: str = ""
) -> Installed:
    """The tree at ``root`` built and installed into ``cache``/venv-DIGEST (reused if there),
    with the optional dependencies ``extras`` (``"fast"``: ``pip install trfkit[fast]``)."""
    cache = default_cache() if cache is None else cache
    digest = tree_digest(root)
    venv = cache / (f"venv-{digest}-{extras}" if extras else f"venv-{digest}")
    env = {k: v for k, v in os.environ.items() if k not in FOREIGN}
    script = venv / "bin" / "trfkit"
    done = venv / "installed"  # written last: an interrupted install is done again
    if not done.is_file():
        cache.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(venv, ignore_errors=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            _run([python, "-m", "pip", "wheel", "--no-deps", "-q", "-w", tmp, str(root)], env)
            wheel = next(Path(tmp).glob("trfkit-*.whl"))
            _run([python, "-m", "venv", str(venv)], env)
            _run(
                [
                    str(venv / "bin" / "python"),
                    "-m",
                    "pip",
                    "install",
                    "-q",
                    "--disable-pip-version-check",
                    f"{wheel}[{extras}]" if extras else str(wheel),
                ],
                env,
            )
        done.write_text(digest + "\n", encoding="utf-8")
    _used(venv)
    _prune(cache, keep=KEEP)
    real = os.path.realpath(venv / "bin" / "python")
    return Installed(venv, str(script), real, digest)


def installed_commit(rev: str, cache: Path | None = None) -> Installed:
    """:func:`installed` of commit ``rev`` of this repository (``git archive`` of it,
    unpacked under the cache): the "before" of a comparison, timed in the same rounds."""
    cache = default_cache() if cache is None else cache
    sha = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", rev],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    tree = cache / f"tree-{sha}"
    if not (tree / "pyproject.toml").is_file():
        tree.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", sha], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    _used(tree)
    return installed(cache, root=tree)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache-dir", type=Path, default=None)
    ap.add_argument("--extras", default="", help="optional dependencies, e.g. fast")
    args = ap.parse_args(argv)
    found = installed(args.cache_dir, extras=args.extras)
    print(f"trfkit: {found.trfkit}\npython: {found.python}\ntree: {found.digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
