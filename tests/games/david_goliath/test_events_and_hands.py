"""Event cards, the draw, reshuffles, the hand limit with wounds, and the order language."""

from __future__ import annotations

import pytest

from pbem.games.david_goliath import GAME
from pbem.games.david_goliath.content import CARDS, card_named, full_deck
from pbem.games.david_goliath.orders_text import standing_of
from tests.games.david_goliath.harness import (
    DAVID,
    GOLIATH,
    codes,
    duel,
    problem_codes,
    send,
    silent,
    slugs,
)

DRAWS = [
    ("god-of-the-israelites", DAVID, "david", 2),
    ("future-king", DAVID, "david", 3),
    ("champion-of-yahweh", DAVID, "david", 4),
    ("gods-of-the-philistines", GOLIATH, "goliath", 2),
    ("pagan-warrior", GOLIATH, "goliath", 3),
    ("champion-of-dagon", GOLIATH, "goliath", 4),
]


@pytest.mark.parametrize(("card", "seat", "role", "count"), DRAWS)
def test_draw_events(card: str, seat: str, role: str, count: int) -> None:
    step = f"event-{role}"
    state = duel(
        step=step,
        david_hand=(card,) if role == "david" else (),
        goliath_hand=(card,) if role == "goliath" else (),
    )
    top = state.deck[:count]
    after, events = send(state, seat, f"event {card}")
    assert all(c in after.figures[role].hand for c in top)
    assert f"{card}.1" in after.discard
    drew = [e for e in events if e.code == "dg.drew_cards"]
    assert drew and drew[0].visible_to == [seat]


def test_single_combat_makes_the_opponent_discard_at_random() -> None:
    state = duel(
        step="event-david",
        david_hand=("single-combat",),
        goliath_hand=("shield", "block", "guard", "walk"),
    )
    after, events = send(state, DAVID, "play Single Combat")
    # Goliath is asked for his event even though he holds none: the step is not skipped
    assert after.step == "event-goliath" and len(after.figures["goliath"].hand) == 3
    lost = next(e for e in events if e.code == "dg.random_discard")
    assert lost.data["card"] in ("Shield", "Block", "Guard")


def test_divine_aid_draws_seven_and_asks_which_six_to_discard() -> None:
    state = duel(step="event-david", david_hand=("divine-aid",), goliath_hand=("walk",))
    top = state.deck[:7]
    asked, _ = send(state, DAVID, "event divine aid")
    assert asked.window is not None and asked.window.seat == DAVID
    assert all(k.key.startswith("discard ") for k in asked.window.choices)
    view = GAME.view(asked, DAVID, [])
    assert view["question"]["choices"] and len(view["drawn"]) == 7
    assert "question" not in GAME.view(asked, GOLIATH, [])
    wanted = asked.window.choices[-1].key  # one card named, the newest others with it
    after, events = send(asked, DAVID, f"react {wanted}")
    kept = after.figures["david"].hand
    assert len(kept) == 1 and kept[0] in top and not kept[0].startswith(wanted.split()[1])
    assert "dg.divine_discards" in codes(events)


def test_divine_aid_with_a_short_hand_discards_it_whole_unasked() -> None:
    state = duel(step="event-david", david_hand=("divine-aid",), goliath_hand=("walk",))
    state.deck, state.discard = state.deck[:4], []
    after, events = send(state, DAVID, "event divine aid")
    assert after.window is None and after.figures["david"].hand == []
    assert "dg.divine_discards" in codes(events)


def test_challenge_draws_three_and_keeps_two_by_default() -> None:
    state = duel(step="event-goliath", goliath_hand=("challenge", "walk"))
    top = state.deck[:3]
    asked, _ = send(state, GOLIATH, "event challenge")
    after, _ = silent(asked)
    assert after.step == "move-goliath"
    names = [c.rsplit(".", 1)[0] for c in top]
    assert slugs(after, "goliath") == ["walk", *names[:2]]
    assert sum(c in after.discard for c in top) == 1


def test_the_deck_is_reshuffled_from_the_discard_when_it_runs_out() -> None:
    state = duel(step="event-david", david_hand=("champion-of-yahweh",))
    state.discard, state.deck = state.deck[2:], state.deck[:2]
    after, events = send(state, DAVID, "event champion-of-yahweh")
    assert "dg.reshuffle" in codes(events)
    assert len(after.figures["david"].hand) == 4


def test_hand_limit_drops_wished_cards_then_the_unusable_then_the_newest() -> None:
    hand = ("walk", "step", "jog", "trot", "run", "swift", "shield", "sword-chop", "dodge")
    state = duel(step="attack-david", david="a1", goliath="h8", david_hand=hand)
    state.figures["david"].wounds = 1  # limit 6
    state.figures["david"].discard_first = ["trot"]
    after, events = silent(state)
    limit = next(e for e in events if e.code == "dg.hand_limit" and e.data["role"] == "David")
    assert limit.data["cards"] == ["Trot", "Sword Chop", "Shield"]
    assert "dodge" in slugs(after, "david") and "trot" not in slugs(after, "david")


def test_the_turn_limit_ends_in_a_draw() -> None:
    state = duel(step="attack-david", max_turns=1)
    after, _events = silent(state)
    assert after.winner == "draw" and GAME.outcome(after).finished  # type: ignore[union-attr]


def test_the_deck_is_the_rulebooks_list() -> None:
    assert len(full_deck()) == sum(c.count for c in CARDS) == 103
    assert len(CARDS) == 45


