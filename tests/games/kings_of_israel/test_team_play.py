"""Team play between turns: mail while a question is open, Blessings sent alone, Blessings
after a team-mate's move, the player's own choice of discards and of a card's options, and
later orders checked when they arrive."""

from __future__ import annotations

from typing import Any

from pbem.core.game import Event
from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.cards.decks import kind
from pbem.games.kings_of_israel.content import RESOURCES
from pbem.games.kings_of_israel.inputs import Act, KIOrders
from pbem.games.kings_of_israel.state import KIState
from tests.games.kings_of_israel.harness import opening


def board() -> KIState:
    """Two prophets in the Prophets Work Phase, Ann's (p1's) turn, a quiet board."""
    state = opening(2, 7)
    state.sin, state.idols, state.altars = {}, [], ["samaria"]
    state.step, state.turn_index, state.starter, state.actions_left = "work", 0, 0, 4
    for prophet in state.prophets.values():
        prophet.ability, prophet.hand, prophet.blessings = "hosea", [], []
    state.prophets["p1"].at, state.prophets["p2"].at = "shiloh", "jericho"
    return state


def hand(state: KIState, seat: str, *kinds: str) -> None:
    """Give `seat` these Resource cards."""
    state.prophets[seat].hand = [f"{k}.{80 + i}" for i, k in enumerate(kinds)]


def orders(state: KIState, seat: str, text: str) -> KIOrders:
    """Parse `text`, which must read without errors."""
    parsed = GAME.parse(state, seat, text)
    assert parsed.errors == [], parsed.errors
    assert isinstance(parsed.orders, KIOrders)
    return parsed.orders


def run(state: KIState, texts: dict[str, str], seed: int = 1) -> tuple[KIState, list[Event]]:
    """One phase with these mails."""
    inputs: dict[str, Any] = {s: orders(state, s, t) for s, t in texts.items()}
    advance = GAME.advance(state, inputs, SeededRng(seed))
    return advance.state, advance.events


def kinds(state: KIState, seat: str) -> list[str]:
    """The kinds in `seat`'s hand, sorted."""
    return sorted(kind(c) for c in state.prophets[seat].hand)


def codes(events: list[Event]) -> list[str]:
    """The event codes, in order."""
    return [e.code for e in events]


def over_the_limit() -> KIState:
    """Ann has six cards and her turn's mail says acquire, then preach."""
    state = board()
    hand(state, "p1", "gold", "gold", "stone", "wood", "cattle", "grain")
    state.sin["shiloh"] = 2
    return state


# 14: the player chooses the card discarded at the hand limit


def test_over_the_hand_limit_the_player_is_asked_and_the_turn_goes_on_with_the_answer() -> None:
    state, events = run(over_the_limit(), {"p1": "acquire\npreach"})
    window = state.window
    assert window is not None and window.seat == "p1" and window.trigger == "ki.discard"
    assert window.facts == {"why": "hand-limit", "cards": 1}
    assert [c.key for c in window.choices] == ["most", *RESOURCES]  # public: never the hand
    held = GAME.view(state, "p1", [])["question"]["choices"]
    mine = [k for k in RESOURCES if k in kinds(state, "p1")]
    assert [line.split(":")[0] for line in held] == ["most", *mine]  # the holder sees theirs
    assert state.sin["shiloh"] == 2 and "ki.turn_over" not in codes(events)  # paused
    assert GAME.phase(state).label.endswith("Ann chooses a card to discard")
    state, events = run(state, {"p1": "answer stone"})
    assert "stone" not in kinds(state, "p1") and len(state.prophets["p1"].hand) == 6
    assert {"seat": "p1", "cards": ["stone"]} in [e.data for e in events]
    assert state.sin["shiloh"] == 1 and "ki.turn_over" in codes(events)  # then it preached
    assert GAME.due(state).players == ["p2"]


def test_a_standing_discard_rule_always_answers_so_the_hand_never_shows_in_the_asking() -> None:
    rule = [StandingReaction(trigger="ki.discard", answer="wood")]
    asked = []
    for cards in (("gold", "gold", "stone", "wood", "cattle", "grain"), ("gold",) * 6):
        for standing in ([], rule):
            state = board()
            hand(state, "p1", *cards)
            state.prophets["p1"].standing = list(standing)
            after, _ = run(state, {"p1": "acquire"})
            asked.append(after.window is not None)
            if standing:
                assert len(after.prophets["p1"].hand) == 6
    assert asked == [True, False, True, False]  # the rule decides, never the cards held


