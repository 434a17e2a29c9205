"""A tiny alternating game for the mail budget: seats take turns, a game turn is one round.

Each phase one seat (the next in seat order) adds a number 1-6 to the shared total; a round
ends when every seat has added once, and the game after `rounds` rounds. A seat's number is
secret from the others until its round ends, so a report drawn mid-round has a private event.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from pbem.core.game import (
    Advance,
    Due,
    Event,
    GameMeta,
    Outcome,
    ParseResult,
    PhaseInfo,
    Seat,
    Setup,
)
from pbem.core.problems import Problem
from pbem.core.rng import SeededRng


class Add(BaseModel):
    """One seat's number."""

    number: int = 1


class RelayState(BaseModel):
    """The seats, the round, whose go it is and the running total."""

    seats: list[Seat]
    rounds: int
    round: int = 1
    actor: int = 0
    total: int = 0
    added: dict[str, int] = Field(default_factory=dict)


class RelayGame:
    """The relay game as a record of pure functions."""

    # the optional capabilities it lacks (pbem/core/game.py)
    private_strings = question_as_read = edit = edit_commands = drop = resample_hidden = None
    revealed = settle_cases = preview_state = None

    meta = GameMeta(
        name="relay",
        title="Relay",
        min_players=2,
        max_players=4,
        style="alternating",
    )

    def load_scenario(self, text: str, source: str) -> dict[str, Any]:
        """Scenarios are 'rounds = N'."""
        return {"rounds": int(text.split("=")[1])}

    def start(self, setup: Setup, rng: SeededRng) -> RelayState:
        """Round one, the first seat to go."""
        return RelayState(seats=setup.seats, rounds=int(setup.scenario.get("rounds", 2)))

    def state_from_json(self, data: dict[str, Any]) -> RelayState:
        """Rebuild the state."""
        return RelayState.model_validate(data)

    def input_from_json(self, data: dict[str, Any]) -> Add:
        """Rebuild an input."""
        return Add.model_validate(data)

    def phase(self, state: RelayState) -> PhaseInfo:
        """One phase per seat's go; the round is the game turn."""
        seat = self._seat(state)
        return PhaseInfo(
            key=f"r{state.round}-{seat}",
            label=f"Round {state.round}: {seat} adds",
            turn=state.round,
            topic="add",
        )

    def due(self, state: RelayState) -> Due:
        """The seat whose go it is."""
        return Due(players=[self._seat(state)]) if state.round <= state.rounds else Due()

    def parse(self, state: RelayState, seat: str, text: str) -> ParseResult:
        """Read 'add N'."""
        words = text.split()
        if len(words) == 2 and words[0] == "add" and words[1] in "123456":
            return ParseResult(orders=Add(number=int(words[1])))
        return ParseResult(problems=[Problem(line=1, code="relay.E_ADD")])

    def canonical(self, state: RelayState, seat: str, orders: Add) -> str:
        """'add N'."""
        return f"add {orders.number}"

    def default_input(self, state: RelayState, seat: str) -> Add:
        """A silent seat adds one."""
        return Add()

    def advance(self, state: RelayState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
        """Add the seat's number (seen by that seat alone until the round ends)."""
        new = state.model_copy(deep=True)
        seat = self._seat(state)
        number = inputs[seat].number
        new.total += number
        new.added[seat] = number
        events = [Event(code="relay.add", data={"seat": seat, "number": number},
                        visible_to=[seat])]  # fmt: skip
        new.actor += 1
        if new.actor == len(state.seats):
            events.append(Event(code="relay.round", data={"round": state.round,
                                                          "total": new.total}))  # fmt: skip
            new.round, new.actor, new.added = new.round + 1, 0, {}
        return Advance(state=new, events=events)

    def view(self, state: RelayState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
        """The total and round for all; the events the viewer may see."""
        owes = viewer in self.due(state).players
        return {
            "game": "relay",
            "viewer": viewer,
            "phase": self.phase(state).model_dump(),
            "events": [e.model_dump() for e in events if e.seen_by(viewer)],
            "total": state.total,
            "template": "add 1" if owes else "",
        }

    def outcome(self, state: RelayState) -> Outcome | None:
        """Over after the last round."""
        if state.round <= state.rounds:
            return None
        return Outcome(finished=True, standings=[{"seat": s.id} for s in state.seats])

    def random_input(self, state: RelayState, seat: str, rng: SeededRng) -> Add:
        """Any number 1-6."""
        return Add(number=rng.die(6, purpose="bot"))

    @staticmethod
    def _seat(state: RelayState) -> str:
        return state.seats[min(state.actor, len(state.seats) - 1)].id


GAME = RelayGame()
