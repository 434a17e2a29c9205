"""`pbem end`, `archive`, `export`, `import`: the end of a campaign and moving it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.output import AsJson, command, say
from pbem.cli.state import runtime
from pbem.services.referee import lifecycle, transfer

Name = Annotated[str, typer.Argument(help="The campaign.")]
Reason = Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")]


def register(app: typer.Typer) -> None:
    """Attach the lifecycle commands to the app."""
    app.command("end")(command(end))
    app.command("archive")(command(archive))
    app.command("export")(command(export))
    app.command("import")(command(import_))


def end(
    name: Name,
    result: Annotated[str, typer.Option("--result", help="The declared result, e.g. 'p2 wins'.")],
    reason: Reason,
    as_json: AsJson = False,
) -> None:
    """End a campaign early with a declared result; players are told."""
    lifecycle.end_campaign(runtime(), name, result, reason)
    say(as_json, {"campaign": name, "result": result}, f"{name} has ended: {result}")


def archive(name: Name, reason: Reason, as_json: AsJson = False) -> None:
    """Archive a finished campaign (it stays whole in the ledger)."""
    lifecycle.archive(runtime(), name, reason)
    say(as_json, {"campaign": name, "archived": True}, f"{name} is archived.")


def export(
    name: Name,
    path: Annotated[Path, typer.Option("--to", help="The file to write.")],
    as_json: AsJson = False,
) -> None:
    """Write a campaign, ledger included, to one file readable by you alone (it holds secrets)."""
    counts = transfer.export_campaign(runtime(), name, path)
    data = {"campaign": name, "path": str(path), "rows": counts, "mode": "0600"}
    say(
        as_json,
        data,
        f"Wrote {path}: {sum(counts.values())} rows. It holds the campaign's secrets and every "
        "mail: keep it private (only you may read it).",
    )


def import_(
    path: Annotated[Path, typer.Argument(help="A file written by `pbem export`.")],
    as_json: AsJson = False,
) -> None:
    """Load an exported campaign into this ledger; then `pbem replay` checks it."""
    counts = transfer.import_campaign(runtime(), path)
    data = {"path": str(path), "rows": counts}
    say(as_json, data, f"Imported {sum(counts.values())} rows from {path}.")
