"""Secrecy as indistinguishability for the DBA card game (issue 24): over random states of a
two-player and a three-player battle, what a seat receives (reports in every format, subject,
phase, deadline, who owes, whether and what it is asked, the readings of its mails) is the same
when the deck order and the other hands are drawn afresh (pbem/games/dba_cards/hidden.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from pbem.core.game import Game
from pbem.core.rng import SeededRng
from pbem.games.dba_cards import GAME
from pbem.games.dba_cards.bots import random_input
from pbem.games.dba_cards.inputs import Scout, TurnInput
from pbem.games.dba_cards.state import DBAState
from tests.games.dba_cards.harness import two_player_desk
from tests.support.examples import examples
from tests.support.secrecy import Desk, leaks, observe, random_states

# Orders naming cards, units and squares the sender may well not hold or own (issue item 4):
# each reply may depend on the sender's own hand and the board, never on anyone else's hand.
PROBES = [
    "scout",
    "discard push\ndiscard elite",
    "move d2-d3 with gallop",
    "attack d4 d5 with supported",
    "attack e7 e6 with elite",
    "trample d2 d3 d4",
    "dismount c1",
    "react push",
    "react recoil",
    "on attack play rally",
]


def _without_scout(state: DBAState, seat: str, rng: SeededRng) -> BaseModel:
    """A random legal input without any Scout order."""
    made = random_input(state, seat, rng)
    if not isinstance(made, TurnInput):
        return made
    kept = [o for o in made.orders if not isinstance(o, Scout)]
    return TurnInput(orders=kept, standing=made.standing)


# The game as played by the seat under test, which never plays Scout: Scout shows it the
# other hand on purpose (its own test is in test_every_card.py), and from then on the seat
# knows what the twin changed.
WITHOUT_SCOUT = replace(GAME, random_input=_without_scout)


def _public_behaviour(state: DBAState) -> DBAState:
    """The others' standing lines as their public behaviour: a line that plays a card plays it
    only if held (a card played is public), so the others keep only lines that play none."""
    for side in state.sides.values():
        side.standing = [rule for rule in side.standing if rule.answer == "pass"]
    return state


def _states(game: Game, opening: Any, count: int, seed: int) -> list[DBAState]:
    return [_public_behaviour(s) for s in random_states(game, opening, count, seed, longest=30)]


def _check(desk: Desk, states: list[DBAState], observer: bool = False) -> list[str]:
    game = WITHOUT_SCOUT
    return leaks(
        game,
        desk,
        states,
        lambda s: s.seat_ids(),
        steps=2,
        probes=PROBES,
        receive=observe(desk) if observer else desk.receive,
    )


@pytest.mark.slow
def test_a_two_player_battle_shows_a_seat_nothing_hidden_from_it(tmp_path: Path) -> None:
    desk, opening = two_player_desk(tmp_path)
    states = _states(GAME, opening, examples(110), seed=24)
    assert sum(s.stage in ("turn", "react") for s in states) > len(states) * 90 // 110
    assert _check(desk, states) == []


@pytest.mark.slow
def test_a_three_player_battle_shows_a_seat_nothing_hidden_from_it(tmp_path: Path) -> None:
    game, desk, opening = Desk.of_game("dba-cards", tmp_path)
    states = _states(game, opening, examples(90), seed=25)
    assert len(states[0].seat_ids()) == 3
    assert _check(desk, states) == []


@pytest.mark.slow
def test_a_twin_draws_the_hidden_cards_afresh_and_keeps_what_the_seat_knows(
    tmp_path: Path,
) -> None:
    game = GAME
    _, opening = two_player_desk(tmp_path)
    pairs = changed = 0
    for number, state in enumerate(_states(game, opening, 40, seed=26)):
        for seat in state.seat_ids():
            twin = game.resample_hidden(state, seat, SeededRng(number))
            assert game.view(twin, seat, []) == game.view(state, seat, [])
            assert sorted(_all_cards(twin)) == sorted(_all_cards(state))
            assert {s: len(v.hand) for s, v in twin.sides.items()} == {
                s: len(v.hand) for s, v in state.sides.items()
            }
            if state.deck:
                pairs += 1
                others = [o for o in state.seat_ids() if o != seat]
                hands = [sorted(twin.sides[o].hand) != sorted(state.sides[o].hand) for o in others]
                changed += twin.deck != state.deck and (
                    any(hands) or not state.sides[others[0]].hand
                )
    assert pairs > 50 and changed >= 0.9 * pairs


def _all_cards(state: DBAState) -> list[str]:
    return [*state.deck, *state.discard, *(c for s in state.sides.values() for c in s.hand)]


@pytest.mark.slow
def test_an_observer_sees_nothing_hidden_from_any_seat(tmp_path: Path) -> None:
    """An observer (issue 37) gets the public report: the same whichever hand is redrawn."""
    game, desk, opening = Desk.of_game("dba-cards", tmp_path)
    states = _states(game, opening, examples(30), seed=27)
    assert _check(desk, states, observer=True) == []
