"""Typed input: one order per message (an action) plus standing reactions and discard wishes."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from pbem.core.reactions import StandingReaction

Action = Literal["pass", "place", "event", "move", "attack", "react"]


class DGOrders(BaseModel):
    """What one seat sent for the step it owes."""

    kind: Literal["orders"] = "orders"
    action: Action = "pass"
    cards: list[str] = Field(default_factory=list)  # card slugs: event, move, or attack cards
    square: str | None = None  # place or move destination
    answer: str | None = None  # react: the window choice key
    standing: list[StandingReaction] | None = None  # None: keep the ones already set
    discards: list[str] = Field(default_factory=list)  # slugs to drop first at the End Phase
