"""`pbem map …`: check, generate and render maps."""

from __future__ import annotations

from typing import Annotated

import typer

app = typer.Typer(help="Check, generate and render campaign maps.", no_args_is_help=True)

GameOption = Annotated[str, typer.Option("--game", help="The game whose map format to use.")]
