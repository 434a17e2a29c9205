"""`pbem campaign …`: create and list campaigns."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.output import command, console, print_json, print_table
from pbem.cli.state import runtime
from pbem.errors import Invalid
from pbem.services.campaigns import NewCampaign, create_campaign, list_campaigns
from pbem.services.tick import send_now

app = typer.Typer(help="Create and list campaigns.", no_args_is_help=True)


def parse_sets(pairs: list[str]) -> dict[str, str]:
    """Turn repeated key=value options into a dict."""
    found: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise Invalid(
                "campaign.E_BAD_SETTING", key=pair, value="", reason="write it as key=value"
            )
        found[key.strip()] = value.strip()
    return found


@app.command("create")
@command
def create(
    name: Annotated[str, typer.Argument(help="A short campaign name, used in mail subjects.")],
    game: Annotated[str, typer.Option("--game", help="The game, as listed by `pbem games`.")],
    player: Annotated[
        list[str], typer.Option("--player", help='A player as "Name <address>"; repeat.')
    ],
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="Scenario or map file (or a shipped one's name)."),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Derive every seed from this number.")
    ] = None,
    setting: Annotated[
        list[str] | None, typer.Option("--set", help="A setting as key=value; repeat.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Create a campaign and queue the welcome mail to every player."""
    rt = runtime()
    request = NewCampaign(
        name=name,
        game=game,
        scenario=scenario,
        players=player,
        seed=seed,
        sets=parse_sets(setting or []),
    )
    created = create_campaign(rt, request)
    sent = send_now(rt) if rt.settings.smtp_url else None
    if as_json:
        print_json({"campaign": created.name, "game": created.game, "welcome_sent": sent})
        return
    console.print(f"Created [bold]{created.name}[/bold] ({created.game}).")
    console.print(
        "Welcome mail queued; the next `pbem tick` sends it."
        if sent is None
        else f"Welcome mail sent: {sent} (anything unsent is retried by `pbem tick`)."
    )


@app.command("list")
@command
def list_(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List every campaign with its phase and who it waits for."""
    rows = list_campaigns(runtime())
    if as_json:
        print_json(rows)
        return
    print_table(
        "Campaigns",
        ["campaign", "game", "status", "phase", "deadline", "waiting for"],
        [
            [
                r["campaign"],
                r["game"],
                r["status"],
                r["phase"],
                r["deadline"] or "",
                ", ".join(r["waiting_for"]),
            ]
            for r in rows
        ],
    )
