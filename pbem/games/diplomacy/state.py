"""The state of a game: the board, the date and step, the units, the centres and the votes."""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from pbem.core.dropping import without_empty
from pbem.core.game import Seat
from pbem.games.diplomacy.content import Board, UnitKind, province_of

Season = Literal["spring", "fall", "winter"]
Step = Literal["movement", "retreat", "adjustment", "over"]
Rules = Literal["2023", "2000"]  # the DATC's current preferences, or the older options
Draws = Literal["dias", "partial"]  # a draw includes all survivors, or the powers voted


class Unit(NamedTuple):
    """A unit on the board: a plain tuple (the rules make thousands), [power, kind, at] in
    the state's JSON."""

    power: str
    kind: UnitKind
    at: str  # its location: a province, or a province's coast

    @property
    def province(self) -> str:
        """The province it stands in."""
        return province_of(self.at)


class Dislodged(BaseModel):
    """A unit dislodged this turn, waiting to retreat or disband."""

    power: str
    kind: UnitKind
    at: str
    attacker: str = ""  # the province the attack came from ("" when it came by convoy)
    retreats: list[str] = Field(default_factory=list)  # the locations it may retreat to


class DipState(BaseModel):
    """Everything about a game in play; `step` is "over" once it has ended."""

    board: Board
    seats: list[Seat]
    powers: dict[str, str]  # seat -> the power it plays
    victory: int = 18
    end_year: int = 0  # 0: play until someone wins or all agree
    year: int = 1901
    season: Season = "spring"
    step: Step = "movement"
    units: list[Unit] = Field(default_factory=list)
    centres: dict[str, str] = Field(default_factory=dict)  # province -> owning power
    counted: dict[str, int] = Field(default_factory=dict)  # centres at the last count, a power
    dislodged: list[Dislodged] = Field(default_factory=list)
    adjust: dict[str, int] = Field(default_factory=dict)  # power -> builds (+) or removals (-)
    draw: list[str] = Field(default_factory=list)  # powers voting for a draw (secret)
    # power -> the powers its draw vote names (secret; a vote not here names every survivor)
    draw_among: dict[str, list[str]] = Field(default_factory=dict)
    draws: Draws = "dias"
    concede: dict[str, str] = Field(default_factory=dict)  # power -> power it concedes to
    result: list[dict[str, Any]] | None = None
    note: str = ""
    disorder: list[str] = Field(default_factory=list)  # dropped seats: their powers nobody's
    # a game saved before the setting existed plays on by the older options it began with
    rules: Rules = "2000"

    @model_serializer(mode="wrap")
    def _without_unset_drops(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A game nobody left dumps as it did before drops existed (replay, goldens)."""
        data = without_empty(handler(self), "disorder", "draw_among")
        if isinstance(data, dict) and data.get("draws") == "dias":
            del data["draws"]  # the draw every game had before partial draws
        return data

    def fresh_copy(self) -> DipState:
        """A copy the rules may change: its lists and dicts are new, the board (never changed)
        and the units (replaced, never changed in place) are shared."""
        return self.model_copy(update={
            "powers": dict(self.powers), "units": list(self.units),
            "centres": dict(self.centres), "counted": dict(self.counted),
            "dislodged": list(self.dislodged), "adjust": dict(self.adjust),
            "draw": list(self.draw), "concede": dict(self.concede),
            "draw_among": {p: list(among) for p, among in self.draw_among.items()},
            "result": list(self.result) if self.result is not None else None,
            "disorder": list(self.disorder),
        })

    def seat_of(self, power: str) -> str | None:
        """The seat that plays `power`, or None for a power nobody plays (a dropped seat's
        power is in civil disorder: nobody plays it)."""
        for seat, played in self.powers.items():  # one seat a power: order does not matter
            if played == power and seat not in self.disorder:
                return seat
        return None

    def power_of(self, seat: str) -> str | None:
        """The power `seat` plays."""
        return self.powers.get(seat)

    def unit_in(self, province: str) -> Unit | None:
        """The unit in `province`, if any."""
        return next((u for u in self.units if u.province == province), None)

    def units_of(self, power: str) -> list[Unit]:
        """`power`'s units on the board, by location."""
        return [u for u in self.units if u.power == power]

    def centre_counts(self) -> dict[str, int]:
        """Every power's supply centres, counted in one pass (powers with none left out)."""
        counts: dict[str, int] = {}
        for owner in self.centres.values():
            counts[owner] = counts.get(owner, 0) + 1
        return counts

    def unit_counts(self) -> dict[str, int]:
        """Every power's units on the board, counted in one pass."""
        counts: dict[str, int] = {}
        for unit in self.units:
            counts[unit.power] = counts.get(unit.power, 0) + 1
        return counts

    def centre_count(self, power: str) -> int:
        """How many supply centres `power` owns."""
        return sum(1 for owner in self.centres.values() if owner == power)

    def alive(self) -> list[str]:
        """The powers still in the game (a unit or a centre), in board order."""
        held = {u.power for u in self.units} | set(self.centres.values())
        held |= {d.power for d in self.dislodged}
        return [p.key for p in self.board.powers if p.key in held]

    def played(self) -> list[str]:
        """The surviving powers that have a player, in board order."""
        return [p for p in self.alive() if self.seat_of(p) is not None]
