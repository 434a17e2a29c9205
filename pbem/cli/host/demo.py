"""`pbem demo`: play a campaign by email on a private mail server."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.output import AsJson, command, console, print_json
from pbem.errors import ConfigError
from pbem.registry import get_game
from pbem.services.base.campaign_settings import validate_campaign_settings


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
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            "--overwrite",
            help="Replace a campaign (pbem.db, pbem.toml) already in --out.",
        ),
    ] = False,
    as_json: AsJson = False,
) -> None:
    """Play a Mighty Kingdoms campaign by email between scripted players, on loopback."""
    from pbem.demo.run import claim_folder, run_demo
    from pbem.sandbox.mailstack import available

    game = get_game("mighty-kingdoms")
    validate_campaign_settings(game, {"years": str(years), "battle_mode": battle_mode})
    claim_folder(out, force)
    ok, reason = available()
    if not ok:
        raise ConfigError("demo.E_NO_DOVECOT", reason=reason)
    result = run_demo(
        out,
        (lambda line: None) if as_json else (
            lambda line: console.print(line, markup=False, highlight=False)
        ),
        years=years,
        seed=seed,
        battle_mode=battle_mode,
        force=True,
    )
    if as_json:
        print_json({"out": str(result.out), "phases": len(result.phases), "ticks": result.ticks,
                    "orders_sent": result.orders_sent, "reports_saved": result.reports_saved,
                    "finished": result.finished})  # fmt: skip
        return
    console.print(
        f"\nDone: {len(result.phases)} phases in {result.ticks} ticks, "
        f"{result.orders_sent} order mails, "
        f"{result.reports_saved} reports received. Campaign finished: {result.finished}.",
        markup=False,
    )
    console.print(
        f"Open {(result.out / 'index.html').resolve()} to read what the players received.",
        markup=False,
    )
    console.print(f"Inspect it: pbem --config {result.out / 'pbem.toml'} status demo", markup=False)
