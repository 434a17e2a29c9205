"""The seven phases of a turn as steps: who owes input, and running on until someone does."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.core.reactions import replace_standing, resolve
from pbem.core.rng import SeededRng
from pbem.games.david_goliath.content import Role
from pbem.games.david_goliath.deck import draw, enforce_limit
from pbem.games.david_goliath.inputs import DGOrders
from pbem.games.david_goliath.legal import (
    legal_attacks,
    legal_events,
    legal_moves,
    placements,
)
from pbem.games.david_goliath.plays import close, play_attack, play_event, play_move
from pbem.games.david_goliath.public import may_play
from pbem.games.david_goliath.questions.divine_aid import TRIGGER as DIVINE_TRIGGER
from pbem.games.david_goliath.questions.divine_aid import settle
from pbem.games.david_goliath.state import PHASE_TRIGGER, STEP_ROLE, DGState

NEXT = {
    "place-goliath": "place-david",
    "place-david": "draw",
    "event-david": "event-goliath",
    "event-goliath": "move-goliath",
    "move-goliath": "move-david",
    "move-david": "attack-goliath",
    "attack-goliath": "attack-david",
    "attack-david": "end",
}


def owing(state: DGState) -> str | None:
    """The seat that owes input now, or None when the game is over (or conceded)."""
    if state.step == "over" or state.conceded is not None:
        return None
    if state.window is not None:
        return state.window.seat
    return state.seat_of(STEP_ROLE[state.step])


def play(state: DGState, inputs: dict[str, Any], rng: SeededRng) -> list[Event]:
    """Apply the owing seat's input to `state` (in place), then run on to the next input."""
    events: list[Event] = []
    seat = owing(state)
    if seat is None:
        return events
    orders = inputs.get(seat)
    if isinstance(orders, DGOrders):
        _remember(state, seat, orders)
    if state.window is not None:
        _answer(state, orders, events)
    else:
        _act(state, STEP_ROLE[state.step], orders, rng, events)
    _run_on(state, rng, events)
    return events


def _remember(state: DGState, seat: str, orders: DGOrders) -> None:
    figure = state.figures[state.roles[seat]]
    figure.standing = replace_standing(figure.standing, orders.standing)
    if orders.discards:
        figure.discard_first = list(orders.discards)


def _answer(state: DGState, orders: DGOrders | None, events: list[Event]) -> None:
    window = state.window
    assert window is not None
    given = orders.answer if orders and orders.action == "react" else None
    if window.trigger == DIVINE_TRIGGER and state.pending is not None:
        close(state, settle(state, state.pending, given), events)  # any cards, not a list
        return
    close(state, resolve(window, given).answer, events)


def _act(
    state: DGState, role: Role, orders: DGOrders | None, rng: SeededRng, events: list[Event]
) -> None:
    action = orders.action if orders else "pass"
    if orders is None or action == "pass" or not _legal(state, role, orders, rng, events):
        events.append(Event(code="dg.pass", data={"role": role.title(), "step": state.step}))


def _legal(
    state: DGState, role: Role, orders: DGOrders, rng: SeededRng, events: list[Event]
) -> bool:
    """Carry out the orders if still legal; False (a pass) if not."""
    kind = state.step.split("-")[0]
    if orders.action == "place" and kind == "place" and orders.square in placements(state, role):
        state.figures[role].square = orders.square
        events.append(Event(code="dg.placed", data={"role": role.title(), "square": orders.square}))
        return True
    if (
        orders.action == "event"
        and kind == "event"
        and orders.cards[0] in legal_events(state, role)
    ):
        play_event(state, role, orders.cards[0], rng, events)
        return True
    if orders.action == "move" and kind == "move":
        plan = next(
            (
                p
                for p in legal_moves(state, role)
                if [p.card] == orders.cards and p.dest == orders.square
            ),
            None,
        )
        if plan is not None:
            play_move(state, role, plan, rng, events)
            return True
    if orders.action == "attack" and kind == "attack":
        found = next((p for p in legal_attacks(state, role) if p.cards == orders.cards), None)
        if found is not None:
            play_attack(state, role, found, rng, events)
            return True
    return False


def _run_on(state: DGState, rng: SeededRng, events: list[Event]) -> None:
    """Leave the finished step, then pass over steps that open for nobody, until input is owed.

    A step is passed over only on public facts (`public.may_play`) or the player's own
    `standing pass` line, never because of what the hand holds: the other player must not
    learn the hand from which phase comes next (issue 24).
    """
    if state.window is not None or state.step == "over":
        return
    _next(state, rng, events)
    while state.step != "over" and not _opens(state, events):
        _next(state, rng, events)


def _opens(state: DGState, events: list[Event]) -> bool:
    """True when the current step waits for its player; a standing pass is played here."""
    role = STEP_ROLE[state.step]
    if not may_play(state, role):
        return False
    if not passes_standing(state, role):
        return True
    events.append(Event(code="dg.pass", data={"role": role.title(), "step": state.step}))
    return False


def passes_standing(state: DGState, role: Role) -> bool:
    """True when `role` sent `standing pass` for the kind of the current step."""
    kind = state.step.split("-")[0]
    return any(
        r.trigger == PHASE_TRIGGER and r.when.get("phase") == kind
        for r in state.figures[role].standing
    )


def _next(state: DGState, rng: SeededRng, events: list[Event]) -> None:
    following = NEXT[state.step]
    if following == "end":
        for role in ("david", "goliath"):
            enforce_limit(state, role, events)
        following = "draw"
    if following == "draw":
        _start_turn(state, rng, events)
        return
    state.step = following  # type: ignore[assignment]


def _start_turn(state: DGState, rng: SeededRng, events: list[Event]) -> None:
    """The Draw Phase: David draws one card, then Goliath; or the game ends at the turn limit."""
    if state.turn >= state.max_turns:
        state.winner, state.step = "draw", "over"
        events.append(Event(code="dg.turn_limit", data={"turns": state.max_turns}))
        return
    state.turn += 1
    events.append(Event(code="dg.turn", data={"turn": state.turn}))
    for role in ("david", "goliath"):
        draw(state, role, 1, rng, events)
    state.step = "event-david"
