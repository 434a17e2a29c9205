"""Find games: built-in ones are registered through the same entry point as third-party ones."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from pbem.core.game import Game
from pbem.errors import NotFound

ENTRY_POINT_GROUP = "pbem.games"
BUILT_IN = {"mighty-kingdoms": "pbem.games.mighty_kingdoms:GAME"}


@cache
def games() -> dict[str, Game]:
    """Every registered game by name, sorted by name."""
    found: dict[str, Game] = {}
    specs = dict(BUILT_IN)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        specs[point.name] = point.value
    for name in sorted(specs):
        found[name] = _load(specs[name])
    return found


def _load(spec: str) -> Game:
    module_name, _, attribute = spec.partition(":")
    module = __import__(module_name, fromlist=[attribute])
    game: Game = getattr(module, attribute)
    return game


def get_game(name: str) -> Game:
    """The game registered under `name`."""
    try:
        return games()[name]
    except KeyError:
        raise NotFound("game.E_UNKNOWN", game=name, known=", ".join(games())) from None
