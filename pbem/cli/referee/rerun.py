"""`pbem preview` and `pbem rollback`: try the open phase, or re-run from an earlier one."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.output import command, console, echo, print_json
from pbem.cli.state import runtime
from pbem.errors import Invalid
from pbem.services.turns.preview import preview as preview_phase
from pbem.services.turns.rollback import RerunPlan
from pbem.services.turns.rollback import rollback as rollback_campaign


def register(app: typer.Typer) -> None:
    """Attach preview and rollback to the app."""
    app.command("preview")(command(preview))
    app.command("rollback")(command(rollback))


def preview(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    player: Annotated[
        str | None,
        typer.Option("--player", help="Also show this player's report (seat or address)."),
    ] = None,
    diff: Annotated[bool, typer.Option("--diff", help="Also show the state diff.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Adjudicate the open phase from the orders in hand without committing anything."""
    result = preview_phase(runtime(), name, player)
    if as_json:
        print_json(result.__dict__)
        return
    console.rule(f"Preview of {result.phase} (nothing is saved)")
    if result.defaults:
        console.print("Defaults stand in for: " + ", ".join(result.defaults), markup=False)
    echo(result.referee_report)
    if result.player_report is not None:
        console.rule(f"As {player} will see it")
        echo(result.player_report)
    if diff:
        console.rule("State changes")
        echo("\n".join(result.diff))


def _changes(orders: list[str]) -> dict[str, str]:
    found = {}
    for item in orders:
        who, sep, source = item.partition("=")
        if not sep:
            raise Invalid("campaign.E_BAD_SETTING", key=item, value="", reason="write seat=FILE")
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
        found[who.strip()] = text
    return found


def rollback(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    phase: Annotated[str, typer.Argument(help="The first phase to re-run (its key or number).")],
    reason: Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")],
    orders: Annotated[
        list[str] | None,
        typer.Option("--orders", help="seat=FILE: new orders (or referee=FILE: a result); repeat."),
    ] = None,
    yes: Annotated[bool, typer.Option("--yes", help="Commit without asking.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (never commits).")] = False,
) -> None:
    """Roll back to a phase, re-run it and later ones from the ledger, show the diff, confirm."""
    rt, changes = runtime(), _changes(orders or [])
    plan = rollback_campaign(rt, name, phase, changes, reason, confirm=yes and not as_json)
    if as_json:
        print_json(plan.__dict__)
        return
    _show(plan)
    if not plan.committed and (yes or typer.confirm("Commit this rollback?", default=False)):
        plan = rollback_campaign(rt, name, phase, changes, reason, confirm=True)
    console.print(
        "Committed; corrected reports are queued." if plan.committed else "Nothing changed."
    )


def _show(plan: RerunPlan) -> None:
    console.print(f"Re-run from {plan.target}: {', '.join(plan.rerun) or 'nothing'}", markup=False)
    if plan.stopped_at:
        console.print(f"The game now takes a different path at {plan.stopped_at}; it opens there.")
    if plan.fallbacks:
        console.print("Orders no longer valid, defaults used: " + ", ".join(plan.fallbacks))
    if plan.voided_adjustments:
        console.print(f"{plan.voided_adjustments} later referee adjustments will be voided.")
    console.print(f"Mail: {plan.mails} corrected report(s), one to each player.")
    console.rule("State changes against now")
    echo("\n".join(plan.diff) or "(no change)")
