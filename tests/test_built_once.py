"""The CLI tests' runner builds each app's click command once and answers as before."""

from __future__ import annotations

import typer
import typer.testing
from typer.testing import CliRunner

from pbem.cli.app import app


def test_an_app_is_built_once_and_answers_alike_each_time() -> None:
    assert typer.testing._get_command(app) is typer.testing._get_command(app)
    runner = CliRunner()
    first, second = runner.invoke(app, ["--help"]), runner.invoke(app, ["--help"])
    assert first.exit_code == second.exit_code == 0
    assert first.output == second.output and "tick" in first.output


def test_each_app_gets_a_command_of_its_own() -> None:
    small = typer.Typer()

    @small.command()
    def hello(name: str) -> None:
        """Greet someone."""
        typer.echo(f"hello {name}")

    assert typer.testing._get_command(small) is not typer.testing._get_command(app)
    runner = CliRunner()
    assert runner.invoke(small, ["ann"]).output == "hello ann\n"
    assert runner.invoke(small, ["bob"]).output == "hello bob\n"
