"""Map rules every playable Mighty Kingdoms map must meet (shared by the loader and generator).

A start tile is plain; its six neighbours all exist and at least four of them are plain (they
must hold a city, a fortress and two villages); two start tiles are at least 3 apart so their
rings do not overlap; there are at least `max_players` of them; and armies can walk from every
start to every other (plain tiles only, never across an edge with water on either side).
"""

from __future__ import annotations

from pbem.core.hexgrid import DIRECTION_ORDER, distance
from pbem.games.mighty_kingdoms.content import MapData, Tile
from pbem.games.mighty_kingdoms.state import natural_key

Finding = tuple[str, str | None, str]  # (code, tile id or None for the whole map, message)
MIN_PLAIN_AROUND_START = 4
MIN_START_DISTANCE = 3


def check_map(game_map: MapData) -> list[Finding]:
    """Every broken map rule, starts in id order; empty when the map is playable."""
    starts = [game_map.tile(t) for t in sorted(game_map.start_tiles(), key=natural_key)]
    found: list[Finding] = []
    for tile in starts:
        found += _start_problems(game_map, tile)
    found += _spacing(starts)
    if len(starts) < game_map.max_players:
        found.append(("mk.E_TOO_FEW_STARTS", None,
                      f"{len(starts)} start tiles for up to {game_map.max_players} players"))
    if not found:
        found += _reachability(game_map, starts)
    return found


def _start_problems(game_map: MapData, tile: Tile) -> list[Finding]:
    if tile.terrain != "plain":
        return [("mk.E_START_TERRAIN", tile.id, f"start tile {tile.id} is {tile.terrain}")]
    ring = [game_map.at(h) for h in tile.hex.neighbours()]
    if any(t is None for t in ring):
        return [("mk.E_START_RING", tile.id, f"start tile {tile.id} is missing neighbours")]
    plain = sum(1 for t in ring if t is not None and t.terrain == "plain")
    if plain < MIN_PLAIN_AROUND_START:
        return [("mk.E_START_ROOM", tile.id,
                 f"start tile {tile.id} has {plain} plain neighbours, needs 4")]
    return []


def _spacing(starts: list[Tile]) -> list[Finding]:
    found: list[Finding] = []
    for index, tile in enumerate(starts):
        for other in starts[:index]:
            if distance(tile.hex, other.hex) < MIN_START_DISTANCE:
                found.append(("mk.E_START_SPACING", tile.id,
                              f"start tiles {other.id} and {tile.id} are too close"))
    return found


def walkable_from(game_map: MapData, origin: str) -> list[str]:
    """Tiles an army could reach from `origin`, in the order they are found."""
    seen = [origin]
    frontier = [origin]
    while frontier:
        here = frontier.pop(0)
        for direction in DIRECTION_ORDER:
            step = _step(game_map, here, direction)
            if step and step not in seen:
                seen.append(step)
                frontier.append(step)
    return seen


def _step(game_map: MapData, here: str, direction: str) -> str | None:
    target = game_map.at(game_map.tile(here).hex.neighbour(direction))
    if target is None or target.terrain != "plain":
        return None
    return None if "water" in game_map.crossing(here, direction) else target.id


def _reachability(game_map: MapData, starts: list[Tile]) -> list[Finding]:
    if not starts:
        return []
    reached = walkable_from(game_map, starts[0].id)
    return [("mk.E_START_UNREACHABLE", t.id, f"no way by land from {starts[0].id} to {t.id}")
            for t in starts[1:] if t.id not in reached]
