"""Army list rules for `kow` lists: the 500-point limit and the kingdom-wide rules of new armies.

Setup F gives every army a 500-point list; a winter recruit gets one "as per Setup F" with three
more rules across the whole kingdom (rulebook, Winter, Spend resources, Armies):

- a Living Legend (a unit marked `[1]` in its army list, so `[1]` in its name) is unique across
  all the kingdom's armies, and so is a magic item (a unit's `item`);
- allies come only as a whole army, only when the kingdom already has 3 or more other
  non-allied armies (checked when the army is created), and at most one allied army.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pbem.games.mighty_kingdoms.state import MKState, Unit

LIST_POINTS = 500
LEGEND_MARK = "[1]"
ALLY_NEEDS = 3  # other non-allied armies a kingdom must have before it takes an allied army


@dataclass(frozen=True)
class ListProblem:
    """Why a list is refused: a stable code and the words for its wording."""

    code: str
    params: dict[str, str] = field(default_factory=dict)


def is_living_legend(unit: Unit) -> bool:
    """A unit marked `[1]` in its army list (the mark is part of its name)."""
    return LEGEND_MARK in unit.name.replace(" ", "")


def _key(text: str) -> str:
    """Names compare as they are spotted: any case, any spacing, `Gakamak[1]` = `Gakamak [ 1 ]`."""
    return re.sub(r"\s*\[\s*1\s*\]", " [1]", " ".join(text.lower().split())).strip()


def points_problem(units: list[Unit]) -> ListProblem | None:
    """A list over the 500-point limit of Setup F."""
    total = sum(u.points for u in units)
    if total > LIST_POINTS:
        return ListProblem("mk.E_LIST_POINTS", {"points": str(total), "limit": str(LIST_POINTS)})
    return None


def _kingdom_units(state: MKState, seat: str) -> list[Unit]:
    return [u for army in state.armies_of(seat) for u in army.units]


def uniqueness_problem(state: MKState, seat: str, units: list[Unit]) -> ListProblem | None:
    """A Living Legend or magic item already in this list or in another army of the kingdom."""
    legends = [_key(u.name) for u in _kingdom_units(state, seat) if is_living_legend(u)]
    items = [_key(u.item) for u in _kingdom_units(state, seat) if u.item]
    for unit in units:
        if is_living_legend(unit):
            if _key(unit.name) in legends:
                return ListProblem("mk.E_LEGEND_TWICE", {"unit": unit.name})
            legends.append(_key(unit.name))
        if unit.item:
            if _key(unit.item) in items:
                return ListProblem("mk.E_ITEM_TWICE", {"item": unit.item})
            items.append(_key(unit.item))
    return None


def ally_problem(state: MKState, seat: str) -> ListProblem | None:
    """An allied army needs 3 other non-allied armies, and a kingdom has at most one."""
    armies = state.armies_of(seat)
    if any(a.allied for a in armies):
        return ListProblem("mk.E_ALLY_TWICE")
    others = sum(1 for a in armies if not a.allied)
    if others < ALLY_NEEDS:
        return ListProblem("mk.E_ALLY_TOO_FEW", {"armies": str(others)})
    return None


def new_army_problem(
    state: MKState, seat: str, units: list[Unit], allied: bool = False
) -> ListProblem | None:
    """Every list rule for a new `kow` army of `seat`, first problem found."""
    if allied:
        found = ally_problem(state, seat)
        if found:
            return found
    return points_problem(units) or uniqueness_problem(state, seat, units)
