"""Spear, sword and sling attacks against every Defense card, by attack type."""

from __future__ import annotations

import pytest

from pbem.games.david_goliath.orders_text import standing_of
from tests.games.david_goliath.harness import (
    DAVID,
    GOLIATH,
    codes,
    duel,
    problem_codes,
    send,
    silent,
)

SWORDS = [  # card, Goliath's square next to David on d4, attack type
    ("sword-thrust", "d5", "thrust"),
    ("sword-lunge-thrust", "e5", "thrust"),
    ("sword-slash", "c4", "slash"),
    ("sword-hack-slash", "c3", "slash"),
    ("sword-chop", "d3", "chop"),
    ("sword-overhead-chop", "e3", "chop"),
]
DAVID_DEFENCES = {
    "thrust": ["dodge", "jump-back", "staff-parry", "wounded"],
    "slash": ["jump-back", "duck", "staff-parry", "wounded"],
    "chop": ["dodge", "duck", "staff-parry", "wounded"],
    "ts": ["dodge", "duck", "wounded"],
}
ALL_DAVID = ("dodge", "jump-back", "duck", "staff-parry", "wounded")


def sword_duel(card: str, square: str, **changes: object) -> object:
    return duel(
        step="attack-goliath",
        david="d4",
        goliath=square,
        goliath_hand=(card,),
        david_hand=ALL_DAVID,
        spear_at="h1",
        **changes,
    )


@pytest.mark.parametrize(("card", "square", "kind"), SWORDS)
def test_sword_attacks_offer_only_the_defences_that_work(card: str, square: str, kind: str) -> None:
    state = sword_duel(card, square)
    asked, events = send(state, GOLIATH, f"attack {card}")  # type: ignore[arg-type]
    attack = next(e for e in events if e.code == "dg.attack")
    assert attack.data["attack"] == "sword" and attack.data["type"] == kind
    assert asked.window is not None
    assert [c.key for c in asked.window.choices] == ["pass", *DAVID_DEFENCES[kind]]
    assert asked.window.default == "pass"  # silence never spends a card


@pytest.mark.parametrize("defence", ["dodge", "jump-back", "staff-parry"])
def test_a_defence_blocks_a_thrust_and_is_discarded(defence: str) -> None:
    asked, _ = send(sword_duel("sword-thrust", "d5"), GOLIATH, "attack sword thrust")  # type: ignore[arg-type]
    after, events = send(asked, DAVID, f"react {defence}")
    assert not after.figures["david"].dead and "dg.blocked" in codes(events)
    assert f"{defence}.1" in after.discard


def test_passing_on_a_defence_is_death() -> None:
    asked, _ = send(sword_duel("sword-chop", "d3"), GOLIATH, "attack sword-chop")  # type: ignore[arg-type]
    after, _events = send(asked, DAVID, "pass")
    assert after.figures["david"].dead and after.winner == "goliath" and after.step == "over"


def test_no_working_defence_is_still_asked_and_only_pass_is_offered() -> None:
    """The question comes whatever David holds (issue 24): holding only Dodge against a
    slash he may answer nothing but pass, and the slash kills."""
    state = duel(
        step="attack-goliath",
        david="d4",
        goliath="d5",
        goliath_hand=("sword-slash",),
        david_hand=("dodge",),
        spear_at="h1",
    )
    asked, _events = send(state, GOLIATH, "attack sword-slash")
    assert asked.window is not None and asked.window.seat == DAVID
    assert [c.key for c in asked.window.choices] == ["pass"]
    after, events = send(asked, DAVID, "pass")
    assert after.winner == "goliath" and "dg.death" in codes(events)


def test_an_empty_hand_is_not_asked_to_defend() -> None:
    """A hand of no cards is public, so the attack resolves at once."""
    state = duel(
        step="attack-goliath",
        david="d4",
        goliath="d5",
        goliath_hand=("sword-slash",),
        spear_at="h1",
    )
    after, _events = send(state, GOLIATH, "attack sword-slash")
    assert after.window is None and after.winner == "goliath"


def test_swords_must_match_their_direction() -> None:
    state = duel(
        step="attack-goliath",
        david="d4",
        goliath="e5",
        goliath_hand=("sword-thrust",),
        spear_at="h1",
    )
    assert problem_codes(state, GOLIATH, "attack sword-thrust") == ["dg.E_ATTACK"]


