"""A player leaves the team: their prophet stays on the board and keeps his turn in the
rotation, but from then on every turn of his is played with the default input (the turn ends
with nothing done; his turns planned ahead and standing answers are cleared) and every
question to him takes its default answer. The number of Altars needed stays what the
starting team set."""

from __future__ import annotations

from typing import Any

from pbem.core.copying import deep_copy
from pbem.core.dropping import play_on
from pbem.core.game import Advance, EditRefused, Event
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.flow import owing, play
from pbem.games.kings_of_israel.inputs import KIOrders
from pbem.games.kings_of_israel.state import KIState


def drop(state: KIState, seat: str) -> Advance:
    """`seat` leaves; the team plays on, his prophet's turns passing by default."""
    if seat not in state.prophets:
        raise EditRefused("ki.E_DROP_SEAT", seat=seat)
    if seat in state.dropped:
        raise EditRefused("ki.E_DROP_AGAIN", seat=seat)
    if state.result is not None or state.step == "over":
        raise EditRefused("ki.E_DROP_OVER")
    if not [s for s in state.seat_ids() if s != seat and s not in state.dropped]:
        raise EditRefused("ki.E_DROP_LAST", seat=seat)
    new = deep_copy(state)
    new.dropped = [s for s in state.seat_ids() if s in {*state.dropped, seat}]
    prophet = new.prophets[seat]
    prophet.plans, prophet.standing = [], []  # nothing of his own runs any more
    names = {s.id: s.name for s in state.seats}
    data = {"name": names[seat], "seat": seat}
    return Advance(state=new, events=[Event(code="ki.dropped", data=data)])


def default_input(state: KIState, seat: str) -> KIOrders:
    """What a silent seat sends: an empty turn, or the default answer to its question."""
    if state.window is not None and state.window.seat == seat:
        return KIOrders(answer=state.window.default)
    return KIOrders()


def advance_without_dropped(
    state: KIState, inputs: dict[str, Any], rng: SeededRng
) -> list[Event]:
    """Apply the inputs (in place), playing each dropped seat's turn by default, until a seat
    still in the game owes input or the game is over."""

    def owed(now: KIState) -> list[str]:
        seat = owing(now)
        return [seat] if seat else []

    return play_on(state, inputs, state.dropped, owed, default_input,
                   lambda now, given: play(now, given, rng))
