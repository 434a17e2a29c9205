"""Battle results: loss, draw and win, with retreats, destruction and the winner's move."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.games.mighty_kingdoms.armies.artefacts import capital_taken, items_of_the_lost
from pbem.games.mighty_kingdoms.state import (
    SETTLEMENT_RANK,
    Army,
    BattleRecord,
    MKState,
    natural_key,
)


def destroy(state: MKState, army_id: str, reason: str, events: list[Event]) -> None:
    """Remove an army from the game and say why."""
    army = state.armies.pop(army_id)
    events.append(Event(code="mk.army_destroyed", data={
        "army": army_id, "seat": army.owner, "tile": army.tile, "reason": reason}))
    events.extend(items_of_the_lost(state, army, army.units))


def apply_results(state: MKState, record: BattleRecord) -> list[Event]:
    """Apply the results table to both kingdoms in a battle tile."""
    events: list[Event] = [Event(code="mk.battle_result", data={
        "battle": record.number, "tile": record.tile, "result": dict(record.result)})]
    winner = next((s for s, r in record.result.items() if r == "win"), None)
    here = state.tiles[record.tile]
    if winner is not None and here.owner != winner:
        events.append(Event(code="mk.tile_taken", data={
            "tile": record.tile, "seat": winner, "previous": here.owner}))
        previous, here.owner = here.owner, winner
        events.extend(capital_taken(state, record.tile, previous))
    for seat in (record.attacker, record.defender):
        outcome = record.result.get(seat)
        if outcome == "loss" or (outcome == "draw" and here.owner != seat):
            for army in [a for a in state.armies_in(record.tile) if a.owner == seat]:
                retreat(state, army, record.tile, outcome == "loss", events)
    if winner is not None:
        events.extend(win_move(state, winner, record.tile))
    return events


def retreat(state: MKState, army: Army, tile: str, lie: bool, events: list[Event]) -> None:
    """Move a beaten (or drawn, out-of-place) army to a controlled neighbour, or destroy it."""
    target = retreat_tile(state, army, tile)
    if target is None:
        destroy(state, army.id, "no retreat", events)
        return
    wanted = _prefs(state, army.owner).get("retreats", {}).get(army.id, [])
    army.tile = target
    army.lying = army.lying or lie
    events.append(Event(code="mk.retreat", data={
        "army": army.id, "seat": army.owner, "from": tile, "to": target, "lying": army.lying,
        "chosen_by": "preference" if target in wanted else "default"}))


def open_neighbours(state: MKState, seat: str, tile: str) -> list[str]:
    """Adjacent tiles that `seat` controls and an army may stand in, reached as a move would
    be: never across a water edge."""
    found = []
    for direction, neighbour in state.map.neighbours(tile).items():
        here = state.tiles[neighbour]
        crossable = "water" not in state.map.crossing(tile, direction)
        if here.owner == seat and state.map.tile(neighbour).enterable and not here.tower \
                and crossable:
            found.append(neighbour)
    return sorted(found, key=natural_key)


def retreat_tile(state: MKState, army: Army, tile: str) -> str | None:
    """The player's ranked tile, else: no enemies, joined to the capital, best settlement, id."""
    options = open_neighbours(state, army.owner, tile)
    wanted = _prefs(state, army.owner).get("retreats", {}).get(army.id, [])
    for choice in wanted:
        if choice in options:
            return str(choice)
    joined = connected_to_capital(state, army.owner)
    return min(options, key=lambda t: _retreat_rank(state, army.owner, t, joined), default=None)


def _retreat_rank(state: MKState, seat: str, tile: str, joined: list[str]) -> tuple[Any, ...]:
    """By the `retreat_default` setting: safe (the rulings) or settlement first."""
    enemies = any(a.owner != seat for a in state.armies_in(tile))
    kind = state.settlement_kind(tile)
    rank = SETTLEMENT_RANK.get(kind, len(SETTLEMENT_RANK)) if kind else len(SETTLEMENT_RANK)
    if state.settings.retreat_default == "settlement":
        return (rank, enemies, tile not in joined, natural_key(tile))
    return (enemies, tile not in joined, rank, natural_key(tile))


def connected_to_capital(state: MKState, seat: str) -> list[str]:
    """Tiles of `seat` joined to its capital through tiles it controls (empty without one)."""
    capitals = [t for t in state.controlled(seat) if state.settlement_kind(t) == "capital"]
    frontier, seen = list(capitals), list(capitals)
    while frontier:
        tile = frontier.pop(0)
        for neighbour in sorted(state.map.neighbours(tile).values(), key=natural_key):
            if state.tiles[neighbour].owner == seat and neighbour not in seen:
                seen.append(neighbour)
                frontier.append(neighbour)
    return seen


def win_move(state: MKState, winner: str, tile: str) -> list[Event]:
    """Use the winner's first applicable 'win move' instruction (default: nobody moves)."""
    moves = _prefs(state, winner).get("win_moves", [])
    options = open_neighbours(state, winner, tile)
    for index, move in enumerate(moves):
        army = state.armies.get(move["army"])
        usable = army is not None and army.owner == winner and army.tile == tile
        if army is not None and usable and move["tile"] in options:
            army.tile = move["tile"]
            del moves[index]
            return [Event(code="mk.win_move", data={
                "army": army.id, "seat": winner, "from": tile, "to": move["tile"]})]
    return [Event(code="mk.default_used", data={"seat": winner, "what": "win move", "tile": tile})]


def _prefs(state: MKState, seat: str) -> dict[str, Any]:
    return state.progress.preferences.get(seat, {})
