"""How the game moves on, as the engine asks: what a silent power sends, one phase adjudicated
on to the next one someone must order in, and the standings once the game is over (the
calendar, each phase and who owes in it, is rules/phases.py)."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Advance, Event, Outcome
from pbem.core.rng import SeededRng
from pbem.games.diplomacy import drop as dropping
from pbem.games.diplomacy.inputs import DipOrders
from pbem.games.diplomacy.rules.turns import play
from pbem.games.diplomacy.state import DipState


def default_input(state: DipState, seat: str) -> DipOrders:
    """Silence: units hold, dislodged units disband, builds are waived, removals follow
    civil disorder; votes stand."""
    return DipOrders()


def advance(state: DipState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
    """Adjudicate the phase and go on to the next one someone must order in."""
    new = state.fresh_copy()
    events: list[Event] = []
    play(new, dropping.live_inputs(state, inputs), events)
    return Advance(state=new, events=events)


def preview_state(state: DipState, seat: str) -> DipState:
    """The state a power's what-if preview runs on: the board as every power sees it, without
    the secret draw and concession votes (so a preview never shows a vote passing)."""
    return state.model_copy(update={"draw": [], "draw_among": {}, "concede": {}})


def outcome(state: DipState) -> Outcome | None:
    """The standings once the game is over."""
    if state.result is None:
        return None
    return Outcome(finished=True, standings=list(state.result), note=state.note)
