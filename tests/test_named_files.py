"""Every file the docs, templates and code comments name exists: a module that moves takes its
mentions with it (a path is found when some file of the repository ends with it; a bare name
when some file has that name)."""

from __future__ import annotations

import ast
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LEFT_OUT = {".venv", ".git", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache",
            "demo-out", "node_modules"}
NAMED = re.compile(r"(?<![\w./:-])((?:[\w-]+/)*[\w-]+\.(?:py|md))(?![\w/])")
PROSE = (".md", ".j2", ".txt")
COMMENT = re.compile(r"#.*")
DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _files() -> list[Path]:
    found = []
    for folder, subfolders, names in os.walk(ROOT):
        subfolders[:] = [s for s in subfolders if s not in LEFT_OUT]
        found += [Path(folder) / name for name in names]
    return sorted(found)


def _prose_of(path: Path) -> str:
    """The words of a file: all of a document or template; a module's docstrings and comments."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix != ".py":
        return text
    docstrings = []
    bodies: list[ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef]
    bodies = [ast.parse(text)]
    while bodies:  # definitions inside definitions; expressions are not walked
        node = bodies.pop()
        docstrings.append(ast.get_docstring(node) or "")
        bodies += [n for n in node.body if isinstance(n, DEFINITIONS)]
    comments = COMMENT.findall(text)  # and a "#" inside a string: more to check, never less
    return "\n".join(docstrings + comments)


def test_every_file_named_in_docs_templates_and_comments_exists() -> None:
    files = _files()
    paths = {"/" + p.relative_to(ROOT).as_posix() for p in files}
    names = {p.name for p in files}
    missing = []
    for path in files:
        if path.suffix not in (*PROSE, ".py"):
            continue
        for named in NAMED.findall(_prose_of(path)):
            found = any(p.endswith("/" + named) for p in paths) if "/" in named else named in names
            if not found:
                missing.append(f"{path.relative_to(ROOT)} names {named}")
    assert missing == []


def test_the_check_finds_a_file_that_is_not_there(tmp_path: Path) -> None:
    module = tmp_path / "moved.py"
    module.write_text('"""Drawn in services/outbox/old_drafts.py."""\n', encoding="utf-8")
    assert NAMED.findall(_prose_of(module)) == ["services/outbox/old_drafts.py"]
