"""What a player may order next, spelled out so a text-only player can plan.

For the reader's own kingdom: each tile's terrain and its neighbours with the edges between;
each army's open orders with the tiles it may move into (and why others are closed); and
before the winter, the income the winter will gather and what it could buy.
"""

from __future__ import annotations

from typing import Any

from pbem.games.mighty_kingdoms.state import Army, MKState, natural_key
from pbem.games.mighty_kingdoms.summer.orders import lying_may_hold, move_problem
from pbem.games.mighty_kingdoms.winter.checks import BUILD_COST, RECRUIT_COST, build_problem
from pbem.games.mighty_kingdoms.winter.season import gather


def plan_for(state: MKState, seat: str | None) -> dict[str, Any] | None:
    """The planning facts for `seat` (None for the public and the referee)."""
    if seat is None or seat not in state.kingdoms:
        return None
    return {
        "tiles": [tile_facts(state, tile) for tile in sorted(state.controlled(seat),
                                                              key=natural_key)],
        "armies": [army_options(state, army) for army in state.armies_of(seat) if army.tile],
        "forecast": winter_forecast(state, seat) if state.stage == "winter" else None,
    }


def tile_facts(state: MKState, tile: str) -> dict[str, Any]:
    """A tile's terrain and settlement, and each neighbour with the edge crossed to reach it."""
    around = state.map.memo("plan_neighbours", dict)  # the map's part, worked out once a tile
    if tile not in around:
        around[tile] = _neighbour_facts(state, tile)
    neighbours = [dict(facts) for facts in around[tile]]
    return {"tile": tile, "terrain": state.map.tile(tile).terrain,
            "settlement": state.settlement_kind(tile) or "", "neighbours": neighbours}


def _neighbour_facts(state: MKState, tile: str) -> list[dict[str, str]]:
    """Each neighbour of a tile with its terrain and the edge crossed to reach it."""
    neighbours = []
    for direction, other in state.map.neighbours(tile).items():
        near, far = state.map.crossing(tile, direction)
        neighbours.append({"direction": direction, "tile": other,
                           "terrain": state.map.tile(other).terrain, "edge": near or far or ""})
    return neighbours


def army_options(state: MKState, army: Army) -> dict[str, Any]:
    """The orders open to an army this month, the tiles it may enter and the closed ones."""
    here = army.tile or ""
    moves, closed = [], []
    for direction, other in state.map.neighbours(here).items():
        problem = move_problem(state, here, other)
        if problem is None:
            moves.append({"direction": direction, "tile": other})
        else:
            closed.append({"direction": direction, "tile": other, "code": problem})
    if army.lying:
        orders = ["regroup"] + (["hold"] if lying_may_hold(state, "hold") else [])
        moves, closed = [], []
    else:
        orders = (["move"] if moves else []) + ["defend", "hold"]
        orders += ["raze"] if state.tiles[here].settlement else []
    return {"army": army.id, "tile": here, "lying": army.lying, "orders": orders,
            "moves": moves, "closed": closed}


def winter_forecast(state: MKState, seat: str) -> dict[str, Any]:
    """What the winter will gather for `seat` before it spends, and what that could buy."""
    copy = state.working_copy()
    income = gather(copy, seat).data
    gold, food = int(income["gold_total"]), int(income["food_total"])
    builds = []
    for tile in sorted(state.controlled(seat), key=natural_key):
        for target, (cost_gold, cost_food) in BUILD_COST.items():
            if build_problem(state, seat, tile, target) is None:
                builds.append({"tile": tile, "target": target, "gold": cost_gold,
                               "food": cost_food,
                               "affordable": cost_gold <= gold and cost_food <= food})
    fortresses = [t for t in sorted(state.controlled(seat), key=natural_key)
                  if state.tiles[t].settlement == "fortress"]
    room = len(state.armies_of(seat)) < state.settings.army_cap
    return {"gold": int(income["gold"]), "food": int(income["food"]), "gold_total": gold,
            "food_total": food, "builds": builds,
            "recruit_at": fortresses if room else [], "recruit_gold": RECRUIT_COST[0],
            "recruits_affordable": min(gold // max(1, RECRUIT_COST[0]), len(fortresses))
            if room else 0}
