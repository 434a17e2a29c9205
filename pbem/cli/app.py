"""The `pbem` command: top-level options and command registration."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli import campaign, mail, maps, orders, play, turn
from pbem.cli.state import set_config

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
play.register(app)


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
    """Entry point of the console script."""
    app()
