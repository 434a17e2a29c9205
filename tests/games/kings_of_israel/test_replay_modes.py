"""`pbem replay` rebuilds every snapshot exactly in the Easy and Expert Versions and a level."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from pbem.core.game import REFEREE
from pbem.core.rng import SeededRng
from pbem.games.kings_of_israel import GAME
from pbem.ledger import queries
from pbem.services.base.states import current_state
from pbem.services.intake.entry import submit_by_address
from pbem.services.turns.campaigns import NewCampaign, create_campaign
from pbem.services.turns.replay import replay
from pbem.services.turns.turns import run_phase
from tests.support.runtime import make_runtime, sqlite_url


@pytest.mark.parametrize(
    ("players", "sets"),
    [(2, {"version": "easy"}), (3, {"version": "expert"}), (4, {"level": "david"})],
)
def test_replay_is_identical(players: int, sets: dict[str, str], tmp_path: Path) -> None:
    rt = make_runtime(sqlite_url(tmp_path))
    addresses = [f"P{i} <p{i}@localhost>" for i in range(1, players + 1)]
    create_campaign(rt, NewCampaign("c", "kings-of-israel", None, addresses, seed=5, sets=sets))
    phases = 0
    for step in range(40):
        with Session(rt.engine) as session:
            campaign = queries.campaign_named(session, "c")
            if campaign.status != "active":
                break
            state = current_state(session, campaign)
            seats = {p.seat: p.address for p in queries.players_of(session, campaign)}
        for seat in GAME.due(state).players:
            text = GAME.canonical(state, seat, GAME.random_input(state, seat, SeededRng(step)))
            receipt = submit_by_address(rt, "c", seats.get(seat, REFEREE), text)
            assert receipt["accepted"], receipt["problems"]
        run_phase(rt, "c", force=True)
        phases += 1
    result = replay(rt, "c")
    assert result.ok, result.mismatches
    assert result.checked == phases + 1
