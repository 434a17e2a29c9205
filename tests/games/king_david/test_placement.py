"""Every country's setup goes on the map whole and within stacking, and no counter vanishes
(4.5, 11.0; issue 25 item 6)."""

from __future__ import annotations

import pytest

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.minors import enter_minor
from pbem.games.king_david.stacks import limit
from pbem.games.king_david.state import KDState
from tests.games.king_david.test_setup_and_turn import chosen

FOUR = {"p1": "judah", "p2": "philistia", "p3": "aramea", "p4": "tyre"}
FIVE = {**FOUR, "p5": "moab"}


def counters(state: KDState, country: str) -> int:
    """How many army counters the country's mix holds."""
    return sum(c.count for c in state.scenario.counters if c.country == country)


def within_limits(state: KDState, country: str) -> bool:
    """True when no area holds more of the country's armies than its side may stack there."""
    armies = [a for a in state.armies if a.country == country]
    side = state.side_of(armies[0]) if armies else None
    return all(len([a for a in armies if a.area == area]) <= limit(state, area, side or "")
               for area in {a.area for a in armies})


@pytest.mark.parametrize("minor", ["ammon", "bedouin", "edom", "egypt", "hammath", "negev",
                                   "moab"])
def test_an_invaded_minor_sets_up_every_army(minor: str) -> None:
    state = chosen(4, prefs=FOUR).model_copy(deep=True)
    state.armies = [a for a in state.armies if state.scenario.area(a.area).country != minor]
    entered = next(a.id for a in state.scenario.areas if a.country == minor)
    events: list[Event] = []
    enter_minor(state, "p1", entered, SeededRng(3), events)
    placed = [a for a in state.armies if a.country == minor]
    assert len(placed) == sum(state.scenario.country(minor).setup.values())
    assert within_limits(state, minor)
    assert len(placed) + len(state.pool[minor]) == counters(state, minor)
    invaded = next(e for e in events if e.code == "kd.minor_invaded")
    assert invaded.data["armies"] == len(placed)


def test_five_countries_set_up_every_army() -> None:
    state = chosen(5, prefs=FIVE)
    for country in FIVE.values():
        placed = [a for a in state.armies if a.country == country]
        assert len(placed) == sum(state.scenario.country(country).setup.values()), country
        assert within_limits(state, country), country
        assert len(placed) + len(state.pool[country]) == counters(state, country)


def test_an_eliminated_raider_goes_back_to_its_countrys_counters() -> None:
    from pbem.games.king_david.stacks import step_loss

    state = chosen(4, prefs=FOUR).model_copy(deep=True)
    before = len(state.pool["egypt"])
    raider = state.armies[0].model_copy(update={
        "id": "A999", "country": "egypt", "kind": "militia", "strength": 2, "steps": 1,
        "steps_max": 2, "area": "sinai", "raider": "p1", "raid": 3})
    state.pool["egypt"].remove("militia:2:2")
    state.armies.append(raider)
    step_loss(state, raider, [], "combat")
    assert len(state.pool["egypt"]) == before
