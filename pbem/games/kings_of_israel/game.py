"""The Kings of Israel game record: every Game protocol method."""

from __future__ import annotations

from typing import Any

from pbem.core.copying import deep_copy
from pbem.core.dropping import live_due
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
from pbem.core.reactions import Window
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel import drop as dropping
from pbem.games.kings_of_israel import edits, hidden
from pbem.games.kings_of_israel.bots import private_strings, random_orders, template_text
from pbem.games.kings_of_israel.flow import owing, run_on
from pbem.games.kings_of_israel.inputs import KIOrders
from pbem.games.kings_of_israel.language.acks import explained
from pbem.games.kings_of_israel.levels import LEVEL_NAMES, VERSIONS
from pbem.games.kings_of_israel.order_text import canonical_orders
from pbem.games.kings_of_israel.orders import parse_orders
from pbem.games.kings_of_israel.scenario import load_scenario
from pbem.games.kings_of_israel.setup import start_state
from pbem.games.kings_of_israel.state import KIState
from pbem.games.kings_of_israel.view import as_held, build_view

META = GameMeta(
    name="kings-of-israel",
    title="Kings of Israel",
    min_players=2,
    max_players=4,
    style="alternating",
    default_scenario="kings-of-israel/israel.toml",
    summary="Two to four prophets work together against sin spreading through Israel.",
    settings=[
        Setting(
            key="version",
            default="base",
            choices=list(VERSIONS),
            help="base, easy (hands face up, Blessings for sacrifices) or expert (False Prophet)",
        ),
        Setting(
            key="level",
            default="none",
            choices=list(LEVEL_NAMES),
            help="a Campaign Mode level; it sets its own rules and overrides version",
        ),
    ],
)
QUESTIONS = {
    "ki.idol": "may answer a new Idol with a Blessing",
    "ki.fp_move": "chooses where the False Prophet moves",
    "ki.fp_return": "chooses where the False Prophet returns",
    "ki.tie": "chooses among equal places for a card",
    "ki.discard": "chooses a card to discard",
}


class KingsOfIsrael:
    """Kings of Israel as a record of pure functions."""

    meta = META

    def load_scenario(self, text: str, source: str) -> dict[str, Any]:
        """Read the board and decks of a scenario file."""
        return load_scenario(text, source)

    def start(self, setup: Setup, rng: SeededRng) -> KIState:
        """Set up the board, then play on to the first input owed."""
        state = start_state(setup, rng)
        run_on(state, rng, [])
        return state

    def state_from_json(self, data: dict[str, Any]) -> KIState:
        """Rebuild the state."""
        return KIState.model_validate(data)

    def input_from_json(self, data: dict[str, Any]) -> KIOrders:
        """Rebuild one seat's orders."""
        return KIOrders.model_validate(data)

    def phase(self, state: KIState) -> PhaseInfo:
        """One phase per prophet's turn, per question, and the end."""
        label = f"Round {state.round} ({state.king()})"
        key = f"r{state.round}-k{state.timeline}"
        topic = "turn"
        if state.step == "over" or state.result is not None:
            return PhaseInfo(
                key=f"{key}-over",
                label=f"{label}: the game is over",
                turn=state.round,
                topic="over",
            )
        if state.window is not None:
            name = self._name(state, state.window.seat)
            label += f": {name} {QUESTIONS.get(state.window.trigger, 'answers')}"
            return PhaseInfo(
                key=f"{key}-{state.window.id}", label=label, turn=state.round, topic="react"
            )
        seat = state.active_seat()
        label += f": {self._name(state, seat)}'s turn"
        again = f"-{state.turn_phases}" if state.turn_phases else ""  # after Blessings alone
        return PhaseInfo(
            key=f"{key}-t{state.turn_index}{again}", label=label, turn=state.round, topic=topic
        )

    @staticmethod
    def _name(state: KIState, seat: str) -> str:
        return next(s.name for s in state.seats if s.id == seat)

    def due(self, state: KIState) -> Due:
        """The prophet whose turn it is, or the seat asked a question; the others may send
        Blessings, plans and standing rules meanwhile."""
        seat = owing(state)
        if seat is None:
            return Due()
        others = [s for s in state.seat_ids() if s != seat]
        return live_due(Due(players=[seat], optional=others, window=state.window), state.dropped)

    def parse(self, state: KIState, seat: str, text: str) -> ParseResult:
        """Read one message: actions, later turns, Blessings, answers and standing rules."""
        return parse_orders(state, seat, text)

    def canonical(self, state: KIState, seat: str, orders: KIOrders) -> str:
        """The one text form of the orders, each group headed by what it will do and when."""
        return explained(state, seat, orders)

    def default_input(self, state: KIState, seat: str) -> KIOrders:
        """A silent prophet does nothing this turn; a silent answer takes the default."""
        return dropping.default_input(state, seat)  # `end`: the turn, with nothing in it

    def advance(self, state: KIState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
        """Apply the inputs and play on until someone owes input again."""
        new = deep_copy(state)
        events = dropping.advance_without_dropped(new, inputs, rng)
        return Advance(state=new, events=events)

    def view(self, state: KIState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
        """The shared board for all; each player's own hand and question only for them."""
        template = ""
        if viewer is not None and owing(state) == viewer:
            default = canonical_orders(self.default_input(state, viewer))
            template = template_text(state, viewer, default)
        view = build_view(state, viewer, events, self.phase(state).model_dump(), template)
        return {**view, "due": self.due(state).model_dump()}  # the window never: see Due

    def outcome(self, state: KIState) -> Outcome | None:
        """The team's win or loss, and why."""
        if state.result is None:
            return None
        note = REASONS.get(state.reason, state.reason)
        return Outcome(
            finished=True,
            standings=[
                {
                    "seat": s.id,
                    "result": "win" if state.result == "won" else "loss",
                    "altars": len(state.altars),
                }
                for s in state.seats
            ],
            note=note,
        )

    def edit(self, state: KIState, command: str) -> Advance:
        """A referee's typed edit of the board, cards or turn (see edits.py)."""
        return edits.edit(state, command)

    def drop(self, state: KIState, seat: str) -> Advance:
        """A player leaves the team; his prophet's turns pass by default (see drop.py)."""
        return dropping.drop(state, seat)

    def edit_commands(self) -> list[EditUsage]:
        """The edit commands `edit` accepts."""
        return edits.edit_commands()

    def random_input(self, state: KIState, seat: str, rng: SeededRng) -> KIOrders:
        """A greedy team-mate's input."""
        return random_orders(state, seat, rng)

    def question_as_read(self, state: KIState, window: Window) -> Window:
        """The Blessings its seat holds that answer an Idol; the kinds a discard may take."""
        return as_held(state, window)

    def resample_hidden(self, state: KIState, seat: str, rng: SeededRng) -> KIState:
        """A twin of `state` that `seat` cannot tell apart: decks and hidden hands redrawn."""
        return hidden.resample_hidden(state, seat, rng)

    def revealed(self, state: KIState) -> dict[str, object]:
        """The cards turned face up for every seat so far, and the board they shaped."""
        return hidden.revealed(state)

    def private_strings(self, state: KIState, seat: str) -> list[str]:
        """The seat's card instance ids."""
        return private_strings(state, seat)


REASONS = {
    "altars": "The prophets built enough Altars: Israel remembers its God. The team wins.",
    "sin": "A Sin Cube was needed and none was left: evil overruns Israel. The team loses.",
    "idols": "An Idol was needed and none was left: evil overruns Israel. The team loses.",
    "destroyed": "The Timeline Marker reached Israel Destroyed. The team loses.",
}

GAME = KingsOfIsrael()
