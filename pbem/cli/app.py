"""The `pbem` command: top-level options and command registration."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli import (
    audit,
    campaign,
    edit,
    lifecycle,
    mail,
    mail_desk,
    maps,
    messages,
    orders,
    overview,
    people,
    play,
    rerun,
    timecmds,
    turn,
)
from pbem.cli.helptext import install as plain_help
from pbem.cli.output import errors, guard_commands
from pbem.cli.state import set_config
from pbem.errors import ExitCode

plain_help()
app = typer.Typer(
    name="pbem",
    help="Play-by-email campaign adjudicator. Exit codes are listed in docs/cli.md.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(campaign.app, name="campaign")
app.add_typer(orders.app, name="orders")
app.add_typer(turn.app, name="turn")
app.add_typer(maps.app, name="map")
app.add_typer(mail.app, name="mail")
app.add_typer(people.app, name="player")
mail_desk.register(mail.app)
play.register(app)
for module in (overview, timecmds, rerun, edit, messages, lifecycle, audit):
    module.register(app)

guard_commands(app)  # keep after every registration: each command's errors become one line


@app.callback()
def main_options(
    config: Annotated[
        str | None,
        typer.Option("--config", help="Path to pbem.toml (else PBEM_CONFIG, else ./pbem.toml)."),
    ] = None,
) -> None:
    """Play-by-email campaign adjudicator."""
    set_config(config)


def main() -> None:
    """Entry point of the console script: usage errors, too, are one line with exit code 2."""
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        errors.print("error usage.E_ABORTED: stopped.")
        raise SystemExit(int(ExitCode.FAILURE)) from None
    except Exception as exc:
        if not callable(getattr(exc, "format_message", None)):
            raise
        words = " ".join(str(exc.format_message()).split())  # type: ignore[attr-defined]
        if words:  # an empty message follows the help text shown for a bare command group
            errors.print(f"error usage.E_ARGS: {words} (see --help)")
        raise SystemExit(int(ExitCode.USAGE)) from None
    raise SystemExit(code if isinstance(code, int) else 0)
