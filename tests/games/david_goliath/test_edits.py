"""The referee's typed edits of a duel: each keeps the duel whole, and play goes on from it."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.games.david_goliath import GAME
from pbem.games.david_goliath.content import full_deck
from pbem.games.david_goliath.state import DGState
from tests.games.david_goliath.harness import DAVID, codes, duel, send, slugs


def _cards(state: DGState) -> list[str]:
    hands = [c for f in state.figures.values() for c in f.hand]
    return sorted(state.deck + state.discard + hands)


def test_the_game_offers_edits_and_lists_them() -> None:
    assert GAME.edit is not None and GAME.edit_commands is not None
    names = [u.usage.split()[0] for u in GAME.edit_commands()]
    assert names == ["place", "wounds", "give", "take", "stones", "stones-at", "spear"]


def test_edits_change_a_copy_and_keep_every_card_in_one_place() -> None:
    state = duel(david_hand=("walk",), goliath_hand=("shield",))
    given = GAME.edit(state, "give david Jump Back")
    assert slugs(given.state, "david") == ["walk", "jump-back"]
    assert slugs(state, "david") == ["walk"]
    assert given.events[0].data == {"edit": "a card into David's hand"}  # the card stays secret
    taken = GAME.edit(given.state, "take goliath shield").state
    assert slugs(taken, "goliath") == [] and taken.discard[-1].startswith("shield.")
    assert _cards(taken) == sorted(full_deck())
    wounded = GAME.edit(taken, "wounds Goliath 2").state
    assert (wounded.figures["goliath"].wounds, wounded.wound_tokens) == (2, 2)
    moved = GAME.edit(wounded, "place david E2").state
    assert moved.figures["david"].square == "e2"
    lying = GAME.edit(GAME.edit(moved, "stones 3").state, "stones-at c4 2").state
    assert (lying.stones_held, lying.stones_at) == (3, {"c4": 2})
    assert GAME.edit(lying, "spear f5").state.spear_at == "f5"
    assert GAME.edit(lying, "spear held").state.spear_at is None
    assert GAME.phase(lying).key == GAME.phase(state).key


@pytest.mark.parametrize(
    ("command", "code"),
    [
        ("place david d8", "dg.E_EDIT_TAKEN"),  # Goliath stands there
        ("place goliath c3", "dg.E_EDIT_BLOCKED"),  # a tree
        ("place david z9", "dg.E_EDIT_SQUARE"),
        ("place saul d4", "core.E_EDIT_CHOICE"),
        ("wounds david 3", "core.E_EDIT_NUMBER"),  # three would kill: play decides that
        ("give david excalibur", "dg.E_EDIT_CARD"),
        ("give goliath armor", "dg.E_EDIT_NO_COPY"),  # the only Armor is in David's hand
        ("take david shield", "dg.E_EDIT_NOT_HELD"),
        ("stones 6", "core.E_EDIT_NUMBER"),
        ("stones-at d4 1", "core.E_EDIT_NUMBER"),  # all five stones are in David's hand
        ("spear c3", "dg.E_EDIT_BLOCKED"),
        ("fly goliath", "core.E_EDIT_UNKNOWN"),
        ("give david", "core.E_EDIT_ARGS"),
    ],
)
def test_edits_that_break_the_duel_are_refused(command: str, code: str) -> None:
    state = duel(david_hand=("armor",), terrain={"c3": "tree"})
    with pytest.raises(EditRefused) as caught:
        GAME.edit(state, command)
    assert caught.value.code == code


def test_a_hand_over_the_limit_is_cut_at_the_end_phase_as_in_play() -> None:
    state = duel(step="attack-david", david="a1", goliath="h8",
                 david_hand=("walk",) * 4 + ("step",) * 3)
    over = GAME.edit(state, "give david dodge").state
    assert len(over.figures["david"].hand) == 8
    _, events = send(over, DAVID, "pass")
    cut = next(e for e in events if e.code == "dg.hand_limit")
    assert cut.data["role"] == "David" and len(cut.data["cards"]) == 1  # back to seven


def test_no_edit_while_a_play_waits_for_an_answer() -> None:
    state = duel(step="attack-david", david="d1", goliath="d3", david_hand=("sling-throw-close",
                 "stone-fast"), goliath_hand=("shield",))
    waiting, _ = send(state, DAVID, "attack sling-throw-close stone-fast")
    assert waiting.window is not None
    with pytest.raises(EditRefused) as caught:
        GAME.edit(waiting, "stones 2")
    assert caught.value.code == "dg.E_EDIT_WINDOW"


def test_play_goes_on_from_an_edited_position() -> None:
    state = duel(step="attack-david", david="d1", goliath="f6", david_hand=("stone-fast",))
    edited = GAME.edit(state, "place goliath d3").state
    edited = GAME.edit(edited, "give david sling throw close").state
    after, events = send(edited, DAVID, "attack sling-throw-close stone-fast")
    assert "dg.attack" in codes(events) and "dg.death" in codes(events)  # Goliath holds no defence
    assert after.winner == "david"
