"""Where the game stands and how it moves on, as the engine asks: the phase, who owes input,
one step of play, and the team's result once the game is over."""

from __future__ import annotations

from typing import Any

from pbem.core.copying import deep_copy
from pbem.core.dropping import live_due
from pbem.core.game import Advance, Due, Outcome, PhaseInfo
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel import drop as dropping
from pbem.games.kings_of_israel.flow import owing
from pbem.games.kings_of_israel.state import KIState

QUESTIONS = {
    "ki.idol": "may answer a new Idol with a Blessing",
    "ki.fp_move": "chooses where the False Prophet moves",
    "ki.fp_return": "chooses where the False Prophet returns",
    "ki.tie": "chooses among equal places for a card",
    "ki.discard": "chooses a card to discard",
}
REASONS = {
    "altars": "The prophets built enough Altars: Israel remembers its God. The team wins.",
    "sin": "A Sin Cube was needed and none was left: evil overruns Israel. The team loses.",
    "idols": "An Idol was needed and none was left: evil overruns Israel. The team loses.",
    "destroyed": "The Timeline Marker reached Israel Destroyed. The team loses.",
}


def phase(state: KIState) -> PhaseInfo:
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
        name = _name(state, state.window.seat)
        label += f": {name} {QUESTIONS.get(state.window.trigger, 'answers')}"
        return PhaseInfo(
            key=f"{key}-{state.window.id}", label=label, turn=state.round, topic="react"
        )
    seat = state.active_seat()
    label += f": {_name(state, seat)}'s turn"
    again = f"-{state.turn_phases}" if state.turn_phases else ""  # after Blessings alone
    return PhaseInfo(
        key=f"{key}-t{state.turn_index}{again}", label=label, turn=state.round, topic=topic
    )


def _name(state: KIState, seat: str) -> str:
    return next(s.name for s in state.seats if s.id == seat)


def due(state: KIState) -> Due:
    """The prophet whose turn it is, or the seat asked a question; the others may send
    Blessings, plans and standing rules meanwhile."""
    seat = owing(state)
    if seat is None:
        return Due()
    others = [s for s in state.seat_ids() if s != seat]
    return live_due(Due(players=[seat], optional=others, window=state.window), state.dropped)


def advance(state: KIState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
    """Apply the inputs and play on until someone owes input again."""
    new = deep_copy(state)
    events = dropping.advance_without_dropped(new, inputs, rng)
    return Advance(state=new, events=events)


def outcome(state: KIState) -> Outcome | None:
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
