"""Every name the documentation gives resolves: modules, attributes, paths and roles.

The layout moved once by script (issue 17); prose that names a module nobody renamed is the
first thing a newcomer trips on. This reads ``ARCHITECTURE.md``, ``README.md`` and
``docs/*.md`` for ``trfkit.x.y`` and ``trfkit/x/y.py`` spellings, paths under ``tests/`` and
links to files; and trfkit's docstrings and ``#:`` comments for ``trfkit.x.y`` and every
``:mod:``/``:func:``/``:class:`` (and ``:meth:``/``:attr:``/``:data:``/``:exc:``) role. Each
must name something that exists. ``ARCHITECTURE.md``'s list of stages must name every
top-level module and package of trfkit, step n the modules of layer n of the ``stages``
import contract.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "trfkit"
ARCHITECTURE = ROOT / "ARCHITECTURE.md"
PAGES = [ARCHITECTURE, ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: ``trfkit.a.b`` (a module, then attributes); not inside a longer name or path.
DOTTED = re.compile(r"(?<![\w./-])trfkit(?:\.[A-Za-z_]\w*)+")
#: ``trfkit/a/b.py``, ``trfkit/a/``, ``tests/cli/test_x.py``: paths from the repository root.
SLASHED = re.compile(r"(?<![\w./-])(?:trfkit|tests)/[\w/.*-]*")
#: A backticked path of ARCHITECTURE.md, relative to ``trfkit/`` unless it starts at the root.
RELATIVE = re.compile(r"`([\w][\w/]*(?:\.py|\.md|/))`")
#: A path of ARCHITECTURE.md's diagram (a ``text`` block), relative to ``trfkit/``.
DIAGRAM = re.compile(r"```text\n(.*?)```", re.S)
DIAGRAM_PATH = re.compile(r"(?<![\w/])[a-z_]+(?:/[a-z_]+)*(?:\.py|/)(?![\w/])")
ROOT_DIRS = ("trfkit/", "tests/", "docs/", "benchmarks/", "schemas/", "samples/")
#: Dotted spellings in the pages that are file names, not modules.
#: README: ``> trfkit.sarif`` in a CI example; ``trfkit.toml``, the configuration file.
NOT_MODULES = frozenset({"trfkit.sarif", "trfkit.toml"})

#: A Markdown link to a file of the repository: ``[text](ARCHITECTURE.md)``, ``(docs/x.md#a)``.
LINK = re.compile(r"\]\(([\w./-]+)(?:#[^)]*)?\)")

ROLE = re.compile(r":(mod|func|class|meth|attr|data|exc):`([^`]+)`")


def resolve(dotted: str) -> object | None:
    """The module or attribute ``dotted`` names, or None: the longest importable prefix,
    then attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            try:
                found = getattr(found, name)
            except AttributeError:
                return None
        return found
    return None


