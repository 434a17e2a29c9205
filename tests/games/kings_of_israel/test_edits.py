"""The referee's typed edits of Israel: supplies and rules kept, and play goes on from them."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.state import KIState
from tests.games.kings_of_israel.harness import opening


@pytest.fixture
def board() -> KIState:
    """A three-prophet game at Ann's (p1) first turn: Ann at Shiloh, Idols at Kedesh,
    Mahanaim and Shiloh, an Altar at Samaria."""
    state = opening(3, 1)
    assert (state.step, state.active_seat(), state.prophets["p1"].at) == ("work", "p1", "shiloh")
    return state


def _cards(state: KIState) -> list[str]:
    decks = state.decks
    held = [c for p in state.prophets.values() for c in p.hand]
    return sorted(decks.resource + decks.resource_discard + held)


def test_the_game_offers_edits_and_lists_them() -> None:
    assert GAME.edit is not None and GAME.edit_commands is not None
    assert [u.usage.split()[0] for u in GAME.edit_commands()] == [
        "sin", "idol", "altar", "prophet", "give", "take", "bless", "unbless", "actions",
    ]  # fmt: skip


def test_board_edits_change_a_copy(board: KIState) -> None:
    sinned = GAME.edit(board, "sin Dan 2")
    assert sinned.state.sin["dan"] == 2 and "dan" not in board.sin
    assert sinned.events[0].data == {"edit": "sin dan 2"}
    assert "acco" not in GAME.edit(board, "sin acco 0").state.sin
    idol = GAME.edit(board, "idol Dan on").state
    assert GAME.edit(idol, "sin dan 3").state.sin["dan"] == 3
    assert "kedesh" not in GAME.edit(board, "idol kedesh off").state.idols
    assert GAME.edit(board, "altar bethel on").state.altars == ["samaria", "bethel"]
    assert GAME.edit(board, "altar samaria off").state.altars == []
    assert GAME.edit(board, "prophet p2 Mount-Ebal").state.prophets["p2"].at == "mount-ebal"
    assert GAME.edit(board, "actions 2").state.actions_left == 2
    assert GAME.phase(idol).key == GAME.phase(board).key


def test_card_edits_keep_every_card_in_one_place_and_hands_secret(board: KIState) -> None:
    given = GAME.edit(board, "give p2 stone")
    assert given.state.prophets["p2"].hand[-1].startswith("stone.")
    assert given.events[0].data == {"edit": "a card into Ben's hand"}
    taken = GAME.edit(given.state, "take p1 gold").state
    assert not any(c.startswith("gold.") for c in taken.prophets["p1"].hand)
    assert _cards(taken) == _cards(board)
    blessed = GAME.edit(board, "bless p2 Manna from Heaven")
    assert blessed.state.prophets["p2"].blessings[-1].startswith("manna.")
    assert blessed.events[0].data == {"edit": "a Blessing card for Ben"}
    unblessed = GAME.edit(board, "unbless p1 chariot-of-fire").state
    assert unblessed.prophets["p1"].blessings == []
    assert unblessed.decks.blessing_discard[-1].startswith("chariot-of-fire.")


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ("sin atlantis 1", "ki.E_EDIT_PLACE"),
        ("sin aram 1", "ki.E_EDIT_NATION"),
        ("sin dan 3", "ki.E_EDIT_IDOL_NEEDED"),  # three cubes need an Idol there
        ("sin dan 28", "core.E_EDIT_NUMBER"),  # more than the supply
        ("prophet p9 dan", "core.E_EDIT_CHOICE"),
        ("prophet p1 aram", "ki.E_EDIT_NATION"),
        ("give p1 silver", "core.E_EDIT_CHOICE"),
        ("take p2 wood", "ki.E_EDIT_NOT_HELD"),
        ("bless p1 thunder", "ki.E_EDIT_CARD"),
        ("unbless p2 manna", "ki.E_EDIT_NOT_HELD"),
        ("actions 5", "core.E_EDIT_NUMBER"),
        ("idol dan maybe", "core.E_EDIT_CHOICE"),
    ],
)
def test_edits_that_break_the_rules_are_refused(board: KIState, command: str, code: str) -> None:
    with pytest.raises(EditRefused) as caught:
        GAME.edit(board, command)
    assert caught.value.code == code


def test_supplies_bound_idols_and_no_edit_wins_the_game(board: KIState) -> None:
    state = board
    for place in ("dan", "hazor", "acco"):
        state = GAME.edit(state, f"idol {place} on").state
    with pytest.raises(EditRefused) as idols:
        GAME.edit(state, "idol dor on")  # six Idols are all on the board
    assert idols.value.code == "ki.E_EDIT_SUPPLY"
    for place in ("dan", "hazor", "acco", "dor", "megiddo", "jezreel"):
        state = GAME.edit(state, f"altar {place} on").state
    assert len(state.altars) == state.rules.win_altars - 1
    with pytest.raises(EditRefused) as altars:
        GAME.edit(state, "altar jericho on")
    assert altars.value.code == "ki.E_EDIT_ALTARS"
    with pytest.raises(EditRefused) as cubes:
        GAME.edit(GAME.edit(board, "sin kedesh 3").state, "idol kedesh off")
    assert cubes.value.code == "ki.E_EDIT_IDOL_NEEDED"


def test_a_destroyed_location_takes_nothing(board: KIState) -> None:
    ruined = board.model_copy(update={"destroyed": ["dan"]})
    for command in ("sin dan 1", "idol dan on", "altar dan on"):
        with pytest.raises(EditRefused) as caught:
            GAME.edit(ruined, command)
        assert caught.value.code == "ki.E_EDIT_DESTROYED"
    with pytest.raises(EditRefused) as closed:
        GAME.edit(ruined, "prophet p1 dan")
    assert closed.value.code == "ki.E_EDIT_CLOSED"


def test_play_goes_on_from_an_edited_position(board: KIState) -> None:
    state = board
    for card in ("stone", "wood"):
        state = GAME.edit(state, f"give p1 {card}").state
    state = GAME.edit(state, "altar samaria off").state
    parsed = GAME.parse(state, "p1", "build altar\npreach")
    assert parsed.errors == []
    after = GAME.advance(state, {"p1": parsed.orders}, SeededRng(3))
    assert "shiloh" in after.state.altars
    assert "ki.altar" in [e.code for e in after.events]
