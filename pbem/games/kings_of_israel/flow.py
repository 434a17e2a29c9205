"""The game's driver: apply a phase's inputs, then play on from step to step until somebody
owes input again."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.core.reactions import Window
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.inputs import KIOrders
from pbem.games.kings_of_israel.rounds import (
    MAX_LOOPS,
    end_round,
    place_prophet,
    prophet_moves,
    prophet_turn,
    round_start,
)
from pbem.games.kings_of_israel.state import KIState
from pbem.games.kings_of_israel.turn import answer_idol, blessings_only, run_plan, take_turn
from pbem.games.kings_of_israel.windows import idol_window, open_or_answer


def owing(state: KIState) -> str | None:
    """The seat that owes input now, or None (the game is over)."""
    if state.step == "over" or state.result is not None:
        return None
    if state.window is not None:
        return state.window.seat
    return state.active_seat() if state.step == "work" else None


def play(state: KIState, inputs: dict[str, Any], rng: SeededRng) -> list[Event]:
    """Apply the inputs to `state` (in place), then run on to the next input owed."""
    events: list[Event] = []
    for seat in state.seat_ids():
        orders = inputs.get(seat)
        if isinstance(orders, KIOrders):
            _remember(state, seat, orders, events)
    if state.window is not None:
        window = state.window
        orders = inputs.get(window.seat)
        picked = window.choice(orders.answer or "") if isinstance(orders, KIOrders) else None
        state.window = None
        _answer(state, window, picked.key if picked else window.default, rng, events)
    elif state.step == "work":
        active = state.active_seat()
        for seat in state.seat_ids():
            orders = inputs.get(seat)
            if seat != active and isinstance(orders, KIOrders):
                blessings_only(state, seat, orders.acts, rng, events)
        orders = inputs.get(active)
        take_turn(state, active, orders.acts if isinstance(orders, KIOrders) else [], rng, events)
    run_on(state, rng, events)
    return events


def _remember(state: KIState, seat: str, orders: KIOrders, events: list[Event]) -> None:
    prophet = state.prophets[seat]
    if orders.standing is not None:
        prophet.standing = list(orders.standing)
    if orders.later is not None:
        prophet.plans = [list(p) for p in orders.later]
        events.append(Event(code="ki.plans", data={"seat": seat, "turns": len(prophet.plans)}))


def _answer(
    state: KIState, window: Window, answer: str, rng: SeededRng, events: list[Event]
) -> None:
    events.append(
        Event(code="ki.answered", data={"seat": window.seat, "window": window.id, "answer": answer})
    )
    if window.trigger == "ki.idol":
        answer_idol(state, window, answer, rng, events)
    elif window.trigger == "ki.fp_return":
        place_prophet(state, answer, events)
    elif window.trigger == "ki.tie":
        state.tie_answer = answer
    elif window.trigger == "ki.fp_move":
        prophet_moves(state, answer, rng, events)


def run_on(state: KIState, rng: SeededRng, events: list[Event]) -> None:
    """Play on from the current step until a seat owes input or the game is over."""
    for _ in range(MAX_LOOPS):
        if state.result is not None or state.window is not None:
            return
        if state.step == "start":
            if not round_start(state, rng, events):
                return
        elif state.step == "work":
            if state.asks:
                _next_ask(state, rng, events)
            elif state.prophets[state.active_seat()].plans:
                run_plan(state, state.active_seat(), rng, events)
            else:
                return
        elif state.step == "prophet":
            if not prophet_turn(state, rng, events):
                return
        elif state.step == "after":
            if state.asks:
                _next_ask(state, rng, events)
            else:
                end_round(state, rng, events)
        else:
            return


def _next_ask(state: KIState, rng: SeededRng, events: list[Event]) -> None:
    ask = state.asks.pop(0)
    if ask.get("kind") != "ask":
        return
    window = idol_window(state, ask["seat"], ask["place"])
    if window is None:
        return
    answer = open_or_answer(state, window, events)
    if answer is not None:
        answer_idol(state, window, answer, rng, events)
