"""Typed inputs for every Mighty Kingdoms stage, each tagged by a `kind` discriminator."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from pbem.games.mighty_kingdoms.stage_input import StageInput
from pbem.games.mighty_kingdoms.state import Order, Unit
from pbem.games.mighty_kingdoms.winter_inputs import WinterOrders


class RaceInput(StageInput):
    """Setup step A: the kingdom's main race (sealed until everyone has chosen)."""

    kind: Literal["race"] = "race"
    race: str


class CapitalInput(StageInput):
    """Setup step C: start tiles ranked best first."""

    kind: Literal["capital"] = "capital"
    ranked: list[str] = Field(default_factory=list)


class PlacementInput(StageInput):
    """Setup step D: where the city, fortress and two villages go around the capital."""

    kind: Literal["placement"] = "placement"
    city: str | None = None
    fortress: str | None = None
    villages: list[str] = Field(default_factory=list)


class ArmyInput(StageInput):
    """Setup step E (and F in kow mode): the first army's tile and its list."""

    kind: Literal["army"] = "army"
    tile: str | None = None
    units: list[Unit] = Field(default_factory=list)


class WinMove(BaseModel):
    """After a won battle, move this army from the battle tile to this adjacent tile."""

    army: str
    tile: str


class SummerOrders(StageInput):
    """One player's sealed month: orders in priority order plus standing instructions."""

    kind: Literal["summer"] = "summer"
    orders: list[Order] = Field(default_factory=list)
    battle_tiles: list[str] = Field(default_factory=list)  # ranked tiles to start battles in
    opponents: list[str] = Field(default_factory=list)  # ranked seats to fight
    targets: list[str] = Field(default_factory=list)  # ranked enemy armies for simple battles
    retreats: dict[str, list[str]] = Field(default_factory=dict)  # army -> ranked tiles
    win_moves: list[WinMove] = Field(default_factory=list)
    slaughter: list[str] = Field(default_factory=list)  # own lying armies to give up first

    def instructions(self) -> dict[str, Any]:
        """The standing instructions alone, as stored in the month's progress."""
        return self.model_dump(exclude={"kind", "orders", "defaulted"})


class UnitChange(BaseModel):
    """A Unit Strength change recorded by the referee after a tabletop battle."""

    army: str
    unit: int  # 1-based position in the army list
    change: int


class BattleResultInput(StageInput):
    """The referee's result of a tabletop (`kow`) battle."""

    kind: Literal["battle-result"] = "battle-result"
    battle: int
    winner: str | None = None  # seat; None means a draw
    changes: list[UnitChange] = Field(default_factory=list)


SetupInput = RaceInput | CapitalInput | PlacementInput | ArmyInput


AnyInput = Annotated[
    RaceInput | CapitalInput | PlacementInput | ArmyInput | SummerOrders | BattleResultInput
    | WinterOrders,
    Field(discriminator="kind"),
]
Input = (RaceInput | CapitalInput | PlacementInput | ArmyInput | SummerOrders | BattleResultInput
         | WinterOrders)
INPUTS: TypeAdapter[Input] = TypeAdapter(AnyInput)  # any stage's input, told apart by its kind


def input_from_json(data: dict[str, Any]) -> Input:
    """Rebuild any stage's input from its JSON form."""
    return INPUTS.validate_python(data)
