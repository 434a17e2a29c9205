"""What one resolving order does to the board, read at the moment it resolves."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.armies.artefacts import capital_taken
from pbem.games.mighty_kingdoms.state import Army, Intent, MKState, SettlementKind

EXPLORATION: list[tuple[int, SettlementKind | None]] = [
    (7, None), (9, "village"), (10, "city"), (12, "fortress")
]


def explored(total: int) -> SettlementKind | None:
    """The Exploration table: 2-7 empty, 8-9 village, 10 city, 11-12 fortress."""
    return next(found for top, found in EXPLORATION if total <= top)


def enemies_present(state: MKState, tile: str, seat: str) -> list[str]:
    """Ids of other kingdoms' armies standing in a tile."""
    return [a.id for a in state.armies_in(tile) if a.owner != seat]


def resolve_intent(state: MKState, intent: Intent, rng: SeededRng) -> list[Event]:
    """Apply one order with the table entry that fits the tile now."""
    army = state.armies.get(intent.order.army)
    if army is None or army.tile is None:
        return [Event(code="mk.order_lapsed",
                      data={"army": intent.order.army, "seat": intent.seat})]
    handlers = {"move": _move, "defend": _defend, "raze": _raze, "regroup": _regroup,
                "hold": _hold}
    return handlers[intent.order.kind](state, army, intent.order.target, rng)


def _move(state: MKState, army: Army, target: str | None, rng: SeededRng) -> list[Event]:
    source = army.tile or ""
    if target is None:
        return []
    here = state.tiles[target]
    if here.tower:
        return [_pushed_back(army, source, target)]
    if here.owner is None:
        return _explore(state, army, source, target, rng)
    army.tile = target
    state.progress.moved[army.id] = source
    events = [_moved(army, source, target)]
    if not enemies_present(state, target, army.owner) and here.owner != army.owner:
        events.append(Event(code="mk.tile_taken", data={
            "tile": target, "seat": army.owner, "previous": here.owner}))
        previous, here.owner = here.owner, army.owner
        events.extend(capital_taken(state, target, previous))
    return events


def _moved(army: Army, source: str, target: str) -> Event:
    return Event(code="mk.move", data={
        "army": army.id, "seat": army.owner, "from": source, "to": target})


def _pushed_back(army: Army, source: str, target: str) -> Event:
    return Event(code="mk.pushed_back", data={
        "army": army.id, "seat": army.owner, "from": source, "to": target})


def _explore(
    state: MKState, army: Army, source: str, target: str, rng: SeededRng
) -> list[Event]:
    dice = rng.dice(2, 6, purpose=f"explore {target}")
    found = explored(sum(dice))
    events = [Event(code="mk.explore", data={
        "army": army.id, "seat": army.owner, "tile": target, "dice": dice,
        "total": sum(dice), "found": found or "empty"})]
    if state.settings.advanced and dice[0] == dice[1]:
        again = rng.dice(2, 6, purpose=f"tower check {target}")
        tower = again[0] == again[1]
        events.append(Event(code="mk.tower_check", data={
            "tile": target, "dice": again, "tower": tower}))
        if tower:
            state.tiles[target].tower = True
            return [*events, _pushed_back(army, source, target)]
    state.tiles[target].owner, state.tiles[target].settlement = army.owner, found
    army.tile = target
    state.progress.moved[army.id] = source
    return [*events, _moved(army, source, target)]


def _defend(state: MKState, army: Army, target: str | None, rng: SeededRng) -> list[Event]:
    state.progress.defended.append(army.id)
    return [Event(code="mk.defend", data={"army": army.id, "seat": army.owner, "tile": army.tile})]


def _raze(state: MKState, army: Army, target: str | None, rng: SeededRng) -> list[Event]:
    tile = army.tile or ""
    here = state.tiles[tile]
    data = {"army": army.id, "seat": army.owner, "tile": tile, "settlement": here.settlement}
    if here.settlement is None:
        return [Event(code="mk.raze_nothing", data=data)]
    enemies = enemies_present(state, tile, army.owner)
    if enemies:
        here.razing = True
        return [Event(code="mk.raze_failed", data={**data, "enemies": enemies})]
    here.settlement, here.capital_of = None, None
    return [Event(code="mk.raze", data=data)]


def _regroup(state: MKState, army: Army, target: str | None, rng: SeededRng) -> list[Event]:
    army.lying = False
    return [Event(code="mk.regroup", data={"army": army.id, "seat": army.owner, "tile": army.tile})]


def _hold(state: MKState, army: Army, target: str | None, rng: SeededRng) -> list[Event]:
    """The army stays as it is, without the Defend benefit (a lying army stays down)."""
    return [Event(code="mk.hold", data={"army": army.id, "seat": army.owner, "tile": army.tile,
                                        "lying": army.lying})]
