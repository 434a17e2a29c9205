"""The state of one King David campaign; stacks, event markers, hidden phase markers and the
cups are secret in parts (see view.py)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from pbem.core.dropping import without_empty
from pbem.core.game import Seat
from pbem.core.reactions import StandingReaction, Window
from pbem.games.king_david.content import KINDS, Kind, Scenario

Stage = Literal["setup", "action", "over"]
DEFAULT_LOSSES: list[Kind] = ["militia", "infantry", "chariot", "phalanx"]


class Army(BaseModel):
    """An army counter on the map."""

    id: str  # e.g. "A12": serial numbers say nothing about the counter
    country: str
    kind: Kind
    strength: int
    steps_max: int
    steps: int
    area: str
    raid: int = 0  # raiders: action phases left before they are withdrawn (events 8-13)
    raider: str | None = None  # the seat running the raid
    came_from: str | None = None  # the area it entered from in this action (6.2.5)


class Spent(BaseModel):
    """What one army or leader has used of its movement in the action being played (6.1)."""

    points: int = 0
    unled: bool = False  # it moved without the leader doubling (a leader: without armies)
    stopped: bool = False  # it entered an area where enemy armies stand


class Leader(BaseModel):
    """A leader counter: on the map, captured (awaiting ransom), or dead."""

    name: str
    country: str
    rating: int
    area: str | None = None
    status: Literal["map", "captured", "dead"] = "map"


class Move(BaseModel):
    """Move a stack along a path of areas; `units` empty means all of the country's there."""

    path: list[str]
    units: list[str] = []


class Plan(BaseModel):
    """A later action's moves and sieges, sent ahead (`then`): played when the seat's action
    comes, each move checked then against that board, without asking the seat."""

    moves: list[Move] = Field(default_factory=list)
    sieges: list[str] = Field(default_factory=list)


class BuildPlan(BaseModel):
    """A standing build plan used in every Build Phase until replaced (10.2-10.5)."""

    restore: bool = True
    armies: dict[str, int] = Field(default_factory=dict)  # kind -> armies wanted each phase
    fortify: list[str] = Field(default_factory=list)  # areas, in order
    minors: dict[str, list[str]] = Field(default_factory=dict)  # minor -> new armies' kinds (10.5)


