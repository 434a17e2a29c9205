"""Leaders left without armies (6.2.6): relocated on 1-4, captured on 5, dead on 6; ransom."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.content import RANSOM_PER_POINT
from pbem.games.king_david.land.stacks import borders, enemy_armies, own_armies
from pbem.games.king_david.state import KDState, Leader


def leaders_alone(state: KDState, area: str, rng: SeededRng, events: list[Event]) -> None:
    """Every leader in `area` whose armies are gone while enemy armies stand there rolls a D6."""
    for leader in state.leaders_in(area):
        seat = state.seat_of(leader.country)
        if seat is None or own_armies(state, area, seat) or not enemy_armies(state, area, seat):
            continue
        fate(state, leader, seat, rng, events)


def leaders_overrun(state: KDState, seat: str, rng: SeededRng, events: list[Event]) -> None:
    """6.1: enemy leaders alone where the seat's armies stand roll their fate, unless they
    sit in a city their country holds (then only a siege takes them)."""
    areas = sorted(state.army_areas(seat))
    for area in areas:
        for leader in state.leaders_in(area):
            owner = state.seat_of(leader.country)
            if owner is None or owner == seat or state.allied(seat, owner):
                continue
            if own_armies(state, area, owner):
                continue
            if state.scenario.area(area).city and state.control.get(area) == leader.country:
                continue
            fate(state, leader, owner, rng, events)


def fate(state: KDState, leader: Leader, seat: str, rng: SeededRng, events: list[Event]) -> None:
    """Roll a leader's fate and apply it."""
    roll = rng.die(6, purpose=f"leader {leader.name}")
    if roll <= 4:
        target = nearest_stack(state, leader.area or "", seat)
        leader.area = target
        leader.status = "map" if target else "captured"
        outcome = f"relocated to {target}" if target else "captured (no friendly stack)"
    elif roll == 5:
        leader.area, leader.status, outcome = None, "captured", "captured"
    else:
        leader.area, leader.status, outcome = None, "dead", "killed"
    events.append(Event(code="kd.leader_fate", data={"leader": leader.name, "roll": roll,
                                                     "outcome": outcome}))


def nearest_stack(state: KDState, start: str, seat: str) -> str | None:
    """The closest area (by borders, then name) holding armies of `seat`."""
    seen, frontier = {start}, [start]
    while frontier:
        following: list[str] = []
        for area in frontier:
            for other, kind in borders(state, area):
                if other in seen or kind == "jordan":
                    continue
                seen.add(other)
                if own_armies(state, other, seat):
                    return other
                following.append(other)
        frontier = sorted(following)
    return None


def pay_ransoms(state: KDState, events: list[Event]) -> None:
    """At the start of a turn, captured leaders are ransomed first of all spending (6.2.6)."""
    for leader in state.leaders:
        seat = state.seat_of(leader.country)
        if leader.status != "captured" or seat not in state.players:
            continue
        price = RANSOM_PER_POINT * leader.rating
        player = state.players[seat]
        if player.resources < price:
            events.append(Event(code="kd.ransom_short", data={"leader": leader.name,
                                                              "price": price}))
            continue
        player.resources -= price
        home = next((a.id for a in state.scenario.areas if a.city and
                     state.control.get(a.id) == leader.country), None)
        leader.status, leader.area = ("map", home) if home else ("captured", None)
        events.append(Event(code="kd.ransomed", data={"leader": leader.name, "price": price}))