@pytest.mark.parametrize(
    "text",
    [
        "Sling/Throw Close",
        "throw far",
        "Four Cubits & a Span",
        "The Bigger They are…",
        "Sword Hack & Slash",
        "jump back",
        "Gods of The Philistines",
    ],
)
def test_printed_card_names_are_understood(text: str) -> None:
    assert card_named(text) is not None


def test_order_problems_have_stable_codes() -> None:
    state = duel(step="move-goliath", goliath_hand=("walk",))
    assert problem_codes(state, GOLIATH, "move wlak to d7") == ["dg.E_CARD"]
    assert GAME.parse(state, GOLIATH, "move wlak to d7").problems[0].suggestion == "walk"
    assert problem_codes(state, GOLIATH, "move walk to z9") == ["dg.E_SQUARE"]
    assert problem_codes(state, GOLIATH, "dance") == ["dg.E_UNKNOWN"]
    assert problem_codes(state, GOLIATH, "pass\nmove walk to d7") == ["dg.E_TWO_ACTIONS"]
    assert problem_codes(state, GOLIATH, "# nothing") == ["dg.E_NO_ACTION"]
    assert problem_codes(state, GOLIATH, "move run to d5") == ["dg.E_NOT_HELD"]
    assert problem_codes(state, GOLIATH, "event walk") == ["dg.E_WRONG_STEP"]
    assert problem_codes(state, GOLIATH, "react dodge") == ["dg.E_NO_WINDOW"]
    assert problem_codes(state, DAVID, "pass") == ["dg.E_NOT_YOUR_STEP"]
    assert problem_codes(state, GOLIATH, "pass\nstanding defend with walk") == [
        "dg.E_STANDING_CARD"
    ]
    assert problem_codes(state, GOLIATH, "pass\nstanding dodge") == ["dg.E_STANDING"]
    assert problem_codes(state, GOLIATH, "pass\nstanding defend with shield against rain") == [
        "dg.E_TYPE"
    ]


NEVER = [
    (DAVID, "standing defend with shield", "dg.E_STANDING_ROLE"),  # a Goliath card
    (DAVID, "standing defend with armor against thrust", "dg.E_STANDING_ROLE"),
    (GOLIATH, "standing defend with dodge", "dg.E_STANDING_ROLE"),
    (DAVID, "standing defend with dodge against fast", "dg.E_STANDING_TYPE"),
    (GOLIATH, "standing defend with wounded against thrust", "dg.E_STANDING_TYPE"),
    (DAVID, "standing defend with dodge against thrust slash", "dg.E_STANDING_BLOCKS"),
    (GOLIATH, "standing defend with shield against curved", "dg.E_STANDING_BLOCKS"),
]
FIRES = [
    (DAVID, "standing defend with wounded against spear"),
    (DAVID, "standing defend with staff-parry against chop"),
    (DAVID, "standing negate with trip"),
    (GOLIATH, "standing defend with armor"),
    (GOLIATH, "standing defend with guard against fast curved"),
    (GOLIATH, "standing negate with fall"),
]


@pytest.mark.parametrize(("seat", "line", "code"), NEVER)
def test_a_standing_reaction_that_could_never_answer_is_refused(
    seat: str, line: str, code: str
) -> None:
    step = "move-david" if seat == DAVID else "move-goliath"
    assert problem_codes(duel(step=step), seat, f"pass\n{line}") == [code]


@pytest.mark.parametrize(("seat", "line"), FIRES)
def test_a_standing_reaction_that_can_answer_is_taken(seat: str, line: str) -> None:
    step = "move-david" if seat == DAVID else "move-goliath"
    assert problem_codes(duel(step=step), seat, f"pass\n{line}") == []


def test_standing_lines_replace_the_old_ones_and_round_trip() -> None:
    state = duel(step="move-goliath", goliath_hand=("walk",))
    state.figures["goliath"].standing = [
        standing_of(["negate", "with", "trip"], "goliath"),
    ]
    text = "move Walk to d7\nstanding defend with shield against fast, sinkers"
    orders = GAME.parse(state, GOLIATH, text).orders
    assert orders is not None and orders.standing is not None
    assert GAME.canonical(state, GOLIATH, orders) == (
        "move walk to d7\nstanding defend with shield against fast sinker"
    )
    after, _ = send(state, GOLIATH, text)
    assert [r.answer for r in after.figures["goliath"].standing] == ["shield"]  # trip replaced
    kept, _ = send(state, GOLIATH, "move walk to d7")
    assert [r.answer for r in kept.figures["goliath"].standing] == ["trip"]


def test_standing_none_forgets_the_lines_before_it_as_in_the_dba_game() -> None:
    state = duel(step="move-goliath", goliath_hand=("walk",))
    shield = "standing defend with shield against fast"
    cleared, _ = send(state, GOLIATH, f"move walk to d7\n{shield}\nstanding none")
    assert cleared.figures["goliath"].standing == []
    fresh, _ = send(state, GOLIATH, f"move walk to d7\nstanding clear\n{shield}")
    assert [r.answer for r in fresh.figures["goliath"].standing] == ["shield"]


def test_placing_goliath_then_david_on_their_back_rows() -> None:
    state = duel(
        step="place-goliath",
        david=None,
        goliath=None,
        turn=0,  # type: ignore[arg-type]
        goliath_hand=("walk",),
    )
    assert problem_codes(state, GOLIATH, "place d1") == ["dg.E_PLACE"]
    placed, _ = send(state, GOLIATH, "place e8")
    after, events = send(placed, DAVID, "place e1")
    assert after.figures["goliath"].square == "e8" and after.figures["david"].square == "e1"
    assert after.turn == 1 and "dg.turn" in codes(events)
