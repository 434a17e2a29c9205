"""More `pbem mail …` commands: the referee's desk for refused mail, the outbox, resending."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.output import AsJson, command, print_json, print_table, say
from pbem.cli.state import runtime
from pbem.services.referee import maildesk

Name = Annotated[str, typer.Argument(help="The campaign.")]
Reason = Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")]


def register(mail_app: typer.Typer) -> None:
    """Attach the desk commands to the `pbem mail` group."""
    for name, func in (
        ("desk", desk),
        ("assign", assign),
        ("discard", discard),
        ("outbox", outbox),
        ("retry", retry),
        ("resend", resend),
    ):
        mail_app.command(name)(command(func))


def desk(as_json: AsJson = False) -> None:
    """List refused, unknown-sender and unparsed mail waiting for the referee."""
    rows = maildesk.desk(runtime())
    if as_json:
        print_json(rows)
        return
    print_table(
        "Mail for the referee's desk",
        ["id", "received", "from", "subject", "outcome"],
        [[r["id"], r["received_at"], r["from"], r["subject"], r["outcome"]] for r in rows],
    )


def assign(
    name: Name,
    message: Annotated[int, typer.Argument(help="The message id (see `pbem mail desk`).")],
    player: Annotated[str, typer.Option("--player", help="The seat or address it is from.")],
    reason: Reason,
    as_json: AsJson = False,
) -> None:
    """Treat a refused message as a player's orders (acknowledged to their address)."""
    result = maildesk.assign(runtime(), name, message, player, reason)
    state = "accepted" if result["accepted"] else "NOT accepted (the player is told why)"
    say(as_json, result, f"Message {message} used as orders of {result['seat']}: {state}.")


def discard(
    name: Name,
    message: Annotated[int, typer.Argument(help="The message id.")],
    reason: Reason,
    as_json: AsJson = False,
) -> None:
    """Set a refused message aside (it stays in the ledger)."""
    maildesk.discard(runtime(), name, message, reason)
    data = {"campaign": name, "message": message, "discarded": True}
    say(as_json, data, f"Message {message} discarded.")


def outbox(
    name: Annotated[str | None, typer.Argument(help="Only this campaign.")] = None,
    status: Annotated[
        str | None, typer.Option("--status", help="pending, sending, sent or dead.")
    ] = None,
    as_json: AsJson = False,
) -> None:
    """List outgoing mail with its delivery state."""
    rows = maildesk.outbox(runtime(), name, status)
    if as_json:
        print_json(rows)
        return
    print_table(
        "Outbox",
        ["id", "kind", "to", "subject", "status", "tries", "error"],
        [
            [r["id"], r["kind"], r["to"], r["subject"], r["status"], r["attempts"], r["last_error"]]
            for r in rows
        ],
    )


def retry(
    name: Name,
    reason: Reason,
    message: Annotated[int | None, typer.Option("--id", help="One message (default: all).")] = None,
    as_json: AsJson = False,
) -> None:
    """Queue failed mail again; the next `pbem tick` sends it."""
    result = maildesk.retry(runtime(), name, message, reason)
    say(as_json, result, f"Queued again: {len(result['requeued'])} message(s).")


def resend(
    name: Name,
    player: Annotated[str, typer.Option("--player", help="The seat or address.")],
    reason: Reason,
    turn: Annotated[int | None, typer.Option("--turn", help="The turn (default: latest).")] = None,
    as_json: AsJson = False,
) -> None:
    """Send a player's report for any turn again."""
    result = maildesk.resend_report(runtime(), name, player, turn, reason)
    say(as_json, result, f"Report of {result['phase']} queued to {result['seat']}.")
