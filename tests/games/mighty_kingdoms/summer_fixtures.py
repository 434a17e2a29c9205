"""Small Mighty Kingdoms positions and scripted dice for the setup, summer and battle tests.

The map is 6 rows (A-F) by 6 columns (1-6), offset rows laid out on axial coordinates.
Features: C3 has a river, D2 is marsh, A6 is water, C4 has a mountain on its east side,
D4 a forest on its north-east side, C2 a water edge on its south-west side. Start tiles: B2, B5, E4.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pbem.core.game import Seat, Setup
from pbem.core.rng import Draw, SeededRng
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.content import MapData, Tile
from pbem.games.mighty_kingdoms.state import (
    Army,
    Kingdom,
    MKState,
    Settings,
    TileState,
    Unit,
)

T = TypeVar("T")
ROWS = "ABCDEF"
COLUMNS = 6
SPECIAL: dict[str, dict[str, Any]] = {
    "C3": {"river": True},
    "D2": {"terrain": "marsh"},
    "A6": {"terrain": "water"},
    "C4": {"edges": {"e": "mountain"}},
    "D4": {"edges": {"ne": "forest"}},
    "C2": {"edges": {"sw": "water"}},
    "B2": {"start": True},
    "B5": {"start": True},
    "E4": {"start": True},
}


def fixture_map() -> MapData:
    """The fixture map described in the module docstring."""
    tiles: dict[str, Tile] = {}
    for row, letter in enumerate(ROWS):
        for column in range(COLUMNS):
            key = f"{letter}{column + 1}"
            tiles[key] = Tile(id=key, q=column - row // 2, r=row, **SPECIAL.get(key, {}))
    return MapData(name="fixture", title="Fixture", min_players=2, max_players=3, tiles=tiles)




@dataclass
class ScriptedRng(SeededRng):
    """A SeededRng whose dice and shuffles come from a script, recorded like real draws."""

    script: list[int] = field(default_factory=list)
    orders: list[list[str]] = field(default_factory=list)

    def die(self, sides: int = 6, purpose: str = "die") -> int:
        """The next scripted value."""
        value = self._next()
        self.draws.append(Draw(purpose, value))
        return value

    def dice(self, count: int, sides: int = 6, purpose: str = "dice") -> list[int]:
        """The next `count` scripted values."""
        values = [self._next() for _ in range(count)]
        self.draws.append(Draw(purpose, values))
        return values

    def shuffled(self, items: Sequence[T], purpose: str = "shuffle") -> list[T]:
        """The next scripted order (by str value), or the items unchanged if none is scripted."""
        result = list(items)
        if self.orders:
            wanted = self.orders.pop(0)
            result = sorted(result, key=lambda x: wanted.index(str(x)))
        self.draws.append(Draw(purpose, [str(x) for x in result]))
        return result

    def _next(self) -> int:
        if not self.script:
            raise AssertionError("the test's dice script ran out")
        return self.script.pop(0)


def scripted(dice: list[int] | None = None, orders: list[list[str]] | None = None) -> ScriptedRng:
    """A scripted rng (seed 0 is never used for draws)."""
    return ScriptedRng(seed=0, script=list(dice or []), orders=list(orders or []))


def new_game(seats: int = 2, **settings: str) -> MKState:
    """A fresh game from GAME.start on the fixture map."""
    setup = Setup(
        seats=[Seat(id=f"p{n}", name=f"Kingdom {n}") for n in range(1, seats + 1)],
        scenario={"map": fixture_map().model_dump()},
        settings=dict(settings),
    )
    return GAME.start(setup, SeededRng(1))


def summer_state(seats: int = 2, **settings: Any) -> MKState:
    """An empty summer month 1 state with players p1, p2, … in seat order."""
    game_map = fixture_map()
    ids = [f"p{n}" for n in range(1, seats + 1)]
    return MKState(
        map=game_map,
        settings=Settings(**settings),
        seats=[Seat(id=s, name=f"Kingdom {s}") for s in ids],
        stage="summer",
        year=1,
        month=1,
        player_order=list(ids),
        kingdoms={s: Kingdom(seat=s, name=f"Kingdom {s}", race="Humans") for s in ids},
        tiles={t: TileState(id=t) for t in sorted(game_map.tiles)},
    )


def put(state: MKState, tile: str, spec: str) -> None:
    """Set a tile from `OWNER [village|city|fortress|capital] [tower]` (`-` for no owner)."""
    words = spec.split()
    here = state.tiles[tile]
    here.owner = None if words[0] == "-" else words[0]
    for word in words[1:]:
        if word == "capital":
            here.settlement, here.capital_of = "city", here.owner
            state.capitals[here.owner or ""] = tile
        elif word in ("village", "city", "fortress"):
            here.settlement = word  # type: ignore[assignment]
        elif word == "tower":
            here.tower = True


def add_army(state: MKState, spec: str) -> Army:
    """Add an army from `ID OWNER TILE [lying] [points N] [units NAME:STRENGTH[:CHANGE],...]`."""
    words = spec.split()
    army = Army(id=words[0], owner=words[1], tile=words[2], lying="lying" in words)
    if "points" in words:
        army.points = int(words[words.index("points") + 1])
    if "units" in words:
        army.units = [_unit(u) for u in words[words.index("units") + 1].split(",")]
    state.armies[army.id] = army
    state.next_army = max(state.next_army, int(army.id) + 1)
    return army


def _unit(spec: str) -> Unit:
    parts = spec.split(":")
    change = int(parts[2]) if len(parts) > 2 else 0
    return Unit(name=parts[0], strength=int(parts[1]), points=100, change=change)


def two_kingdoms(**settings: Any) -> MKState:
    """p1 around B2 and p2 around B5, one army each in its capital."""
    state = summer_state(2, **settings)
    put(state, "B2", "p1 capital")
    put(state, "B3", "p1 village")
    put(state, "C2", "p1")
    put(state, "B5", "p2 capital")
    put(state, "B4", "p2 fortress")
    put(state, "C4", "p2 village")
    add_army(state, "1 p1 B2")
    add_army(state, "2 p2 B5")
    return state
