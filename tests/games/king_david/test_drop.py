"""A player who leaves the campaign: their country holds (its armies never move again, its
questions take their defaults), nobody waits for it, and it cannot win."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.games.king_david import GAME
from pbem.wording import wording
from tests.games.king_david.harness import opening
from tests.support.pure_play import play_phase, play_to_end


@pytest.mark.parametrize(("players", "seed", "before", "leaver"),
                         [(3, 1, 0, "p2"), (3, 2, 6, "p1"), (4, 3, 15, "p3"), (2, 4, 9, "p2")])
def test_the_campaign_plays_on_to_its_end_with_the_leaver_holding(
    players: int, seed: int, before: int, leaver: str
) -> None:
    state = opening(players, seed=seed, turns=2)
    for step in range(before):
        state, _ = play_phase(GAME, state, seed * 100 + step)
    key = GAME.phase(state).key
    dropped = GAME.drop(state, leaver)
    assert GAME.phase(dropped.state).key == key
    assert dropped.events[0].code == "kd.dropped"
    assert "can no longer win" in wording("kd.dropped", dropped.events[0].data)
    end, events, owed = play_to_end(GAME, dropped.state, seed)
    assert all(leaver not in seats for seats in owed)
    assert all(seats for seats in owed[1:])  # every phase waits on a player still in it
    assert [e for e in events if e.code == "kd.moved" and e.data["seat"] == leaver] == []
    outcome = GAME.outcome(end)
    assert outcome is not None and len(outcome.standings) == players
    results = {row["seat"]: row["result"] for row in outcome.standings}
    assert results[leaver] == "loss" and "win" in results.values()
    assert outcome.standings[-1]["seat"] == leaver  # scored, but listed after those still in


def test_refusals_name_why() -> None:
    state = opening(2, seed=5)
    with pytest.raises(EditRefused) as stranger:
        GAME.drop(state, "p9")
    assert stranger.value.code == "kd.E_DROP_SEAT"
    once = GAME.drop(state, "p1").state
    with pytest.raises(EditRefused) as again:
        GAME.drop(once, "p1")
    assert again.value.code == "kd.E_DROP_AGAIN"
    with pytest.raises(EditRefused) as last:
        GAME.drop(once, "p2")
    assert last.value.code == "kd.E_DROP_LAST"
    assert "dropped" not in state.model_dump(mode="json")
