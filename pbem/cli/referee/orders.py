"""`pbem orders …`: enter orders on a player's (or the referee's) behalf."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.output import AsJson, command, console, print_json, print_table, say
from pbem.cli.state import runtime
from pbem.errors import ExitCode
from pbem.services.intake.entry import submit_by_address
from pbem.services.referee.orders_desk import clear_orders, show_orders

app = typer.Typer(help="Enter orders by hand, through the same path as mail.", no_args_is_help=True)


@app.command("submit")
@command
def submit(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    source: Annotated[str, typer.Argument(help="A file of orders, or - for standard input.")],
    player: Annotated[
        str, typer.Option("--player", help="The player's seat (p1) or address, or 'referee'.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Submit orders for a player (or the referee) and show the acknowledgement."""
    text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    receipt = submit_by_address(runtime(), name, player, text)
    if as_json:
        print_json(receipt)
    else:
        console.print(receipt["acknowledgement"], highlight=False, markup=False)
    if not receipt["accepted"]:
        raise typer.Exit(int(ExitCode.INVALID))


@app.command("show")
@command
def show(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    player: Annotated[
        str | None, typer.Option("--player", help="One seat, address or 'referee'.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Show the orders on file for the open phase (every seat, or one)."""
    rows = show_orders(runtime(), name, player)
    if as_json:
        print_json(rows)
        return
    print_table(
        "Orders on file",
        ["seat", "owed", "sent at", "source", "digest", "orders"],
        [
            [r["seat"], "yes" if r["owed"] else "no", r["sent_at"] or "-", r["source"] or "",
             r["digest"] or "", r["orders"] or ""]
            for r in rows
        ],
    )


@app.command("clear")
@command
def clear(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    player: Annotated[str, typer.Option("--player", help="The seat, address or 'referee'.")],
    reason: Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")],
    as_json: AsJson = False,
) -> None:
    """Withdraw a seat's orders for the open phase (kept in the ledger as superseded)."""
    result = clear_orders(runtime(), name, player, reason)
    say(as_json, result, f"Cleared the orders of {result['seat']} for {result['phase']}.")
