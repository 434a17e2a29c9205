"""The order language: every form reads back from its canonical text; problems name lines."""

from __future__ import annotations

import pytest

from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.inputs import Act, KIOrders
from tests.games.kings_of_israel.harness import opening

STATE = opening(2, 4)
STATE.prophets["p1"].blessings = ["repentance.1", "manna.1"]


@pytest.mark.parametrize(
    ("text", "acts"),
    [
        ("move Mount Ebal", [Act(verb="move", args=["mount-ebal"])]),
        (
            "move shiloh bethel gilgal with grain",
            [Act(verb="move", args=["shiloh", "bethel", "gilgal", "grain"])],
        ),
        ("preach if sin bethel 2", [Act(verb="preach", when=["sin", "bethel", "2"])]),
        ("destroy idol if no altar", [Act(verb="destroy", when=["no", "altar"])]),
        ("give ben gold wood", [Act(verb="give", args=["p2", "gold", "wood"])]),
        ("play repentance Bethel", [Act(verb="play", args=["repentance", "bethel"])]),
        ("play manna p2", [Act(verb="play", args=["manna", "p2"])]),
        (
            "acquire\nbuild altar\nsacrifice",
            [Act(verb="acquire"), Act(verb="build"), Act(verb="sacrifice")],
        ),
    ],
)
def test_orders_read_and_write_back(text: str, acts: list[Act]) -> None:
    parsed = GAME.parse(STATE, "p1", text)
    assert parsed.errors == []
    assert parsed.orders.acts == acts
    again = GAME.parse(STATE, "p1", GAME.canonical(STATE, "p1", parsed.orders))
    assert again.orders == parsed.orders


def test_later_turns_and_standing_rules_round_trip() -> None:
    text = "preach\nnext turn\nacquire\nnext turn\non idol when place=bethel play repentance"
    parsed = GAME.parse(STATE, "p1", text).orders
    assert isinstance(parsed, KIOrders)
    assert parsed.later == [[Act(verb="acquire")], []]
    assert parsed.standing and parsed.standing[0].when == {"place": "bethel"}
    assert GAME.parse(STATE, "p1", GAME.canonical(STATE, "p1", parsed)).orders == parsed
    cleared = GAME.parse(STATE, "p1", "plans clear\nstanding clear").orders
    assert cleared.later == [] and cleared.standing == []


@pytest.mark.parametrize(
    ("text", "line", "code"),
    [
        ("preach\npreech", 2, "ki.E_UNKNOWN"),
        ("move babylon", 1, "ki.E_PLACE"),
        ("acquire\n\nmove bethel with gold", 3, "ki.E_RUNNER"),
        ("give zed gold", 1, "ki.E_SEAT"),
        ("play fire-from-heaven dan", 1, "ki.E_NOT_HELD"),
        ("play miracle", 1, "ki.E_CARD"),
        ("preach if rain", 1, "ki.E_CONDITION"),
        ("on storm play manna", 1, "ki.E_STANDING_FORM"),
        ("give p2 gold silver", 1, "ki.E_GIVE_FORM"),
    ],
)
def test_problems_carry_their_line_and_code(text: str, line: int, code: str) -> None:
    problems = GAME.parse(STATE, "p1", text).errors
    assert [(p.line, p.code) for p in problems] == [(line, code)]


def test_a_misspelt_order_gets_a_suggestion() -> None:
    problem = GAME.parse(STATE, "p1", "sacrifise").errors[0]
    assert problem.suggestion == "sacrifice"


def test_the_referee_sends_no_prophets_orders() -> None:
    assert GAME.parse(STATE, "referee", "preach").errors[0].code == "ki.E_NOT_A_PLAYER"


def test_a_team_mates_actions_sent_out_of_turn_are_their_next_turn() -> None:
    state = opening(2, 4)
    state.prophets["p2"].blessings = ["manna.1"]
    assert state.active_seat() == "p1"
    early = GAME.parse(state, "p2", "play manna p1\npreach\nnext turn\nacquire")
    assert early.errors == []
    assert early.orders.acts == [Act(verb="play", args=["manna", "p1"])]
    assert early.orders.later == [[Act(verb="preach")], [Act(verb="acquire")]]
    text = GAME.canonical(state, "p2", early.orders)
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    assert lines[1].startswith("next turn  # not your turn now, so your next turn")
    assert GAME.parse(state, "p2", text).orders == early.orders
    fine = GAME.parse(state, "p2", "play manna p1\nnext turn\npreach")
    assert fine.errors == [] and fine.orders.later == [[Act(verb="preach")]]
    mine = GAME.parse(state, "p1", "preach")
    assert mine.orders.acts == [Act(verb="preach")] and mine.orders.later is None
