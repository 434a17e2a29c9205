"""Typed input: one power's orders for a phase, and its standing draw and concession votes."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from pbem.games.diplomacy.content import UnitKind

OrderKind = Literal[
    "hold", "move", "support", "convoy", "retreat", "disband", "build", "remove", "waive"
]


class Order(BaseModel):
    """One order in its one canonical shape (orders.py writes and reads it).

    `at` is the ordered unit's location (for a build, where it is built); `to` a move's or
    retreat's destination (a fleet's with its coast), or the destination of the move a support
    or convoy is for ("" for a support to hold); `of`/`of_unit` the supported or convoyed unit.
    """

    model_config = ConfigDict(frozen=True)

    kind: OrderKind
    unit: UnitKind | None = None
    at: str = ""
    to: str = ""
    of_unit: UnitKind | None = None
    of: str = ""
    via: bool = False  # a move by convoy, asked for explicitly


class DipOrders(BaseModel):
    """What one power sent for a phase: its orders and, if it changes them, its votes."""

    kind: Literal["orders"] = "orders"
    orders: list[Order] = Field(default_factory=list)
    draw: bool | None = None  # None: the vote on file stands
    draw_among: list[str] | None = None  # a partial draw's powers; None: every survivor
    concede: str | None = None  # a power to concede to; "" withdraws; None: unchanged
