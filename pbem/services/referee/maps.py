"""Map tools for the referee: check a map file, generate a new one, render a board."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from sqlmodel import Session

from pbem.core.board import Picture
from pbem.core.game import REFEREE, ContentError, Game, Seat, Setup
from pbem.core.rng import SeededRng
from pbem.errors import Invalid, NotFound
from pbem.ledger import queries
from pbem.registry import get_game, package_of
from pbem.render.png import render_png
from pbem.render.svg import render_svg
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state, game_of


def check_map(game_name: str, path: Path) -> dict[str, Any]:
    """Load and validate a map or scenario file; raise Invalid with file and line on error."""
    game = get_game(game_name)
    if not path.is_file():
        raise NotFound("scenario.E_NOT_FOUND", path=str(path))
    try:
        scenario = game.load_scenario(path.read_text(encoding="utf-8"), str(path))
    except ContentError as exc:
        raise Invalid("scenario.E_INVALID", detail=str(exc)) from exc
    tiles = scenario.get("map", {}).get("tiles", {})
    if not tiles:  # area maps and other formats: check the board the game draws from it
        return picture_summary(path, _opening_picture(game, scenario))
    return {
        "file": str(path),
        "ok": True,
        "kind": "hex",
        "tiles": len(tiles),
        "start_tiles": sorted(t for t, v in tiles.items() if v.get("start")),
    }


def picture_summary(path: Path, picture: Picture) -> dict[str, Any]:
    """Check that a board can be drawn and sum it up: its cells, links and start cells."""
    if picture.kind == "area":
        _check_areas(path, picture)
    return {
        "file": str(path),
        "ok": True,
        "kind": picture.kind,
        "tiles": len(picture.cells),
        "links": len(picture.links),
        "start_tiles": sorted(c.id for c in picture.cells if "start" in c.marks),
    }


def _check_areas(path: Path, picture: Picture) -> None:
    """Every area needs a place on the map, and every link must join two known areas."""
    for cell in picture.cells:
        if cell.x is None or cell.y is None:
            raise Invalid("map.E_AREA_UNPLACED", path=str(path), area=cell.id)
    known = {cell.id for cell in picture.cells}
    for link in picture.links:
        for end in (link.a, link.b):
            if end not in known:
                raise Invalid("map.E_LINK_UNKNOWN", path=str(path), kind=link.kind, area=end)


def generate_map(game_name: str, players: int, seed: int) -> str:
    """New map text from the game's generator (games that have one ship a `mapgen` module, at
    the top of their package or in its `maps` room)."""
    package = package_of(game_name)
    places = (f"{package}.mapgen", f"{package}.maps.mapgen") if package else ()
    for place in places:
        try:
            module = importlib.import_module(place)
        except ModuleNotFoundError:
            continue
        text: str = module.generate_map(players, seed)
        return text
    raise Invalid("map.E_NO_GENERATOR", game=game_name)


def file_picture(game_name: str, path: Path) -> Picture:
    """The board of a map file, as the opening position shows it to the public."""
    game = get_game(game_name)
    scenario = game.load_scenario(path.read_text(encoding="utf-8"), str(path))
    return _opening_picture(game, scenario)


def _opening_picture(game: Game, scenario: dict[str, Any]) -> Picture:
    """The opening board with the fewest players the map takes (a 6-player map needs 5 or 6)."""
    settings = {s.key: s.default for s in game.meta.settings}
    refusal: ContentError | None = None
    for count in range(game.meta.min_players, game.meta.max_players + 1):
        seats = [Seat(id=f"p{i + 1}", name=f"Player {i + 1}") for i in range(count)]
        try:
            setup = Setup(seats=seats, scenario=scenario, settings=settings)
            state = game.start(setup, SeededRng(0))
        except ContentError as exc:
            refusal = exc
            continue
        return Picture.model_validate(game.view(state, None, [])["board"])
    raise Invalid("scenario.E_INVALID", detail=str(refusal))


def campaign_picture(rt: Runtime, name: str, address: str | None) -> Picture:
    """A campaign's current board as the referee (or one player) sees it."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, name)
        seat = (
            REFEREE
            if address in (None, REFEREE)
            else queries.player_by_address(session, campaign, address or "").seat
        )
        view = game_of(campaign).view(current_state(session, campaign), seat, [])
        return Picture.model_validate(view["board"])


def write_picture(picture: Picture, out: Path) -> None:
    """Write a board as SVG or PNG, by the file's suffix."""
    if out.suffix.lower() == ".png":
        out.write_bytes(render_png(picture))
    else:
        out.write_text(render_svg(picture), encoding="utf-8")
