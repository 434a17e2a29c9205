"""Top-level commands: init, games, status, report, replay, tick, demo."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.host.demo import demo_command
from pbem.cli.host.site import site_command
from pbem.cli.host.tick import tick_command
from pbem.cli.output import AsJson, command, console, echo, print_json, print_table, say
from pbem.cli.state import runtime
from pbem.config import CONFIG_NAME, SAMPLE_CONFIG
from pbem.errors import ExitCode, Invalid
from pbem.ledger.db import head_revision, owner_only
from pbem.registry import games as registered_games
from pbem.services.base.runtime import Runtime
from pbem.services.referee.hosting import MailSetup, config_text, write_mail_secrets
from pbem.services.reports.bundle import FORMATS
from pbem.services.reports.viewing import report_for
from pbem.services.turns.campaigns import shipped_scenarios
from pbem.services.turns.replay import replay as replay_campaign


def register(app: typer.Typer) -> None:
    """Attach the top-level commands to the app."""
    for func in (init, migrate, games, report, replay):
        app.command(func.__name__)(command(func))
    app.command("tick")(tick_command)
    app.command("demo")(demo_command)
    app.command("site")(site_command)


def init(
    directory: Annotated[Path, typer.Argument(help="Where to write pbem.toml.")] = Path("."),
    referee_address: Annotated[
        str, typer.Option("--referee-address", envvar="PBEM_REFEREE_ADDRESS",
                          help="The referee's mail address (players write to it).")
    ] = "",
    imap_url: Annotated[
        str, typer.Option("--imap-url", envvar="PBEM_IMAP_URL", show_envvar=True,
                          help="Inbox URL; kept in secrets/imap_url (0600).")
    ] = "",
    smtp_url: Annotated[
        str, typer.Option("--smtp-url", envvar="PBEM_SMTP_URL", show_envvar=True,
                          help="Outgoing mail URL; kept in secrets/smtp_url (0600).")
    ] = "",
    as_json: AsJson = False,
) -> None:
    """Write pbem.toml (mail settings, secrets in 0600 files beside it) and the ledger."""
    path = directory / CONFIG_NAME
    written: list[str] = []
    if not path.exists():
        directory.mkdir(parents=True, exist_ok=True)
        mail = MailSetup(referee_address, imap_url, smtp_url)
        ledger = f"sqlite:///{(directory / 'pbem.db').resolve()}"
        with owner_only():
            path.write_text(config_text(SAMPLE_CONFIG, ledger, mail))
            secrets = write_mail_secrets(directory, mail)
        written = [str(path), *map(str, secrets)]
        if not as_json:
            console.print(f"Wrote {path}", markup=False)
            for secret in secrets:
                console.print(f"Wrote {secret} (mode 0600)", markup=False)
    from pbem.cli.state import set_config

    set_config(str(path))
    rt = runtime(migrate_schema=True)
    _say_ledger(rt, as_json, {"config": str(path), "written": written})


def migrate(as_json: AsJson = False) -> None:
    """Bring the ledger's schema up to date; a SQLite ledger is copied aside first."""
    _say_ledger(runtime(migrate_schema=True), as_json, {})


def _say_ledger(rt: Runtime, as_json: bool, facts: dict[str, object]) -> None:
    shown = rt.engine.url.render_as_string(hide_password=True)
    backup = str(rt.backup) if rt.backup is not None else None
    if backup is not None and not as_json:
        console.print(f"Backed up the ledger to {backup}", markup=False)
    data = {**facts, "ledger": shown, "schema": head_revision(), "backup": backup}
    say(as_json, data, f"Ledger ready at {shown} (schema {head_revision()})")


def games(as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the games pbem can referee."""
    found = registered_games()
    rows = [
        {
            "name": g.meta.name,
            "title": g.meta.title,
            "players": f"{g.meta.min_players}-{g.meta.max_players}",
            "style": g.meta.style,
            "settings": {s.key: s.default for s in g.meta.settings},
            "scenarios": shipped_scenarios(g),
        }
        for g in found.values()
    ]
    if as_json:
        print_json(rows)
        return
    print_table(
        "Games",
        ["name", "title", "players", "style", "scenarios"],
        [[r["name"], r["title"], r["players"], r["style"], ", ".join(r["scenarios"])]
         for r in rows],
    )


def report(
    name: Annotated[str, typer.Argument(help="The campaign.")],
    player: Annotated[
        str, typer.Option("--player", help="The player's seat (p1) or address, or 'referee'.")
    ],
    turn: Annotated[
        int | None, typer.Option("--turn", help="The turn (default: the latest).")
    ] = None,
    fmt: Annotated[str, typer.Option("--format", help="text, html or json.")] = "text",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (--format json).")] = False,
) -> None:
    """Print the report a player received (or would receive) for a turn."""
    fmt = "json" if as_json else fmt
    if fmt not in FORMATS:
        raise Invalid("report.E_FORMAT", format=fmt)
    echo(report_for(runtime(), name, player, turn, fmt), nl=False)


def replay(
    name: Annotated[str, typer.Argument(help="The campaign.")], as_json: AsJson = False
) -> None:
    """Rebuild a campaign from its recorded inputs and check every snapshot byte for byte."""
    result = replay_campaign(runtime(), name)
    data = {"campaign": name, "ok": result.ok, "checked": result.checked,
            "mismatches": list(result.mismatches)}  # fmt: skip
    if result.ok:
        checked = f"{result.checked} snapshots reproduced byte for byte"
        say(as_json, data, f"Replay of {name}: {checked}.")
        return
    say(as_json, data, f"Replay of {name} differs at: " + ", ".join(result.mismatches))
    raise typer.Exit(int(ExitCode.REPLAY_MISMATCH))
