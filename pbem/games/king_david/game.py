"""The Campaigns of King David as a record of pure functions (the Game protocol)."""

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
from pbem.core.rng import SeededRng
from pbem.games.king_david import dropping, edits
from pbem.games.king_david.bots import private_strings, random_orders
from pbem.games.king_david.flow import actor, owing
from pbem.games.king_david.hidden import resample_hidden
from pbem.games.king_david.inputs import KDOrders
from pbem.games.king_david.orders import canonical_orders, parse_orders
from pbem.games.king_david.setup import load_scenario, start_state
from pbem.games.king_david.state import KDState
from pbem.games.king_david.template import template_text
from pbem.games.king_david.view import build_view

META = GameMeta(
    name="king-david",
    title="The Campaigns of King David",
    min_players=2,
    max_players=5,
    style="mixed",
    default_scenario="king-david/israel.toml",
    summary="Judah, Philistia, Aramea, Tyre and Moab over seven turns of random phases.",
    settings=[
        Setting(key="turns", default=7, minimum=1, maximum=7,
                help="game turns (13.0: three for a short game, four or five for a medium)"),
        Setting(key="variable_end", default=False,
                help="13.0: Game Ends markers go into the phase cup from turn three"),
    ],
)
KIND_LABELS = {"action": "Action Phase", "event": "Event Phase", "harvest": "Harvest Phase",
               "resource": "Resource Phase", "build": "Build Phase", "end": "Game Ends"}


class KingDavid:
    """The Campaigns of King David."""

    meta = META

    def load_scenario(self, text: str, source: str) -> dict[str, Any]:
        """Read and check the map, counters and charts."""
        return load_scenario(text, source)

    def start(self, setup: Setup, rng: SeededRng) -> KDState:
        """Draw the first phase markers and fill the event cup; countries come next."""
        return start_state(setup, rng)

    def state_from_json(self, data: dict[str, Any]) -> KDState:
        """Rebuild the state."""
        return KDState.model_validate(data)

    def input_from_json(self, data: dict[str, Any]) -> KDOrders:
        """Rebuild one seat's orders."""
        return KDOrders.model_validate(data)

    def phase(self, state: KDState) -> PhaseInfo:
        """Setup, one player's action in a box of the track, or an open question."""
        if state.stage == "setup":
            return PhaseInfo(key="setup", label="Choosing countries", turn=0, topic="setup")
        if state.stage == "over":
            return PhaseInfo(key="over", label="The campaign is over", turn=state.turn,
                             topic="over")
        kind = KIND_LABELS.get(state.phase_kind(), state.phase_kind())
        label = f"Turn {state.turn}, box {state.marker + 1} ({kind})"
        key = f"t{state.turn}-b{state.marker + 1}"
        seat = actor(state) or (state.order[state.actor] if state.actor < len(state.order)
                                else "")
        if seat:
            label += f": {state.players[seat].country.title()} acts"
            key += f"-{seat}"
        if state.window is not None:
            key += f"-{state.window.id}"  # the label stays: only the acting seat is asked
            return PhaseInfo(key=key, label=label, turn=state.turn, topic="react")
        return PhaseInfo(key=key, label=label, turn=state.turn, topic="action")

    def due(self, state: KDState) -> Due:
        """Everyone at setup; the acting player or the seat a window asks, while every other
        seat may send standing instructions at any time."""
        owed = owing(state)
        optional = [s for s in sorted(state.players) if s not in owed]
        if state.stage != "action":
            optional = []
        return live_due(Due(players=owed, optional=optional, window=state.window), state.dropped)

    def parse(self, state: KDState, seat: str, text: str) -> ParseResult:
        """Read a message's orders and standing instructions."""
        return parse_orders(state, seat, text)

    def canonical(self, state: KDState, seat: str, orders: KDOrders) -> str:
        """The one text form of the orders."""
        return canonical_orders(orders)

    def default_input(self, state: KDState, seat: str) -> KDOrders:
        """A silent seat stays put; a silent answer takes the window's default."""
        return dropping.default_input(state, seat)

    def advance(self, state: KDState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
        """Apply the owed input and play on until someone owes input again."""
        new = deep_copy(state)
        events = dropping.advance_without_dropped(new, inputs, rng)
        return Advance(state=new, events=events)

    def view(self, state: KDState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
        """The board for all; the viewer's stacks, markers and question only for them."""
        template = ""
        if viewer is not None and viewer in self.due(state).players:
            template = template_text(state, viewer, canonical_orders(
                self.default_input(state, viewer)))
        view = build_view(state, viewer, events, self.phase(state).model_dump(), template)
        return {**view, "due": self.due(state).model_dump()}  # the window never: see Due

    def outcome(self, state: KDState) -> Outcome | None:
        """Standings once the campaign is over."""
        if state.result is None:
            return None
        return Outcome(finished=True, standings=list(state.result), note=state.note)

    def edit(self, state: KDState, command: str) -> Advance:
        """A referee's typed edit between actions (see edits.py)."""
        return edits.edit(state, command)

    def drop(self, state: KDState, seat: str) -> Advance:
        """A player leaves; their country holds (see dropping.py)."""
        return dropping.drop(state, seat)

    def edit_commands(self) -> list[EditUsage]:
        """The edit commands `edit` accepts."""
        return edits.edit_commands()

    def random_input(self, state: KDState, seat: str, rng: SeededRng) -> KDOrders:
        """A random legal input."""
        return random_orders(state, seat, rng)

    def resample_hidden(self, state: KDState, seat: str, rng: SeededRng) -> KDState:
        """The state with what the rules hide from `seat` drawn afresh (hidden.py)."""
        return resample_hidden(state, seat, rng)

    def private_strings(self, state: KDState, seat: str) -> list[str]:
        """The seat's event markers."""
        return private_strings(state, seat)


GAME = KingDavid()
