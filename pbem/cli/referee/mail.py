"""`pbem mail …`: the referee's view of stored inbound mail, quarantined mail first."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.output import command, console, print_json, print_table
from pbem.cli.state import runtime
from pbem.mail.headers import safe_text
from pbem.services.intake.quarantine import listing, shown

app = typer.Typer(
    help="Inbound mail: quarantined messages and stored raw mail.", no_args_is_help=True
)


@app.command("quarantined")
@command
def quarantined(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List mail that could not be stored or processed, with the reason."""
    rows = listing(runtime())
    if as_json:
        print_json(rows)
        return
    if not rows:
        console.print("No quarantined mail.")
        return
    print_table(
        "Quarantined mail",
        ["id", "received", "from", "subject", "reason", "detail"],
        [
            [r["id"], r["received_at"], r["from"], r["subject"], r["reason"], r["detail"]]
            for r in rows
        ],
    )


@app.command("show")
@command
def show(
    message_id: Annotated[int, typer.Argument(help="The stored message's id.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    raw: Annotated[
        bool, typer.Option("--raw", help="Write the stored raw bytes to stdout.")
    ] = False,
) -> None:
    """Show one stored message: status, reason, size, hash, and the raw mail as kept."""
    info, kept = shown(runtime(), message_id)
    if raw:
        typer.echo(kept, nl=False)
        return
    if as_json:
        print_json(info | {"raw": kept.decode("utf-8", "replace")})
        return
    for key, value in info.items():
        console.print(f"{key}: {value}", markup=False)
    console.print("")
    console.print(safe_text(kept.decode("utf-8", "replace")), markup=False)
