"""Tests invoke the CLI hundreds of times: build each Typer app's click command once.

typer's CliRunner turns the app into a click command at every `invoke`, reading every
command's signature again (some 2% of the unit tests' CPU). A built command holds no state of
an invocation (click makes a fresh context for each), and the tests never change an app once
built, so the first build serves every later invoke in the process. `pbem` itself builds its
app once per run, as before.
"""

from __future__ import annotations

from typing import Any

import typer
import typer.testing

_built: dict[int, tuple[typer.Typer, Any]] = {}  # id(app) -> (app, its click command)


def build_each_app_once() -> None:
    """Make typer's CliRunner reuse the click command it built for an app."""
    build = typer.testing._get_command
    if getattr(build, "built_once", False):
        return

    def built(typer_instance: typer.Typer) -> Any:
        found = _built.get(id(typer_instance))
        if found is None or found[0] is not typer_instance:
            found = (typer_instance, build(typer_instance))  # kept: its id is never reused
            _built[id(typer_instance)] = found
        return found[1]

    built.built_once = True  # type: ignore[attr-defined]
    typer.testing._get_command = built
