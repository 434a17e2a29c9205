"""The battle loop: in player order each player picks a tile and an opponent, until none can."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.battles.kow import open_battle
from pbem.games.mighty_kingdoms.battles.results import apply_results, destroy
from pbem.games.mighty_kingdoms.battles.simple import fight_simple
from pbem.games.mighty_kingdoms.state import Army, BattleRecord, MKState, natural_key


def preferences(state: MKState, seat: str) -> dict[str, Any]:
    """A seat's standing instructions for this month (empty if it sent none)."""
    return state.progress.preferences.get(seat, {})


def kingdoms_in(state: MKState, tile: str) -> dict[str, list[Army]]:
    """The armies in a tile grouped by owner."""
    grouped: dict[str, list[Army]] = {}
    for army in state.armies_in(tile):
        grouped.setdefault(army.owner, []).append(army)
    return grouped


def battle_tiles(state: MKState, seat: str) -> list[str]:
    """Tiles where `seat` has an upright army and an enemy has armies, lowest id first."""
    tiles = {a.tile for a in state.armies.values() if a.owner == seat and a.tile and not a.lying}
    found = [t for t in tiles if any(s != seat for s in kingdoms_in(state, t))]
    return sorted(found, key=natural_key)


@dataclass(frozen=True)
class Choice:
    """A chosen battle: where, against whom, and whether preferences or defaults decided."""

    tile: str
    enemy: str
    how: dict[str, str]


def choose_battle(state: MKState, seat: str) -> Choice | None:
    """The tile and opponent `seat` picks: its ranked preferences, else the rulings' defaults."""
    options = battle_tiles(state, seat)
    if not options:
        return None
    ranked = [t for t in preferences(state, seat).get("battle_tiles", []) if t in options]
    tile = ranked[0] if ranked else options[0]
    enemy, by_preference = choose_opponent(state, seat, tile)
    how = {"tile": "preference" if ranked else "default",
           "opponent": "preference" if by_preference else "default"}
    return Choice(tile, enemy, how)


def choose_opponent(state: MKState, seat: str, tile: str) -> tuple[str, bool]:
    """An enemy with upright armies if possible; among several, preference then player order."""
    grouped = kingdoms_in(state, tile)
    enemies = [s for s in state.player_order if s != seat and s in grouped]
    upright = [s for s in enemies if any(not a.lying for a in grouped[s])]
    pool = upright or enemies
    wanted = [s for s in preferences(state, seat).get("opponents", []) if s in pool]
    return (wanted[0], True) if wanted else (pool[0], False)


def run_battles(state: MKState, rng: SeededRng, events: list[Event]) -> bool:
    """Fight battles until nobody can choose one; True when a kow battle pauses the month."""
    progress = state.progress
    order = state.player_order
    while progress.idle < len(order):
        seat = order[progress.chooser % len(order)]
        progress.chooser = (progress.chooser + 1) % len(order)
        choice = choose_battle(state, seat)
        if choice is None:
            progress.idle += 1
            continue
        if len(progress.battles) >= state.settings.battle_cap:
            events.append(Event(code="mk.battle_cap", data={"cap": state.settings.battle_cap},
                                visible_to=None))
            return False
        progress.idle = 0
        if start_battle(state, seat, choice, rng, events):
            return True
    return False


def start_battle(
    state: MKState, seat: str, choice: Choice, rng: SeededRng, events: list[Event]
) -> bool:
    """Slaughter, fight a simple battle, or open a kow battle; True if it waits for the referee."""
    enemy_armies = kingdoms_in(state, choice.tile)[choice.enemy]
    if all(a.lying for a in enemy_armies):
        slaughter(state, seat, choice.tile, enemy_armies, events)
        return False
    record = _record(state, seat, choice.enemy, choice.tile)
    events.append(Event(code="mk.battle", data={
        "battle": record.number, "tile": record.tile, "attacker": seat, "defender": choice.enemy,
        "attacker_armies": record.attacker_armies, "defender_armies": record.defender_armies,
        "chosen_by": choice.how, "mode": state.settings.battle_mode}))
    if state.settings.battle_mode == "kow":
        events.extend(open_battle(state, record))
        return True
    record.result, fought = fight_simple(state, record, rng)
    events.extend(fought)
    events.extend(apply_results(state, record))
    return False


def _record(state: MKState, seat: str, enemy: str, tile: str) -> BattleRecord:
    grouped = kingdoms_in(state, tile)
    record = BattleRecord(
        number=len(state.progress.battles) + 1, tile=tile, attacker=seat, defender=enemy,
        attacker_armies=[a.id for a in grouped[seat]],
        defender_armies=[a.id for a in grouped[enemy]],
    )
    state.progress.battles.append(record)
    for army in grouped[seat] + grouped[enemy]:
        army.list_revealed = army.list_revealed or not army.lying
    return record


def slaughter(
    state: MKState, seat: str, tile: str, lying: list[Army], events: list[Event]
) -> None:
    """Remove one disordered army: its owner's preference, else fewest points, then highest id."""
    owner = lying[0].owner
    wanted = [a for a in preferences(state, owner).get("slaughter", []) if a in
              [x.id for x in lying]]
    victim = wanted[0] if wanted else min(
        lying, key=lambda a: (a.points, [-n for n in _id_number(a.id)])).id
    state.progress.slaughters += 1
    events.append(Event(code="mk.slaughter", data={
        "tile": tile, "seat": seat, "victim_seat": owner, "army": victim,
        "chosen_by": "preference" if wanted else "default"}))
    destroy(state, victim, "slaughter", events)


def _id_number(army_id: str) -> list[int]:
    return [int(army_id)] if army_id.isdigit() else [0]
