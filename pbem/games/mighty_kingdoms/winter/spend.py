"""Winter spending: tithes, the purchase list and feeding armies (rulings, Winter)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import zip_longest
from typing import Any

from pbem.core.copying import deep_copy
from pbem.core.game import Event
from pbem.games.mighty_kingdoms.state import Army, MKState, SettlementKind, natural_key
from pbem.games.mighty_kingdoms.winter.checks import (
    BUILD_COST,
    RECRUIT_COST,
    army_problem,
    build_problem,
    recruit_problem,
    tithe_problem,
)
from pbem.games.mighty_kingdoms.winter.losses import remove_army
from pbem.games.mighty_kingdoms.winter.text import purchase_lines, tithe_line
from pbem.games.mighty_kingdoms.winter_inputs import Purchase, Tithe, WinterOrders


def skipped(seat: str, step: str, entry: str, reason: str, **extra: Any) -> Event:
    """The event for an entry that was skipped, with its reason code."""
    return Event(code="mk.winter.skipped", data={"seat": seat, "step": step, "entry": entry,
                                                 "reason": reason, **extra})


SETTLEMENTS: dict[str, SettlementKind] = {"village": "village", "city": "city",
                                          "fortress": "fortress"}


# --- purchases --------------------------------------------------------------------------------


def purchase_cost(purchase: Purchase) -> tuple[int, int]:
    """(gold, food) a purchase costs; disbanding is free."""
    if purchase.action == "build" and purchase.target:
        return BUILD_COST[purchase.target]
    return RECRUIT_COST if purchase.action == "recruit" else (0, 0)


def purchase_problem(state: MKState, seat: str, purchase: Purchase, used: list[str]) -> str | None:
    """Why a purchase is not allowed now, money aside."""
    if purchase.action == "build":
        return build_problem(state, seat, purchase.tile or "", purchase.target or "village")
    if purchase.action == "recruit":
        return recruit_problem(state, seat, purchase.tile or "", used, purchase.units,
                               purchase.allied)
    return army_problem(state, seat, purchase.army or "")


def apply_purchase(
    state: MKState, seat: str, purchase: Purchase, used: list[str]
) -> dict[str, Any]:
    """Carry out an allowed purchase (without paying) and describe it."""
    if purchase.action == "build":
        return _build(state, seat, (purchase.tile or "").upper(), purchase.target or "village")
    if purchase.action == "recruit":
        return _recruit(state, seat, (purchase.tile or "").upper(), purchase, used)
    army = state.armies[purchase.army or ""]
    remove_army(state, army)
    return {"action": "disband", "army": army.id}


def _build(state: MKState, seat: str, tile: str, target: str) -> dict[str, Any]:
    here = state.tiles[tile]
    before = state.settlement_kind(tile)
    if target == "capital":
        for other in state.tiles.values():
            if other.capital_of == seat:
                other.capital_of = None
        here.capital_of = seat
        state.capitals[seat] = tile
    else:
        here.settlement = SETTLEMENTS[target]
        here.capital_of = None
    return {"action": "build", "tile": tile, "from": before, "to": target}


def _recruit(
    state: MKState, seat: str, tile: str, purchase: Purchase, used: list[str]
) -> dict[str, Any]:
    army_id = str(state.next_army)
    state.next_army += 1
    units = [deep_copy(u) for u in purchase.units]
    state.armies[army_id] = Army(id=army_id, owner=seat, tile=tile, units=units,
                                 allied=purchase.allied)
    used.append(tile)
    allied = {"allied": True} if purchase.allied else {}
    return {"action": "recruit", "tile": tile, "army": army_id, **allied}


def purchase_steps(state: MKState, seat: str, purchases: list[Purchase]) -> Iterator[Event]:
    """Apply a player's purchase list in order, one entry per step; skip what is not allowed."""
    used: list[str] = []
    kingdom = state.kingdoms[seat]
    for index, purchase in enumerate(purchases, 1):
        entry = purchase_lines(purchase)[0]
        gold, food = purchase_cost(purchase)
        reason = purchase_problem(state, seat, purchase, used)
        if reason is None and (kingdom.gold < gold or kingdom.food < food):
            reason = "mk.E_CANNOT_AFFORD"
        if reason:
            yield skipped(seat, "purchase", entry, reason, index=index,
                          gold=kingdom.gold, food=kingdom.food)
            continue
        kingdom.gold -= gold
        kingdom.food -= food
        data = apply_purchase(state, seat, purchase, used)
        yield Event(code="mk.winter.purchase", data={
            "seat": seat, "index": index, **data, "gold": gold, "food": food,
            "gold_left": kingdom.gold, "food_left": kingdom.food})


