"""A tiny alternating game with a reaction window, to test the engine apart from any rulebook.

Each round seat p1 strikes; seat p2 may answer 'block' or 'pass' (the default) in a window,
unless a standing reaction ('standing block') answers at once. A strike not blocked scores.
"""

from __future__ import annotations

from typing import Any, Literal

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
from pbem.core.problems import Problem, strip_comment
from pbem.core.reactions import Choice, StandingReaction, Window, read_answer, standing_answer
from pbem.core.rng import SeededRng


class Orders(BaseModel):
    """A strike, or an answer; either may set standing reactions."""

    kind: Literal["orders"] = "orders"
    action: Literal["strike", "react"] = "strike"
    answer: str | None = None
    standing: list[StandingReaction] | None = None


class ReactState(BaseModel):
    """Rounds, scores, the open window and p2's standing reactions."""

    seats: list[Seat]
    rounds: int = 3
    round: int = 1
    hits: int = 0
    window: Window | None = None
    standing: list[StandingReaction] = Field(default_factory=list)


class ReactionToy:
    """The reaction toy game as a record of pure functions."""

    # the optional capabilities it lacks (pbem/core/game.py)
    random_input = private_strings = question_as_read = edit = edit_commands = drop = None
    resample_hidden = revealed = settle_cases = preview_state = None

    meta = GameMeta(
        name="toy-react",
        title="Strike and Block",
        min_players=2,
        max_players=2,
        style="alternating",
    )

    def load_scenario(self, text: str, source: str) -> dict[str, Any]:
        """No scenario data."""
        return {}

    def start(self, setup: Setup, rng: SeededRng) -> ReactState:
        """Round one, nobody hit."""
        return ReactState(seats=setup.seats, rounds=int(setup.settings.get("rounds", 3)))

    def state_from_json(self, data: dict[str, Any]) -> ReactState:
        """Rebuild the state."""
        return ReactState.model_validate(data)

    def input_from_json(self, data: dict[str, Any]) -> Orders:
        """Rebuild orders."""
        return Orders.model_validate(data)

    def phase(self, state: ReactState) -> PhaseInfo:
        """A strike phase, or the window after it."""
        step = f"answer-{state.window.id}" if state.window else "strike"
        return PhaseInfo(
            key=f"r{state.round}-{step}",
            label=f"Round {state.round}: {step}",
            turn=state.round,
            topic="react" if state.window else "strike",
        )

    def due(self, state: ReactState) -> Due:
        """p1 strikes; p2 answers an open window."""
        if state.round > state.rounds:
            return Due()
        if state.window is not None:
            return Due(players=[state.window.seat], window=state.window)
        return Due(players=["p1"])

    def parse(self, state: ReactState, seat: str, text: str) -> ParseResult:
        """Read 'strike', an answer ('react block'), and 'standing block' / 'standing none'."""
        orders, standing, problems = None, None, []
        for number, raw in enumerate(text.splitlines(), start=1):
            line = strip_comment(raw).lower()
            if line in ("standing block", "standing none"):
                standing = [] if line.endswith("none") else [_BLOCK]
            elif line == "strike" and seat == "p1":
                orders = Orders(action="strike")
            elif state.window and seat == state.window.seat and read_answer(state.window, line):
                orders = Orders(action="react", answer=read_answer(state.window, line).answer)  # type: ignore[union-attr]
            elif line:
                problems.append(Problem(line=number, code="toy.E_PICK"))
        if orders is None and not problems:
            problems.append(Problem(line=0, code="toy.E_EMPTY"))
        if problems:
            return ParseResult(problems=problems)
        return ParseResult(orders=orders.model_copy(update={"standing": standing}))  # type: ignore[union-attr]

    def canonical(self, state: ReactState, seat: str, orders: Orders) -> str:
        """The one text form."""
        first = "strike" if orders.action == "strike" else f"react {orders.answer}"
        if orders.standing is None:
            return first
        return first + ("\nstanding block" if orders.standing else "\nstanding none")

    def default_input(self, state: ReactState, seat: str) -> Orders:
        """p1 strikes; a silent answer takes the window's default."""
        if state.window is not None:
            return Orders(action="react", answer=state.window.default)
        return Orders(action="strike")

    def advance(self, state: ReactState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
        """Strike (opening a window unless a standing reaction answers), or close the window."""
        new = state.model_copy(deep=True)
        events: list[Event] = []
        answer = inputs.get("p2")
        if answer is not None and answer.standing is not None:
            new.standing = list(answer.standing)
        if new.window is not None:
            _close(new, inputs[new.window.seat].answer or new.window.default, events)
            return Advance(state=new, events=events)
        window = Window(
            id=f"w{new.round}",
            seat="p2",
            trigger="toy.strike",
            choices=[Choice(key="block", label="block it"), Choice(key="pass")],
            default="pass",
        )
        events.append(Event(code="toy.strike", data={"round": new.round}))
        covered = standing_answer(window, new.standing)
        if covered is None:
            new.window = window
        else:
            events.append(
                Event(code="core.reaction.standing", data={"window": window.id}, visible_to=["p2"])
            )
            _close(new, covered.answer, events)
        return Advance(state=new, events=events)

    def view(self, state: ReactState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
        """Everything is public except p2's question."""
        shown = [e.model_dump() for e in events if e.visible_to is None or viewer in e.visible_to]
        view: dict[str, Any] = {"game": "toy-react", "events": shown, "hits": state.hits}
        if state.window is not None and viewer == state.window.seat:
            view["question"] = [c.key for c in state.window.choices]
        return view

    def outcome(self, state: ReactState) -> Outcome | None:
        """Over after the last round."""
        if state.round <= state.rounds:
            return None
        return Outcome(finished=True, standings=[{"seat": "p1", "hits": state.hits}])


_BLOCK = StandingReaction(trigger="toy.strike", answer="block")


def _close(state: ReactState, answer: str, events: list[Event]) -> None:
    if answer != "block":
        state.hits += 1
    events.append(Event(code="toy.answer", data={"answer": answer}))
    state.window = None
    state.round += 1


GAME = ReactionToy()
