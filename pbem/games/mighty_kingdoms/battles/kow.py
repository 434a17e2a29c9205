"""Tabletop (Kings of War) battles: the battle notice, the pause, and the referee's result."""

from __future__ import annotations

from typing import Any

from pbem.core.game import REFEREE, Event
from pbem.games.mighty_kingdoms.armies.artefacts import spoils_of_battle
from pbem.games.mighty_kingdoms.battles.results import apply_results
from pbem.games.mighty_kingdoms.inputs import BattleResultInput, UnitChange
from pbem.games.mighty_kingdoms.state import Army, BattleRecord, MKState

BOARD_SIZES: list[tuple[int, str]] = [(2, "4x4"), (3, "5x4"), (5, "6x4"), (6, "8x4")]
DEFENDED_BENEFITS: dict[str, dict[str, int]] = {
    "none": {"adjust": 1, "blocking": 0, "obstacles": 0, "objectives": 0},
    "village": {"adjust": 0, "blocking": 1, "obstacles": 2, "objectives": 0},
    "city": {"adjust": 0, "blocking": 2, "obstacles": 2, "objectives": 1},
    "fortress": {"adjust": 0, "blocking": 2, "obstacles": 4, "objectives": 2},
}


def board_size(armies: int) -> str:
    """The Board Size table, by the larger side's number of fighting armies."""
    return next((size for top, size in BOARD_SIZES if armies <= top), BOARD_SIZES[-1][1])


def pending_battle(state: MKState) -> BattleRecord | None:
    """The tabletop battle waiting for the referee, if any."""
    return next((b for b in state.progress.battles if b.pending), None)


def defended_benefit(state: MKState, seat: str, tile: str) -> dict[str, Any] | None:
    """What a side that took Defend in this tile may do to the table, else None."""
    armies = [a for a in state.armies_in(tile) if a.owner == seat]
    if not any(a.id in state.progress.defended for a in armies):
        return None
    kind = state.settlement_kind(tile) or "none"
    key = "city" if kind == "capital" else kind
    return {"settlement": key, **DEFENDED_BENEFITS[key]}


def army_sheet(army: Army) -> dict[str, Any]:
    """An army as the battle notice shows it, with its (now revealed) list."""
    return {
        "army": army.id, "lying": army.lying, "fights": not army.lying, "allied": army.allied,
        "units": [
            {"number": n, "name": u.name, "strength": u.strength, "current": u.current,
             "in_battle": max(0, min(3, u.current)), "points": u.points, "type": u.kind,
             "hero": u.hero, "item": u.item, "artefact": u.artefact}
            for n, u in enumerate(army.units, start=1)
        ],
        "list_missing": not army.units,
    }


def open_battle(state: MKState, record: BattleRecord) -> list[Event]:
    """Pause the month on a tabletop battle and send the notice to both players and the referee."""
    record.pending = True
    sides: dict[str, dict[str, Any]] = {}
    for seat in (record.attacker, record.defender):
        armies = [a for a in state.armies_in(record.tile) if a.owner == seat]
        sides[seat] = {"armies": [army_sheet(a) for a in armies],
                       "defended": defended_benefit(state, seat, record.tile)}
    fighting = max(sum(1 for a in s["armies"] if a["fights"]) for s in sides.values())
    notice = {"battle": record.number, "tile": record.tile, "attacker": record.attacker,
              "defender": record.defender, "board": board_size(fighting), "sides": sides}
    revealed = {a["army"]: a["units"] for s in sides.values() for a in s["armies"] if a["fights"]}
    return [
        Event(code="mk.battle_notice", data=notice,
              visible_to=[record.attacker, record.defender, REFEREE]),
        Event(code="mk.lists_revealed", data={"battle": record.number, "lists": revealed}),
    ]


def default_result(state: MKState) -> BattleResultInput:
    """If the referee enters nothing: a draw with no Unit Strength changes."""
    record = pending_battle(state)
    return BattleResultInput(battle=record.number if record else 0, defaulted=True)


def apply_referee(state: MKState, given: BattleResultInput) -> list[Event]:
    """Record the referee's result and Unit Strength changes, then apply the results table."""
    record = pending_battle(state)
    if record is None:
        return []
    events: list[Event] = []
    if given.defaulted:
        events.append(Event(code="mk.default_used", data={
            "seat": REFEREE, "what": "battle result", "battle": record.number}))
    seen: dict[tuple[str, int, int], None] = {}  # applied (army, unit, sign), in order
    for change in given.changes:
        events.append(_apply_change(state, record, change, seen))
    sides = (record.attacker, record.defender)
    if given.winner in sides:
        loser = sides[1] if given.winner == sides[0] else sides[0]
        record.result = {given.winner: "win", loser: "loss"}
        routed = [(army, unit) for army, unit, sign in seen if sign < 0]  # in the given order
        events += spoils_of_battle(state, record.number, given.winner, routed,
                                   record.attacker_armies + record.defender_armies)
    else:
        record.result = {s: "draw" for s in sides}
    record.pending = False
    return events + apply_results(state, record)


def _apply_change(
    state: MKState, record: BattleRecord, given: UnitChange, seen: dict[tuple[str, int, int], None]
) -> Event:
    """One Unit Strength change: a unit is routed at most once and gains at most once a battle."""
    army_id, unit, change = given.army, given.unit, given.change
    army = state.armies.get(army_id)
    involved = record.attacker_armies + record.defender_armies
    data: dict[str, Any] = {"battle": record.number, "army": army_id, "unit": unit,
                            "change": change}
    if army is None or army_id not in involved or not 1 <= unit <= len(army.units):
        return Event(code="mk.strength_skipped", data=data)
    sign = (change > 0) - (change < 0)
    if abs(change) > 1 or (sign and (army_id, unit, sign) in seen):
        return Event(code="mk.strength_skipped", data={**data, "reason": "once per battle"})
    if sign:
        seen[(army_id, unit, sign)] = None
    target = army.units[unit - 1]
    target.change += change
    return Event(code="mk.unit_strength", data={**data, "name": target.name, "now": target.current})
