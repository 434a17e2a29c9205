"""Typed input: a turn's actions (and later turns' plans), Blessings, answers, standing rules."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from pbem.core.reactions import StandingReaction

Verb = Literal[
    "move",
    "preach",
    "destroy",
    "acquire",
    "build",
    "sacrifice",
    "give",
    "play",
]


class Act(BaseModel):
    """One order line: a verb, its arguments and an optional condition ('if idol shiloh')."""

    verb: Verb
    args: list[str] = Field(default_factory=list)
    when: list[str] = Field(default_factory=list)  # e.g. ["idol", "shiloh"], ["sin", "bethel", "2"]
    after_move: bool = False  # a Blessing held back until the active prophet's next move


class KIOrders(BaseModel):
    """What one seat sent: this turn's acts, later turns' plans, an answer, standing rules."""

    kind: Literal["orders"] = "orders"
    acts: list[Act] = Field(default_factory=list)
    later: list[list[Act]] | None = None  # None: keep the plans already on file
    answer: str | None = None  # the answer to an open question
    standing: list[StandingReaction] | None = None  # None: keep the ones already set
    no_turn: bool = False  # no action, `end`, answer or later turn: the sender's turn stays owed
