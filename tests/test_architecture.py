"""The project's layers, read from the source (no module is imported): no import cycle, no import upwards.

Every ``import`` counts for the layers, wherever it stands (module top,
function body, ``TYPE_CHECKING`` block); for cycles every import that runs
counts (function bodies too), only ``TYPE_CHECKING`` blocks do not. Layers,
low to high; within a layer the groups are independent of each other (no two
views import one another):

    sanma_core base (tiles, rules, melds, dora, inputs …) < analysis < scoring < game < bots < review
    < commands and cli < drills < course (its drill links read the drill registry) < tutor < tutor.views.*
    < tutor.pages.* < app

A page runs its own view only.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("sanma_core", "drills", "course", "tutor")

#: Low to high; each layer is a tuple of groups, each group a tuple of module-name prefixes.
LAYERS: tuple[tuple[tuple[str, ...], ...], ...] = (
    (("sanma_core.tiles", "sanma_core.rules", "sanma_core.melds", "sanma_core.dora", "sanma_core.inputs",
      "sanma_core.yaml_errors", "sanma_core.explain_text", "sanma_core.errors", "sanma_core.i18n", "sanma_core.i18n_sources",
      "sanma_core.words"),),
    (("sanma_core.analysis",),),
    (("sanma_core.scoring",),),
    (("sanma_core.game",),),
    (("sanma_core.bots",),),
    (("sanma_core.review",),),
    (("sanma_core.commands", "sanma_core.cli", "sanma_core.__main__"),),
    (("drills",),),
    (("course",),),
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


#: The modules split by job (issue 32), each kept under :data:`MAX_SPLIT_LINES` lines: a module or package prefix.
SPLIT_MODULES = ("sanma_core.game.referee", "sanma_core.game.legality", "sanma_core.game.transitions",
                 "sanma_core.game.settlement", "drills.hands", "drills.explain", "sanma_core.bots.levels",
                 "sanma_core.bots.policies", "sanma_core.bots.candidates")
MAX_SPLIT_LINES = 450


def _lines(name: str) -> int:
    return len(modules()[name].read_text(encoding="utf-8").splitlines())


def test_the_split_modules_stay_small():
    """The referee, the concept hands, the explanations and the bot levels, and every module they became, stay
    under 450 lines."""
    found = {name: _lines(name) for name in modules()
             if any(name == p or name.startswith(p + ".") for p in SPLIT_MODULES)}
    assert set(SPLIT_MODULES) <= set(found)
    assert {name: n for name, n in found.items() if n >= MAX_SPLIT_LINES} == {}


def _drill_id_literals(tree: ast.AST, ids: frozenset[str]) -> list[int]:
    """Lines of the literal lists, tuples, sets and dicts (by key) that spell out half the drill ids or more."""
    out = []
    for node in ast.walk(tree):
        items = node.keys if isinstance(node, ast.Dict) else node.elts if isinstance(
            node, ast.List | ast.Tuple | ast.Set) else None
        if items is None:
            continue
        named = {i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)} & ids
        if 2 * len(named) >= len(ids):
            out.append(node.lineno)
    return out


def test_the_drill_id_finder_finds_a_list_of_drill_ids():
    ids = frozenset({"waits", "yaku", "fu", "kita"})
    assert _drill_id_literals(ast.parse('A = ("waits", "fu")\nB = {"yaku": 1, "kita": 2, "x": 3}\nC = ["fu"]'), ids) \
        == [1, 2]


def test_one_drill_registry():
    """The drill types are listed once, in ``drills.registry``; the course, mixed review and the app read it."""
    from drills.registry import DRILL_IDS

    ids = frozenset(DRILL_IDS)
    found = {name: lines for name, path in modules().items() if name != "drills.registry"
             if (lines := _drill_id_literals(ast.parse(path.read_text(encoding="utf-8")), ids))}
    assert found == {}
    for reader in ("course.schema", "tutor.views.drills"):  # mixed review is handed the registry's sources
        assert {"drills.registry", "drills"} & imports_of(reader), reader


# ---- words in one place (sanma_core.words) -------------------------------------------------

WIND_WORDS = frozenset({"East", "South", "West"})
#: Modules that still build their own words, owned by work in progress elsewhere; each names what it builds.
WORDS_EXCEPTIONS = {
}


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def _words_built(tree: ast.AST) -> set[str]:
    """What a module builds that belongs to the words package: a wind name written out (alone, in a tuple or
    a dict of seat names), a shanten made from a number (``f"{n}-shanten"``), a result sentence's verb after a
    name (``f"{name} wins by ..."``), a seat reference spoken by a pattern, or a name compared with "You"."""
    docs = _docstrings(tree)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value
            if text in WIND_WORDS:
                found.add("wind name")
            if text.startswith("-shanten"):
                found.add("shanten from a number")
            if text.lstrip().startswith(("wins by ", "win by ")) and text[:1] == " ":
                found.add("result sentence")
            if "seat ([0-2])" in text:
                found.add("seat pattern")
        if isinstance(node, ast.Compare) and any(isinstance(c, ast.Constant) and c.value in ("You", "you")
                                                 for c in [node.left, *node.comparators]):
            found.add("comparison with You")
    return found


@pytest.mark.parametrize(("source", "expected"), [
    ('SEATS = {"E": "East", "S": "South", "W": "West"}', {"wind name"}),
    ('text = f"{n}-shanten"', {"shanten from a number"}),
    ('line = f"{name} wins by {how}"', {"result sentence"}),
    ('verb = "win" if name == "You" else "wins"', {"comparison with You"}),
    ('SEAT = re.compile(r"\\bseat ([0-2])")', {"seat pattern"}),
    ('"""East, South and West."""\nnote = "a West indicator makes North dora"\nx = f"cannot win by ron"', set()),
])
def test_the_words_scan_finds_what_it_names(source, expected):
    assert _words_built(ast.parse(source)) == expected


def test_no_module_outside_the_words_package_builds_seat_wind_shanten_or_result_words():
    found = {}
    for name, path in modules().items():
        if name == "sanma_core.words" or name.startswith("sanma_core.words."):
            continue
        built = _words_built(ast.parse(path.read_text(encoding="utf-8"))) - WORDS_EXCEPTIONS.get(name, set())
        if built:
            found[name] = sorted(built)
    assert found == {}


def test_the_words_exceptions_are_still_needed():
    """An exception that no longer builds its words is taken off the list."""
    for name, kinds in WORDS_EXCEPTIONS.items():
        assert kinds <= _words_built(ast.parse(modules()[name].read_text(encoding="utf-8"))), name


# ---- errors: the tutor catches the SanmaError family --------------------------------------

_BUILTIN_ERRORS = frozenset(n for n in dir(builtins) if isinstance(getattr(builtins, n), type)
                            and issubclass(getattr(builtins, n), BaseException))


def _builtin_catches(tree: ast.AST) -> list[tuple[int, str, bool]]:
    """(line, class, converted) for every ``except`` naming a built-in exception class; ``converted`` when the
    handler raises (turning it into an error of the family, or re-raising after a clean-up)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ExceptHandler):
            names = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            raises = any(isinstance(n, ast.Raise) for stmt in node.body for n in ast.walk(stmt))
            for n in names:
                if n is None or (isinstance(n, ast.Name) and n.id in _BUILTIN_ERRORS):
                    out.append((node.lineno, "bare except" if n is None else n.id, raises))
    return out


