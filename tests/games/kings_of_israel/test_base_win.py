"""A base game on the shipped timeline, won by a team plan written down as order mails.

The plan in golden/base_win_N.json is one order text per phase (a prophet's turn or an
answer to a question), in the order the phases came. It was found with the engine by trying
the bots' candidate turns and keeping the boards with the least sin, then written down; the
test plays it through the order parser as if each text came by mail, on the shipped board,
decks and timeline, under the base rules (secret hands, two Resources, no Sacrificial
Blessings), and checks that the team wins by its Altars.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem.core.rng import SeededRng, derive_seed
from pbem.games.kings_of_israel import GAME
from pbem.games.kings_of_israel.content import WIN_ALTARS
from tests.games.kings_of_israel.harness import opening

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("name", sorted(p.name for p in GOLDEN.glob("base_win_*.json")))
def test_a_written_team_plan_wins_a_base_game_on_the_shipped_timeline(name: str) -> None:
    plan = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    players, seed = plan["players"], plan["seed"]
    state = opening(players, seed)
    rules = state.rules
    assert (rules.version, rules.level, rules.hands_face_up) == ("base", "none", False)
    assert not rules.sacrifice_blessings and rules.start_resources == 2
    codes: list[str] = []
    for step, (seat, text) in enumerate(plan["orders"]):
        assert GAME.outcome(state) is None, f"the game ended before phase {step}"
        assert GAME.due(state).players == [seat], step
        parsed = GAME.parse(state, seat, text)
        assert parsed.errors == [], (step, text, parsed.errors)
        advance = GAME.advance(
            state, {seat: parsed.orders}, SeededRng(derive_seed(seed, str(step)))
        )
        state = advance.state
        codes += [e.code for e in advance.events]
        skipped = [e.data for e in advance.events if e.code == "ki.skipped"]
        assert skipped == [], (step, skipped)
    assert state.result == "won" and state.reason == "altars"
    assert len(state.altars) == WIN_ALTARS[players]
    assert "ki.sin_card" in codes and "ki.idol" in codes  # evil kings and Idols on the way
    assert state.board.kings[state.timeline].name != "Saul"
