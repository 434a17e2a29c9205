"""Every registered game's JSON reports match the published pbem.report/1 schema, every reader."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pbem.core.game import REFEREE, Game
from pbem.core.rng import SeededRng, derive_seed
from pbem.registry import games
from pbem.render.report import render_json
from tests.contract.test_games import inputs_for, opening
from tests.reports.schema_lite import errors
from tests.reports.test_schema import schema

STEPS = 12


def header(game: Game, viewer: str | None) -> dict[str, Any]:
    """The report header fields the engine adds around a game's view."""
    return {
        "campaign": "c", "game": game.meta.name, "seat": viewer, "turn": 1,
        "phase_label": "x", "phase_key": "x", "next_phase": "y", "deadline": None,
        "deadline_text": "soon", "finished": False,
    }


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(games()))
def test_every_reader_of_every_phase_matches_the_schema(name: str) -> None:
    game, checked, kinds = games()[name], 0, set()
    state = opening(game, 5)
    for step in range(STEPS):
        readers: list[str | None] = [None, REFEREE, *_seats(game, state)]
        for viewer in readers:
            view = game.view(state, viewer, [])
            data = json.loads(render_json(header(game, viewer), view))
            found = errors(data, schema())
            assert found == [], (name, step, viewer, found[:3])
            checked += 1
            if view.get("board"):
                kinds.add(view["board"]["kind"])
        if (outcome := game.outcome(state)) is not None and outcome.finished:
            break
        bots = SeededRng(derive_seed(5, f"bots-{step}"))
        state = game.advance(state, inputs_for(game, state, bots), SeededRng(step)).state
    assert checked >= 4 and kinds, (name, checked, kinds)


def _seats(game: Game, state: Any) -> list[str]:
    due = game.due(state)
    return sorted({*due.players, *due.optional, "p1", "p2"})
