"""The order reader never loses orders silently (issue 16, item 5).

Army numbers written `#1`, trailing words, `;` and arrows, phase-worded problems, kingdom names
in tithes, and mails that hold nothing: those are refused whole, so earlier orders stay on file.
"""

from __future__ import annotations

import pytest

from pbem.core.game import REFEREE
from pbem.games.mighty_kingdoms import GAME
from pbem.games.mighty_kingdoms.inputs import SummerOrders
from pbem.games.mighty_kingdoms.state import MKState, Order
from pbem.games.mighty_kingdoms.winter_inputs import Tithe, WinterOrders
from tests.games.mighty_kingdoms.summer_fixtures import add_army, new_game, two_kingdoms


def summer() -> MKState:
    """p1 has armies 1 (B2) and 3 (B3); p2 has army 2 (B5)."""
    state = two_kingdoms()
    add_army(state, "3 p1 B3")
    return state


def winter() -> MKState:
    """The same board in winter; p2's kingdom is called Bob."""
    state = summer()
    state.stage, state.month = "winter", 0
    state.kingdoms["p2"].name = "Bob"
    return state


def orders_of(state: MKState, text: str) -> list[Order]:
    """The army orders p1's text is read into (it must be accepted)."""
    parsed = GAME.parse(state, "p1", text)
    assert isinstance(parsed.orders, SummerOrders), parsed.problems
    return parsed.orders.orders


def codes(state: MKState, text: str, seat: str = "p1") -> list[str]:
    """The problem codes of a text."""
    return [p.code for p in GAME.parse(state, seat, text).problems]


MOVE_1 = [Order(army="1", kind="move", target="B3")]


@pytest.mark.parametrize(
    "text",
    [
        "#1 move B3",
        "move #1 to B3",
        "move #1 B3  # onwards",
        "army #1: move to B3",
        "move 1 → B3",
        "move 1 -> B3",
        "move 1 ⇒ B3",
    ],
)
def test_army_numbers_with_hash_and_arrows_are_read(text: str) -> None:
    state = summer()
    assert orders_of(state, text) == MOVE_1
    assert codes(state, text) == []


def test_a_hash_before_a_word_still_starts_a_comment() -> None:
    state = summer()
    assert orders_of(state, "move 1 to B3 #3 stays\n# defend 3\n#note") == MOVE_1


def test_trailing_words_keep_the_order_and_say_what_was_ignored() -> None:
    state = summer()
    parsed = GAME.parse(state, "p1", "move 1 to B3 please\ndefend 3 thanks")
    assert isinstance(parsed.orders, SummerOrders)
    assert parsed.orders.orders == [*MOVE_1, Order(army="3", kind="defend")]
    assert [(p.code, p.severity, p.params["words"]) for p in parsed.problems] == [
        ("mk.W_IGNORED_WORDS", "warning", "please"),
        ("mk.W_IGNORED_WORDS", "warning", "thanks"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "move 1 to B3; defend 3",
        "move 1 to B3, defend 3",
        "move 1 B3 defend 3",
        "move 1 → B3 ; defend #3",
    ],
)
def test_several_orders_on_one_line_are_all_kept(text: str) -> None:
    state = summer()
    assert orders_of(state, text) == [*MOVE_1, Order(army="3", kind="defend")]
    assert codes(state, text) == []


def test_win_move_is_not_split_as_a_second_order() -> None:
    parsed = GAME.parse(summer(), "p1", "move 1 to B3; win move 3 to C2")
    assert isinstance(parsed.orders, SummerOrders)
    assert [(m.army, m.tile) for m in parsed.orders.win_moves] == [("3", "C2")]


