"""The referee's typed edits of a battle: the battle stays whole and undecided, and play goes
on from the edited position."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.core.rng import SeededRng
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.content import deck_ids
from pbem.games.dba_cards.state import DBAState
from tests.games.dba_cards.harness import board, play_turn, position

UNITS = """
p1 general d2
p1 spears e2
p1 camp a1
p2 general d7
p2 blades e7
p2 war-wagons f7
"""


@pytest.fixture
def battle() -> DBAState:
    """P1's turn: two small armies facing each other, rough ground on c4."""
    return position(UNITS, {"p1": "march attack", "p2": "push"}, terrain="c4 rough")


def _cards(state: DBAState) -> list[str]:
    return sorted(state.deck + state.discard + [c for s in state.sides.values() for c in s.hand])


def test_the_game_offers_edits_and_lists_them() -> None:
    assert GAME.edit is not None and GAME.edit_commands is not None
    assert [u.usage.split()[0] for u in GAME.edit_commands()] == [
        "move", "add", "remove", "elite", "lost", "terrain", "give", "take",
    ]  # fmt: skip


def test_unit_edits_change_a_copy(battle: DBAState) -> None:
    moved = GAME.edit(battle, "move E2 e4")
    assert "p1 spears e4" in board(moved.state) and "p1 spears e2" in board(battle)
    assert moved.events[0].data == {"edit": "move e2 e4"}
    added = GAME.edit(battle, "add p1 Bow c2").state
    assert "p1 bows c2" in board(added)
    assert len({u.id for u in added.units}) == len(added.units)
    removed = GAME.edit(battle, "remove e7").state
    assert "p2 blades e7" not in board(removed) and removed.sides["p2"].lost == 1
    assert GAME.edit(battle, "remove a1").state.sides["p1"].lost == 2  # the Camp counts 2
    assert GAME.edit(battle, "elite e2 on").state.unit_at("e2").elite  # type: ignore[union-attr]
    assert GAME.edit(battle, "lost p2 4").state.sides["p2"].lost == 4
    assert GAME.edit(battle, "terrain c4 clear").state.terrain == {}
    assert GAME.edit(battle, "terrain b5 hill").state.terrain_at("b5") == "hill"


def test_card_edits_keep_every_card_in_one_place_and_hands_secret(battle: DBAState) -> None:
    given = GAME.edit(battle, "give p2 gallop")
    assert given.state.sides["p2"].hand[-1].startswith("gallop#")
    assert given.events[0].data == {"edit": "a card into P2's hand"}
    taken = GAME.edit(given.state, "take p1 march").state
    assert [c.split("#")[0] for c in taken.sides["p1"].hand] == ["attack"]
    assert _cards(taken) == sorted(deck_ids())


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ("move e2 e7", "dba.E_EDIT_TAKEN"),
        ("move e2 z9", "dba.E_EDIT_SQUARE"),
        ("move c3 c4", "dba.E_EDIT_NO_UNIT"),
        ("move f7 c4", "dba.E_EDIT_TERRAIN"),  # war wagons never enter rough ground
        ("add p1 dragons c2", "dba.E_EDIT_TYPE"),
        ("add p1 general c2", "dba.E_EDIT_ONE_EACH"),
        ("add p3 spears c2", "core.E_EDIT_CHOICE"),
        ("remove d7", "dba.E_EDIT_DECIDES"),  # p2's General: that ends the battle
        ("lost p2 8", "dba.E_EDIT_BREAKS"),
        ("terrain f7 rough", "dba.E_EDIT_TERRAIN"),
        ("terrain c5 wood", "core.E_EDIT_CHOICE"),  # woods only under the German rules
        ("give p1 banner", "dba.E_EDIT_CARD"),
        ("take p2 march", "dba.E_EDIT_NOT_HELD"),
    ],
)
def test_edits_that_break_the_battle_are_refused(
    battle: DBAState, command: str, code: str
) -> None:
    with pytest.raises(EditRefused) as caught:
        GAME.edit(battle, command)
    assert caught.value.code == code


def test_no_edit_while_an_attack_waits_for_its_answer() -> None:
    asked = position("p1 spears e6\np2 blades e7", {"p1": "attack", "p2": "push"})
    parsed = GAME.parse(asked, "p1", "attack e6 e7 with attack")
    waiting = GAME.advance(asked, {"p1": parsed.orders}, SeededRng(1)).state
    assert waiting.window is not None
    with pytest.raises(EditRefused) as stage:
        GAME.edit(waiting, "lost p1 1")
    assert stage.value.code == "dba.E_EDIT_STAGE"


def test_play_goes_on_from_an_edited_position(battle: DBAState) -> None:
    edited = GAME.edit(GAME.edit(battle, "move e2 e6").state, "take p2 push").state
    played = play_turn(edited, "attack e6 e7 with attack")
    assert "dba.destroyed" in played.codes()
    assert "p2 blades e7" not in board(played.state)
