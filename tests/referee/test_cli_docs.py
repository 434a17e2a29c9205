"""Every referee command answers --help and is documented in README.md and docs/referee.md."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = [
    "status", "orders show", "orders clear", "deadline", "pause", "resume", "settings",
    "player replace", "player address", "player rotate-secret", "player drop", "preview",
    "rollback", "edit", "bulletin", "questions", "reply", "mail desk", "mail assign",
    "mail discard", "mail outbox", "mail retry", "mail resend", "end", "archive", "export",
    "import", "log",
]  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS)
def test_referee_command_has_help_and_docs(command: str) -> None:
    result = CliRunner().invoke(app, [*command.split(), "--help"])
    assert result.exit_code == 0 and "Usage" in result.output
    assert f"pbem {command}" in (ROOT / "docs" / "referee.md").read_text()
    readme = (ROOT / "README.md").read_text()
    assert f"pbem {command.split()[0]}" in readme


def test_mutating_commands_require_a_reason() -> None:
    result = CliRunner().invoke(app, ["pause", "somewhere"])
    assert result.exit_code == 2 and "--reason" in result.output
