"""Brimstone and Fire and the three Destruction Cubes: the location with the most sin is
destroyed (the Starting Player chooses among equals, by question or standing rule), and a
destroyed location takes no sin and no one enters it."""

from __future__ import annotations

from pbem.core.game import Event
from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.cards.punish import sin_card
from pbem.games.kings_of_israel.content import DESTRUCTION_SUPPLY
from pbem.games.kings_of_israel.inputs import KIOrders
from pbem.games.kings_of_israel.play.prophet import move_options, return_options
from pbem.games.kings_of_israel.sin import increase
from pbem.games.kings_of_israel.state import KIState
from tests.games.kings_of_israel.harness import opening


def round_start() -> KIState:
    """Round 2 is starting; Ben (p2) holds the Starting Player card. Bethel and Dan hold
    three Sin Cubes each (Bethel an Altar too), Gilgal one."""
    state = opening(2, 5)
    state.round, state.starter, state.step, state.start_stage = 2, 1, "start", 5
    state.sin = {"bethel": 3, "dan": 3, "gilgal": 1}
    state.idols, state.altars = ["dan"], ["samaria", "bethel"]
    state.prophets["p1"].at, state.prophets["p2"].at = "shiloh", "jericho"
    return state


def test_the_book_lists_three_destruction_cubes() -> None:
    assert DESTRUCTION_SUPPLY == 3


def test_a_tie_is_asked_of_the_starting_player_and_the_answer_destroys_that_location() -> None:
    state = round_start()
    events: list[Event] = []
    assert not sin_card(state, "brimstone-and-fire.1", SeededRng(1), events)
    window = state.window
    assert window is not None and window.seat == "p2" and window.trigger == "ki.tie"
    assert window.facts == {"what": "destroy"}
    assert [c.key for c in window.choices] == ["dan", "bethel"]  # the map's order
    assert GAME.due(state).players == ["p2"]
    after = GAME.advance(state, {"p2": KIOrders(answer="bethel")}, SeededRng(2)).state
    assert after.destroyed == ["bethel"]
    assert "bethel" not in after.altars and after.altars == ["samaria"]
    assert after.sin.get("bethel", 0) == 0 and after.sin["dan"] >= 3  # Dan untouched


def test_a_standing_tie_rule_answers_without_a_question() -> None:
    state = round_start()
    state.prophets["p2"].standing = [
        StandingReaction(trigger="ki.tie", when={"what": "destroy"}, answer="dan")
    ]
    events: list[Event] = []
    assert sin_card(state, "brimstone-and-fire.1", SeededRng(1), events)
    assert state.window is None and state.destroyed == ["dan"] and "dan" not in state.idols
    assert next(e.data for e in events if e.code == "ki.destroyed") == {
        "place": "dan",
        "cubes": 3,
        "left": 2,
    }


def destroyed_bethel() -> KIState:
    """Bethel lies destroyed."""
    state = round_start()
    state.sin["bethel"] = 4
    assert sin_card(state, "brimstone-and-fire.1", SeededRng(1), [])
    assert state.destroyed == ["bethel"]
    return state


def test_a_destroyed_location_takes_no_sin_and_no_idol_and_passes_no_spread() -> None:
    state = destroyed_bethel()
    events: list[Event] = []
    increase(state, "bethel", set(), events)
    increase(state, "judah", set(), events)  # Judah spreads to Bethel and Jericho
    assert "bethel" not in state.sin and "bethel" not in state.idols
    assert state.sin["jericho"] == 1
    assert [e.data["place"] for e in events if e.code == "ki.ruins"] == ["bethel", "bethel"]


def test_no_prophet_enters_a_destroyed_location_or_builds_there() -> None:
    state = destroyed_bethel()
    state.step, state.turn_index, state.starter, state.actions_left = "work", 0, 0, 4
    state.prophets["p1"].hand = ["gold.1", "stone.1", "wood.1", "grain.1"]
    state.prophets["p1"].blessings = ["chariot-of-fire.1"]
    text = "move bethel\nmove bethel gilgal with grain\nplay chariot-of-fire p1 bethel"
    orders = GAME.parse(state, "p1", text).orders
    advance = GAME.advance(state, {"p1": orders}, SeededRng(1))
    problems = [e.data["problem"] for e in advance.events if e.code == "ki.skipped"]
    assert problems == ["ki.E_NOT_ADJACENT", "ki.E_NOT_ROAD", "ki.E_BLESSING_PLACE"]
    state.prophets["p1"].at = "bethel"  # one who stood there when it fell builds nothing
    orders = GAME.parse(state, "p1", "build altar").orders
    advance = GAME.advance(state, {"p1": orders}, SeededRng(1))
    problems = [e.data["problem"] for e in advance.events if e.code == "ki.skipped"]
    assert problems == ["ki.E_DESTROYED"]


def test_the_false_prophet_neither_moves_nor_returns_to_a_destroyed_location() -> None:
    state = destroyed_bethel()
    state.false_prophet = "shiloh"
    state.prophets["p1"].at = "dan"
    state.sin = {}
    assert "bethel" not in move_options(state)[1]
    assert "bethel" not in return_options(state)


def test_three_cubes_destroy_three_locations_and_no_more() -> None:
    state = round_start()
    state.sin = {"bethel": 4, "dan": 3, "gilgal": 2, "hazor": 1}
    events: list[Event] = []
    for _ in range(4):
        assert sin_card(state, "brimstone-and-fire.1", SeededRng(1), events)
    assert state.destroyed == ["bethel", "dan", "gilgal"]
    assert state.sin == {"hazor": 1}
    assert "ki.no_destruction_cube" in [e.code for e in events]


def test_the_report_names_the_destroyed_locations() -> None:
    state = destroyed_bethel()
    view = GAME.view(state, "p1", [])
    assert view["public"]["destroyed"] == ["Bethel"]
    assert view["public"]["destruction_supply"] == 2
    assert any(line.startswith("Bethel") and "DESTROYED" in line for line in view["board_lines"])