def test_the_catch_scan_sees_built_ins_and_conversions():
    src = ("try:\n    f()\nexcept (KeyError, SanmaError):\n    pass\n"
           "try:\n    g()\nexcept UnicodeDecodeError:\n    raise InputError('x') from None\n")
    assert _builtin_catches(ast.parse(src)) == [(3, "KeyError", False), (7, "UnicodeDecodeError", True)]


def test_no_page_catches_a_built_in_exception_and_the_tutor_only_to_convert_it():
    """Pages (``tutor.views``, ``tutor.pages``, ``app``) catch the SanmaError family (or the store's error) only;
    the rest of the tutor may catch a built-in only to raise an error of the family in its place."""
    found = {}
    for name, path in modules().items():
        if not (name == "app" or name == "tutor" or name.startswith("tutor.")):
            continue
        page = name == "app" or name.startswith(("tutor.views", "tutor.pages"))
        bad = [(line, cls) for line, cls, converted in _builtin_catches(ast.parse(path.read_text(encoding="utf-8")))
               if page or not converted]
        if bad:
            found[name] = bad
    assert found == {}


def test_the_moment_detectors_are_one_module_per_kind_each_under_450_lines():
    from sanma_core.review.moments import MOMENT_KINDS

    package = {name.rpartition(".")[2]: path for name, path in modules().items()
               if name.startswith("sanma_core.review.moments.")}
    detectors = {"win_not_taken", "north_kept", "riichi_dama", "deal_in", "pon_broke_yaku", "furiten", "fold_behind"}
    assert detectors <= set(package)
    covered = {k for k in MOMENT_KINDS for d in detectors if k == d or k in d.split("_")}
    assert covered == set(MOMENT_KINDS)
    long = {n: lines for n, p in package.items() if (lines := len(p.read_text(encoding="utf-8").splitlines())) >= 450}
    assert long == {}
