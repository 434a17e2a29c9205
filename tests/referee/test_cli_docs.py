"""Every referee command answers --help and is documented in README.md and docs/referee.md."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.config import Settings

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


def test_the_readme_says_who_sends_the_welcome_and_when_a_phase_runs_early() -> None:
    """Issue 34 item 9: `campaign create` mails the welcome (no tick is needed for it), and a
    complete phase runs `early_delay_minutes` after the last clean order, at the default the
    code has."""
    readme = " ".join((ROOT / "README.md").read_text().split())
    mail = " ".join((ROOT / "docs" / "mail.md").read_text().split())
    default = next(f.default for f in fields(Settings) if f.name == "early_delay_minutes")
    assert "`campaign create` mails every player their welcome at once" in readme
    assert "sends the welcome" not in readme
    assert f"`early_delay_minutes` later ({default} by default" in readme
    assert '"0 turns run"' in readme  # what a referee sees until then
    assert f"`early_delay_minutes` after the last of them ({default} by default" in mail
