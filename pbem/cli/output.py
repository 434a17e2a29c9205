"""Printing for people (rich) and scripts (JSON), and turning errors into exit codes."""

from __future__ import annotations

import functools
import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from pbem.cli.failures import as_pbem_error
from pbem.errors import ExitCode, PbemError
from pbem.mail.routing import MAC_LENGTH
from pbem.wording import wording

_TOKEN_MAC = re.compile(rf"(\b[a-z0-9-]+\.[a-z0-9-]+\.)[a-z2-7]{{{MAC_LENGTH}}}\b", re.I)
_URL_PASSWORD = re.compile(r"(://[^:/@\s]*:)[^@\s]+@")
# a "campaign seat secret" line, as a player may start a mail with it
_AUTH_LINE = re.compile(r"(?im)^(\s*[a-z0-9_-]{1,40}\s+p\d{1,2}\s+)[a-z2-9]{10}(\s*)$")
MASK = "***"


def mask(text: str) -> str:
    """Text with seat keys (reply tokens' HMAC, seat secrets) and URL passwords as ***."""
    text = _TOKEN_MAC.sub(rf"\1{MASK}", text)
    text = _AUTH_LINE.sub(rf"\1{MASK}\2", text)
    return _URL_PASSWORD.sub(rf"\1{MASK}@", text)


class MaskingConsole(Console):
    """A rich console that never shows a seat key or a password, and never wraps a line."""

    def print(self, *objects: Any, **kwargs: Any) -> None:
        """Print like rich, with keys masked; long lines are left whole (soft wrap)."""
        kwargs.setdefault("soft_wrap", True)
        masked = [mask(o) if isinstance(o, str) else _masked_text(o) for o in objects]
        super().print(*masked, **kwargs)


def _masked_text(value: Any) -> Any:
    if isinstance(value, Text):
        value = value.copy()
        value.plain = mask(value.plain)
    return value


# Markup is off: names and subjects people chose (such as "[/x]") print as written.
console = MaskingConsole(markup=False, highlight=False)
errors = MaskingConsole(stderr=True, markup=False, highlight=False)


def echo(text: str, nl: bool = True) -> None:
    """Write plain text to stdout, keys masked."""
    typer.echo(mask(text), nl=nl)


def print_json(value: Any) -> None:
    """Print a value as indented JSON on stdout, keys masked."""
    echo(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False, default=str))


AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]  # on every command


def say(as_json: bool, data: Any, text: str) -> None:
    """What a command did: `data` as JSON for scripts (`--json`), else `text` for people."""
    if as_json:
        print_json(data)
    else:
        console.print(text, markup=False, highlight=False)


def print_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Print a rich table; cells are shown literally, never read as markup."""
    table = Table(title=title)
    for column in columns:
        table.add_column(column)
    for row in rows:
        table.add_row(*[Text(mask(str(cell)) if cell is not None else "") for cell in row])
    console.print(table)


def fail_line(exc: PbemError) -> str:
    """The one line an error prints: its stable code and its wording."""
    words = " ".join(wording(exc.code, exc.params).split())
    return f"error {exc.code}: {words}"


@contextmanager
def handled() -> Iterator[None]:
    """Turn every failure into one line on stderr with its code and documented exit code."""
    try:
        yield
    except (typer.Exit, typer.Abort, SystemExit, KeyboardInterrupt):
        raise
    except Exception as exc:
        if _is_usage_error(exc):
            raise  # Typer reports bad arguments itself, with exit code 2
        if os.environ.get("PBEM_DEBUG") == "1" and not isinstance(exc, PbemError):
            raise
        error = as_pbem_error(exc)
        errors.print(Text(mask(fail_line(error)), style="red"), highlight=False)
        raise typer.Exit(int(error.exit_code)) from None


def _is_usage_error(exc: Exception) -> bool:
    """True for the command-line parser's own errors (Typer's BadParameter and its kin)."""
    return any(kind.__name__ == "ClickException" for kind in type(exc).__mro__)


def command(func: Callable[..., Any]) -> Callable[..., Any]:
    """Decorate a Typer command so every error exits with one line and its code."""

    if getattr(func, "_pbem_guarded", False):
        return func

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with handled():
            return func(*args, **kwargs)

    wrapper._pbem_guarded = True  # type: ignore[attr-defined]
    return wrapper


def guard_commands(app: typer.Typer) -> None:
    """Give every command of `app` and its groups the one-line error handling of `command`."""
    for info in app.registered_commands:
        callback = info.callback
        if callback is not None and not getattr(callback, "_pbem_guarded", False):
            info.callback = command(callback)
    for group in app.registered_groups:
        if group.typer_instance is not None:
            guard_commands(group.typer_instance)


__all__ = [
    "AsJson",
    "ExitCode",
    "command",
    "console",
    "echo",
    "escape",
    "guard_commands",
    "handled",
    "mask",
    "print_json",
    "print_table",
    "say",
]
