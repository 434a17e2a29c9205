"""Imports point one way, as the table of layers in docs/architecture.md says: each file
imports only what its row allows; services' stages import only the stages before them; no module
imports itself in a circle, and no two rooms of a folder (its files and its sub-folders) import
each other round a circle."""

from __future__ import annotations

import ast
import functools
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "pbem"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
# pbem/services/<stage>/ may import only the stages before it (and itself)
SERVICE_STAGES = ["base", "outbox", "reports", "turns", "community", "intake", "referee", "tick"]
FORBIDDEN_IN_RULES = {
    "random",
    "time",
    "datetime",
    "sqlmodel",
    "sqlalchemy",
    "smtplib",
    "imapclient",
    "socket",
    "os",
    "secrets",
    "pbem.services",
    "pbem.ledger",
    "pbem.mail",
}


@functools.cache
def _tree(path: Path) -> ast.Module:
    """A source file's syntax tree, parsed once for all the tests here (none changes it)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _imports(path: Path) -> set[str]:
    tree = _tree(path)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@dataclass(frozen=True)
class Layer:
    """One row of the table: the files it holds and the modules of pbem they may import."""

    name: str
    places: tuple[Path, ...]
    may_import: tuple[str, ...]

    def holds(self, path: Path) -> Path | None:
        """The place of this row that holds the file, if any."""
        return next((p for p in self.places if path == p or p in path.parents), None)


def _layers() -> list[Layer]:
    """The table under "Layers" in docs/architecture.md, read row by row."""
    text = ARCHITECTURE.read_text(encoding="utf-8").split("## Layers", 1)[1].split("\n## ", 1)[0]
    layers = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[1].startswith("`"):
            continue
        places: list[Path] = []
        for written in re.findall(r"`([^`]+)`", cells[1]):
            places += _expand(written)
        allowed = tuple(re.findall(r"`(pbem(?:\.\w+)*)`", cells[2]))
        layers.append(Layer(cells[0], tuple(places), allowed))
    return layers


def _expand(written: str) -> list[Path]:
    """A place as the table writes it; `<name>` stands for each sub-folder there."""
    if "<name>" not in written:
        return [ROOT / written]
    parent = ROOT / written.split("<name>")[0]
    return sorted(p for p in parent.iterdir() if (p / "__init__.py").is_file())


def test_every_place_the_table_names_exists() -> None:
    missing = [str(p.relative_to(ROOT)) for layer in _layers() for p in layer.places
               if not p.exists()]
    assert missing == []
    assert len(_layers()) >= 10


def test_every_file_of_pbem_is_in_exactly_one_layer() -> None:
    layers = _layers()
    homes = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        found = [layer.name for layer in layers if layer.holds(path)]
        if len(found) != 1:
            homes[str(path.relative_to(ROOT))] = found
    assert homes == {}


def test_every_file_imports_only_what_its_layer_allows() -> None:
    graph = _module_graph()
    modules = {_dotted(p): p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts}
    layers = _layers()
    wrong = []
    for name, targets in sorted(graph.items()):
        path = modules[name]
        layer = next(layer for layer in layers if layer.holds(path))
        own = _dotted_place(layer.holds(path) or path)
        for target in sorted(targets):
            if not any(_within(target, a) for a in (*layer.may_import, own)):
                wrong.append(f"{path.relative_to(ROOT)} ({layer.name}) imports {target}")
    assert wrong == []


def _dotted_place(place: Path) -> str:
    parts = place.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _within(module: str, allowed: str) -> bool:
    return module == allowed or module.startswith(allowed + ".")


@pytest.mark.parametrize("stage", SERVICE_STAGES)
def test_service_stages_import_only_the_stages_before_them(stage: str) -> None:
    allowed = {f"pbem.services.{s}" for s in SERVICE_STAGES[: SERVICE_STAGES.index(stage) + 1]}
    folder = PACKAGE / "services" / stage
    assert folder.is_dir(), folder
    for path in sorted(folder.rglob("*.py")):
        for name in _imports(path):
            if name.startswith("pbem.services"):
                assert any(name == a or name.startswith(a + ".") for a in allowed), (path, name)


def test_every_service_module_is_in_a_stage() -> None:
    loose = sorted(p.name for p in (PACKAGE / "services").glob("*.py") if p.name != "__init__.py")
    assert loose == []


MODULES_PER_FOLDER = 20  # past this, a folder is split into sub-packages named for their stage


def test_every_folder_is_small_enough_to_find_your_way_in() -> None:
    crowded = {}
    for folder in sorted({p.parent for p in PACKAGE.rglob("*.py")}):
        modules = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
        if len(modules) > MODULES_PER_FOLDER:
            crowded[str(folder.relative_to(PACKAGE))] = len(modules)
    assert crowded == {}


def test_every_sub_package_says_its_job() -> None:
    silent = [str(p.relative_to(PACKAGE)) for p in sorted(PACKAGE.rglob("__init__.py"))
              if "migrations" not in p.parts and not ast.get_docstring(_tree(p))]
    assert silent == []


def test_no_import_circles() -> None:
    graph = _module_graph()
    circles = [sorted(c) for c in _strongly_connected(graph) if len(c) > 1]
    assert circles == []


def test_no_folder_is_knotted() -> None:
    """Inside every folder, its rooms (each file, and each sub-folder taken whole) import one
    another one way only: no room reaches back to a room that reaches it."""
    graph = _module_graph()
    knots = {}
    for folder in sorted({p.parent for p in PACKAGE.rglob("*.py")} - {PACKAGE.parent}):
        rooms = _rooms(folder, graph)
        circles = [sorted(c) for c in _strongly_connected(rooms) if len(c) > 1]
        if circles:
            knots[str(folder.relative_to(ROOT))] = circles
    assert knots == {}


def _rooms(folder: Path, graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """The folder's rooms and which rooms each imports (a module's imports, by room)."""
    prefix = _dotted_place(folder) + "."

    def room(module: str) -> str | None:
        if not module.startswith(prefix):
            return None
        return module[len(prefix):].split(".")[0]

    rooms: dict[str, set[str]] = {}
    for module, targets in graph.items():
        here = room(module)
        if here is None:
            continue
        reached = rooms.setdefault(here, set())
        reached.update(r for r in map(room, targets) if r is not None and r != here)
    return rooms


LONGEST_SERVICE_CHAIN = 8  # modules of services/ one import leads through, at most


def test_no_import_chain_through_services_is_longer_than_eight_modules() -> None:
    """A newcomer following one import after another through services/ reaches the bottom
    within eight modules (the mailroom's path to the outbox was thirteen)."""
    graph = _module_graph()
    services = {n: {t for t in ts if _in_services(t)} for n, ts in graph.items() if _in_services(n)}
    longest: dict[str, list[str]] = {}

    def chain(name: str) -> list[str]:
        if name not in longest:
            below = [chain(t) for t in sorted(services[name])]
            longest[name] = [name, *max(below, key=len, default=[])]
        return longest[name]

    worst = max((chain(n) for n in sorted(services)), key=len)
    assert len(worst) <= LONGEST_SERVICE_CHAIN, " -> ".join(worst)


def _in_services(name: str) -> bool:
    return name.startswith("pbem.services.") and name.count(".") >= 3


def _module_graph() -> dict[str, set[str]]:
    """Every pbem module and the pbem modules it imports (anywhere in the file)."""
    modules = {_dotted(p): p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        graph[name] = set()
        for node in ast.walk(_tree(path)):
            for target in _targets(node, modules):
                if target != name:
                    graph[name].add(target)
    return graph


def _dotted(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _targets(node: ast.AST, modules: dict[str, Path]) -> list[str]:
    """The pbem modules an import statement names."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        names = [_module_or_package(node.module, alias.name, modules) for alias in node.names]
    else:
        return []
    return [n for n in names if n in modules]


def _module_or_package(package: str, name: str, modules: dict[str, Path]) -> str:
    """`from a import b` names the module a.b when there is one, else a."""
    candidate = f"{package}.{name}"
    return candidate if candidate in modules else package


def _strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iterative: the graph's strongly connected components."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.add(top)
                        if top == node:
                            break
                    found.append(component)
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_game_hides_an_import_inside_a_function() -> None:
    """A game's imports stand at the top of its files, where the layer checks and a reader see
    them (outside games, the CLI defers imports to start fast)."""
    hidden = []
    for path in sorted((PACKAGE / "games").rglob("*.py")):
        for node in ast.walk(_tree(path)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                hidden += [f"{path.relative_to(ROOT)}:{n.lineno}" for n in ast.walk(node)
                           if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert hidden == []


def test_rules_touch_no_clock_io_or_global_random() -> None:
    for path in sorted((PACKAGE / "games").rglob("*.py")):
        for name in _imports(path):
            root = name if name.startswith("pbem") else name.split(".")[0]
            assert not any(root == f or root.startswith(f + ".") for f in FORBIDDEN_IN_RULES), (
                path,
                name,
            )


def test_every_public_function_has_a_docstring() -> None:
    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in _public_definitions(_tree(path)):
            if ast.get_docstring(node) is None:
                missing.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {node.name}")
    assert missing == []


def _public_definitions(tree: ast.Module) -> list[ast.AST]:
    """Module-level functions and classes, and the methods of those classes (not nested helpers)."""
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    found: list[ast.AST] = []
    for node in tree.body:
        if isinstance(node, kinds) and not node.name.startswith("_"):
            found.append(node)
            if isinstance(node, ast.ClassDef):
                found += [
                    m for m in node.body if isinstance(m, kinds) and not m.name.startswith("_")
                ]
    return found