def test_with_his_spear_a_sword_card_is_a_spear_thrust() -> None:
    state = duel(
        step="attack-goliath",
        david="d4",
        goliath="c4",
        goliath_hand=("sword-slash",),
        david_hand=("duck", "jump-back"),
    )
    asked, events = send(state, GOLIATH, "attack sword-slash")
    attack = next(e for e in events if e.code == "dg.attack")
    assert (attack.data["attack"], attack.data["type"]) == ("spear", "thrust")
    assert asked.window is not None
    assert [c.key for c in asked.window.choices] == ["pass", "jump-back"]
    after, _ = send(asked, DAVID, "react jump-back")
    assert after.spear_at is None  # a thrust spear is not thrown


THROWS = [
    ("sling-throw-close", "d6"),
    ("sling-throw-short", "d7"),
    ("sling-throw-medium", "h8"),
    ("sling-throw-long", "e6"),
    ("sling-throw-far", "i4"),
]


@pytest.mark.parametrize(("card", "square"), THROWS)
def test_a_thrown_spear_hits_at_exactly_the_cards_range(card: str, square: str) -> None:
    david = "d4"
    if square == "i4":  # no square is five away from d4: shoot along the first rank instead
        david, square = "a1", "f1"
    state = duel(
        step="attack-goliath",
        david=david,
        goliath=square,
        goliath_hand=(card,),
        david_hand=("duck", "jump-back"),
    )
    asked, _ = send(state, GOLIATH, f"attack {card}")
    assert asked.window is not None
    assert [c.key for c in asked.window.choices] == ["pass", "duck"]
    after, events = send(asked, DAVID, "react duck")
    assert after.spear_at == david and "dg.spear_lands" in codes(events)


def test_throw_range_is_exact_and_trees_stop_it_but_rocks_do_not() -> None:
    close = duel(
        step="attack-goliath", david="d4", goliath="d7", goliath_hand=("sling-throw-close",)
    )
    assert problem_codes(close, GOLIATH, "attack throw close") == ["dg.E_ATTACK"]
    rock = duel(
        step="attack-goliath",
        david="d4",
        goliath="d7",
        goliath_hand=("sling-throw-short",),
        terrain={"d5": "rock"},
    )
    assert problem_codes(rock, GOLIATH, "attack throw-short") == []
    tree = duel(
        step="attack-goliath",
        david="d4",
        goliath="d7",
        goliath_hand=("sling-throw-short",),
        terrain={"d5": "tree"},
    )
    assert problem_codes(tree, GOLIATH, "attack throw-short") == ["dg.E_ATTACK"]


def test_without_his_spear_goliath_cannot_throw() -> None:
    state = duel(
        step="attack-goliath",
        david="d4",
        goliath="d6",
        goliath_hand=("sling-throw-close",),
        spear_at="a1",
    )
    assert problem_codes(state, GOLIATH, "attack throw-close") == ["dg.E_ATTACK"]


GOLIATH_DEFENCES = {
    "fast": ["shield", "guard", "armor", "wounded"],
    "curved": ["block", "guard", "armor", "wounded"],
    "sinker": ["shield", "block", "armor", "wounded"],
}
ALL_GOLIATH = ("shield", "block", "guard", "armor", "wounded")


@pytest.mark.parametrize("stone", ["fast", "curved", "sinker"])
def test_sling_stones_against_goliaths_defences(stone: str) -> None:
    state = duel(
        step="attack-david",
        david="d4",
        goliath="d6",
        david_hand=("sling-throw-close", f"stone-{stone}"),
        goliath_hand=ALL_GOLIATH,
    )
    asked, _ = send(state, DAVID, f"attack stone {stone} sling close")
    assert asked.stones_held == 4
    assert asked.window is not None
    assert [c.key for c in asked.window.choices] == ["pass", *GOLIATH_DEFENCES[stone]]
    defence = GOLIATH_DEFENCES[stone][0]
    after, _events = send(asked, GOLIATH, f"react {defence}")
    assert after.stones_at == {"d6": 1} and not after.figures["goliath"].dead


@pytest.mark.parametrize(
    ("card", "square"),
    [
        ("sling-throw-short", "d6"),
        ("sling-throw-medium", "h3"),
        ("sling-throw-long", "e5"),
        ("sling-throw-far", "d8"),
    ],
)
def test_every_sling_range_and_an_unblocked_stone_kills(card: str, square: str) -> None:
    state = duel(
        step="attack-david",
        david="d3",
        goliath=square,
        david_hand=(card, "stone-fast"),
        goliath_hand=("block",),
    )
    asked, _events = send(state, DAVID, f"attack {card} stone-fast")
    assert asked.window is not None and asked.window.trigger == "dg.defend"
    after, events = silent(asked)  # Block does not stop a fast stone: pass is all he has
    assert after.winner == "david" and "dg.death" in codes(events)


