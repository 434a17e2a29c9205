"""`pbem players`: every address's reliability record across campaigns."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.output import command, print_json, print_table
from pbem.cli.state import runtime
from pbem.services.community.records import player_records

FIELDS = ("owed", "on_time", "late", "missed", "finished", "dropped", "on_time_pct")


def register(app: typer.Typer) -> None:
    """Attach `players` to the app."""
    app.command("players")(command(players))


def players(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """Show every player address's record: phases owed, on time, late, missed, games finished,
    seats dropped."""
    rows = player_records(runtime())
    if as_json:
        print_json(rows)
        return
    print_table(
        "Player records",
        ["address", *FIELDS],
        [[str(r["address"]), *(str(r[f]) for f in FIELDS)] for r in rows],
    )
