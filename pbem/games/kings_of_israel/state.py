"""The Kings of Israel state: the board's cubes, idols and altars, the decks, the prophets."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from pbem.core.dropping import without_empty
from pbem.core.game import Seat
from pbem.core.reactions import StandingReaction, Window
from pbem.games.kings_of_israel.content import SIN_SUPPLY, Board
from pbem.games.kings_of_israel.inputs import Act


class Rules(BaseModel):
    """The version and Campaign Mode level in play, as switches."""

    version: Literal["base", "easy", "expert"] = "base"
    level: str = "none"
    hands_face_up: bool = False
    start_resources: int = 2
    sacrifice_blessings: bool = False  # Easy Version / "Sacrificial Blessings"
    false_prophet: bool = False
    win_altars: int = 8


class Prophet(BaseModel):
    """One player's prophet and what the player holds."""

    ability: str
    at: str
    hand: list[str] = Field(default_factory=list)  # resource card ids, e.g. "gold.3"
    blessings: list[str] = Field(default_factory=list)
    standing: list[StandingReaction] = Field(default_factory=list)
    plans: list[list[Act]] = Field(default_factory=list)  # later turns' orders, in order
    sacrificed: bool = False  # this round (Easy Version blessings)


class Decks(BaseModel):
    """Every deck and discard pile; index 0 is the top."""

    location: list[str] = Field(default_factory=list)
    location_discard: list[str] = Field(default_factory=list)
    resource: list[str] = Field(default_factory=list)
    resource_discard: list[str] = Field(default_factory=list)
    blessing: list[str] = Field(default_factory=list)
    blessing_discard: list[str] = Field(default_factory=list)
    sin: list[str] = Field(default_factory=list)
    sin_discard: list[str] = Field(default_factory=list)
    face_up: list[str] = Field(default_factory=list)  # Foretold Events waiting in the sin deck


class Queued(BaseModel):
    """One thing a turn still has to do: a seat's act, or the turn's beginning (`begin`)."""

    seat: str
    act: Act | None = None
    begin: bool = False  # the turn begins here: its event, then team-mates' `on turn` rules


class TurnRun(BaseModel):
    """A prophet's turn being carried out; it pauses while a question is open."""

    seat: str
    queue: list[Queued] = Field(default_factory=list)
    after_move: list[Queued] = Field(default_factory=list)  # Blessings for the next move
    ends: bool = True  # False: only Blessings were sent, and the turn is still owed


class CardRun(BaseModel):
    """A Sin & Punishment card being resolved: its part and the next step to carry out."""

    card: str
    part: Literal["steps", "foretold"] = "steps"
    index: int = 0
    hit: list[str] = Field(default_factory=list)  # locations this card has put sin on
    begun: bool = False  # the current step has started (a discard step set what is owed)


class KIState(BaseModel):
    """Everything about one game. Hands are secret unless the rules put them face up."""

    seats: list[Seat]
    board: Board
    rules: Rules
    prophets: dict[str, Prophet]
    sin: dict[str, int] = Field(default_factory=dict)
    idols: list[str] = Field(default_factory=list)
    altars: list[str] = Field(default_factory=list)
    destroyed: list[str] = Field(default_factory=list)  # locations under a Destruction Cube
    false_prophet: str | None = None
    prophet_appeared: bool = False  # the False Prophet has come (he may be away, defeated)
    decks: Decks = Field(default_factory=Decks)
    permanents: list[str] = Field(default_factory=list)  # cards placed out face up
    deferred: list[str] = Field(default_factory=list)  # short-lived kings' Sin & Punishment
    cards: list[CardRun] = Field(default_factory=list)  # cards resolving; the last runs first
    tie_answer: str | None = None  # the Starting Player's answer to the open tie question
    start_stage: int = 0  # how far the start of the round has got
    timeline: int = 0
    round: int = 1
    starter: int = 0  # index into seats of the Starting Player
    step: Literal["start", "work", "prophet", "after", "over"] = "start"  # after: his Idols
    turn_index: int = 0  # 0 is the Starting Player's turn
    actions_left: int = 0
    window: Window | None = None
    turn: TurnRun | None = None  # the turn being carried out
    waiting: list[Queued] = Field(default_factory=list)  # Blessings sent during a question
    discards: dict[str, int] = Field(default_factory=dict)  # cards a card makes a seat discard
    turn_phases: int = 0  # phases of this turn before its actions (Blessings sent alone)
    asks: list[dict[str, str]] = Field(default_factory=list)  # windows still to open
    windows_opened: int = 0
    result: Literal["won", "lost"] | None = None
    reason: str = ""
    dropped: list[str] = Field(default_factory=list)  # seats the referee dropped (drop.py)

    @model_serializer(mode="wrap")
    def _without_unset_drops(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A game nobody left dumps as it did before drops existed (replay, goldens)."""
        return without_empty(handler(self), "dropped")

    def seat_ids(self) -> list[str]:
        """Seat ids in clockwise order."""
        return [s.id for s in self.seats]

    def starting_seat(self) -> str:
        """The seat holding the Starting Player card."""
        return self.seats[self.starter].id

    def active_seat(self) -> str:
        """The seat whose turn it is in the Prophets Work Phase."""
        return self.seats[(self.starter + self.turn_index) % len(self.seats)].id

    def king(self) -> str:
        """The king on the timeline now ('Israel Destroyed' past the last)."""
        kings = self.board.kings
        return kings[self.timeline].name if self.timeline < len(kings) else "Israel Destroyed"

    def sin_in_supply(self) -> int:
        """Sin cubes not on the board."""
        return SIN_SUPPLY - sum(self.sin.values())

    def has_permanent(self, op: str) -> list[int]:
        """The counts of every face-up card with this permanent op (empty when none)."""
        found = []
        for card_id in self.permanents:
            deck = self.board.blessing if card_id.startswith("b:") else self.board.sin_card
            for step in deck(card_id[2:]).steps:
                if step.op == op:
                    found.append(step.number("count"))
        return found
