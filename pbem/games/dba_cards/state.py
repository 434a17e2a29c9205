"""The pydantic state of a DBA card game: board, units, deck, hands and any open window."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from pbem.core.copying import SharedContent
from pbem.core.dropping import without_empty
from pbem.core.game import Seat
from pbem.core.reactions import StandingReaction, Window
from pbem.games.dba_cards.inputs import Order
from pbem.games.dba_cards.squares import forward

Stage = Literal["terrain", "deploy", "swap", "turn", "react", "over"]


class Settings(BaseModel):
    """Campaign switches (see docs/dba-cards.md)."""

    terrain: Literal["scenario", "random"] = "scenario"
    house_rules: Literal["none", "german"] = "none"
    turn_limit: int = 120
    german_setup: Literal["referee", "dba22"] = "referee"


class Placement(BaseModel):
    """One unit of an army list and where it deploys."""

    type: str
    square: str
    elite: bool = False


class ArmyList(SharedContent):
    """A sample army from the scenario: its key, title and deployment (as seen by seat one).

    Read-only once the scenario is loaded, so every copy of a state shares its army lists."""

    key: str
    title: str
    units: list[Placement]


class Unit(BaseModel):
    """A unit on the board."""

    id: str
    owner: str
    type: str
    square: str
    elite: bool = False
    general: bool = False  # German rules: the General fights as this nominated element
    moved: bool = False
    attacked: bool = False

    def is_general(self) -> bool:
        """True for the General: the General unit, or the element nominated as General."""
        return self.type == "general" or self.general


class Side(BaseModel):
    """One player's side: army, hand, losses and standing reactions."""

    seat: str
    name: str
    army: str = ""
    hand: list[str] = Field(default_factory=list)
    lost: int = 0
    deployed: bool = False
    standing: list[StandingReaction] = Field(default_factory=list)


class DBAState(BaseModel):
    """Everything about one game; the deck order and hands are secret (see view.py)."""

    seats: list[Seat]
    settings: Settings = Field(default_factory=Settings)
    size: int = 8
    terrain: dict[str, str] = Field(default_factory=dict)  # squares that are not clear
    rivers: list[str] = Field(default_factory=list)  # German rules: sides such as "d4-d5"
    south: str = ""  # DBA 2.2 setup: the seat on ranks 1-4 ("": seat one)
    armies: list[ArmyList] = Field(default_factory=list)
    stage: Stage = "deploy"
    turn: int = 0
    active: str = "p1"
    units: list[Unit] = Field(default_factory=list)
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)  # the top is the last card played
    face_down: int = 0  # the pile's bottom cards, laid face down at the hand limit
    sides: dict[str, Side] = Field(default_factory=dict)
    window: Window | None = None
    pending: list[Order] = Field(default_factory=list)  # the turn's orders after the window
    windows_opened: int = 0
    winner: str | None = None
    end_note: str = ""
    conceded: str | None = None  # the seat the referee dropped: its side conceded

    @model_serializer(mode="wrap")
    def _without_unset_drop(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A battle nobody conceded dumps as it did before drops existed (replay, goldens)."""
        return without_empty(handler(self), "conceded")

    def seat_ids(self) -> list[str]:
        """Seat ids in seat order."""
        return [s.id for s in self.seats]

    def opponent(self, seat: str) -> str:
        """The enemy main player: seat two for the attacker's side, seat one for the defender's."""
        first, second = self.seat_ids()[:2]
        return second if self.side_of(seat) == 0 else first

    def side_of(self, seat: str) -> int:
        """0 for the attacker's side (seat one and seats 3, 5), 1 for the defender's (2, 4, 6)."""
        for index, each in enumerate(self.seats):
            if each.id == seat:
                return index % 2
        raise ValueError(f"{seat!r} is not in list")  # as list.index said

    def enemies(self, a: str, b: str) -> bool:
        """True when seats `a` and `b` fight on opposite sides."""
        return self.side_of(a) != self.side_of(b)

    def allies(self, seat: str) -> list[str]:
        """Every seat on `seat`'s side (itself included), the main player first."""
        return [s for s in self.seat_ids() if self.side_of(s) == self.side_of(seat)]

    def side_lost(self, seat: str) -> int:
        """The losses of `seat`'s whole side (the Camp counting 2)."""
        return sum(self.sides[s].lost for s in self.allies(seat))

    def contingent(self, seat: str) -> int:
        """0 for a side's main player, 1 for its first allied contingent, and so on."""
        return self.allies(seat).index(seat)

    def turn_order(self) -> list[str]:
        """Attacker, the attacker's contingents, defender, the defender's contingents."""
        first, second = self.seat_ids()[:2]
        return self.allies(first) + self.allies(second)

    def next_seat(self, seat: str) -> str:
        """The seat whose turn follows `seat`'s."""
        order = self.turn_order()
        return order[(order.index(seat) + 1) % len(order)]

    def facing(self, seat: str) -> int:
        """+1 when `seat` moves up the ranks, -1 when down."""
        if self.south:
            return 1 if not self.enemies(seat, self.south) else -1
        return forward(self.side_of(seat))

    def unit_at(self, square: str) -> Unit | None:
        """The unit standing on `square`, if any."""
        for unit in self.units:
            if unit.square == square:
                return unit
        return None

    def occupants(self) -> dict[str, Unit]:
        """Each occupied square's unit, as `unit_at` finds it: a snapshot of the board now."""
        return {u.square: u for u in reversed(self.units)}  # the first unit listed wins

    def units_of(self, seat: str) -> list[Unit]:
        """A seat's units on the board."""
        return [u for u in self.units if u.owner == seat]

    def terrain_at(self, square: str) -> str:
        """The terrain of a square ('clear' unless listed)."""
        return self.terrain.get(square, "clear")

    def defender(self) -> str:
        """The defender of the DBA 2.2 setup: seat two (seat one attacks and moves first)."""
        return self.seat_ids()[1]

    def dba22(self) -> bool:
        """True when the German rules' DBA 2.2 setup is in use."""
        return self.german() and self.settings.german_setup == "dba22"

    def german(self) -> bool:
        """True under the German house rules."""
        return self.settings.house_rules == "german"
