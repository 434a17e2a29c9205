"""Find games: built-in ones are registered through the same entry point as third-party ones.

A game's package is imported only when that game is asked for, so a command about one
campaign pays for one game, and a broken third-party game breaks only its own campaigns.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from pbem.core.game import Game
from pbem.errors import NotFound

ENTRY_POINT_GROUP = "pbem.games"
BUILT_IN = {"mighty-kingdoms": "pbem.games.mighty_kingdoms:GAME"}

_loaded: dict[str, Game] = {}  # every game imported so far, by name


@cache
def _specs() -> dict[str, str]:
    """Every registered game's 'module:attribute', by name (nothing imported yet)."""
    specs = dict(BUILT_IN)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        specs[point.name] = point.value
    return specs


def registered_names() -> list[str]:
    """The names of the games installed through the entry point (built in or third party),
    sorted; not those put in the registry by hand (a test's toy game)."""
    return sorted(_specs())


def games() -> dict[str, Game]:
    """Every registered game by name, sorted by name (this imports them all)."""
    for name in sorted(_specs()):
        if name not in _loaded:
            _loaded[name] = _load(_specs()[name])
    for name in sorted(_loaded):  # keep the shared dict in name order
        _loaded[name] = _loaded.pop(name)
    return _loaded


def _load(spec: str) -> Game:
    module_name, _, attribute = spec.partition(":")
    module = __import__(module_name, fromlist=[attribute])
    game: Game = getattr(module, attribute)
    return game


def package_of(name: str) -> str:
    """The package the game registered under `name` lives in, where its optional modules (such
    as a map generator) sit; "" for a game put in the registry by hand."""
    get_game(name)  # unknown names fail here, and the game's module is imported
    spec = _specs().get(name)
    if spec is None:
        return ""
    module_name = spec.partition(":")[0]
    module = __import__(module_name, fromlist=["__name__"])
    return module_name if hasattr(module, "__path__") else module_name.rpartition(".")[0]


def get_game(name: str) -> Game:
    """The game registered under `name`, imported on first use."""
    if name not in _loaded and name in _specs():
        _loaded[name] = _load(_specs()[name])
    try:
        return _loaded[name]
    except KeyError:
        known = ", ".join(sorted(_specs().keys() | _loaded.keys()))
        raise NotFound("game.E_UNKNOWN", game=name, known=known) from None
