"""Mighty Kingdoms referee hooks: typed edits checked against the rules, and conceding."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.phases import due_now
from tests.games.mighty_kingdoms.summer_fixtures import new_game, two_kingdoms


def test_mighty_kingdoms_offers_both_hooks() -> None:
    assert GAME.edit is not None and GAME.drop is not None


def test_edits_change_a_copy_and_say_what_they_did() -> None:
    state = two_kingdoms()
    gold = GAME.edit(state, "gold p1 30")
    assert gold.state.kingdoms["p1"].gold == 30 and state.kingdoms["p1"].gold == 0
    assert gold.events[0].code == "mk.referee_edit"
    assert gold.events[0].data == {"edit": "gold p1 30"}
    control = GAME.edit(gold.state, "control c2 p2").state
    assert control.tiles["C2"].owner == "p2"
    added = GAME.edit(control, "add-army p1 b3 400").state
    army = added.armies[str(state.next_army)]
    assert (army.owner, army.tile, army.points) == ("p1", "B3", 400)
    moved = GAME.edit(added, f"move-army {army.id} C2").state
    assert moved.armies[army.id].tile == "C2"
    removed = GAME.edit(moved, "remove-army 2").state
    assert "2" not in removed.armies
    assert GAME.edit(removed, "settlement B3 fortress").state.tiles["B3"].settlement == "fortress"


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ("gold p9 3", "mk.E_EDIT_SEAT"),
        ("gold p1 -3", "core.E_EDIT_NUMBER"),
        ("control ZZ9 p1", "mk.E_EDIT_TILE"),
        ("control B5 p1", "mk.E_EDIT_OCCUPIED"),  # p2's army stands there
        ("move-army 1 B5", "mk.E_EDIT_OCCUPIED"),
        ("remove-army 99", "mk.E_EDIT_ARMY"),
        ("settlement B3 castle", "mk.E_EDIT_SETTLEMENT"),
        ("teleport 1 B5", "core.E_EDIT_UNKNOWN"),
        ("gold p1", "core.E_EDIT_ARGS"),
    ],
)
def test_edits_that_break_the_rules_are_refused(command: str, code: str) -> None:
    with pytest.raises(EditRefused) as caught:
        GAME.edit(two_kingdoms(), command)
    assert caught.value.code == code


def test_armies_cannot_be_put_in_water_or_beyond_the_cap() -> None:
    state = two_kingdoms(army_cap=1)
    with pytest.raises(EditRefused) as capped:
        GAME.edit(state, "add-army p1 B3")
    assert capped.value.code == "mk.E_EDIT_ARMY_CAP"
    blocked = [t.id for t in state.map.tiles.values() if not t.enterable]
    assert blocked, "the fixture map has water or marsh"
    with pytest.raises(EditRefused) as wet:
        GAME.edit(state, f"move-army 1 {blocked[0]}")
    assert wet.value.code == "mk.E_EDIT_IMPASSABLE"


def test_edits_wait_for_summer_or_winter() -> None:
    with pytest.raises(EditRefused) as caught:
        GAME.edit(new_game(), "gold p1 3")
    assert caught.value.code == "mk.E_EDIT_STAGE"


def test_a_conceding_kingdom_leaves_the_map_and_owes_nothing() -> None:
    state = two_kingdoms()
    assert "p2" in due_now(state).players
    after = GAME.drop(state, "p2")
    assert after.events[0].code == "mk.conceded"
    assert after.state.armies_of("p2") == [] and after.state.controlled("p2") == []
    assert after.state.tiles["B5"].settlement == "city"  # the town stays, uncontrolled
    assert "p2" not in due_now(after.state).players and "p2" not in after.state.player_order
    assert GAME.phase(after.state).key == GAME.phase(state).key
