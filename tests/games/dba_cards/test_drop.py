"""A player who leaves the battle concedes it for their whole side; the other side wins."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.games.dba_cards import GAME
from pbem.wording import wording
from tests.support.pure_play import opening, play_phase, play_to_end


@pytest.mark.parametrize(
    ("players", "seed", "phases", "leaver"),
    [(2, 1, 0, "p1"), (2, 2, 6, "p2"), (4, 3, 8, "p3"), (3, 4, 5, "p2")],
)
def test_the_leavers_side_loses_and_the_battle_ends(
    players: int, seed: int, phases: int, leaver: str
) -> None:
    state = opening(GAME, players, seed, {"turn_limit": 40})
    for step in range(phases):
        state, _ = play_phase(GAME, state, seed * 100 + step)
    key = GAME.phase(state).key
    dropped = GAME.drop(state, leaver)
    assert GAME.phase(dropped.state).key == key  # a drop never moves the game on by itself
    assert dropped.events[0].code == "dba.conceded"
    assert not wording("dba.conceded", dropped.events[0].data).startswith("dba.")
    assert GAME.due(dropped.state).nobody and GAME.outcome(dropped.state) is None
    end, _, owed = play_to_end(GAME, dropped.state, seed)
    outcome = GAME.outcome(end)
    assert outcome is not None and owed == [[]]
    results = {row["seat"]: row["result"] for row in outcome.standings}
    losers = set(end.allies(leaver))
    assert {s for s, r in results.items() if r == "loss"} == losers
    assert {s for s, r in results.items() if r == "win"} == set(end.seat_ids()) - losers
    assert outcome.note == f"Player {leaver[1:]} conceded"


def test_no_drop_once_decided_or_for_a_stranger() -> None:
    state = opening(GAME, 2, 5, {"turn_limit": 40})
    with pytest.raises(EditRefused) as stranger:
        GAME.drop(state, "p5")
    assert stranger.value.code == "dba.E_DROP_SEAT"
    conceded = GAME.drop(state, "p2").state
    with pytest.raises(EditRefused) as again:
        GAME.drop(conceded, "p1")
    assert again.value.code == "dba.E_DROP_OVER"
    assert "conceded" not in state.model_dump(mode="json")