def test_a_gift_over_the_limit_asks_the_receiver_before_the_giver_goes_on() -> None:
    state = board()
    state.prophets["p2"].at = "shiloh"
    hand(state, "p1", "gold", "stone")
    hand(state, "p2", "wood", "wood", "wood", "cattle", "grain")
    state.sin["shiloh"] = 1
    state, _ = run(state, {"p1": "give p2 gold stone\npreach"})
    assert state.window is not None and state.window.seat == "p2"
    assert GAME.due(state).players == ["p2"] and GAME.due(state).optional == ["p1"]
    state, events = run(state, {"p2": "answer wood"})
    assert kinds(state, "p2") == ["cattle", "gold", "grain", "stone", "wood", "wood"]
    assert "shiloh" not in state.sin and "ki.turn_over" in codes(events)


def test_famine_asks_each_player_in_turn_for_the_card_they_discard() -> None:
    from pbem.games.kings_of_israel.cards.punish import sin_card

    state = board()
    state.step = "start"
    hand(state, "p1", "gold", "cattle")
    hand(state, "p2", "wood")
    events: list[Event] = []
    assert not sin_card(state, "famine.1", SeededRng(1), events)
    assert state.window is not None and state.window.seat == "p1"
    assert state.window.facts["why"] == "card"
    state.window = None
    from pbem.games.kings_of_israel.cards.hands import discard

    discard(state, "p1", "cattle", "card", events)
    from pbem.games.kings_of_israel.cards.punish import run_cards

    assert not run_cards(state, SeededRng(1), events)
    assert state.window is not None and state.window.seat == "p2"
    assert kinds(state, "p1") == ["gold"]


def test_there_is_no_discard_action() -> None:
    parsed = GAME.parse(board(), "p1", "discard cattle")
    assert [p.code for p in parsed.errors] == ["ki.E_NO_DISCARD"]


def test_a_sacrifice_of_one_card_takes_the_one_the_player_names() -> None:
    state = board()
    state.prophets["p1"].ability, state.prophets["p1"].at = "micaiah", "samaria"
    hand(state, "p1", "cattle", "grain")
    state, _ = run(state, {"p1": "sacrifice with grain"})
    assert kinds(state, "p1") == ["cattle"]
    again = orders(state, "p2", "next turn\nsacrifice with cattle")
    assert GAME.parse(state, "p2", GAME.canonical(state, "p2", again)).orders == again


# 14: a team-mate's Blessing after the active prophet's move


def test_revival_after_a_team_mates_move_cleanses_around_where_she_arrived() -> None:
    state = board()
    state.sin = {"shechem": 1, "gilgal": 1, "jericho": 2}  # Shechem next to Shiloh; Gilgal
    state.prophets["p2"].blessings = ["revival.1"]  # next to Bethel
    state, events = run(state, {"p1": "move bethel\npreach", "p2": "play revival p1 after move"})
    assert state.sin == {"shechem": 1, "jericho": 2}  # around Bethel, not around Shiloh
    assert codes(events).index("ki.moved") < codes(events).index("ki.blessing")
    assert state.prophets["p2"].blessings == []


def test_a_blessing_held_for_a_move_that_never_comes_stays_in_the_hand() -> None:
    state = board()
    state.prophets["p2"].blessings = ["revival.1"]
    state, events = run(state, {"p1": "acquire", "p2": "play revival p1 after move"})
    skipped = [e for e in events if e.code == "ki.skipped"]
    assert [e.data["problem"] for e in skipped] == ["ki.E_NO_MOVE"]
    assert skipped[0].visible_to == ["p2"]  # a card still held is named to its holder only
    assert state.prophets["p2"].blessings == ["revival.1"]


# 14: out-of-turn actions are checked when they are received


