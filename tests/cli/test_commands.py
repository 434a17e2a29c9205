"""The stable CLI: every command documented, JSON shapes, and exit codes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.errors import ExitCode
from pbem.registry import games
from tests.support.ledgers import copy_template
from tests.support.runtime import register_toy

runner = CliRunner()
STABLE = [
    "init",
    "games",
    "campaign create",
    "campaign list",
    "status",
    "orders submit",
    "turn run",
    "report",
    "replay",
    "tick",
    "demo",
    "map check",
    "map generate",
    "map render",
]


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A pbem.toml in a fresh directory, and the toy game registered."""
    register_toy()
    path = tmp_path / "pbem.toml"
    path.write_text(
        f'[database]\nurl = "sqlite:///{tmp_path / "l.db"}"\n'
        '[mail]\nreferee_address = "ref@localhost"\n'
    )
    monkeypatch.setenv("PBEM_CONFIG", str(path))
    copy_template(tmp_path / "l.db")
    (tmp_path / "toy.txt").write_text("rounds = 2\n")
    yield path
    games().pop("toy", None)


def run(*args: str) -> tuple[int, str]:
    """Invoke pbem with arguments; return exit code and output."""
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


@pytest.mark.parametrize("command", STABLE)
def test_every_stable_command_has_help(command: str) -> None:
    code, output = run(*command.split(), "--help")
    assert code == 0 and "Usage" in output


def test_every_stable_command_is_documented() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for command in STABLE:
        assert f"pbem {command}" in readme, command


def test_campaign_status_report_replay(config: Path) -> None:
    toy = str(config.parent / "toy.txt")
    code, _ = run(
        "campaign",
        "create",
        "c1",
        "--game",
        "toy",
        "--scenario",
        toy,
        "--player",
        "Ann <ann@localhost>",
        "--player",
        "Ben <ben@localhost>",
        "--seed",
        "8",
    )
    assert code == 0
    code, output = run("status", "c1", "--json")
    info = json.loads(output)
    assert code == 0 and {"campaign", "game", "phase", "turn", "deadline", "waiting_for"} <= set(
        info
    )
    assert info["turn"] == 1 and info["waiting_for"] == ["ann@localhost", "ben@localhost"]
    orders = config.parent / "orders.txt"
    orders.write_text("pick 4\n")
    assert run("orders", "submit", "c1", "--player", "ann@localhost", str(orders))[0] == 0
    code, output = run("turn", "run", "c1")
    assert code == ExitCode.CONFLICT and "turn.E_NOT_DUE" in output
    assert run("turn", "run", "c1", "--force")[0] == 0
    code, output = run("report", "c1", "--player", "ann@localhost", "--format", "json")
    report = json.loads(output)
    assert code == 0 and report["schema"] == "pbem.report/1" and report["turn"] == 1
    code, output = run("replay", "c1")
    assert code == 0 and "2 snapshots reproduced" in output
    code, output = run("campaign", "list", "--json")
    assert [c["campaign"] for c in json.loads(output)] == ["c1"]


def test_errors_map_to_documented_exit_codes(config: Path) -> None:
    assert run("status", "nope")[0] == ExitCode.NOT_FOUND
    code, output = run(
        "campaign", "create", "c2", "--game", "nosuch", "--player", "A <a@localhost>"
    )
    assert code == ExitCode.NOT_FOUND and "game.E_UNKNOWN" in output
    bad = config.parent / "bad.txt"
    bad.write_text("pick 99\n")
    toy = str(config.parent / "toy.txt")
    run(
        "campaign",
        "create",
        "c3",
        "--game",
        "toy",
        "--scenario",
        toy,
        "--player",
        "A <a@localhost>",
        "--player",
        "B <b@localhost>",
    )
    assert run("orders", "submit", "c3", "--player", "a@localhost", str(bad))[0] == ExitCode.INVALID
    assert (
        run("campaign", "create", "c4", "--game", "toy", "--scenario", toy, "--player", "nobody")[0]
        == ExitCode.INVALID
    )


def test_games_lists_mighty_kingdoms() -> None:
    code, output = run("games", "--json")
    assert code == 0 and "mighty-kingdoms" in [g["name"] for g in json.loads(output)]


def test_games_lists_each_games_shipped_scenarios() -> None:
    code, output = run("games", "--json")
    found = {g["name"]: g["scenarios"] for g in json.loads(output)}
    assert code == 0 and found["diplomacy"] == ["ancient-mediterranean", "pure", "standard"]
    assert found["dba-cards"] == ["ford-german", "open-field"]


def test_exit_codes_are_documented() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text()
    for code in ExitCode:
        assert f"| {int(code)} | {code.name} |" in doc


def test_init_writes_config_and_ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PBEM_CONFIG", raising=False)
    target = tmp_path / "site"
    code, output = run("init", str(target))
    assert code == 0 and (target / "pbem.toml").is_file() and (target / "pbem.db").is_file()
    assert "Ledger ready" in output
    assert run("init", str(target))[0] == 0  # idempotent: keeps the existing file
