"""Wizard's quests and magical artefacts (advanced rules, winter).

`state.artefacts_pool` holds the names still available to draw; the campaign's list of
artefacts with their points is `settings.artefacts`. A drawn name leaves the pool, so an
artefact is unique across the game; a lost one goes back.
"""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.state import Army, MKState, Unit
from pbem.games.mighty_kingdoms.winter.checks import equip_problem, find_unit, quest_problem
from pbem.games.mighty_kingdoms.winter.losses import remove_unit
from pbem.games.mighty_kingdoms.winter.spend import skipped
from pbem.games.mighty_kingdoms.winter.text import equip_line, quest_line
from pbem.games.mighty_kingdoms.winter_inputs import Equip, Quest

QUEST_RESULTS = {1: "lost", 2: "hurt", 3: "nothing", 4: "minor", 5: "major", 6: "rare"}
ARTEFACT_BANDS: dict[str, tuple[int, int]] = {"minor": (5, 15), "major": (20, 30), "rare": (35, 50)}
DESTROYED_AT = -2  # Unit Strength at which Reform destroys a unit


def quest_result(total: int) -> str:
    """The quest table row for a modified roll (6 and more: a rare artefact)."""
    return QUEST_RESULTS[max(1, min(6, total))]


def draw_artefact(state: MKState, band: str, rng: SeededRng, purpose: str) -> dict[str, Any] | None:
    """Draw one available artefact in the band, removing it from the pool; None if none is left."""
    low, high = ARTEFACT_BANDS[band]
    names = [str(a["name"]) for a in state.settings.artefacts
             if low <= int(a["points"]) <= high and str(a["name"]) in state.artefacts_pool]
    if not names:
        return None
    picked = rng.choice(names, purpose)
    state.artefacts_pool.remove(picked)
    points = next(int(a["points"]) for a in state.settings.artefacts if a["name"] == picked)
    return {"artefact": picked, "points": points}


def resolve_quests(state: MKState, seat: str, quests: list[Quest], rng: SeededRng) -> list[Event]:
    """Send each listed hero on its quest; events are private to the player."""
    events: list[Event] = []
    heroes: list[tuple[str, str]] = []
    towers: list[str] = []
    for quest in quests:
        reason = quest_problem(state, seat, quest, heroes, towers)
        if reason:
            event = skipped(seat, "quest", quest_line(quest), reason)
            events.append(event.model_copy(update={"visible_to": [seat]}))
            continue
        army = state.armies[quest.army]
        unit = find_unit(army, quest.hero)
        assert unit is not None  # quest_problem checked it
        heroes.append((army.id, unit.name.lower()))
        towers.append(quest.tower.upper())
        events.append(_go_questing(state, seat, army, unit, quest.tower.upper(), rng))
    return events


def _go_questing(state: MKState, seat: str, army: Army, unit: Unit, tower: str,
                 rng: SeededRng) -> Event:
    die = rng.die(6, f"winter.quest.{seat}.{tower}")
    bonus = unit.points // 100
    result = quest_result(die + bonus)
    data: dict[str, Any] = {"seat": seat, "tower": tower, "army": army.id, "hero": unit.name,
                            "die": die, "bonus": bonus, "total": die + bonus, "result": result}
    if result == "lost":
        data["army_removed"] = remove_unit(state, army, unit)
    elif result == "hurt":
        unit.change -= 1
        data["strength"] = unit.current
        if unit.current <= DESTROYED_AT:
            data["army_removed"] = remove_unit(state, army, unit)
            data["destroyed"] = True
    elif result in ARTEFACT_BANDS:
        data.update(_reward(state, seat, unit, result, rng))
    return Event(code="mk.winter.quest", data=data, visible_to=[seat])


def _reward(state: MKState, seat: str, unit: Unit, band: str, rng: SeededRng) -> dict[str, Any]:
    found = draw_artefact(state, band, rng, f"winter.artefact.{band}")
    if found is None:
        return {"artefact": None}
    if unit.artefact is None:
        unit.artefact = found["artefact"]
        return {**found, "carried_by": unit.name}
    state.kingdoms[seat].artefacts_held.append(found["artefact"])
    return {**found, "carried_by": None}


def resolve_equip(state: MKState, seat: str, entries: list[Equip]) -> list[Event]:
    """Allocate artefacts to units during deployment; private to the player."""
    events: list[Event] = []
    for entry in entries:
        reason = equip_problem(state, seat, entry)
        if reason:
            event = skipped(seat, "equip", equip_line(entry), reason)
            events.append(event.model_copy(update={"visible_to": [seat]}))
            continue
        events.append(_equip(state, seat, entry))
    return events


def _equip(state: MKState, seat: str, entry: Equip) -> Event:
    name = _take_artefact(state, seat, entry.artefact)
    unit = find_unit(state.armies[entry.army], entry.unit)
    assert unit is not None  # equip_problem checked it
    if unit.artefact:
        state.kingdoms[seat].artefacts_held.append(unit.artefact)
    unit.artefact = name
    return Event(code="mk.winter.equip", data={"seat": seat, "army": entry.army, "unit": unit.name,
                                               "artefact": name}, visible_to=[seat])


def _take_artefact(state: MKState, seat: str, wanted: str) -> str:
    held = state.kingdoms[seat].artefacts_held
    for name in held:
        if name.lower() == wanted.lower():
            held.remove(name)
            return name
    for army in state.armies_of(seat):
        for unit in army.units:
            if unit.artefact and unit.artefact.lower() == wanted.lower():
                name, unit.artefact = unit.artefact, None
                return name
    raise ValueError(f"{seat} does not own {wanted}")
