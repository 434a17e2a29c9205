"""Random full campaigns reach their end for two to five players, deterministically."""

from __future__ import annotations

import pytest

from pbem.games.king_david import GAME
from pbem.games.king_david.land.stacks import friendly_armies, limit
from pbem.games.king_david.state import KDState
from tests.games.king_david.harness import opening, play_out


def invariants(state: KDState) -> None:
    """No counter vanishes (map plus unbuilt counters make each country's mix), and no side
    stands over its stacking limit once the action is at rest (4.5, 6.1)."""
    for country in state.scenario.countries:
        mix = sum(c.count for c in state.scenario.counters if c.country == country.key)
        have = len(state.pool.get(country.key, [])) + len(
            [a for a in state.armies if a.country == country.key])
        assert have == mix or not mix, (country.key, have, mix)
    if state.battle or state.window or state.agenda:
        return
    for area in sorted({a.area for a in state.armies}):
        for seat in sorted({state.side_of(a) or "" for a in state.armies_in(area)} - {""}):
            assert len(friendly_armies(state, area, seat)) <= limit(state, area, seat), (
                area, seat, state.turn, state.marker)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_campaign_reaches_an_outcome(players: int) -> None:
    state, events, _ = play_out(opening(players, seed=players), seed=players, watch=invariants)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.finished
    assert len(outcome.standings) == players
    assert [r for r in outcome.standings if r["result"] == "win"]
    codes = {e.code for e in events}
    assert {"kd.battle", "kd.siege_round", "kd.combat_round", "kd.food"} <= codes
    assert state.turn == 7 or outcome.note == "automatic victory"


def test_two_players_never_win_automatically() -> None:
    for seed in (1, 2, 3):
        state, _, _ = play_out(opening(2, seed=seed), seed=seed)
        assert state.note != "automatic victory"
        assert state.turn == 7


def test_same_seed_same_campaign() -> None:
    first, _, _ = play_out(opening(3, seed=9), seed=9)
    second, _, _ = play_out(opening(3, seed=9), seed=9)
    assert first.model_dump_json() == second.model_dump_json()


def test_shorter_scenario_ends_after_its_turns() -> None:
    state, _, _ = play_out(opening(2, seed=4, turns=3), seed=4)
    assert state.stage == "over" and state.turn == 3
