"""`pbem log`: referee actions beside the mail and turn history."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.output import command, print_json, print_table
from pbem.cli.state import runtime
from pbem.services.base.audit import campaign_log


def register(app: typer.Typer) -> None:
    """Attach `log` to the app."""
    app.command("log")(command(log))


def log(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    referee_only: Annotated[
        bool, typer.Option("--referee", help="Only the referee's actions.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Show every referee action with time and reason, next to mail and turns."""
    rows = [r for r in campaign_log(runtime(), name) if not referee_only or r["kind"] == "referee"]
    if as_json:
        print_json(rows)
        return
    print_table(
        f"Log of {name}",
        ["time", "kind", "what", "reason / detail"],
        [[r["at"], r["kind"], r["what"], _detail(r)] for r in rows],
    )


def _detail(row: dict[str, object]) -> str:
    if row["kind"] == "referee":
        return f"{row['reason']} {row['detail']}"
    return str(row.get("subject", ""))
