"""Random full games to the end, with every window kind; secrecy of hands in every view."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from pbem.core.game import Seat, Setup
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.david_goliath import GAME
from pbem.games.david_goliath.state import DGState
from pbem.paths import campaigns_dir
from pbem.render.report import render_html, render_json, render_text
from tests.support.examples import sampled

GAMES = 20


def _opening(seed: int) -> DGState:
    path = campaigns_dir() / GAME.meta.default_scenario
    scenario = GAME.load_scenario(path.read_text(encoding="utf-8"), str(path))
    seats = [Seat(id="p1", name="Dan"), Seat(id="p2", name="Gil")]
    return GAME.start(
        Setup(seats=seats, scenario=scenario, settings={"max_turns": 30}), SeededRng(seed)
    )


def _header(seat: str | None) -> dict[str, Any]:
    return {
        "campaign": "c",
        "game": "david-goliath",
        "seat": seat,
        "turn": 1,
        "phase_label": "x",
        "phase_key": "x",
        "next_phase": "y",
        "deadline": None,
        "deadline_text": "",
        "finished": False,
    }


def _leaks(state: DGState, events: list[Any]) -> list[str]:
    found = []
    for owner, other in (("p1", "p2"), ("p2", "p1")):
        secret = GAME.private_strings(state, owner)
        deck = json.dumps(state.deck)
        for viewer in (other, None):
            view = GAME.view(state, viewer, events)
            shown = json.dumps(view) + render_text(_header(viewer), view)
            shown += render_html(_header(viewer), view) + render_json(_header(viewer), view)
            found += [s for s in secret if s in shown]
            found += ["deck order"] if state.deck and deck[1:-1] in shown else []
            found += (
                ["hand key"]
                if view.get("role") and view["role"] != state.roles.get(viewer or "")
                else []
            )
    return found


@pytest.mark.slow
def test_random_games_finish_with_every_kind_of_window_and_nothing_leaks() -> None:
    seen: Counter[str] = Counter()
    for seed in range(GAMES):
        state = _opening(seed)
        for step in range(3000):
            if GAME.outcome(state) is not None:
                break
            due = GAME.due(state)
            if due.window is not None:
                seen[f"window {due.window.trigger}"] += 1
            seat = due.players[0]
            orders = GAME.random_input(state, seat, SeededRng(derive_seed(seed, f"bot{step}")))
            if due.window is not None and step % 3 == 0:
                orders = GAME.default_input(state, seat)
                seen["default"] += 1
            result = GAME.advance(state, {seat: orders}, SeededRng(derive_seed(seed, str(step))))
            if sampled(seed + step):  # every step; in the quick inner loop a fifth of them
                assert not _leaks(result.state, result.events), seed
            seen.update(e.code for e in result.events)
            state = result.state
        outcome = GAME.outcome(state)
        assert outcome is not None and outcome.finished
        seen[f"winner {state.winner}"] += 1
    for wanted in (
        "window dg.negate",
        "window dg.defend",
        "window dg.choose",
        "window dg.divine_aid",
        "dg.divine_discards",
        "default",
        "core.reaction.standing",
        "dg.death",
        "dg.blocked",
        "dg.negated",
    ):
        assert seen[wanted] > 0, (wanted, seen)
    assert seen["winner david"] and seen["winner goliath"]
