"""Setup: sealed races, the drawn player order, capitals, placement and the first army."""

from __future__ import annotations

from typing import Any

import pytest

from pbem.core.game import ContentError, Seat, Setup
from pbem.core.rng import SeededRng
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.inputs import RaceInput
from pbem.games.mighty_kingdoms.state import MKState
from tests.games.mighty_kingdoms.summer_fixtures import fixture_map, new_game, scripted


def step(state: MKState, texts: dict[str, str], rng: SeededRng | None = None) -> Any:
    """Parse each seat's text (no errors allowed) and advance."""
    inputs = {}
    for seat, text in texts.items():
        parsed = GAME.parse(state, seat, text)
        assert not parsed.errors, parsed.errors
        inputs[seat] = parsed.orders
    return GAME.advance(state, inputs, rng or scripted())


def codes(events: list[Any]) -> list[str]:
    """Event codes in order."""
    return [e.code for e in events]


def test_start_coerces_cli_settings_and_opens_the_race_stage() -> None:
    state = new_game(3, battle_mode="KOW", years="3", advanced="true", army_cap="4")
    assert state.stage == "race"
    assert (state.settings.battle_mode, state.settings.years) == ("kow", 3)
    assert state.settings.advanced is True and state.settings.army_cap == 4
    assert GAME.phase(state).key == "setup-race"
    assert GAME.due(state).players == ["p1", "p2", "p3"]


def test_bad_setting_is_a_content_error() -> None:
    with pytest.raises(ContentError):
        new_game(2, advanced="maybe")


def test_more_players_than_start_tiles_is_refused() -> None:
    setup = Setup(seats=[Seat(id=f"p{n}", name=f"K{n}") for n in range(1, 5)],
                  scenario={"map": fixture_map().model_dump()})
    with pytest.raises(ContentError):
        GAME.start(setup, SeededRng(1))


def test_races_are_revealed_together_and_player_order_is_drawn() -> None:
    state = new_game(3)
    before = GAME.view(state, "p2", [])
    assert all(k["race"] is None for k in before["kingdoms"])
    rng = scripted(orders=[["p3", "p1", "p2"]])
    result = step(state, {"p1": "race Elves", "p2": "race Dwarfs"}, rng)
    new = result.state
    assert [new.kingdoms[s].race for s in ("p1", "p2", "p3")] == ["Elves", "Dwarfs", "Unknown"]
    assert new.player_order == ["p3", "p1", "p2"]
    assert rng.draws[0].purpose == "player order"
    revealed = next(e for e in result.events if e.code == "mk.races_revealed")
    assert revealed.visible_to is None and revealed.data["races"]["p2"] == "Dwarfs"
    defaults = [e.data for e in result.events if e.code == "mk.default_used"]
    assert defaults == [{"seat": "p3", "what": "race", "race": "Unknown"}]
    assert state.stage == "race" and state.kingdoms["p1"].race is None  # input untouched


def test_a_sealed_race_is_not_in_any_other_view_before_the_reveal() -> None:
    state = new_game(2)
    parsed = GAME.parse(state, "p1", "race Elves")
    assert parsed.orders.race == "Elves"
    for viewer in (None, "p2", "referee"):
        assert "Elves" not in str(GAME.view(state, viewer, []))


def test_race_from_a_campaign_list_with_suggestion() -> None:
    setup = Setup(seats=[Seat(id="p1", name="A"), Seat(id="p2", name="B")],
                  scenario={"map": fixture_map().model_dump(), "races": ["Elves", "Dwarfs"]})
    state = GAME.start(setup, SeededRng(1))
    assert GAME.parse(state, "p1", "race elves").orders.race == "Elves"
    problem = GAME.parse(state, "p1", "race Elvs").problems[0]
    assert (problem.code, problem.suggestion) == ("mk.E_UNKNOWN_RACE", "elves")
    assert GAME.default_input(state, "p2") == RaceInput(race="Elves", defaulted=True)


def after_races(seats: int = 3) -> MKState:
    """A game whose races are in, with player order p1, p2, p3."""
    state = new_game(seats)
    order = [f"p{n}" for n in range(1, seats + 1)]
    return step(state, {}, scripted(orders=[order])).state


def test_capitals_go_by_ranked_lists_in_player_order() -> None:
    state = after_races()
    result = step(state, {"p1": "capital B5 B2", "p2": "capital B5 E4"})
    assert result.state.capitals == {"p1": "B5", "p2": "E4", "p3": "B2"}
    defaults = [e.data for e in result.events if e.code == "mk.default_used"]
    assert defaults == [{"seat": "p3", "what": "capital", "tile": "B2", "ranked": []}]
    assert result.state.tiles["B5"].settlement == "city"
    assert result.state.settlement_kind("B5") == "capital"
    assert GAME.phase(result.state).key == "setup-placement"


def test_capital_must_be_a_start_tile() -> None:
    state = after_races()
    parsed = GAME.parse(state, "p1", "capital C3 B2")
    assert [p.code for p in parsed.problems] == ["mk.E_NOT_START"]
    assert parsed.orders.ranked == ["B2"]


def capitals_placed() -> MKState:
    """p1 in B2, p2 in B5, p3 in E4."""
    state = after_races()
    return step(state, {"p1": "capital B2", "p2": "capital B5", "p3": "capital E4"}).state


