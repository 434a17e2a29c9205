"""Where the campaign stands and how it moves on, as the engine asks: the phase, who owes input,
one step of play, and the standings once the campaign is over."""

from __future__ import annotations

from typing import Any

from pbem.core.copying import deep_copy
from pbem.core.dropping import live_due
from pbem.core.game import Advance, Due, Outcome, PhaseInfo
from pbem.core.rng import SeededRng
from pbem.games.king_david import dropping
from pbem.games.king_david.flow import actor, owing
from pbem.games.king_david.state import KDState

KIND_LABELS = {"action": "Action Phase", "event": "Event Phase", "harvest": "Harvest Phase",
               "resource": "Resource Phase", "build": "Build Phase", "end": "Game Ends"}


def phase(state: KDState) -> PhaseInfo:
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


def due(state: KDState) -> Due:
    """Everyone at setup; the acting player or the seat a window asks, while every other
    seat may send standing instructions at any time."""
    owed = owing(state)
    optional = [s for s in sorted(state.players) if s not in owed]
    if state.stage != "action":
        optional = []
    return live_due(Due(players=owed, optional=optional, window=state.window), state.dropped)


def advance(state: KDState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
    """Apply the owed input and play on until someone owes input again."""
    new = deep_copy(state)
    events = dropping.advance_without_dropped(new, inputs, rng)
    return Advance(state=new, events=events)


def outcome(state: KDState) -> Outcome | None:
    """Standings once the campaign is over."""
    if state.result is None:
        return None
    return Outcome(finished=True, standings=list(state.result), note=state.note)
