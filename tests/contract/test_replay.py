"""Every registered game, played through the ledger with orders sent as text, replays exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.core.game import REFEREE, Game
from pbem.core.rng import SeededRng
from pbem.ledger import queries
from pbem.registry import games
from pbem.services.base.runtime import Runtime
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.replay import replay
from pbem.services.turns.turns import run_phase
from tests.support.any_game import start_campaign

PHASES = 12


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(games()))
def test_ledger_replay_reproduces_every_snapshot(name: str, tmp_path: Path) -> None:
    game, rt = start_campaign(name, tmp_path, seed=17)
    for step in range(PHASES):
        if not _submit_everything(rt, game, step):
            break
        run_phase(rt, "c", force=True)
    result = replay(rt, "c")
    assert result.ok and result.checked > 3


def _submit_everything(rt: Runtime, game: Game, step: int) -> bool:
    """Send each owed input as canonical text, the way mail would; False when the game is over."""
    with Session(rt.engine) as session:
        campaign = queries.campaign_named(session, "c")
        if campaign.status != "active":
            return False
        state = current_state(session, campaign)
        due = game.due(state)
        owed = list(due.players) + ([REFEREE] if due.referee else [])
        seats = {p.seat: p.address for p in queries.players_of(session, campaign)}
    rng = SeededRng(step)
    for seat in owed:
        orders = (
            game.random_input(state, seat, rng)
            if game.random_input is not None
            else (game.default_input(state, seat))
        )
        text = game.canonical(state, seat, orders)
        receipt = submit_by_address(rt, "c", seats.get(seat, REFEREE), text)
        assert receipt["accepted"], receipt["problems"]
    return True
