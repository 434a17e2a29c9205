"""Mighty Kingdoms state: plain pydantic data that round-trips through JSON.

Rules never mutate a state they were given: `advance` deep-copies first (see `working_copy`).
"""

from __future__ import annotations

import functools
import re
from typing import Any, Literal

from pydantic import BaseModel, Field

from pbem.core.copying import deep_copy
from pbem.core.game import Seat
from pbem.games.mighty_kingdoms.content import MapData

SettlementKind = Literal["village", "city", "fortress"]
Stage = Literal["race", "capital", "placement", "army", "summer", "battle", "winter", "over"]
OrderKind = Literal["move", "defend", "raze", "regroup", "hold"]
BattleMode = Literal["simple", "kow"]
MissingOrders = Literal["defend", "hold", "idle"]
RetreatDefault = Literal["safe", "settlement"]
DeployDefault = Literal["capital", "fortress", "spread"]

SETTLEMENT_RANK = {"capital": 0, "fortress": 1, "city": 2, "village": 3}
DEPLOY_LIMIT = {"village": 1, "city": 2, "capital": 3, "fortress": 3}
STARTING_POINTS = 500


@functools.lru_cache(maxsize=8192)  # a map's ids, asked for by every sort of every view
def natural_key(tile_id: str) -> tuple[Any, ...]:
    """Sort key for ids so that C2 < C10 ("lowest tile id" in the rulings)."""
    parts = re.split(r"(\d+)", tile_id.upper())
    return tuple(int(p) if p.isdigit() else p for p in parts)


def army_key(army: Army) -> tuple[Any, ...]:
    """Sort key for armies by id number."""
    return natural_key(army.id)


class Settings(BaseModel):
    """Campaign switches (see GameMeta.settings for their help text)."""

    battle_mode: BattleMode = "simple"
    years: int = 2
    advanced: bool = False
    army_cap: int = 6
    battle_cap: int = 100
    missing_orders: MissingOrders = "defend"  # what a silent army does (see default_order)
    retreat_default: RetreatDefault = "safe"  # how the retreat tile is chosen without a preference
    deploy_default: DeployDefault = "capital"  # how armies without a deploy plan are placed
    races: list[str] = Field(default_factory=list)  # empty: free text
    artefacts: list[dict[str, Any]] = Field(default_factory=list)  # {"name": str, "points": int}


class Unit(BaseModel):
    """A named unit of a `kow` army list."""

    name: str
    strength: int  # Unit Strength as listed
    change: int = 0  # routs caused minus routs suffered, carried over permanently
    points: int = 0
    hero: bool = False
    kind: str = ""  # e.g. "infantry", "monster", "war machine", "hero"
    artefact: str | None = None
    item: str | None = None  # a Kings of War magic item bought with points (kow lists)

    @property
    def current(self) -> int:
        """Unit Strength with all changes applied (may be negative)."""
        return self.strength + self.change


class Army(BaseModel):
    """One army token."""

    id: str  # global, e.g. "3"; shown as "army 3"
    owner: str  # seat id
    tile: str | None  # None while staged in winter
    points: int = STARTING_POINTS  # simple battles
    lying: bool = False  # on its side
    units: list[Unit] = Field(default_factory=list)  # kow list; private until it fights
    list_revealed: bool = False
    allied: bool = False


class TileState(BaseModel):
    """What is on one map tile now."""

    id: str
    owner: str | None = None  # controlling seat; None = unexplored (or never ownable)
    settlement: SettlementKind | None = None
    capital_of: str | None = None  # seat whose original capital this is (only while a city)
    razing: bool = False  # a raze order turned the settlement upside down this month
    tower: bool = False  # wizard's tower (advanced)


class Kingdom(BaseModel):
    """A player's kingdom."""

    seat: str
    name: str
    race: str | None = None  # public once revealed
    gold: int = 0
    food: int = 0
    artefacts_held: list[str] = Field(default_factory=list)  # held by the capital, unallocated


class Order(BaseModel):
    """One summer order for one army."""

    army: str
    kind: OrderKind
    target: str | None = None  # tile id for move


class Intent(BaseModel):
    """A sealed order, with the standing instructions that go with it, waiting to resolve."""

    seat: str
    order: Order
    resolved: bool = False


class BattleRecord(BaseModel):
    """A battle this month (public once fought)."""

    number: int
    tile: str
    attacker: str
    defender: str
    attacker_armies: list[str]
    defender_armies: list[str]
    result: dict[str, str] = Field(default_factory=dict)  # seat -> win|loss|draw
    pending: bool = False  # kow: waiting for the referee


class MonthProgress(BaseModel):
    """Where the current month's resolution stands, so a `kow` pause can resume."""

    intents: list[Intent] = Field(default_factory=list)  # in resolution order
    moved: dict[str, str] = Field(default_factory=dict)  # army -> tile it moved from this month
    defended: list[str] = Field(default_factory=list)  # armies that took Defend
    battles: list[BattleRecord] = Field(default_factory=list)
    # seat -> standing instructions
    preferences: dict[str, dict[str, Any]] = Field(default_factory=dict)
    step: Literal["resolve", "battle", "reform", "done"] = "resolve"
    chooser: int = 0  # index in player_order of the next player to choose a battle
    idle: int = 0  # players in a row who had no battle to choose
    slaughters: int = 0  # slaughters of lying armies this month


class MKState(BaseModel):
    """The whole game."""

    version: int = 1
    map: MapData
    settings: Settings
    seats: list[Seat]
    stage: Stage = "race"
    year: int = 1
    month: int = 0  # 1-6 in summer, 0 otherwise
    player_order: list[str] = Field(default_factory=list)
    kingdoms: dict[str, Kingdom]
    tiles: dict[str, TileState]
    armies: dict[str, Army] = Field(default_factory=dict)
    next_army: int = 1
    sealed_races: dict[str, str] = Field(default_factory=dict)  # never shown until revealed
    capitals: dict[str, str] = Field(default_factory=dict)  # seat -> original capital tile
    progress: MonthProgress = Field(default_factory=MonthProgress)
    artefacts_pool: list[str] = Field(default_factory=list)
    misses: dict[str, int] = Field(default_factory=dict)
    turn: int = 1  # running phase counter, +1 on every advance

    def working_copy(self) -> MKState:
        """A deep copy that rules may change freely."""
        return deep_copy(self)

    def armies_of(self, seat: str) -> list[Army]:
        """A seat's armies, sorted by id number."""
        return sorted((a for a in self.armies.values() if a.owner == seat), key=army_key)

    def armies_in(self, tile: str) -> list[Army]:
        """Armies standing in a tile, sorted by id number."""
        return sorted((a for a in self.armies.values() if a.tile == tile), key=army_key)

    def controlled(self, seat: str) -> list[str]:
        """Tile ids a seat controls, in natural order."""
        return sorted((t.id for t in self.tiles.values() if t.owner == seat), key=natural_key)

    def settlement_kind(self, tile: str) -> str | None:
        """'capital' for a capital held by its original owner, else the settlement kind."""
        state = self.tiles[tile]
        if state.settlement == "city" and state.capital_of and state.capital_of == state.owner:
            return "capital"
        return state.settlement
