"""`pbem demo`: play a campaign by email on a private mail server."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.output import command, console


@command
def demo_command(
    out: Annotated[
        Path, typer.Option("--out", help="Where to write the ledger and the reports.")
    ] = Path("demo-out"),
    years: Annotated[int, typer.Option("--years", help="Campaign length in years.")] = 1,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed for the campaign and the players.")
    ] = 2026,
    battle_mode: Annotated[
        str, typer.Option("--battle-mode", help="simple (dice) or kow.")
    ] = "simple",
) -> None:
    """Play a Mighty Kingdoms campaign by email between scripted players, on loopback."""
    from pbem.demo.run import run_demo
    from pbem.sandbox.mailstack import available

    ok, reason = available()
    if not ok:
        console.print(
            f"[red]The demo needs Dovecot:[/red] {reason}. Run `make demo`, which installs it."
        )
        raise typer.Exit(9)
    result = run_demo(
        out,
        lambda line: console.print(line, markup=False, highlight=False),
        years=years,
        seed=seed,
        battle_mode=battle_mode,
    )
    console.print(
        f"\nDone: {len(result.phases)} phases in {result.ticks} ticks, "
        f"{result.orders_sent} order mails, "
        f"{result.reports_saved} reports received. Campaign finished: {result.finished}."
    )
    console.print(
        f"Open {(result.out / 'index.html').resolve()} to read what the players received."
    )
    console.print(f"Inspect it: pbem --config {result.out / 'pbem.toml'} status demo")