@pytest.mark.parametrize(
    ("stage", "text", "now", "other"),
    [
        ("summer", "tithe p2 gold 1", "a summer month", "the winter"),
        ("winter", "move 1 B3", "the winter", "a summer month"),
        ("race", "capital B2", "the race step of the setup", "the capital step of the setup"),
        ("capital", "race Elves", "the capital step of the setup", "the race step of the setup"),
    ],
)
def test_an_order_of_another_phase_says_which_phase_it_belongs_to(
    stage: str, text: str, now: str, other: str
) -> None:
    state = winter() if stage == "winter" else summer() if stage == "summer" else new_game(2)
    state.stage = stage  # type: ignore[assignment]
    problem = GAME.parse(state, "p1", text).problems[0]
    assert (problem.code, problem.params["now"], problem.params["other"]) == (
        "mk.E_WRONG_PHASE",
        now,
        other,
    )


def test_an_unknown_word_is_worded_for_the_phase_with_a_suggestion() -> None:
    problem = GAME.parse(winter(), "p1", "tihte p2 gold 1").problems[0]
    assert problem.code == "mk.E_UNKNOWN_KEYWORD" and problem.suggestion == "tithe"
    assert problem.params["now"] == "the winter"
    assert "tithe" in problem.params["known"]
    summer_problem = GAME.parse(summer(), "p1", "mvoe 1 B3").problems[0]
    assert summer_problem.params["now"] == "a summer month"
    assert summer_problem.suggestion == "move"


@pytest.mark.parametrize(
    "text",
    [
        "tithe Bob gold 1",
        "tithe bob gold 1",
        "tithe p2 gold 1",
        "tithe to Bob gold 1",
        "tithe P2 gold 1",
    ],
)
def test_tithe_takes_a_kingdom_name_like_opponent(text: str) -> None:
    parsed = GAME.parse(winter(), "p1", text)
    assert parsed.problems == []
    assert isinstance(parsed.orders, WinterOrders)
    assert parsed.orders.tithes == [Tithe(to="p2", gold=1)]
    assert GAME.canonical(winter(), "p1", parsed.orders) == "tithe p2 gold 1 food 0"


def test_a_multi_word_kingdom_name_works_for_tithes() -> None:
    state = winter()
    state.kingdoms["p2"].name = "The Iron Hills"
    parsed = GAME.parse(state, "p1", "tithe the iron hills food 1")
    assert isinstance(parsed.orders, WinterOrders)
    assert parsed.orders.tithes == [Tithe(to="p2", food=1)]


@pytest.mark.parametrize("stage", ["summer", "winter"])
@pytest.mark.parametrize("text", ["", "   \n\n", "# only a comment", "mvoe 1 B3", "tihte p2"])
def test_a_mail_with_nothing_understood_is_refused_whole(stage: str, text: str) -> None:
    state = winter() if stage == "winter" else summer()
    parsed = GAME.parse(state, "p1", text)
    assert parsed.orders is None  # the service keeps the earlier orders on file
    assert parsed.errors, "the player is always told why"


def test_winter_pass_is_a_deliberate_empty_order() -> None:
    parsed = GAME.parse(winter(), "p1", "pass")
    assert parsed.orders == WinterOrders() and parsed.problems == []


def test_one_good_line_among_typos_is_kept() -> None:
    parsed = GAME.parse(summer(), "p1", "mvoe 3 B4\nmove 1 to B3")
    assert isinstance(parsed.orders, SummerOrders) and parsed.orders.orders == MOVE_1
    assert [p.code for p in parsed.problems] == ["mk.E_UNKNOWN_KEYWORD"]


def test_referee_result_words_are_worded_for_a_battle_result() -> None:
    from tests.games.mighty_kingdoms.test_orders import kow_battle

    problem = GAME.parse(kow_battle(), REFEREE, "battle 1\nwinner p1\nmove 3 B3").problems[0]
    assert (problem.code, problem.params["now"]) == ("mk.E_WRONG_PHASE", "a battle result")


def test_a_refused_order_never_gets_a_taken_warning() -> None:
    state = summer()
    parsed = GAME.parse(state, "p1", "regroup 1 please\nmove 1 to Z9 now")
    codes = [p.code for p in parsed.problems]
    assert "mk.W_IGNORED_WORDS" not in codes
    assert codes and all(p.severity == "error" for p in parsed.problems)
