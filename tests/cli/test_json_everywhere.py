"""`--json` on every command that prints (issue 23 item 7), `report --player` by seat, and
`status` telling who is awaited before the deadline from who is late after it.

The first test walks the whole Typer app, so a new command without `--json` fails it; the
others run real commands on a toy campaign and read their output back as JSON.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import typer.main
from sqlmodel import Session
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.clock import FixedClock
from pbem.ledger import queries
from pbem.registry import games
from pbem.services.base.runtime import open_runtime
from pbem.services.referee.overview import overview
from tests.support.ledgers import copy_template
from tests.support.runtime import register_toy

runner = CliRunner()


def _leaves(command: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
    subcommands = getattr(command, "commands", None)
    if subcommands:
        for name, sub in sorted(subcommands.items()):
            yield from _leaves(sub, [*path, name])
    else:
        yield path, command


COMMANDS = list(_leaves(typer.main.get_command(app), []))


def test_every_command_takes_json() -> None:
    missing = [
        " ".join(path)
        for path, command in COMMANDS
        if not any("--json" in getattr(param, "opts", ()) for param in command.params)
    ]
    assert len(COMMANDS) > 40 and missing == []


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A toy campaign "c1" (Ann p1, Ben p2) in a fresh ledger named by PBEM_CONFIG."""
    register_toy()
    config = tmp_path / "pbem.toml"
    config.write_text(
        f'[database]\nurl = "sqlite:///{tmp_path / "l.db"}"\n'
        '[mail]\nreferee_address = "ref@localhost"\n'
    )
    monkeypatch.setenv("PBEM_CONFIG", str(config))
    copy_template(tmp_path / "l.db")
    (tmp_path / "toy.txt").write_text("rounds = 2\n")
    players = ["--player", "Ann <ann@localhost>", "--player", "Ben <ben@localhost>"]
    _json("campaign", "create", "c1", "--game", "toy", "--scenario", str(tmp_path / "toy.txt"),
          *players, "--seed", "8")  # fmt: skip
    yield tmp_path
    games().pop("toy", None)


def _json(*args: str) -> Any:
    """Run pbem with `--json` and read its output as JSON (it must be nothing else)."""
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, (args, result.output)
    return json.loads(result.output)


def test_commands_that_only_said_what_they_did_print_json(toy: Path) -> None:
    orders = toy / "orders.txt"
    orders.write_text("pick 4\n")
    assert _json("orders", "submit", "c1", str(orders), "--player", "p1")["seat"] == "p1"
    cleared = _json("orders", "clear", "c1", "--player", "p1", "--reason", "typo")
    assert cleared["seat"] == "p1"
    assert _json("bulletin", "c1", "--text", "Hello all")["recipients"] == 2
    assert _json("migrate")["schema"]
    assert _json("turn", "run", "c1", "--force")["phase_key"] == "round-1"
    assert _json("replay", "c1") == {"campaign": "c1", "ok": True, "checked": 2, "mismatches": []}
    assert _json("report", "c1", "--player", "p1")["schema"] == "pbem.report/1"
    exported = _json("export", "c1", "--to", str(toy / "c1.json"))
    assert exported["path"].endswith("c1.json") and sum(exported["rows"].values()) > 0
    generated = _json("map", "generate", "--players", "3", "--seed", "2")
    assert generated["path"] is None and "[map]" in generated["map"]
    assert _json("end", "c1", "--result", "p2 wins", "--reason", "a test")["campaign"] == "c1"
    assert _json("archive", "c1", "--reason", "done")["archived"] is True


def test_report_takes_a_seat_or_an_address(toy: Path) -> None:
    by_seat = runner.invoke(app, ["report", "c1", "--player", "p2"])
    by_address = runner.invoke(app, ["report", "c1", "--player", "ben@localhost"])
    assert by_seat.exit_code == 0 and by_seat.output == by_address.output
    unknown = runner.invoke(app, ["report", "c1", "--player", "p9"])
    assert unknown.exit_code == 3 and "player.E_NOT_FOUND" in unknown.output


def test_status_says_waiting_before_the_deadline_and_late_after(toy: Path) -> None:
    rt = open_runtime(str(toy / "pbem.toml"))
    with Session(rt.engine) as session:
        phase = queries.open_phase(session, queries.campaign_named(session, "c1"))
        assert phase is not None and phase.deadline is not None
        deadline = phase.deadline
    rt.clock = FixedClock(deadline - timedelta(minutes=1))
    (line,) = overview(rt)
    assert line["waiting"] == ["ann@localhost", "ben@localhost"] and line["late"] == []
    rt.clock = FixedClock(deadline)
    (line,) = overview(rt)
    assert line["waiting"] == [] and line["late"] == ["ann@localhost", "ben@localhost"]
    shown = runner.invoke(app, ["status", "c1"])  # the real clock: before the deadline
    assert shown.exit_code == 0 and "Waiting for: ann@localhost, ben@localhost" in shown.output
    rt.engine.dispose()


def test_export_says_its_file_holds_secrets_and_only_its_owner_may_read_it(toy: Path) -> None:
    target = toy / "c1-plain.json"
    result = runner.invoke(app, ["export", "c1", "--to", str(target)])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "holds the campaign's secrets" in said and "only you may read it" in said
    assert target.stat().st_mode & 0o777 == 0o600
    assert _json("export", "c1", "--to", str(toy / "c1.json"))["mode"] == "0600"
