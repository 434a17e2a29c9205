"""Campaign data of The Campaigns of King David: the scenario model and the book's own tables."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from pbem.core.copying import SharedContent

Kind = Literal["chariot", "phalanx", "infantry", "militia"]
KINDS: tuple[Kind, ...] = ("chariot", "phalanx", "infantry", "militia")
Terrain = Literal["clear", "hill"]
LinkKind = Literal["land", "river", "jordan", "ford"]
PHASE_KINDS = ("action", "event", "harvest", "resource", "build")

STACK_LIMIT = 4  # 4.5 and 6.1: four armies, plus the best leader's rating
LEADER_MOVE = 3  # 6.1
FORT_MAX = 4  # 10.4
FORT_COST = 10  # 10.4
COMBAT_COST = 1  # 6.2
SIEGE_COST = 1  # 6.3
RANSOM_PER_POINT = 5  # 6.2.6
SIEGE_DIE = 6  # 6.3: every besieger rolls a D6 and has six hit points per step
FORT_DIE = 10  # 6.3: a D10 per fortification level, ten hit points per level
START_EVENTS = 3  # 4.7


class Country(BaseModel):
    """A country of the map: one of the five majors a player may take, or a minor."""

    key: str
    name: str
    major: bool
    auto: int = 0  # automatic victory level (12.1)
    multiplier: float = 0  # end-of-game multiplier (12.2)
    die: int = 6  # initiative die (5.2)
    food: int = 0
    resources: int = 0
    setup: dict[str, int] = Field(default_factory=dict)  # kind -> armies drawn at setup


class Area(BaseModel):
    """One area of the map."""

    id: str
    country: str  # a country key, or "none"
    terrain: Terrain
    food: int
    resources: int
    x: float
    y: float
    city: str | None = None
    fort: int = 0  # a city with no marker has level one (6.3)
    port: bool = False
    name: str | None = None  # what the map calls it, if not its city's name or its id
    line: int = 0

    @property
    def shown(self) -> str:
        """The area's name on the map: its own, its city's (as the rulebook names it), or
        its id."""
        return self.name or self.city or self.id.capitalize()


class Link(BaseModel):
    """A border between two areas."""

    a: str
    b: str
    kind: LinkKind = "land"
    line: int = 0


class Counter(BaseModel):
    """A kind of army counter in a country's mix, and how many there are."""

    country: str
    kind: Kind
    strength: int
    steps: int
    count: int


class ChartRow(BaseModel):
    """One line of the Maintenance and Cost Chart."""

    kind: Kind
    maint_food: int
    maint_res: int
    build_food: int
    build_res: int


class LeaderSpec(BaseModel):
    """A named leader and the rating that adds to his stacking limit."""

    country: str
    name: str
    rating: int


class Scenario(SharedContent):
    """Everything a campaign reads from its scenario file (read-only in play: copies of a
    state share it)."""

    name: str
    title: str = ""
    turns: int = 7
    min_players: int = 2
    max_players: int = 5
    reduced_strength_drop: int = 1
    phase_cup: dict[str, int]
    countries: list[Country]
    neutral_with: dict[str, list[str]] = Field(default_factory=dict)
    leaders: list[LeaderSpec] = Field(default_factory=list)
    counters: list[Counter]
    chart: list[ChartRow]
    areas: list[Area]
    links: list[Link]

    def country(self, key: str) -> Country:
        """The country with key `key`."""
        return next(c for c in self.countries if c.key == key)

    def area(self, key: str) -> Area:
        """The area with id `key`."""
        return self.memo("areas", lambda: {a.id: a for a in self.areas})[key]

    def borders(self, area: str) -> list[tuple[str, str]]:
        """(neighbour, link kind) pairs of an area, sorted by neighbour."""
        return list(self.memo("borders", self._borders).get(area, ()))

    def _borders(self) -> dict[str, list[tuple[str, str]]]:
        table: dict[str, list[tuple[str, str]]] = {}
        for link in self.links:
            table.setdefault(link.a, []).append((link.b, link.kind))
            table.setdefault(link.b, []).append((link.a, link.kind))
        return {area: sorted(found) for area, found in table.items()}

    def cost(self, kind: str) -> ChartRow:
        """The chart line of an army kind."""
        return next(r for r in self.chart if r.kind == kind)


def die_of(kind: str, terrain: str) -> int:
    """Combat die (and hits per step) of an army kind in a terrain (6.2's chart)."""
    if kind == "phalanx":
        return 10
    if kind == "chariot":
        return 10 if terrain == "clear" else 8
    if kind == "infantry":
        return 8
    return 6


def move_allowance(kind: str) -> int:
    """Movement points of an army kind (6.1)."""
    return 2 if kind == "chariot" else 1


def entry_cost(kind: str, terrain: str, link: str) -> int:
    """Movement points to cross `link` into an area of `terrain`; chariots pay for rivers (6.1)."""
    cost = 2 if kind == "chariot" and terrain == "hill" else 1
    if kind == "chariot" and link in ("river", "ford"):
        cost += 1
    return cost
