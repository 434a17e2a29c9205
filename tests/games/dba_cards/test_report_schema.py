"""Every DBA card game report, for every reader, matches the published pbem.report/1 schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pbem.core.game import REFEREE
from pbem.core.rng import SeededRng, derive_seed
from pbem.games.dba_cards import GAME
from pbem.render.report import render_json
from tests.games.dba_cards.test_full_games import HEADER, opening
from tests.reports.schema_lite import errors

SCHEMA: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[3] / "docs" / "report-schema.json").read_text()
)


def test_reports_of_a_whole_game_match_the_schema() -> None:
    state, checked = opening(7), 0
    for step in range(400):
        if GAME.outcome(state) is not None:
            break
        inputs = {
            s: GAME.random_input(state, s, SeededRng(derive_seed(7, f"b{step}")))
            for s in GAME.due(state).players
        }
        result = GAME.advance(state, inputs, SeededRng(step))
        state = result.state
        for viewer in ("p1", "p2", None, REFEREE):
            view = GAME.view(state, viewer, result.events)
            data = json.loads(render_json({**HEADER, "seat": viewer}, view))
            assert errors(data, SCHEMA) == [], (step, viewer, errors(data, SCHEMA)[:3])
            checked += 1
    assert GAME.outcome(state) is not None and checked > 40
