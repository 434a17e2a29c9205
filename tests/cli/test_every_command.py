"""Every command and subcommand, found by walking the Typer app, meets bad input without a crash.

New commands are covered as soon as they are registered. Each is run in a folder with no
pbem.toml, and against a real ledger with hostile names, and must answer with at most one
error line, never a traceback, never exit 1 (an internal error), and never leave a pbem.db.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.errors import ExitCode
from pbem.registry import games
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from tests.support.runtime import make_runtime, register_toy, scenario_file

runner = CliRunner()
MARKUP = "[/x]"
# Commands that would do real, slow work when given no bad input of their own.
EXTRA_BAD_INPUT = {"demo": ["--years", "0"]}
MAY_CREATE_A_LEDGER = {"init", "migrate"}


def _leaves(command: Any, path: list[str]) -> Iterator[tuple[list[str], Any]]:
    subcommands = getattr(command, "commands", None)
    if subcommands:
        for name, sub in sorted(subcommands.items()):
            yield from _leaves(sub, [*path, name])
    else:
        yield path, command


COMMANDS = list(_leaves(typer.main.get_command(app), []))


def _arguments(command: Any, name: str, filler: str) -> list[str]:
    """Every required parameter filled: campaign names with `name`, the rest with `filler`."""
    args: list[str] = []
    for param in command.params:
        if not param.required:
            continue
        value = name if param.name == "name" else filler
        if param.param_type_name == "argument":
            args.append(value)
        else:
            args += [param.opts[0], value]
    return args


def _check(path: list[str], args: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, [*path, *args, *EXTRA_BAD_INPUT.get(" ".join(path), [])])
    shown = " ".join([*path, *args])
    output = result.output
    assert "Traceback" not in output, (shown, output)
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        shown,
        repr(result.exception),
    )
    assert result.exit_code != int(ExitCode.FAILURE), (shown, output)
    error_lines = [line for line in output.splitlines() if line.startswith("error ")]
    assert len(error_lines) <= 1, (shown, output)
    return result.exit_code, output


@pytest.fixture
def empty_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder with no pbem.toml and no PBEM_* configuration."""
    for variable in ("PBEM_CONFIG", "PBEM_DATABASE_URL", "PBEM_DATABASE_URL_FILE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def hostile_ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A migrated ledger with campaigns whose names and player names hold rich markup."""
    register_toy()
    url = f"sqlite:///{tmp_path / 'l.db'}"
    rt = make_runtime(url)
    for name in ("c1", MARKUP):
        create_campaign(
            rt,
            NewCampaign(
                name,
                "toy",
                scenario_file(tmp_path),
                [f"{MARKUP} Ann <ann@localhost>", "Ben [bold] <ben@localhost>"],
                seed=3,
            ),
        )
    config = tmp_path / "pbem.toml"
    config.write_text(f'[database]\nurl = "{url}"\n[mail]\nreferee_address = "ref@localhost"\n')
    monkeypatch.setenv("PBEM_CONFIG", str(config))
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    games().pop("toy", None)


def test_the_walk_finds_the_stable_commands() -> None:
    found = {" ".join(path) for path, _ in COMMANDS}
    assert {"init", "migrate", "campaign create", "orders submit", "tick", "demo"} <= found


@pytest.mark.parametrize("path,command", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_no_config_folder_gets_a_clear_line_and_no_ledger(
    empty_folder: Path, path: list[str], command: Any
) -> None:
    code, output = _check(path, _arguments(command, MARKUP, MARKUP))
    if " ".join(path) not in MAY_CREATE_A_LEDGER:
        assert not (empty_folder / "pbem.db").exists(), (path, output)
    if code == int(ExitCode.CONFIG):
        assert "error config." in output or "error db." in output, output


@pytest.mark.parametrize("path,command", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
@pytest.mark.parametrize("name", ["c1", MARKUP])
def test_hostile_values_against_a_real_ledger(
    hostile_ledger: Path, path: list[str], command: Any, name: str
) -> None:
    _check(path, _arguments(command, name, MARKUP))
