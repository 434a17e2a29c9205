"""Jinja2 environments: autoescaped HTML, plain text, StrictUndefined everywhere (the words
for codes come from pbem/wording.py, as the `wording` filter)."""

from __future__ import annotations

import textwrap
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbem.paths import templates_dir
from pbem.wording import wording

if TYPE_CHECKING:  # Jinja2 is imported when a template is first rendered, not for wording()
    from jinja2 import Environment, Template


@cache
def environment() -> Environment:
    """The shared template environment (HTML autoescaped, undefined names are errors)."""
    return new_environment()


def new_environment() -> Environment:
    """A template environment of its own, its compiled templates kept across runs
    (template_cache.py)."""
    from jinja2 import FileSystemLoader, StrictUndefined, select_autoescape

    from pbem.render.jinja_env import ReportEnvironment
    from pbem.render.map_key import map_key
    from pbem.render.template_cache import template_cache

    env = ReportEnvironment(
        loader=FileSystemLoader(str(templates_dir())),
        autoescape=select_autoescape(enabled_extensions=("html", "html.j2"), default=False),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,  # shipped templates do not change under a running process
        bytecode_cache=template_cache(),
    )
    env.filters["wording"] = wording
    env.filters["plain"] = plain
    env.filters["wrap"] = wrap
    env.filters["grid_half"] = grid_half
    env.filters["map_key"] = map_key
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


def grid_half(lines: list[str], split: int, label: int = 4, right: bool = False) -> list[str]:
    """One half of a grid's lines cut at column `split`: the left half, or the right one with
    each line's first `label` characters (its row label) before it."""
    if right:
        return [line[:label] + line[split:] for line in lines]
    return [line[:split].rstrip() for line in lines]


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
