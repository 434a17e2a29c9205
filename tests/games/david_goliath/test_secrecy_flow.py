"""Issue 24 regressions: which phase comes next, and whether a question is asked, must be the
same whatever the other hand holds. Each test is a pair of duels equal in all one player may
know and different in the other hand; that player must not be able to tell them apart."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.games.david_goliath import GAME
from pbem.games.david_goliath.orders_text import standing_of
from pbem.games.david_goliath.state import DGState
from tests.games.david_goliath.harness import DAVID, GOLIATH, codes, duel, problem_codes, send


def seen(state: DGState, seat: str, events: list[Event]) -> dict[str, Any]:
    """What `seat` learns of a state: the phase, who owes, whether it is asked, its view."""
    due = GAME.due(state)
    return {
        "phase": GAME.phase(state).model_dump(),
        "owes": due.players,
        "window_seat": due.window.seat if due.window else None,
        "view": GAME.view(state, seat, events),
    }


def twins(
    seat: str, text: str, first: DGState, second: DGState, watcher: str | None = None
) -> tuple[DGState, DGState]:
    """Send the same orders of `seat` in both duels; assert the `watcher` (by default the
    sender) sees the same, and return both."""
    watcher = watcher or seat
    a, a_events = send(first, seat, text)
    b, b_events = send(second, seat, text)
    assert seen(a, watcher, a_events) == seen(b, watcher, b_events)
    return a, b


def test_goliaths_event_phase_opens_whether_or_not_he_holds_an_event() -> None:
    """Was: 'Event Phase, Goliath' came only when he held an Event card."""
    holds = duel(step="event-david", david_hand=("walk",), goliath_hand=("divine-aid", "jog"))
    lacks = duel(step="event-david", david_hand=("walk",), goliath_hand=("shield", "jog"))
    a, b = twins(DAVID, "pass", holds, lacks)
    assert a.step == b.step == "event-goliath" and GAME.due(b).players == [GOLIATH]
    assert problem_codes(b, GOLIATH, "pass") == []


def test_goliaths_move_phase_opens_without_a_move_card() -> None:
    """Was: with no move card his Move Phase was skipped, straight to David's."""
    holds = duel(step="event-goliath", david_hand=("walk",), goliath_hand=("jog",))
    lacks = duel(step="event-goliath", david_hand=("walk",), goliath_hand=("shield",))
    a, b = twins(GOLIATH, "pass", holds, lacks, watcher=DAVID)
    assert a.step == b.step == "move-goliath"


def test_goliaths_attack_phase_with_david_on_a_diagonal_opens_whatever_swords_he_holds() -> None:
    """Was: an open attack phase with David on a diagonal told David he held a diagonal sword."""
    common: dict[str, Any] = {"step": "move-david", "david": "c4", "goliath": "d5"}
    holds = duel(
        **common, david_hand=("walk",), goliath_hand=("sword-lunge-thrust",), spear_at="h1"
    )
    lacks = duel(**common, david_hand=("walk",), goliath_hand=("sword-thrust",), spear_at="h1")
    a, b = twins(DAVID, "pass", holds, lacks)
    assert a.step == b.step == "attack-goliath"


def test_a_move_asks_the_negate_question_whether_or_not_a_negate_is_held() -> None:
    """Was: Goliath's move paused for a question only when David held Trip or Fall."""
    holds = duel(goliath_hand=("jog",), david_hand=("trip",), david="a1")
    lacks = duel(goliath_hand=("jog",), david_hand=("walk",), david="a1")
    a, b = twins(GOLIATH, "move jog to d6", holds, lacks)
    assert a.window is not None and b.window is not None
    assert [c.key for c in b.window.choices] == ["pass"]


def test_an_attack_asks_the_defend_question_whether_or_not_a_defence_is_held() -> None:
    """Was: an attack that killed at once told the attacker no Defense card fitted."""
    common: dict[str, Any] = {"step": "attack-david", "david": "d3", "goliath": "d6"}
    cards = ("sling-throw-short", "stone-fast")
    holds = duel(**common, david_hand=cards, goliath_hand=("shield",))
    lacks = duel(**common, david_hand=cards, goliath_hand=("block",))
    a, b = twins(DAVID, "attack sling-throw-short stone-fast", holds, lacks)
    assert a.window is not None and b.window is not None and b.winner is None