def test_later_turns_are_checked_when_they_arrive() -> None:
    state = board()
    text = "move dan\nnext turn\nmove gilgal\nmove bethel\nmove shiloh\nmove shechem\npreach"
    parsed = GAME.parse(state, "p2", text)
    assert parsed.errors == [] and parsed.orders is not None  # kept: warnings only
    found = [(p.line, p.code, p.severity) for p in parsed.problems]
    assert found == [
        (1, "ki.W_PLAN_LATER", "warning"),  # not p2's turn: kept for the next one, and told so
        (1, "ki.W_LATER_MOVE", "warning"),  # Dan is far from Jericho
        (7, "ki.W_LATER_ACTIONS", "warning"),  # a fifth action
    ]
    mine = GAME.parse(state, "p1", "move bethel\nnext turn\nmove gilgal\nbuild altar")
    assert mine.problems == []  # from Bethel, where this turn leaves her, Gilgal is a road away


def test_a_blessing_for_a_team_mate_is_checked_for_what_it_needs() -> None:
    state = board()
    state.prophets["p2"].blessings = ["strength-renewed.1", "chariot-of-fire.1"]
    parsed = GAME.parse(state, "p2", "play strength-renewed p2\nplay chariot-of-fire")
    assert [p.code for p in parsed.problems] == ["ki.W_PLAY_TURN", "ki.W_PLAY_PLACE"]


# 11: orders and Blessings while a question is open


def test_while_a_question_is_open_the_others_may_send_blessings_and_plans() -> None:
    state, _ = run(over_the_limit(), {"p1": "acquire\npreach"})
    assert GAME.due(state).optional == ["p2"]
    state.prophets["p2"].blessings = ["manna.1"]
    early = orders(state, "p2", "play manna p2\npreach")
    assert early.acts == [Act(verb="play", args=["manna", "p2"])]
    assert early.later == [[Act(verb="preach")]]
    note = GAME.canonical(state, "p2", early)
    assert "played when the question is answered, as Ann's turn goes on" in note
    state, events = run(state, {"p1": "answer gold", "p2": "play manna p2\npreach"})
    assert len(state.prophets["p2"].hand) == 2 and "manna.1" not in state.prophets["p2"].blessings
    assert "ki.plan_used" in codes(events)  # Ben's turn came and was played from his plan


def test_a_blessing_sent_during_a_question_between_turns_waits_for_the_next_turn() -> None:
    state = board()
    state.step, state.turn_index = "start", 0
    state.prophets["p2"].blessings = ["manna.1"]
    from pbem.games.kings_of_israel.cards.hands import discard_window

    hand(state, "p1", "gold")
    state.window = discard_window(state, "p1", "card")
    text = GAME.canonical(state, "p2", orders(state, "p2", "play manna p2"))
    assert "kept while the question is open, for the next prophet's turn" in text
    state, _ = run(state, {"p1": "answer gold", "p2": "play manna p2"})
    assert [q.act.args if q.act else [] for q in state.waiting] == [["manna", "p2"]]


# 12: a mail of Blessings alone is never a turn


def test_blessings_alone_from_the_prophet_whose_turn_it_is_leave_the_turn_owed() -> None:
    state = board()
    state.turn_index = 1  # Ben's turn; Ann's is over
    state.prophets["p2"].blessings = ["manna.1"]
    mail = orders(state, "p2", "play manna p1")
    assert mail.no_turn
    note = GAME.canonical(state, "p2", mail)
    assert "played as this phase runs; your turn is still owed" in note
    key = GAME.phase(state).key
    after, events = run(state, {"p2": "play manna p1"})
    assert len(after.prophets["p1"].hand) == 2  # the Blessing was played
    assert GAME.due(after).players == ["p2"] and after.actions_left == 4
    assert "ki.turn_over" not in codes(events) and GAME.phase(after).key != key
    done, events = run(after, {"p2": "acquire"})
    assert "ki.turn_over" in codes(events) and len(done.prophets["p2"].hand) == 1


def test_an_end_line_is_a_turn_and_standing_rules_alone_are_not() -> None:
    state = board()
    assert not orders(state, "p1", "end").no_turn
    assert orders(state, "p1", "on idol play repentance").no_turn
    after, _ = run(state, {"p1": "on idol play repentance"})
    assert GAME.due(after).players == ["p1"] and after.prophets["p1"].standing