def test_placement_puts_settlements_and_control_markers_around_the_capital() -> None:
    state = capitals_placed()
    result = step(state, {"p1": "city C2\nfortress C3\nvillage B3 A3"})
    new = result.state
    kinds = {t: new.tiles[t].settlement for t in ("C2", "C3", "B3", "A3", "A2", "B1")}
    assert kinds == {"C2": "city", "C3": "fortress", "B3": "village", "A3": "village",
                     "A2": None, "B1": None}
    assert all(new.tiles[t].owner == "p1" for t in kinds)
    assert new.stage == "army"


def test_placement_default_is_fixed_and_reported() -> None:
    state = capitals_placed()
    default = GAME.default_input(state, "p1")
    assert GAME.canonical(state, "p1", default) == "city C2\nfortress C3\nvillage B3 A3"
    result = GAME.advance(state, {}, scripted())
    reported = [e.data for e in result.events if e.code == "mk.default_used"]
    assert {d["seat"] for d in reported} == {"p1", "p2", "p3"}


def test_water_in_the_ring_is_controlled_but_never_settled() -> None:
    state = capitals_placed()
    parsed = GAME.parse(state, "p2", "city A6")
    assert [p.code for p in parsed.problems] == ["mk.E_SETTLEMENT_TERRAIN"]
    new = GAME.advance(state, {}, scripted()).state
    assert new.tiles["A6"].owner == "p2" and new.tiles["A6"].settlement is None
    settled = [t for t in new.controlled("p2") if new.tiles[t].settlement]
    assert len(settled) == 5  # capital, city, fortress, two villages


def test_placement_outside_the_ring_is_illegal() -> None:
    state = capitals_placed()
    parsed = GAME.parse(state, "p1", "city D5\nvillage B3\nfortress B3\nvillage B5")
    assert [p.code for p in parsed.problems] == [
        "mk.E_NOT_AROUND_CAPITAL", "mk.E_TILE_REUSED", "mk.E_NOT_AROUND_CAPITAL"]


def placed(mode: str = "simple") -> MKState:
    """Every kingdom placed by default, ready for the first army."""
    state = new_game(3, battle_mode=mode)
    for _ in range(3):
        order = [["p1", "p2", "p3"]] if state.stage == "race" else []
        state = GAME.advance(state, {}, scripted(orders=order)).state
    assert state.stage == "army"
    return state


def test_first_army_in_a_chosen_settlement_or_the_capital() -> None:
    state = placed()
    result = step(state, {"p1": "army C2"})
    new = result.state
    assert [(a.owner, a.tile) for a in new.armies.values()] == [
        ("p1", "C2"), ("p2", "B5"), ("p3", "E4")]
    assert new.stage == "summer" and (new.year, new.month) == (1, 1)
    assert GAME.phase(new).key == "y1-m1"
    assert GAME.parse(state, "p1", "army A2").problems[0].code == "mk.E_ARMY_TILE"


def test_kow_first_army_carries_its_list() -> None:
    state = placed("kow")
    text = "army B2\nunit Spear Phalanx strength 2 points 110 type infantry\n" \
           "unit Captain on Horse strength 0 points 90 hero"
    parsed = GAME.parse(state, "p1", text)
    assert not parsed.problems
    assert GAME.parse(state, "p1", GAME.canonical(state, "p1", parsed.orders)).orders == \
        parsed.orders
    new = GAME.advance(state, {"p1": parsed.orders}, scripted()).state
    units = new.armies["1"].units
    assert [(u.name, u.strength, u.hero) for u in units] == [
        ("Spear Phalanx", 2, False), ("Captain on Horse", 0, True)]
    assert GAME.parse(state, "p1", "army B2\nunit Big strength 2 points 600").problems[0].code \
        == "mk.E_LIST_POINTS"


def test_kow_first_list_keeps_living_legends_and_items_unique() -> None:
    state = placed("kow")
    legends = "army B2\nunit Gakamak [1] strength 1 points 200 hero\n" \
              "unit Gakamak [1] strength 1 points 200 hero"
    items = "army B2\nunit A strength 1 points 100 item Crown\nunit B strength 1 points 100 " \
            "item crown"
    assert [p.code for p in GAME.parse(state, "p1", legends).problems] == ["mk.E_LEGEND_TWICE"]
    assert [p.code for p in GAME.parse(state, "p1", items).problems] == ["mk.E_ITEM_TWICE"]
    spotted = "army B2\nunit Gakamak[1] strength 1 points 200 hero\n" \
              "unit gakamak [ 1 ] strength 1 points 200 hero"
    assert [p.code for p in GAME.parse(state, "p1", spotted).problems] == ["mk.E_LEGEND_TWICE"]
    fine = GAME.parse(state, "p1", "army B2\nunit Gakamak [1] strength 1 points 200 hero")
    assert not fine.problems and fine.orders is not None


def test_turn_counter_and_phase_keys_run_through_setup() -> None:
    state = new_game(2)
    keys = []
    for _ in range(5):
        keys.append((GAME.phase(state).key, GAME.phase(state).turn))
        state = GAME.advance(state, {}, scripted(orders=[["p1", "p2"]] * 2)).state
    assert keys == [("setup-race", 1), ("setup-capital", 2), ("setup-placement", 3),
                    ("setup-army", 4), ("y1-m1", 5)]