def page_problems(text: str, relative_paths: bool = False) -> list[str]:
    """The names of a Markdown page that resolve to nothing (see the module docstring)."""
    problems = [
        name for name in sorted(set(DOTTED.findall(text)) - NOT_MODULES) if resolve(name) is None
    ]
    for path in sorted(set(SLASHED.findall(text))):
        path = path.rstrip(".")
        if not (any(ROOT.glob(path)) if "*" in path else (ROOT / path).exists()):
            problems.append(path)
    for link in sorted(set(LINK.findall(text))):
        if not (ROOT / link).exists():
            problems.append(link)
    if relative_paths:
        drawn = {path for block in DIAGRAM.findall(text) for path in DIAGRAM_PATH.findall(block)}
        for path in sorted(set(RELATIVE.findall(text)) | drawn):
            base = ROOT if path.startswith(ROOT_DIRS) else PACKAGE
            if not (base / path).exists():
                problems.append(path)
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_name_a_page_gives_exists(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert page_problems(text, relative_paths=page == ARCHITECTURE) == []


def test_a_wrong_name_is_caught() -> None:
    text = (
        "`trfkit.formats.trf.reader.read_trf` and `trfkit/formats/trf/reader.py` exist;\n"
        "`trfkit.checks.header`, `trfkit.formats.READER`, `trfkit/reporters/` and\n"
        "`tests/test_contracts.py` do not; nor, in ARCHITECTURE.md, `formats/crtable.py`."
    )
    assert page_problems(text) == [
        "trfkit.checks.header",
        "trfkit.formats.READER",
        "tests/test_contracts.py",
        "trfkit/reporters/",
    ]
    assert "formats/crtable.py" in page_problems(text, relative_paths=True)
    drawn = "```text\nread   formats/sniff.py, formats/trf/, checks/ (one per code)\n```\n"
    assert page_problems(drawn, relative_paths=True) == ["checks/"]
    assert page_problems("[the stages](ARCHITECTURE.md), [rules](docs/rule.md#t302)") == [
        "docs/rule.md"
    ]
    assert page_problems("`tests/*/test_fuzz_*.py`, not `tests/test_fuzz_*.py`") == [
        "tests/test_fuzz_*.py"
    ]


def _stages_section() -> str:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    start = text.index("## The stages and their folders")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def test_the_stages_name_every_top_level_module_and_package() -> None:
    named = set(RELATIVE.findall(_stages_section()))
    tops = [p.name for p in PACKAGE.glob("*.py")]
    tops += [p.name + "/" for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()]
    missing = [top for top in sorted(tops) if top not in named]
    assert missing == [], "ARCHITECTURE.md's stages leave out these modules"


def _steps() -> list[set[str]]:
    """The paths each numbered step of ARCHITECTURE.md's stages names."""
    items = re.split(r"\n(?=\d+\. )", _stages_section())[1:]
    return [set(RELATIVE.findall(item)) for item in items]


def _as_path(module: str) -> str:
    rel = module.strip().removeprefix("trfkit.").replace(".", "/")
    return rel + "/" if (PACKAGE / rel / "__init__.py").is_file() else rel + ".py"


def test_the_steps_are_the_layers_of_the_stages_contract() -> None:
    """Step n of ARCHITECTURE.md names every module of layer n of pyproject's ``stages``."""
    try:
        import tomllib
    except ImportError:  # Python 3.10: the tomli dependency (it skipped there before)
        import tomli as tomllib
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (stages,) = [c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "stages"]
    layers = [
        {_as_path(m) for m in layer.replace("|", ":").split(":")} for layer in stages["layers"]
    ]
    steps = _steps()
    assert len(steps) == len(layers)
    for number, (layer, step) in enumerate(zip(layers, steps, strict=True), 1):
        assert layer <= step, f"step {number} of ARCHITECTURE.md leaves out {layer - step}"


# -- docstrings ------------------------------------------------------------------------------


def _module_name(path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts.pop()
    return ".".join(parts), is_package


def _texts(tree: ast.Module, source: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """(text, enclosing class names) of every docstring and ``#:`` comment of a module."""

    def walk(node: ast.AST, scope: tuple[str, ...]) -> Iterator[tuple[str, tuple[str, ...]]]:
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                yield doc, scope
        for child in ast.iter_child_nodes(node):
            inner = scope + (child.name,) if isinstance(child, ast.ClassDef) else scope
            yield from walk(child, inner)

    yield from walk(tree, ())
    comments = [line.strip()[2:] for line in source.splitlines() if line.strip().startswith("#:")]
    if comments:
        yield "\n".join(comments), ()


def _has(owner: object, name: str) -> bool:
    """``owner.name`` exists, counting an instance attribute a class only annotates."""
    if hasattr(owner, name):
        return True
    return isinstance(owner, type) and any(
        name in getattr(base, "__annotations__", {}) for base in owner.__mro__
    )


def _chain(owner: object | None, dotted: str) -> object | None:
    *head, last = dotted.split(".")
    for name in head:
        owner = getattr(owner, name, None)
    return owner if owner is not None and _has(owner, last) else None


def role_resolves(target: str, module: str, is_package: bool, scope: tuple[str, ...]) -> bool:
    """Whether a role's target names something, as Sphinx would look for it: absolute, in the
    module, in the enclosing class, or (a leading dot) relative to the module's package."""
    target = target.split("<")[-1].rstrip(">").lstrip("~").removesuffix("()")
    mod = importlib.import_module(module)
    if target.startswith("."):
        dots = len(target) - len(target.lstrip("."))
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[: len(base) - (dots - 1)]
        rest = target.lstrip(".")
        return resolve(".".join([*base, rest])) is not None or _chain(mod, rest) is not None
    if resolve(target) is not None or _chain(mod, target) is not None:
        return True
    if _chain(builtins, target) is not None:
        return True
    owner: object = mod
    for name in scope:
        owner = getattr(owner, name, None)
        if owner is not None and _chain(owner, target) is not None:
            return True
    return False


def docstring_problems() -> list[str]:
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        module, is_package = _module_name(path)
        for text, scope in _texts(ast.parse(source), source):
            for name in sorted(set(DOTTED.findall(text)) - NOT_MODULES):
                if resolve(name) is None:
                    problems.append(f"{path.relative_to(ROOT)}: {name}")
            for role, target in ROLE.findall(text):
                if not role_resolves(target, module, is_package, scope):
                    problems.append(f"{path.relative_to(ROOT)}: :{role}:`{target}`")
    return problems


def test_every_role_and_module_name_in_a_docstring_resolves() -> None:
    assert docstring_problems() == []


def test_a_wrong_role_is_caught() -> None:
    assert role_resolves("~trfkit.model.Player", "trfkit.formats", True, ())
    assert role_resolves(".reader", "trfkit.formats.trf", True, ())
    assert role_resolves(".registry", "trfkit.tiebreaks.catalog", False, ())
    assert role_resolves("rounds", "trfkit.model.players", False, ("Player",))
    assert not role_resolves(".codes", "trfkit.tiebreaks", True, ())
    assert not role_resolves("trfkit.checks.declared", "trfkit", True, ())
    assert not role_resolves("rounds", "trfkit.model.players", False, ())
