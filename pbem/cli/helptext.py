"""Help screens that read like a manual: flags show no type, values show a plain placeholder.

Typer prints an option's Python type after it (`--json <bool>`, `--game <str>`). For a flag
that is noise, and `<str>` says nothing a reader can use; this shows `--game TEXT` instead.
"""

from __future__ import annotations

from typing import Any

from typer import core

PLACEHOLDERS = {
    "str": "TEXT",
    "int": "INTEGER",
    "float": "NUMBER",
    "Path": "PATH",
    "list[str]": "TEXT",
    "list[int]": "INTEGER",
    "list[Path]": "PATH",
}


def placeholder(label: str) -> str:
    """The word shown after an option for a Typer type label such as '<str>' or '<list[str]>'."""
    bare = label.strip("<>").removesuffix("...")
    return PLACEHOLDERS.get(bare, bare.upper())


def _option_type(self: Any, ctx: Any) -> str | None:
    if self.is_flag or self.count:
        return None
    if self.metavar is not None:
        return str(self.metavar)
    return placeholder(str(self.display_type(ctx)))


def _argument_type(self: Any, ctx: Any) -> str | None:
    return None  # the argument's name already stands for its value


def install() -> None:
    """Use the plain help wording for every pbem command (called once by the app)."""
    core.TyperOption.display_type_rich = _option_type  # type: ignore[method-assign]
    core.TyperArgument.display_type_rich = _argument_type  # type: ignore[method-assign]
