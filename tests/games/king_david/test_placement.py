"""Every country's setup goes on the map whole and within stacking, and no counter vanishes
(4.5, 11.0; issue 25 item 6)."""

from __future__ import annotations

import pytest

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david.land.stacks import limit
from pbem.games.king_david.realm.minors import enter_minor
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
    from pbem.games.king_david.land.stacks import step_loss

    state = chosen(4, prefs=FOUR).model_copy(deep=True)
    before = len(state.pool["egypt"])
    raider = state.armies[0].model_copy(update={
        "id": "A999", "country": "egypt", "kind": "militia", "strength": 2, "steps": 1,
        "steps_max": 2, "area": "sinai", "raider": "p1", "raid": 3})
    state.pool["egypt"].remove("militia:2:2")
    state.armies.append(raider)
    step_loss(state, raider, [], "combat")
    assert len(state.pool["egypt"]) == before


def test_setup_fills_the_cities_before_other_areas() -> None:
    """4.5: armies go in the cities; only what the cities cannot hold goes next to them."""
    state = chosen(5, prefs=FIVE)
    for seat, country in FIVE.items():
        cities = [a.id for a in state.scenario.areas if a.country == country and a.city]
        outside = [a for a in state.armies if a.country == country and a.area not in cities]
        room = [c for c in cities if len(state.armies_in(c)) < limit(state, c, seat)]
        assert not (outside and room), (country, [a.area for a in outside], room)


def test_an_invaded_minor_sets_up_away_from_enemy_armies() -> None:
    """11.0 and 10.5: a minor's armies never set up beside enemies (nor in a city besieged)."""
    state = chosen(2, prefs={"p1": "judah", "p2": "philistia"}).model_copy(deep=True)
    state.armies = [a for a in state.armies if state.scenario.area(a.area).country != "ammon"]
    judah = [a for a in state.armies if a.country == "judah"][:2]
    for army in judah:
        army.area = "minnith"
    enter_minor(state, "p1", "jazer", SeededRng(2), [])
    assert state.minors["ammon"].seat == "p2"
    ammon = [a for a in state.armies if a.country == "ammon"]
    assert ammon and "minnith" not in {a.area for a in ammon}
    assert len(ammon) + len(state.pool["ammon"]) == counters(state, "ammon")


def test_a_minor_ally_whose_cities_are_all_besieged_raises_no_armies() -> None:
    """10.5: new armies only while a city of the minor holds and is not besieged."""
    from pbem.games.king_david.realm.minors import build_minors

    state = chosen(2, prefs={"p1": "judah", "p2": "philistia"}).model_copy(deep=True)
    state.minors["ammon"].seat, state.minors["ammon"].active = "p1", True
    for army in [a for a in state.armies if a.country == "philistia"][:2]:
        army.area = "rabbah"
    events: list[Event] = []
    build_minors(state, SeededRng(1), events)
    assert not [a for a in state.armies if a.country == "ammon"]
    assert not [e for e in events if e.code == "kd.minor_built"]


def test_a_build_with_no_room_for_it_costs_nothing() -> None:
    """10.3: armies are paid for only when one can be drawn and placed."""
    from pbem.games.king_david.realm.economy import build_phase
    from pbem.games.king_david.state import Army, BuildPlan

    state = chosen(2, prefs={"p1": "philistia", "p2": "judah"}).model_copy(deep=True)
    state.armies = [Army(id=f"F{i}", country="philistia", kind="militia", strength=1,
                         steps_max=1, steps=1, area=area)
                    for area in ("gaza", "ashkelon", "ashdod", "ekron", "gath")
                    for i in range(4)]
    for number, army in enumerate(state.armies):
        army.id = f"F{number}"
    player = state.players["p1"]
    player.food, player.resources = 100, 10
    player.build = BuildPlan(restore=False, armies={"infantry": 1})
    state.order = ["p1"]
    events: list[Event] = []
    build_phase(state, SeededRng(1), events)
    upkeep = next(e for e in events if e.code == "kd.maintenance").data
    assert upkeep == {"seat": "p1", "paid": 20, "unpaid": 0}
    assert (player.food, player.resources) == (80, 10)
    assert len(state.armies) == 20


def test_a_conquered_minors_armies_go_back_to_its_counters() -> None:
    from pbem.games.king_david.realm.minors import check_conquests

    state = chosen(4, prefs=FOUR).model_copy(deep=True)
    enter_minor(state, "p1", "negevs", SeededRng(3), [])
    assert [a for a in state.armies if a.country == "negev"]
    state.control["arad"] = "judah"
    events: list[Event] = []
    check_conquests(state, events)
    assert state.minors["negev"].conquered
    assert not [a for a in state.armies if a.country == "negev"]
    assert len(state.pool["negev"]) == counters(state, "negev")
