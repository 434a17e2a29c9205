"""`pbem demo` options: any registered game, its own settings checked before anything starts."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pbem.cli.app import app
from pbem.cli.host.demo import demo_settings
from pbem.errors import ExitCode


def run(*args: str) -> tuple[int, str]:
    """Invoke pbem; return the exit code and output."""
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_a_game_counted_in_years_plays_one_unless_told() -> None:
    assert demo_settings("mighty-kingdoms", [], None, None) == {"years": "1"}
    assert demo_settings("mighty-kingdoms", ["years=2"], None, "kow") == {
        "years": "2",
        "battle_mode": "kow",
    }
    assert demo_settings("king-david", ["turns=2"], None, None) == {"turns": "2"}


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--game", "chess"], ExitCode.NOT_FOUND, "game.E_UNKNOWN"),
        (["--game", "david-goliath", "--years", "2"], ExitCode.INVALID, "E_UNKNOWN_SETTING"),
        (["--game", "king-david", "--set", "turns=0"], ExitCode.INVALID, "campaign.E_BAD_SETTING"),
        (["--game", "king-david", "--set", "turns"], ExitCode.INVALID, "campaign.E_SET_SYNTAX"),
        (["--game", "king-david", "--turns", "-1"], ExitCode.INVALID, "demo.E_TURNS"),
        (["--game", "diplomacy", "--scenario", "atlantis"], ExitCode.NOT_FOUND,
         "scenario.E_NOT_FOUND"),
    ],
)
def test_bad_options_are_refused_before_anything_starts(
    tmp_path: Path, args: list[str], code: int, words: str
) -> None:
    out = tmp_path / "out"
    exit_code, output = run("demo", "--out", str(out), *args)
    assert exit_code == code and words in output
    assert not out.exists()  # nothing was written
