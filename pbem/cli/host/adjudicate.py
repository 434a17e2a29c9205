"""`pbem adjudicate --game diplomacy FILE [--json]`: settle test cases written in the DATC text
format of the jDip and godip test files, for a referee settling a dispute and for tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from pbem.cli.output import command, echo
from pbem.errors import ExitCode, Invalid
from pbem.registry import get_game
from pbem.services.turns.campaigns import resolve_scenario

JSON_KEYS = ("case", "units", "dislodged")


def register(app: typer.Typer) -> None:
    """Attach `adjudicate` to the app."""
    app.command("adjudicate")(command(adjudicate))


def adjudicate(
    path: Annotated[Path, typer.Argument(help="A file of cases in the DATC text format.")],
    game: Annotated[str, typer.Option("--game", help="The game whose rules settle it.")] = (
        "diplomacy"
    ),
    scenario: Annotated[
        str | None, typer.Option("--scenario", help="The board file (default: the game's).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a case.")] = False,
) -> None:
    """Adjudicate the one phase of each CASE and compare it with the case's POSTSTATE."""
    found = get_game(game)
    if found.settle_cases is None:
        raise Invalid("adjudicate.E_NO_CASES", game=game)
    board_file = resolve_scenario(found, scenario)
    board = found.load_scenario(board_file.read_text(encoding="utf-8"), str(board_file))
    results = found.settle_cases(board, _text(path))
    for result in results:
        echo(_json(result) if as_json else _words(result))
    raise typer.Exit(int(_exit_code(results)))


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise Invalid("file.E_NOT_TEXT", detail=str(error)) from None


def _json(result: dict[str, Any]) -> str:
    keys = ("case", "error") if "error" in result else JSON_KEYS
    return json.dumps({k: result[k] for k in keys}, ensure_ascii=False)


def _words(result: dict[str, Any]) -> str:
    name = result["case"]
    if "error" in result:
        return f"{name}: cannot be read: {result['error']}"
    if result["matches"] is True:
        return f"{name}: matches the POSTSTATE"
    if result["matches"] is False:
        return "\n".join([f"{name}: DIFFERS from the POSTSTATE", *_indented(result["differences"])])
    lines = [*result["units"], *(f"dislodged: {d}" for d in result["dislodged"])]
    return "\n".join([f"{name}: after the phase", *_indented(lines)])


def _indented(lines: list[str]) -> list[str]:
    return [f"    {line}" for line in lines]


def _exit_code(results: list[dict[str, Any]]) -> ExitCode:
    """INVALID when a case could not be read, else REPLAY_MISMATCH when one differs."""
    if any("error" in r for r in results):
        return ExitCode.INVALID
    if any(r.get("matches") is False for r in results):
        return ExitCode.REPLAY_MISMATCH
    return ExitCode.OK
