"""Turn flow: windows and standing reactions, hand limit, reshuffle, victory, deployment."""

from __future__ import annotations

from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.content import card_key
from pbem.games.dba_cards.inputs import AnswerInput, TurnInput
from pbem.games.dba_cards.play.deck import draw
from tests.games.dba_cards.harness import board, play_turn, position, problem_codes

ATTACK = "p1 blades d4\np2 warband d5\np2 general d6"


def test_an_attack_opens_a_window_that_only_the_defender_owes() -> None:
    state = position(ATTACK, {"p1": "attack", "p2": "push rally"})
    step = GAME.advance(
        state, {"p1": GAME.parse(state, "p1", "attack d4 d5 with attack").orders}, SeededRng(1)
    )
    due = GAME.due(step.state)
    assert due.players == ["p2"] and due.window is not None
    assert [c.key for c in due.window.choices] == ["pass", "push", "rally"]
    assert GAME.phase(step.state).topic == "react"
    assert GAME.parse(step.state, "p1", "end").errors[0].code == "dba.E_NOT_DUE"
    assert GAME.default_input(step.state, "p2") == AnswerInput(window="w1", choice="pass")
    bad = GAME.parse(step.state, "p2", "react elite")
    assert problem_codes(bad) == ["dba.E_ANSWER"]
    good = GAME.parse(step.state, "p2", "react rally\non attack when target=general play push")
    assert good.orders.choice == "rally" and good.orders.standing.add
    after = GAME.advance(step.state, {"p2": good.orders}, SeededRng(2)).state
    assert "p2 warband d5" in board(after)
    assert [card_key(c) for c in after.sides["p2"].hand].count("rally") == 0
    assert after.sides["p2"].standing[0].when == {"target": "general"}
    assert after.active == "p2" and after.stage == "turn"


def test_silence_in_a_window_takes_the_default_pass() -> None:
    state = position(ATTACK, {"p1": "attack", "p2": "push"})
    step = GAME.advance(
        state, {"p1": GAME.parse(state, "p1", "attack d4 d5 with attack").orders}, SeededRng(1)
    )
    default = GAME.default_input(step.state, "p2")
    after = GAME.advance(step.state, {"p2": default}, SeededRng(2))
    assert "p2 warband d5" not in board(after.state)
    assert step.state.sides["p2"].hand[0] in after.state.sides["p2"].hand  # Push not spent
    # how the question closed is the engine's to say (core.reaction.closed: "default"); no
    # event of the game calls the default "answered"
    assert all("how" not in e.data for e in after.events if e.code != "dba.victory")


def test_a_standing_reaction_answers_without_asking() -> None:
    state = position(ATTACK, {"p1": "attack", "p2": "push"})
    state.sides["p2"].standing = [StandingReaction(trigger="dba.attack", answer="push")]
    played = play_turn(state, "attack d4 d5 with attack")
    assert played.choices == []
    standing = next(e for e in played.events if e.code == "core.reaction.standing")
    assert standing.visible_to == ["p2"] and standing.data["answer"] == "push"
    assert "dba.defended" in played.codes()
    assert "p2 warband d5" in board(played.state)


def test_a_standing_reaction_with_a_condition_covers_only_matching_attacks() -> None:
    state = position(ATTACK, {"p1": "attack", "p2": "push"})
    rule = StandingReaction(trigger="dba.attack", answer="push", when={"target": "general"})
    state.sides["p2"].standing = [rule]
    step = GAME.advance(
        state, {"p1": GAME.parse(state, "p1", "attack d4 d5 with attack").orders}, SeededRng(1)
    )
    assert step.state.stage == "react"  # a warband is attacked, not the general


def test_orders_after_a_window_resume_once_it_is_answered() -> None:
    units = "p1 blades d4\np1 blades f4\np2 warband d5\np2 warband f5"
    state = position(units, {"p1": "attack attack", "p2": "push"})
    orders = GAME.parse(state, "p1", "attack d4 d5 with attack\nattack f4 f5 with attack").orders
    step = GAME.advance(state, {"p1": orders}, SeededRng(1))
    assert step.state.stage == "react" and len(step.state.pending) == 1
    after = GAME.advance(
        step.state, {"p2": AnswerInput(window="w1", choice="push")}, SeededRng(2)
    ).state
    assert board(after) == {"p1 blades d4", "p1 blades f4", "p2 warband d5"}


def test_hand_limit_named_discards_and_the_default() -> None:
    state = position("p1 blades d2", {"p1": "trod march push push push recoil rally scout"})
    too_many = GAME.parse(state, "p1", "discard push\ndiscard push\ndiscard push\ndiscard rally")
    assert "dba.E_DISCARD_LIMIT" in problem_codes(too_many)
    not_held = GAME.parse(state, "p1", "discard elite")
    assert [(p.line, p.code) for p in not_held.errors] == [(1, "dba.E_NO_CARD")]
    parsed = GAME.parse(state, "p1", "discard push\nmove d2-d4 with march")
    after = GAME.advance(state, {"p1": parsed.orders}, SeededRng(1)).state
    kept = [card_key(c) for c in after.sides["p1"].hand]
    assert kept == ["trod", "push", "push", "recoil"]  # march played; push, rally, scout gone


