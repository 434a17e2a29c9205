"""A tiny sealed-orders game used to test the engine apart from any real rulebook.

Each round every seat secretly picks a number 1-6; each pick is added to a die roll and the
highest total scores a point. Picks stay secret until the round is resolved.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from pbem.core.game import (
    REFEREE,
    Advance,
    ContentError,
    Due,
    Event,
    GameMeta,
    Outcome,
    ParseResult,
    PhaseInfo,
    Seat,
    Setting,
    Setup,
)
from pbem.core.problems import Problem, strip_comment
from pbem.core.rng import SeededRng


class Pick(BaseModel):
    """One seat's sealed pick."""

    kind: Literal["pick"] = "pick"
    number: int


class ToyState(BaseModel):
    """Scores, the round, and the picks of the last round."""

    seats: list[Seat]
    rounds: int
    round: int = 1
    scores: dict[str, int] = Field(default_factory=dict)
    last: dict[str, int] = Field(default_factory=dict)


class ToyGame:
    """The toy game as a record of pure functions."""

    # the optional capabilities it lacks (pbem/core/game.py)
    question_as_read = edit = edit_commands = drop = resample_hidden = revealed = None
    settle_cases = preview_state = None

    meta = GameMeta(
        name="toy",
        title="Toy Dice",
        min_players=2,
        max_players=4,
        style="sealed",
        settings=[Setting(key="rounds", default=3)],
        default_scenario="",
    )

    def load_scenario(self, text: str, source: str) -> dict[str, Any]:
        """Scenarios are 'rounds = N' lines."""
        if "rounds" not in text:
            raise ContentError(source, 1, "toy.E_SCENARIO", "no rounds line")
        return {"rounds": int(text.split("=")[1])}

    def start(self, setup: Setup, rng: SeededRng) -> ToyState:
        """Every seat starts on zero."""
        rounds = int(setup.settings.get("rounds", setup.scenario.get("rounds", 3)))
        return ToyState(seats=setup.seats, rounds=rounds, scores={s.id: 0 for s in setup.seats})

    def state_from_json(self, data: dict[str, Any]) -> ToyState:
        """Rebuild the state."""
        return ToyState.model_validate(data)

    def input_from_json(self, data: dict[str, Any]) -> Pick:
        """Rebuild a pick."""
        return Pick.model_validate(data)

    def phase(self, state: ToyState) -> PhaseInfo:
        """One phase per round."""
        return PhaseInfo(
            key=f"round-{state.round}", label=f"Round {state.round}", turn=state.round, topic="pick"
        )

    def due(self, state: ToyState) -> Due:
        """Everyone picks each round."""
        return Due(players=[s.id for s in state.seats]) if state.round <= state.rounds else Due()

    def parse(self, state: ToyState, seat: str, text: str) -> ParseResult:
        """Read 'pick N'."""
        problems: list[Problem] = []
        for number, line in enumerate(text.splitlines(), start=1):
            words = strip_comment(line).lower().split()
            if (
                len(words) == 2
                and words[0] == "pick"
                and words[1].isdigit()
                and 1 <= int(words[1]) <= 6
            ):
                return ParseResult(orders=Pick(number=int(words[1])), problems=problems)
            if words:
                problems.append(Problem(line=number, code="toy.E_PICK"))
        return ParseResult(orders=None, problems=problems or [Problem(line=0, code="toy.E_EMPTY")])

    def canonical(self, state: ToyState, seat: str, orders: Pick) -> str:
        """The one form: 'pick N'."""
        return f"pick {orders.number}"

    def default_input(self, state: ToyState, seat: str) -> Pick:
        """A missing pick counts as 1."""
        return Pick(number=1)

    def advance(self, state: ToyState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
        """Roll for every seat in seat order; the best total scores."""
        new = state.model_copy(deep=True)
        totals = {}
        events = []
        for seat in [s.id for s in state.seats]:
            roll = rng.die(6, purpose=f"roll {seat}")
            totals[seat] = inputs[seat].number + roll
            events.append(
                Event(
                    code="toy.roll", data={"seat": seat, "pick": inputs[seat].number, "roll": roll}
                )
            )
        best = max(totals.values())
        for seat, total in totals.items():
            if total == best:
                new.scores[seat] += 1
        new.last = {seat: inputs[seat].number for seat in totals}
        new.round += 1
        return Advance(state=new, events=events)

    def view(self, state: ToyState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
        """Scores are public; so are the picks once rolled."""
        visible = [
            e.model_dump()
            for e in events
            if e.visible_to is None or viewer in (e.visible_to or []) or viewer == REFEREE
        ]
        template = ""
        if viewer and viewer != REFEREE and self.due(state).players:
            template = self.canonical(state, viewer, self.default_input(state, viewer))
        return {
            "game": "toy",
            "viewer": viewer,
            "phase": self.phase(state).model_dump(),
            "events": visible,
            "scores": state.scores,
            "template": template,
        }

    def random_input(self, state: ToyState, seat: str, rng: SeededRng) -> Pick:
        """Any number 1-6."""
        return Pick(number=rng.die(6, purpose="bot"))

    def private_strings(self, state: ToyState, seat: str) -> list[str]:
        """The toy game keeps nothing private after a round."""
        return []

    def outcome(self, state: ToyState) -> Outcome | None:
        """Over after the last round."""
        if state.round <= state.rounds:
            return None
        ranked = sorted(state.scores.items(), key=lambda kv: (-kv[1], kv[0]))
        return Outcome(finished=True, standings=[{"seat": s, "score": v} for s, v in ranked])


GAME = ToyGame()
