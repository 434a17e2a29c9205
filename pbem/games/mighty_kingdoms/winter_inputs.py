"""Typed winter orders: the value types one player's winter email is read into."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pbem.games.mighty_kingdoms.stage_input import StageInput
from pbem.games.mighty_kingdoms.state import Unit

BuildTarget = Literal["village", "city", "fortress", "capital"]


class Tithe(BaseModel):
    """A gift of up to 1 gold and up to 1 food to another player."""

    model_config = ConfigDict(frozen=True)

    to: str
    gold: int = Field(default=0, ge=0, le=1)
    food: int = Field(default=0, ge=0, le=1)


class Purchase(BaseModel):
    """One entry of the ordered purchase list: build, recruit or disband."""

    model_config = ConfigDict(frozen=True)

    action: Literal["build", "recruit", "disband"]
    tile: str | None = None  # build and recruit
    target: BuildTarget | None = None  # build only
    army: str | None = None  # disband only
    units: list[Unit] = Field(default_factory=list)  # recruit in kow mode: the new army's list
    allied: bool = False  # recruit in kow mode: an allied army (a whole army of allies)


class Deployment(BaseModel):
    """Where one army should be deployed at the end of winter."""

    model_config = ConfigDict(frozen=True)

    army: str
    tile: str


class Quest(BaseModel):
    """A wizard's quest: a hero of one of the player's armies visits a tower (advanced rules)."""

    model_config = ConfigDict(frozen=True)

    tower: str
    army: str
    hero: str  # the unit's name as in the army list


class Equip(BaseModel):
    """Allocate one of the player's artefacts to a unit during deployment (advanced rules)."""

    model_config = ConfigDict(frozen=True)

    army: str
    unit: str
    artefact: str


class WinterOrders(StageInput):
    """Everything one player decides for a winter, sent in one sealed email."""

    kind: Literal["winter"] = "winter"
    tithes: list[Tithe] = Field(default_factory=list)
    purchases: list[Purchase] = Field(default_factory=list)
    unfed: list[str] = Field(default_factory=list)  # armies to remove first if food is short
    recall: str | None = None  # preferred city or village when there is no capital
    deploy: list[Deployment] = Field(default_factory=list)
    quests: list[Quest] = Field(default_factory=list)
    equip: list[Equip] = Field(default_factory=list)