def test_the_discard_is_shuffled_into_a_new_deck_when_the_deck_runs_out() -> None:
    state = position("p1 blades d2", {})
    state.discard, state.deck = state.deck[:10], state.deck[10:12]
    events = draw(state, "p2", 3, SeededRng(4))
    assert events[0].code == "dba.reshuffle"
    assert len(state.sides["p2"].hand) == 3 and len(state.deck) == 9 and state.discard == []


def test_eight_units_lost_win_and_the_camp_counts_two() -> None:
    state = position("p1 blades d4\np2 camp d5\np2 blades a8", {"p1": "attack"})
    state.sides["p2"].lost = 6
    played = play_turn(state, "attack d4 d5 with attack")
    assert played.state.winner == "p1" and played.state.end_note == "losses"
    outcome = GAME.outcome(played.state)
    assert outcome is not None and outcome.standings[0] == {
        "seat": "p1",
        "lost": 0,
        "result": "win",
    }


def test_seven_losses_do_not_end_the_game() -> None:
    state = position("p1 blades d4\np2 bows d5\np2 blades a8", {})
    state.sides["p2"].lost = 6
    played = play_turn(state, "attack d4 d5")
    assert played.state.stage == "turn" and played.state.sides["p2"].lost == 7


def test_parse_reports_every_bad_line_with_its_number() -> None:
    state = position("p1 blades d2", {"p1": "march"})
    parsed = GAME.parse(state, "p1", "mvoe d2-d4 with march\nattack d2 z9\nmove d2-d4 with gallop")
    found = [(p.line, p.code) for p in parsed.errors]
    assert (1, "dba.E_UNKNOWN_ORDER") in found and (2, "dba.E_SQUARE") in found
    assert (3, "dba.E_NO_CARD") in found
    assert parsed.errors[0].suggestion == "move"


def test_an_empty_turn_is_end() -> None:
    state = position("p1 blades d2", {})
    assert GAME.parse(state, "p1", "end").orders == TurnInput()
    assert GAME.canonical(state, "p1", TurnInput()) == "end"


def test_only_the_asked_seat_sees_the_answers_of_a_question() -> None:
    state = position(ATTACK, {"p1": "attack", "p2": "push rally"})
    orders = GAME.parse(state, "p1", "attack d4 d5 with attack").orders
    asked = GAME.advance(state, {"p1": orders}, SeededRng(1)).state
    mine = GAME.view(asked, "p2", [])
    assert mine["template"].splitlines()[0] == "react pass"
    assert "#   react rally" in mine["template"].splitlines()
    assert any(line.startswith("rally") for line in mine["window"]["choices"])
    for viewer in ("p1", None):
        shown = GAME.view(asked, viewer, [])
        assert "choices" not in shown["window"] and shown["window"]["square"] == "d5"
        assert "Rally" not in str(shown) and "rally" not in str(shown)


def test_standing_lines_replace_the_set_as_in_every_game() -> None:
    state = position(ATTACK, {"p1": "attack", "p2": "push"})
    state.sides["p2"].standing = [StandingReaction(trigger="dba.attack", answer="rally")]
    orders = GAME.parse(state, "p1", "end\non attack play push\non attack play push").orders
    after = GAME.advance(state, {"p1": orders}, SeededRng(1)).state
    assert after.sides["p1"].standing == [StandingReaction(trigger="dba.attack", answer="push")]
    turn = GAME.parse(after, "p2", "end\non attack when target=camp play recoil").orders
    again = GAME.advance(after, {"p2": turn}, SeededRng(2)).state
    assert [r.answer for r in again.sides["p2"].standing] == ["recoil"]  # rally replaced
    kept = GAME.advance(again, {"p1": GAME.parse(again, "p1", "end").orders}, SeededRng(3)).state
    assert kept.sides["p1"].standing == after.sides["p1"].standing  # no line: kept
    cleared = GAME.parse(kept, "p2", "on attack play push\nstanding none").orders
    assert GAME.advance(kept, {"p2": cleared}, SeededRng(4)).state.sides["p2"].standing == []


def test_a_move_may_say_to_between_its_squares() -> None:
    state = position("p1 blades c2\np1 blades d2", {"p1": "march"})
    for text, canonical in [
        ("move d2 to d4 with march", "move d2-d4 with march"),
        ("Move d2 to d4 with March", "move d2-d4 with march"),
        ("move c2 to c4, d2 to d4 with march", "move c2-c4, d2-d4 with march"),
    ]:
        parsed = GAME.parse(state, "p1", text)
        assert parsed.errors == [], text
        assert GAME.canonical(state, "p1", parsed.orders) == canonical
    assert problem_codes(GAME.parse(state, "p1", "move d2 to with march")) == ["dba.E_MOVE_FORM"]
