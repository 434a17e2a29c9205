"""A summer month: sealed orders become intents, resolved round-robin in player order."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.inputs import SummerOrders
from pbem.games.mighty_kingdoms.state import Army, Intent, MKState, MonthProgress, Order
from pbem.games.mighty_kingdoms.summer.effects import resolve_intent
from pbem.games.mighty_kingdoms.summer.orders import (
    canonical_summer,
    default_order,
    lying_may_hold,
    move_problem,
)


def resolve_orders(state: MKState, inputs: dict[str, SummerOrders], rng: SeededRng) -> list[Event]:
    """Turn the sealed orders into intents and resolve them round-robin in player order."""
    state.progress = MonthProgress()
    events: list[Event] = []
    queues: dict[str, list[Intent]] = {}
    for seat in state.player_order:
        queues[seat] = _intents_for(state, seat, inputs.get(seat), events)
    state.progress.intents = round_robin(state.player_order, queues)
    for intent in state.progress.intents:
        events.extend(resolve_intent(state, intent, rng))
        intent.resolved = True
    state.progress.step = "battle"
    return events


def round_robin(order: list[str], queues: dict[str, list[Intent]]) -> list[Intent]:
    """Interleave each seat's listed intents: one per seat per cycle, in player order."""
    result: list[Intent] = []
    depth = max((len(q) for q in queues.values()), default=0)
    for index in range(depth):
        result.extend(queues[seat][index] for seat in order if index < len(queues.get(seat, [])))
    return result


def _intents_for(
    state: MKState, seat: str, given: SummerOrders | None, events: list[Event]
) -> list[Intent]:
    armies = [a for a in state.armies_of(seat) if a.tile is not None]
    if not armies:
        return []
    given = given or SummerOrders(defaulted=True)
    state.progress.preferences[seat] = given.instructions()
    events.append(Event(code="mk.orders", data={"seat": seat, "text": canonical_summer(given)},
                        visible_to=[seat]))
    chosen: dict[str, Order] = {}
    for order in [] if given.defaulted else given.orders:
        army = state.armies.get(order.army)
        if army is not None and army.owner == seat and order.army not in chosen:
            chosen[order.army] = order if order_still_legal(state, army, order) else _bad(
                state, army, order, events)
    for army in armies:
        if army.id not in chosen:
            chosen[army.id] = default_order(army, state.settings.missing_orders)
            events.append(_default_event(seat, chosen[army.id], given.defaulted))
    return [Intent(seat=seat, order=o) for o in chosen.values()]


def order_still_legal(state: MKState, army: Army, order: Order) -> bool:
    """Re-check an order against the state at the deadline (it was checked on receipt too)."""
    if army.tile is None:
        return False
    if order.kind == "hold":
        return not army.lying or lying_may_hold(state, order.kind)
    if army.lying != (order.kind == "regroup"):
        return False
    if order.kind == "raze":
        return state.tiles[army.tile].settlement is not None
    if order.kind == "move":
        return order.target is not None and move_problem(state, army.tile, order.target) is None
    return True


def _bad(state: MKState, army: Army, order: Order, events: list[Event]) -> Order:
    fallback = default_order(army, state.settings.missing_orders)
    events.append(Event(code="mk.default_used", data={
        "seat": army.owner, "what": "order", "army": army.id, "order": fallback.kind,
        "reason": "illegal", "rejected": order.kind}))
    return fallback


def _default_event(seat: str, order: Order, all_missing: bool) -> Event:
    reason = "no orders" if all_missing else "no order for this army"
    return Event(code="mk.default_used", data={
        "seat": seat, "what": "order", "army": order.army, "order": order.kind, "reason": reason})
