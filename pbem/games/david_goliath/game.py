"""The David and Goliath game record: every Game protocol method."""

from __future__ import annotations

from typing import Any

from pbem.core.copying import deep_copy
from pbem.core.edits import EditUsage
from pbem.core.game import (
    Advance,
    Due,
    Event,
    GameMeta,
    Outcome,
    ParseResult,
    PhaseInfo,
    Setting,
    Setup,
)
from pbem.core.rng import SeededRng
from pbem.games.david_goliath.bots import private_strings, random_orders, template_text
from pbem.games.david_goliath.content import Role
from pbem.games.david_goliath.inputs import DGOrders
from pbem.games.david_goliath.orders import canonical_orders, parse_orders
from pbem.games.david_goliath.referee import drop as dropping
from pbem.games.david_goliath.referee import edits
from pbem.games.david_goliath.resample import public_discard, resample_hidden
from pbem.games.david_goliath.setup import load_scenario, start_state
from pbem.games.david_goliath.state import DGState
from pbem.games.david_goliath.turn import owing, play
from pbem.games.david_goliath.view import build_view

META = GameMeta(
    name="david-goliath",
    title="David and Goliath",
    min_players=2,
    max_players=2,
    style="alternating",
    default_scenario="david-goliath/valley-of-elah.toml",
    summary="A two-player card duel on a chessboard: sling and stone against spear and sword.",
    settings=[
        Setting(key="max_turns", default=30, help="turns before the duel is called a draw"),
        Setting(key="goliath_seat", default="p2", choices=["p1", "p2"], help="who plays Goliath"),
    ],
)
STEP_LABELS = {
    "place-goliath": "Goliath takes his place",
    "place-david": "David takes his place",
    "event-david": "Event Phase, David",
    "event-goliath": "Event Phase, Goliath",
    "move-goliath": "Goliath Move Phase",
    "move-david": "David Move Phase",
    "attack-goliath": "Goliath Attack Phase",
    "attack-david": "David Attack Phase",
    "over": "The duel is over",
}
TRIGGER_LABELS = {
    "dg.negate": "may negate the move",
    "dg.defend": "may defend",
    "dg.choose": "chooses among the drawn cards",
}


class DavidGoliath:
    """David and Goliath as a record of pure functions."""

    meta = META

    def load_scenario(self, text: str, source: str) -> dict[str, Any]:
        """Read the terrain of a scenario file."""
        return load_scenario(text, source)

    def start(self, setup: Setup, rng: SeededRng) -> DGState:
        """Drop the terrain, shuffle the deck and deal seven cards each."""
        return start_state(setup, rng)

    def state_from_json(self, data: dict[str, Any]) -> DGState:
        """Rebuild the state."""
        return DGState.model_validate(data)

    def input_from_json(self, data: dict[str, Any]) -> DGOrders:
        """Rebuild one seat's orders."""
        return DGOrders.model_validate(data)

    def phase(self, state: DGState) -> PhaseInfo:
        """One phase per input owed: a step of the turn or an open reaction window."""
        label = f"Turn {state.turn}: {STEP_LABELS[state.step]}"
        key = f"t{state.turn}-{state.step}"
        topic = state.step.split("-")[0]
        if state.window is not None:
            who = state.roles[state.window.seat].capitalize()
            label += f"; {who} {TRIGGER_LABELS.get(state.window.trigger, 'answers')}"
            key, topic = f"{key}-{state.window.id}", "react"
        return PhaseInfo(key=key, label=label, turn=state.turn, topic=topic)

    def due(self, state: DGState) -> Due:
        """The one seat owing input, with the open window if it is a reaction."""
        seat = owing(state)
        if seat is None:  # over, or conceded with a question still open: nobody answers it
            return Due()
        return Due(players=[seat], window=state.window)

    def parse(self, state: DGState, seat: str, text: str) -> ParseResult:
        """Read one message: an action line, discards and standing reactions."""
        return parse_orders(state, seat, text)

    def canonical(self, state: DGState, seat: str, orders: DGOrders) -> str:
        """The one text form of the orders."""
        return canonical_orders(orders)

    def default_input(self, state: DGState, seat: str) -> DGOrders:
        """A silent seat passes; a silent answer takes the window's default."""
        if state.window is not None and state.window.seat == seat:
            return DGOrders(action="react", answer=state.window.default)
        return DGOrders(action="pass")

    def advance(self, state: DGState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
        """Apply the owing seat's input and play on until someone owes input again."""
        new = deep_copy(state)
        events = play(new, inputs, rng)
        dropping.settle(new)
        return Advance(state=new, events=events)

    def view(self, state: DGState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
        """Public board and counts for all; the viewer's own hand and question only for them."""
        template = ""
        if viewer is not None and owing(state) == viewer:
            default = canonical_orders(self.default_input(state, viewer))
            template = template_text(state, viewer, default)
        view = build_view(state, viewer, events, self.phase(state).model_dump(), template)
        return {**view, "due": self.due(state).model_dump()}  # the window never: see Due

    def outcome(self, state: DGState) -> Outcome | None:
        """The winner once one figure is dead or the other concedes, or a draw at the turn
        limit; a concession ends the duel once its phase is run."""
        if state.winner is None or (state.conceded is not None and state.step != "over"):
            return None
        if state.winner == "draw":
            standings = [{"seat": s.id, "result": "draw"} for s in state.seats]
            return Outcome(finished=True, standings=standings, note="turn limit reached")
        loser: Role = "goliath" if state.winner == "david" else "david"
        rows = [(state.winner, "win"), (loser, "loss")]
        return Outcome(
            finished=True,
            standings=[
                {"seat": state.seat_of(role), "role": role.title(), "result": result}
                for role, result in rows
            ],
            note=dropping.note(state),
        )

    def edit(self, state: DGState, command: str) -> Advance:
        """A referee's typed edit of the duel (see edits.py)."""
        return edits.edit(state, command)

    def edit_commands(self) -> list[EditUsage]:
        """The edit commands `edit` accepts."""
        return edits.edit_commands()

    def drop(self, state: DGState, seat: str) -> Advance:
        """A player leaves: they concede the duel (see drop.py)."""
        return dropping.drop(state, seat)

    def random_input(self, state: DGState, seat: str, rng: SeededRng) -> DGOrders:
        """A random legal input."""
        return random_orders(state, seat, rng)

    def private_strings(self, state: DGState, seat: str) -> list[str]:
        """The seat's hand, card by card."""
        return private_strings(state, seat)

    def resample_hidden(self, state: DGState, seat: str, rng: SeededRng) -> DGState:
        """The duel as `seat` knows it, with the other hand and the deck order dealt afresh."""
        return resample_hidden(state, seat, rng)

    def revealed(self, state: DGState) -> list[str]:
        """The cards shown to both players: the discard pile (the End Phase cut, Single Combat)."""
        return public_discard(state)


GAME = DavidGoliath()
