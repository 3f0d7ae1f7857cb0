"""The walls between the stages, as import-linter checks them ([tool.importlinter] in
pyproject.toml): run for real on this tree, and on a copy with one wall broken."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("importlinter", reason="import-linter (the test extra) is not installed")

ROOT = Path(__file__).resolve().parents[2]

#: Every contract of pyproject.toml, by its name: a contract dropped from the file fails here.
CONTRACTS = (
    "the stages, top to bottom: a module imports only from its own layer or below "
    "(| = independent)",
    "the model (trfkit.model) imports nothing else of trfkit",
    "library code imports neither trfkit.cli nor click",
)


def _lint(root: Path) -> tuple[int, str]:
    """``lint-imports`` on the trfkit package under ``root``, with the contracts of
    ``root/pyproject.toml`` (no cache: nothing is written into the tree)."""
    env = {**os.environ, "PYTHONPATH": str(root), "COLUMNS": "500"}
    code = (
        "import sys\nfrom importlinter.cli import lint_imports\n"
        "sys.exit(lint_imports(config_filename='pyproject.toml', no_cache=True,"
        " no_logo=True))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=300
    )
    return done.returncode, " ".join((done.stdout + done.stderr).split())


def test_every_contract_holds() -> None:
    status, out = _lint(ROOT)
    assert status == 0, out
    for name in CONTRACTS:
        assert f"{name} KEPT" in out, (name, out)
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in out


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        (
            "model/results.py",
            "from .. import diagnostics",
            (0, 1),
        ),  # below its layer, and the model
        ("check_many.py", "from .cli import io", (0, 2)),  # under the CLI, and so under click
        ("render/diagnostics/human.py", "import click", (2,)),
        ("formats/trf/reader.py", "from ...tiebreaks import compute", (0,)),  # a reader computing
        ("validation/rules/scores.py", "from ...tiebreaks.standings import rank", (0,)),  # a rule
        ("tiebreaks/cuts.py", "from ..formats.trf import reader", (0,)),  # tie-breaks reading files
        ("tiebreaks/cuts.py", "from ..validation import driver", (0,)),  # tie-breaks validating
        # the leaks issue 17 closed, each reopened
        ("tiebreak_codes.py", "from .tiebreaks import catalog", (0,)),  # the grammar suggesting
        ("limits.py", "from .formats.trf import lines", (0,)),  # T603 back in the limits
        ("finite.py", "from .formats.trf import header", (0,)),  # parse_362 for a default
        ("formats/chessresults/table.py", "from ...tiebreaks import compute", (0,)),  # settling
        ("document.py", "from .validation import driver", (0,)),  # has_errors on the record
        ("render/diagnostics/ci.py", "from ... import __version__ as _v", (0,)),  # the root
    ],
)
def test_a_wall_broken_in_a_copy_fails(
    tmp_path: Path, module: str, line: str, broken: tuple[int, ...]
) -> None:
    shutil.copytree(ROOT / "trfkit", tmp_path / "trfkit")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / "trfkit" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    status, out = _lint(tmp_path)
    assert status == 1, out
    for i, name in enumerate(CONTRACTS):
        assert f"{name} {'BROKEN' if i in broken else 'KEPT'}" in out, (name, out)
    assert f"Contracts: {len(CONTRACTS) - len(broken)} kept, {len(broken)} broken." in out


def _root_importers(package: Path) -> list[str]:
    """Library modules (not the CLI) that import the root package ``trfkit`` itself:
    it is no layer, and what it loads (the readers, the rules, the tie-breaks) sits
    above most of them. import-linter sees such an import only where that chain climbs
    a layer (a module of the CLI's own layer may climb none), so it is looked at here."""
    import ast

    found = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package)
        if rel.parts[0] in ("cli", "__main__.py", "__init__.py"):
            continue
        depth = len(rel.parts)  # ``from .`` in trfkit/x.py, ``from ..`` in trfkit/a/x.py
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module is None and node.level == depth:
                if any(a.name not in {p.stem for p in package.iterdir()} for a in node.names):
                    found.append(f"{rel}:{node.lineno}")
            elif isinstance(node, ast.Import) and any(a.name == "trfkit" for a in node.names):
                found.append(f"{rel}:{node.lineno}")
            elif isinstance(node, ast.ImportFrom) and node.module == "trfkit" and not node.level:
                found.append(f"{rel}:{node.lineno}")
    return found


def test_no_library_module_imports_the_root_package(tmp_path: Path) -> None:
    assert _root_importers(ROOT / "trfkit") == []
    shutil.copytree(ROOT / "trfkit", tmp_path / "trfkit")
    target = tmp_path / "trfkit" / "check_cache.py"  # the leak issue 17 closed, reopened
    target.write_text(target.read_text(encoding="utf-8") + "\nfrom . import __version__\n")
    nested = tmp_path / "trfkit" / "render" / "diagnostics" / "ci.py"
    nested.write_text(nested.read_text(encoding="utf-8") + "\nfrom ... import __version__\n")
    assert [f.split(":")[0] for f in _root_importers(tmp_path / "trfkit")] == [
        "check_cache.py",
        "render/diagnostics/ci.py",
    ]


def test_every_library_module_is_inside_the_walls() -> None:
    """A new top-level module must be placed in the contracts: below the CLI, without click,
    out of the model's reach (else a wall would silently not cover it)."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: the tomli dependency
        import tomli as tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}
    library = {
        f"trfkit.{p.stem}"
        for p in (ROOT / "trfkit").iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()
    }
    library -= {"trfkit.cli", "trfkit.__main__"}
    assert set(contracts["no-click"]["source_modules"]) == library
    layered = {
        m.strip().split(".")[1]
        for layer in contracts["stages"]["layers"]
        for m in layer.replace("|", ":").split(":")
    }
    assert {f"trfkit.{m}" for m in layered} == library | {"trfkit.cli", "trfkit.__main__"}
    assert set(contracts["model"]["forbidden_modules"]) == (
        library | {"trfkit.cli", "trfkit.__main__"}
    ) - {"trfkit.model"}
