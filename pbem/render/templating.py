"""Jinja2 environments: autoescaped HTML, plain text, StrictUndefined everywhere."""

from __future__ import annotations

import textwrap
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbem.paths import templates_dir

if TYPE_CHECKING:  # Jinja2 is imported when a template is first rendered, not for wording()
    from jinja2 import Environment, Template


@cache
def environment() -> Environment:
    """The shared template environment (HTML autoescaped, undefined names are errors)."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

    env = Environment(
        loader=FileSystemLoader(str(templates_dir())),
        autoescape=select_autoescape(enabled_extensions=("html", "html.j2"), default=False),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # shipped templates do not change under a running process
    )
    env.filters["wording"] = wording
    env.filters["plain"] = plain
    env.filters["wrap"] = wrap
    return env


PLAIN_LIMIT = 40


def plain(value: object, limit: int = PLAIN_LIMIT) -> str:
    """Player-supplied text made safe for one line: no control characters, runs of space
    collapsed, cut to `limit` characters (so a name can never break a report's layout)."""
    text = "".join(ch if ch.isprintable() else " " for ch in str(value))
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def wrap(text: str, width: int = 72, indent: str = "", hang: str | None = None) -> str:
    """Text folded to `width` columns: first line after `indent`, the rest after `hang`."""
    wrapper = textwrap.TextWrapper(width=width, initial_indent=indent,
                                   subsequent_indent=indent if hang is None else hang,
                                   break_long_words=True, break_on_hyphens=False)
    return "\n".join(wrapper.fill(line) if line.strip() else "" for line in text.splitlines())


def render(name: str, **context: Any) -> str:
    """Render one template by its path under templates/."""
    return _template(name).render(**context)


@cache
def _template(name: str) -> Template:
    return environment().get_template(name)


@cache
def has_template(name: str) -> bool:
    """Whether templates/ holds `name` (asked once per process)."""
    return (Path(templates_dir()) / name).is_file()


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
    """The words for a stable code, with {param} placeholders filled; the code itself if unknown.

    A value may have words of its own: `<code>.<param>.<value>` in the same files (say
    `ki.discard.question.why.card`) stands in for the bare value; a `{<param>_name}` the
    caller does not give is filled with `<param>` (a view adds names where it has them)."""
    words = _wordings()
    template = words.get(code)
    if template is None:
        details = ", ".join(f"{k}={v}" for k, v in sorted((params or {}).items()))
        return f"{code} ({details})" if details else code
    filled = _Filled({k: words.get(f"{code}.{k}.{v}", v) for k, v in (params or {}).items()})
    try:
        return template.format_map(filled)
    except (KeyError, IndexError, ValueError):
        return template


class _Filled(dict[str, Any]):
    """A wording's parameters; `<param>_name`, where the caller gives no name, is `<param>`."""

    def __missing__(self, key: str) -> Any:
        if key.endswith("_name") and key.removesuffix("_name") in self:
            return self[key.removesuffix("_name")]
        raise KeyError(key)
