"""Formal alliances between players (5.1): offered by order, made when both have offered,
once per pair a game; broken at any time; allies may give each other food and resources."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.games.king_david.inputs import KDOrders
from pbem.games.king_david.state import KDState


def diplomacy(state: KDState, seat: str, orders: KDOrders, events: list[Event]) -> None:
    """Apply a seat's alliance offers, breaks and gifts."""
    for other in orders.breaks:
        pair = sorted([seat, other])
        if pair in state.alliances:
            state.alliances.remove(pair)
            if pair in state.joint:
                state.joint.remove(pair)
            events.append(Event(code="kd.alliance_broken", data={"seat": seat, "other": other}))
    for offer in orders.allies:
        other, _, mode = offer.partition(" ")
        _offer(state, seat, other, mode == "together", events)
    for gift in orders.gifts:
        _give(state, seat, gift.to, gift.what, gift.amount, events)


def _offer(state: KDState, seat: str, other: str, together: bool,
           events: list[Event]) -> None:
    pair = sorted([seat, other])
    if other == seat or other not in state.players or pair in state.allied_once:
        return
    theirs = [o for o in state.offers.get(other, []) if o.split()[0] == seat]
    if theirs:
        state.offers[other].remove(theirs[0])
        state.alliances.append(pair)
        state.allied_once.append(pair)
        joint = together and theirs[0].endswith(" together")
        if joint:
            state.joint.append(pair)
        events.append(Event(code="kd.alliance", data={
            "seat": seat, "other": other, "how": "together" if joint else "separately"}))
        return
    offered = state.offers.setdefault(seat, [])
    entry = f"{other} together" if together else other
    if entry not in offered:
        offered[:] = [o for o in offered if o.split()[0] != other] + [entry]
        events.append(Event(code="kd.alliance_offered", data={"seat": seat, "other": other},
                            visible_to=sorted([seat, other])))


def _give(state: KDState, seat: str, other: str, what: str, amount: int,
          events: list[Event]) -> None:
    if not state.allied(seat, other):
        return
    giver, taker = state.players[seat], state.players[other]
    have = giver.food if what == "food" else giver.resources
    amount = min(amount, have)
    if amount <= 0:
        return
    if what == "food":
        giver.food, taker.food = giver.food - amount, taker.food + amount
    else:
        giver.resources, taker.resources = giver.resources - amount, taker.resources + amount
    events.append(Event(code="kd.gift", data={"seat": seat, "other": other, "what": what,
                                              "amount": amount}))
