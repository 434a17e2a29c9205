"""Typed input: the setup preferences, one action's moves and sieges, an answer to a reaction
window, and standing instructions that last until replaced."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from pbem.core.reactions import StandingReaction
from pbem.games.king_david.state import BuildPlan, Move, Plan

__all__ = ["Gift", "KDOrders", "Move", "Plan"]  # Move and Plan live with the state's plans

class Gift(BaseModel):
    """Food or resources given to an ally (5.1)."""

    to: str
    what: Literal["food", "resources"]
    amount: int


class KDOrders(BaseModel):
    """What one seat sent; None fields keep what is already on file."""

    kind: Literal["orders"] = "orders"
    moves: list[Move] = []
    sieges: list[str] = []
    answer: str | None = None
    prefer: list[str] | None = None
    initiative: str | None = None  # places wanted, best first: "2 last" (5.2)
    standing: list[StandingReaction] | None = None
    losses_battle: list[str] | None = None
    losses_siege: list[str] | None = None
    build: BuildPlan | None = None
    plays: list[str] | None = None
    bribes: dict[str, int] | None = None
    opposing: dict[str, int] | None = None  # minor -> resources against others' Alliance (18)
    unpaid: list[str] | None = None  # army ids and kinds left unpaid first (10.1)
    placing: dict[str, list[str]] | None = None  # leader or country -> "area[=n]" (4.5, 11.0)
    allies: list[str] = []
    breaks: list[str] = []
    gifts: list[Gift] = []
    later: list[Plan] | None = None  # the seat's next actions' orders (`then`); None: keep
