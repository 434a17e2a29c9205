"""Mighty Kingdoms map data: the validated, immutable model every rule reads.

Loading and validating map files lives in `maps/mapfile.py`; generating new maps in
`maps/mapgen.py`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pbem.core.copying import SharedContent
from pbem.core.hexgrid import DIRECTION_ORDER, OPPOSITE, Hex

Terrain = Literal["plain", "water", "marsh"]
EdgeFeature = Literal["water", "mountain", "forest"]


class Tile(BaseModel):
    """One map hex: position, terrain, river, start marker and its own side features."""

    model_config = ConfigDict(frozen=True)

    id: str  # short, case-insensitive, e.g. "C4"
    q: int
    r: int
    terrain: Terrain = "plain"
    river: bool = False
    start: bool = False
    # direction -> feature on this tile's side
    edges: dict[str, EdgeFeature] = Field(default_factory=dict)

    @property
    def hex(self) -> Hex:
        """The tile's axial coordinate."""
        return Hex(self.q, self.r)

    @property
    def enterable(self) -> bool:
        """Armies may never enter water or marsh tiles."""
        return self.terrain == "plain"


class MapData(SharedContent):
    """A whole campaign map (read-only in play: copies of a state share it)."""

    model_config = ConfigDict(frozen=True)

    name: str
    title: str
    min_players: int
    max_players: int
    tiles: dict[str, Tile]  # keyed by upper-case id

    def tile(self, tile_id: str) -> Tile:
        """Return a tile by id, case-insensitively."""
        return self.tiles[tile_id.upper()]

    def at(self, h: Hex) -> Tile | None:
        """Return the tile at a coordinate, if the map has one."""
        return self._by_hex().get(h)

    def _by_hex(self) -> dict[Hex, Tile]:
        cache = self.__dict__.get("_hex_cache")
        if cache is None:
            cache = {t.hex: t for t in self.tiles.values()}
            self.__dict__["_hex_cache"] = cache
        return cache

    def neighbours(self, tile_id: str) -> dict[str, str]:
        """Map each direction to the id of the adjacent tile that exists."""
        return dict(self.memo("neighbours", self._neighbours)[tile_id.upper()])

    def _neighbours(self) -> dict[str, dict[str, str]]:
        table: dict[str, dict[str, str]] = {}
        for tile_id, here in self.tiles.items():
            found: dict[str, str] = {}
            for direction in DIRECTION_ORDER:
                other = self.at(here.hex.neighbour(direction))
                if other is not None:
                    found[direction] = other.id
            table[tile_id] = found
        return table

    def crossing(
        self, source: str, direction: str
    ) -> tuple[EdgeFeature | None, EdgeFeature | None]:
        """Return the features on both sides of the edge crossed leaving `source` in `direction`."""
        here = self.tile(source)
        there = self.at(here.hex.neighbour(direction))
        far = there.edges.get(OPPOSITE[direction]) if there else None
        return here.edges.get(direction), far

    def start_tiles(self) -> list[str]:
        """Ids of the start tiles, sorted."""
        return sorted(t.id for t in self.tiles.values() if t.start)