def test_standing_lines_spare_the_question_whether_or_not_their_card_is_held() -> None:
    """Was: a standing line answered at once only while its card was held, else the question
    paused the duel, so the pause told the mover the card was missing."""
    holds = duel(goliath_hand=("jog",), david_hand=("trip",), david="a1")
    lacks = duel(goliath_hand=("jog",), david_hand=("walk",), david="a1")
    for state in (holds, lacks):
        state.figures["david"].standing = [standing_of(["negate", "with", "trip"], "david")]
    a, _ = send(holds, GOLIATH, "move jog to d6")
    b, b_events = send(lacks, GOLIATH, "move jog to d6")
    assert a.window is None and b.window is None  # no pause either way
    assert (a.figures["goliath"].square, b.figures["goliath"].square) == ("d8", "d6")
    standing = [e for e in b_events if e.code == "core.reaction.standing"]
    assert standing[0].data["answer"] == "pass" and standing[0].visible_to == [DAVID]


def test_a_standing_defence_without_its_card_blocks_with_any_card_held_wounded_last() -> None:
    state = duel(
        step="attack-goliath",
        david="d4",
        goliath="d5",
        goliath_hand=("sword-thrust",),
        david_hand=("wounded", "staff-parry"),
        spear_at="a1",
    )
    state.figures["david"].standing = [
        standing_of(["defend", "with", "dodge", "against", "thrust"], "david")
    ]
    after, events = send(state, GOLIATH, "attack sword-thrust")
    assert after.window is None and "dg.blocked" in codes(events)
    assert "staff-parry.1" in after.discard and after.figures["david"].wounds == 0


def test_a_standing_defence_with_nothing_that_blocks_passes() -> None:
    state = duel(
        step="attack-goliath",
        david="d4",
        goliath="d5",
        goliath_hand=("sword-thrust",),
        david_hand=("walk",),
        spear_at="a1",
    )
    state.figures["david"].standing = [standing_of(["defend", "with", "dodge"], "david")]
    after, _events = send(state, GOLIATH, "attack sword-thrust")
    assert after.window is None and after.winner == "goliath"


def test_public_facts_still_pass_a_phase_over() -> None:
    """No stone left in David's bag, or no card in a hand, is public: that phase is skipped."""
    no_stones = duel(step="attack-goliath", david="d3", goliath="d5", stones_held=0, spear_at="a1")
    no_stones.figures["david"].hand = ["walk.1"]
    no_stones.figures["goliath"].hand = ["walk.2"]
    after, _ = send(no_stones, GOLIATH, "pass")
    assert after.step != "attack-david" and after.turn == 2
    empty = duel(step="event-david", david_hand=("walk",))
    after, _ = send(empty, DAVID, "pass")
    assert after.step == "move-david"  # Goliath, with no card, has no event or move phase


def test_standing_pass_passes_a_phase_without_asking_and_round_trips() -> None:
    rule = standing_of(["pass", "events"], "goliath")
    assert rule is not None and rule.when == {"phase": "event"}
    state = duel(step="event-david", david_hand=("walk",), goliath_hand=("divine-aid", "jog"))
    parsed = GAME.parse(state, DAVID, "pass\nstanding pass event\nstanding negate pass")
    assert parsed.orders is not None
    text = GAME.canonical(state, DAVID, parsed.orders)
    assert text == "pass\nstanding pass event\nstanding negate pass"
    state.figures["goliath"].standing = [rule]
    after, events = send(state, DAVID, "pass")
    assert after.step == "move-goliath"
    assert {"role": "Goliath", "step": "event-goliath"} in [
        e.data for e in events if e.code == "dg.pass"
    ]
    assert problem_codes(state, DAVID, "pass\nstanding pass place") == ["dg.E_STANDING"]


def test_an_order_naming_a_card_not_held_gets_one_answer_whatever_the_other_holds() -> None:
    """Issue 24 item 4: error replies are not oracles."""
    common: dict[str, Any] = {"step": "move-david", "david": "d1", "goliath": "d8"}
    holds = duel(**common, david_hand=("walk",), goliath_hand=("run", "trip"))
    lacks = duel(**common, david_hand=("walk",), goliath_hand=("jog", "fall"))
    for text in ("move run to d4", "move trip to d2", "react trip", "event divine-aid", "pass\n"):
        a, b = GAME.parse(holds, DAVID, text), GAME.parse(lacks, DAVID, text)
        assert a.problems == b.problems and a.orders == b.orders, text
    assert problem_codes(holds, DAVID, "move run to d4") == ["dg.E_NOT_HELD"]
