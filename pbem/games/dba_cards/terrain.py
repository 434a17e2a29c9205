"""Terrain effects: who may enter a square, who must stop there, and a seeded random layout.

The German house rules add woods, built-up areas (BUA, fortified or not), steep hills and small
rivers that run between squares (see docs/dba-cards.md, "German house rules").
"""

from __future__ import annotations

import functools
import itertools

from pbem.core.rng import SeededRng
from pbem.games.dba_cards.squares import all_squares, coords, name
from pbem.games.dba_cards.state import DBAState

RANDOM_LAYOUT = (("rough", 4), ("hill", 2), ("impassable", 1))
FREE_IN_ROUGH = frozenset({"auxilia", "psiloi"})
DIFFICULT = frozenset({"rough", "wood", "steep-hill", "bua", "fortified-bua"})
HILLS = frozenset({"hill", "steep-hill"})


def difficult(state: DBAState, square: str) -> bool:
    """True on difficult ground: Rough, and under the German rules woods, steep hills, BUAs."""
    return state.terrain_at(square) in DIFFICULT


def on_hill(state: DBAState, square: str) -> bool:
    """True on a Hill or a steep hill."""
    return state.terrain_at(square) in HILLS


def can_enter(state: DBAState, unit_type: str, square: str) -> bool:
    """True when a unit of `unit_type` may enter `square` (terrain only, not occupancy)."""
    kind = state.terrain_at(square)
    if kind == "impassable":
        return False
    return not (unit_type == "war-wagons" and kind in DIFFICULT)


def stops_in(state: DBAState, unit_type: str, square: str) -> bool:
    """True when a unit must stop on entering `square`: difficult ground or a river bank."""
    if unit_type in FREE_IN_ROUGH:
        return False
    return difficult(state, square) or on_bank(state, square)


def edge(a: str, b: str) -> str:
    """The name of the side between two orthogonally adjacent squares, e.g. 'd4-d5'."""
    return "-".join(sorted((a, b), key=lambda s: (coords(s)[1], coords(s)[0])))


def on_bank(state: DBAState, square: str) -> bool:
    """True when a river runs along one of the square's sides."""
    return bool(state.rivers) and square in _banks(tuple(state.rivers))


@functools.lru_cache(maxsize=64)
def _banks(rivers: tuple[str, ...]) -> frozenset[str]:
    """The squares on either side of any of the river sides."""
    return frozenset(square for side in rivers for square in side.split("-"))


def crosses_river(state: DBAState, a: str, b: str) -> bool:
    """True when the straight line from `a` to `b` crosses a river (a diagonal step crosses
    only when both of its orthogonal detours would)."""
    (fa, ra), (fb, rb) = coords(a), coords(b)
    steps = max(abs(fb - fa), abs(rb - ra))
    if steps == 0 or not state.rivers:
        return False
    sf, sr = (fb - fa) // steps, (rb - ra) // steps
    squares = [(fa + sf * i, ra + sr * i) for i in range(steps + 1)]
    return any(_step_crosses(state, p, q) for p, q in itertools.pairwise(squares))


def _step_crosses(state: DBAState, p: tuple[int, int], q: tuple[int, int]) -> bool:
    here, there = name(*p), name(*q)
    if p[0] == q[0] or p[1] == q[1]:
        return edge(here, there) in state.rivers
    side_a, side_b = name(q[0], p[1]), name(p[0], q[1])
    via_a = edge(here, side_a) in state.rivers or edge(side_a, there) in state.rivers
    via_b = edge(here, side_b) in state.rivers or edge(side_b, there) in state.rivers
    return via_a and via_b


def random_terrain(size: int, rng: SeededRng) -> dict[str, str]:
    """A seeded layout in the ranks between the deployment zones."""
    middle = [s for s in all_squares(size) if 3 <= coords(s)[1] <= size - 2]
    picked = rng.shuffled(middle, purpose="random terrain")
    layout: dict[str, str] = {}
    for kind, count in RANDOM_LAYOUT:
        for _ in range(count):
            layout[picked.pop(0)] = kind
    return dict(sorted(layout.items()))


GERMAN_PIECES = (("wood", 3, 2), ("hill", 2, 3), ("steep-hill", 2, 3))  # kind, files, ranks
GERMAN_ROUGH = 3
RIVER_LENGTH = 3
BUA_REACH = 5


def bua_allowed(square: str, size: int) -> bool:
    """German rules: a BUA lies within 5 squares of two sides of the board."""
    file, rank = coords(square)
    reaches = (file + 1, size - file, rank, size + 1 - rank)
    return sum(r <= BUA_REACH for r in reaches) >= 2


def german_terrain(size: int, rng: SeededRng) -> tuple[dict[str, str], list[str]]:
    """A seeded German layout between the deployment zones: a wood, a hill and a steep hill of
    6 squares each, rough squares, one BUA and a short river."""
    middle = [s for s in all_squares(size) if 5 <= coords(s)[1] <= size - 4]
    layout: dict[str, str] = {}
    for kind, files, ranks in GERMAN_PIECES:
        spots = [_block(s, files, ranks, size) for s in middle]
        free = [b for b in spots if b and all(sq in middle and sq not in layout for sq in b)]
        for square in rng.choice(free, purpose=f"german terrain: {kind}"):
            layout[square] = kind
    open_squares = [s for s in middle if s not in layout]
    towns = [s for s in open_squares if bua_allowed(s, size)]
    layout[rng.choice(towns, purpose="german terrain: bua")] = "bua"
    rough = rng.shuffled([s for s in open_squares if s not in layout], purpose="german rough")
    layout.update({s: "rough" for s in rough[:GERMAN_ROUGH]})
    return dict(sorted(layout.items())), _river(size, middle, rng)


def _block(corner: str, files: int, ranks: int, size: int) -> list[str]:
    file, rank = coords(corner)
    if file + files > size or rank + ranks - 1 > size:
        return []
    return [name(f, r) for f in range(file, file + files) for r in range(rank, rank + ranks)]


def _river(size: int, middle: list[str], rng: SeededRng) -> list[str]:
    """A straight stream along RIVER_LENGTH sides between two files."""
    starts = [s for s in middle if coords(s)[0] < size - 1 and coords(s)[1] <= size - 4 - 2]
    file, rank = coords(rng.choice(starts, purpose="german terrain: river"))
    sides = [edge(name(file, r), name(file + 1, r)) for r in range(rank, rank + RIVER_LENGTH)]
    return sorted(sides)
