"""Help screens show plain placeholders, not `<bool>` or `<str>`; a bad scenario lists good ones."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.cli.helptext import placeholder

runner = CliRunner()
COMMANDS = [
    "",
    "campaign create",
    "campaign list",
    "status",
    "orders submit",
    "turn run",
    "report",
    "tick",
    "map render",
    "site",
    "init",
]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_shows_no_python_type_names(command: str) -> None:
    result = runner.invoke(app, [*command.split(), "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0 and "Usage" in result.output
    assert not re.search(r"<(bool|str|int|float|list\[[a-z]+\]|Path)>", result.output)
    assert not re.search(r"--(json|help)\s+(TEXT|BOOL)", result.output)


def test_value_options_show_a_placeholder() -> None:
    result = runner.invoke(app, ["campaign", "create", "--help"], env={"COLUMNS": "100"})
    assert re.search(r"--game\s+TEXT", result.output)
    assert re.search(r"--seed\s+INTEGER", result.output)
    assert placeholder("<list[str]>") == "TEXT" and placeholder("<Path>") == "PATH"


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A pbem.toml and a migrated ledger in a fresh directory."""
    path = tmp_path / "pbem.toml"
    path.write_text(
        f'[database]\nurl = "sqlite:///{tmp_path / "l.db"}"\n'
        '[mail]\nreferee_address = "ref@localhost"\n'
    )
    monkeypatch.setenv("PBEM_CONFIG", str(path))
    assert runner.invoke(app, ["migrate"]).exit_code == 0
    yield path


def test_an_unknown_scenario_lists_the_shipped_ones(config: Path) -> None:
    result = runner.invoke(
        app,
        [
            "campaign",
            "create",
            "spring",
            "--game",
            "mighty-kingdoms",
            "--scenario",
            "three-rivers",
            "--player",
            "A <a@localhost>",
            "--player",
            "B <b@localhost>",
            "--player",
            "C <c@localhost>",
        ],
    )
    assert result.exit_code != 0
    assert "three-rivers" in result.output
    assert "valley-3" in result.output and "sundered-realms-6" in result.output
