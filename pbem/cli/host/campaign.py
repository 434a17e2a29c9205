"""`pbem campaign …`: create and list campaigns."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.host.listing import campaign_table
from pbem.cli.output import command, console, print_json
from pbem.cli.state import runtime
from pbem.errors import ExitCode, Invalid, PbemError
from pbem.services.community.openings import NewOpening, create_opening, opening_list
from pbem.services.community.starting import start_opening
from pbem.services.referee.timing import parse_moment
from pbem.services.tick.tick import send_now
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.status import list_campaigns, unsent_mail
from pbem.validation import shown_value

app = typer.Typer(help="Create and list campaigns.", no_args_is_help=True)


def parse_sets(pairs: list[str]) -> dict[str, str]:
    """Turn repeated key=value options into a dict."""
    found: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise Invalid("campaign.E_SET_SYNTAX", pair=shown_value(pair))
        found[key.strip()] = value.strip()
    return found


@app.command("create")
@command
def create(
    name: Annotated[str, typer.Argument(help="A short campaign name, used in mail subjects.")],
    game: Annotated[str, typer.Option("--game", help="The game, as listed by `pbem games`.")],
    player: Annotated[
        list[str] | None, typer.Option("--player", help='A player as "Name <address>"; repeat.')
    ] = None,
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="Scenario or map file (or a shipped one's name)."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Mix this number into every seed, with the campaign's secret."),
    ] = None,
    setting: Annotated[
        list[str] | None, typer.Option("--set", help="A setting as key=value; repeat.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    is_open: Annotated[
        bool, typer.Option("--open", help="Form it by mail: players join with SIGNON.")
    ] = False,
    seats: Annotated[int, typer.Option("--seats", help="With --open: seats to fill.")] = 0,
    signup_by: Annotated[
        str | None, typer.Option("--signup-by", help="With --open: when sign-up closes (ISO).")
    ] = None,
    rules: Annotated[
        str, typer.Option("--rules", help="With --open: house rules, shown by LIST.")
    ] = "",
    nmr_limit: Annotated[
        int,
        typer.Option("--nmr-limit", help="With --open: missed phases in a row that open a seat."),
    ] = 0,
    absence_days: Annotated[
        int, typer.Option("--absence-days", help="With --open: days of ABSENCE a player may take.")
    ] = 0,
    extensions: Annotated[
        int, typer.Option("--extensions", help="With --open: EXTENDs a player may use (0: off).")
    ] = 0,
    extend_hours: Annotated[
        int, typer.Option("--extend-hours", help="With --open: hours one EXTEND adds.")
    ] = 24,
    observers: Annotated[
        bool, typer.Option("--observers", help="With --open: OBSERVE is allowed.")
    ] = False,
    min_on_time: Annotated[
        int, typer.Option("--min-on-time", help="With --open: the on-time % a player needs.")
    ] = 0,
) -> None:
    """Create a campaign and queue the welcome mail to every player (with --open: a forming
    campaign that starts when SIGNON mail fills its seats, or on `campaign start`)."""
    rt = runtime()
    if is_open:
        opening = NewOpening(
            name=name, game=game, seats=seats, scenario=scenario, seed=seed,
            sets=parse_sets(setting or []), rules=rules, nmr_limit=nmr_limit,
            min_on_time=min_on_time, observers=observers, absence_days=absence_days,
            extensions=extensions, extend_hours=extend_hours,
            signup_by=parse_moment(signup_by, rt.settings.timezone) if signup_by else None,
        )  # fmt: skip
        _show_opening(create_opening(rt, opening), as_json, "Forming")
        return
    request = NewCampaign(
        name=name,
        game=game,
        scenario=scenario,
        players=player or [],
        seed=seed,
        sets=parse_sets(setting or []),
    )
    created = create_campaign(rt, request)
    sent = send_now(rt) if rt.settings.smtp_url else None
    unsent, reason = unsent_mail(rt, created) if sent is not None else (0, "")
    if as_json:
        print_json(
            {
                "campaign": created.name,
                "game": created.game,
                "welcome_sent": sent,
                "welcome_unsent": unsent,
                "send_error": reason,
            }
        )
    else:
        console.print(f"Created {created.name} ({created.game}).")
        if sent is None:
            console.print("Welcome mail queued; the next `pbem tick` sends it.")
        elif not unsent:
            console.print(f"Welcome mail sent: {sent}.")
    if unsent:
        raise PbemError(
            "mail.E_WELCOME_UNSENT",
            ExitCode.MAIL_TRANSIENT,
            sent=sent,
            unsent=unsent,
            detail=reason or "the mail server did not take it",
        )


@app.command("list")
@command
def list_(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List every campaign with its phase and who it waits for."""
    rows = list_campaigns(runtime())
    if as_json:
        print_json(rows)
        return
    console.print(campaign_table(rows))


def _show_opening(result: dict[str, object], as_json: bool, verb: str) -> None:
    if as_json:
        print_json(result)
        return
    console.print(
        f"{verb} {result['campaign']} ({result['game']}): {result['signed_on']} of "
        f"{result['seats']} seats taken.",
        highlight=False,
        markup=False,
    )


@app.command("start")
@command
def start(
    name: Annotated[str, typer.Argument(help="The forming campaign.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Start a forming campaign with the players signed on so far; their welcomes go out."""
    rt = runtime()
    result = start_opening(rt, name)
    if rt.settings.smtp_url:
        send_now(rt)
    _show_opening(result, as_json, "Started")


@app.command("forming")
@command
def forming(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the campaigns opened with --open: seats taken, sign-up deadline, preferences."""
    rows = opening_list(runtime())
    if as_json:
        print_json(rows)
        return
    for row in rows:
        _show_opening(row, False, str(row["status"]).capitalize())
