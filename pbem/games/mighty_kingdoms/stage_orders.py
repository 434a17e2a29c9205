"""Each stage's default input and the canonical text of any input, dispatched on the stage."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from pbem.core.game import REFEREE
from pbem.games.mighty_kingdoms import inputs as kinds
from pbem.games.mighty_kingdoms.battles.kow import default_result
from pbem.games.mighty_kingdoms.battles.orders import canonical_result
from pbem.games.mighty_kingdoms.orders_setup import canonical_setup
from pbem.games.mighty_kingdoms.setup import default_placement, default_race, free_start_tiles
from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.summer.orders import canonical_summer, default_summer
from pbem.games.mighty_kingdoms.winter.orders import canonical_winter, default_winter


def canonical_text(state: MKState, seat: str, orders: Any) -> str:
    """The one canonical text of any input."""
    if isinstance(orders, kinds.SummerOrders):
        return canonical_summer(orders)
    if isinstance(orders, kinds.BattleResultInput):
        return canonical_result(orders)
    if isinstance(orders, kinds.RaceInput | kinds.CapitalInput | kinds.PlacementInput
                  | kinds.ArmyInput):
        return canonical_setup(orders)
    return canonical_winter(state, seat, orders)


def default_for(state: MKState, seat: str) -> BaseModel:
    """The default input of `seat` in the current stage."""
    if seat == REFEREE:
        return default_result(state)
    simple: dict[str, BaseModel] = {
        "race": kinds.RaceInput(race=default_race(state), defaulted=True),
        "capital": kinds.CapitalInput(ranked=free_start_tiles(state), defaulted=True),
        "army": kinds.ArmyInput(tile=state.capitals.get(seat), defaulted=True),
    }
    if state.stage in simple:
        return simple[state.stage]
    if state.stage == "placement":
        return default_placement(state, seat)
    if state.stage == "winter":
        return default_winter(state, seat)
    return default_summer(state, seat)
