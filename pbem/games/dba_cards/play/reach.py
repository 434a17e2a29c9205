"""Attack range and line of fire: straight or diagonal lines, never through other units."""

from __future__ import annotations

from pbem.games.dba_cards.content import MISSILE, UNITS
from pbem.games.dba_cards.squares import distance, line_between
from pbem.games.dba_cards.state import DBAState, Unit
from pbem.games.dba_cards.terrain import on_hill


def base_range(state: DBAState, unit: Unit) -> int:
    """The unit's range, +1 for a missile unit on a Hill (or a steep hill)."""
    bonus = 1 if unit.type in MISSILE and on_hill(state, unit.square) else 0
    return UNITS[unit.type].range + bonus


def in_range(
    state: DBAState, unit: Unit, square: str, reach: int | None = None, indirect: bool = False
) -> bool:
    """True when `unit` can attack `square`: in line, within reach, no unit or wood between
    (indirect fire passes over both)."""
    between = line_between(unit.square, square)
    if between is None:
        return False
    limit = base_range(state, unit) if reach is None else reach
    if distance(unit.square, square) > limit:
        return False
    if indirect:
        return True
    clear = all(state.unit_at(s) is None for s in between)
    return clear and not any(state.terrain_at(s) == "wood" for s in between)


def enemies_in_range(state: DBAState, unit: Unit) -> list[Unit]:
    """Enemy units `unit` can attack with its ordinary range."""
    return [
        u
        for u in state.units
        if state.enemies(u.owner, unit.owner) and in_range(state, unit, u.square)
    ]
