"""The game's driver: apply a phase's inputs, then play on from step to step until somebody
owes input again."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.core.reactions import Window
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.cards.hands import TRIGGER, discard
from pbem.games.kings_of_israel.inputs import KIOrders
from pbem.games.kings_of_israel.play.rounds import (
    MAX_LOOPS,
    end_round,
    place_prophet,
    prophet_moves,
    prophet_turn,
    round_start,
)
from pbem.games.kings_of_israel.play.turn import answer_idol, continue_turn, run_plan, start_run
from pbem.games.kings_of_israel.state import KIState, Queued
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
        _hold_blessings(state, inputs)
        orders = inputs.get(window.seat)
        picked = window.choice(orders.answer or "") if isinstance(orders, KIOrders) else None
        state.window = None
        _answer(state, window, picked.key if picked else window.default, rng, events)
    elif state.step == "work":
        _work(state, inputs)
    run_on(state, rng, events)
    return events


def blessings_of(state: KIState, inputs: dict[str, Any], skip: str = "") -> list[Queued]:
    """Every seat's Blessings (`play` lines for now, not later turns), seat by seat."""
    found = []
    for seat in state.seat_ids():
        orders = inputs.get(seat)
        if seat != skip and isinstance(orders, KIOrders):
            found += [Queued(seat=seat, act=a) for a in orders.acts if a.verb == "play"]
    return found


def _hold_blessings(state: KIState, inputs: dict[str, Any]) -> None:
    """Blessings sent while a question is open: played as the paused turn goes on, or else
    kept for the start of the next prophet's turn."""
    held = blessings_of(state, inputs)
    run = state.turn
    if run is None:
        state.waiting += held
        return
    run.after_move += [i for i in held if i.act and i.act.after_move]
    run.queue[:0] = [i for i in held if i.act and not i.act.after_move]


def _work(state: KIState, inputs: dict[str, Any]) -> None:
    """The active prophet's mail is their turn, after team-mates' Blessings; a mail of
    Blessings alone plays them and leaves the turn owed."""
    active = state.active_seat()
    mates = blessings_of(state, inputs, skip=active)
    orders = inputs.get(active)
    if isinstance(orders, KIOrders) and orders.no_turn:
        state.turn_phases += 1
        start_run(state, active, orders.acts, mates, ends=False)
        return
    start_run(state, active, orders.acts if isinstance(orders, KIOrders) else [], mates)


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
    elif window.trigger == TRIGGER:
        discard(state, window.seat, answer, str(window.facts.get("why", "hand-limit")), events)


def run_on(state: KIState, rng: SeededRng, events: list[Event]) -> None:
    """Play on from the current step until a seat owes input or the game is over."""
    for _ in range(MAX_LOOPS):
        if state.result is not None or state.window is not None:
            return
        if state.step == "start":
            if not round_start(state, rng, events):
                return
        elif state.step == "work":
            if state.turn is not None:
                continue_turn(state, rng, events)
            elif state.asks:
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
