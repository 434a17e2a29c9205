"""Terrain effects: who may enter a square, who must stop there, and a seeded random layout."""

from __future__ import annotations

from pbem.core.rng import SeededRng
from pbem.games.dba_cards.squares import all_squares, coords
from pbem.games.dba_cards.state import DBAState

RANDOM_LAYOUT = (("rough", 4), ("hill", 2), ("impassable", 1))
FREE_IN_ROUGH = frozenset({"auxilia", "psiloi"})


def can_enter(state: DBAState, unit_type: str, square: str) -> bool:
    """True when a unit of `unit_type` may enter `square` (terrain only, not occupancy)."""
    kind = state.terrain_at(square)
    if kind == "impassable":
        return False
    return not (kind == "rough" and unit_type == "war-wagons")


def stops_in(state: DBAState, unit_type: str, square: str) -> bool:
    """True when a unit must stop on entering `square` (Rough, except Auxilia and Psiloi)."""
    return state.terrain_at(square) == "rough" and unit_type not in FREE_IN_ROUGH


def random_terrain(size: int, rng: SeededRng) -> dict[str, str]:
    """A seeded layout in the ranks between the deployment zones."""
    middle = [s for s in all_squares(size) if 3 <= coords(s)[1] <= size - 2]
    picked = rng.shuffled(middle, purpose="random terrain")
    layout: dict[str, str] = {}
    for kind, count in RANDOM_LAYOUT:
        for _ in range(count):
            layout[picked.pop(0)] = kind
    return dict(sorted(layout.items()))
