"""Random full games by the greedy bot reach a real end: a win and a loss for 2, 3 and 4."""

from __future__ import annotations

import pytest

from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.content import SIN_SUPPLY, WIN_ALTARS
from tests.games.kings_of_israel.harness import opening, play_out

LOSSES = {2: 0, 3: 0, 4: 0}
# Seeds where the bot team wins under a timeline of good kings at the Jehoash level.
WINS = {2: 2, 3: 1, 4: 0}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_base_game_plays_to_a_loss(players: int) -> None:
    state, events = play_out(opening(players, LOSSES[players]), LOSSES[players])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.finished
    assert state.result == "lost"
    assert {r["result"] for r in outcome.standings} == {"loss"}
    assert events[-1].code == "ki.lost"
    if state.reason == "sin":
        assert sum(state.sin.values()) == SIN_SUPPLY
    elif state.reason == "idols":
        assert len(state.idols) == 6
    else:
        assert state.reason == "destroyed" and state.king() == "Israel Destroyed"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_gentle_game_plays_to_a_win(players: int) -> None:
    start = opening(players, WINS[players], gentle=True, level="jehoash")
    state, events = play_out(start, WINS[players])
    outcome = GAME.outcome(state)
    assert outcome is not None and state.result == "won", state.reason
    assert len(state.altars) == WIN_ALTARS[players]
    assert {r["result"] for r in outcome.standings} == {"win"}
    assert [e.code for e in events].count("ki.altar") == WIN_ALTARS[players] - 1
    assert "Altars" in outcome.note


def test_finished_games_take_no_more_input() -> None:
    state, _ = play_out(opening(2, 0), 0)
    assert GAME.due(state).nobody
    assert GAME.phase(state).topic == "over"


@pytest.mark.parametrize("version", ["easy", "expert"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_version_plays_to_an_end(version: str, players: int) -> None:
    state, events = play_out(opening(players, 6, version=version), 6)
    assert state.result in ("won", "lost") and GAME.due(state).nobody
    codes = [e.code for e in events]
    assert codes[-1] in ("ki.won", "ki.lost")
    if version == "expert" and players >= 3:  # he comes at Solomon (3) or Saul (4)
        assert state.prophet_appeared


# Seeds where the bot team wins on the shipped timeline at the Jehoash level (the easiest).
TIMELINE_WINS = {2: 6, 3: 0, 4: 10}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_jehoash_level_game_on_the_real_timeline_plays_to_a_win(players: int) -> None:
    seed = TIMELINE_WINS[players]
    state, events = play_out(opening(players, seed, level="jehoash"), seed)
    assert state.result == "won" and len(state.altars) == WIN_ALTARS[players]
    assert "ki.sin_card" in [e.code for e in events]  # evil kings punished on the way


# Seeds where the bot team wins the base game (secret hands, two Resources, no Sacrificial
# Blessings) when every king on the timeline is good. On the shipped timeline it loses.
BASE_GENTLE_WINS = {2: 2, 3: 2, 4: 3}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_base_game_under_good_kings_plays_to_a_win(players: int) -> None:
    seed = BASE_GENTLE_WINS[players]
    start = opening(players, seed, gentle=True)
    assert not start.rules.hands_face_up and not start.rules.sacrifice_blessings
    assert start.rules.version == "base" and start.rules.level == "none"
    state, events = play_out(start, seed)
    assert state.result == "won" and len(state.altars) == WIN_ALTARS[players]
    assert "ki.blessing_drawn" in [e.code for e in events]
