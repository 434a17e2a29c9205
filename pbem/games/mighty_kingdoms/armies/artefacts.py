"""Where magical artefacts go when their carrier is lost, routed, or their capital is taken.

Every artefact is always in exactly one place: on a unit (`Unit.artefact`), held by a kingdom's
capital (`Kingdom.artefacts_held`) or in the pool still to be found (`MKState.artefacts_pool`).
The rulebook (Magical Artefacts) and the product's readings (docs/mighty-kingdoms.md):

- a unit with an item routed in a battle its army loses gives the item to the winning player:
  it goes to the first unit without an artefact in the winner's armies of that battle (army
  number, then list order), else to the winner's capital, else back to the pool;
- a unit or army destroyed for any other reason (a failed retreat, a slaughter, the Reform,
  a quest, hunger, disbanding) leaves its item with its own kingdom's capital, or returns it
  to the pool if the kingdom holds no capital;
- the items held by a capital taken over by an enemy go to units of the taker's armies in
  that tile, else to the taker's capital, else back to the pool.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pbem.core.game import Event
from pbem.games.mighty_kingdoms.state import Army, MKState, Unit, army_key


def has_capital(state: MKState, seat: str) -> bool:
    """True if the seat holds a capital city of its own."""
    return any(state.settlement_kind(t) == "capital" for t in state.controlled(seat))


def release_artefacts(state: MKState, seat: str, units: list[Unit]) -> list[str]:
    """Send the artefacts of lost units to the capital, or back to the pool without one."""
    freed = [u.artefact for u in units if u.artefact]
    keep = has_capital(state, seat)
    for name in freed:
        (state.kingdoms[seat].artefacts_held if keep else state.artefacts_pool).append(name)
    for unit in units:
        unit.artefact = None
    return freed


def items_of_the_lost(state: MKState, army: Army, units: list[Unit]) -> list[Event]:
    """Release the artefacts of destroyed units; the owner alone is told where they went."""
    to = "capital" if has_capital(state, army.owner) else "pool"
    freed = release_artefacts(state, army.owner, units)
    if not freed:
        return []
    return [
        Event(
            code="mk.artefact_kept",
            data={"seat": army.owner, "army": army.id, "artefacts": freed, "to": to},
            visible_to=[army.owner],
        )
    ]


def place_artefact(state: MKState, seat: str, armies: list[Army], name: str) -> dict[str, Any]:
    """Give an artefact to `seat`: a free unit of `armies`, else its capital, else the pool."""
    for army in sorted(armies, key=army_key):
        for unit in army.units:
            if unit.artefact is None:
                unit.artefact = name
                return {"to": "unit", "army": army.id, "unit": unit.name}
    if has_capital(state, seat):
        state.kingdoms[seat].artefacts_held.append(name)
        return {"to": "capital"}
    state.artefacts_pool.append(name)
    return {"to": "pool"}


def spoils_of_battle(
    state: MKState, battle: int, winner: str, routed: list[tuple[str, int]], armies: list[str]
) -> list[Event]:
    """Items of routed units (army id, 1-based unit) of the losing side pass to the winner."""
    receivers = [
        state.armies[a] for a in armies if a in state.armies and state.armies[a].owner == winner
    ]
    events: list[Event] = []
    for army_id, number in routed:
        army = state.armies.get(army_id)
        if army is None or army.owner == winner or not 1 <= number <= len(army.units):
            continue
        unit = army.units[number - 1]
        if unit.artefact is None:
            continue
        name, unit.artefact = unit.artefact, None
        placed = place_artefact(state, winner, receivers, name)
        events.append(
            Event(
                code="mk.artefact_taken",
                data={
                    "battle": battle,
                    "artefact": name,
                    "from_seat": army.owner,
                    "from_army": army.id,
                    "from_unit": unit.name,
                    "seat": winner,
                    **placed,
                },
            )
        )
    return events


def capital_taken(state: MKState, tile: str, previous: str | None) -> list[Event]:
    """After `tile` changed hands: the items its old owner's capital held go to the taker."""
    here = state.tiles[tile]
    taker = here.owner
    if previous is None or taker is None or taker == previous:
        return []
    if here.settlement != "city" or here.capital_of != previous:
        return []
    held = state.kingdoms[previous].artefacts_held
    if not held:
        return []
    state.kingdoms[previous].artefacts_held = []
    takers = [a for a in state.armies_in(tile) if a.owner == taker]
    return [
        Event(
            code="mk.artefact_taken",
            data={
                "tile": tile,
                "artefact": name,
                "from_seat": previous,
                "seat": taker,
                **place_artefact(state, taker, takers, name),
            },
            visible_to=[previous, taker],
        )
        for name in held
    ]


def artefact_census(state: MKState) -> Counter[str]:
    """How many places hold each artefact name (each should be exactly 1)."""
    found: Counter[str] = Counter(state.artefacts_pool)
    for kingdom in state.kingdoms.values():
        found.update(kingdom.artefacts_held)
    for army in state.armies.values():
        found.update(u.artefact for u in army.units if u.artefact)
    return found
