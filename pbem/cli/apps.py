"""The `pbem` command's Typer apps: top-level options and command registration.

Command modules are imported only when needed: `pbem tick`, run every minute by cron, builds an
app holding the tick alone, so it never loads the games, the renderer or Alembic (and an idle
tick is answered before any of this loads: cli/app.py). Any other command, `--help`, and
`pbem.cli.app.app` itself (used by tests) build the full app.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import cache
from importlib import import_module
from typing import Annotated, Any

import typer

from pbem.cli.helptext import install as plain_help
from pbem.cli.output import errors, guard_commands
from pbem.cli.state import set_config
from pbem.errors import ExitCode

plain_help()

GROUPS = (  # (command, module whose `app` is the group), in help order
    ("campaign", "host.campaign"),
    ("orders", "referee.orders"),
    ("turn", "referee.turn"),
    ("map", "host.maps"),
    ("mail", "referee.mail"),
    ("player", "referee.people"),
)
REGISTERED = ("host.play", "host.overview", "referee.timecmds", "referee.rerun", "referee.edit",
              "referee.messages", "referee.lifecycle", "referee.audit", "host.adjudicate",
              "host.community")
SOLO: dict[str, Callable[[typer.Typer], None]] = {}  # commands that can run in an app alone


def main_options(
    config: Annotated[
        str | None,
        typer.Option("--config", help="Path to pbem.toml (else PBEM_CONFIG, else ./pbem.toml)."),
    ] = None,
) -> None:
    """Play-by-email campaign adjudicator."""
    set_config(config)


def _new_app() -> typer.Typer:
    app = typer.Typer(
        name="pbem",
        help="Play-by-email campaign adjudicator. Exit codes are listed in docs/cli.md.",
        no_args_is_help=True,
        add_completion=False,
    )
    app.callback()(main_options)
    return app


def _cli(module: str) -> Any:
    return import_module(f"pbem.cli.{module}")


@cache
def full_app() -> typer.Typer:
    """Every command, each module imported."""
    app = _new_app()
    for name, module in GROUPS:
        app.add_typer(_cli(module).app, name=name)
    _cli("referee.mail_desk").register(_cli("referee.mail").app)
    for module in REGISTERED:
        _cli(module).register(app)
    guard_commands(app)  # keep after every registration: each command's errors become one line
    return app


def _register_tick(app: typer.Typer) -> None:
    app.command("tick")(_cli("host.tick").tick_command)


SOLO["tick"] = _register_tick


def solo_app(name: str) -> typer.Typer:
    """An app holding only command `name` (one of SOLO), so only its modules are imported."""
    app = _new_app()
    SOLO[name](app)
    guard_commands(app)
    return app


def requested(args: Sequence[str]) -> str | None:
    """The command named on the command line, skipping the top-level --config option."""
    rest = list(args)
    while rest:
        word = rest.pop(0)
        if word == "--config":
            rest = rest[1:]
        elif not word.startswith("--config="):
            return None if word.startswith("-") else word
    return None


def app_for(args: Sequence[str]) -> typer.Typer:
    """The smallest app that runs these arguments: a solo command's own, else the full one."""
    name = requested(args)
    wants_help = any(a in ("--help", "-h") for a in args)
    return solo_app(name) if name in SOLO and not wants_help else full_app()


def __getattr__(name: str) -> Any:
    """`app` is the full app, built on first use."""
    if name == "app":
        return full_app()
    raise AttributeError(name)


def main() -> None:
    """Run the command line: usage errors, too, are one line with exit code 2."""
    try:
        code = app_for(sys.argv[1:])(standalone_mode=False)
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
