"""Typed inputs: deployment, a turn's orders, and an answer to a reaction window."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, TypeAdapter

from pbem.core.reactions import StandingReaction


class Discard(BaseModel):
    """Discard one card of a kind in the orders phase (only down to the hand limit)."""

    op: Literal["discard"] = "discard"
    card: str


class Scout(BaseModel):
    """Play a Scout card: look at the opponent's hand."""

    op: Literal["scout"] = "scout"


class Move(BaseModel):
    """Play a move card: one unit anywhere, or several straight forward (`steps` from, to)."""

    op: Literal["move"] = "move"
    card: str
    steps: list[tuple[str, str]]


class Dismount(BaseModel):
    """Play Special Ability: Knights at `square` become Blades."""

    op: Literal["dismount"] = "dismount"
    square: str


class Attack(BaseModel):
    """A unit attacks: with no card it is an automatic kill, else the card names the attack."""

    op: Literal["attack"] = "attack"
    source: str
    target: str
    card: str | None = None


class Trample(BaseModel):
    """Play Special Ability: Elephants move one square (`via`) and then attack."""

    op: Literal["trample"] = "trample"
    source: str
    via: str
    target: str


Order = Annotated[Discard | Scout | Move | Dismount | Attack | Trample, Field(discriminator="op")]


class Standing(BaseModel):
    """Standing reactions sent with any input: new ones added, or all cleared first."""

    clear: bool = False
    add: list[StandingReaction] = Field(default_factory=list)


class TurnInput(BaseModel):
    """The active player's whole turn: orders, move and battle phases in that order."""

    kind: Literal["turn"] = "turn"
    orders: list[Order] = Field(default_factory=list)
    standing: Standing = Field(default_factory=Standing)


class AnswerInput(BaseModel):
    """The asked player's answer to an open reaction window."""

    kind: Literal["answer"] = "answer"
    window: str
    choice: str
    standing: Standing = Field(default_factory=Standing)


class PlacementInput(BaseModel):
    """One unit placed at deployment (`general`: the element nominated as General)."""

    type: str
    square: str
    elite: bool = False
    general: bool = False


class DeployInput(BaseModel):
    """A player's army and its deployment on their back rows."""

    kind: Literal["deploy"] = "deploy"
    army: str = ""
    units: list[PlacementInput] = Field(default_factory=list)
    standing: Standing = Field(default_factory=Standing)


class TerrainPiece(BaseModel):
    """One piece of terrain the defender places: its kind and the squares it covers."""

    terrain: str
    squares: list[str]


class TerrainInput(BaseModel):
    """DBA 2.2 setup: the defender's terrain (or the seeded layout) and the side they take."""

    kind: Literal["terrain"] = "terrain"
    random: bool = True
    pieces: list[TerrainPiece] = Field(default_factory=list)
    rivers: list[str] = Field(default_factory=list)  # sides such as "f5-g5"
    side: Literal["north", "south"] = "north"
    standing: Standing = Field(default_factory=Standing)


class SwapInput(BaseModel):
    """DBA 2.2 setup: the defender swaps the places of two of their units (or none)."""

    kind: Literal["swap"] = "swap"
    squares: list[str] = Field(default_factory=list)
    standing: Standing = Field(default_factory=Standing)


AnyInput = Annotated[
    TurnInput | AnswerInput | DeployInput | TerrainInput | SwapInput,
    Field(discriminator="kind"),
]
Input = TurnInput | AnswerInput | DeployInput | TerrainInput | SwapInput
INPUTS: TypeAdapter[Input] = TypeAdapter(AnyInput)  # any input, told apart by its kind
_ORDER: TypeAdapter[Any] = TypeAdapter(Order)


def input_from_json(data: dict[str, Any]) -> Input:
    """Rebuild any input from its JSON form."""
    return INPUTS.validate_python(data)


def order_from_json(data: dict[str, Any]) -> Order:
    """Rebuild one order from JSON."""
    result: Order = _ORDER.validate_python(data)
    return result
