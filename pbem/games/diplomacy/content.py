"""The board as data: powers, provinces, coasts and the two adjacency graphs (army and fleet).

Everything about a particular board (the standard one, or a variant) comes from its file under
campaigns/diplomacy/; this module only knows the shape of a board. A location is a province id
("par", "nth") or, on a split coast, the province and coast ("stp/nc").
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

ProvinceKind = Literal["land", "coast", "sea"]  # land: inland; coast: land on the sea
UnitKind = Literal["A", "F"]
UNIT_NAMES: dict[str, str] = {"A": "army", "F": "fleet"}


class Power(BaseModel):
    """A great power: its key, its name and the adjective its units go by."""

    key: str
    name: str
    adjective: str


class Province(BaseModel):
    """One space of the board."""

    id: str
    kind: ProvinceKind
    centre: bool = False
    home: str | None = None  # the power whose home centre this is
    name: str
    aliases: list[str] = Field(default_factory=list)  # other names and abbreviations players use
    x: float = 0.0  # where the label and pieces go, in map units (0..1000 on the longer side)
    y: float = 0.0
    shape: list[tuple[float, float]] = Field(default_factory=list)  # more points of its drawn area


class Coast(BaseModel):
    """One coast of a province with more than one (St Petersburg's north coast: stp/nc)."""

    location: str
    name: str  # "north coast"
    x: float = 0.0
    y: float = 0.0


class Scenery(BaseModel):
    """Land drawn on the map that no unit may enter (Switzerland)."""

    id: str
    name: str
    points: list[tuple[float, float]] = Field(default_factory=list)


class StartUnit(BaseModel):
    """A unit on the board at the start."""

    power: str
    kind: UnitKind
    location: str


class Board(BaseModel):
    """A whole board, checked when read (setup.py); `digest` names it for the caches."""

    name: str
    title: str
    victory: int = 18  # supply centres that win
    first_year: int = 1901
    min_players: int = 2
    max_players: int = 7
    powers: list[Power]
    provinces: list[Province]
    coasts: list[Coast] = Field(default_factory=list)
    army: dict[str, list[str]]  # province -> the provinces an army may move to
    fleet: dict[str, list[str]]  # location -> the locations a fleet may move to
    units: list[StartUnit]
    absent_with: dict[str, list[str]] = Field(default_factory=dict)  # players -> powers left out
    scenery: list[Scenery] = Field(default_factory=list)
    archipelagos: list[str] = Field(default_factory=list)  # coasts a fleet convoys from
    digest: str = ""

    def power(self, key: str) -> Power:
        """The power with this key."""
        return next(p for p in self.powers if p.key == key)

    def province(self, pid: str) -> Province:
        """The province with this id."""
        return next(p for p in self.provinces if p.id == pid)


_PROVINCES: dict[str, str] = {}


def province_of(location: str) -> str:
    """The province of a location: "stp/nc" -> "stp" (the rules ask this very often)."""
    found = _PROVINCES.get(location)
    if found is None:
        found = _PROVINCES[location] = location.split("/", 1)[0]
    return found
