"""The project's layers, read from the source (no module is imported): no import cycle, no import upwards.

Every ``import`` counts for the layers, wherever it stands (module top,
function body, ``TYPE_CHECKING`` block); for cycles every import that runs
counts (function bodies too), only ``TYPE_CHECKING`` blocks do not. Layers,
low to high; within a layer the groups are independent of each other (drills
and the course never import one another, nor do two views):

    sanma_core base (tiles, rules, melds, dora, inputs …) < analysis < scoring < game < bots < review
    < commands and cli < drills | course < tutor < tutor.views.* < tutor.pages.* < app

A page runs its own view only.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("sanma_core", "drills", "course", "tutor")

#: Low to high; each layer is a tuple of groups, each group a tuple of module-name prefixes.
LAYERS: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("sanma_core.tiles", "sanma_core.rules", "sanma_core.melds", "sanma_core.dora", "sanma_core.inputs",
      "sanma_core.yaml_errors", "sanma_core.explain_text", "sanma_core.errors", "sanma_core.i18n"),),
    (("sanma_core.analysis",),),
    (("sanma_core.scoring",),),
    (("sanma_core.game",),),
    (("sanma_core.bots",),),
    (("sanma_core.review",),),
    (("sanma_core.commands", "sanma_core.cli", "sanma_core.__main__"),),
    (("drills",), ("course",)),
    (("tutor",),),
    (("tutor.views",),),  # one group per view: filled in by _group()
    (("tutor.pages",),),
    (("app",),),
)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _project_files() -> Iterator[Path]:
    for package in PACKAGES:
        yield from sorted((ROOT / package).rglob("*.py"))
    yield ROOT / "app.py"


@cache
def modules() -> dict[str, Path]:
    """Module name → file, for every module of the project (packages by their ``__init__``)."""
    return {_module_name(path): path for path in _project_files()}


def _is_package(name: str) -> bool:
    return modules()[name].name == "__init__.py"


def _resolve(name: str, node: ast.ImportFrom) -> str:
    """The absolute module ``from ... import`` reads from."""
    if not node.level:
        return node.module or ""
    base = name.split(".") if _is_package(name) else name.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, node.module] if node.module else base)


def _project_module(name: str) -> str | None:
    """``name`` or its closest enclosing module that belongs to the project (None for outside code)."""
    known = modules()
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of the nodes inside ``if TYPE_CHECKING:`` blocks."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for stmt in node.body:
                inside.update(id(n) for n in ast.walk(stmt))
    return inside


@cache
def imports_of(name: str, typing: bool = True) -> frozenset[str]:
    """The project modules ``name`` imports (``from pkg import sub`` counts as importing ``pkg.sub``);
    ``typing=False`` leaves out the imports made for type checkers only."""
    tree = ast.parse(modules()[name].read_text(encoding="utf-8"), filename=str(modules()[name]))
    skip = set() if typing else _type_checking_nodes(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            source = _resolve(name, node)
            targets = [f"{source}.{alias.name}" if f"{source}.{alias.name}" in modules() else source
                       for alias in node.names]
        for target in targets:
            module = _project_module(target)
            if module is not None and module != name:
                found.add(module)
    return frozenset(found)


def _group(name: str) -> tuple[int, str]:
    """(layer, group) of a module; every view is a group of its own."""
    if name == "sanma_core":  # the engine package itself (it imports nothing): the base layer
        return 0, LAYERS[0][0][0]
    best: tuple[int, str, int] | None = None
    for rank, layer in enumerate(LAYERS):
        for group in layer:
            for prefix in group:
                if (name == prefix or name.startswith(prefix + ".")) and (best is None or len(prefix) > best[2]):
                    best = (rank, group[0], len(prefix))
    if best is None:
        raise AssertionError(f"module {name} is in no layer: add it to LAYERS in {Path(__file__).name}")
    rank, group, _ = best
    if group == "tutor.views" and name != "tutor.views":
        group = name
    return rank, group


def test_every_module_is_found_and_in_a_layer():
    names = modules()
    for must in ("sanma_core.tiles", "sanma_core.scoring.hand", "drills.registry", "course.engine", "tutor.state",
                 "tutor.views.play", "tutor.pages.play", "app"):
        assert must in names
    for name in names:
        _group(name)


def test_the_import_walk_sees_relative_and_function_level_imports():
    assert "sanma_core.inputs" in imports_of("sanma_core.scoring.request")
    assert "sanma_core.tiles" in imports_of("sanma_core.melds")
    assert "tutor.views.play" in imports_of("tutor.pages.play")
    assert "drills.gens.mixed" in imports_of("drills.registry")


def _layer_violations() -> list[str]:
    out = []
    for name in sorted(modules()):
        rank, group = _group(name)
        for target in sorted(imports_of(name)):
            t_rank, t_group = _group(target)
            if t_rank > rank:
                out.append(f"{name} (layer {rank}) imports {target} (layer {t_rank}, higher)")
            elif t_rank == rank and t_group != group:
                out.append(f"{name} imports {target}: {group} and {t_group} are independent of each other")
    return out


def test_no_import_of_a_higher_layer_or_a_sibling_group():
    assert _layer_violations() == []


def test_a_page_runs_only_its_own_view():
    for name in modules():
        if name.startswith("tutor.pages."):
            views = {t for t in imports_of(name) if t.startswith("tutor.views")}
            assert views <= {"tutor.views." + name.rpartition(".")[2]}, (name, views)


def _cycles() -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(imports_of(v, typing=False)):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for name in sorted(modules()):
        if name not in index:
            visit(name)
    return out


def test_no_circular_imports():
    assert _cycles() == []


@pytest.mark.parametrize(("source", "expected"), [
    ("from sanma_core.tiles import parse_tiles", "sanma_core.tiles"),
    ("from sanma_core.analysis import tables", "sanma_core.analysis.tables"),
    ("import sanma_core.scoring.hand as h", "sanma_core.scoring.hand"),
])
def test_import_forms_resolve(source, expected):
    node = ast.parse(source).body[0]
    if isinstance(node, ast.ImportFrom):
        base = _resolve("app", node)
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules() else base for a in node.names]
    else:
        names = [a.name for a in node.names]
    assert [_project_module(n) for n in names] == [expected]


def _private_reads(tree: ast.AST, owner: str) -> list[str]:
    """``owner._name`` attribute reads in a syntax tree (``self._x`` and ``cls._x`` are the module's own)."""
    return [f"{owner}.{node.attr} (line {node.lineno})" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
            and isinstance(node.value, ast.Name) and node.value.id == owner]


def test_the_private_reader_finds_a_private_read():
    assert _private_reads(ast.parse("w = game._window\nx = game.window\nself._y = 1"), "game") == [
        "game._window (line 1)"]


def test_no_module_outside_the_referee_reads_its_private_state():
    """The review, the bots, the drills and the app read a game through its public methods and properties."""
    found = {name: reads for name, path in modules().items() if not name.startswith("sanma_core.game")
             if (reads := _private_reads(ast.parse(path.read_text(encoding="utf-8")), "game"))}
    assert found == {}
