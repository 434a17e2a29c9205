"""Each leak of issue 24 in the DBA card game, as a pair of states that differ only in a hand
the reader may not see: what the reader receives (through the real report path) is the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pbem.core.game import Event
from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.content import card_key
from pbem.games.dba_cards.inputs import AnswerInput
from pbem.games.dba_cards.state import DBAState
from tests.games.dba_cards.harness import board, position, two_player_desk
from tests.support.secrecy import Desk, reading

# its module-scoped fixture is made once: the tests share one parallel worker
pytestmark = pytest.mark.xdist_group("test_secrecy_leaks")

# A lone Warband on p2's back rank, in the open: it cannot recoil, has no friend beside it, no
# General near, no rough ground, no Elite mark and no ability of its own, so Push alone saves it.
LONE = "p1 blades d7\np2 warband d8"
PROBES = ["attack d7 d8 with supported", "scout", "react push"]


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Desk:
    return two_player_desk(Path(tmp_path_factory.mktemp("desk")))[0]


def swapped(state: DBAState, seat: str) -> DBAState:
    """The same state with `seat`'s hand exchanged for as many cards from the deck's bottom
    (the deck's top, which the next draws take, stays as it was)."""
    twin = state.model_copy(deep=True)
    hand = twin.sides[seat].hand
    tail = twin.deck[len(twin.deck) - len(hand) :]
    twin.deck = twin.deck[: len(twin.deck) - len(hand)] + hand
    twin.sides[seat].hand = tail
    return twin


def turn(state: DBAState, text: str) -> tuple[DBAState, list[Event]]:
    """p1's turn from `text`."""
    parsed = GAME.parse(state, "p1", text)
    assert not parsed.errors, parsed.errors
    step = GAME.advance(state, {"p1": parsed.orders}, SeededRng(1))
    return step.state, list(step.events)


def seen(desk: Desk, state: DBAState, events: list[Event], seat: str) -> dict[str, Any]:
    """Everything `seat` receives for `state` after `events`."""
    return desk.receive(GAME, state, seat, events, PROBES)


def test_the_defender_is_asked_whether_or_not_a_legal_defence_is_held(desk: Desk) -> None:
    holds_push = position(LONE, {"p1": "attack", "p2": "push march trod"})
    no_defence = swapped(holds_push, "p2")
    assert "push" not in {card_key(c) for c in no_defence.sides["p2"].hand}
    after = [turn(s, "attack d7 d8 with attack") for s in (holds_push, no_defence)]
    for state, events in after:
        assert GAME.due(state).players == ["p2"] and "dba.asked" in {e.code for e in events}
    assert [[c.key for c in s.window.choices] for s, _ in after if s.window] == [
        ["pass", "push"],
        ["pass"],
    ]
    assert seen(desk, *after[0], "p1") == seen(desk, *after[1], "p1")


def test_an_empty_hand_is_not_asked(desk: Desk) -> None:
    state, events = turn(position(LONE, {"p1": "attack"}), "attack d7 d8 with attack")
    assert state.stage == "turn" and "dba.destroyed" in {e.code for e in events}


def test_a_standing_line_answers_whatever_the_hand_holds(desk: Desk) -> None:
    holds_push = position(LONE, {"p1": "attack", "p2": "push march trod"})
    holds_push.sides["p2"].standing = [StandingReaction(trigger="dba.attack", answer="push")]
    no_push = swapped(holds_push, "p2")
    saved, saved_events = turn(holds_push, "attack d7 d8 with attack")
    lost, lost_events = turn(no_push, "attack d7 d8 with attack")
    for state, events in ((saved, saved_events), (lost, lost_events)):
        assert state.stage == "turn" and state.active == "p2"  # nobody was asked
        assert "dba.asked" not in {e.code for e in events}
        standing = next(e for e in events if e.code == "core.reaction.standing")
        assert standing.visible_to == ["p2"]
    assert "p2 warband d8" in board(saved) and "p2 warband d8" not in board(lost)


def test_a_standing_line_that_does_not_apply_leaves_the_question_to_the_mail() -> None:
    state = position(LONE, {"p1": "attack", "p2": "march"})
    rule = StandingReaction(trigger="dba.attack", answer="push", when={"target": "general"})
    state.sides["p2"].standing = [rule]
    after, _ = turn(state, "attack d7 d8 with attack")
    assert after.stage == "react" and GAME.due(after).players == ["p2"]


def test_a_skipped_order_shows_the_others_no_card(desk: Desk) -> None:
    units = "p1 blades d4\np1 blades e4\np2 warband d5"
    hands = {"p1": "attack attack supported", "p2": "recoil"}
    runs = []
    for card in ("attack", "supported"):
        text = f"attack d4 d5 with attack\nattack e4 d5 with {card}"
        state, _ = turn(position(units, hands), text)
        answer = AnswerInput(window="w1", choice="recoil")
        step = GAME.advance(state, {"p2": answer}, SeededRng(2))
        runs.append((step.state, list(step.events)))
    for _, events in runs:
        public = [e for e in events if e.code == "dba.skipped"]
        assert [e.data for e in public] == [{"seat": "p1"}] and public[0].visible_to is None
        own = next(e for e in events if e.code == "dba.skipped_order")
        assert own.visible_to == ["p1"] and own.data["order"].startswith("attack e4 d5 with")
    assert "supported" in {card_key(c) for c in runs[1][0].sides["p1"].hand}  # not played
    assert seen(desk, *runs[0], "p2") == seen(desk, *runs[1], "p2")


def test_discards_at_the_hand_limit_lie_face_down(desk: Desk) -> None:
    state = position(LONE, {"p1": "trod march fast-pace gallop quick attack push recoil"})
    twin = swapped(state, "p1")
    runs = [turn(s, "end") for s in (state, twin)]
    for after, events in runs:
        assert len(after.sides["p1"].hand) == 5 and after.face_down == 3
        counted = next(e for e in events if e.code == "dba.discard_count")
        assert counted.data == {"seat": "p1", "count": 3} and counted.visible_to is None
        own = next(e for e in events if e.code == "dba.discarded")
        assert own.visible_to == ["p1"] and len(own.data["cards"]) == 3
        assert GAME.view(after, "p2", events)["discard_top"] is None
    assert seen(desk, *runs[0], "p2") == seen(desk, *runs[1], "p2")


def test_a_played_card_still_lies_face_up_on_the_discards() -> None:
    state = position(LONE, {"p1": "trod march fast-pace gallop quick attack push recoil"})
    after, events = turn(state, "attack d7 d8 with attack\ndiscard push\ndiscard recoil")
    assert GAME.view(after, "p2", events)["discard_top"] == "Attack"
    assert after.discard[-1].startswith("attack#") and after.face_down == 3


def test_a_reply_to_a_trample_does_not_hang_on_the_defenders_hand() -> None:
    units = "p1 elephants d3\np1 blades c4\np2 warband d5"
    holds_push = position(units, {"p1": "special attack", "p2": "push"})
    no_defence = swapped(holds_push, "p2")
    text = "trample d3 d4 d5\nattack c4 d5 with attack"
    replies = [reading(GAME, s, "p1", text) for s in (holds_push, no_defence)]
    assert replies[0] == replies[1] and replies[0]["problems"] == []


def test_an_order_naming_a_card_not_held_gets_one_answer_whatever_the_other_hand() -> None:
    state = position("p1 blades d4\np1 blades e4\np2 warband d5", {"p1": "attack", "p2": "push"})
    twin = swapped(state, "p2")
    for text in ("attack d4 d5 with supported", "scout", "move d4-d3 with gallop"):
        replies = [reading(GAME, s, "p1", text) for s in (state, twin)]
        assert replies[0] == replies[1]
        assert [p["code"] for p in replies[0]["problems"]] == ["dba.E_NO_CARD"]
    assert reading(GAME, state, "p2", "react push")["problems"][0]["code"] == "dba.E_NOT_DUE"


def test_a_card_given_from_under_the_pile_leaves_the_face_up_top() -> None:
    state = position(LONE, {"p1": "trod march fast-pace gallop quick attack push recoil"})
    after, _ = turn(state, "attack d7 d8 with attack\ndiscard push\ndiscard recoil")
    after.deck = []  # the give edit takes from the discard pile when the deck has none
    given = GAME.edit(after, "give p2 push").state
    assert given.face_down == 2 and GAME.view(given, "p1", [])["discard_top"] == "Attack"
