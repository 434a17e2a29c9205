"""Each stage's order reading, default input and the canonical text of any input, dispatched
on the stage."""

from __future__ import annotations

from pbem.core.game import REFEREE, ParseResult
from pbem.core.problems import Problem
from pbem.games.mighty_kingdoms import inputs as kinds
from pbem.games.mighty_kingdoms.battles.kow import default_result
from pbem.games.mighty_kingdoms.battles.orders import canonical_result, parse_result
from pbem.games.mighty_kingdoms.orders_setup import canonical_setup, parse_setup
from pbem.games.mighty_kingdoms.setup import default_placement, default_race, free_start_tiles
from pbem.games.mighty_kingdoms.state import MKState
from pbem.games.mighty_kingdoms.summer.orders import canonical_summer, default_summer, parse_summer
from pbem.games.mighty_kingdoms.winter.orders import canonical_winter, default_winter, parse_winter

SETUP_STAGES = ("race", "capital", "placement", "army")


def parse(state: MKState, seat: str, text: str) -> ParseResult:
    """Read a player's (or the referee's) email for the current stage."""
    if seat == REFEREE:
        if state.stage == "battle":
            return parse_result(state, text)
        return _nothing_due()
    if state.stage in SETUP_STAGES:
        return parse_setup(state, seat, text)
    if state.stage == "summer":
        return parse_summer(state, seat, text)
    if state.stage == "winter":
        return parse_winter(state, seat, text)
    return _nothing_due()


def _nothing_due() -> ParseResult:
    return ParseResult(orders=None, problems=[
        Problem(line=1, code="mk.E_NOTHING_DUE", kind="illegal")])


def canonical_text(state: MKState, seat: str, orders: kinds.Input) -> str:
    """The one canonical text of any input."""
    if isinstance(orders, kinds.SummerOrders):
        return canonical_summer(orders)
    if isinstance(orders, kinds.BattleResultInput):
        return canonical_result(orders)
    if isinstance(orders, kinds.RaceInput | kinds.CapitalInput | kinds.PlacementInput
                  | kinds.ArmyInput):
        return canonical_setup(orders)
    return canonical_winter(state, seat, orders)


def default_for(state: MKState, seat: str) -> kinds.Input:
    """The default input of `seat` in the current stage."""
    if seat == REFEREE:
        return default_result(state)
    simple: dict[str, kinds.Input] = {
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
