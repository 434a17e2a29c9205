"""Setup (4.0), initiative (5.2), the phase markers (4.4, 5.3), victory (12.0) and secrecy."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pbem.core.game import Event
from pbem.core.rng import SeededRng
from pbem.games.king_david import GAME
from pbem.games.king_david.content import STACK_LIMIT
from pbem.games.king_david.events.table import EVENTS, full_cup
from pbem.games.king_david.flow import _next
from pbem.games.king_david.inputs import KDOrders
from pbem.games.king_david.land.stacks import limit
from pbem.games.king_david.phases import draw_markers, roll_initiative
from pbem.games.king_david.realm.victory import automatic_winner, final_standings, points
from pbem.games.king_david.setup import set_up
from pbem.games.king_david.state import KDState
from tests.games.king_david.harness import opening


def chosen(players: int, seed: int = 1, prefs: dict[str, str] | None = None) -> KDState:
    """The state right after setup."""
    state = opening(players, seed=seed)
    prefs = prefs or {}
    inputs = {s: KDOrders(prefer=[prefs[s]] if s in prefs else None) for s in state.players}
    return GAME.advance(state, inputs, SeededRng(seed)).state  # type: ignore[no-any-return]


def test_event_cup_holds_the_27_kinds_in_their_counts() -> None:
    assert len(EVENTS) == 27
    assert len(full_cup()) == sum(e.copies for e in EVENTS) == 73


@pytest.mark.parametrize(("players", "neutral"), [(5, set()), (4, {"moab"}),
                                                  (3, {"moab", "tyre"}),
                                                  (2, {"moab", "tyre", "aramea"})])
def test_fewer_players_turn_countries_into_minor_neutrals(players: int, neutral: set[str]) -> None:
    state = chosen(players)
    taken = {p.country for p in state.players.values()}
    assert len(taken) == players
    assert neutral <= set(state.minors) and not neutral & taken


def test_initial_setup_table() -> None:
    state = opening(5).model_copy(deep=True)
    for seat, country in zip(sorted(state.players), ["judah", "philistia", "aramea", "tyre",
                                                     "moab"], strict=True):
        state.players[seat].prefer = [country]
    set_up(state, SeededRng(1), [])
    judah = [a for a in state.armies if a.country == "judah"]
    assert Counter(a.kind for a in judah) == {"phalanx": 6, "infantry": 6, "militia": 5}
    assert (state.players["p1"].food, state.players["p1"].resources) == (23, 20)
    assert state.forts["hebron"] == 3 and state.forts["gaza"] == 2
    assert {ld.name for ld in state.leaders} == {"David", "Joab", "Abishai", "Amasa",
                                                 "Hadadezer"}
    assert all(len(p.events) == 3 for p in state.players.values())
    for area in {a.area for a in state.armies}:
        for seat in state.players:
            mine = [a for a in state.armies_in(area) if state.side_of(a) == seat]
            assert len(mine) <= limit(state, area, seat)
    home = {a.id for a in state.scenario.areas if a.country == "judah"}
    assert {a.area for a in judah} <= home


def test_preferences_decide_by_the_d10_order() -> None:
    state = opening(2, seed=5)
    inputs = {"p1": KDOrders(prefer=["judah"]), "p2": KDOrders(prefer=["judah"])}
    result = GAME.advance(state, inputs, SeededRng(5))
    rolls = next(e for e in result.events if e.code == "kd.rolls")
    first = max(rolls.data["rolls"].split(), key=lambda r: int(r.split("=")[1]))
    winner = first.split("=")[0]
    assert result.state.players[winner].country == "judah"


def test_david_stacks_seven() -> None:
    state = chosen(2, prefs={"p1": "judah"})
    david = next(ld for ld in state.leaders if ld.name == "David")
    assert limit(state, david.area or "", "p1") == STACK_LIMIT + 3


def test_twelve_markers_six_face_up_and_one_build_on_turn_one() -> None:
    for seed in range(40):
        state = opening(3, seed=seed)
        assert len(state.markers) == 12 and state.revealed == 6
        assert state.markers.count("build") <= 1


def test_later_turns_may_draw_two_builds() -> None:
    counts = set()
    for seed in range(60):
        state = opening(3, seed=seed)
        state.turn = 2
        draw_markers(state, SeededRng(seed), [])
        counts.add(state.markers.count("build"))
    assert 2 in counts


def test_hidden_markers_never_reach_a_players_view() -> None:
    state = chosen(3)
    public = GAME.view(state, "p1", [])["public"]
    assert public["track"][6:] == ["?"] * 6
    assert public["track"][:6] == state.markers[:6]
    shown = json.dumps(GAME.view(state, "p2", []))
    assert "markers_all" not in shown and '"cup"' not in shown
    assert "markers_all" in GAME.view(state, "referee", [])


def test_reaching_a_marker_turns_it_face_up() -> None:
    state = chosen(2).model_copy(deep=True)
    state.marker, state.actor = 6, len(state.order)
    state.markers[6] = "harvest"
    events: list[Event] = []
    _next(state, SeededRng(1), events)
    assert state.revealed >= 8


def test_judah_rolls_a_d8_for_initiative_and_ties_reroll() -> None:
    state = chosen(3, prefs={"p1": "judah", "p2": "philistia", "p3": "aramea"})
    state = state.model_copy(deep=True)
    seen = set()
    for seed in range(80):
        events: list[Event] = []
        roll_initiative(state, SeededRng(seed), events)
        first = next(e for e in events if e.code == "kd.rolls").data["rolls"]
        seen |= {int(r.split("=")[1]) for r in first.split() if r.startswith("p1=")}
        assert sorted(state.order) == sorted(state.players)
    assert max(seen) > 6


def test_initiative_last_takes_the_last_place() -> None:
    state = chosen(3).model_copy(deep=True)
    for player in state.players.values():
        player.initiative = "last"
    events: list[Event] = []
    roll_initiative(state, SeededRng(3), events)
    rolls = {r.split("=")[0]: int(r.split("=")[1]) for r in
             next(e for e in events if e.code == "kd.rolls").data["rolls"].split()}
    best = max(rolls.values())
    if list(rolls.values()).count(best) == 1:
        top = next(s for s, r in rolls.items() if r == best)
        assert state.order[-1] == top


def test_victory_points_count_foreign_cities_less_home_cities_lost() -> None:
    state = chosen(3, prefs={"p1": "judah", "p2": "philistia", "p3": "aramea"})
    state = state.model_copy(deep=True)
    assert points(state, "p1") == 0
    state.control["gaza"] = "judah"
    state.control["jerusalem"] = "judah"
    state.control["hebron"] = "philistia"
    assert points(state, "p1") == 1
    assert points(state, "p2") == 0  # Hebron gained, Gaza lost


def test_automatic_victory_needs_exactly_one_country_at_its_level() -> None:
    state = chosen(3, prefs={"p1": "judah", "p2": "philistia", "p3": "aramea"})
    state = state.model_copy(deep=True)
    foreign = [a.id for a in state.scenario.areas if a.city and a.country != "judah"][:10]
    for area in foreign:
        state.control[area] = "judah"
    assert automatic_winner(state) == "p1"
    two = state.model_copy(deep=True)
    two.players.pop("p3")
    assert automatic_winner(two) is None  # no automatic victory with two players


def test_end_of_game_multipliers_keep_fractions() -> None:
    state = chosen(3, prefs={"p1": "judah", "p2": "philistia", "p3": "aramea"})
    state = state.model_copy(deep=True)
    state.control["jerusalem"] = "philistia"
    rows = {r["seat"]: r for r in final_standings(state)}
    assert rows["p2"]["score"] == 1.5 and rows["p2"]["result"] == "win"
    assert rows["p1"]["score"] == 0 and rows["p1"]["result"] == "loss"


def test_enemy_stacks_are_counters_only() -> None:
    state = chosen(2, prefs={"p1": "judah", "p2": "philistia"})
    view = GAME.view(state, "p2", [])
    ids = {a.id for a in state.armies if a.country == "judah"}
    shown = json.dumps(view)
    assert not [i for i in ids if f'"{i} ' in shown or f'"{i}"' in shown]
    assert all(a["country"] == "philistia" for a in view["my_armies"])
    counts = [s for s in view["public"]["stacks"] if s["side"] == "p1"]
    judah_leaders = [ld for ld in state.leaders if ld.country == "judah" and ld.status == "map"]
    assert sum(s["counters"] for s in counts) == len(ids) + len(judah_leaders)
    assert all(set(s) == {"area", "side", "counters"} for s in counts)
    mine = GAME.view(state, "p1", [])
    assert {a["id"] for a in mine["my_armies"]} == ids
    assert "hand" not in GAME.view(state, None, [])


def test_formal_alliance_needs_both_offers_and_stops_combat() -> None:
    state = chosen(3, prefs={"p1": "judah", "p2": "philistia", "p3": "aramea"})
    state = state.model_copy(deep=True)
    offer = GAME.parse(state, "p1", "ally p2\ngive p2 food 3").orders
    assert GAME.canonical(state, "p1", offer).splitlines() == ["ally p2", "give p2 food 3"]
    from pbem.games.king_david.realm.diplomacy import diplomacy

    events: list[Event] = []
    diplomacy(state, "p1", offer, events)
    assert state.alliances == [] and state.offers["p1"] == ["p2"]
    diplomacy(state, "p2", GAME.parse(state, "p2", "ally p1").orders, events)
    assert state.alliances == [["p1", "p2"]]
    food = state.players["p2"].food
    diplomacy(state, "p1", GAME.parse(state, "p1", "give p2 food 3").orders, events)
    assert state.players["p2"].food == food + 3
    from pbem.games.king_david.land.stacks import enemy_armies

    some = next(a for a in state.armies if a.country == "philistia")
    some.area = "hebron"
    assert not [a for a in enemy_armies(state, "hebron", "p1") if a.id == some.id]
    diplomacy(state, "p1", GAME.parse(state, "p1", "break p2").orders, events)
    assert [a for a in enemy_armies(state, "hebron", "p1") if a.id == some.id]
    diplomacy(state, "p1", GAME.parse(state, "p1", "ally p2").orders, events)
    diplomacy(state, "p2", GAME.parse(state, "p2", "ally p1").orders, events)
    assert state.alliances == []  # only once a game


def test_variable_ending_puts_game_ends_markers_in_the_cup() -> None:
    from pbem.games.king_david.phases import cup_for

    state = opening(2, seed=1, variable_end=True)
    counts = {}
    for turn in (2, 3, 4, 6):
        state.turn = turn
        counts[turn] = cup_for(state).count("end")
        assert cup_for(state).count("action") == state.scenario.phase_cup["action"] - counts[turn]
    assert counts == {2: 0, 3: 1, 4: 2, 6: 2}


def test_reaching_game_ends_finishes_the_campaign() -> None:
    state = chosen(2).model_copy(deep=True)
    state.markers[state.marker + 1] = "end"
    state.actor = len(state.order)
    events: list[Event] = []
    _next(state, SeededRng(1), events)
    assert state.stage == "over" and state.result is not None
    assert "Game Ends" in state.note


def test_allies_acting_together_send_orders_in_the_earlier_place() -> None:
    from pbem.games.king_david.flow import acting
    from pbem.games.king_david.realm.diplomacy import diplomacy

    state = chosen(3, prefs={"p1": "judah", "p2": "philistia", "p3": "aramea"})
    state = state.model_copy(deep=True)
    events: list[Event] = []
    diplomacy(state, "p1", GAME.parse(state, "p1", "ally p3 together").orders, events)
    diplomacy(state, "p3", GAME.parse(state, "p3", "ally p1 together").orders, events)
    assert state.joint == [["p1", "p3"]]
    state.order, state.markers = ["p3", "p2", "p1"], ["action"] * 12
    state.marker, state.actor = 0, 0
    assert acting(state) == ["p3", "p1"]
    assert GAME.due(state).players == ["p3", "p1"]
    move = GAME.parse(state, "p1", "pass")
    after = GAME.advance(state, {"p3": KDOrders(), "p1": move.orders}, SeededRng(1)).state
    assert GAME.due(after).players == ["p2"]
    after = GAME.advance(after, {"p2": KDOrders()}, SeededRng(2)).state
    assert after.marker >= 1 or after.stage == "over"  # p1's own place was skipped
    assert GAME.due(after).players != ["p1"]
