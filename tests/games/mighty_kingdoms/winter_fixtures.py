"""Build small Mighty Kingdoms states directly for the winter, quest and standings tests.

The board is 8 columns by 6 rows of hexes with ids A1..F8 (row letter, column number).
A few tiles carry features the advanced rules look at:
C6 has a mountain edge, E6 a forest edge, D8 is marsh, F1 is water.
"""

from __future__ import annotations

import re
from typing import Any

from pbem.core.game import Seat
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.content import MapData, Tile
from pbem.games.mighty_kingdoms.state import Army, Kingdom, MKState, Settings, TileState, Unit
from pbem.games.mighty_kingdoms.winter.parse import parse_unit

ROWS = "ABCDEF"
COLUMNS = 8
SPECIAL: dict[str, dict[str, Any]] = {
    "C6": {"edges": {"e": "mountain"}},
    "E6": {"edges": {"sw": "forest"}},
    "D8": {"terrain": "marsh"},
    "F1": {"terrain": "water"},
}
ARTEFACTS: list[dict[str, Any]] = [
    {"name": "Amulet of Mist", "points": 5},
    {"name": "Ring of Ash", "points": 10},
    {"name": "Horn of Dusk", "points": 25},
    {"name": "Crown of Thorns", "points": 45},
]


def tile_id(row: int, column: int) -> str:
    """Id of the tile in a row (0-based) and column (0-based)."""
    return f"{ROWS[row]}{column + 1}"


def board() -> MapData:
    """The fixture map: offset rows laid out on axial coordinates."""
    tiles: dict[str, Tile] = {}
    for row in range(len(ROWS)):
        for column in range(COLUMNS):
            key = tile_id(row, column)
            tiles[key] = Tile(id=key, q=column - row // 2, r=row, **SPECIAL.get(key, {}))
    return MapData(name="fixture", title="Fixture", min_players=2, max_players=3, tiles=tiles)


def make_state(seats: int = 2, **settings: Any) -> MKState:
    """An empty winter state with `seats` players p1, p2, … and no tiles owned."""
    game_map = board()
    ids = [f"p{n}" for n in range(1, seats + 1)]
    options = {"artefacts": ARTEFACTS, **settings}
    return MKState(
        map=game_map,
        settings=Settings(**options),
        seats=[Seat(id=s, name=f"Kingdom {s}") for s in ids],
        stage="winter",
        player_order=list(ids),
        kingdoms={s: Kingdom(seat=s, name=f"Kingdom {s}") for s in ids},
        tiles={t: TileState(id=t) for t in game_map.tiles},
        artefacts_pool=[a["name"] for a in ARTEFACTS],
    )


def put(state: MKState, tile: str, spec: str) -> None:
    """Set a tile from `OWNER [SETTLEMENT] [of:SEAT] [tower]`; `capital` means own capital."""
    words = spec.split()
    here = state.tiles[tile]
    here.owner = None if words[0] == "-" else words[0]
    here.settlement, here.capital_of, here.tower = None, None, False
    for word in words[1:]:
        if word == "capital":
            here.settlement, here.capital_of = "city", here.owner
            state.capitals[here.owner or ""] = tile
        elif word in ("village", "city", "fortress"):
            here.settlement = word  # type: ignore[assignment]
        elif word.startswith("of:"):
            here.capital_of = word[3:]
        elif word == "tower":
            here.tower = True
        else:
            raise ValueError(f"bad tile spec word {word!r}")


def add_army(state: MKState, army_id: str, owner: str, tile: str | None,
             units: list[str] | None = None, lying: bool = False) -> Army:
    """Add an army; `units` are unit lines (`Thane strength 0 points 90 type hero hero`)."""
    army = Army(id=army_id, owner=owner, tile=tile, lying=lying,
                units=[standing_unit(u) for u in units or []])
    state.armies[army_id] = army
    state.next_army = max(state.next_army, int(army_id) + 1)
    return army


def standing_unit(line: str) -> Unit:
    """A unit as it stands after battles: its Unit Strength may have left the range a new
    list allows (`Thane strength -1 …`), so only the rest of the line is read as a unit line."""
    found = re.search(r"\bstrength\s+(-?\d+)", line)
    listed = re.sub(r"\bstrength\s+-?\d+", "strength 0", line, count=1) if found else line
    unit = parse_unit(listed)
    return unit.model_copy(update={"strength": int(found.group(1))}) if found else unit


def unit(state: MKState, army_id: str, name: str) -> Unit:
    """A unit of an army, by name."""
    return next(u for u in state.armies[army_id].units if u.name == name)


def describe(state: MKState, tile: str) -> str:
    """A tile in the `put` syntax: `p1 capital`, `p2 city of:p1`, `p1`, `- tower`."""
    here = state.tiles[tile]
    words = [here.owner or "-"]
    kind = state.settlement_kind(tile)
    if kind:
        words.append(kind)
    if here.capital_of and kind != "capital":
        words.append(f"of:{here.capital_of}")
    if here.tower:
        words.append("tower")
    return " ".join(words)


def seed_for_first_die(value: int, sides: int = 6) -> int:
    """The smallest seed whose first die roll shows `value`."""
    return next(s for s in range(10_000) if SeededRng(s).die(sides) == value)


def two_kingdoms() -> MKState:
    """p1 around B2 and p2 around E6, each with the setup settlements and one army."""
    state = make_state()
    for tile, spec in {"B2": "p1 capital", "B3": "p1 city", "A2": "p1 fortress",
                       "C2": "p1 village", "C3": "p1 village", "A3": "p1", "B1": "p1",
                       "E6": "p2 capital", "E5": "p2 city", "D6": "p2 fortress",
                       "E7": "p2 village", "F6": "p2 village", "D5": "p2", "F5": "p2"}.items():
        put(state, tile, spec)
    add_army(state, "1", "p1", "C4")
    add_army(state, "2", "p2", "D4")
    return state
