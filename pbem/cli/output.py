"""Printing for people (rich) and scripts (JSON), and turning errors into exit codes."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from pbem.errors import ExitCode, PbemError
from pbem.render.templating import wording

console = Console()
errors = Console(stderr=True)


def print_json(value: Any) -> None:
    """Print a value as indented JSON on stdout."""
    typer.echo(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False, default=str))


def print_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """Print a rich table."""
    table = Table(title=title)
    for column in columns:
        table.add_column(column)
    for row in rows:
        table.add_row(*[str(cell) if cell is not None else "" for cell in row])
    console.print(table)


@contextmanager
def handled() -> Iterator[None]:
    """Turn PbemError into its worded message on stderr and its documented exit code."""
    try:
        yield
    except PbemError as exc:
        errors.print(
            f"[red]error[/red] {exc.code}: {wording(exc.code, exc.params)}", highlight=False
        )
        raise typer.Exit(int(exc.exit_code)) from None


def command(func: Callable[..., Any]) -> Callable[..., Any]:
    """Decorate a Typer command so expected errors exit with their code."""
    import functools

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with handled():
            return func(*args, **kwargs)

    return wrapper


__all__ = ["ExitCode", "command", "console", "handled", "print_json", "print_table"]
