"""The game's modules import one another in one direction: no module reaches itself again
through its imports, counting the imports made inside functions."""

from __future__ import annotations

import ast
from pathlib import Path

import pbem.games.kings_of_israel as package

PREFIX = "pbem.games.kings_of_israel."


def imports_of(path: Path) -> set[str]:
    """The sibling modules `path` imports, anywhere in the file."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PREFIX):
            found.add(str(node.module)[len(PREFIX) :])
        elif isinstance(node, ast.Import):
            found |= {a.name[len(PREFIX) :] for a in node.names if a.name.startswith(PREFIX)}
    return found


def graph() -> dict[str, set[str]]:
    """Module name -> the sibling modules it imports."""
    folder = Path(package.__file__).parent
    return {_dotted(p.relative_to(folder)): imports_of(p) for p in sorted(folder.rglob("*.py"))}


def _dotted(relative: Path) -> str:
    """play/turn.py -> play.turn; cards/__init__.py -> cards."""
    parts = relative.with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def circle_through(start: str, edges: dict[str, set[str]]) -> list[str]:
    """A path of imports from `start` back to itself, or [] when there is none."""
    stack = [(start, [start])]
    seen: set[str] = set()
    while stack:
        here, path = stack.pop()
        for nxt in sorted(edges.get(here, set())):
            if nxt == start:
                return [*path, nxt]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, [*path, nxt]))
    return []


def test_the_checker_finds_a_circle() -> None:
    assert circle_through("a", {"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_module_of_the_game_imports_itself_through_others() -> None:
    edges = graph()
    assert "flow" in edges and "play.turn" in edges
    circles = [circle_through(m, edges) for m in sorted(edges)]
    assert [c for c in circles if c] == []
