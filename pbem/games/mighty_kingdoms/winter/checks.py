"""Winter legality rules shared by the order parser (on receipt) and the resolver (at the deadline).

Each check returns None when the entry is allowed, else a stable reason code such as
`mk.E_NOT_YOUR_TILE`. The same code names a parse problem and a `mk.winter.skipped` event.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from pbem.core.problems import Problem
from pbem.games.mighty_kingdoms.armies.artefacts import has_capital
from pbem.games.mighty_kingdoms.armies.list_rules import new_army_problem
from pbem.games.mighty_kingdoms.state import Army, MKState, Unit
from pbem.games.mighty_kingdoms.winter_inputs import Equip, Quest, Tithe

BUILD_FROM: dict[str, str | None] = {
    "village": None,
    "city": "village",
    "fortress": "village",
    "capital": "city",
}
BUILD_COST: dict[str, tuple[int, int]] = {  # (gold, food)
    "village": (1, 0),
    "city": (1, 1),
    "fortress": (2, 0),
    "capital": (1, 1),
}
RECRUIT_COST: tuple[int, int] = (1, 0)


def tile_problem(state: MKState, seat: str, tile: str) -> str | None:
    """Unknown tile or a tile the seat does not control."""
    if tile.upper() not in state.tiles:
        return "mk.E_UNKNOWN_TILE"
    if state.tiles[tile.upper()].owner != seat:
        return "mk.E_NOT_YOUR_TILE"
    return None


def build_problem(state: MKState, seat: str, tile: str, target: str) -> str | None:
    """Why building `target` on `tile` is not allowed now, if it is not."""
    found = tile_problem(state, seat, tile)
    if found:
        return found
    here = state.tiles[tile.upper()]
    if state.map.tile(tile).terrain != "plain" or here.tower:
        return "mk.E_BUILD_TERRAIN"
    if target == "capital" and has_capital(state, seat):
        return "mk.E_SECOND_CAPITAL"
    if state.settlement_kind(here.id) != BUILD_FROM[target]:
        return "mk.E_BUILD_FROM"
    return None


def recruit_problem(
    state: MKState, seat: str, tile: str, used: Iterable[str], units: list[Unit],
    allied: bool = False,
) -> str | None:
    """Why recruiting at `tile` is not allowed now, if it is not (money aside)."""
    found = tile_problem(state, seat, tile)
    if found:
        return found
    if state.tiles[tile.upper()].settlement != "fortress":
        return "mk.E_NOT_FORTRESS"
    if tile.upper() in used:
        return "mk.E_FORTRESS_USED"
    if len(state.armies_of(seat)) >= state.settings.army_cap:
        return "mk.E_ARMY_CAP"
    if state.settings.battle_mode == "kow" and not units:
        return "mk.E_NO_LIST"
    if allied and state.settings.battle_mode != "kow":
        return "mk.E_ALLY_SIMPLE"
    listed = new_army_problem(state, seat, units, allied)
    if listed:
        return listed.code
    limits = list_restrictions(state, seat, tile, units)
    return limits[0].code if limits else None


def army_problem(state: MKState, seat: str, army: str) -> str | None:
    """Unknown army or an army of another kingdom."""
    if army not in state.armies:
        return "mk.E_UNKNOWN_ARMY"
    if state.armies[army].owner != seat:
        return "mk.E_NOT_YOURS"
    return None


def tithe_problem(state: MKState, seat: str, tithe: Tithe, given_to: Iterable[str]) -> str | None:
    """Why a gift is not allowed, balance aside."""
    if tithe.to not in state.kingdoms:
        return "mk.E_UNKNOWN_SEAT"
    if tithe.to == seat:
        return "mk.E_TITHE_SELF"
    if tithe.to in given_to:
        return "mk.E_TITHE_TWICE"
    if tithe.gold == 0 and tithe.food == 0:
        return "mk.E_TITHE_EMPTY"
    return None


def settlement_problem(state: MKState, seat: str, tile: str) -> str | None:
    """Why `tile` cannot receive deployed armies of `seat`, if it cannot."""
    found = tile_problem(state, seat, tile)
    if found:
        return found
    return None if state.tiles[tile.upper()].settlement else "mk.E_NOT_SETTLEMENT"


def recall_problem(state: MKState, seat: str, tile: str) -> str | None:
    """Why `tile` cannot be the recall preference (a controlled city or village)."""
    found = tile_problem(state, seat, tile)
    if found:
        return found
    if state.tiles[tile.upper()].settlement not in ("city", "village"):
        return "mk.E_RECALL_TARGET"
    return None


def find_unit(army: Army, name: str) -> Unit | None:
    """The first unit of an army with this name, case-insensitively."""
    wanted = name.strip().lower()
    return next((u for u in army.units if u.name.lower() == wanted), None)


def tower_problem(state: MKState, seat: str, tower: str) -> str | None:
    """Why the seat may not send a hero to `tower`, if it may not."""
    if not state.settings.advanced:
        return "mk.E_NOT_ADVANCED"
    if tower.upper() not in state.tiles:
        return "mk.E_UNKNOWN_TILE"
    if not state.tiles[tower.upper()].tower:
        return "mk.E_NOT_TOWER"
    around = state.map.neighbours(tower).values()
    if not any(state.tiles[t].owner == seat for t in around):
        return "mk.E_TOWER_NOT_ADJACENT"
    return None


def quest_problem(
    state: MKState,
    seat: str,
    quest: Quest,
    heroes: Iterable[tuple[str, str]],
    towers: Iterable[str],
) -> str | None:
    """Why a quest is not allowed: tower, army, hero, one per hero and one per tower."""
    found = tower_problem(state, seat, quest.tower) or army_problem(state, seat, quest.army)
    if found:
        return found
    unit = find_unit(state.armies[quest.army], quest.hero)
    if unit is None:
        return "mk.E_UNKNOWN_UNIT"
    if not unit.hero:
        return "mk.E_NOT_HERO"
    if (quest.army, unit.name.lower()) in heroes:
        return "mk.E_HERO_TWICE"
    if quest.tower.upper() in towers:
        return "mk.E_TOWER_TWICE"
    return None


def owned_artefacts(state: MKState, seat: str) -> list[str]:
    """Artefacts the seat has: held by its capital, then on its units."""
    held = list(state.kingdoms[seat].artefacts_held)
    for army in state.armies_of(seat):
        held.extend(u.artefact for u in army.units if u.artefact)
    return held


def equip_problem(state: MKState, seat: str, equip: Equip) -> str | None:
    """Why an artefact cannot be allocated to this unit, if it cannot."""
    found = army_problem(state, seat, equip.army)
    if found:
        return found
    if find_unit(state.armies[equip.army], equip.unit) is None:
        return "mk.E_UNKNOWN_UNIT"
    owned = [a.lower() for a in owned_artefacts(state, seat)]
    return None if equip.artefact.lower() in owned else "mk.E_NOT_YOUR_ARTEFACT"


# --- advanced army restrictions by terrain (kow lists) ---------------------------------------


def _kind_words(unit: Unit) -> list[str]:
    return re.findall(r"[a-z]+", unit.kind.lower())


def is_monster(unit: Unit) -> bool:
    """Monsters and titans, including heroes mounted on one ("hero (monster)")."""
    return bool({"monster", "titan"} & set(_kind_words(unit)))


def is_war_machine(unit: Unit) -> bool:
    """War machines, which Kings of War calls war engines."""
    words = " ".join(_kind_words(unit))
    return "war machine" in words or "war engine" in words


def _near_controlled(state: MKState, seat: str, tile: str) -> list[str]:
    near = [tile.upper(), *state.map.neighbours(tile).values()]
    return [t for t in near if t in state.tiles and state.tiles[t].owner == seat]


def _has_edge(state: MKState, tile: str, feature: str) -> bool:
    return feature in state.map.tile(tile).edges.values()


def allows_monsters(state: MKState, seat: str, tile: str) -> bool:
    """In or next to a controlled tile with a mountain edge, or a controlled marsh tile."""
    near = _near_controlled(state, seat, tile)
    return any(_has_edge(state, t, "mountain") or _is_marsh(state, t) for t in near)


def _is_marsh(state: MKState, tile: str) -> bool:
    return state.map.tile(tile).terrain == "marsh"


def allows_war_machines(state: MKState, seat: str, tile: str) -> bool:
    """In or next to a controlled tile with a forest edge."""
    return any(_has_edge(state, t, "forest") for t in _near_controlled(state, seat, tile))


def list_restrictions(
    state: MKState, seat: str, fortress_tile: str, units: list[Unit]
) -> list[Problem]:
    """Advanced rules: units a new kow army recruited at `fortress_tile` may not include.

    Problems carry line 0; the parser moves them to the line of the offending unit.
    """
    if not state.settings.advanced or tile_problem(state, seat, fortress_tile):
        return []
    monsters = allows_monsters(state, seat, fortress_tile)
    machines = allows_war_machines(state, seat, fortress_tile)
    found: list[Problem] = []
    for unit in units:
        code = _unit_restriction(unit, monsters, machines)
        if code:
            found.append(Problem(line=0, code=code, kind="illegal", params={"unit": unit.name}))
    return found


def _unit_restriction(unit: Unit, monsters: bool, machines: bool) -> str | None:
    if unit.item:
        return "mk.E_NO_MAGIC_ITEMS"
    if is_monster(unit) and not monsters:
        return "mk.E_NO_MONSTERS"
    if is_war_machine(unit) and not machines:
        return "mk.E_NO_WAR_MACHINES"
    return None
