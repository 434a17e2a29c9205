"""`pbem player …`: replace a player, change addresses, rotate a secret, drop a seat."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.output import command, console, print_json
from pbem.cli.state import runtime
from pbem.errors import Invalid
from pbem.services.community.seats import open_seat
from pbem.services.referee import people
from pbem.services.turns import adjustments

app = typer.Typer(help="Change who plays a seat, and how they are reached.", no_args_is_help=True)

Name = Annotated[str, typer.Argument(help="The campaign.")]
Who = Annotated[str, typer.Argument(help="The seat (p1, p2, …) or the player's address.")]
Reason = Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def _show(result: dict[str, object], as_json: bool, line: str) -> None:
    if as_json:
        print_json(result)
    else:
        console.print(line, highlight=False, markup=False)


@app.command("replace")
@command
def replace(
    name: Name,
    who: Who,
    new: Annotated[str, typer.Argument(help='The new player as "Name <address>".')],
    reason: Reason,
    as_json: AsJson = False,
) -> None:
    """Give a seat to a new player: new secret, welcome mail with the current report."""
    result = people.replace_player(runtime(), name, who, new, reason)
    _show(result, as_json, f"{result['seat']} is now played by {result['address']}.")


@app.command("address")
@command
def address(
    name: Name,
    who: Who,
    reason: Reason,
    add: Annotated[str | None, typer.Option("--add", help="Add an extra address.")] = None,
    remove: Annotated[str | None, typer.Option("--remove", help="Remove an extra one.")] = None,
    main: Annotated[str | None, typer.Option("--set", help="Move to a new main address.")] = None,
    as_json: AsJson = False,
) -> None:
    """Add or remove an extra address, or move the seat to a new main address."""
    if main is not None:
        result = people.set_primary(runtime(), name, who, main, reason)
        _show(result, as_json, f"{result['seat']} now gets mail at {result['address']}.")
        return
    if add is None and remove is None:
        raise Invalid("referee.E_ADDRESS_NOT_EXTRA", address="(none given)", seat=who)
    result = people.change_address(runtime(), name, who, reason, add=add, remove=remove)
    _show(result, as_json, f"Extra addresses of {result['seat']}: {result['extra_addresses']}")


@app.command("rotate-secret")
@command
def rotate_secret(name: Name, who: Who, reason: Reason, as_json: AsJson = False) -> None:
    """Give a player a new secret; mail carrying the old one is refused."""
    result = people.rotate_secret(runtime(), name, who, reason)
    _show(result, as_json, f"New secret for {result['seat']}; a notice is queued.")


@app.command("drop")
@command
def drop(name: Name, who: Who, reason: Reason, as_json: AsJson = False) -> None:
    """Take a player out under the game's own rules: a duel is conceded, a Diplomacy power
    falls into civil disorder, a seat in the other games plays on by default (docs/referee.md)."""
    result = adjustments.drop_player(runtime(), name, who, reason)
    _show(result, as_json, "Dropped: " + "; ".join(result["events"]))


@app.command("open")
@command
def open_(name: Name, who: Who, reason: Reason, as_json: AsJson = False) -> None:
    """Offer a seat to whoever signs on for it by mail (SIGNON); it plays on defaults until
    then, and LIST shows it."""
    result = open_seat(runtime(), name, who, reason)
    _show(result, as_json, f"{result['seat']} is open: LIST shows it, SIGNON takes it.")
