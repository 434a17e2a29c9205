"""Issue 24: nothing a David and Goliath player receives depends on the other hand or the deck
order. Twins of random duels are played forward through the real report path and compared."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pbem.core.rng import SeededRng
from pbem.games.david_goliath import GAME
from pbem.games.david_goliath.legal import other
from pbem.games.david_goliath.state import DGState
from tests.support.examples import examples
from tests.support.secrecy import Desk, leaks, observe, random_states

STATES = examples(300)
# Orders naming cards, squares and answers a seat may well not hold or have: their error
# replies must read the same whatever the other hand holds (issue 24 item 4).
PROBES = (
    "event divine-aid",
    "event single-combat",
    "move walk to e5",
    "move fleet to c3",
    "attack sword-slash",
    "attack throw-far",
    "attack sling-short stone-curved",
    "react dodge",
    "react trip",
    "pass\ndiscard trip\nstanding defend with armor",
    "pass\nstanding negate with fall",
)


def quiet_others(state: DGState, seat: str) -> DGState:
    """The others' public behaviour is the default input: no standing orders of theirs, which
    would play a card they may or may not hold (that difference is the game, not a leak)."""
    role = state.role_of(seat)
    if role is None:
        return state
    quiet = state.model_copy(deep=True)
    foe = quiet.figures[other(role)]
    foe.standing, foe.discard_first = [], []
    return quiet


def _seats(state: Any) -> list[str]:
    return [s.id for s in state.seats]


@pytest.mark.slow
def test_what_a_player_receives_does_not_depend_on_the_other_hand(tmp_path: Path) -> None:
    game, desk, opening = Desk.of_game("david-goliath", tmp_path)
    states = random_states(game, opening, STATES, seed=24)
    found = leaks(
        game,
        desk,
        states,
        _seats,
        steps=3,
        probes=PROBES,
        prepare=quiet_others,
        receive=desk.receive,
    )
    assert found == [], "\n".join(found[:10])


def test_the_twin_changes_the_hidden_cards_and_keeps_the_seat_view(tmp_path: Path) -> None:
    game, _desk, opening = Desk.of_game("david-goliath", tmp_path)
    states = random_states(game, opening, 60, seed=7)
    changed = 0
    for number, state in enumerate(states):
        for seat in _seats(state):
            twin = GAME.resample_hidden(state, seat, SeededRng(number))
            assert GAME.view(twin, seat, []) == GAME.view(state, seat, [])
            foe = other(state.roles[seat])
            if (twin.figures[foe].hand, twin.deck) != (state.figures[foe].hand, state.deck):
                changed += 1
            assert sorted(twin.figures[foe].hand + twin.deck) == sorted(
                state.figures[foe].hand + state.deck
            )
    assert changed >= 0.9 * 2 * len(states)


@pytest.mark.slow
def test_an_observer_sees_neither_hand(tmp_path: Path) -> None:
    """An observer (issue 37) gets the public report: the same whichever hand is redrawn."""
    game, desk, opening = Desk.of_game("david-goliath", tmp_path)
    states = random_states(game, opening, 30, seed=25)
    found = leaks(game, desk, states, _seats, steps=3, prepare=quiet_others,
                  receive=observe(desk))  # fmt: skip
    assert found == [], "\n".join(found[:10])
