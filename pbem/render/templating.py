"""Jinja2 environments: autoescaped HTML, plain text, StrictUndefined everywhere."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from pbem.paths import templates_dir


@cache
def environment() -> Environment:
    """The shared template environment (HTML autoescaped, undefined names are errors)."""
    env = Environment(
        loader=FileSystemLoader(str(templates_dir())),
        autoescape=select_autoescape(enabled_extensions=("html", "html.j2"), default=False),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["wording"] = wording
    return env


def render(name: str, **context: Any) -> str:
    """Render one template by its path under templates/."""
    return environment().get_template(name).render(**context)


@cache
def _wordings() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted(Path(templates_dir()).rglob("*.txt")):
        if path.stem not in ("problems", "errors", "events"):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            code, sep, words = line.partition(":")
            if sep and code.strip() and not line.startswith("#") and " " not in code.strip():
                found.setdefault(code.strip(), words.strip())
    return found


def wording(code: str, params: dict[str, Any] | None = None) -> str:
    """The words for a stable code, with {param} placeholders filled; the code itself if unknown."""
    template = _wordings().get(code)
    if template is None:
        details = ", ".join(f"{k}={v}" for k, v in sorted((params or {}).items()))
        return f"{code} ({details})" if details else code
    try:
        return template.format(**(params or {}))
    except (KeyError, IndexError, ValueError):
        return template
