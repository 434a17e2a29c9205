"""Battle choice, slaughter, dice allocation and the tabletop notice, rule by rule."""

from __future__ import annotations

from pbem.core.game import REFEREE, Event
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.battles.kow import board_size, defended_benefit
from pbem.games.mighty_kingdoms.battles.loop import choose_battle, slaughter
from pbem.games.mighty_kingdoms.battles.simple import Die, Target, plan
from pbem.games.mighty_kingdoms.inputs import BattleResultInput
from pbem.games.mighty_kingdoms.state import MKState
from tests.games.mighty_kingdoms.summer_fixtures import add_army, put, scripted, two_kingdoms


def three_in_c3() -> MKState:
    """p1 upright, p2 lying only, p3 upright, all in C3 (owned by p1)."""
    state = two_kingdoms()
    state = _three_seats(state)
    put(state, "C3", "p1")
    add_army(state, "3 p1 C3")
    add_army(state, "4 p2 C3 lying")
    add_army(state, "5 p3 C3")
    return state


def _three_seats(state: MKState) -> MKState:
    from tests.games.mighty_kingdoms.summer_fixtures import summer_state

    extra = summer_state(3)
    state.seats, state.kingdoms = extra.seats, extra.kingdoms
    state.player_order = ["p1", "p2", "p3"]
    return state


def test_the_opponent_must_have_upright_armies_if_possible() -> None:
    state = three_in_c3()
    choice = choose_battle(state, "p1")
    assert choice is not None and (choice.tile, choice.enemy) == ("C3", "p3")


def test_among_upright_opponents_preference_then_player_order() -> None:
    state = three_in_c3()
    state.armies["4"].lying = False
    state.player_order = ["p1", "p3", "p2"]
    assert choose_battle(state, "p1").enemy == "p3"  # type: ignore[union-attr]
    state.progress.preferences["p1"] = {"opponents": ["p2"]}
    choice = choose_battle(state, "p1")
    assert choice is not None and choice.enemy == "p2" and choice.how["opponent"] == "preference"


def test_a_lying_army_cannot_choose_a_battle() -> None:
    state = three_in_c3()
    assert choose_battle(state, "p2") is None


def test_slaughter_default_is_fewest_points_then_highest_id() -> None:
    state = two_kingdoms()
    for spec in ("6 p2 B3 lying points 300", "7 p2 B3 lying points 300", "8 p2 B3 lying"):
        add_army(state, spec)
    events: list[Event] = []
    lying = [state.armies[a] for a in ("6", "7", "8")]
    slaughter(state, "p1", "B3", lying, events)
    assert "7" not in state.armies and "6" in state.armies
    assert events[0].data["chosen_by"] == "default"


def test_slaughter_follows_the_owners_preference() -> None:
    state = two_kingdoms()
    for spec in ("6 p2 B3 lying points 300", "8 p2 B3 lying"):
        add_army(state, spec)
    state.progress.preferences["p2"] = {"slaughter": ["8"]}
    events: list[Event] = []
    slaughter(state, "p1", "B3", [state.armies["6"], state.armies["8"]], events)
    assert "8" not in state.armies and events[0].data["chosen_by"] == "preference"


def test_allocation_maximises_hits() -> None:
    # Giving the 6 to the weak army would leave the 3 with nothing it can hit.
    dice = [Die("1", 6), Die("2", 3)]
    targets = [Target("a", 6, 5), Target("b", 3, 1)]
    assert [(d.value, t) for d, t in plan(dice, targets, [])] == [(3, "b"), (6, "a")]


def test_allocation_does_not_waste_hits_on_a_destroyed_army() -> None:
    dice = [Die("1", 5), Die("2", 5), Die("3", 2)]
    targets = [Target("a", 2, 1), Target("b", 5, 5)]
    chosen = plan(dice, targets, [])
    hits = [str(t) for d, t in chosen if t == "a" or d.value >= 5]
    assert sorted(hits) == ["a", "b", "b"]


def test_ranked_targets_come_first_and_fall_back_to_hits() -> None:
    dice = [Die("1", 6), Die("2", 2)]
    targets = [Target("a", 2, 1), Target("b", 6, 5)]
    assert [(d.value, t) for d, t in plan(dice, targets, ["b"])] == [(6, "b"), (2, "a")]


def test_board_size_table() -> None:
    assert [board_size(n) for n in range(1, 8)] == [
        "4x4", "4x4", "5x4", "6x4", "6x4", "8x4", "8x4"]


def test_defended_tile_benefits_by_settlement() -> None:
    state = two_kingdoms()
    add_army(state, "4 p2 B4")
    assert defended_benefit(state, "p2", "B4") is None
    state.progress.defended = ["4", "2"]
    assert defended_benefit(state, "p2", "B4") == {
        "settlement": "fortress", "adjust": 0, "blocking": 2, "obstacles": 4, "objectives": 2}
    assert defended_benefit(state, "p2", "B5")["settlement"] == "city"  # type: ignore[index]
    add_army(state, "9 p2 A5")
    state.progress.defended.append("9")
    assert defended_benefit(state, "p2", "A5")["adjust"] == 1  # type: ignore[index]


def kow_pause() -> MKState:
    """A kow month paused on battle 1 in B4."""
    state = two_kingdoms(battle_mode="kow")
    add_army(state, "3 p1 B3 units Spears:2")
    add_army(state, "4 p2 B4 units Orcs:2")
    orders = GAME.parse(state, "p1", "move 3 to B4").orders
    result = GAME.advance(state, {"p1": orders}, scripted())
    return result.state


def test_kow_pause_is_owed_by_the_referee_and_has_its_own_phase() -> None:
    state = kow_pause()
    assert state.stage == "battle"
    due = GAME.due(state)
    assert due.referee and due.players == []
    assert GAME.phase(state).key == "y1-m1-battle-1"
    assert GAME.phase(state).topic == "battle"


def test_kow_lists_revealed_to_everyone_once_they_fight() -> None:
    state = kow_pause()
    public = {a["id"]: a for a in GAME.view(state, None, [])["armies"]}
    assert public["3"]["units"][0]["name"] == "Spears"
    assert "units" not in public["1"] and "points" not in public["1"]


def test_kow_default_result_is_a_reported_draw() -> None:
    state = kow_pause()
    default = GAME.default_input(state, REFEREE)
    result = GAME.advance(state, {}, scripted())
    codes = [(e.code, e.data.get("what")) for e in result.events]
    assert ("mk.default_used", "battle result") in codes
    assert default == BattleResultInput(battle=1, defaulted=True)
    assert result.state.stage == "summer"
    assert result.state.armies["3"].tile == "B3"  # a draw in p2's tile moves p1 out
