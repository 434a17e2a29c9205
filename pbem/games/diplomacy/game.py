"""Diplomacy as a record of pure functions (the Game protocol)."""

from __future__ import annotations

from typing import Any

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
from pbem.games.diplomacy import drop as dropping
from pbem.games.diplomacy.bots import private_strings, random_orders, template_text
from pbem.games.diplomacy.content import Board
from pbem.games.diplomacy.datc.cases import settle_cases
from pbem.games.diplomacy.inputs import DipOrders
from pbem.games.diplomacy.orders import canonical_orders, parse_orders
from pbem.games.diplomacy.rules.phases import due, phase_info
from pbem.games.diplomacy.rules.turns import play
from pbem.games.diplomacy.setup import load_scenario, start_state
from pbem.games.diplomacy.state import DipState
from pbem.games.diplomacy.view import build_view

META = GameMeta(
    name="diplomacy",
    title="Diplomacy",
    min_players=5,
    max_players=7,
    style="sealed",
    default_scenario="diplomacy/standard.toml",
    summary="The seven great powers of 1901 Europe; orders adjudicated to the DATC.",
    settings=[
        Setting(key="victory", default=0, minimum=0, maximum=200,
                help="supply centres that win outright (0: the board's, 18 on the standard)"),
        Setting(key="end_year", default=0, minimum=0, maximum=9999,
                help="the game ends drawn after this year's Fall (0: no last year)"),
        Setting(key="powers", default="random", choices=["random", "in-order"],
                help="powers drawn by lot, or given to p1, p2, ... in the board's order"),
    ],
)


class Diplomacy:
    """Standard Diplomacy (and variants written as board files)."""

    meta = META

    def load_scenario(self, text: str, source: str) -> dict[str, Any]:
        """Read and check a board file."""
        return load_scenario(text, source)

    def start(self, setup: Setup, rng: SeededRng) -> DipState:
        """Spring of the first year, powers given to seats."""
        return start_state(setup, rng)

    def state_from_json(self, data: dict[str, Any]) -> DipState:
        """Rebuild the state."""
        return DipState.model_validate(data)

    def input_from_json(self, data: dict[str, Any]) -> DipOrders:
        """Rebuild one power's orders."""
        return DipOrders.model_validate(data)

    def phase(self, state: DipState) -> PhaseInfo:
        """Spring 1901 movement, Fall 1901 retreats, Winter 1901 adjustments, ..."""
        return phase_info(state)

    def due(self, state: DipState) -> Due:
        """The players whose powers have something to order."""
        return due(state)

    def parse(self, state: DipState, seat: str, text: str) -> ParseResult:
        """Read a power's orders and votes."""
        return parse_orders(state, seat, text)

    def canonical(self, state: DipState, seat: str, orders: DipOrders) -> str:
        """The orders' one text form, and the units left without one as comments."""
        return canonical_orders(state, seat, orders)

    def default_input(self, state: DipState, seat: str) -> DipOrders:
        """Silence: units hold, dislodged units disband, builds are waived, removals follow
        civil disorder; votes stand."""
        return DipOrders()

    def advance(self, state: DipState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
        """Adjudicate the phase and go on to the next one someone must order in."""
        new = state.fresh_copy()
        events: list[Event] = []
        play(new, dropping.live_inputs(state, inputs), events)
        return Advance(state=new, events=events)

    def drop(self, state: DipState, seat: str) -> Advance:
        """A player leaves: their power falls into civil disorder (see drop.py)."""
        return dropping.drop(state, seat)

    def view(self, state: DipState, viewer: str | None, events: list[Event]) -> dict[str, Any]:
        """The board and the phase's results for all; a power's own votes only for it."""
        owed = self.due(state)
        template = ""
        if viewer is not None and viewer in owed.players:
            template = template_text(state, viewer)
        view = build_view(state, viewer, events, self.phase(state).model_dump(), template)
        return {**view, "due": owed.model_dump()}

    def outcome(self, state: DipState) -> Outcome | None:
        """The standings once the game is over."""
        if state.result is None:
            return None
        return Outcome(finished=True, standings=list(state.result), note=state.note)

    def random_input(self, state: DipState, seat: str, rng: SeededRng) -> DipOrders:
        """Sensible random legal orders."""
        return random_orders(state, seat, rng)

    def private_strings(self, state: DipState, seat: str) -> list[str]:
        """The seat's standing votes."""
        return private_strings(state, seat)

    def settle_cases(self, scenario: dict[str, Any], text: str) -> list[dict[str, Any]]:
        """Adjudicate each case of a DATC-format file (jDip and godip test files) on the board
        `scenario`: its units after the phase, its dislodged units, and how it compares with the
        case's POSTSTATE (`pbem adjudicate`)."""
        return settle_cases(Board.model_validate(scenario), text)


GAME = Diplomacy()
