"""`pbem demo`: play a campaign of any game by email on a private mail server."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.host.campaign import parse_sets
from pbem.cli.output import AsJson, command, console, print_json
from pbem.errors import ConfigError, Invalid
from pbem.registry import get_game
from pbem.services.base.campaign_settings import validate_campaign_settings
from pbem.services.turns.campaigns import resolve_scenario


@command
def demo_command(
    out: Annotated[
        Path, typer.Option("--out", help="Where to write the ledger and the reports.")
    ] = Path("demo-out"),
    game_name: Annotated[
        str, typer.Option("--game", help="The game to play (see pbem games).")
    ] = "mighty-kingdoms",
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="A shipped scenario or board by name (see pbem games), "
                     "or a file; default: the game's own."),
    ] = None,
    turns: Annotated[
        int, typer.Option("--turns", help="Stop after this game turn (0: play to the end).")
    ] = 0,
    sets: Annotated[
        list[str] | None,
        typer.Option("--set", help="A game setting KEY=VALUE, as for campaign create."),
    ] = None,
    years: Annotated[
        int | None,
        typer.Option("--years", help="Campaign length in years, for games counted in years "
                     "(default 1)."),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", help="Seed for the players; mixed into the campaign's.")
    ] = 2026,
    battle_mode: Annotated[
        str | None, typer.Option("--battle-mode", help="Mighty Kingdoms: simple (dice) or kow.")
    ] = None,
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
    """Play a campaign of any game by email between scripted players, on loopback."""
    from pbem.demo.run import DemoPlan, claim_folder, run_demo
    from pbem.sandbox.mailstack import available

    game = get_game(game_name)
    chosen = demo_settings(game_name, sets or [], years, battle_mode)
    validate_campaign_settings(game, chosen)
    if scenario is not None:
        resolve_scenario(game, scenario)  # an unknown name fails before the mail server starts
    if turns < 0:
        raise Invalid("demo.E_TURNS", turns=turns)
    claim_folder(out, force)
    ok, reason = available()
    if not ok:
        raise ConfigError("demo.E_NO_DOVECOT", reason=reason)
    plan = DemoPlan(game=game_name, seed=seed, sets=chosen, turns=turns, scenario=scenario)
    result = run_demo(
        out,
        (lambda line: None) if as_json else (
            lambda line: console.print(line, markup=False, highlight=False)
        ),
        plan,
        force=True,
    )
    if as_json:
        print_json({"game": game_name, "out": str(result.out), "phases": len(result.phases),
                    "ticks": result.ticks, "orders_sent": result.orders_sent,
                    "mails_received": result.reports_saved,
                    "finished": result.finished})  # fmt: skip
        return
    ending = "finished" if result.finished else "stopped before its end"
    console.print(
        f"\nDone: {len(result.phases)} phases in {result.ticks} ticks, "
        f"{result.orders_sent} order mails, {result.reports_saved} mails received; "
        f"the campaign {ending}.",
        markup=False,
    )
    console.print(
        f"Open {(result.out / 'index.html').resolve()} to read what the players received.",
        markup=False,
    )
    console.print(f"Inspect it: pbem --config {result.out / 'pbem.toml'} status demo", markup=False)


def demo_settings(
    game_name: str, sets: list[str], years: int | None, battle_mode: str | None
) -> dict[str, str]:
    """The settings the demo creates its campaign with: `--set` pairs, then the shortcuts. A
    game counted in years plays one unless told otherwise, to keep the demo short."""
    chosen = parse_sets(sets)
    counted_in_years = any(s.key == "years" for s in get_game(game_name).meta.settings)
    if years is not None or (counted_in_years and "years" not in chosen):
        chosen["years"] = str(1 if years is None else years)
    if battle_mode is not None:
        chosen["battle_mode"] = battle_mode
    return chosen
