"""Divine Aid, "Event: Draw 7 cards and discard 6" (issue 35 item 6): David discards any six
cards of his whole hand, those drawn and those he held, named in one answer; silence takes
the automatic pick (the six drawn last, so he keeps what he held and the first card drawn)."""

from __future__ import annotations

from pbem.core.reactions import read_answer
from pbem.games.david_goliath import GAME
from pbem.games.david_goliath.bots import options
from pbem.games.david_goliath.state import DGState
from tests.games.david_goliath.harness import (
    DAVID,
    GOLIATH,
    duel,
    problem_codes,
    send,
    silent,
    slugs,
)

HELD = ("divine-aid", "walk", "step", "dodge", "duck", "staff-parry")


def played() -> tuple[DGState, list[str]]:
    """David has played Divine Aid holding five other cards; the question and the seven drawn."""
    state = duel(step="event-david", david_hand=HELD, goliath_hand=("jog",))
    top = ["trot.1", "run.1", "swift.1", "chase.1", "sprint.1", "fleet.1", "dodge.2"]
    state.deck = top + [c for c in state.deck if c not in top]
    drawn = [c.rsplit(".", 1)[0] for c in top]
    asked, _ = send(state, DAVID, "event divine-aid")
    assert asked.window is not None and asked.window.seat == DAVID
    return asked, drawn


def test_the_rules_case_any_six_of_the_whole_hand_old_cards_and_new() -> None:
    asked, drawn = played()
    after, events = send(asked, DAVID, "react discard walk step " + " ".join(drawn[:4]))
    assert sorted(slugs(after, "david")) == sorted(["dodge", "duck", "staff-parry", *drawn[4:]])
    assert len(after.discard) == 7  # Divine Aid and the six
    shown = next(e for e in events if e.code == "dg.divine_discards")
    assert shown.visible_to is None and len(shown.data["cards"]) == 6  # discards are public
    assert after.step == "event-goliath"


def test_silence_takes_the_automatic_pick_the_six_drawn_last() -> None:
    asked, drawn = played()
    after, _ = silent(asked)
    assert slugs(after, "david") == ["walk", "step", "dodge", "duck", "staff-parry", drawn[0]]


def test_one_discard_line_a_card_works_and_a_short_list_is_filled_with_the_newest() -> None:
    asked, drawn = played()
    parsed = GAME.parse(asked, DAVID, "discard walk\ndiscard dodge")
    assert parsed.errors == []
    named = parsed.orders.answer.split()[1:]  # type: ignore[union-attr]
    assert drawn[6] == "dodge"  # he drew a second Dodge: naming one discards one, the newest
    assert named == ["walk", "dodge", drawn[5], drawn[4], drawn[3], drawn[2]]
    after, _ = send(asked, DAVID, "discard walk\ndiscard dodge")
    kept = ["step", "dodge", "duck", "staff-parry", *drawn[:2]]
    assert sorted(slugs(after, "david")) == sorted(kept)


def test_the_answer_must_name_cards_held_and_at_most_six() -> None:
    asked, drawn = played()
    seven = "discard walk step dodge duck staff-parry " + " ".join(drawn[:2])
    assert problem_codes(asked, DAVID, seven) == ["dg.E_DIVINE_COUNT"]
    assert problem_codes(asked, DAVID, "discard walk walk") == ["dg.E_DIVINE_HELD"]
    assert problem_codes(asked, DAVID, "react pass") == ["dg.E_DIVINE_FORM"]


def test_the_question_and_the_template_say_what_can_be_chosen() -> None:
    asked, drawn = played()
    view = GAME.view(asked, DAVID, [])
    question = view["question"]
    assert question["trigger"] == "dg.divine_aid" and question["facts"]["count"] == 6
    default = "discard " + " ".join(reversed(drawn[1:]))
    assert question["default"] == default
    assert f"{default}: " in "\n".join(question["choices"])
    assert any(line.startswith("discard walk: ") for line in question["choices"])
    lines = view["template"].splitlines()
    assert lines[:6] == [f"discard {s}" for s in reversed(drawn[1:])]  # the default, live
    assert all(line.startswith("#") for line in lines[6:]) and len(lines) > 6
    assert GAME.parse(asked, DAVID, view["template"]).orders == GAME.default_input(asked, DAVID)


def test_goliath_learns_only_the_six_discarded_never_the_cards_kept() -> None:
    asked, drawn = played()
    assert "question" not in GAME.view(asked, GOLIATH, [])
    parsed = GAME.parse(asked, DAVID, "discard walk step " + " ".join(drawn[:4]))
    text = GAME.canonical(asked, DAVID, parsed.orders)
    # the engine's public `core.reaction.closed` names the choice it reads from this text
    read = read_answer(asked.window, text)  # type: ignore[arg-type]
    assert read is not None and read.answer == "discard walk"


def test_every_listed_answer_is_complete_and_reads_back_the_same() -> None:
    asked, _drawn = played()
    listed = options(asked, DAVID)
    answers = [o.answer for o in listed]
    assert len(answers) > 2 and len(set(answers)) == len(answers)
    assert answers[0] == asked.window.default  # type: ignore[union-attr]
    for orders in listed:
        assert len(orders.answer.split()) == 7  # type: ignore[union-attr]
        text = GAME.canonical(asked, DAVID, orders)
        assert GAME.parse(asked, DAVID, text).orders == orders, text
