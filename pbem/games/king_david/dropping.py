"""A player leaves the campaign: their country stays on the map and holds. From then on every
input it owes is the default one (its armies stay put and it takes the default answer to every
question, its standing answers being cleared; its build plan and losses order still apply),
it makes no more offers, plays no more event markers and bribes no minor, and it can no
longer win."""

from __future__ import annotations

from typing import Any

from pbem.core.copying import deep_copy
from pbem.core.dropping import play_on
from pbem.core.game import Advance, EditRefused, Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.flow import owing, play
from pbem.games.king_david.inputs import KDOrders
from pbem.games.king_david.state import KDState


def drop(state: KDState, seat: str) -> Advance:
    """`seat` leaves; its country holds for the rest of the campaign."""
    if seat not in state.players:
        raise EditRefused("kd.E_DROP_SEAT", seat=seat)
    if seat in state.dropped:
        raise EditRefused("kd.E_DROP_AGAIN", seat=seat)
    if state.stage == "over":
        raise EditRefused("kd.E_DROP_OVER")
    if not [s for s in state.players if s != seat and s not in state.dropped]:
        raise EditRefused("kd.E_DROP_LAST", seat=seat)
    new = deep_copy(state)
    new.dropped = sorted({*state.dropped, seat})
    player = new.players[seat]
    player.event_plays, player.bribes, player.standing, player.plans = [], {}, [], []
    player.opposing = {}
    new.offers.pop(seat, None)
    country = state.players[seat].country
    data = {"seat": seat, "country": country.title() if country else seat}
    return Advance(state=new, events=[Event(code="kd.dropped", data=data)])


def default_input(state: KDState, seat: str) -> KDOrders:
    """A silent seat stays put; a silent answer takes the window's default."""
    if state.window is not None and state.window.seat == seat:
        return KDOrders(answer=state.window.default)
    return KDOrders()


def advance_without_dropped(
    state: KDState, inputs: dict[str, Any], rng: SeededRng
) -> list[Event]:
    """Apply the inputs (in place), the dropped seats' by default, until a seat still in the
    campaign owes input or it is over."""
    return play_on(state, inputs, state.dropped, owing, default_input,
                   lambda now, given: play(now, given, rng))
