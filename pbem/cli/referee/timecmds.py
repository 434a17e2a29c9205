"""`pbem deadline`, `pause`, `resume`, `settings`: the referee's control of time."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.host.campaign import parse_sets
from pbem.cli.output import command, console, print_json
from pbem.cli.state import runtime
from pbem.errors import Invalid
from pbem.services.referee import timing

Reason = Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def register(app: typer.Typer) -> None:
    """Attach the time commands to the app."""
    for func in (deadline, pause, resume, settings):
        app.command(func.__name__)(command(func))


def deadline(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    reason: Reason,
    at: Annotated[
        str | None, typer.Option("--set", help="New deadline, e.g. 2026-11-24T18:00 (local).")
    ] = None,
    extend: Annotated[
        str | None, typer.Option("--extend", help="Move it later by 12h, 2d or 90m.")
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Set or extend the open phase's deadline; players are told."""
    if (at is None) == (extend is None):
        raise Invalid("referee.E_DEADLINE_FORMAT", value="give exactly one of --set or --extend")
    result = timing.set_deadline(runtime(), name, reason, at=at, extend=extend)
    _show(result, as_json, f"Deadline of {result['phase']} is now {result['deadline']}.")


def pause(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    reason: Reason,
    as_json: AsJson = False,
) -> None:
    """Pause a campaign: no orders taken, no turn run; players are told."""
    _show(timing.pause(runtime(), name, reason), as_json, f"Paused {name}.")


def resume(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    reason: Reason,
    as_json: AsJson = False,
) -> None:
    """Resume a paused campaign; the deadline moves on by the time paused."""
    result = timing.resume(runtime(), name, reason)
    _show(result, as_json, f"Resumed {name}; deadline {result['deadline']}.")


def settings(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    setting: Annotated[list[str], typer.Option("--set", help="A setting as key=value; repeat.")],
    reason: Reason,
    as_json: AsJson = False,
) -> None:
    """Change campaign settings after creation, checked as `campaign create --set` checks them."""
    result = timing.change_settings(runtime(), name, parse_sets(setting), reason)
    _show(
        result, as_json, f"Changed {', '.join(f'{k}={v}' for k, v in result['changed'].items())}."
    )


def _show(result: dict[str, object], as_json: bool, line: str) -> None:
    if as_json:
        print_json(result)
    else:
        console.print(line, highlight=False, markup=False)
