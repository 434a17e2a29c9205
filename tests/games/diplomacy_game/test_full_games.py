"""Whole games between the bots, seven and five players, played to a finish: every phase's
orders go through their text form as mail would, and the board stays sound throughout."""

from __future__ import annotations

import pytest

from pbem.core.rng import SeededRng, derive_seed
from pbem.games.diplomacy import GAME
from pbem.games.diplomacy.board.geography import geography
from pbem.games.diplomacy.state import DipState
from tests.games.diplomacy_game.play import standard_game

MAX_PHASES = 400


def _sound(state: DipState) -> None:
    """One unit a province, each where its kind may stand; no more units than centres in
    spring; every centre owned by a power in the game."""
    geo = geography(state.board)
    provinces = [u.province for u in state.units]
    assert len(provinces) == len(set(provinces))
    for unit in state.units:
        assert unit.at in (geo.army if unit.kind == "A" else geo.fleet), unit
    alive = set(state.alive())
    assert set(state.centres.values()) <= alive
    if state.season == "spring" and state.step == "movement":
        for power in alive:
            assert len(state.units_of(power)) <= state.centre_count(power)


def _play(players: int, seed: int) -> tuple[DipState, int]:
    state = standard_game(players)
    phases = 0
    while GAME.outcome(state) is None and phases < MAX_PHASES:
        due = GAME.due(state)
        inputs = {}
        for seat in due.players:
            chosen = GAME.random_input(state, seat, SeededRng(derive_seed(seed, f"{phases}{seat}")))
            text = GAME.canonical(state, seat, chosen)
            parsed = GAME.parse(state, seat, text)
            assert parsed.errors == [] and parsed.orders == chosen, text
            inputs[seat] = parsed.orders
        state = GAME.advance(state, inputs, SeededRng(derive_seed(seed, str(phases)))).state
        _sound(state)
        phases += 1
    return state, phases


@pytest.mark.parametrize(("players", "seed"), [(7, 1), (7, 2), (5, 3), (5, 4)])
def test_a_random_game_is_played_to_a_finish(players: int, seed: int) -> None:
    state, phases = _play(players, seed)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.finished, (phases, state.year)
    assert len(outcome.standings) == players
    results = {row["result"] for row in outcome.standings}
    assert results in ({"draw"}, {"draw", "loss"}, {"win", "loss"}), outcome
    assert phases > 20 and state.year > 1905
