"""The referee's typed edits of a King David campaign: the map stays whole, and play goes on."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.king_david import GAME
from pbem.games.king_david.events.table import full_cup
from pbem.games.king_david.state import Army, KDState
from tests.games.king_david.harness import opening

# its module-scoped fixture is made once: the tests share one parallel worker
pytestmark = pytest.mark.xdist_group("test_edits")


def _between_actions(state: KDState, seed: int = 1) -> KDState:
    """Random play until a player is to start an action (no combat, siege or question open)."""
    for step in range(400):
        if state.stage == "action" and not (state.window or state.battle or state.agenda):
            return state
        bots = SeededRng(derive_seed(seed, f"b{step}"))
        inputs = {s: GAME.random_input(state, s, bots) for s in GAME.due(state).players}
        state = GAME.advance(state, inputs, SeededRng(step)).state
    raise AssertionError("no action began")


@pytest.fixture(scope="module")
def campaign() -> KDState:
    """Three players in the Action Phase of turn 1, between actions."""
    return _between_actions(opening(3, 1))


def _of(state: KDState, country: str) -> Army:
    return next(a for a in state.armies if a.country == country)


def _markers(state: KDState) -> list[str]:
    held = [m for p in state.players.values() for m in p.events]
    return sorted(state.cup + held + state.used_events)


def test_the_game_offers_edits_and_lists_them() -> None:
    assert GAME.edit is not None and GAME.edit_commands is not None
    assert [u.usage.split()[0] for u in GAME.edit_commands()] == [
        "food", "resources", "fort", "control", "steps", "move-army", "add-army", "remove-army",
        "leader", "give-marker", "take-marker",
    ]  # fmt: skip


def test_store_fort_and_control_edits_change_a_copy(campaign: KDState) -> None:
    fed = GAME.edit(campaign, "food p2 40")
    assert fed.state.players["p2"].food == 40 and campaign.players["p2"].food != 40
    assert fed.events[0].data == {"edit": "food p2 40"}
    assert GAME.edit(campaign, "resources p1 0").state.players["p1"].resources == 0
    assert GAME.edit(campaign, "fort Jerusalem 4").state.forts["jerusalem"] == 4
    empty = next(a.id for a in campaign.scenario.areas if not campaign.armies_in(a.id))
    assert GAME.edit(campaign, f"control {empty} edom").state.control[empty] == "edom"
    assert GAME.phase(fed.state).key == GAME.phase(campaign).key


def test_army_and_leader_edits_keep_counters_in_the_pool(campaign: KDState) -> None:
    army = _of(campaign, "judah")
    counters = len(campaign.armies) + sum(len(p) for p in campaign.pool.values())
    removed = GAME.edit(campaign, f"remove-army {army.id}").state
    assert army.id not in {a.id for a in removed.armies}
    added = GAME.edit(removed, f"add-army judah {army.kind} hebron").state
    assert len(added.armies) + sum(len(p) for p in added.pool.values()) == counters
    new = added.armies[-1]
    assert (new.country, new.kind, new.area, new.id) == ("judah", army.kind, "hebron",
                                                          f"A{campaign.serial + 1}")
    moved = GAME.edit(added, f"move-army {new.id} bethlehem").state
    assert moved.armies[-1].area == "bethlehem"
    two_steps = next(a for a in campaign.armies if a.steps_max == 2)
    assert GAME.edit(campaign, f"steps {two_steps.id} 1").state.armies[
        campaign.armies.index(two_steps)].steps == 1
    captured = GAME.edit(campaign, "leader joab captured").state
    joab = next(ld for ld in captured.leaders if ld.name == "Joab")
    assert (joab.area, joab.status) == (None, "captured")


def test_marker_edits_keep_every_marker_in_one_place_and_hands_secret(campaign: KDState) -> None:
    key = campaign.cup[0].split(".")[0]
    given = GAME.edit(campaign, f"give-marker p3 {key}")
    assert given.state.players["p3"].events[-1].split(".")[0] == key
    assert given.events[0].data == {"edit": "an event marker for Cy"}
    held = campaign.players["p1"].events[0].split(".")[0]
    taken = GAME.edit(given.state, f"take-marker p1 {held}").state
    assert taken.cup[-1].split(".")[0] == held
    assert _markers(taken) == _markers(campaign) == sorted(full_cup())


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ("food p9 3", "core.E_EDIT_CHOICE"),
        ("fort atlantis 2", "kd.E_EDIT_AREA"),
        ("fort jerusalem 5", "core.E_EDIT_NUMBER"),
        ("fort sinai 2", "kd.E_EDIT_NO_CITY"),
        ("control gaza judah", "kd.E_EDIT_OCCUPIED"),  # Philistine armies stand there
        ("control gaza rome", "core.E_EDIT_CHOICE"),
        ("steps A999 1", "kd.E_EDIT_ARMY"),
        ("add-army judah elephants hebron", "core.E_EDIT_CHOICE"),
        ("leader goliath hebron", "kd.E_EDIT_LEADER"),
        ("give-marker p1 dragon", "kd.E_EDIT_MARKER"),
        ("build p1 tower", "core.E_EDIT_UNKNOWN"),
    ],
)
def test_edits_that_break_the_map_are_refused(campaign: KDState, command: str, code: str) -> None:
    with pytest.raises(EditRefused) as caught:
        GAME.edit(campaign, command)
    assert caught.value.code == code


def test_armies_keep_apart_from_enemies_and_within_the_stacking_limit(campaign: KDState) -> None:
    judah, philistia = _of(campaign, "judah"), _of(campaign, "philistia")
    with pytest.raises(EditRefused) as enemy:
        GAME.edit(campaign, f"move-army {judah.id} {philistia.area}")
    assert enemy.value.code == "kd.E_EDIT_ENEMY"
    state = campaign
    for army in [a for a in campaign.armies if a.country == "judah"][:5]:
        try:
            state = GAME.edit(state, f"move-army {army.id} bethlehem").state
        except EditRefused as refused:
            assert refused.code == "kd.E_EDIT_STACK"
            break
    else:
        pytest.fail("five armies fit in one area")


def test_a_marker_no_longer_in_the_cup_cannot_be_given(campaign: KDState) -> None:
    state = campaign
    while any(m.startswith("royal-death.") for m in state.cup):
        state = GAME.edit(state, "give-marker p1 royal-death").state
    with pytest.raises(EditRefused) as exhausted:
        GAME.edit(state, "give-marker p1 royal-death")
    assert exhausted.value.code == "kd.E_EDIT_CUP"


def test_no_edit_during_setup() -> None:
    with pytest.raises(EditRefused) as caught:
        GAME.edit(opening(3, 1), "food p1 3")
    assert caught.value.code == "kd.E_EDIT_BUSY"


def test_play_goes_on_from_an_edited_position(campaign: KDState) -> None:
    state = GAME.edit(campaign, "add-army judah infantry hebron").state
    state = GAME.edit(state, "resources p2 80").state
    for step in range(40):
        if GAME.outcome(state) is not None:
            break
        bots = SeededRng(derive_seed(9, f"b{step}"))
        inputs = {s: GAME.random_input(state, s, bots) for s in GAME.due(state).players}
        state = GAME.advance(state, inputs, SeededRng(step)).state
    assert GAME.phase(state).key != GAME.phase(campaign).key