def test_the_bigger_they_are_is_a_sling_of_range_3_or_a_fast_stone() -> None:
    as_sling = duel(
        step="attack-david", david="d3", goliath="d6", david_hand=("bigger", "stone-sinker")
    )
    assert problem_codes(as_sling, DAVID, "attack bigger stone-sinker") == []
    as_stone = duel(
        step="attack-david",
        david="d3",
        goliath="d5",
        david_hand=("sling-throw-close", "bigger"),
        goliath_hand=("block",),
    )
    asked, events = send(as_stone, DAVID, "attack sling-throw-close the bigger they are")
    attack = next(e for e in events if e.code == "dg.attack")
    after, _events = silent(asked)
    assert attack.data["type"] == "fast" and after.winner == "david"


def test_no_stone_tokens_no_sling() -> None:
    state = duel(
        step="attack-david",
        david="d3",
        goliath="d5",
        david_hand=("sling-throw-close", "stone-fast"),
        stones_held=0,
    )
    assert problem_codes(state, DAVID, "attack sling-throw-close stone-fast") == ["dg.E_ATTACK"]


def test_wounded_blocks_anything_and_costs_a_wound_and_a_card_of_hand_size() -> None:
    state = duel(
        step="attack-david",
        david="d3",
        goliath="d5",
        david_hand=("sling-throw-close", "stone-curved"),
        goliath_hand=("wounded",),
    )
    asked, _ = send(state, DAVID, "attack sling-throw-close stone-curved")
    after, events = send(asked, GOLIATH, "react wounded")
    goliath = after.figures["goliath"]
    assert goliath.wounds == 1 and not goliath.dead and after.wound_tokens == 3
    assert "dg.wound" in codes(events)


def test_three_wounds_are_death() -> None:
    state = duel(
        step="attack-goliath",
        david="d4",
        goliath="d5",
        goliath_hand=("sword-thrust",),
        david_hand=("wounded",),
        spear_at="a1",
    )
    state.figures["david"].wounds = 2
    asked, _ = send(state, GOLIATH, "attack sword-thrust")
    after, _events = send(asked, DAVID, "react wounded")
    assert after.figures["david"].dead and after.winner == "goliath"


def test_standing_defence_answers_only_while_the_card_is_held() -> None:
    state = duel(
        step="attack-goliath",
        david="d4",
        goliath="d5",
        goliath_hand=("sword-thrust",),
        david_hand=("jump-back", "staff-parry"),
        spear_at="a1",
    )
    state.figures["david"].standing = [
        standing_of(["defend", "with", "dodge", "against", "thrust"], "david"),
        standing_of(["block", "thrusts", "with", "jump", "back"], "david"),
    ]  # type: ignore[list-item]
    after, events = send(state, GOLIATH, "attack sword-thrust")
    assert after.window is None and not after.figures["david"].dead
    assert "jump-back.1" in after.discard and "dg.blocked" in codes(events)


def test_a_silent_defender_plays_no_card_as_in_the_dba_game() -> None:
    asked, _ = send(sword_duel("sword-slash", "c4"), GOLIATH, "attack sword-slash")  # type: ignore[arg-type]
    after, _events = silent(asked)
    assert after.figures["david"].dead and after.winner == "goliath"
    assert "jump-back.1" in after.figures["david"].hand and "jump-back.1" not in after.discard


def test_a_standing_reaction_is_how_a_silent_defender_keeps_a_card_ready() -> None:
    state = sword_duel("sword-slash", "c4")
    state.figures["david"].standing = [
        standing_of(["defend", "with", "jump-back", "against", "slash"], "david")
    ]
    after, events = send(state, GOLIATH, "attack sword-slash")
    assert after.window is None and not after.figures["david"].dead
    assert "jump-back.1" in after.discard and "core.reaction.standing" in codes(events)


@pytest.mark.parametrize(
    ("defence", "stone"),
    [
        ("shield", "fast"),
        ("block", "curved"),
        ("guard", "curved"),
        ("guard", "fast"),
        ("armor", "sinker"),
    ],
)
def test_each_goliath_defence_blocks_its_stones(defence: str, stone: str) -> None:
    state = duel(
        step="attack-david",
        david="d4",
        goliath="d6",
        david_hand=("sling-throw-close", f"stone-{stone}"),
        goliath_hand=(defence,),
    )
    asked, _ = send(state, DAVID, f"attack sling-throw-close stone-{stone}")
    after, _events = send(asked, GOLIATH, f"react {defence}")
    assert not after.figures["goliath"].dead and f"{defence}.1" in after.discard
