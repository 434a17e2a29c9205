"""`pbem edit`: a typed change to the game state, checked by the game's rules.

`pbem edit NAME --help` adds the edit commands of NAME's game to the usual help.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from pbem.cli.failures import as_pbem_error
from pbem.cli.output import command, console, fail_line, print_json
from pbem.cli.state import runtime
from pbem.services.turns.adjustments import edit_menu, edit_state

CAMPAIGN_KEY = "pbem.edit.campaign"


class EditHelp(TyperCommand):
    """The edit command, whose help lists the named campaign's edits after the usual text."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Note the campaign named before --help, so the help can list its game's edits."""
        if args and not args[0].startswith("-") and "--help" in args:
            ctx.meta[CAMPAIGN_KEY] = args[0]
        return list(super().parse_args(ctx, args))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The usual help, then the game's edits when a campaign was named."""
        super().format_help(ctx, formatter)
        name = ctx.meta.get(CAMPAIGN_KEY)
        if name:
            print_menu(name)


def register(app: typer.Typer) -> None:
    """Attach `edit` to the app."""
    app.command("edit", cls=EditHelp)(command(edit))


def edit(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    change: Annotated[
        list[str],
        typer.Argument(help="The edit (`pbem edit NAME --help` lists the game's, with examples)."),
    ],
    reason: Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Change the state with one of the game's typed edits, checked by its rules.
    `pbem edit NAME --help` lists the edits of NAME's game."""
    result = edit_state(runtime(), name, " ".join(change), reason)
    if as_json:
        print_json(result)
        return
    done = "; ".join(event.rstrip(".") for event in result["events"])
    console.print(f"Done: {done}. Players are told.", markup=False)


def print_menu(name: str) -> None:
    """Print the edit commands of campaign `name`'s game, or why they cannot be listed."""
    try:
        menu = edit_menu(runtime(), name)
    except Exception as exc:  # help must never fail: say why the list is missing
        console.print(f"\nThe edits of {name} cannot be listed: {fail_line(as_pbem_error(exc))}")
        return
    if not menu["edits"]:
        console.print(f"\n{menu['game']} ({name}) has no referee edits.")
        return
    console.print(f"\nEdits of {menu['game']} ({name}):")
    width = max(len(e["usage"]) for e in menu["edits"])
    for entry in menu["edits"]:
        example = f" (e.g. {entry['example']})" if entry["example"] else ""
        console.print(f"  {entry['usage']:<{width}}  {entry['help']}{example}")
