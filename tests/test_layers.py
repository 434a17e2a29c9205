"""Imports point one way: games use only core; core uses nothing of pbem's outer layers."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "pbem"
ALLOWED = {
    "core": {"pbem.core"},
    "games": {"pbem.core", "pbem.games"},
    "mail": {"pbem.mail"},
    "render": {"pbem.core", "pbem.render", "pbem.paths"},
    "ledger": {"pbem.ledger", "pbem.errors"},
}
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


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_layer_imports_point_one_way(layer: str) -> None:
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        for name in _imports(path):
            if name.startswith("pbem"):
                assert any(name == a or name.startswith(a + ".") for a in ALLOWED[layer]), (
                    path,
                    name,
                )


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
        for node in _public_definitions(ast.parse(path.read_text(encoding="utf-8"))):
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
