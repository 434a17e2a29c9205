"""A player who leaves the team: his prophet stays, his turns pass with nothing done and his
questions take their defaults, and the team plays on to a real end without waiting for him."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.games.kings_of_israel import GAME
from pbem.wording import wording
from tests.games.kings_of_israel.harness import opening
from tests.support.pure_play import play_phase, play_to_end


@pytest.mark.parametrize(("players", "seed", "before", "leaver"),
                         [(2, 1, 0, "p2"), (3, 2, 4, "p2"), (4, 3, 9, "p1")])
def test_the_team_plays_on_to_its_end_without_the_leaver(
    players: int, seed: int, before: int, leaver: str
) -> None:
    state = opening(players, seed, gentle=players == 2, level="jehoash")
    for step in range(before):
        state, _ = play_phase(GAME, state, seed * 100 + step)
    key = GAME.phase(state).key
    dropped = GAME.drop(state, leaver)
    assert GAME.phase(dropped.state).key == key
    assert dropped.events[0].code == "ki.dropped"
    assert "leaves the team" in wording("ki.dropped", dropped.events[0].data)
    end, events, owed = play_to_end(GAME, dropped.state, seed)
    assert all(leaver not in seats for seats in owed)
    assert len(owed) > 3 and all(seats for seats in owed[1:])  # nobody waits on him
    assert [e for e in events if e.code == "ki.moved" and e.data["seat"] == leaver] == []
    assert end.prophets[leaver].at == dropped.state.prophets[leaver].at  # he never walked
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.finished
    assert len({row["result"] for row in outcome.standings}) == 1  # the team wins or loses as one
    assert len(outcome.standings) == players


def test_refusals_name_why() -> None:
    state = opening(2, 4)
    with pytest.raises(EditRefused) as stranger:
        GAME.drop(state, "p9")
    assert stranger.value.code == "ki.E_DROP_SEAT"
    once = GAME.drop(state, "p1").state
    with pytest.raises(EditRefused) as again:
        GAME.drop(once, "p1")
    assert again.value.code == "ki.E_DROP_AGAIN"
    with pytest.raises(EditRefused) as last:
        GAME.drop(once, "p2")
    assert last.value.code == "ki.E_DROP_LAST"
    assert "dropped" not in state.model_dump(mode="json")
