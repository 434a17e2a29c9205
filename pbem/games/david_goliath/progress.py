"""Where the duel stands and how it moves on, as the engine asks: the phase, who owes input,
what a silent seat sends, one step of play, and how the duel ended."""

from __future__ import annotations

from typing import Any

from pbem.core.copying import deep_copy
from pbem.core.game import Advance, Due, Outcome, PhaseInfo
from pbem.core.rng import SeededRng
from pbem.games.david_goliath.content import Role
from pbem.games.david_goliath.inputs import DGOrders
from pbem.games.david_goliath.referee import drop as dropping
from pbem.games.david_goliath.state import DGState
from pbem.games.david_goliath.turn import owing, play

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
    "dg.divine_aid": "chooses the cards Divine Aid discards",
}


def phase(state: DGState) -> PhaseInfo:
    """One phase per input owed: a step of the turn or an open reaction window."""
    label = f"Turn {state.turn}: {STEP_LABELS[state.step]}"
    key = f"t{state.turn}-{state.step}"
    topic = state.step.split("-")[0]
    if state.window is not None:
        who = state.roles[state.window.seat].capitalize()
        label += f"; {who} {TRIGGER_LABELS.get(state.window.trigger, 'answers')}"
        key, topic = f"{key}-{state.window.id}", "react"
    return PhaseInfo(key=key, label=label, turn=state.turn, topic=topic)


def due(state: DGState) -> Due:
    """The one seat owing input, with the open window if it is a reaction."""
    seat = owing(state)
    if seat is None:  # over, or conceded with a question still open: nobody answers it
        return Due()
    return Due(players=[seat], window=state.window)


def default_input(state: DGState, seat: str) -> DGOrders:
    """A silent seat passes; a silent answer takes the window's default."""
    if state.window is not None and state.window.seat == seat:
        return DGOrders(action="react", answer=state.window.default)
    return DGOrders(action="pass")


def advance(state: DGState, inputs: dict[str, Any], rng: SeededRng) -> Advance:
    """Apply the owing seat's input and play on until someone owes input again."""
    new = deep_copy(state)
    events = play(new, inputs, rng)
    dropping.settle(new)
    return Advance(state=new, events=events)


def outcome(state: DGState) -> Outcome | None:
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
