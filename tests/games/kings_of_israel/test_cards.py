"""Every card of the shipped decks resolved: each Sin & Punishment card, each Blessing."""

from __future__ import annotations

import pytest

from pbem.core.game import Event
from pbem.core.reactions import StandingReaction
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel.cards.blessings import play_blessing
from pbem.games.kings_of_israel.cards.punish import sin_card
from pbem.games.kings_of_israel.content import Board
from pbem.games.kings_of_israel.state import KIState
from tests.games.kings_of_israel.harness import opening, scenario

BOARD = Board.model_validate(scenario())


def busy_board() -> KIState:
    """Two prophets, sin in several places, two Idols and three Altars."""
    state = opening(2, 3)
    state.sin = {"bethel": 2, "samaria": 1, "jericho": 1, "dan": 1, "acco": 3, "gilgal": 1}
    state.idols = ["acco", "shiloh"]
    state.altars = ["samaria", "bethel", "hazor"]
    state.prophets["p1"].at, state.prophets["p2"].at = "jericho", "bethel"
    state.prophets["p1"].hand = ["cattle.90", "grain.91", "gold.92"]
    state.prophets["p2"].hand = ["wood.93"]
    for prophet in state.prophets.values():  # a card's discard is chosen without a question
        prophet.standing = [StandingReaction(trigger="ki.discard", answer="cattle")]
    state.step, state.turn_index, state.actions_left = "work", 0, 4
    return state


def snapshot(state: KIState) -> tuple[object, ...]:
    """What a card may change."""
    hands = {s: list(p.hand) for s, p in sorted(state.prophets.items())}
    places = {s: p.at for s, p in sorted(state.prophets.items())}
    return (
        dict(sorted(state.sin.items())),
        sorted(state.idols),
        sorted(state.altars),
        list(state.permanents),
        hands,
        places,
        state.actions_left,
        list(state.decks.face_up),
    )


@pytest.mark.parametrize("card", [c.id for c in BOARD.sins])
def test_every_sin_and_punishment_card_does_something(card: str) -> None:
    state = busy_board()
    before = snapshot(state)
    events: list[Event] = []
    sin_card(state, f"{card}.1", SeededRng(1), events)
    assert snapshot(state) != before, card
    title = BOARD.sin_card(f"{card}.1").title
    assert {"code": "ki.sin_card", "title": title} in [
        {"code": e.code, "title": e.data.get("title")} for e in events
    ]


def test_brimstone_and_fire_destroys_the_location_with_the_most_sin() -> None:
    state = busy_board()
    state.sin["bethel"] = 4
    state.idols.append("bethel")
    events: list[Event] = []
    assert sin_card(state, "brimstone-and-fire.1", SeededRng(1), events)
    assert state.destroyed == ["bethel"]
    assert "bethel" not in state.sin and "bethel" not in state.idols
    assert sorted(state.altars) == ["hazor", "samaria"]  # its Altar went with it
    assert state.window is None and "ki.tie" not in [e.code for e in events]
    lost = next(e.data for e in events if e.code == "ki.destroyed")
    assert lost == {"place": "bethel", "cubes": 4, "left": 2}


def test_a_tie_is_the_starting_players_choice_by_standing_rule() -> None:
    state = busy_board()
    state.sin["hazor"] = 3  # Acco and Hazor hold three each
    state.prophets["p1"].standing.append(StandingReaction(trigger="ki.tie", answer="hazor"))
    events: list[Event] = []
    sin_card(state, "brimstone-and-fire.1", SeededRng(1), events)
    assert state.destroyed == ["hazor"] and sorted(state.altars) == ["bethel", "samaria"]
    assert any(e.code == "ki.tie" and e.data["picked"] == "hazor" for e in events)


@pytest.mark.parametrize("card", [c.id for c in BOARD.sins if c.foretold is not None])
def test_a_foretold_event_goes_under_n_cards_face_up_then_comes_to_pass(card: str) -> None:
    state = busy_board()
    top = ["famine.1", "famine.2", "famine.3", "drought.1", "drought.2"]
    state.decks.sin = list(top)
    events: list[Event] = []
    sin_card(state, f"{card}.1", SeededRng(1), events)
    assert state.decks.face_up == [f"{card}.1"]
    # in the book's order: ours goes under as many cards as players, then the top card
    # is drawn to replace it, so it comes up after players - 1 more draws
    players = len(state.seats)
    assert state.decks.sin[:players] == [*top[1:players], f"{card}.1"]
    assert "famine.1" in state.decks.sin_discard
    before = snapshot(state)
    events = []
    sin_card(state, f"{card}.1", SeededRng(1), events)
    state.decks.sin.remove(f"{card}.1")
    assert "ki.foretold_comes" in [e.code for e in events]
    assert state.decks.face_up == []
    assert snapshot(state) != before


BLESSING_ARGS = {
    "manna": [],
    "fire-from-heaven": ["acco"],
    "repentance": ["bethel"],
    "revival": [],
    "chariot-of-fire": ["dan"],
    "strength-renewed": [],
    "ravens": [],
    "wisdom": [],
    "double-portion": [],
    "tithes": [],
    "angel-of-the-lord": ["bethel"],
}


@pytest.mark.parametrize("card", [c.id for c in BOARD.blessings])
def test_every_blessing_does_something(card: str) -> None:
    state = busy_board()
    state.prophets["p1"].blessings = [f"{card}.1"]
    before = snapshot(state)
    events: list[Event] = []
    refusal = play_blessing(state, "p1", [card, *BLESSING_ARGS[card]], SeededRng(1), events)
    assert refusal is None
    assert snapshot(state) != before, card
    assert state.prophets["p1"].blessings == []
    permanent = BOARD.blessing(f"{card}.1").permanent
    assert (f"b:{card}.1" in state.permanents) == permanent


def test_permanent_blessings_change_the_rules() -> None:
    from pbem.games.kings_of_israel.cards.decks import hand_limit
    from pbem.games.kings_of_israel.play.actions import preach_count

    state = busy_board()
    assert (hand_limit(state, "p1"), preach_count(state, "p1")) == (6, 1)
    state.permanents = ["b:wisdom.1", "b:double-portion.1"]
    assert (hand_limit(state, "p1"), preach_count(state, "p1")) == (8, 2)


def test_a_useless_blessing_is_refused_and_kept() -> None:
    state = busy_board()
    state.prophets["p1"].blessings = ["repentance.1"]
    assert play_blessing(state, "p1", ["repentance", "mount-nebo"], SeededRng(1), []) is not None
    assert state.prophets["p1"].blessings == ["repentance.1"]
