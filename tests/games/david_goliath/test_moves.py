"""Moves with every move card, blocking terrain, and Trip and Fall ending a move early."""

from __future__ import annotations

import pytest

from pbem.games.david_goliath import GAME
from pbem.games.david_goliath.orders_text import standing_of
from tests.games.david_goliath.harness import (
    DAVID,
    GOLIATH,
    codes,
    duel,
    problem_codes,
    send,
    silent,
)

GOLIATH_MOVES = [
    ("walk", "d8", "d7"),
    ("step", "d8", "e7"),
    ("jog", "d8", "d6"),
    ("trot", "d8", "b6"),
    ("run", "d8", "d5"),
    ("swift", "d8", "g5"),
    ("chase", "d8", "d3"),
    ("sprint", "h8", "c3"),
    ("four-cubits", "d8", "d7"),
    ("four-cubits", "d8", "d6"),
]


@pytest.mark.parametrize(("card", "start", "dest"), GOLIATH_MOVES)
def test_goliath_moves_exactly_the_cards_distance(card: str, start: str, dest: str) -> None:
    state = duel(goliath=start, david="a1", goliath_hand=(card,))
    after, events = send(state, GOLIATH, f"move {card} to {dest}")
    assert after.figures["goliath"].square == dest
    assert "dg.moved" in codes(events)
    assert f"{card}.1" in after.discard


def test_david_fleet_is_a_knights_jump_over_terrain() -> None:
    state = duel(
        step="move-david",
        david="d1",
        goliath="h8",
        david_hand=("fleet",),
        terrain={"d2": "rock", "e2": "tree"},
    )
    after, _ = send(state, DAVID, "move Fleet to e3")
    assert after.figures["david"].square == "e3"
    assert problem_codes(state, DAVID, "move fleet to d3") == ["dg.E_MOVE"]


def test_goliath_may_not_play_david_only_cards() -> None:
    state = duel(goliath_hand=("fleet",))
    assert problem_codes(state, GOLIATH, "move fleet to e6") == ["dg.E_NOT_YOURS"]


@pytest.mark.parametrize("blocker", ["rock", "tree"])
def test_rocks_and_trees_block_moves(blocker: str) -> None:
    state = duel(goliath_hand=("run",), terrain={"d6": blocker})
    assert problem_codes(state, GOLIATH, "move run to d5") == ["dg.E_MOVE"]


def test_no_move_into_or_through_the_other_figure() -> None:
    state = duel(goliath="d8", david="d6", goliath_hand=("run", "walk"))
    assert problem_codes(state, GOLIATH, "move run to d5") == ["dg.E_MOVE"]
    after, _ = send(state, GOLIATH, "move walk to d7")
    assert after.figures["goliath"].square == "d7"


def test_trip_ends_the_move_on_a_square_on_the_way() -> None:
    state = duel(goliath_hand=("chase",), david_hand=("trip",), david="a1")
    asked, events = send(state, GOLIATH, "move chase to d3")
    assert asked.window is not None and asked.window.seat == DAVID
    assert GAME.due(asked).window == asked.window
    keys = [c.key for c in asked.window.choices]
    assert keys == ["pass", "trip", "trip d7", "trip d6", "trip d5", "trip d4"]
    assert "dg.moved" not in codes(events)
    after, events = send(asked, DAVID, "react trip d5")
    assert after.figures["goliath"].square == "d5"
    assert "dg.negated" in codes(events)
    assert "trip.1" in after.discard and "trip.1" not in after.figures["david"].hand


def test_fall_at_the_start_cancels_the_whole_move() -> None:
    state = duel(
        step="move-david", david="a1", goliath="h8", david_hand=("jog",), goliath_hand=("fall",)
    )
    asked, _ = send(state, DAVID, "move jog to a3")
    after, _ = send(asked, GOLIATH, "fall")
    assert after.figures["david"].square == "a1"


def test_a_silent_negate_window_lets_the_move_finish() -> None:
    state = duel(goliath_hand=("jog",), david_hand=("trip",), david="a1")
    asked, _ = send(state, GOLIATH, "move jog to d6")
    after, _events = silent(asked)
    assert after.figures["goliath"].square == "d6"
    assert "trip.1" in after.figures["david"].hand


def test_a_standing_negate_closes_the_window_at_once() -> None:
    state = duel(goliath_hand=("jog",), david_hand=("trip",), david="a1")
    state.figures["david"].standing = [standing_of(["negate", "with", "trip"], "david")]  # type: ignore[list-item]
    after, events = send(state, GOLIATH, "move jog to d6")
    assert after.window is None
    assert after.figures["goliath"].square == "d8"
    standing = [e for e in events if e.code == "core.reaction.standing"]
    assert standing and standing[0].visible_to == [DAVID]


def test_goliath_recovers_his_spear_by_entering_its_square() -> None:
    state = duel(goliath_hand=("run",), david="a1", spear_at="d6")
    after, events = send(state, GOLIATH, "move run to d5")
    assert after.spear_at is None and "dg.spear_recovered" in codes(events)


def test_david_gathers_stones_where_they_lie() -> None:
    state = duel(
        step="move-david",
        david="d1",
        goliath="h8",
        david_hand=("walk",),
        stones_held=3,
        stones_at={"d2": 2},
    )
    after, _ = send(state, DAVID, "move walk to d2")
    assert after.stones_held == 5 and after.stones_at == {}
