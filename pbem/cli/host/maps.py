"""`pbem map …`: check, generate and render maps."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.output import AsJson, command, console, print_json, say
from pbem.cli.state import runtime
from pbem.services.referee import maps

app = typer.Typer(help="Check, generate and render campaign maps.", no_args_is_help=True)

GameOption = Annotated[str, typer.Option("--game", help="The game whose map format to use.")]


@app.command("check")
@command
def check(
    path: Annotated[Path, typer.Argument(help="The map or scenario file.")],
    game: GameOption = "mighty-kingdoms",
    as_json: AsJson = False,
) -> None:
    """Validate a map file; errors name the file and line."""
    result = maps.check_map(game, path)
    if as_json:
        print_json(result)
    elif result["kind"] == "area":
        console.print(f"{path}: ok, {result['tiles']} areas, {result['links']} links")
    else:
        console.print(
            f"{path}: ok, {result['tiles']} tiles, start tiles {', '.join(result['start_tiles'])}"
        )


@app.command("generate")
@command
def generate(
    players: Annotated[int, typer.Option("--players", help="How many players the map is for.")],
    seed: Annotated[int, typer.Option("--seed", help="The same seed gives the same map.")],
    game: GameOption = "mighty-kingdoms",
    out: Annotated[
        Path | None, typer.Option("--out", help="Write here instead of standard output.")
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Generate a new valid map."""
    text = maps.generate_map(game, players, seed)
    if out is not None:
        out.write_text(text, encoding="utf-8")
    data = {"game": game, "players": players, "seed": seed, "path": str(out) if out else None}
    if as_json:
        print_json({**data, "map": text if out is None else None})
    elif out is None:
        typer.echo(text, nl=False)
    else:
        console.print(f"Wrote {out}")


@app.command("render")
@command
def render(
    out: Annotated[Path, typer.Option("--out", help="Output file: .svg or .png.")],
    path: Annotated[Path | None, typer.Argument(help="A map file (or use --campaign).")] = None,
    campaign: Annotated[
        str | None, typer.Option("--campaign", help="Draw a campaign's current board.")
    ] = None,
    player: Annotated[
        str | None, typer.Option("--player", help="As this player sees it (default: referee).")
    ] = None,
    game: GameOption = "mighty-kingdoms",
    as_json: AsJson = False,
) -> None:
    """Draw a map file, or a campaign's current state, as SVG or PNG."""
    if campaign:
        picture = maps.campaign_picture(runtime(), campaign, player)
    elif path is not None:
        picture = maps.file_picture(game, path)
    else:
        raise typer.BadParameter("give a map file or --campaign NAME")
    maps.write_picture(picture, out)
    say(as_json, {"path": str(out), "campaign": campaign, "player": player}, f"Wrote {out}")
