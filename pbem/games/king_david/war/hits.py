"""Hit assignment (6.2.4): the owner uses the most hits possible, every army takes a step
before any takes a second in the same combat or siege, and ties follow the owner's order."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from pbem.core.game import Event
from pbem.games.king_david.land.stacks import step_loss
from pbem.games.king_david.state import Army, Battle, KDState, kind_order

Cost = Callable[[Army], int]


def assign(state: KDState, battle: Battle, victims: list[Army], hits: int, cost: Cost,
           order: list[str], events: list[Event]) -> int:
    """Apply `hits` to `victims` layer by layer; return the hits left for the track."""
    remaining = hits
    while True:
        alive = [a for a in victims if a.steps > 0]
        if not alive:
            return remaining
        level = min(battle.taken.get(a.id, 0) for a in alive)
        layer = [a for a in alive if battle.taken.get(a.id, 0) == level]
        picked = best_subset(layer, remaining, cost, order)
        for army in picked:
            remaining -= cost(army)
            battle.taken[army.id] = level + 1
            step_loss(state, army, events, battle.kind)
        if len(picked) < len(layer) or not picked:
            return remaining


def best_subset(layer: list[Army], hits: int, cost: Cost, order: list[str]) -> list[Army]:
    """The armies whose step costs use the most of `hits`; ties take the owner's kinds first."""
    full: list[str] = list(kind_order(order))  # type: ignore[arg-type]
    groups: dict[tuple[str, int], list[Army]] = {}
    for army in sorted(layer, key=lambda a: (a.strength, -a.steps, a.id)):
        groups.setdefault((army.kind, cost(army)), []).append(army)
    keys = sorted(groups, key=lambda k: (full.index(k[0]), k[1]))
    best: tuple[int, tuple[int, ...]] | None = None
    best_counts: tuple[int, ...] = ()
    for counts in product(*(range(len(groups[k]) + 1) for k in keys)):
        used = sum(n * k[1] for n, k in zip(counts, keys, strict=True))
        if used > hits:
            continue
        score = (used, counts)
        if best is None or score > best:
            best, best_counts = score, counts
    return [a for n, k in zip(best_counts, keys, strict=True) for a in groups[k][:n]]
