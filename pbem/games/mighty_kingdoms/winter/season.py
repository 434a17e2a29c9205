"""The winter season, resolved at once from every player's sealed winter orders.

Steps: recall, gather, tithes, purchases, quests (advanced), feeding, player order, deployment,
artefact allocation (advanced), then the year ends.
"""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.armies.artefacts import has_capital
from pbem.games.mighty_kingdoms.phases import due_now
from pbem.games.mighty_kingdoms.state import MKState, MonthProgress
from pbem.games.mighty_kingdoms.winter.deploy import deploy_all, new_player_order, recall
from pbem.games.mighty_kingdoms.winter.orders import default_winter
from pbem.games.mighty_kingdoms.winter.quests import resolve_equip, resolve_quests
from pbem.games.mighty_kingdoms.winter.spend import feed, resolve_purchases, resolve_tithes
from pbem.games.mighty_kingdoms.winter_inputs import WinterOrders


def gather(state: MKState, seat: str) -> Event:
    """Villages give 1 food, cities 1 gold, a capital held by its own kingdom 1 gold more."""
    owned = state.controlled(seat)
    villages = sum(1 for t in owned if state.tiles[t].settlement == "village")
    cities = sum(1 for t in owned if state.tiles[t].settlement == "city")
    bonus = 1 if has_capital(state, seat) else 0
    kingdom = state.kingdoms[seat]
    kingdom.food += villages
    kingdom.gold += cities + bonus
    data = {"seat": seat, "villages": villages, "cities": cities, "capital": bonus,
            "food": villages, "gold": cities + bonus,
            "food_total": kingdom.food, "gold_total": kingdom.gold}
    return Event(code="mk.winter.gather", data=data)


def end_year(state: MKState) -> Event:
    """Close the year: the campaign is over after the last year, else summer month 1 begins."""
    finished = state.year >= state.settings.years
    data = {"year": state.year, "next": "over" if finished else "summer"}
    if finished:
        state.stage = "over"
        state.month = 0
    else:
        state.year += 1
        state.stage = "summer"
        state.month = 1
    state.progress = MonthProgress()
    return Event(code="mk.winter.end", data=data)


def defaults_used(state: MKState, inputs: dict[str, WinterOrders]) -> list[Event]:
    """One `mk.default_used` per seat that owes winter orders and sent none (or a default)."""
    return [Event(code="mk.default_used", data={"seat": seat, "what": "winter orders"})
            for seat in due_now(state).players
            if seat not in inputs or inputs[seat].defaulted]


def resolve_winter(
    state: MKState, inputs: dict[str, WinterOrders], rng: SeededRng
) -> tuple[MKState, list[Event]]:
    """Resolve a whole winter; `state` is never changed."""
    new = state.working_copy()
    order = new.player_order or [s.id for s in new.seats]
    orders = {seat: inputs.get(seat) or default_winter(new, seat) for seat in order}
    events = defaults_used(state, inputs)
    events += [recall(new, seat, orders[seat].recall) for seat in order]
    events += [gather(new, seat) for seat in order]
    events += resolve_tithes(new, order, orders)
    events += resolve_purchases(new, order, orders)
    if new.settings.advanced:
        for seat in order:
            events += resolve_quests(new, seat, orders[seat].quests, rng)
    events += [feed(new, seat, orders[seat].unfed) for seat in order]
    new.player_order, ordering = new_player_order(new, rng)
    events.append(ordering)
    events += deploy_all(new, new.player_order, {s: orders[s].deploy for s in order})
    if new.settings.advanced:
        for seat in new.player_order:
            events += resolve_equip(new, seat, orders[seat].equip)
    events.append(end_year(new))
    return new, events