def resolve_purchases(
    state: MKState, order: list[str], orders: dict[str, WinterOrders]
) -> list[Event]:
    """Purchases round-robin in player order: one entry per player per round, as at the table."""
    steps = [purchase_steps(state, seat, orders[seat].purchases) for seat in order]
    return [e for turn in zip_longest(*steps) for e in turn if e is not None]


# --- tithes -----------------------------------------------------------------------------------


def resolve_tithes(
    state: MKState, order: list[str], orders: dict[str, WinterOrders]
) -> list[Event]:
    """Gifts round-robin in player order, one per player per round, checked as they happen."""
    queues = {seat: list(orders[seat].tithes) for seat in order}
    given: dict[str, list[str]] = {seat: [] for seat in order}
    events: list[Event] = []
    round_number = 0
    while any(queues.values()):
        round_number += 1
        for seat in order:
            if queues[seat]:
                tithe = queues[seat].pop(0)
                events.append(_give(state, seat, tithe, given[seat], round_number))
    return events


def _give(state: MKState, seat: str, tithe: Tithe, given: list[str], round_number: int) -> Event:
    giver = state.kingdoms[seat]
    reason = tithe_problem(state, seat, tithe, given)
    if reason is None and (giver.gold < tithe.gold or giver.food < tithe.food):
        reason = "mk.E_CANNOT_AFFORD"
    if reason:
        return skipped(seat, "tithe", tithe_line(tithe), reason, round=round_number,
                       gold=giver.gold, food=giver.food)
    taker = state.kingdoms[tithe.to]
    giver.gold -= tithe.gold
    giver.food -= tithe.food
    taker.gold += tithe.gold
    taker.food += tithe.food
    given.append(tithe.to)
    return Event(code="mk.winter.tithe", data={"from": seat, "to": tithe.to, "gold": tithe.gold,
                                               "food": tithe.food, "round": round_number})


# --- feeding ----------------------------------------------------------------------------------


def starving_order(state: MKState, seat: str, unfed: list[str]) -> list[str]:
    """Armies in the order they go hungry: the player's choice, then highest ids first."""
    own = [a.id for a in state.armies_of(seat)]
    chosen = [a for a in dict.fromkeys(unfed) if a in own]
    rest = sorted((a for a in own if a not in chosen), key=natural_key, reverse=True)
    return chosen + rest


def feed(state: MKState, seat: str, unfed: list[str]) -> Event:
    """One food per army, remove what cannot be fed, then lose leftover gold and food."""
    kingdom = state.kingdoms[seat]
    armies = len(state.armies_of(seat))
    short = max(0, armies - kingdom.food)
    removed = starving_order(state, seat, unfed)[:short]
    for army_id in removed:
        remove_army(state, state.armies[army_id])
    eaten = armies - short
    data = {"seat": seat, "armies": armies, "food": kingdom.food, "eaten": eaten,
            "removed": removed, "gold_lost": kingdom.gold, "food_lost": kingdom.food - eaten}
    kingdom.gold = 0
    kingdom.food = 0
    return Event(code="mk.winter.fed", data=data)
