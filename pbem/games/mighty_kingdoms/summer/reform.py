"""Reform: terrain, failed razes, sole-kingdom tiles, worn-out units, and the new player order."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.armies.artefacts import capital_taken, items_of_the_lost
from pbem.games.mighty_kingdoms.battles.results import destroy
from pbem.games.mighty_kingdoms.state import MKState, natural_key

DESTROYED_AT = -2
SLOWING_EDGES = ("mountain", "forest")


def reform(state: MKState, rng: SeededRng) -> list[Event]:
    """Run the five reform steps in the rulebook's order."""
    events = terrain(state)
    events += turn_back_razes(state)
    events += sole_kingdom_tiles(state)
    if state.settings.battle_mode == "kow":
        events += worn_out_units(state)
    events += new_player_order(state, rng)
    return events


def slowed_by(state: MKState, source: str, target: str) -> str | None:
    """Why a move from `source` into `target` lays the army down, or None."""
    direction = next(d for d, t in state.map.neighbours(source).items() if t == target)
    features = state.map.crossing(source, direction)
    for feature in SLOWING_EDGES:
        if feature in features:
            return feature
    return "river" if state.map.tile(target).river else None


def terrain(state: MKState) -> list[Event]:
    """Armies whose move order crossed mountain or forest, or entered a river tile, lie down."""
    events: list[Event] = []
    targets = {i.order.army: i.order.target for i in state.progress.intents
               if i.order.kind == "move"}
    for army_id in sorted(state.progress.moved, key=natural_key):
        army = state.armies.get(army_id)
        target = targets.get(army_id)
        if army is None or target is None:
            continue
        reason = slowed_by(state, state.progress.moved[army_id], target)
        if reason is not None:
            army.lying = True
            events.append(Event(code="mk.terrain", data={
                "army": army_id, "seat": army.owner, "from": state.progress.moved[army_id],
                "to": target, "feature": reason}))
    return events


def turn_back_razes(state: MKState) -> list[Event]:
    """Settlements turned over by a failed Raze are turned back up."""
    events = []
    for tile in sorted(state.tiles, key=natural_key):
        if state.tiles[tile].razing:
            state.tiles[tile].razing = False
            events.append(Event(code="mk.raze_turned_back", data={"tile": tile}))
    return events


def sole_kingdom_tiles(state: MKState) -> list[Event]:
    """A tile holding armies of only one kingdom becomes that kingdom's."""
    events = []
    tiles = sorted({a.tile for a in state.armies.values() if a.tile}, key=natural_key)
    for tile in tiles:
        owners = sorted({a.owner for a in state.armies_in(tile)})
        here = state.tiles[tile]
        if len(owners) == 1 and here.owner != owners[0]:
            events.append(Event(code="mk.tile_taken", data={
                "tile": tile, "seat": owners[0], "previous": here.owner, "by": "reform"}))
            previous, here.owner = here.owner, owners[0]
            events.extend(capital_taken(state, tile, previous))
    return events


def worn_out_units(state: MKState) -> list[Event]:
    """Units at -2 Unit Strength or worse are destroyed; an army left with no units is removed."""
    events: list[Event] = []
    for army in sorted(state.armies.values(), key=lambda a: natural_key(a.id)):
        lost = [u for u in army.units if u.current <= DESTROYED_AT]
        if not lost:
            continue
        army.units = [u for u in army.units if u.current > DESTROYED_AT]
        for unit in lost:
            events.append(Event(code="mk.unit_destroyed", data={
                "army": army.id, "seat": army.owner, "unit": unit.name, "strength": unit.current}))
        events.extend(items_of_the_lost(state, army, lost))
        if not army.units:
            destroy(state, army.id, "no units left", events)
    return events


def new_player_order(state: MKState, rng: SeededRng) -> list[Event]:
    """Most armies first; each group of tied players is ordered by a recorded draw."""
    counts = {s: len(state.armies_of(s)) for s in state.player_order}
    order: list[str] = []
    draws: dict[str, list[str]] = {}
    for count in sorted(set(counts.values()), reverse=True):
        tied = sorted(s for s in counts if counts[s] == count)
        if len(tied) > 1:
            tied = rng.shuffled(tied, purpose=f"player order tie at {count} armies")
            draws[str(count)] = tied
        order.extend(tied)
    state.player_order = order
    return [Event(code="mk.player_order", data={
        "order": order, "armies": counts, "tie_breaks": draws})]
