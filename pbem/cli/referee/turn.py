"""`pbem turn …`: run a phase."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.output import command, console, print_json
from pbem.cli.state import runtime
from pbem.services.turns.turns import run_phase

app = typer.Typer(help="Adjudicate turns.", no_args_is_help=True)


@app.command("run")
@command
def run(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    force: Annotated[
        bool, typer.Option("--force", help="Run now; missing orders take defaults.")
    ] = False,
    phase: Annotated[
        str | None, typer.Option("--phase", help="Only run if the open phase has this key.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Adjudicate the open phase if every input is in, its deadline passed, or --force."""
    result = run_phase(runtime(), name, force=force, expected=phase)
    if as_json:
        print_json(result.__dict__)
        return
    console.print(f"Ran {result.phase_label}: {result.events} events.")
    if result.defaults:
        console.print("Defaults used for: " + ", ".join(result.defaults))
    console.print("Campaign finished." if result.finished else f"Now open: {result.next_phase}")
