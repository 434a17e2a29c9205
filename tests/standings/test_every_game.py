"""Every registered game that finishes names its result in the final text and HTML report."""

from __future__ import annotations

import pytest

from pbem.core.game import Game
from pbem.core.rng import SeededRng, derive_seed
from pbem.registry import games
from pbem.render import report
from pbem.render.standings import final_result
from tests.contract.test_games import inputs_for, opening

GAMES = sorted(games())


def _finish(game: Game, seed: int) -> object | None:
    state = opening(game, seed)
    for step in range(400):
        outcome = game.outcome(state)
        if outcome is not None and outcome.finished:
            return state
        bots = SeededRng(derive_seed(seed, f"bots-{step}"))
        state = game.advance(
            state, inputs_for(game, state, bots), SeededRng(derive_seed(seed, str(step)))
        ).state
    return None


@pytest.mark.parametrize("name", GAMES)
def test_the_last_report_names_the_winner_or_the_draw(name: str) -> None:
    game = games()[name]
    state = _finish(game, 11)
    if state is None:
        pytest.skip(f"{name} did not finish within 400 random phases")
    outcome = game.outcome(state)
    result = final_result(outcome, {"p1": "Ann", "p2": "Ben", "p3": "Cy"})
    assert result is not None
    head = {
        "campaign": "c",
        "game": name,
        "seat": "p1",
        "turn": 9,
        "phase_label": "End",
        "phase_key": "end",
        "next_phase": None,
        "deadline": None,
        "deadline_text": "",
        "finished": True,
        "result": result,
    }
    view = game.view(state, "p1", [])
    text, html = report.render_text(head, view), report.render_html(head, view)
    assert result["winner_text"] in " ".join(text.split()), name  # the text wraps it
    assert "FINAL STANDINGS" in text, name
    assert 'id="standings"' in html, name