class Player(BaseModel):
    """A seat's country, stores, hidden event markers and standing instructions."""

    seat: str
    country: str = ""
    food: int = 0
    resources: int = 0
    events: list[str] = Field(default_factory=list)
    standing: list[StandingReaction] = Field(default_factory=list)
    losses_battle: list[Kind] = Field(default_factory=lambda: list(DEFAULT_LOSSES))
    losses_siege: list[Kind] = Field(default_factory=lambda: list(DEFAULT_LOSSES))
    build: BuildPlan = Field(default_factory=BuildPlan)
    initiative: str = "first"  # places wanted on the track, best first: "2 last" (5.2)
    prefer: list[str] = Field(default_factory=list)
    event_plays: list[str] = Field(default_factory=list)  # standing "play KEY [TARGET]" lines
    bribes: dict[str, int] = Field(default_factory=dict)  # minor -> resources for its control roll
    opposing: dict[str, int] = Field(default_factory=dict)  # minor -> against others' Alliance (18)
    unpaid: list[str] = Field(default_factory=list)  # army ids and kinds left unpaid first (10.1)
    placing: dict[str, list[str]] = Field(default_factory=dict)  # who -> "area[=n]" (4.5, 11.0)
    plans: list[Plan] = Field(default_factory=list)  # the next actions' orders, in order

    @model_serializer(mode="wrap")
    def _without_unset_plans(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A player with no plans or oppose lines dumps as before they existed (replay,
        goldens)."""
        return without_empty(handler(self), "plans", "opposing")


class Minor(BaseModel):
    """A country no player runs: who controls its armies once invaded, and whether it fell."""

    key: str
    seat: str | None = None
    active: bool = False
    allied: bool = False  # allied by event 18: its armies move with the ally, anywhere
    conquered: bool = False
    raids: int = 0
    since: str = ""  # "turn-box" of the Action Phase its controller was chosen in


class Battle(BaseModel):
    """A combat or siege in progress, kept while a reaction window is open."""

    kind: Literal["combat", "siege"]
    area: str
    attacker: str
    defender: str | None  # None: a minor nobody controls, or a city without a defender seat
    round: int = 0
    track_att: int = 0  # hits scored by the attacker not yet used
    track_def: int = 0
    taken: dict[str, int] = Field(default_factory=dict)  # army id -> steps lost this battle
    entered_from: list[str] = Field(default_factory=list)
    fort: int = 0  # siege: the city's level now
    awaiting: Literal["attacker", "defender"] | None = None
    eliminated: list[str] = Field(default_factory=list)  # "side kind" of armies lost
    first: Literal["attacker", "defender"] | None = None  # Surprise or Ambush (events 1, 2)
    mods: dict[str, int] = Field(default_factory=dict)  # side -> added to each die (6, 7)
    ark: str | None = None  # side with the Ark of the Lord's +2 for one round (19)
    out: list[str] = Field(default_factory=list)  # revolting armies sitting it out (22)
    bribed: dict[str, str] = Field(default_factory=dict)  # army id -> its own seat (23)
    retreated: dict[str, str] = Field(default_factory=dict)  # seat that retreated -> where to


class Task(BaseModel):
    """Work left in the active player's action: a combat or a siege in one area."""

    kind: Literal["combat", "siege-ask", "end"]
    area: str
    seat: str = ""  # who acts in it (an ally acting together), else the player in the slot


class KDState(BaseModel):
    """Everything about one campaign."""

    seats: list[Seat]
    scenario: Scenario
    turns: int = 7
    variable_end: bool = False
    stage: Stage = "setup"
    turn: int = 1
    markers: list[str] = Field(default_factory=list)
    revealed: int = 0  # markers[:revealed] are face up
    marker: int = 0  # index of the phase being played
    order: list[str] = Field(default_factory=list)  # initiative order
    actor: int = 0
    players: dict[str, Player] = Field(default_factory=dict)
    minors: dict[str, Minor] = Field(default_factory=dict)
    control: dict[str, str] = Field(default_factory=dict)  # area -> country
    forts: dict[str, int] = Field(default_factory=dict)  # city area -> level
    armies: list[Army] = Field(default_factory=list)
    leaders: list[Leader] = Field(default_factory=list)
    pool: dict[str, list[str]] = Field(default_factory=dict)  # country -> "kind:str:steps"
    cup: list[str] = Field(default_factory=list)  # event markers, drawn from the front
    used_events: list[str] = Field(default_factory=list)
    ark_played: int = 0
    serial: int = 0
    agenda: list[Task] = Field(default_factory=list)
    spent: dict[str, Spent] = Field(default_factory=dict)  # army id or leader name -> its use
    acting_now: list[str] = Field(default_factory=list)  # seats of the action being resolved
    sieges_ordered: list[str] = Field(default_factory=list)
    battle: Battle | None = None
    window: Window | None = None
    windows_opened: int = 0  # no longer counted (decision_id names decisions); stored states load
    halted: list[str] = Field(default_factory=list)  # countries under Royal Death this phase
    frozen: list[str] = Field(default_factory=list)  # areas under Vacillating Force (event 3)
    alliances: list[list[str]] = Field(default_factory=list)  # pairs of seats, sorted (5.1)
    allied_once: list[list[str]] = Field(default_factory=list)  # pairs that ever allied
    offers: dict[str, list[str]] = Field(default_factory=dict)  # seat -> "p2" or "p2 together"
    joint: list[list[str]] = Field(default_factory=list)  # allies acting together (5.1)
    result: list[dict[str, object]] | None = None
    note: str = ""
    dropped: list[str] = Field(default_factory=list)  # seats the referee dropped: they hold

    @model_serializer(mode="wrap")
    def _without_unset_drops(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A campaign nobody left dumps as it did before drops existed (replay, goldens)."""
        return without_empty(handler(self), "dropped")

    def seat_of(self, country: str) -> str | None:
        """The seat running `country` now (a player's own, or a minor's controller)."""
        found = None  # the first seat in seat order that plays the country
        for seat, player in self.players.items():
            if player.country == country and (found is None or seat < found):
                found = seat
        if found is not None:
            return found
        minor = self.minors.get(country)
        return minor.seat if minor else None

    def country_seats(self) -> dict[str, str | None]:
        """`seat_of` for every country a player plays or a minor is, worked out at once (for a
        loop over many counters; read it again after a country changes hands)."""
        seats: dict[str, str | None] = {key: minor.seat for key, minor in self.minors.items()}
        for seat, player in sorted(self.players.items(), reverse=True):
            seats[player.country] = seat  # the first seat in seat order writes last
        return seats

    def side_of(self, army: Army) -> str | None:
        """The seat an army fights for (a raider's player, else its country's seat)."""
        return army.raider or self.seat_of(army.country)

    def army_areas(self, seat: str) -> set[str]:
        """The areas where armies fighting for `seat` stand."""
        seats = self.country_seats()
        return {a.area for a in self.armies if (a.raider or seats.get(a.country)) == seat}

    def allied(self, a: str | None, b: str | None) -> bool:
        """True when two seats have a formal alliance (5.1)."""
        return bool(self.alliances) and a is not None and b is not None and (
            [a, b] if a <= b else [b, a]) in self.alliances

    def armies_in(self, area: str) -> list[Army]:
        """Armies in an area, by id."""
        found = [a for a in self.armies if a.area == area]
        if len(found) > 1:
            found.sort(key=_by_id)
        return found

    def leaders_in(self, area: str) -> list[Leader]:
        """Leaders on the map in an area."""
        return [ld for ld in self.leaders if ld.area == area and ld.status == "map"]

    def phase_kind(self) -> str:
        """The kind of the phase being played."""
        return self.markers[self.marker] if self.markers else "setup"


def _by_id(army: Army) -> str:
    return army.id


def kind_order(order: list[Kind]) -> list[Kind]:
    """A loss preference completed with any kinds it leaves out."""
    return list(order) + [k for k in KINDS if k not in order]
