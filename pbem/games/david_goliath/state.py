"""The David and Goliath state: board, figures, tokens, hands, deck and the step of the turn."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from pbem.core.dropping import without_empty
from pbem.core.game import Seat
from pbem.core.reactions import StandingReaction, Window
from pbem.games.david_goliath.content import Role

Step = Literal[
    "place-goliath",
    "place-david",
    "event-david",
    "event-goliath",
    "move-goliath",
    "move-david",
    "attack-goliath",
    "attack-david",
    "over",
]
STEP_ROLE: dict[str, Role] = {
    "place-goliath": "goliath",
    "place-david": "david",
    "event-david": "david",
    "event-goliath": "goliath",
    "move-goliath": "goliath",
    "move-david": "david",
    "attack-goliath": "goliath",
    "attack-david": "david",
}
PHASE_TRIGGER = "dg.phase"  # a standing reaction 'pass this kind of phase' (standing pass event)
HAND_LIMIT = 7
DEATH_WOUNDS = 3


class Figure(BaseModel):
    """One player's figurine and what that player holds."""

    square: str | None = None
    wounds: int = 0
    dead: bool = False
    hand: list[str] = Field(default_factory=list)  # card instance ids, e.g. "dodge.3"
    standing: list[StandingReaction] = Field(default_factory=list)
    discard_first: list[str] = Field(default_factory=list)  # card slugs to drop at the End Phase


class Pending(BaseModel):
    """A play waiting on a reaction window: a move, an attack, cards drawn to choose from
    (Challenge), or cards to discard from the whole hand (Divine Aid)."""

    kind: Literal["move", "attack", "choose", "discard"]
    actor: Role
    cards: list[str] = Field(default_factory=list)  # instance ids played for it
    start: str = ""  # move: where it began
    path: list[str] = Field(default_factory=list)  # move: squares entered, in order
    attack: str = ""  # attack: sword, spear, thrown-spear or sling
    type: str = ""  # attack: thrust, slash, chop, ts, fast, curved or sinker
    drawn: list[str] = Field(default_factory=list)  # choose, discard: the cards drawn
    keep: int = 0  # choose: how many of them stay in the hand


class DGState(BaseModel):
    """Everything about one game; hands and deck order are secret (see view.py)."""

    seats: list[Seat]
    roles: dict[str, Role]  # seat id -> role
    max_turns: int
    turn: int = 0
    step: Step = "place-goliath"
    terrain: dict[str, Literal["rock", "tree"]] = Field(default_factory=dict)
    figures: dict[str, Figure] = Field(default_factory=dict)  # role -> figure
    deck: list[str] = Field(default_factory=list)  # index 0 is the top
    discard: list[str] = Field(default_factory=list)
    spear_at: str | None = None  # None while Goliath holds his spear
    stones_held: int = 5  # David's stone tokens in hand
    stones_at: dict[str, int] = Field(default_factory=dict)  # square -> stones lying there
    wound_tokens: int = 4  # the common supply
    window: Window | None = None
    pending: Pending | None = None
    windows_opened: int = 0
    winner: Literal["david", "goliath", "draw"] | None = None
    conceded: str | None = None  # the seat the referee dropped: it conceded the duel

    @model_serializer(mode="wrap")
    def _without_unset_drop(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A duel nobody conceded dumps as it did before drops existed (replay, goldens)."""
        return without_empty(handler(self), "conceded")

    def seat_of(self, role: Role) -> str:
        """The seat playing `role`."""
        return next(seat for seat, r in sorted(self.roles.items()) if r == role)

    def role_of(self, seat: str) -> Role | None:
        """The role a seat plays, or None (the referee)."""
        return self.roles.get(seat)
