"""`pbem edit`: a typed change to the game state, checked by the game's rules."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.output import command, console, print_json
from pbem.cli.state import runtime
from pbem.services.turns.adjustments import edit_state


def register(app: typer.Typer) -> None:
    """Attach `edit` to the app."""
    app.command("edit")(command(edit))


def edit(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    change: Annotated[list[str], typer.Argument(help="The edit, e.g. gold p1 30 (see docs).")],
    reason: Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Edit the state (control, gold, food, settlement, add-army, remove-army, move-army)."""
    result = edit_state(runtime(), name, " ".join(change), reason)
    if as_json:
        print_json(result)
        return
    console.print("Done: " + "; ".join(result["events"]) + ". Players are told.", markup=False)
