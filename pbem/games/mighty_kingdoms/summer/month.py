"""One summer month from orders to reform, pausing whenever a tabletop battle needs the referee."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms.battles.kow import apply_referee
from pbem.games.mighty_kingdoms.battles.loop import run_battles
from pbem.games.mighty_kingdoms.inputs import BattleResultInput, SummerOrders
from pbem.games.mighty_kingdoms.state import MKState, MonthProgress
from pbem.games.mighty_kingdoms.summer.reform import reform
from pbem.games.mighty_kingdoms.summer.resolve import resolve_orders

MONTHS = 6


def resolve_month(
    state: MKState, inputs: dict[str, SummerOrders], rng: SeededRng
) -> tuple[MKState, list[Event]]:
    """Resolve every order, then the battles and the reform."""
    events = resolve_orders(state, inputs, rng)
    return continue_month(state, rng, events)


def resume_month(
    state: MKState, given: BattleResultInput, rng: SeededRng
) -> tuple[MKState, list[Event]]:
    """Apply the referee's tabletop result and carry on with the month."""
    events = apply_referee(state, given)
    return continue_month(state, rng, events)


def continue_month(
    state: MKState, rng: SeededRng, events: list[Event]
) -> tuple[MKState, list[Event]]:
    """Run battles until one pauses (stage 'battle') or none is left; then reform and move on."""
    if run_battles(state, rng, events):
        state.stage = "battle"
        return state, events
    state.progress.step = "reform"
    events.extend(reform(state, rng))
    events.append(next_month(state))
    return state, events


def next_month(state: MKState) -> Event:
    """Open the next summer month, or winter after month six."""
    finished = state.month
    state.progress = MonthProgress(step="done")
    if finished < MONTHS:
        state.stage, state.month = "summer", finished + 1
    else:
        state.stage, state.month = "winter", 0
    return Event(code="mk.month_end", data={"year": state.year, "month": finished,
                                           "next": state.stage})
