"""A player who leaves the duel concedes it: the other figure wins, whoever leaves and when."""

from __future__ import annotations

import pytest

from pbem.core.game import EditRefused
from pbem.games.david_goliath import GAME
from pbem.wording import wording
from tests.support.pure_play import opening, play_phase, play_to_end


@pytest.mark.parametrize(("seed", "phases", "leaver"), [(1, 0, "p1"), (2, 5, "p2"), (3, 9, "p1")])
def test_the_seat_that_leaves_loses_and_the_duel_ends(seed: int, phases: int, leaver: str) -> None:
    state = opening(GAME, 2, seed, {"max_turns": 30})
    for step in range(phases):
        state, _ = play_phase(GAME, state, seed * 100 + step)
    key = GAME.phase(state).key
    dropped = GAME.drop(state, leaver)
    assert GAME.phase(dropped.state).key == key  # a drop never moves the game on by itself
    assert dropped.events[0].code == "dg.conceded"
    assert not wording("dg.conceded", dropped.events[0].data).startswith("dg.")
    assert GAME.due(dropped.state).nobody and GAME.outcome(dropped.state) is None
    end, _, _ = play_to_end(GAME, dropped.state, seed)
    outcome = GAME.outcome(end)
    assert outcome is not None and end.step == "over"
    results = {row["seat"]: row["result"] for row in outcome.standings}
    assert results == {leaver: "loss", "p2" if leaver == "p1" else "p1": "win"}
    assert outcome.note == f"{dropped.state.roles[leaver].title()} conceded"


def test_no_drop_once_decided_or_for_a_stranger() -> None:
    state = opening(GAME, 2, 4, {"max_turns": 30})
    with pytest.raises(EditRefused) as stranger:
        GAME.drop(state, "p7")
    assert stranger.value.code == "dg.E_DROP_SEAT"
    conceded = GAME.drop(state, "p1").state
    with pytest.raises(EditRefused) as again:
        GAME.drop(conceded, "p2")
    assert again.value.code == "dg.E_DROP_OVER"


def test_a_duel_nobody_left_dumps_without_the_new_field() -> None:
    state = opening(GAME, 2, 5, {"max_turns": 30})
    assert "conceded" not in state.model_dump(mode="json")
    assert GAME.drop(state, "p2").state.model_dump(mode="json")["conceded"] == "p2"
